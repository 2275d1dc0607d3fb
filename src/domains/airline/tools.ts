import type { z } from "zod";
import { AirlineToolError } from "./airline-tool-error.js";
import { calculate, CalculateError } from "./calculate.js";
import {
  mutableEntry,
  type AirlineDb,
  type CabinClass,
  type CabinNumbers,
  type Flight,
  type FlightDateStatus,
  type FlightStatus,
  type Payment,
  type Reservation,
  type ReservationFlight,
  type User,
} from "./db.js";
import { AIRLINE_TOOL_SPECS, type AirlineToolArgs, type AirlineToolName } from "./tool-specs.js";

export { AirlineToolError } from "./airline-tool-error.js";

/** tau2's fixed "now" (EST); every `created_at` written by a tool uses it. */
export const AIRLINE_NOW = "2024-05-15T15:00:00";

export const AIRLINE_AIRPORTS: readonly { readonly iata: string; readonly city: string }[] = Object.freeze(
  [
    ["SFO", "San Francisco"],
    ["JFK", "New York"],
    ["LAX", "Los Angeles"],
    ["ORD", "Chicago"],
    ["DFW", "Dallas"],
    ["DEN", "Denver"],
    ["SEA", "Seattle"],
    ["ATL", "Atlanta"],
    ["MIA", "Miami"],
    ["BOS", "Boston"],
    ["PHX", "Phoenix"],
    ["IAH", "Houston"],
    ["LAS", "Las Vegas"],
    ["MCO", "Orlando"],
    ["EWR", "Newark"],
    ["CLT", "Charlotte"],
    ["MSP", "Minneapolis"],
    ["DTW", "Detroit"],
    ["PHL", "Philadelphia"],
    ["LGA", "LaGuardia"],
  ].map(([iata, city]) => Object.freeze({ iata: iata!, city: city! })),
);

const NEW_RESERVATION_IDS = ["HATHAT", "HATHAU", "HATHAV"] as const;
const NEW_CERTIFICATE_IDS = ["certificate_3221322", "certificate_3221323", "certificate_3221324"] as const;

export interface AirlineToolsOptions {
  /** "Now" for `created_at`; defaults to tau2's `2024-05-15T15:00:00`. */
  readonly now?: string;
  /**
   * Parse each call's arguments with the tool's zod schema first (default true). A call that
   * fails it throws `AirlineToolError` and changes nothing.
   */
  readonly validateArguments?: boolean;
}

/** A flight found by a search, for one date. */
export interface DirectFlight {
  flight_number: string;
  origin: string;
  destination: string;
  status: "available";
  scheduled_departure_time_est: string;
  scheduled_arrival_time_est: string;
  available_seats: CabinNumbers;
  prices: CabinNumbers;
  /** Set on one-stop search legs. */
  date?: string;
}

export interface AirlineToolResults {
  book_reservation: Reservation;
  calculate: string;
  cancel_reservation: Reservation;
  get_flight_status: FlightStatus;
  get_reservation_details: Reservation;
  get_user_details: User;
  list_all_airports: { iata: string; city: string }[];
  search_direct_flight: DirectFlight[];
  search_onestop_flight: [DirectFlight, DirectFlight][];
  send_certificate: string;
  transfer_to_human_agents: string;
  update_reservation_baggages: Reservation;
  update_reservation_flights: Reservation;
  update_reservation_passengers: Reservation;
}

/**
 * The airline tools over one database, keyed by tool name. Each takes the call's arguments
 * (validated by the tool's schema unless `validateArguments: false`), returns a fresh copy of
 * what tau2 returns, and throws `AirlineToolError` with tau2's message when it refuses (then the
 * database is unchanged). Writes change `db` in place (copy-on-write per entry, see `db.ts`).
 */
export type AirlineTools = { readonly [N in AirlineToolName]: (args: unknown) => AirlineToolResults[N] };

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

