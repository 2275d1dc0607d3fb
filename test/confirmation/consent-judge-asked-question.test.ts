/**
 * Issue 14, item 2: a bare yes answers the question the user was last asked (asked-question.ts). Found by
 * the lead's red-team probes 9 (kept outside the repository): on `main` at 5374ca2, 33 of 33 probes whose
 * request described the action and then asked about something else ("…Would you like me to email you the
 * itinerary as well?", "…Do you want to keep the reservation instead?", "…Should I hold off?") were
 * confirmed. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const action: Lang3 = [
  "I'll remove the checked bag from reservation WQ38LD and refund $35 to your Amex ending 1150. ",
  "我将从预订 WQ38LD 中取消托运行李，并将35美元退回您尾号1150的运通卡。",
  "Voy a quitar la maleta facturada de la reserva WQ38LD y reembolsar 35 dólares a su Amex terminada en 1150. ",
];
const ask = (q: Lang3): Lang3 => [action[0] + q[0], action[1] + q[1], action[2] + q[2]];

const extra = ask(["Would you like a copy of the receipt by email?", "需要我把收据发到您的邮箱吗？", "¿Quiere una copia del recibo por correo?"]);
const keep = ask(["Or would you rather keep the bag on the booking?", "还是您想保留这件行李？", "¿O prefiere conservar la maleta en la reserva?"]);
const hold = ask([
  "Do you want to wait until you have checked the baggage rules?",
  "要不要先等等，看看行李规定再说？",
  "¿Desea esperar hasta revisar las reglas de equipaje?",
]);
const offer = ask(["Is there anything else I can help you with?", "还有什么可以帮您的吗？", "¿Hay algo más en lo que pueda ayudarle?"]);
const proceed = ask(["Shall I go ahead?", "确认要办理吗？", "¿Desea que proceda?"]);
const correct = ask(["Is that correct?", "这样对吗？", "¿Es correcto?"]);
const verb = ask(["Do you want me to remove it now?", "现在要取消这件行李吗？", "¿Quiere que la quite ahora? ¿Reembolso los 35 dólares?"]);
const beforeThen = ask([
  "Before I remove it, is everything above correct?",
  "取消之前，以上信息都正确吗？",
  "Antes de quitarla, ¿es correcto todo lo anterior?",
]);

describe("a bare yes answers the last question asked", () => {
  it("after a question about an extra, the action's alternative, a delay or further help: unclear", () => {
    check([
      ...rows(extra, ["Yes please.", "好的。", "Sí, por favor."], "unclear"),
      ...rows(keep, ["Yes.", "是的。", "Sí."], "unclear"),
      ...rows(hold, ["Sure.", "好吧。", "Claro."], "unclear"),
      ...rows(offer, ["Yes.", "有的。", "Sí."], "unclear"),
    ]);
  });

  it("the same request, a reply that goes ahead in words of its own: confirmed", () => {
    check([...rows(extra, ["Yes please, and go ahead with the refund.", "好的，请办理。", "Sí, adelante con el reembolso."], "confirmed")]);
  });

  it("after a question that puts the action or the proposal: confirmed", () => {
    check([
      ...rows(proceed, ["Yes please.", "好的。", "Sí, por favor."], "confirmed"),
      ...rows(correct, ["Yes.", "对。", "Sí."], "confirmed"),
      ...rows(verb, ["Yes.", "好的。", "Sí."], "confirmed"),
      ...rows(beforeThen, ["Yes.", "是的。", "Sí."], "confirmed"),
    ]);
  });
});
