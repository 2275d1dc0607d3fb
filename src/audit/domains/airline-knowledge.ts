import type { RecordedToolCall } from "../recorded-run.js";

/** @internal */
export interface PaymentMethod {
  readonly id: string;
  readonly source: string;
  readonly lastFour?: string;
  /** A card's brand as the profile gives it (`visa`, `mastercard`). */
  readonly brand?: string;
  /** Balance of a gift card or certificate. */
  readonly amount?: number;
}

/** @internal A payment or refund recorded on a reservation (refunds are negative). */
export interface PaymentEntry {
  readonly paymentId: string;
  readonly amount: number;
}

/** @internal A reservation as a tool result last showed it. */
export interface Reservation {
  /** The trip's origin and destination airport codes, as the record gives them. */
  readonly origin?: string;
  readonly destination?: string;
  readonly cabin?: string;
  /** Every cabin the reservation was seen in during the run (its history). */
  readonly cabinsSeen?: readonly string[];
  /** Each flight, with the airports it flies between when the record gives them. */
  readonly flights: readonly { flight_number: string; date: string; origin?: string; destination?: string }[];
  readonly passengers: readonly { first_name: string; last_name: string; dob: string }[];
  readonly payments: readonly PaymentEntry[];
  readonly nonfreeBaggages?: number;
  readonly totalBaggages?: number;
  readonly insurance?: string;
}

/** What earlier tool results told: the user's profile and payment methods, reservations as last seen. */
export interface AirlineKnowledge {
  readonly payments: Map<string, PaymentMethod>;
  readonly reservations: Map<string, Reservation>;
  /** Every reservation id seen in a profile or a reservation. */
  readonly reservationIds: Set<string>;
  /** Reservations the run cancelled (a `cancel_reservation` that succeeded). */
  readonly cancelled?: Set<string>;
  /** Prices per cabin of the flights searches returned, by `flight|date` (`airline-leg-prices.ts`). */
  flightPrices?: Map<string, Readonly<Record<string, number>>>;
  /** The user's own name and date of birth, from the profile. */
  profile?: { readonly firstName: string; readonly lastName: string; readonly dob: string; readonly membership?: string };
}

/** @internal */
export function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
}
/** @internal */
export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : undefined;
}
/** @internal */
export function arr(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => x !== null && typeof x === "object") : [];
}
/** @internal */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** @internal Reads a reservation record (a `get_reservation_details` or write result). */
export function readReservation(v: unknown): [string, Reservation] | undefined {
  if (v === null || typeof v !== "object") return undefined;
  const r = v as Record<string, unknown>;
  const id = str(r["reservation_id"]);
  if (!id) return undefined;
  return [
    id,
    {
      origin: str(r["origin"]),
      destination: str(r["destination"]),
      cabin: str(r["cabin"]),
      flights: arr(r["flights"]).flatMap((f) => {
        const n = str(f["flight_number"]);
        const d = str(f["date"]);
        const from = str(f["origin"]);
        const to = str(f["destination"]);
        return n && d ? [{ flight_number: n, date: d, ...(from && to ? { origin: from, destination: to } : {}) }] : [];
      }),
      passengers: arr(r["passengers"]).map((p) => ({ first_name: str(p["first_name"]) ?? "", last_name: str(p["last_name"]) ?? "", dob: str(p["dob"]) ?? "" })),
      payments: arr(r["payment_history"]).flatMap((p) => {
        const id = str(p["payment_id"]);
        const amount = num(p["amount"]);
        return id && amount !== undefined ? [{ paymentId: id, amount }] : [];
      }),
      nonfreeBaggages: num(r["nonfree_baggages"]),
      totalBaggages: num(r["total_baggages"]),
      insurance: str(r["insurance"]),
    },
  ];
}

/** @internal Fresh knowledge for a run. */
export function initialAirlineKnowledge(): AirlineKnowledge {
  return { payments: new Map(), reservations: new Map(), reservationIds: new Set(), cancelled: new Set() };
}

