// One concept, the tau2 airline policy as a protocol. Over 400 lines because the policy has that many
// rules: the context it reads (schemas, reducers), the guards per write and the states that use them.
import { z } from "zod";
import { defineProtocol } from "../../protocol/define-protocol.js";
import { allOf, guard, type Guard } from "../../protocol/guard.js";
import type { ToolResult } from "../../protocol/types.js";
import type { CabinClass, Membership, Reservation, User } from "./db.js";
import { AIRLINE_TOOL_SPECS, type AirlineToolArgs, type AirlineToolName, type AirlineToolSpecs } from "./tool-specs.js";
import { AIRLINE_NOW, type DirectFlight } from "./tools.js";

/**
 * The airline policy (`../shared/tau2/airline/policy.md`) as a Concordat protocol, where a
 * protocol can express it:
 *
 * - states: `start` → (`get_user_details` found) `identified` → (`get_reservation_details`
 *   found) `reservation_open`; a reservation read first leads to `reservation_seen`, and
 *   identifying the user from there to `reservation_open`. Reads are allowed everywhere;
 *   `book_reservation` once the user is identified; the other writes only in `reservation_open`.
 *   `transfer_to_human_agents` ends the session (`transferred`).
 * - guards (over a typed context that `reduce` fills from tool results, and the call's
 *   arguments): the reservation was read in this session and belongs to the identified user and
 *   is not cancelled; cancellation only within 24 h of booking, or with a flight cancelled by
 *   the airline (checked with `get_flight_status`), or in business, or with travel insurance;
 *   nothing already flown; basic economy flights cannot be changed (cabin only); origin and
 *   destination unchanged; bags only added, extra bags charged beyond the free allowance;
 *   passenger count unchanged; payment methods from the profile (one certificate, one credit card,
 *   three gift cards at most for a booking; a gift card or credit card for updates); at most five
 *   passengers; compensation only for eligible users, after the disruption was checked, in the
 *   policy's amounts.
 * - every write requires the user's confirmation of its exact arguments (`requiresConfirmation`,
 *   with the changed entity as `subjects`); the Session processes one call at a time.
 *
 * What it cannot see: the conversation. Whether the user gave a reason covered by insurance
 * (health, weather), asked for compensation, or needs the bags is the confirmation's and the
 * auditor's business, not a guard's.
 */

const TODAY = AIRLINE_NOW.slice(0, 10);
/** Bookings made at or after this instant are within the last 24 hours. */
const WITHIN_24H_FROM = "2024-05-14T15:00:00";

const cabinSchema = z.enum(["basic_economy", "economy", "business"]);
const segmentFacts = z.object({ flight_number: z.string(), date: z.string(), origin: z.string(), destination: z.string() });
export const airlineReservationFactsSchema = z.object({
  user_id: z.string(),
  cabin: cabinSchema,
  flight_type: z.string(),
  origin: z.string(),
  destination: z.string(),
  insurance: z.string(),
  created_at: z.string(),
  passengers: z.number().int(),
  total_baggages: z.number(),
  nonfree_baggages: z.number(),
  cancelled: z.boolean(),
  flights: z.array(segmentFacts),
});
export const airlineUserFactsSchema = z.object({
  membership: z.enum(["regular", "silver", "gold"]),
  /** payment id → source */
  payment_methods: z.record(z.string(), z.enum(["credit_card", "gift_card", "certificate"])),
  reservations: z.array(z.string()),
});
export const airlineContextSchema = z.object({
  /** The user who identified themselves (the first `get_user_details` that found someone). */
  userId: z.string().nullable(),
  users: z.record(z.string(), airlineUserFactsSchema),
  /** Reservations read (or written) in this session. */
  reservations: z.record(z.string(), airlineReservationFactsSchema),
  /** `"<flight_number> <date>"` → status, from `get_flight_status`. */
  flightStatus: z.record(z.string(), z.string()),
  /** flight number → endpoints, from searches and reservations. */
  flights: z.record(z.string(), z.object({ origin: z.string(), destination: z.string() })),
});

export type AirlineReservationFacts = z.infer<typeof airlineReservationFactsSchema>;
export type AirlineUserFacts = z.infer<typeof airlineUserFactsSchema>;
export type AirlineContext = z.infer<typeof airlineContextSchema>;

