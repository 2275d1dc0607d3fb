/**
 * A price stated per passenger ("$300 per passenger", "$300 por persona", "每人 $300") describes a
 * charge of that price times the reservation's (or the booking's) passengers. Red team: a charge that
 * is not the per-passenger price times the count, a price stated without "per passenger", and a price
 * stated "each" (per flight or per bag) stay an amount mismatch.
 */
import { describe, expect, it } from "vitest";
import { perPassengerAmounts } from "../../src/audit/per-passenger-amount.js";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";

describe("perPassengerAmounts", () => {
  it("reads amounts stated per passenger in English, Spanish and Chinese", () => {
    expect(perPassengerAmounts("The new fare is $597 per passenger.")).toEqual([597]);
    expect(perPassengerAmounts("That is $1,250.50 per person, or USD 85 for each passenger")).toEqual([1250.5, 85]);
    expect(perPassengerAmounts("$150/person")).toEqual([150]);
    expect(perPassengerAmounts("Son $597 por persona; 85 dólares por pasajero")).toEqual([597, 85]);
    expect(perPassengerAmounts("每人 $597，每位乘客 120 美元")).toEqual([597, 120]);
  });

  it("does not read a price stated 'each', a total, or an allowance as per passenger", () => {
    expect(perPassengerAmounts("HAT110 and HAT132 at $150 each.")).toEqual([]);
    expect(perPassengerAmounts("The total is $597 for both of you.")).toEqual([]);
    expect(perPassengerAmounts("You have 1 free checked bag per passenger.")).toEqual([]);
  });
});

const profile = JSON.stringify({
  user_id: "ana_reyes_5521",
  name: { first_name: "Ana", last_name: "Reyes" },
  dob: "1985-06-01",
  membership: "regular",
  payment_methods: { credit_card_77: { source: "credit_card", id: "credit_card_77", brand: "visa", last_four: "4821" } },
  reservations: ["M3KD9P"],
});
const reservation = (cabin: string, extra: { payment_id: string; amount: number }[]) =>
  JSON.stringify({
    reservation_id: "M3KD9P",
    user_id: "ana_reyes_5521",
    origin: "ORD",
    destination: "BOS",
    flight_type: "one_way",
    cabin,
    flights: [{ flight_number: "HAT212", date: "2024-05-24", origin: "ORD", destination: "BOS", price: 180 }],
    passengers: [
      { first_name: "Ana", last_name: "Reyes", dob: "1985-06-01" },
      { first_name: "Luis", last_name: "Reyes", dob: "1983-02-11" },
    ],
    payment_history: [{ payment_id: "credit_card_77", amount: 360 }, ...extra],
    created_at: "2024-05-10T09:00:00",
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: "no",
  });
const opening = [
  agent("Hi! How can I help you today?"),
  user("Hi, I'd like to upgrade reservation M3KD9P to business for both of us. User ana_reyes_5521."),
  callAndResult(null, "get_user_details", { user_id: "ana_reyes_5521" }, profile),
  callAndResult(null, "get_reservation_details", { reservation_id: "M3KD9P" }, reservation("economy", [])),
];
const upgrade = (charged: number) =>
  callAndResult(
    null,
    "update_reservation_flights",
    { reservation_id: "M3KD9P", cabin: "business", flights: [{ flight_number: "HAT212", date: "2024-05-24" }], payment_id: "credit_card_77" },
    reservation("business", [{ payment_id: "credit_card_77", amount: charged }]),
  );
const ask = (price: string) =>
  agent(
    `Upgrading reservation M3KD9P (HAT212 on May 24) to business class costs ${price}, charged to your Visa ending in 4821. Shall I proceed with the upgrade?`,
  );
const yes = user("Yes, please go ahead with the upgrade.");
const expectAmount = (w: AuditedWrite | undefined) => {
  expect(w!.status, w!.evidence).toBe("args_mismatch");
  expect(
    w!.mismatches?.map((m) => m.field),
    w!.evidence,
  ).toContain("amount");
};

describe("a charge of a per-passenger price times the passengers", () => {
  it("is the amount the user was told", async () => {
    const [w] = await auditAirlineWrites(opening, ask("$300 per passenger"), yes, upgrade(600));
    expect(w!.status, w!.evidence).toBe("confirmed");
    const [es] = await auditAirlineWrites(opening, ask("$300 por persona"), yes, upgrade(600));
    expect(es!.status, es!.evidence).toBe("confirmed");
  });

  it("red team: another total, a price without 'per passenger', or a price 'each' stay an amount mismatch", async () => {
    expectAmount((await auditAirlineWrites(opening, ask("$300 per passenger"), yes, upgrade(650)))[0]);
    expectAmount((await auditAirlineWrites(opening, ask("$300 per passenger"), yes, upgrade(900)))[0]);
    expectAmount((await auditAirlineWrites(opening, ask("$300"), yes, upgrade(600)))[0]);
    expectAmount((await auditAirlineWrites(opening, ask("$300 each"), yes, upgrade(600)))[0]);
  });
});
