/**
 * An alternative the user concedes is not available ("Since PayPal is not an option, yes, please proceed…", "Como PayPal no es
 * una opción, sí, adelante…", "既然不能退到PayPal，那就办吧…") says what the action will not use: it adds nothing, so the yes
 * stands. Found as a miss on real replies (real-replies-9 tuning, r9-115). Conceding away the very method the request put, or
 * naming another one to use instead, still changes the action. Rows of their own in EN/ZH/ES.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const returnToCard: Lang3 = [
  "Refunds for delivered orders go back to the original payment method or an existing gift card; you have no gift card, so the $212.40 for the blender in order #W6611023 would go back to your Visa ending 7285. Would you like to proceed with the return?",
  "已送达订单的退款只能退回原支付方式或已有的礼品卡；您没有礼品卡，所以订单 #W6611023 中搅拌机的 $212.40 会退回尾号 7285 的 Visa。要办理退货吗？",
  "Los reembolsos de pedidos entregados van al método de pago original o a una tarjeta de regalo existente; no tiene tarjeta de regalo, así que los $212.40 de la licuadora del pedido #W6611023 irían a su Visa terminada en 7285. ¿Desea proceder con la devolución?",
];

describe("an alternative the user concedes is not available", () => {
  it("conceding a method the request never put, then a yes: confirmed", () => {
    check(
      rows(
        returnToCard,
        [
          "Since PayPal is not an option, yes, please proceed with the return and refund to my Visa.",
          "既然不能退到PayPal，那就办吧，退到Visa卡上。",
          "Como PayPal no es una opción, sí, adelante con la devolución a mi Visa.",
        ],
        "confirmed",
      ),
    );
  });
  it("naming another method to use instead, or conceding away the request's own method: unclear", () => {
    check([
      ...rows(
        returnToCard,
        [
          "Since PayPal is not an option, yes, but put the refund on my Venmo instead.",
          "既然不能退到PayPal，那就办吧，不过退到我的微信钱包。",
          "Como PayPal no es una opción, sí, pero reembolse a mi Venmo.",
        ],
        "unclear",
      ),
      ...rows(
        returnToCard,
        [
          "Since the Visa is not an option for me, yes, please proceed.",
          "既然不能退到Visa，那就办吧。",
          "Como la Visa no es una opción para mí, sí, adelante.",
        ],
        "unclear",
      ),
    ]);
  });
});
