/**
 * Issue 14: a purpose given after the go-ahead ("…so I can get on with my evening", "…para poder dormir tranquila", "…好让我早点安心")
 * says why the user wants the action, as a reason with "because" does: its ordinary words are no new content (stated-purpose.ts).
 * A purpose that names a detail of its own (a payment method, a person, a seat, a date, an amount), negates, restricts or changes
 * something may be setting the action: it is still read. Hand-written EN/ZH/ES rows, none a corpus row.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I can cancel reservation TQ7M2K (HAT118, DEN → SEA on 2024-06-02) and refund $284 to your Visa ending 3318. Shall I go ahead?",
  "我可以取消预订 TQ7M2K（HAT118，6月2日丹佛飞西雅图），并把 ¥2,040 退到您尾号 3318 的 Visa 卡。要办理吗？",
  "Puedo cancelar la reserva TQ7M2K (HAT118, DEN → SEA el 2024-06-02) y reembolsar 284 € a su Visa terminada en 3318. ¿Procedo?",
];
const exchange: Lang3 = [
  "I will exchange the desk lamp in order #W5521907 for the brass version (item 7719204461); the $12.40 difference goes to your PayPal. Proceed?",
  "我将把订单 #W5521907 里的台灯换成黄铜款（商品 7719204461），差价 ¥90 退到您的 PayPal。是否继续？",
  "Cambiaré la lámpara del pedido #W5521907 por la versión de latón (artículo 7719204461); la diferencia de 12,40 € va a su PayPal. ¿Continúo?",
];

describe("a purpose given beside the go-ahead", () => {
  it("a purpose that names nothing of the action: confirmed", () => {
    check([
      ...rows(
        cancel,
        [
          "Yes please, cancel it now so I can relax and enjoy my weekend.",
          "好的，麻烦现在就取消，好让我早点安心。",
          "Sí, cancélela ya, por favor, para poder dormir tranquila.",
        ],
        "confirmed",
      ),
      ...rows(
        exchange,
        [
          "Go ahead with the exchange, so I can finally read comfortably in my study.",
          "可以，换吧，这样我就能安心看书了。",
          "Adelante con el cambio, para que mi escritorio quede bien iluminado.",
        ],
        "confirmed",
      ),
    ]);
  });

  it("a purpose that names a detail of its own, negates or changes: not confirmed", () => {
    check([
      ...rows(
        cancel,
        [
          "Yes, cancel it so I can put the refund on my Amex instead.",
          "好的，取消吧，好让我太太改坐下午的航班。",
          "Sí, cancélela para que no me cobren la tarifa de cambio.",
        ],
        "unclear",
      ),
      ...rows(
        exchange,
        [
          "Yes, exchange it so my daughter can have the old one.",
          "好的，换吧，以便用礼品卡付差价。",
          "Sí, cámbiela para poder pagar la diferencia con mi tarjeta de crédito.",
        ],
        "unclear",
      ),
    ]);
  });
});