export const initialAirlineContext: AirlineContext = { userId: null, users: {}, reservations: {}, flightStatus: {}, flights: {} };

// ---- facts from tool results -------------------------------------------------------------

function reservationFacts(r: Reservation): AirlineReservationFacts {
  return {
    user_id: r.user_id,
    cabin: r.cabin,
    flight_type: r.flight_type,
    origin: r.origin,
    destination: r.destination,
    insurance: r.insurance,
    created_at: r.created_at,
    passengers: r.passengers.length,
    total_baggages: r.total_baggages,
    nonfree_baggages: r.nonfree_baggages,
    cancelled: r.status === "cancelled",
    flights: r.flights.map((f) => ({ flight_number: f.flight_number, date: f.date, origin: f.origin, destination: f.destination })),
  };
}

function withReservation(ctx: AirlineContext, result: ToolResult): AirlineContext {
  if (!result.ok) return ctx;
  const r = result.value as Reservation;
  if (!r || typeof r !== "object" || typeof r.reservation_id !== "string") return ctx;
  const facts = reservationFacts(r);
  const flights = { ...ctx.flights };
  for (const f of facts.flights) flights[f.flight_number] = { origin: f.origin, destination: f.destination };
  return { ...ctx, reservations: { ...ctx.reservations, [r.reservation_id]: facts }, flights };
}

function withUser(ctx: AirlineContext, result: ToolResult): AirlineContext {
  if (!result.ok) return ctx;
  const u = result.value as User;
  if (!u || typeof u !== "object" || typeof u.user_id !== "string") return ctx;
  const facts: AirlineUserFacts = {
    membership: u.membership,
    payment_methods: Object.fromEntries(Object.entries(u.payment_methods).map(([id, m]) => [id, m.source])),
    reservations: [...u.reservations],
  };
  return { ...ctx, userId: ctx.userId ?? u.user_id, users: { ...ctx.users, [u.user_id]: facts } };
}

function withSearch(ctx: AirlineContext, result: ToolResult): AirlineContext {
  if (!result.ok || !Array.isArray(result.value)) return ctx;
  const flights = { ...ctx.flights };
  for (const item of result.value as (DirectFlight | DirectFlight[])[]) {
    for (const f of Array.isArray(item) ? item : [item])
      if (f && typeof f.flight_number === "string") flights[f.flight_number] = { origin: f.origin, destination: f.destination };
  }
  return { ...ctx, flights };
}

// ---- rules ------------------------------------------------------------------------------

const FREE_BAGS: Record<Membership, Record<CabinClass, number>> = {
  regular: { basic_economy: 0, economy: 1, business: 2 },
  silver: { basic_economy: 1, economy: 2, business: 3 },
  gold: { basic_economy: 2, economy: 3, business: 4 },
};

/** Free checked bags per passenger for a membership level and cabin (policy.md). */
export function freeBagsPerPassenger(membership: Membership, cabin: CabinClass): number {
  return FREE_BAGS[membership][cabin];
}

const statusOf = (ctx: AirlineContext, flightNumber: string, date: string): string | undefined => ctx.flightStatus[`${flightNumber} ${date}`];

/** A segment counts as flown when its date is past (unless known cancelled) or its status is landed/flying. */
function segmentFlown(ctx: AirlineContext, s: { flight_number: string; date: string }): boolean {
  const status = statusOf(ctx, s.flight_number, s.date);
  if (status !== undefined) return status === "landed" || status === "flying";
  return s.date < TODAY;
}

/** Today's segments whose status the agent has not checked. */
const uncheckedToday = (ctx: AirlineContext, r: AirlineReservationFacts) =>
  r.flights.filter((s) => s.date === TODAY && statusOf(ctx, s.flight_number, s.date) === undefined);

/** Guard helper: parses the call's arguments with the tool's schema; no arguments (tool listing) or unparsable ones pass (the schema check reports those). */
function argGuard<N extends AirlineToolName>(
  tool: N,
  name: string,
  test: (ctx: AirlineContext, args: AirlineToolArgs<N>) => boolean,
  description: string,
): Guard {
  return guard<AirlineContext>(
    name,
    (ctx, raw) => {
      if (raw === undefined) return true;
      // parsed per conjunct, never cached: a cache keyed on the arguments object could be fooled by mutating it between calls
      const parsed = (AIRLINE_TOOL_SPECS[tool].input as z.ZodType).safeParse(raw);
      if (!parsed.success) return true;
      return test(ctx, parsed.data as AirlineToolArgs<N>);
    },
    description,
  );
}

