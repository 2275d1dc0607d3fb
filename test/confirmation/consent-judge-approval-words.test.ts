/**
 * A verdict on the proposal ("that works for me", "all good", "me parece bien", "没问题") beside a go-ahead in the same clause
 * is agreement, not words of a new detail: "That works for me, please proceed." read "work" as something the request did not
 * describe (found writing red-team 12's controls). The words around it are still read: a change, an addition or a
 * restriction beside the verdict stays unclear. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const bags: Lang3 = [
  "I'll add one checked bag to reservation LM44QZ for Ana Ruiz, $35 charged to your Mastercard ending 6610. Would you like me to go ahead?",
  "我将为预订 LM44QZ 的乘客 Ana Ruiz 添加一件托运行李，$35 从尾号 6610 的 Mastercard 扣款。要我办理吗？",
  "Añadiré una maleta facturada a la reserva LM44QZ de Ana Ruiz, $35 con cargo a su Mastercard terminada en 6610. ¿Desea que proceda?",
];

describe("a verdict on the proposal beside a go-ahead", () => {
  it("'that works for me, please proceed' and the like: confirmed", () => {
    check([
      ...rows(bags, ["That works for me, please go ahead.", "没问题，请办理吧。", "Me parece bien, proceda por favor."], "confirmed"),
      ...rows(bags, ["That works, please add the bag.", "没问题，加吧。", "Me viene bien, añádala."], "confirmed"),
    ]);
  });
  it("the same verdict beside a change, an addition or a restriction: unclear", () => {
    check([
      ...rows(
        bags,
        ["That works for me, but charge my Visa instead.", "没问题，但是用我的 Visa 卡付。", "Me parece bien, pero cárguelo a mi Visa."],
        "unclear",
      ),
      ...rows(bags, ["That works, and add one for my son too.", "可以，也给我儿子加一件。", "Me parece bien, y añada otra para mi hijo."], "unclear"),
    ]);
  });
});
