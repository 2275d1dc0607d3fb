/**
 * Offers of further help that close agent messages (closing-offer.ts): the words that make a question such an offer, and the
 * whole sentence the consent judge sets aside before reading what a request asks. EN, ZH, ES.
 */
import { describe, expect, it } from "vitest";
import { CLOSING_OFFER_SENTENCE, CLOSING_OFFER_WORDS } from "../../src/confirmation/closing-offer.js";

describe("closing offers of further help", () => {
  it("finds the offer in a question, in the three languages", () => {
    for (const q of [
      "is there anything else i can help you with today?",
      "¿hay algo mas en que pueda ayudarle?",
      "还有什么可以帮您的吗？",
      "any other questions?",
    ])
      expect(CLOSING_OFFER_WORDS.test(q)).toBe(true);
  });
  it("does not read a question about the action as an offer", () => {
    for (const q of ["shall i cancel reservation m3qk7d?", "¿desea que proceda con el cambio?", "确认取消吗？"])
      expect(CLOSING_OFFER_WORDS.test(q)).toBe(false);
  });
  it("removes only a whole sentence that offers help, not the question about the action", () => {
    const request = "i'll refund $410 to your visa. shall i proceed? if you have any other questions, let me know.";
    expect(request.replace(CLOSING_OFFER_SENTENCE, " ").trim()).toBe("i'll refund $410 to your visa. shall i proceed?");
    expect("let me know if you want me to proceed.".replace(CLOSING_OFFER_SENTENCE, " ")).toBe("let me know if you want me to proceed.");
  });
});
