import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/domains/airline/canonical.js";
import { loadAirlineDb } from "../../src/domains/airline/db.js";
import { changedEntries } from "../../src/domains/airline/judge.js";
import { AirlineToolError, callAirlineTool, createAirlineTools } from "../../src/domains/airline/tools.js";

// Real ids mixed with unknown ones, so that calls fail at every check.
const users = ["chen_lee_6825", "aarav_garcia_1177", "mia_li_3668", "mia_kim_4397", "nobody_1"];
const reservations = ["YAX4DR", "M05KNL", "Z7GOZK", "GV1N64", "ZZZZZZ"];
const payments = [
  "credit_card_4938634",
  "certificate_6730850",
  "gift_card_8887175",
  "certificate_7504069",
  "credit_card_4421486",
  "gift_card_7359776",
  "gift_card_0000000",
];
const flights = [
  { flight_number: "HAT136", date: "2024-05-20" },
  { flight_number: "HAT039", date: "2024-05-20" },
  { flight_number: "HAT110", date: "2024-05-24" },
  { flight_number: "HAT235", date: "2024-05-18" },
  { flight_number: "HAT002", date: "2024-05-15" }, // delayed: not available
  { flight_number: "HAT136", date: "2024-06-20" }, // unknown date
  { flight_number: "HAT999", date: "2024-05-20" }, // unknown flight
];
const cabin = fc.constantFrom("basic_economy", "economy", "business");
const passenger = fc.record({ first_name: fc.constantFrom("A", "B"), last_name: fc.constant("C"), dob: fc.constant("1990-01-01") });

const call = fc.oneof(
  fc.record({
    name: fc.constant("book_reservation"),
    arguments: fc.record({
      user_id: fc.constantFrom(...users),
      origin: fc.constant("JFK"),
      destination: fc.constant("SEA"),
      flight_type: fc.constantFrom("one_way", "round_trip"),
      cabin,
      flights: fc.array(fc.constantFrom(...flights), { maxLength: 3 }),
      passengers: fc.array(passenger, { minLength: 1, maxLength: 4 }),
      payment_methods: fc.array(fc.record({ payment_id: fc.constantFrom(...payments), amount: fc.integer({ min: 0, max: 600 }) }), { maxLength: 3 }),
      total_baggages: fc.integer({ min: 0, max: 4 }),
      nonfree_baggages: fc.integer({ min: 0, max: 2 }),
      insurance: fc.constantFrom("yes", "no"),
    }),
  }),
  fc.record({ name: fc.constant("cancel_reservation"), arguments: fc.record({ reservation_id: fc.constantFrom(...reservations) }) }),
  fc.record({
    name: fc.constant("update_reservation_baggages"),
    arguments: fc.record({
      reservation_id: fc.constantFrom(...reservations),
      total_baggages: fc.integer({ min: 0, max: 5 }),
      nonfree_baggages: fc.integer({ min: 0, max: 5 }),
      payment_id: fc.constantFrom(...payments),
    }),
  }),
  fc.record({
    name: fc.constant("update_reservation_flights"),
    arguments: fc.record({
      reservation_id: fc.constantFrom(...reservations),
      cabin,
      flights: fc.array(fc.constantFrom(...flights), { minLength: 1, maxLength: 3 }),
      payment_id: fc.constantFrom(...payments),
    }),
  }),
  fc.record({
    name: fc.constant("update_reservation_passengers"),
    arguments: fc.record({ reservation_id: fc.constantFrom(...reservations), passengers: fc.array(passenger, { maxLength: 3 }) }),
  }),
  fc.record({ name: fc.constant("send_certificate"), arguments: fc.record({ user_id: fc.constantFrom(...users), amount: fc.integer({ min: 1, max: 500 }) }) }),
);

describe("airline write tools are all-or-nothing", () => {
  it("a refused call leaves the database exactly as it was, after any sequence of earlier calls", () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 8 }), (calls) => {
        const db = loadAirlineDb();
        const tools = createAirlineTools(db);
        for (const c of calls) {
          const before = canonicalJson(changedEntries(db));
          try {
            callAirlineTool(tools, c.name, c.arguments);
          } catch (e) {
            expect(e).toBeInstanceOf(AirlineToolError);
            expect(canonicalJson(changedEntries(db))).toBe(before);
          }
        }
      }),
      { numRuns: 60, seed: 20240515 },
    );
  });
});
