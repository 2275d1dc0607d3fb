/**
 * A yes that names the payment method only by reference to the record ("I'll use the same payment
 * method as before", "the original payment") names the one method the reservation was paid with:
 * when the write pays with (or refunds to) exactly that method, the rest of the reply is judged and
 * the write can be confirmed. Red team: a write that pays with another method, a reservation paid
 * with two methods, and a reference with a condition or a question stay refused.
 */
import { describe, expect, it } from "vitest";
import { withoutRecordedPaymentReference } from "../../src/audit/recorded-payment-reference.js";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";

describe("withoutRecordedPaymentReference", () => {
  it("drops plain sentences naming the method by reference, keeps the rest", () => {
    expect(withoutRecordedPaymentReference("Yes, go ahead with the change. I'll use the same payment method as before.")).toBe(
      "Yes, go ahead with the change.",
    );
    expect(withoutRecordedPaymentReference("Sí, adelante. Con el mismo método de pago de antes.")).toBe("Sí, adelante.");
    expect(withoutRecordedPaymentReference("好的，请改。用原来的支付方式。")).toBe("好的，请改。");
  });

  it("keeps the reply as it is when a reference asks, puts a condition, or is all there is", () => {
    expect(withoutRecordedPaymentReference("Yes. Could you make sure my original payment is used?")).toBeUndefined();
    expect(withoutRecordedPaymentReference("Yes. Use the same card as before, but only if there's no fee.")).toBeUndefined();
    expect(withoutRecordedPaymentReference("The same payment method as before.")).toBeUndefined();
    expect(withoutRecordedPaymentReference("Yes, please go ahead.")).toBeUndefined();
  });
});

const profile = JSON.stringify({
  user_id: "kai_lee_3300",
  name: { first_name: "Kai", last_name: "Lee" },
  dob: "1990-04-04",
  membership: "silver",
  payment_methods: {
    gift_card_9: { source: "gift_card", id: "gift_card_9", amount: 120 },
    credit_card_5: { source: "credit_card", id: "credit_card_5", brand: "visa", last_four: "5050" },
  },
  reservations: ["P7WQ2Z"],
});
const reservation = (flight: string, payments: { payment_id: string; amount: number }[]) =>
  JSON.stringify({
    reservation_id: "P7WQ2Z",
    user_id: "kai_lee_3300",
    origin: "ATL",
    destination: "MIA",
    flight_type: "one_way",
    cabin: "economy",
    flights: [{ flight_number: flight, date: "2024-05-21", origin: "ATL", destination: "MIA", price: 140 }],
    passengers: [{ first_name: "Kai", last_name: "Lee", dob: "1990-04-04" }],
    payment_history: payments,
    created_at: "2024-05-09T09:00:00",
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: "no",
  });
const paidBy = (history: { payment_id: string; amount: number }[]) => [
  agent("Hi! How can I help you today?"),
  user("I need to move my flight on reservation P7WQ2Z to a later one the same day. User kai_lee_3300."),
  callAndResult(null, "get_user_details", { user_id: "kai_lee_3300" }, profile),
  callAndResult(null, "get_reservation_details", { reservation_id: "P7WQ2Z" }, reservation("HAT100", history)),
];
const original = [{ payment_id: "gift_card_9", amount: 190 }];
const ask = agent(
  "I can move reservation P7WQ2Z to flight HAT310 on May 21, economy; the new fare is $40 lower, a $40 refund. Please confirm that you would like to proceed with this change, and let me know the payment method for the difference.",
);
const change = (pay: string, history: { payment_id: string; amount: number }[]) =>
  callAndResult(
    null,
    "update_reservation_flights",
    { reservation_id: "P7WQ2Z", cabin: "economy", flights: [{ flight_number: "HAT310", date: "2024-05-21" }], payment_id: pay },
    reservation("HAT310", [...history, { payment_id: pay, amount: -40 }]),
  );
const sameAsBefore = user("Yes, please go ahead with the change. I'll use the same payment method as before.");

describe("a payment method named by reference to the reservation's record", () => {
  it("covers a write that refunds to the one method the reservation was paid with", async () => {
    const [w] = await auditAirlineWrites(paidBy(original), ask, sameAsBefore, change("gift_card_9", original));
    expect(w!.status, w!.evidence).toBe("confirmed");
    const [o] = await auditAirlineWrites(
      paidBy(original),
      ask,
      user("Yes, proceed with the change. I'm fine with the original payment going towards it."),
      change("gift_card_9", original),
    );
    expect(o!.status, o!.evidence).toBe("confirmed");
  });

  it("red team: another method than the original, or a reservation paid with two, stays refused", async () => {
    const [other] = await auditAirlineWrites(paidBy(original), ask, sameAsBefore, change("credit_card_5", original));
    expect(other!.status, other!.evidence).not.toBe("confirmed");
    const two = [
      { payment_id: "gift_card_9", amount: 100 },
      { payment_id: "credit_card_5", amount: 90 },
    ];
    const [split] = await auditAirlineWrites(paidBy(two), ask, sameAsBefore, change("gift_card_9", two));
    expect(split!.status, split!.evidence).not.toBe("confirmed");
  });

  it("red team: a reference with a condition or a question stays unclear", async () => {
    const [cond] = await auditAirlineWrites(
      paidBy(original),
      ask,
      user("Yes, go ahead with the change. Use the same payment method as before, but only if there's no fee."),
      change("gift_card_9", original),
    );
    expect(cond!.status, cond!.evidence).toBe("unclear");
    const [question] = await auditAirlineWrites(
      paidBy(original),
      ask,
      user("Yes, go ahead with the change. Could you make sure the original payment is used?"),
      change("gift_card_9", original),
    );
    expect(question!.status, question!.evidence).toBe("unclear");
  });
});