type ReservationTool = "cancel_reservation" | "update_reservation_flights" | "update_reservation_baggages" | "update_reservation_passengers";

const userIdentified = guard<AirlineContext>(
  "user_identified",
  (ctx) => ctx.userId !== null,
  "the user must first be identified with get_user_details (the user gives their user id)",
);

function reservationGuards(tool: ReservationTool): Guard {
  const facts = (ctx: AirlineContext, a: { reservation_id: string }) => ctx.reservations[a.reservation_id];
  return allOf(
    userIdentified,
    argGuard(tool, "reservation_read", (ctx, a) => facts(ctx, a) !== undefined, "read the reservation with get_reservation_details first"),
    argGuard(tool, "reservation_of_identified_user", (ctx, a) => facts(ctx, a)?.user_id === ctx.userId, "the reservation must belong to the identified user"),
    argGuard(tool, "reservation_not_cancelled", (ctx, a) => facts(ctx, a)?.cancelled === false, "the reservation is already cancelled"),
    argGuard(
      tool,
      "todays_flights_checked",
      (ctx, a) => {
        const r = facts(ctx, a);
        return r !== undefined && uncheckedToday(ctx, r).length === 0;
      },
      `the reservation has a flight today (${TODAY}): check it with get_flight_status to know whether it has been flown`,
    ),
  );
}

function paymentInProfile(ctx: AirlineContext, paymentId: string): "credit_card" | "gift_card" | "certificate" | undefined {
  return ctx.userId === null ? undefined : ctx.users[ctx.userId]?.payment_methods[paymentId];
}

const cancelGuard = allOf(
  reservationGuards("cancel_reservation"),
  argGuard(
    "cancel_reservation",
    "nothing_flown",
    (ctx, a) => !ctx.reservations[a.reservation_id]!.flights.some((s) => segmentFlown(ctx, s)),
    "part of the trip has been flown: the agent cannot cancel it (transfer to a human agent)",
  ),
  argGuard(
    "cancel_reservation",
    "cancellation_eligible",
    (ctx, a) => {
      const r = ctx.reservations[a.reservation_id]!;
      return (
        r.created_at >= WITHIN_24H_FROM ||
        r.cabin === "business" ||
        r.insurance === "yes" ||
        r.flights.some((s) => statusOf(ctx, s.flight_number, s.date) === "cancelled")
      );
    },
    "a reservation can be cancelled only if booked within the last 24 hours, or a flight was cancelled by the airline (check with get_flight_status), or it is business class, or it has travel insurance and the reason is covered (health or weather)",
  ),
);

const sameFlights = (a: readonly { flight_number: string; date: string }[], b: readonly { flight_number: string; date: string }[]) =>
  a.length === b.length && a.every((s, i) => s.flight_number === b[i]!.flight_number && s.date === b[i]!.date);

const updateFlightsGuard = allOf(
  reservationGuards("update_reservation_flights"),
  argGuard(
    "update_reservation_flights",
    "basic_economy_flights_unchanged",
    (ctx, a) => {
      const r = ctx.reservations[a.reservation_id]!;
      return r.cabin !== "basic_economy" || sameFlights(r.flights, a.flights);
    },
    "basic economy flights cannot be modified; only the cabin can change, with the same flights",
  ),
  argGuard(
    "update_reservation_flights",
    "flown_flights_kept_and_cabin_unchanged",
    (ctx, a) => {
      const r = ctx.reservations[a.reservation_id]!;
      const flown = r.flights.filter((s) => segmentFlown(ctx, s));
      if (flown.length === 0) return true;
      return a.cabin === r.cabin && flown.every((s) => a.flights.some((n) => n.flight_number === s.flight_number && n.date === s.date));
    },
    "part of the trip has been flown: the cabin cannot change and flown flights must stay",
  ),
  argGuard(
    "update_reservation_flights",
    "origin_and_destination_unchanged",
    (ctx, a) => {
      const r = ctx.reservations[a.reservation_id]!;
      const first = a.flights[0];
      const last = a.flights[a.flights.length - 1];
      if (!first || !last) return false;
      const f1 = ctx.flights[first.flight_number];
      const f2 = ctx.flights[last.flight_number];
      const oldFirst = r.flights[0];
      const oldLast = r.flights[r.flights.length - 1];
      // endpoints the session has not seen (no search, not in a reservation) are not judged here
      if (!f1 || !f2 || !oldFirst || !oldLast) return true;
      return f1.origin === oldFirst.origin && f2.destination === oldLast.destination;
    },
    "a reservation can be modified without changing its origin, destination and trip type",
  ),
  argGuard(
    "update_reservation_flights",
    "update_payment_gift_card_or_credit_card",
    (ctx, a) => {
      const src = paymentInProfile(ctx, a.payment_id);
      return src === "gift_card" || src === "credit_card";
    },
    "pay (or be refunded) with a single gift card or credit card already in the user's profile",
  ),
);

