/**
 * A task of finding something out, asked beside the yes ("Also look into why the flight was cancelled", "Averigüe por qué se
 * canceló", "请查明航班为什么取消"): a request of its own that the confirmation request did not put, even in the request's own
 * words (inquiry-request.ts; real-replies-11 tuning, r11-087, was confirmed). The user's own finding out, a wish to learn the
 * result, or an inquiry the request itself offered add nothing. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "Reservation PX42QD (ORD → DEN, June 14) will be cancelled with the reason 'airline cancelled flight', and $236 refunded to your original payment method. Shall I proceed?",
  "预订 PX42QD（芝加哥 ORD → 丹佛 DEN，6月14日）将以“航空公司取消航班”为由取消，$236 退回原支付方式。确认办理吗？",
  "La reserva PX42QD (ORD → DEN, 14 de junio) se cancelará con el motivo 'vuelo cancelado por la aerolínea' y se reembolsarán $236 al método de pago original. ¿Procedo?",
];

const offersToLookInto: Lang3 = [
  "I'll cancel reservation PX42QD and refund $236 to your original payment method, and I can also look into why the flight was cancelled. Shall I proceed with both?",
  "我将取消预订 PX42QD，$236 退回原支付方式，同时也可以帮您调查航班为什么被取消。两项都办理吗？",
  "Cancelaré la reserva PX42QD y reembolsaré $236 al método de pago original; también puedo averiguar por qué se canceló el vuelo. ¿Procedo con ambas cosas?",
];

describe("judgeConsent: a task of finding something out, asked beside the yes", () => {
  it("an inquiry asked of the agent, in the request's own words or not: unclear", () => {
    notConfirmed(cancel, [
      "Yes, cancel PX42QD. Also look into why the flight was cancelled.",
      "好的，取消 PX42QD。另外请查明航班为什么取消。",
      "Sí, cancele PX42QD. Averigüe por qué se canceló el vuelo.",
    ]);
    notConfirmed(cancel, [
      "Cancel PX42QD now. Investigate the situation further to determine the cause of the cancellation.",
      "马上取消 PX42QD。再调查一下取消的原因。",
      "Cancele PX42QD ya e investigue la causa de la cancelación.",
    ]);
  });
  it("the user's own finding out, a wish to learn the result, or an inquiry the request offered: confirmed", () => {
    check(
      rows(
        cancel,
        [
          "Yes, cancel PX42QD. I'll look into other flights myself.",
          "好的，取消 PX42QD。其他航班我自己去看。",
          "Sí, cancele PX42QD. Yo averiguaré lo demás por mi cuenta.",
        ],
        "confirmed",
      ),
    );
    check(rows(cancel, ["Yes, cancel it. I'm eager to find out when the refund arrives.", "好的，取消吧。", "Sí, cancélela."], "confirmed"));
    check(rows(offersToLookInto, ["Yes, please do both.", "好的，两项都办吧。", "Sí, proceda con ambas."], "confirmed"));
  });
});
