/**
 * The payment-method lexicon (payment-method-lexicon.ts): the one list of method kinds, brands, payment ids and last-digit
 * words that the payment readers build their patterns from. EN, ZH, ES.
 */
import { describe, expect, it } from "vitest";
import {
  ALL_BRANDS_LATIN,
  CARD_BRANDS,
  CARD_DIGITS_LEAD,
  CREDIT_KIND_NAMED,
  LAST_DIGITS_LEAD,
  METHOD_ID,
  METHOD_KINDS,
  isPaymentIdKey,
} from "../../src/confirmation/payment-method-lexicon.js";
import { boundedSource } from "../../src/confirmation/lexicon-words.js";

const finds = (words: { latin: string; han: string }, text: string) => new RegExp(boundedSource(words), "iu").test(text);

describe("payment-method lexicon", () => {
  it("matches Latin words between non-letters and Chinese words anywhere", () => {
    expect(finds(CARD_BRANDS.visa, "use my visa ending 1234")).toBe(true);
    expect(finds(CARD_BRANDS.visa, "i need a visa-free trip")).toBe(true);
    expect(finds(CARD_BRANDS.visa, "the revisado booking")).toBe(false);
    expect(finds(CARD_BRANDS.visa, "用我的维萨卡")).toBe(true);
    expect(finds(METHOD_KINDS.paypal.named, "refund to paypal")).toBe(true);
    expect(finds(METHOD_KINDS.paypal.named, "paypals")).toBe(false);
  });
  it("names each kind in the three languages", () => {
    expect(finds(METHOD_KINDS.giftCard.noun, "con mis tarjetas de regalo")).toBe(true);
    expect(finds(METHOD_KINDS.giftCard.noun, "用礼品卡")).toBe(true);
    expect(finds(METHOD_KINDS.creditCard.noun, "la tarjeta de credito")).toBe(true);
    expect(finds(METHOD_KINDS.certificate.noun, "usa el certificado")).toBe(true);
    expect(finds(METHOD_KINDS.certificate.noun, "用代金券")).toBe(true);
    expect(finds(METHOD_KINDS.giftCard.noun, "the credit card")).toBe(false);
  });
  it("reads a brand as a credit card, but not the verb 'discover'", () => {
    expect(finds(CREDIT_KIND_NAMED, "your american express")).toBe(true);
    expect(finds(CREDIT_KIND_NAMED, "信用卡")).toBe(true);
    expect(finds(CREDIT_KIND_NAMED, "you'll discover the new seats")).toBe(false);
    expect(new RegExp(`(?:${ALL_BRANDS_LATIN})`, "iu").test("your discover card")).toBe(true);
  });
  it("tells payment ids from order and reservation ids", () => {
    expect(isPaymentIdKey("id:gift_card_2240918")).toBe(true);
    expect(isPaymentIdKey("id:credit_card_7334")).toBe(true);
    expect(isPaymentIdKey("id:paypal_99")).toBe(true);
    expect(isPaymentIdKey("id:w5490111")).toBe(false);
    expect(isPaymentIdKey("n:7334")).toBe(false);
    expect("$150 from gift_card_2240918 and $50 from certificate_77".match(METHOD_ID)).toEqual(["gift_card_2240918"]);
  });
  it("finds a card's last digits after the words that point at them", () => {
    const digits = new RegExp(`(?:${CARD_DIGITS_LEAD}|${LAST_DIGITS_LEAD})\\s*(\\d{4})`, "u");
    for (const text of [
      "the visa ending in 7334",
      "ending with 7334",
      "la tarjeta terminada en 7334",
      "la que termina en 7334",
      "尾号7334",
      "last four of 7334",
    ])
      expect(digits.exec(text)?.[1]).toBe("7334");
    expect(digits.exec("flight 7334")).toBeNull();
  });
});