const baggageGuard = allOf(
  reservationGuards("update_reservation_baggages"),
  argGuard(
    "update_reservation_baggages",
    "bags_only_added",
    (ctx, a) => {
      const r = ctx.reservations[a.reservation_id]!;
      return a.total_baggages >= r.total_baggages && a.nonfree_baggages >= r.nonfree_baggages;
    },
    "checked bags can be added but not removed",
  ),
  argGuard(
    "update_reservation_baggages",
    "extra_bags_charged",
    (ctx, a) => {
      const r = ctx.reservations[a.reservation_id]!;
      const m = ctx.users[r.user_id]?.membership;
      if (!m) return false;
      return a.nonfree_baggages >= Math.max(0, a.total_baggages - freeBagsPerPassenger(m, r.cabin) * r.passengers) && a.nonfree_baggages <= a.total_baggages;
    },
    "bags beyond the free allowance (by membership and cabin, per passenger) cost 50 dollars each",
  ),
  argGuard(
    "update_reservation_baggages",
    "update_payment_gift_card_or_credit_card",
    (ctx, a) => {
      const src = paymentInProfile(ctx, a.payment_id);
      return src === "gift_card" || src === "credit_card";
    },
    "pay with a gift card or credit card already in the user's profile",
  ),
);

const passengersGuard = allOf(
  reservationGuards("update_reservation_passengers"),
  argGuard(
    "update_reservation_passengers",
    "passenger_count_unchanged",
    (ctx, a) => ctx.reservations[a.reservation_id]!.passengers === a.passengers.length,
    "passengers can be modified but not their number",
  ),
);

const bookGuard = allOf(
  userIdentified,
  argGuard("book_reservation", "booking_for_identified_user", (ctx, a) => a.user_id === ctx.userId, "book only for the identified user's own user id"),
  argGuard(
    "book_reservation",
    "at_most_five_passengers",
    (_ctx, a) => a.passengers.length >= 1 && a.passengers.length <= 5,
    "a reservation has one to five passengers",
  ),
  argGuard(
    "book_reservation",
    "payment_methods_in_profile",
    (ctx, a) => a.payment_methods.length > 0 && a.payment_methods.every((p) => paymentInProfile(ctx, p.payment_id) !== undefined),
    "every payment method must already be in the user's profile",
  ),
  argGuard(
    "book_reservation",
    "payment_mix_allowed",
    (ctx, a) => {
      const count = (src: string) => new Set(a.payment_methods.filter((p) => paymentInProfile(ctx, p.payment_id) === src).map((p) => p.payment_id)).size;
      return count("certificate") <= 1 && count("credit_card") <= 1 && count("gift_card") <= 3;
    },
    "a reservation uses at most one travel certificate, one credit card and three gift cards",
  ),
  argGuard(
    "book_reservation",
    "extra_bags_charged",
    (ctx, a) => {
      const m = ctx.users[a.user_id]?.membership;
      if (!m) return false;
      return (
        a.nonfree_baggages >= Math.max(0, a.total_baggages - freeBagsPerPassenger(m, a.cabin) * a.passengers.length) && a.nonfree_baggages <= a.total_baggages
      );
    },
    "bags beyond the free allowance (by membership and cabin, per passenger) cost 50 dollars each",
  ),
);

