/**
 * The payment method said back in the user's own words: "my card" for the Visa ending 7312 the request names, "the gift card"
 * beside the amount the request's split takes from gift_card_2240918, "each gift card" for the request's two gift cards, "the
 * original gift card" when the request refunds to its one gift card, and "my original $245" (a price, not a method). Before,
 * each of these read as another method. Near-misses keep refusing: another kind ("my gift card" for a Visa), the split's
 * amounts the wrong way round or no amount at all, "the original card" (which one?) and an original method beside another.
 * Hand-written rows (EN, ZH, ES).
 */
import { describe, expect, it } from "vitest";
import { refersToOfferedMethod } from "../../src/confirmation/payment-reference.js";
import { normalizeText } from "../../src/confirmation/reply-text.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const visa: Lang3 = [
  "I'll exchange the helmet for the medium blue one; the $22.55 difference goes on your Visa ending in 7312. Shall I proceed?",
  "我会把头盔换成中号蓝色款，差价 22.55 美元从您尾号 7312 的 Visa 扣除。确认办理吗？",
  "Cambiaré el casco por el mediano azul; la diferencia de 22,55 dólares se cargará a su Visa terminada en 7312. ¿Procedo?",
];
const split: Lang3 = [
  "Please confirm the payment for the new booking (HAT330, $389):\n- $150 from gift_card_2240918\n- $239 on your credit card ending 5120\nReply yes and I'll book it this way.",
  "请确认新预订（HAT330，389 美元）的付款方式：\n- 150 美元从 gift_card_2240918 支付\n- 239 美元从尾号 5120 的信用卡支付\n回复“是”我就这样预订。",
  "Confirme el pago de la nueva reserva (HAT330, 389 dólares):\n- 150 dólares de gift_card_2240918\n- 239 dólares en su tarjeta de crédito terminada en 5120\n¿Desea que la reserve así?",
];
const twoGiftCards: Lang3 = [
  "I'll book Option 1 paying $39 with gift_card_7359776 and $67 with gift_card_7773485. Please reply yes to proceed.",
  "我会预订方案 1，用 gift_card_7359776 支付 39 美元，用 gift_card_7773485 支付 67 美元。请回复“是”继续。",
  "Reservaré la opción 1 pagando 39 dólares con gift_card_7359776 y 67 dólares con gift_card_7773485. Responda sí para continuar.",
];
const giftRefund: Lang3 = [
  "Changing to economy on May 24 costs $207, and the $2,580 difference would be refunded to your gift card. Would you like me to make that change?",
  "改为 5 月 24 日经济舱的价格是 207 美元，2580 美元的差额会退回您的礼品卡。需要我办理这个更改吗？",
  "El cambio a turista el 24 de mayo cuesta 207 dólares y la diferencia de 2580 dólares se reembolsará a su tarjeta de regalo. ¿Desea que haga el cambio?",
];
const price: Lang3 = [
  "The new flight HAT902 on May 27 costs $500; the difference from your current $245 goes on your credit card ending 7334. Shall I book it?",
  "5 月 27 日的新航班 HAT902 价格 500 美元，与您现在 245 美元的差价从尾号 7334 的信用卡扣除。要我预订吗？",
  "El nuevo vuelo HAT902 del 27 de mayo cuesta 500 dólares; la diferencia con sus 245 dólares actuales se cargará a su tarjeta de crédito terminada en 7334. ¿Lo reservo?",
];