/** @internal Learns from a tool result: payment methods and the user's name from a profile, reservations. */
export function observeAirline(k: AirlineKnowledge, call: RecordedToolCall): void {
  if (!call.result || call.result.error) return;
  const cancelledId = str(call.arguments["reservation_id"]);
  if (call.name === "cancel_reservation" && cancelledId !== undefined) k.cancelled?.add(cancelledId);
  const data = parseJson(call.result.content);
  if (data === undefined || data === null || typeof data !== "object") return;
  observeFlightPrices(k, call, data);
  const rec = data as Record<string, unknown>;
  const methods = rec["payment_methods"];
  if (methods && typeof methods === "object" && !Array.isArray(methods)) {
    for (const [id, raw] of Object.entries(methods as Record<string, unknown>)) {
      if (!raw || typeof raw !== "object") continue;
      const m = raw as Record<string, unknown>;
      k.payments.set(id, {
        id,
        source: str(m["source"]) ?? "unknown",
        lastFour: str(m["last_four"]),
        brand: str(m["brand"])?.toLowerCase(),
        amount: num(m["amount"]),
      });
    }
    const name = rec["name"];
    if (name && typeof name === "object") {
      const n = name as Record<string, unknown>;
      const firstName = str(n["first_name"]);
      const lastName = str(n["last_name"]);
      const dob = str(rec["dob"]);
      const membership = str(rec["membership"])?.toLowerCase();
      if (firstName && lastName && dob) k.profile = { firstName, lastName, dob, ...(membership ? { membership } : {}) };
    }
  }
  const res = readReservation(data);
  if (res) {
    const seen = new Set([...(k.reservations.get(res[0])?.cabinsSeen ?? []), ...(res[1].cabin ? [res[1].cabin] : [])]);
    k.reservations.set(res[0], { ...res[1], cabinsSeen: [...seen] });
    k.reservationIds.add(res[0]);
  }
  const listed = rec["reservations"];
  if (Array.isArray(listed)) for (const id of listed) if (typeof id === "string") k.reservationIds.add(id);
}

/**
 * @internal The money a write moved, read from its result: the payment entries the result has
 * beyond the reservation as known before (charges positive, refunds negative); undefined when the
 * result or the earlier state is not known.
 */
export function moneyMoved(call: RecordedToolCall, before: Reservation | undefined): PaymentEntry[] | undefined {
  if (!before || !call.result || call.result.error) return undefined;
  const after = readReservation(parseJson(call.result.content));
  if (!after || after[1].payments.length < before.payments.length) return undefined;
  return after[1].payments.slice(before.payments.length);
}

/** The key of a flight on a day in `AirlineKnowledge.flightPrices` (`airline-leg-prices.ts` reads it). */
export const flightPriceKey = (flight: string, date: string) => `${flight}|${date}`;

/**
 * Learns the prices per cabin of the flights a search returned (`search_direct_flight`: the date is
 * the call's; `search_onestop_flight`: each leg carries its date).
 */
export function observeFlightPrices(k: AirlineKnowledge, call: RecordedToolCall, data: unknown): void {
  if (call.name !== "search_direct_flight" && call.name !== "search_onestop_flight") return;
  if (!Array.isArray(data)) return;
  const prices = (k.flightPrices ??= new Map());
  const day = str(call.arguments["date"]);
  for (const entry of data) {
    for (const leg of Array.isArray(entry) ? arr(entry) : arr([entry])) {
      const flight = str(leg["flight_number"]);
      const date = str(leg["date"]) ?? day;
      const byCabin = leg["prices"];
      if (!flight || !date || !byCabin || typeof byCabin !== "object" || Array.isArray(byCabin)) continue;
      const read: Record<string, number> = {};
      for (const [cabin, p] of Object.entries(byCabin as Record<string, unknown>)) {
        const n = num(p);
        if (n !== undefined) read[cabin] = n;
      }
      prices.set(flightPriceKey(flight, date), read);
    }
  }
}
