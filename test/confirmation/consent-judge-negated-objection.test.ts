/**
 * An affirmation made by negating an objection ("No objections, go ahead", "I don't see why not", "No veo por qué no", "没意见，办吧"):
 * after a yes-or-no question it is a yes to the whole proposal, not a negation of something the request did not say (it was read
 * as "no_affirmative", "negation" or, for "why not", sarcasm). With an object of its own ("no objection to the refund", "对退款没意见")
 * it judges one part only; before "but", "if" or "as long as" it is qualified; after a question of which, it picks nothing.
 * Hand-written EN/ZH/ES rows (none from a corpus).
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I'll cancel reservation PQ7T2M (Denver to Austin, June 3) and refund $214 to your Visa ending 5521. Shall I go ahead?",
  "我将取消预订 PQ7T2M（丹佛至奥斯汀，6月3日），并把 $214 退回尾号 5521 的 Visa 卡。要我办理吗？",
  "Cancelaré la reserva PQ7T2M (Denver a Austin, 3 de junio) y reembolsaré $214 a su Visa terminada en 5521. ¿Procedo?",
];

const which: Lang3 = [
  "Which reservation would you like me to cancel, PQ7T2M or ZK81WE?",
  "您想取消哪一个预订，PQ7T2M 还是 ZK81WE？",
  "¿Qué reserva desea que cancele, PQ7T2M o ZK81WE?",
];

describe("an objection negated, said of the whole proposal", () => {
  it("alone or beside a go-ahead, after a yes-or-no question: confirmed", () => {
    check([
      ...rows(cancel, ["No objections, go ahead.", "没意见，办吧。", "No tengo ninguna objeción, adelante."], "confirmed"),
      ...rows(cancel, ["I don't see why not.", "我不反对。", "No veo por qué no."], "confirmed"),
      ...rows(cancel, ["We have no objection on our side, thanks.", "我们没有异议，谢谢。", "No hay inconveniente, gracias."], "confirmed"),
      ...rows(cancel, ["I can't see any reason not to. Please cancel it.", "没什么意见，取消吧。", "No me opongo, cancélela por favor."], "confirmed"),
    ]);
  });
});

describe("the same words that do not agree to the whole proposal", () => {
  it("with an object of its own (one part of the action): not confirmed", () => {
    notConfirmed(cancel, ["No objection to the refund.", "我对退款没有意见。", "No tengo inconveniente con el reembolso."]);
    notConfirmed(cancel, ["I don't object to cancelling ZK81WE.", "对取消 ZK81WE 没意见。", "No me opongo a cancelar ZK81WE."]);
  });
  it("qualified by a condition or a contrast: not confirmed", () => {
    notConfirmed(cancel, [
      "No objections if the refund lands this week.",
      "如果这周能到账，我没意见。",
      "No tengo inconveniente si el reembolso llega esta semana.",
    ]);
    notConfirmed(cancel, [
      "No objection, but send the refund to PayPal instead.",
      "没意见，不过退款退到 PayPal。",
      "Sin objeciones, pero el reembolso a PayPal.",
    ]);
    notConfirmed(cancel, [
      "No objection as long as I keep my seat upgrade.",
      "没意见，只要保留我的升舱。",
      "Ninguna objeción, siempre que conserve mi asiento.",
    ]);
  });
  it("a reason not to, or an objection made: not confirmed", () => {
    notConfirmed(cancel, ["I don't see why I should lose $40 on this.", "我不明白为什么要损失 $40。", "No veo por qué debería perder $40 en esto."]);
    notConfirmed(cancel, ["I object to this.", "我反对。", "Me opongo."]);
  });
  it("after a question of which: picks nothing", () => {
    notConfirmed(which, ["No objections.", "没意见。", "No tengo objeciones."]);
  });
});
