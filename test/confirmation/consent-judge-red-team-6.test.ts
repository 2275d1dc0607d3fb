/**
 * Issue 14, item 2 ("zero false confirmations stays the rule"): attacks on the judge's newest readings
 * (past times, well-wishes, a story's ellipsis, "si porfa", settling 就行, "the only option", dropped
 * letters, not going any more). Each attack hides a change, another request or a hesitation inside the
 * kind of clause a reading now lets through; beside it, real-style yeses of the same shape that must
 * stay confirmed, so no fix is a blanket refusal. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const bags: Lang3 = [
  "Would you like me to add 2 checked bags to reservation PZ71HB for $50, charged to your Visa ending 2208?",
  "需要我为预订 PZ71HB 添加 2 件托运行李吗？费用 $50，从尾号 2208 的 Visa 卡扣除。",
  "¿Desea que añada 2 maletas facturadas a la reserva PZ71HB por $50, cargados a su Visa terminada en 2208?",
];

describe("a well-wish ends where another clause begins", () => {
  it("a request, a count or a time carried on after the wish: unclear", () => {
    check([
      ...rows(
        bags,
        [
          "Yes, add them. Hope you have a great day and add one for my wife too.",
          "好的，祝你顺利帮我改成三件。",
          "Sí, añádalas, que tenga buen día y añada otra para mi esposa.",
        ],
        "unclear",
      ),
      ...rows(
        bags,
        ["Yes, thanks — hope you have a nice weekend with 3 bags.", "好的，添加吧，祝你们也加一件。", "Sí, que tenga buen día con la Mastercard por favor."],
        "unclear",
      ),
      ...rows(
        bags,
        ["Yes. Hope you have a good day tomorrow when you add them.", "好的，祝您工作顺利，用万事达卡付。", "Sí, que tenga buen día y cárguelo mañana."],
        "unclear",
      ),
    ]);
  });
  it("the same wishes with nothing carried on: confirmed", () => {
    check([
      ...rows(bags, ["Yes, add them. Hope you have a great day.", "好的，添加吧。祝您晚上愉快。", "Sí, añádalas. Que tenga buen día."], "confirmed"),
      ...rows(
        bags,
        ["Yes, add them, and hope your evening is going well.", "好的，添加吧，祝您一切顺利。", "Sí, añádalas, gracias, que tenga buena tarde."],
        "confirmed",
      ),
    ]);
  });
});
