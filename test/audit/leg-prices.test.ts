/**
 * A booking's total described by its parts (issue 14 item 3, amounts): the request lists the price of
 * each flight the booking writes beside its flight number, and the booking charges their sum (one
 * passenger), or their sum times the passengers when every price is stated per passenger. The prices
 * are the recorded ones (the booking's result, or the searches the run read when the call failed).
 * Red team: a flight whose price is stated for another flight, a leg without a price, a charge with a
 * paid bag nobody added up, two passengers without per-passenger prices, a price that changed between
 * the search and the booking: each stays `args_mismatch` naming the amount.
 */
import { describe, expect, it } from "vitest";
import { chargeByLegPrices } from "../../src/audit/domains/airline-leg-prices.js";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";

const profile = JSON.stringify({
  user_id: "omar_rossi_1241",
  name: { first_name: "Omar", last_name: "Rossi" },
  dob: "1970-06-06",
  membership: "regular",
  payment_methods: { credit_card_7407366: { source: "credit_card", id: "credit_card_7407366", brand: "visa", last_four: "6437" } },
  saved_passengers: [{ first_name: "Lena", last_name: "Rossi", dob: "1972-03-14" }],
  reservations: [],
});
const OMAR = { first_name: "Omar", last_name: "Rossi", dob: "1970-06-06" };
const LENA = { first_name: "Lena", last_name: "Rossi", dob: "1972-03-14" };
const leg = (flight_number: string, origin: string, destination: string, economy: number) => ({
  flight_number,
  origin,
  destination,
  status: "available",
  prices: { basic_economy: economy - 40, economy, business: economy * 3 },
  date: "2024-05-25",
});
const search = callAndResult(
  null,
  "search_onestop_flight",
  { origin: "EWR", destination: "ORD", date: "2024-05-25" },
  JSON.stringify([
    [leg("HAT041", "EWR", "LAX", 110), leg("HAT030", "LAX", "ORD", 153)],
    [leg("HAT056", "EWR", "IAH", 155), leg("HAT138", "IAH", "ORD", 185)],
  ]),
);
const options = (second = "Price: $185", perPassenger = "", travellers = "Omar Rossi") =>
  agent(
    `Here are the one-stop economy options from EWR to ORD on May 25, 2024:\n\n` +
      `1. **Option 1:**\n   - Flight Number: HAT041 (EWR to LAX)\n   - Departure: 07:00\n   - Price: $110${perPassenger}\n` +
      `   - Flight Number: HAT030 (LAX to ORD)\n   - Departure: 20:00\n   - Price: $153${perPassenger}\n` +
      `2. **Option 2:**\n   - Flight Number: HAT056 (EWR to IAH)\n   - Departure: 06:00\n   - Price: $155${perPassenger}\n` +
      `   - Flight Number: HAT138 (IAH to ORD)\n   - Departure: 11:00\n   - ${second}${perPassenger}\n\n` +
      `Passengers: ${travellers}. Cabin: economy, no checked bags, no insurance.\n\n` +
      `Please let me know which option you would like to book, and I will proceed with the reservation using your Visa ending in 6437 for payment.`,
  );
