import { describe, expect, it } from "vitest";
import { acceptsOpenAmount } from "../../src/confirmation/open-amount.js";

/**
 * A user who, in the reply, names how to pay "the difference" without a price accepts an open
 * amount: the charge then needs no stated price (labelling rule 3 of test/audit/labels/README.md).
 * A cap, a refusal or a question about the amount is not acceptance.
 */
describe("acceptsOpenAmount", () => {
  it.each([
    // English: the fixed forms ("any price difference", "whatever it costs")
    "Yes, use gift_card_1111111 for any price difference.",
    "Go ahead, whatever it costs.",
    // English: the conditional form, said as real customers say it
    "I'd like Option 2. If there's a price difference, please use the credit card ending in 7334 for payment. Yes, please proceed.",
    "Yes. If there is any difference in fare, charge it to my Visa.",
    "Sure, and if there's an extra charge, put it on my gift card.",
    "If it costs more, just use my Mastercard. Go ahead.",
    // Spanish
    "Sí, si hay alguna diferencia de precio, cárguela a mi tarjeta Visa.",
    "Adelante; cualquier diferencia, con mi tarjeta de regalo.",
    // Chinese
    "好的，如果有差价就用我的信用卡付。",
    "可以，差价不管多少都用礼品卡支付。",
  ])("accepts: %s", (reply) => {
    expect(acceptsOpenAmount(reply)).toBe(true);
  });

  it.each([
    // a cap is not an open amount
    "If there's a price difference under $50, use my Visa.",
    "Use my Visa for any price difference up to 100 dollars.",
    "Sí, si la diferencia es de menos de 50 dólares, con mi tarjeta.",
    "如果差价不超过50元，就用信用卡。",
    // a refusal of any extra cost
    "If there's a price difference, don't make the change.",
    "Only if there is no price difference.",
    "如果有差价就不要改了。",
    "Si hay diferencia de precio, no lo cambie.",
    // a question about the amount
    "If there's a price difference, how much would it be?",
    "差价是多少？",
    // no payment named for the difference
    "Yes, please proceed with Option 2.",
    "I don't mind a small difference.",
  ])("does not accept: %s", (reply) => {
    expect(acceptsOpenAmount(reply)).toBe(false);
  });
});
