/**
 * Issue 14: the thing the action is on, called by the reply the other kind of a pair than the request says it is — the return
 * flight for the outbound one, savings for checking, a debit card for a credit card, the tablet line for the main line
 * (contrary-kind.ts). Found by red-team probes 14 (kept outside the repository): on `main` at 0187c9a, "把我的回程 HAT045 改到22号"
 * to a change of the outbound HAT045 was confirmed. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const returnLeg: Lang3 = [
  "I'll cancel the return flight HAT508 on September 9 of reservation QF2KLD and refund $180 to your Visa ending 2210. Shall I go ahead?",
  "我将取消预订 QF2KLD 中9月9日的回程航班 HAT508，并把 ¥1,260 退回尾号 2210 的 Visa 卡。是否确认？",
  "Voy a cancelar el vuelo de vuelta HAT508 del 9 de septiembre de la reserva QF2KLD y reembolsar 180 € a su Visa terminada en 2210. ¿Procedo?",
];
const outboundLeg: Lang3 = [
  "I'll cancel the outbound flight HAT508 on September 9 of reservation QF2KLD and refund $180 to your Visa ending 2210. Shall I go ahead?",
  "我将取消预订 QF2KLD 中9月9日的去程航班 HAT508，并把 ¥1,260 退回尾号 2210 的 Visa 卡。是否确认？",
  "Voy a cancelar el vuelo de ida HAT508 del 9 de septiembre de la reserva QF2KLD y reembolsar 180 € a su Visa terminada en 2210. ¿Procedo?",
];
const billFromSavings: Lang3 = [
  "I'll pay your phone bill of $84 from your savings account ending 3391 today. Shall I proceed?",
  "我将今天从您尾号 3391 的储蓄账户支付话费 ¥84。是否确认？",
  "Voy a pagar hoy su factura de teléfono de 84 € desde su cuenta de ahorros terminada en 3391. ¿Procedo?",
];
const freezeCredit: Lang3 = [
  "I'll freeze your credit card ending 7720 until you unfreeze it in the app. Shall I go ahead?",
  "我将冻结您尾号 7720 的信用卡，直到您在 App 里解冻。是否办理？",
  "Voy a bloquear su tarjeta de crédito terminada en 7720 hasta que la desbloquee en la app. ¿Procedo?",
];
const transfer: Lang3 = [
  "I'll move $400 from your savings account ending 3391 to your checking account ending 8120 today. Shall I proceed?",
  "我将今天从您尾号 3391 的储蓄账户转 ¥4,000 到尾号 8120 的活期账户。是否确认？",
  "Voy a pasar hoy 400 € de su cuenta de ahorros terminada en 3391 a su cuenta corriente terminada en 8120. ¿Procedo?",
];

describe("the action's thing called the other kind of a pair", () => {
  it("the other leg, account kind or card kind: unclear", () => {
    check([
      ...rows(
        returnLeg,
        ["Yes, cancel the outbound one, HAT508, thanks.", "好的，把去程 HAT508 取消吧。", "Sí, cancele el vuelo de ida, el HAT508."],
        "unclear",
      ),
      ...rows(
        billFromSavings,
        ["Yes, take it from my checking, the 3391 one.", "好的，从活期账户 3391 扣吧。", "Sí, cárguela a la cuenta corriente, la 3391."],
        "unclear",
      ),
      ...rows(
        freezeCredit,
        ["Yes, freeze my debit card, the one ending 7720.", "好的，把借记卡 7720 冻结吧。", "Sí, bloquee la tarjeta de débito, la 7720."],
        "unclear",
      ),
    ]);
  });

  it("the same kind said back, or a request that names both kinds: confirmed", () => {
    check([
      ...rows(
        returnLeg,
        ["Yes, cancel the return flight HAT508, thanks.", "好的，把回程 HAT508 取消吧。", "Sí, cancele el vuelo de vuelta, el HAT508."],
        "confirmed",
      ),
      ...rows(
        billFromSavings,
        ["Yes, take it from my savings, the 3391 one.", "好的，从储蓄账户 3391 扣吧。", "Sí, cárguela a la cuenta de ahorros, la 3391."],
        "confirmed",
      ),
      ...rows(
        freezeCredit,
        ["Yes, freeze my credit card, the one ending 7720.", "好的，把信用卡 7720 冻结吧。", "Sí, bloquee la tarjeta de crédito, la 7720."],
        "confirmed",
      ),
      ...rows(transfer, ["Yes, move it into checking, thanks.", "好的，转到活期吧。", "Sí, proceda, a la cuenta corriente."], "confirmed"),
    ]);
  });
});