const certificateGuard = allOf(
  userIdentified,
  argGuard("send_certificate", "certificate_for_identified_user", (ctx, a) => a.user_id === ctx.userId, "compensation goes to the identified user"),
  argGuard(
    "send_certificate",
    "compensation_eligible",
    (ctx, a) => {
      const u = ctx.users[a.user_id];
      if (!u) return false;
      if (u.membership !== "regular") return true;
      return Object.values(ctx.reservations).some((r) => r.user_id === a.user_id && (r.insurance === "yes" || r.cabin === "business"));
    },
    "compensate only silver/gold members, or users with travel insurance, or flying business",
  ),
  argGuard(
    "send_certificate",
    "compensation_amount_for_checked_disruption",
    (ctx, a) =>
      Object.values(ctx.reservations).some((r) => {
        if (r.user_id !== a.user_id) return false;
        const statuses = r.flights.map((s) => statusOf(ctx, s.flight_number, s.date));
        return (statuses.includes("cancelled") && a.amount === 100 * r.passengers) || (statuses.includes("delayed") && a.amount === 50 * r.passengers);
      }),
    "a certificate is 100 dollars per passenger for a cancelled flight or 50 per passenger for a delayed one, in a reservation read in this session, after checking the flight's status with get_flight_status",
  ),
);

// ---- tools ------------------------------------------------------------------------------

const found = (r: ToolResult) => (r.ok ? "found" : "not_found");
const okOrError = (r: ToolResult) => (r.ok ? "ok" : "error");
const spec = <N extends AirlineToolName>(n: N): { description: string; input: AirlineToolSpecs[N]["input"]; effect: "read" | "write" } => ({
  description: AIRLINE_TOOL_SPECS[n].description,
  input: AIRLINE_TOOL_SPECS[n].input,
  effect: AIRLINE_TOOL_SPECS[n].effect,
});
const readTool = <N extends AirlineToolName>(n: N, reduce?: (ctx: AirlineContext, args: any, result: ToolResult) => AirlineContext) => ({
  ...spec(n),
  outcomes: ["ok", "error"] as ("ok" | "error")[],
  outcome: okOrError,
  ...(reduce ? { reduce: (ctx: AirlineContext, args: unknown, result: ToolResult) => reduce(ctx, args, result) } : {}),
});
const writeTool = <N extends AirlineToolName>(n: N, subjects: string[], reduce: (ctx: AirlineContext, args: any, result: ToolResult) => AirlineContext) => ({
  ...spec(n),
  outcomes: ["ok", "error"] as ("ok" | "error")[],
  outcome: okOrError,
  requiresConfirmation: true,
  subjects,
  reduce: (ctx: AirlineContext, args: unknown, result: ToolResult) => reduce(ctx, args, result),
});

const tools = {
  get_user_details: {
    ...spec("get_user_details"),
    outcomes: ["found", "not_found"] as ("found" | "not_found")[],
    outcome: found,
    reduce: (ctx: AirlineContext, _a: unknown, r: ToolResult) => withUser(ctx, r),
  },
  get_reservation_details: {
    ...spec("get_reservation_details"),
    outcomes: ["found", "not_found"] as ("found" | "not_found")[],
    outcome: found,
    reduce: (ctx: AirlineContext, _a: unknown, r: ToolResult) => withReservation(ctx, r),
  },
  search_direct_flight: readTool("search_direct_flight", (ctx, _a, r) => withSearch(ctx, r)),
  search_onestop_flight: readTool("search_onestop_flight", (ctx, _a, r) => withSearch(ctx, r)),
  get_flight_status: readTool("get_flight_status", (ctx, a: AirlineToolArgs<"get_flight_status">, r) =>
    r.ok && typeof r.value === "string" ? { ...ctx, flightStatus: { ...ctx.flightStatus, [`${a.flight_number} ${a.date}`]: r.value } } : ctx,
  ),
  list_all_airports: readTool("list_all_airports"),
  calculate: readTool("calculate"),
  transfer_to_human_agents: { ...spec("transfer_to_human_agents"), outcomes: ["ok"] as "ok"[], outcome: () => "ok" as const, exit: true },
  book_reservation: writeTool("book_reservation", ["user_id"], (ctx, a: AirlineToolArgs<"book_reservation">, r) => {
    if (!r.ok) return ctx;
    const next = withReservation(ctx, r);
    const u = next.users[a.user_id];
    if (!u) return next;
    const payment_methods = { ...u.payment_methods };
    for (const p of a.payment_methods) if (payment_methods[p.payment_id] === "certificate") delete payment_methods[p.payment_id];
    const id = (r.value as Reservation).reservation_id;
    return { ...next, users: { ...next.users, [a.user_id]: { ...u, payment_methods, reservations: [...u.reservations, id] } } };
  }),
  cancel_reservation: writeTool("cancel_reservation", ["reservation_id"], (ctx, _a, r) => withReservation(ctx, r)),
  update_reservation_flights: writeTool("update_reservation_flights", ["reservation_id"], (ctx, _a, r) => withReservation(ctx, r)),
  update_reservation_baggages: writeTool("update_reservation_baggages", ["reservation_id"], (ctx, _a, r) => withReservation(ctx, r)),
  update_reservation_passengers: writeTool("update_reservation_passengers", ["reservation_id"], (ctx, _a, r) => withReservation(ctx, r)),
  send_certificate: writeTool("send_certificate", ["user_id"], (ctx, a: AirlineToolArgs<"send_certificate">, r) => {
    if (!r.ok || typeof r.value !== "string") return ctx;
    const id = /Certificate (\S+) added/.exec(r.value)?.[1];
    const u = ctx.users[a.user_id];
    if (!id || !u) return ctx;
    return { ...ctx, users: { ...ctx.users, [a.user_id]: { ...u, payment_methods: { ...u.payment_methods, [id]: "certificate" as const } } } };
  }),
};