describe("judgeConsent: a payment method said back in the user's words", () => {
  it("'my card' for the card the request names by brand and digits: confirmed (EN, ZH, ES)", () => {
    check(
      rows(
        visa,
        [
          "Yeah, that's what I want, go ahead and charge the $22.55 to my card.",
          "好的，就这样，差价从我的卡里扣吧。",
          "Sí, es lo que quiero, cárguelo a mi tarjeta.",
        ],
        "confirmed",
      ),
    );
  });
  it("another kind than the request's card: unclear", () => {
    check(rows(visa, ["Yes, go ahead, but charge my gift card.", "好的，不过从我的礼品卡扣。", "Sí, pero cárguelo a mi tarjeta de regalo."], "unclear"));
    check(rows(visa, ["Sure, charge it to my PayPal.", "可以，用我的 PayPal 付。", "Claro, con mi PayPal."], "unclear"));
  });
  it("the split said back, each method beside its amount: confirmed", () => {
    check(
      rows(
        split,
        [
          "Yes, $150 from the gift card and the remaining $239 on my card ending 5120, go ahead.",
          "是的，就这样分：150 美元用礼品卡，剩下 239 美元用尾号 5120 的卡。",
          "Sí, 150 dólares de la tarjeta de regalo y 239 en mi tarjeta terminada en 5120, adelante.",
        ],
        "confirmed",
      ),
    );
  });
  it("the split's amounts the other way round, or the whole on one method: unclear", () => {
    check(
      rows(
        split,
        [
          "Yes, $239 from the gift card and $150 on my card ending 5120.",
          "好的，239 美元用礼品卡，150 美元用尾号 5120 的卡。",
          "Sí, 239 dólares de la tarjeta de regalo y 150 en mi tarjeta terminada en 5120.",
        ],
        "unclear",
      ),
    );
    check(rows(split, ["Yes, just put it all on the gift card.", "好的，全部用礼品卡付吧。", "Sí, cárguelo todo a la tarjeta de regalo."], "unclear"));
  });
  it("'each gift card' for the request's two gift cards: confirmed; 'the gift card' alone, or one amount for each: unclear", () => {
    check([{ request: twoGiftCards[0], reply: "Yes, proceed as listed, with each gift card paying what you said.", expected: "confirmed" }]);
    check(rows(twoGiftCards, ["Yes, use the gift card.", "好的，用礼品卡付。", "Sí, use la tarjeta de regalo."], "unclear"));
    check(
      rows(
        twoGiftCards,
        ["Yes, proceed, with each gift card paying $67.", "好的，每张礼品卡各付 67 美元。", "Sí, adelante, 67 dólares con cada tarjeta de regalo."],
        "unclear",
      ),
    );
  });
  it("the reading itself: every gift card of the request, in the three languages", () => {
    const refers = (request: string, clause: string, noun: string) =>
      refersToOfferedMethod(normalizeText(request), clause, new RegExp(noun, "u").exec(clause)!);
    expect([
      refers(twoGiftCards[0], "with each gift card paying what you said", "gift card"),
      refers(twoGiftCards[1], "两张礼品卡都用", "礼品卡"),
      refers(twoGiftCards[2], "con ambas tarjetas de regalo", "tarjetas de regalo"),
      refers(twoGiftCards[0], "with the gift card", "gift card"),
      refers(twoGiftCards[1], "用礼品卡", "礼品卡"),
      refers(twoGiftCards[2], "con la tarjeta de regalo", "tarjeta de regalo"),
    ]).toEqual([true, true, true, false, false, false]);
  });
  it("'the original gift card' when the request refunds to its one gift card: confirmed", () => {
    check(
      rows(
        giftRefund,
        [
          "Let's go with that, and the refund back to the original gift card works for me. Please go ahead!",
          "好的，原来的礼品卡没问题，请办理。",
          "Adelante con eso; el reembolso a la tarjeta de regalo original me parece bien.",
        ],
        "confirmed",
      ),
    );
  });
  it("'the original card', or an original method beside another one the request names: unclear", () => {
    check(rows(giftRefund, ["Yes, go ahead and refund it to the original card.", "好的，退回原来的卡。", "Sí, reembólselo a la tarjeta original."], "unclear"));
    check(rows(giftRefund, ["Yes, refund it to my original credit card.", "好的，退到我原来的信用卡。", "Sí, a mi tarjeta de crédito original."], "unclear"));
  });
  it("'original' of a price, beside the request's card: confirmed", () => {
    check(
      rows(
        price,
        [
          "Yes, book HAT902. I understand it's $500 plus the difference from my original $245, charged to my credit card ending in 7334.",
          "好的，订 HAT902。我明白是 500 美元，和我原来的 245 美元的差价从尾号 7334 的信用卡扣。",
          "Sí, reserve el HAT902. Entiendo que son 500 dólares más la diferencia con mis 245 originales, a mi tarjeta de crédito terminada en 7334.",
        ],
        "confirmed",
      ),
    );
  });
});
