/**
 * Issue 14: a yes that takes for granted a term of the action the request never stated — what the amount includes, or that a
 * stated fee is waived (assumed-term.ts). Found by red-team probes 13 (kept outside the repository): on `main` at 19d9047, 6 of 9
 * such replies were confirmed. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const upgrade: Lang3 = [
  "I can upgrade reservation ZL4M8Q on HAT212 from economy to business class for $310, charged to your Amex ending 5507. Shall I go ahead?",
  "我可以把预订 ZL4M8Q 在 HAT212 上从经济舱升到商务舱，费用 ¥2,200，从您尾号 5507 的信用卡扣除。是否办理？",
  "Puedo subir la reserva ZL4M8Q del HAT212 de turista a business por 310 €, con cargo a su Amex terminada en 5507. ¿Procedo?",
];
const line: Lang3 = [
  "I can add a second line, 555-0177, to your account on the Basic Talk plan at $20/month. There is a one-time $15 activation fee. Would you like me to add it?",
  "我可以在您的账户下新增一个号码 137****0177，使用每月 ¥39 的基础通话套餐，另收一次性开通费 ¥20。需要我办理吗？",
  "Puedo añadir una segunda línea, 600 555 177, a su cuenta con la tarifa Básica Voz por 12 €/mes. Hay una cuota de alta única de 15 €. ¿Quiere que la añada?",
];
const waived: Lang3 = [
  "I can add a second line, 555-0177, to your account on the Basic Talk plan at $20/month; the usual $15 activation fee is waived for you. Would you like me to add it?",
  "我可以在您的账户下新增一个号码 137****0177，使用每月 ¥39 的基础通话套餐，开通费 ¥20 为您免除。需要我办理吗？",
  "Puedo añadir una segunda línea, 600 555 177, a su cuenta con la tarifa Básica Voz por 12 €/mes; la cuota de alta de 15 € queda exenta para usted. ¿Quiere que la añada?",
];

describe("a yes that takes for granted a term the request never stated", () => {
  it("what the amount includes: unclear", () => {
    check([
      ...rows(
        upgrade,
        [
          "Sure, do it — and that $310 covers lounge access too, from what I remember.",
          "好的，升吧，这 ¥2,200 应该包括贵宾室吧。",
          "Vale, hágalo; los 310 € ya incluyen el acceso a la sala VIP, según tengo entendido.",
        ],
        "unclear",
      ),
      ...rows(
        line,
        [
          "Yes, add it. The $20 includes unlimited texting, I believe my friend said.",
          "可以，加吧，我听说这个套餐包含无限短信。",
          "Sí, añádala; la tarifa incluye SMS ilimitados, me dijeron.",
        ],
        "unclear",
      ),
    ]);
  });

  it("that a stated fee is waived: unclear", () => {
    check(
      rows(
        line,
        [
          "Okay, add the line. The $15 activation fee will be waived for a loyal customer like me, of course.",
          "行，加吧，开通费就给我减免了吧，老客户了。",
          "Vale, añádala. La cuota de alta de 15 € me la perdonan, que soy cliente de siempre.",
        ],
        "unclear",
      ),
    );
  });

  it("the stated terms accepted, or a waiver the request itself states: confirmed", () => {
    check([
      ...rows(
        upgrade,
        ["Sure, do it — $310 on the Amex is fine.", "好的，升吧，¥2,200 没问题。", "Vale, hágalo, los 310 € a la Amex están bien."],
        "confirmed",
      ),
      ...rows(line, ["Yes, add it, the $15 fee is fine.", "可以，加吧，开通费 ¥20 可以。", "Sí, añádala, la cuota de 15 € está bien."], "confirmed"),
      ...rows(
        waived,
        ["Yes, add it — and thanks for waiving the fee!", "可以，加吧，谢谢免除开通费！", "Sí, añádala, qué bien que la cuota quede exenta."],
        "confirmed",
      ),
    ]);
  });
});
