/**
 * A downside conceded after the yes ("Yes, cancel all of them, even if I won't get a refund for some", "aunque no me reembolsen
 * algunas"): a fact of the user's own, with its subject, that the yes holds regardless of; not a negation against the action.
 * A concession that only excludes ("…, although not MSJ4OA", "though not the third one", "aunque no la MSJ4OA") is a "but
 * not": part only. The second was a false confirmation before (found writing these rows). English and Spanish; a Chinese
 * concession ("即使…也", "虽然…") is not read as one yet (its clause is judged as before). Hand-written rows, not corpus strings.
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";

const en =
  "Reservations 8C8K4E, LU15PA and MSJ4OA can be cancelled; 8C8K4E and LU15PA have no insurance, so only MSJ4OA will be refunded ($520 to your original payment method). Would you like me to cancel all three eligible reservations?";
const es =
  "Las reservas 8C8K4E, LU15PA y MSJ4OA se pueden cancelar; 8C8K4E y LU15PA no tienen seguro, así que solo MSJ4OA se reembolsará ($520 al método de pago original). ¿Desea que cancele las tres reservas?";
const decide = (request: string, replies: readonly string[]) => replies.map((reply) => [reply, judgeConsent({ request, reply }).decision]);

describe("judgeConsent: a concession after the yes", () => {
  it("a downside conceded as a fact of the user's own: confirmed", () => {
    const en1 = ["Yes, please cancel all of them, even if I won't get a refund for some.", "Yes, cancel all three, even though two won't be refunded."];
    const es1 = ["Sí, cancélelas todas, aunque no me reembolsen algunas."];
    expect(decide(en, en1)).toEqual(en1.map((r) => [r, "confirmed"]));
    expect(decide(es, es1)).toEqual(es1.map((r) => [r, "confirmed"]));
  });
  it("a concession that only excludes a part, or keeps a doubt: not confirmed", () => {
    const en2 = ["Yes, cancel them, although not MSJ4OA.", "Yes, cancel them, though not the third one.", "Yes, cancel them, even if not all of them."];
    const es2 = ["Sí, cancélelas, aunque no la MSJ4OA.", "Sí, cancélelas, aunque no sé si debería."];
    for (const [reply, decision] of [...decide(en, en2), ...decide(es, es2)]) expect([reply, decision]).not.toEqual([reply, "confirmed"]);
  });
});
