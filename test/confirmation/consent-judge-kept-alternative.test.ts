/**
 * A yes that keeps what the request offered as the alternative to its action ("switch to HAT266, or
 * stay on HAT100?" — "yes, go ahead with the current flight"): a choice of the alternative, not a yes
 * to the action. These were false confirmations (found red-teaming the tau1 class-1 readings).
 * Hand-written rows (EN, ZH, ES).
 */
import { describe, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const switchOrStay: Lang3 = [
  "For reservation K2PL0X, would you like to switch to flight HAT266 at 10:00, or stay on HAT100? Shall I make the switch?",
  "预订 K2PL0X：您想改到 10:00 的 HAT266 航班，还是留在 HAT100？要我办理改签吗？",
  "Para la reserva K2PL0X, ¿quiere cambiar al vuelo HAT266 de las 10:00 o quedarse en el HAT100? ¿Hago el cambio?",
];

describe("judgeConsent: keeping the alternative the request offered", () => {
  it("naming the standing flight after 'switch, or stay?': unclear", () => {
    check(rows(switchOrStay, ["Yes, go ahead with the current flight.", "好的，就按现在的航班办理。", "Sí, adelante con el vuelo actual."], "unclear"));
    check(rows(switchOrStay, ["Yes, the original flight please.", "好的，保留原来的航班吧。", "Sí, prefiero el mismo vuelo."], "unclear"));
  });
  it("saying to keep it: unclear", () => {
    check(rows(switchOrStay, ["Sure, let's keep it as it is.", "好的，维持不变吧。", "Sí, me quedo con el que tengo."], "unclear"));
  });
  it("a yes to the switch itself still confirms", () => {
    check(rows(switchOrStay, ["Yes, please make the switch to HAT266.", "好的，请改到 HAT266。", "Sí, cambie al HAT266, por favor."], "confirmed"));
  });
  it("'the current booking' where no alternative was offered is the request's own", () => {
    check(
      rows(
        [
          "I'll cancel reservation K2PL0X (HAT100 on May 20) and refund $120 to your Visa. Shall I proceed?",
          "我将取消预订 K2PL0X（5 月 20 日 HAT100），120 美元退回您的 Visa 卡。确认办理吗？",
          "Voy a cancelar la reserva K2PL0X (HAT100 el 20 de mayo) y reembolsar 120 dólares a su Visa. ¿Procedo?",
        ],
        ["Yes, please cancel the current reservation.", "好的，请取消现在的预订。", "Sí, cancele la reserva actual."],
        "confirmed",
      ),
    );
  });
});
