/**
 * Cancel and book again (shared tasks0-4 #15 call 12): the agent cancelled the booking it had summed up to the user and, a
 * certificate failing, asked "Would you like to proceed with booking the flight using your credit card for the full amount
 * again?"; the user said "please go ahead and book the flight using my credit card for the full amount". The rebooking
 * repeats the cancelled reservation in full, so its flights, cabin, travellers and bags need no new description. The
 * attacks next to it, each refused: the rebooking differs in one field (another flight, a bag more, another card), or the
 * request speaks neither of the cancellation nor of booking again.
 */
import { describe, expect, it } from "vitest";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";
import { identifyMiaLi, MIA_LI, miaLiBooking, miaLiProfile } from "./mia-li-user.js";

const profile = miaLiProfile(["NEW001"], { credit_card_6016789: { source: "credit_card", id: "credit_card_6016789", brand: "mastercard", last_four: "9012" } });
const FLIGHTS = [
  { flight_number: "HAT136", date: "2024-05-20" },
  { flight_number: "HAT039", date: "2024-05-20" },
];
const booked = miaLiBooking({
  flights: FLIGHTS,
  total_baggages: 3,
  nonfree_baggages: 1,
  payment_methods: [{ payment_id: "credit_card_4421486", amount: 305 }],
});
const record = (id: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ reservation_id: id, ...args, payment_history: args["payment_methods"], ...extra });
const book = (args: Record<string, unknown>, id = "NEW002") => callAndResult(null, "book_reservation", args, record(id, args));

/** The booking was made (and summed up), then cancelled; the agent asks `request`, the user answers `reply`, the booking is written again with `again`. */
const run = (request: string, reply: string, again: Record<string, unknown>) =>
  auditAirlineWrites(
    identifyMiaLi(profile, "Hi, I'm Mia Li, user id mia_li_3668."),
    agent(
      "I'll book HAT136 and HAT039 on May 20, economy, for Mia Li, 3 checked bags (1 paid), no insurance, $305 on your Visa ending in 7447. Shall I book it?",
    ),
    user("Yes, please book it."),
    book(booked, "NEW001"),
    agent("Booked: NEW001, HAT136 and HAT039 on May 20, economy, Mia Li, 3 bags, $305 on your Visa ending in 7447."),
    user("Could you cancel it and use my certificate instead? I'll pay the rest with the same card."),
    agent("I'll cancel NEW001 (refund of $305 to your Visa ending in 7447) and book it again with your certificate. Shall I proceed?"),
    user("Yes, go ahead."),
    callAndResult(null, "cancel_reservation", { reservation_id: "NEW001" }, record("NEW001", booked, { status: "cancelled" })),
    agent(request),
    user(reply),
    book(again),
  );

const rows: [string, string, string][] = [
  [
    "EN",
    "The reservation has been cancelled, but the certificate can't be used. Would you like to proceed with booking the flight using your credit card for the full amount again?",
    "In that case, please go ahead and book the flight using my credit card for the full amount.",
  ],
  [
    "ES",
    "La reserva está cancelada, pero el certificado no se puede usar. ¿Desea que reserve de nuevo el vuelo con su tarjeta de crédito por el importe total?",
    "Sí, adelante.",
  ],
  ["ZH", "预订已取消，但代金券无法使用。需要我用您的信用卡重新预订这个航班并支付全款吗？", "好的，请重新预订。"],
];

describe("the cancelled booking booked again, as it was", () => {
  it.each(rows)("%s: the same booking passes", async (_lang, request, reply) => {
    const ws = await run(request, reply, booked);
    expect(ws.at(-1)!.status, ws.at(-1)!.evidence).toBe("confirmed");
  });

  it.each(rows)("%s: one field different (a flight, a bag, the card) is refused", async (_lang, request, reply) => {
    for (const changed of [
      { flights: [FLIGHTS[0], { flight_number: "HAT041", date: "2024-05-20" }] },
      { total_baggages: 4, nonfree_baggages: 2 },
      { payment_methods: [{ payment_id: "credit_card_6016789", amount: 305 }] },
    ]) {
      const ws = await run(request, reply, { ...booked, ...changed });
      expect(ws.at(-1)!.status, `${JSON.stringify(changed)}: ${ws.at(-1)!.evidence}`).not.toBe("confirmed");
    }
  });

  it("a request that speaks neither of the cancellation nor of booking again describes nothing: refused", async () => {
    const ws = await run("Would you like to proceed using your credit card for the full amount?", "Yes, please.", booked);
    expect(ws.at(-1)!.status, ws.at(-1)!.evidence).not.toBe("confirmed");
  });

  it("a booking for other travellers than the cancelled one's is refused", async () => {
    const ws = await run(rows[0]![1], rows[0]![2], { ...booked, passengers: [MIA_LI, { first_name: "Noah", last_name: "Li", dob: "1992-01-10" }] });
    expect(ws.at(-1)!.status, ws.at(-1)!.evidence).not.toBe("confirmed");
  });
});