export function createAirlineTools(db: AirlineDb, options: AirlineToolsOptions = {}): AirlineTools {
  const now = options.now ?? AIRLINE_NOW;
  const validate = options.validateArguments !== false;

  const getUser = (tool: string, id: string): User => {
    if (!has(db.users, id)) throw new AirlineToolError(tool, `User ${id} not found`);
    return db.users[id]!;
  };
  const getReservation = (tool: string, id: string): Reservation => {
    if (!has(db.reservations, id)) throw new AirlineToolError(tool, `Reservation ${id} not found`);
    return db.reservations[id]!;
  };
  const getFlight = (tool: string, n: string): Flight => {
    if (!has(db.flights, n)) throw new AirlineToolError(tool, `Flight ${n} not found`);
    return db.flights[n]!;
  };
  const getFlightInstance = (tool: string, n: string, date: string): FlightDateStatus => {
    const flight = getFlight(tool, n);
    if (!has(flight.dates, date)) throw new AirlineToolError(tool, `Flight ${n} not found on date ${date}`);
    return flight.dates[date]!;
  };
  const ownUser = (id: string): User => mutableEntry(db, "users", id) as User;
  const ownReservation = (id: string): Reservation => mutableEntry(db, "reservations", id) as Reservation;
  const ownFlight = (n: string): Flight => mutableEntry(db, "flights", n) as Flight;

  /** Checks of tau2's `_payment_for_update`; returns the mutation to apply once every check passed. */
  const paymentForUpdate = (tool: string, userKey: string, paymentId: string, price: number): { apply: () => Payment | undefined } => {
    const user = getUser(tool, userKey);
    if (!has(user.payment_methods, paymentId)) throw new AirlineToolError(tool, "Payment method not found");
    const method = user.payment_methods[paymentId]!;
    if (method.source === "certificate") throw new AirlineToolError(tool, "Certificate cannot be used to update reservation");
    if (method.source === "gift_card" && method.amount < price) throw new AirlineToolError(tool, "Gift card balance is not enough");
    return {
      apply: () => {
        if (method.source === "gift_card") {
          const owned = ownUser(userKey).payment_methods[paymentId] as { amount: number };
          owned.amount -= price;
        }
        return price !== 0 ? { payment_id: paymentId, amount: price } : undefined;
      },
    };
  };

  const searchDirect = (date: string, origin: string | undefined, destination: string | undefined, leaveAfter?: string): DirectFlight[] => {
    const out: DirectFlight[] = [];
    for (const f of Object.values(db.flights)) {
      if (origin !== undefined && f.origin !== origin) continue;
      if (destination !== undefined && f.destination !== destination) continue;
      if (!has(f.dates, date)) continue;
      const d = f.dates[date]!;
      if (d.status !== "available") continue;
      if (leaveAfter !== undefined && !(f.scheduled_departure_time_est >= leaveAfter)) continue;
      out.push({
        flight_number: f.flight_number,
        origin: f.origin,
        destination: f.destination,
        status: "available",
        scheduled_departure_time_est: f.scheduled_departure_time_est,
        scheduled_arrival_time_est: f.scheduled_arrival_time_est,
        available_seats: { ...d.available_seats },
        prices: { ...d.prices },
      });
    }
    return out;
  };

  const impl: { [N in AirlineToolName]: (args: AirlineToolArgs<N>) => AirlineToolResults[N] } = {
    get_user_details: ({ user_id }) => structuredClone(getUser("get_user_details", user_id)),

    get_reservation_details: ({ reservation_id }) => structuredClone(getReservation("get_reservation_details", reservation_id)),

    search_direct_flight: ({ origin, destination, date }) => searchDirect(date, origin, destination),

    search_onestop_flight: ({ origin, destination, date }) => {
      const results: [DirectFlight, DirectFlight][] = [];
      for (const leg1 of searchDirect(date, origin, undefined)) {
        leg1.date = date;
        // tau2's quirk, kept: the next day is "2024-05-" + (day + 1) without zero padding
        const date2 = leg1.scheduled_arrival_time_est.includes("+1") ? `2024-05-${Number.parseInt(date.slice(-2), 10) + 1}` : date;
        for (const leg2 of searchDirect(date2, leg1.destination, destination, leg1.scheduled_arrival_time_est)) {
          leg2.date = date2;
          results.push([{ ...leg1, available_seats: { ...leg1.available_seats }, prices: { ...leg1.prices } }, leg2]);
        }
      }
      return results;
    },

    get_flight_status: ({ flight_number, date }) => getFlightInstance("get_flight_status", flight_number, date).status,

    list_all_airports: () => AIRLINE_AIRPORTS.map((a) => ({ ...a })),

    calculate: ({ expression }) => {
      try {
        return calculate(expression);
      } catch (e) {
        if (e instanceof CalculateError) throw new AirlineToolError("calculate", e.message);
        throw e;
      }
    },

    transfer_to_human_agents: () => "Transfer successful",

    book_reservation: (a) => {
      const tool = "book_reservation";
      const user = getUser(tool, a.user_id);
      const reservationId = NEW_RESERVATION_IDS.find((id) => !has(db.reservations, id));
      if (reservationId === undefined) throw new AirlineToolError(tool, "Too many reservations");
      const n = a.passengers.length;
      let total = 0;
      const segments: ReservationFlight[] = [];
      for (const fi of a.flights) {
        const flight = getFlight(tool, fi.flight_number);
        const d = getFlightInstance(tool, fi.flight_number, fi.date);
        if (d.status !== "available") throw new AirlineToolError(tool, `Flight ${fi.flight_number} not available on date ${fi.date}`);
        if (d.available_seats[a.cabin] < n) throw new AirlineToolError(tool, `Not enough seats on flight ${fi.flight_number}`);
        const price = d.prices[a.cabin];
        segments.push({ origin: flight.origin, destination: flight.destination, flight_number: fi.flight_number, date: fi.date, price });
        total += price * n;
      }
      if (a.insurance === "yes") total += 30 * n;
      total += 50 * a.nonfree_baggages;
      for (const p of a.payment_methods) {
        if (!has(user.payment_methods, p.payment_id)) throw new AirlineToolError(tool, `Payment method ${p.payment_id} not found`);
        const m = user.payment_methods[p.payment_id]!;
        if ((m.source === "gift_card" || m.source === "certificate") && m.amount < p.amount)
          throw new AirlineToolError(tool, `Not enough balance in payment method ${p.payment_id}`);
      }
      let paid = 0;
      for (const p of a.payment_methods) paid += p.amount;
      if (paid !== total) throw new AirlineToolError(tool, `Payment amount does not add up, total price is ${total}, but paid ${paid}`);
      // every check passed: change the database
      const owner = ownUser(a.user_id);
      for (const p of a.payment_methods) {
        const m = owner.payment_methods[p.payment_id];
        if (m === undefined) continue; // a certificate listed twice was removed by its first use
        if (m.source === "gift_card") m.amount -= p.amount;
        else if (m.source === "certificate") delete owner.payment_methods[p.payment_id];
      }
      for (const s of segments) {
        const d = ownFlight(s.flight_number).dates[s.date] as { available_seats: CabinNumbers };
        d.available_seats[a.cabin as CabinClass] -= n;
      }
      const reservation: Reservation = {
        reservation_id: reservationId,
        user_id: a.user_id,
        origin: a.origin,
        destination: a.destination,
        flight_type: a.flight_type,
        cabin: a.cabin,
        flights: segments,
        passengers: a.passengers.map((p) => ({ first_name: p.first_name, last_name: p.last_name, dob: p.dob })),
        payment_history: a.payment_methods.map((p) => ({ payment_id: p.payment_id, amount: p.amount })),
        created_at: now,
        total_baggages: a.total_baggages,
        nonfree_baggages: a.nonfree_baggages,
        insurance: a.insurance,
      };
      db.reservations[reservationId] = reservation;
      owner.reservations.push(reservationId);
      return structuredClone(reservation);
    },

    cancel_reservation: ({ reservation_id }) => {
      getReservation("cancel_reservation", reservation_id);
      const r = ownReservation(reservation_id);
      const refunds = r.payment_history.map((p) => ({ payment_id: p.payment_id, amount: -p.amount }));
      r.payment_history.push(...refunds);
      r.status = "cancelled";
      return structuredClone(r);
    },

    update_reservation_baggages: (a) => {
      const tool = "update_reservation_baggages";
      const r = getReservation(tool, a.reservation_id);
      getUser(tool, r.user_id);
      const price = 50 * Math.max(0, a.nonfree_baggages - r.nonfree_baggages);
      const payment = paymentForUpdate(tool, r.user_id, a.payment_id, price).apply();
      const owned = ownReservation(a.reservation_id);
      if (payment) owned.payment_history.push(payment);
      owned.total_baggages = a.total_baggages;
      owned.nonfree_baggages = a.nonfree_baggages;
      return structuredClone(owned);
    },

    update_reservation_flights: (a) => {
      const tool = "update_reservation_flights";
      const r = getReservation(tool, a.reservation_id);
      getUser(tool, r.user_id);
      const n = r.passengers.length;
      let total = 0;
      const segments: ReservationFlight[] = [];
      for (const fi of a.flights) {
        const kept = r.flights.find((s) => s.flight_number === fi.flight_number && s.date === fi.date && a.cabin === r.cabin);
        if (kept) {
          total += kept.price * n;
          segments.push({ ...kept });
          continue;
        }
        const flight = getFlight(tool, fi.flight_number);
        const d = getFlightInstance(tool, fi.flight_number, fi.date);
        if (d.status !== "available") throw new AirlineToolError(tool, `Flight ${fi.flight_number} not available on date ${fi.date}`);
        if (d.available_seats[a.cabin] < n) throw new AirlineToolError(tool, `Not enough seats on flight ${fi.flight_number}`);
        const seg = { flight_number: fi.flight_number, date: fi.date, price: d.prices[a.cabin], origin: flight.origin, destination: flight.destination };
        total += seg.price * n;
        segments.push(seg);
      }
      let old = 0;
      for (const s of r.flights) old += s.price;
      total -= old * n;
      const payment = paymentForUpdate(tool, r.user_id, a.payment_id, total).apply();
      const owned = ownReservation(a.reservation_id);
      if (payment) owned.payment_history.push(payment);
      owned.flights = segments;
      owned.cabin = a.cabin;
      return structuredClone(owned);
    },

    update_reservation_passengers: (a) => {
      const tool = "update_reservation_passengers";
      const r = getReservation(tool, a.reservation_id);
      if (a.passengers.length !== r.passengers.length) throw new AirlineToolError(tool, "Number of passengers does not match");
      const owned = ownReservation(a.reservation_id);
      owned.passengers = a.passengers.map((p) => ({ first_name: p.first_name, last_name: p.last_name, dob: p.dob }));
      return structuredClone(owned);
    },

    send_certificate: ({ user_id, amount }) => {
      const tool = "send_certificate";
      const user = getUser(tool, user_id);
      const id = NEW_CERTIFICATE_IDS.find((c) => !has(user.payment_methods, c));
      if (id === undefined) throw new AirlineToolError(tool, "Too many certificates");
      ownUser(user_id).payment_methods[id] = { source: "certificate", id, amount };
      return `Certificate ${id} added to user ${user_id} with amount ${amount}.`;
    },
  };

  const tools = {} as Record<AirlineToolName, (args: unknown) => unknown>;
  for (const name of Object.keys(impl) as AirlineToolName[]) {
    const schema = AIRLINE_TOOL_SPECS[name].input as z.ZodType;
    const run = impl[name] as (args: unknown) => unknown;
    tools[name] = (args: unknown) => {
      if (!validate) return run(args ?? {});
      const parsed = schema.safeParse(args ?? {});
      if (!parsed.success) {
        throw new AirlineToolError(
          name,
          `Invalid arguments for ${name}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`,
        );
      }
      return run(parsed.data);
    };
  }
  return tools as unknown as AirlineTools;
}

/** Runs one airline tool by name; unknown names throw `AirlineToolError`. */
export function callAirlineTool(tools: AirlineTools, name: string, args: unknown): unknown {
  if (!has(tools, name)) throw new AirlineToolError(name, `Tool ${name} not found`);
  return (tools[name as AirlineToolName] as (a: unknown) => unknown)(args);
}
