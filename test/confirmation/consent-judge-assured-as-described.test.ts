/**
 * A yes with a wish to be sure of what the request itself says will happen ("make sure the refund is processed to the original
 * payment method", "asegúrese de que el reembolso vaya al método de pago original", "确保退款退回原支付方式"): no condition
 * (assured-as-described.ts). A wish to be sure of anything else — another card the request names elsewhere, an amount of the
 * user's own, a time, a negation, a person — stays a condition. Hand-written rows (EN, ZH, ES), none taken from a corpus.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const downgrade: Lang3 = [
  "Downgrading both passengers on reservation QW4T7Z to basic economy results in a refund of $412. The refund will be processed to the original payment method. Your Visa ending 2210 on file will not be charged. Would you like me to proceed?",
  "将预订 QW4T7Z 的两位乘客降为基础经济舱，可退款 412 美元。退款将退回原支付方式。您账户里尾号 2210 的 Visa 卡不会被扣款。要我办理吗？",
  "Bajar a los dos pasajeros de la reserva QW4T7Z a económica básica da un reembolso de 412 dólares. El reembolso irá al método de pago original. Su Visa terminada en 2210 no se cobrará. ¿Desea que proceda?",
];

describe("judgeConsent: a wish to be sure of what the request says", () => {
  it("the request's own sentence said again after 'make sure': confirmed", () => {
    check(
      rows(
        downgrade,
        [
          "Yes, please proceed with the downgrade and make sure the refund is processed to the original payment method. Let me know once it's done.",
          "好的，请办理降舱，确保退款退回原支付方式。",
          "Sí, proceda con el cambio y asegúrese de que el reembolso vaya al método de pago original.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        downgrade,
        [
          "Go ahead with the downgrade, and make sure the refund goes to the original payment method right away.",
          "可以，降舱吧，务必把退款尽快退回原支付方式。",
          "Adelante con el cambio, y asegúrese de que el reembolso vaya cuanto antes al método de pago original.",
        ],
        "confirmed",
      ),
    );
  });
  it("a wish to be sure of something the request did not say: unclear", () => {
    // another card the request names in another sentence
    check(
      rows(
        downgrade,
        [
          "Yes, proceed, and make sure the refund goes to my Visa ending 2210.",
          "好的，办理吧，确保退款退到尾号2210的Visa卡。",
          "Sí, proceda, y asegúrese de que el reembolso vaya a mi Visa terminada en 2210.",
        ],
        "unclear",
      ),
    );
    // an amount of the user's own, a time, a negation, a person
    check(
      rows(
        downgrade,
        [
          "Yes, proceed, but make sure the refund is $500.",
          "好的，办理吧，确保今天退款到账。",
          "Sí, proceda, y asegúrese de que mi esposa siga en clase económica.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        downgrade,
        [
          "Yes, go ahead and make sure the refund is not processed to the original payment method.",
          "好的，办理吧，确保退款不要退回原支付方式。",
          "Sí, proceda y asegúrese de que el reembolso no vaya al método de pago original.",
        ],
        "unclear",
      ),
    );
  });
});
