/**
 * "The original card", "原来那张卡", "la tarjeta original": the method the request already names as the original one, restated in the
 * user's words, designates nothing new; another card, a gift card or "my other card" still changes it. Hand-written rows (EN, ZH, ES).
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const returnToOriginal: Lang3 = [
  "I'll return the electric toothbrush (white, $89.99) from order #W2284710; the refund goes back to your original payment method, the credit card ending 5521. Shall I proceed?",
  "为您办理订单 #W2284710 的退货：电动牙刷（白色）89.99 美元，退款将退回原支付方式（尾号 5521 的信用卡）。请问确认办理吗？",
  "Voy a devolver el cepillo eléctrico (blanco, $89.99) del pedido #W2284710; el reembolso vuelve a su método de pago original, la tarjeta de crédito terminada en 5521. ¿Procedo?",
];

describe("judgeConsent: the original card the request names, restated", () => {
  it("'back to the original card', '退回原来那张卡', 'a la tarjeta original': confirmed", () => {
    check(
      rows(
        returnToOriginal,
        [
          "Yes, please return it, back to the original card is fine. Thanks!",
          "确认退货，退回原来那张卡就好。谢谢～",
          "Sí, devuélvalo, a la tarjeta original está bien. ¡Gracias!",
        ],
        "confirmed",
      ),
    );
    check(rows(returnToOriginal, ["Yes, refund it to the original card.", "确认，退回原先那张卡。", "Sí, reembolse a la tarjeta original."], "confirmed"));
  });
  it("near-miss: another card or a gift card: unclear", () => {
    check(
      rows(returnToOriginal, ["Yes, return it, refund it to my other card.", "确认退货，不过退到另一张卡。", "Sí, devuélvalo a mi otra tarjeta."], "unclear"),
    );
    check(
      rows(
        returnToOriginal,
        ["Yes, return it, but refund it to my gift card instead.", "确认退货，退到我的礼品卡。", "Sí, pero reembólselo a mi tarjeta de regalo."],
        "unclear",
      ),
    );
  });
});
