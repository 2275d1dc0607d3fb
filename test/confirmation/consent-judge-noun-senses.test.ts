/**
 * Two words whose sense decides novelty. "the booking" is the reservation: after "the", "my", "current"… the word names the reservation the
 * request describes (or the one it books), not a new request to book. The verb stays the verb
 * ("booking a new one", "go ahead booking me on…"), and "my other booking" stays another one.
 * Rows written by hand after the audit of blind set A (spent) showed "Yes, please cancel the current
 * booking." refused; the rows do not use that conversation's wording otherwise. And "son": a
 * Spanish stop word ("son correctos"), but "my son", "the son's" is a person, so "Yes, and the
 * reservation for my son too" asks for more (a false confirmation on main at 1e37784, found while
 * red-teaming the first rule). And a typing slip: a word one slip from a kind of payment or cabin
 * the request did not name is that value ("crdit" was read as a slip of "cardit", i.e. "card").
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";

const cancel =
  "Just to confirm: I'm going to cancel reservation QF2M8K (Denver to Austin, June 14). Your refund of $245 goes back to your Mastercard ending 8812. Would you like me to proceed?";
const book =
  "Here's the booking I'll make: flight HAT215 from Boston to Orlando on June 3, economy, for Priya Shah, $187 on your Visa ending 4410, no insurance. Shall I book it?";

const decide = (request: string, reply: string) => judgeConsent({ request, reply }).decision;

describe("judgeConsent: 'the booking' is the reservation", () => {
  it("the noun names the reservation being cancelled or made: confirmed", () => {
    expect(decide(cancel, "Yes, please go ahead and cancel my booking.")).toBe("confirmed");
    expect(decide(cancel, "Yes — cancel the existing booking, thanks.")).toBe("confirmed");
    expect(decide(book, "Yes, go ahead with the booking. Thank you!")).toBe("confirmed");
  });
  it("the verb, or another booking, is still something the request did not describe", () => {
    expect(decide(cancel, "Yes, and booking me onto the Friday flight instead would be great.")).not.toBe("confirmed");
    expect(decide(cancel, "Yes cancel it, then booking a new one for the 20th.")).not.toBe("confirmed");
    expect(decide(cancel, "Yes, cancel my other booking as well.")).not.toBe("confirmed");
    expect(decide(cancel, "Yes, and the booking for my son too.")).not.toBe("confirmed");
    expect(decide(cancel, "Yes, and the booking for my wife too.")).not.toBe("confirmed");
  });
});

describe("judgeConsent: an English 'son' is a person, a Spanish 'son' is a verb", () => {
  it("my son, the son's: another person, not confirmed", () => {
    expect(decide(cancel, "Yes, and the reservation for my son too.")).not.toBe("confirmed");
    expect(decide(cancel, "Yes, and my son's booking too.")).not.toBe("confirmed");
    expect(decide(cancel, "Yes please, plus our son's one.")).not.toBe("confirmed");
  });
  it("Spanish 'son' (they are) stays a stop word", () => {
    const cancelar =
      "Para confirmar: voy a cancelar la reserva QF2M8K (Denver a Austin, 14 de junio). Los 245 dólares vuelven a su Mastercard terminada en 8812. ¿Procedo?";
    expect(decide(cancelar, "Sí, los datos son correctos, adelante.")).toBe("confirmed");
  });
});

describe("judgeConsent: a slip of a payment kind or cabin the request did not name is that value", () => {
  // found by the i14-redteam session: "crdit" was one letter from "cardit", which stems to "card"
  const toGiftCard = "I'll cancel reservation QF2M8K (Denver to Austin, June 14). The $245 refund goes back to your gift card ending 7359. Shall I proceed?";
  const toCreditCard =
    "I'll cancel reservation QF2M8K (Denver to Austin, June 14). The $245 refund goes back to your credit card ending 7359. Shall I proceed?";
  it("a misspelt payment kind or extra the request did not name: not confirmed", () => {
    expect(decide(toGiftCard, "Yes cancel it, refund to my crdit card.")).not.toBe("confirmed");
    expect(decide(toGiftCard, "Yes cancel it, refund to my credt card.")).not.toBe("confirmed");
    expect(decide(toCreditCard, "Yes cancel it, refund to my certficate.")).not.toBe("confirmed");
    expect(decide(toCreditCard, "Yes cancel it, refund to my gfit card.")).not.toBe("confirmed");
    expect(decide(toCreditCard, "Yes, and send me a certificate too.")).not.toBe("confirmed");
  });
  it("a slip of a courtesy word or of the request's own word still confirms", () => {
    expect(decide(toCreditCard, "Yes, pleasee go ahaed.")).toBe("confirmed");
    expect(decide(toCreditCard, "Yes, cancle it please.")).toBe("confirmed");
  });
});
