/**
 * "I won't be needing that flight", "I don't need those items anymore": to a request that takes
 * something away, the user saying they no longer need it is the reason for the action, not a
 * negation of it (found by the blind corpora blind-multilingual-3/-4, written before the judge ran on
 * them). Hand-written rows (EN, ZH, ES), with the near-misses that must stay unclear or denied.
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";

const cancel = {
  en: "I can cancel reservation 4KX9PQ (Denver to Austin, June 3). You'll get a refund of $214 to your original card. Shall I cancel it?",
  zh: "我可以取消预订 4KX9PQ（6 月 3 日丹佛飞奥斯汀），214 美元将退回您的原卡。要取消吗？",
  es: "Puedo cancelar la reserva 4KX9PQ (Denver a Austin, 3 de junio). Recibirá un reembolso de 214 dólares en su tarjeta original. ¿La cancelo?",
};
const ret = "I'll return the desk lamp and the coffee maker from order #W5521; $212 goes back to your Visa. Is that okay?";
const addBag = "I'll add 1 checked bag to reservation 4KX9PQ for $35, charged to your Visa. Shall I add it?";
const decide = (request: string, reply: string) => `${judgeConsent({ request, reply }).decision}: ${reply}`;

describe("judgeConsent: no longer needing what the action takes away is its reason", () => {
  it("a yes with 'I won't be needing it' / 'I don't need them anymore' to a cancellation or return: confirmed", () => {
    for (const [request, reply] of [
      [cancel.en, "Yes, please cancel it. My trip got called off, so I won't be needing that flight."],
      [cancel.en, "Yes, go ahead. I don't need it anymore."],
      [cancel.en, "Yes, cancel it please, we no longer need the reservation."],
      [ret, "Yes, that's okay. I don't need those items any more, thanks."],
      [cancel.zh, "好的，请取消，这趟行程用不上了。"],
      [cancel.es, "Sí, cancélela, por favor. Ya no la necesito."],
    ] as const)
      expect(decide(request, reply)).toBe(`confirmed: ${reply}`);
  });
  it("near-misses stay unclear or denied: a detail no longer needed, a bare 'don't need it', an additive action, a negation of the action", () => {
    for (const [request, reply] of [
      // a detail of the action: the refund is part of what was described
      [cancel.en, "Yes, cancel it. I don't need the refund anymore."],
      // no temporal marker: may refuse the action itself
      [cancel.en, "I don't need it."],
      // to an additive action, no longer needing it refuses
      [addBag, "Yes, I don't need it anymore."],
      // the action itself negated
      [cancel.en, "I won't be needing a cancellation, thanks."],
      [cancel.es, "Sí, pero ya no necesito el reembolso."],
      // a part of what the action takes away, named: it may say which part the user means
      [cancel.en, "Yes. We won't be needing the return flight anymore."],
      // no longer needing it, then a change or a part kept
      [cancel.en, "Yes, I won't be needing that flight, cancel my other reservation instead."],
      [ret, "Yes, I don't need those items anymore, but I'll keep the lamp."],
    ] as const)
      expect(decide(request, reply)).not.toBe(`confirmed: ${reply}`);
  });
});

describe("judgeConsent: no longer going, in its temporal forms, is a cancellation's reason", () => {
  // the gap the i14-redteam session reported: the Spanish and Chinese forms were read, the English not
  const cancelTrip = "I'll cancel reservation PW7Q2D (Seattle to Chicago, July 2). The $318 refund goes back to your Visa ending 5521. Shall I go ahead?";
  const addBags = "I'll add 2 checked bags to reservation PW7Q2D for $100 on your Visa ending 5521. Shall I go ahead?";
  it("'not going anymore', 'no longer travelling' beside a yes to cancel: confirmed", () => {
    for (const reply of [
      "Yes, please cancel it. We're not going anymore.",
      "Yes go ahead, I'm no longer travelling.",
      "Yes — I am not flying any more, thanks.",
    ])
      expect(decide(cancelTrip, reply)).toBe(`confirmed: ${reply}`);
  });
  it("a bare 'not going', a 'not going' that goes on, or to a request that adds: not confirmed", () => {
    for (const [request, reply] of [
      [cancelTrip, "Yes. I'm not going."],
      [cancelTrip, "Yes, cancel it. I'm not going anymore to pay that fee though."],
      [cancelTrip, "Yes, I'm not flying anymore, but don't refund it to that card."],
      [addBags, "Yes. I'm not going anymore."],
    ] as const)
      expect(decide(request, reply)).not.toBe(`confirmed: ${reply}`);
  });
});
