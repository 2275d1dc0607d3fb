/**
 * A preference that names only what the request already does ("I'd rather put it on the gift card
 * than the card ending 5501", "prefiero pagar con la tarjeta terminada en 2207", "我宁愿用礼品卡"): the
 * user saying why this is their choice, not a change. Counterparts written first, which keep
 * blocking: a preference for what the request changes from, for a value or a word it never named, or
 * a negated preference ("I'd rather not…"). Hand-written rows (EN, ZH, ES), none a corpus string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const pay: Lang3 = [
  "I'll switch the payment for pending order #W3307719 from your Visa ending 5501 to your Mastercard ending 2207 ($143.80). Shall I proceed?",
  "我将把待处理订单 #W3307719 的付款方式从尾号 5501 的 Visa 改为尾号 2207 的万事达卡（143.80 美元）。确认办理吗？",
  "Voy a cambiar el pago del pedido pendiente #W3307719 de su Visa terminada en 5501 a su Mastercard terminada en 2207 ($143.80). ¿Procedo?",
];

describe("judgeConsent: a stated preference for what the request does", () => {
  it("a preference for what the request changes from: unclear", () => {
    check(
      rows(
        pay,
        [
          "Yes, though I'd rather pay with the Visa ending 5501.",
          "好的，不过我更想用尾号 5501 的 Visa 付。",
          "Sí, aunque prefiero pagar con la Visa terminada en 5501.",
        ],
        "unclear",
      ),
    );
  });
  it("a preference for a value or a word the request never named: unclear", () => {
    check(
      rows(pay, ["Yes, I'd rather use the card ending 9040.", "好的，我更想用尾号 9040 的卡。", "Sí, prefiero usar la tarjeta terminada en 9040."], "unclear"),
    );
    check(rows(pay, ["Yes, I'd prefer PayPal.", "好的，我更想用 PayPal。", "Sí, prefiero PayPal."], "unclear"));
  });
  it("a negated preference: unclear", () => {
    check(rows(pay, ["Yes, I'd rather not use the Mastercard.", "好的，我宁愿不用万事达卡。", "Sí, prefiero no usar la Mastercard."], "unclear"));
  });
  it("the request's own choice named as a preference: confirmed", () => {
    check(
      rows(
        pay,
        [
          "Yes, I'd rather pay with the Mastercard ending 2207.",
          "好的，我更想用尾号 2207 的万事达卡付。",
          "Sí, prefiero pagar con la Mastercard terminada en 2207.",
        ],
        "confirmed",
      ),
    );
  });
});
