/**
 * Issue 14: a yes that pairs the parts of a split payment with the other methods ("$750 on the gift card and the rest on the Visa"
 * when the request puts $150 on the gift card and $750 on the Visa, "¥5,000 用礼品卡", "750 € con la tarjeta regalo") changes where
 * the money comes from (value-pairing.ts: amounts pair with methods as orders do). Found by red-team probes 12 (kept outside the
 * repository): on `main` at ea649ce, 2 such replies were confirmed. Saying the split back as put stays a yes.
 * Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const split: Lang3 = [
  "I'll upgrade reservation LB8C2D (flight HAT412, Oct 3) to business for $900.00, paid $150.00 from gift card gift_card_3141 and $750.00 on your Visa ending 5150. Shall I proceed?",
  "我将把预订 LB8C2D（航班 HAT412，10月3日）升级到公务舱，费用 ¥6,500，其中 ¥1,500 用礼品卡 gift_card_3141 支付，¥5,000 从您尾号 5150 的 Visa 卡扣款。确认吗？",
  "Voy a subir la reserva LB8C2D (vuelo HAT412, 3 de octubre) a business por 900 €, pagando 150 € con la tarjeta de regalo gift_card_3141 y 750 € con su Visa terminada en 5150. ¿Procedo?",
];

describe("the parts of a split payment paired with the other methods", () => {
  it("an amount put on the other method: unclear", () => {
    check([
      ...rows(
        split,
        [
          "Yes, $750 on the gift card and the rest on the Visa.",
          "好的，¥5,000 用礼品卡，剩下的刷 Visa。",
          "Sí, 750 € con la tarjeta regalo y lo demás con la Visa.",
        ],
        "unclear",
      ),
      ...rows(split, ["OK, take $150 from the Visa, the gift card covers the rest.", "可以，Visa 付 ¥1,500。", "Vale, 150 € con la Visa."], "unclear"),
    ]);
  });

  it("the split said back as put, or no amounts: confirmed", () => {
    check([
      ...rows(
        split,
        [
          "Yes, $150 from the gift card and $750 on the Visa.",
          "好的，¥1,500 用礼品卡，¥5,000 刷 Visa。",
          "Sí, 150 € con la tarjeta regalo y 750 € con la Visa.",
        ],
        "confirmed",
      ),
      ...rows(split, ["Yes, go ahead.", "好的，确认。", "Sí, proceda."], "confirmed"),
    ]);
  });
});
