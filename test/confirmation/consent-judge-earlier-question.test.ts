/**
 * Issue 14: a yes that takes up the request's earlier question answers that question (earlier-question.ts). Found by red-team
 * probes 12 (kept outside the repository): on `main` at ea649ce, 7 of 9 replies that answered a first question about a fact or
 * a preference ("is the email on file still …?", "would you like a window seat?") before the question that put the action
 * were confirmed. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const seat: Lang3 = [
  "Would you prefer an aisle seat on the new flight? And shall I move reservation PX4R7T from HAT066 on March 2 to HAT070 on March 3, economy, no fee?",
  "新航班上您想要靠过道的座位吗？另外，我将把预订 PX4R7T 从3月2日的 HAT066 改到3月3日的 HAT070，经济舱，免费，是否确认？",
  "¿Prefiere un asiento de pasillo en el nuevo vuelo? Y, ¿desea que cambie la reserva PX4R7T del HAT066 del 2 de marzo al HAT070 del 3 de marzo, clase económica, sin cargo?",
];
const email: Lang3 = [
  "Is j.okafor@example.com still your email address? And shall I return the Espresso Grinder (item 6620) from order #W1188204 and refund $129.00 to your Amex ending 3003?",
  "您的联系邮箱还是 wei.li@example.com 吗？另外，我将退回订单 #W1188204 中的磨豆机（商品 6620），并将 ¥899 退回您尾号 3003 的银行卡，是否确认？",
  "¿Su correo de contacto sigue siendo j.okafor@example.com? Y, ¿desea que devuelva el molinillo (artículo 6620) del pedido #W1188204 y reembolse 129 € a su Amex terminada en 3003?",
];

const phone: Lang3 = [
  "Is 312-555-0148 still the best number to reach you? And shall I return the Espresso Grinder (item 6620) from order #W1188204 and refund $129.00 to your Amex ending 3003?",
  "您的联系电话还是 139****2207 吗？另外，我将退回订单 #W1188204 中的磨豆机（商品 6620），并将 ¥899 退回您尾号 3003 的银行卡，是否确认？",
  "¿Su teléfono de contacto sigue siendo el 612 345 678? Y, ¿desea que devuelva el molinillo (artículo 6620) del pedido #W1188204 y reembolse 129 € a su Amex terminada en 3003?",
];

describe("a yes that takes up the request's earlier question", () => {
  it("answers a preference asked before the action: unclear", () => {
    check([
      ...rows(seat, ["Yes, an aisle seat would be great.", "好的，要靠过道的。", "Sí, pasillo por favor."], "unclear"),
      ...rows(seat, ["Aisle, yes please.", "过道座位，好的。", "Sí, el asiento de pasillo."], "unclear"),
    ]);
  });

  it("answers a fact asked before the action: unclear", () => {
    check([
      ...rows(email, ["Yep, same email.", "是的，还是这个邮箱。", "Sí, es mi correo de contacto."], "unclear"),
      // the number the question quotes is the fact asked about, not an amount or an identifier of the action
      ...rows(phone, ["Yes, that number's still mine.", "对的，联系电话就是这个。", "Sí, el teléfono es ese."], "unclear"),
    ]);
  });

  it("a bare yes, a yes that also goes ahead, or one that names the action's own details: confirmed", () => {
    check([
      ...rows(seat, ["Yes.", "好的。", "Sí."], "confirmed"),
      ...rows(seat, ["Aisle please, and yes, make the change.", "要过道座位，确认改签。", "Sí, pasillo, y adelante con el cambio."], "confirmed"),
      ...rows(
        phone,
        ["Yes, same number — and go ahead with the return.", "电话是这个，确认办理。", "Sí, es ese teléfono, y proceda con la devolución."],
        "confirmed",
      ),
      ...rows(seat, ["Yes, move me to HAT070.", "好的，改到 HAT070。", "Sí, cámbieme al HAT070."], "confirmed"),
      ...rows(
        email,
        ["Yes, that's my email, and go ahead with the return.", "对，是这个邮箱，确认办理。", "Sí, ese es mi correo, y proceda con la devolución."],
        "confirmed",
      ),
    ]);
  });
});