/** A booking of option 2 (HAT056 + HAT138); `prices` are the recorded prices of its result (undefined: the call failed). */
const book = (charged: number, passengers = [OMAR], prices: [number, number] | undefined = [155, 185], bags = 0, nonfree = 0) => {
  const args = {
    user_id: "omar_rossi_1241",
    origin: "EWR",
    destination: "ORD",
    flight_type: "one_way",
    cabin: "economy",
    flights: [
      { flight_number: "HAT056", date: "2024-05-25" },
      { flight_number: "HAT138", date: "2024-05-25" },
    ],
    passengers,
    payment_methods: [{ payment_id: "credit_card_7407366", amount: charged }],
    total_baggages: bags,
    nonfree_baggages: nonfree,
    insurance: "no",
  };
  const result =
    prices === undefined
      ? "Error: flight HAT138 not available on date 2024-05-25"
      : JSON.stringify({
          reservation_id: "HATHAT",
          ...args,
          flights: [
            { flight_number: "HAT056", date: "2024-05-25", price: prices[0], origin: "EWR", destination: "IAH" },
            { flight_number: "HAT138", date: "2024-05-25", price: prices[1], origin: "IAH", destination: "ORD" },
          ],
          payment_history: [{ payment_id: "credit_card_7407366", amount: charged }],
        });
  return callAndResult(null, "book_reservation", args, result);
};
const run = (write: ReturnType<typeof book>, request = options(), reply = "I would like to book Option 2, please.") =>
  auditAirlineWrites(
    agent("Hi! How can I help you today?"),
    user("I need a one-way flight from EWR to ORD on May 25, economy. User omar_rossi_1241."),
    callAndResult(null, "get_user_details", { user_id: "omar_rossi_1241" }, profile),
    search,
    request,
    user(reply),
    write,
  );
const expectAmount = (w: AuditedWrite | undefined) => {
  expect(w!.status, w!.evidence).toBe("args_mismatch");
  expect(
    w!.mismatches?.map((m) => m.field),
    w!.evidence,
  ).toContain("amount");
};

describe("chargeByLegPrices", () => {
  const legs = [
    { flight: "HAT056", price: 155 },
    { flight: "HAT138", price: 185 },
  ];
  it("reads each flight's price beside it and the charge as their sum", () => {
    expect(chargeByLegPrices(legs, 340, 1, "HAT056 (EWR-IAH), Price: $155. HAT138 (IAH-ORD), Price: $185.")).toBe(true);
    expect(chargeByLegPrices(legs, 680, 2, "HAT056: $155 per passenger; HAT138: $185 per passenger")).toBe(true);
  });
  it("red team: a price beside another flight, a missing price, another sum, several passengers without per-passenger prices", () => {
    expect(chargeByLegPrices(legs, 340, 1, "HAT056 and HAT138 on May 25. HAT139: $155, HAT140: $185.")).toBe(false);
    expect(chargeByLegPrices(legs, 340, 1, "HAT056: $155. HAT138 is the connection.")).toBe(false);
    expect(chargeByLegPrices(legs, 390, 1, "HAT056: $155. HAT138: $185.")).toBe(false);
    expect(chargeByLegPrices(legs, 680, 2, "HAT056: $155. HAT138: $185.")).toBe(false);
    expect(chargeByLegPrices([legs[0]!], 155, 1, "HAT056: $155.")).toBe(false);
  });
});

describe("a booking's total described by the prices of its flights", () => {
  it("covers the sum of the listed prices of the option the user picked (one passenger)", async () => {
    const [w] = await run(book(340));
    expect(w!.status, w!.evidence).toBe("confirmed");
  });

  it("covers a call that failed by the prices the run's search returned", async () => {
    const [w] = await run(book(340, [OMAR], undefined));
    expect(w!.status, w!.evidence).toBe("confirmed");
  });

  it("covers the sum times the passengers when every price is stated per passenger", async () => {
    const [w] = await run(book(680, [OMAR, LENA]), options("Price: $185", " per passenger", "Omar Rossi and Lena Rossi"));
    expect(w!.status, w!.evidence).toBe("confirmed");
  });

  it("red team: a paid bag added to the sum, a price that changed after the listing, a leg priced beside another flight, two passengers without per-passenger prices", async () => {
    expectAmount((await run(book(390, [OMAR], [155, 185], 1, 1)))[0]);
    expectAmount((await run(book(360, [OMAR], [155, 205])))[0]);
    expectAmount((await run(book(340), options("(connection, see HAT030 at $185)")))[0]);
    expectAmount((await run(book(680, [OMAR, LENA]), options("Price: $185", "", "Omar Rossi and Lena Rossi")))[0]);
  });
});