/** Read tools staying in `state` (errors too). */
function reads<S extends string>(state: S) {
  return {
    search_direct_flight: { ok: state, error: state },
    search_onestop_flight: { ok: state, error: state },
    get_flight_status: { ok: state, error: state },
    list_all_airports: { ok: state, error: state },
    calculate: { ok: state, error: state },
    transfer_to_human_agents: { ok: "transferred" as const },
  };
}
const stay = <S extends string>(state: S) => ({ ok: state, error: state });

export const airlineProtocol = defineProtocol({
  name: "airline",
  description: "tau2-bench airline customer service, following policy.md: identify the user, read the reservation, check eligibility, confirm, then write.",
  initial: "start",
  terminal: ["transferred"],
  context: airlineContextSchema,
  initialContext: initialAirlineContext,
  tools,
  states: {
    start: {
      description: "Nobody identified yet: reads only.",
      on: {
        ...reads("start"),
        get_user_details: { found: "identified", not_found: "start" },
        get_reservation_details: { found: "reservation_seen", not_found: "start" },
      },
    },
    reservation_seen: {
      description: "A reservation was read before the user identified themselves: reads only.",
      on: {
        ...reads("reservation_seen"),
        get_user_details: { found: "reservation_open", not_found: "reservation_seen" },
        get_reservation_details: { found: "reservation_seen", not_found: "reservation_seen" },
      },
    },
    identified: {
      description: "The user is identified: reads, and booking a new reservation.",
      on: {
        ...reads("identified"),
        get_user_details: { found: "identified", not_found: "identified" },
        get_reservation_details: { found: "reservation_open", not_found: "identified" },
        book_reservation: stay("identified"),
      },
      guards: { book_reservation: bookGuard },
    },
    reservation_open: {
      description: "The user is identified and a reservation was read: every write, each under its policy guard.",
      on: {
        ...reads("reservation_open"),
        get_user_details: { found: "reservation_open", not_found: "reservation_open" },
        get_reservation_details: { found: "reservation_open", not_found: "reservation_open" },
        book_reservation: stay("reservation_open"),
        cancel_reservation: stay("reservation_open"),
        update_reservation_flights: stay("reservation_open"),
        update_reservation_baggages: stay("reservation_open"),
        update_reservation_passengers: stay("reservation_open"),
        send_certificate: stay("reservation_open"),
      },
      guards: {
        book_reservation: bookGuard,
        cancel_reservation: cancelGuard,
        update_reservation_flights: updateFlightsGuard,
        update_reservation_baggages: baggageGuard,
        update_reservation_passengers: passengersGuard,
        send_certificate: certificateGuard,
      },
    },
    transferred: { description: "Handed over to a human agent (the agent then says the hand-over sentence)." },
  },
});

export type AirlineProtocol = typeof airlineProtocol;
