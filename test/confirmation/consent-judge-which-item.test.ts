/**
 * After a request that names the action and asks only which of the listed items to act on ("Could
 * you tell me which reservation you would like to cancel, and the reason?"), the user's own
 * instruction naming that action and one listed item ("I'd like to cancel Q69X3R") is consent to it
 * (labels README, rule 1, "After a bare 'which one?'"). Hand-written rows (EN, ZH, ES), with the
 * near-misses that stay unclear: the item alone, an item the request did not list, another action, an
 * instruction with another request, and a choice that is one step of an action whose other details
 * are still open.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const which: Lang3 = [
  "Here are your reservations:\n1. Q69X3R: PHL to LGA, May 20, economy\n2. MZDDS4: MIA to LAX, May 17, business\n3. OUEA45: LAS to DTW, May 12, business\nCould you tell me which reservation you would like to cancel? Also, please give the reason for the cancellation.",
  "您的预订如下：\n1. Q69X3R：5 月 20 日费城到拉瓜迪亚，经济舱\n2. MZDDS4：5 月 17 日迈阿密到洛杉矶，商务舱\n3. OUEA45：5 月 12 日拉斯维加斯到底特律，商务舱\n请告诉我您想取消哪个预订？另外请说明取消的原因。",
  "Estas son sus reservas:\n1. Q69X3R: PHL a LGA, 20 de mayo, económica\n2. MZDDS4: MIA a LAX, 17 de mayo, business\n3. OUEA45: LAS a DTW, 12 de mayo, business\n¿Podría indicarme qué reserva desea cancelar? Indique también el motivo de la cancelación.",
];
/** Picking a flight while the booking's cabin and payment are still open. */
const step: Lang3 = [
  "Here are the nonstop flights on May 20:\n1. HAT266, 08:00, $146\n2. HAT110, 14:00, $120\nWhich flight would you like for your outbound journey? And which cabin would you like?",
  "5 月 20 日的直飞航班如下：\n1. HAT266，08:00，146 美元\n2. HAT110，14:00，120 美元\n去程您想选哪个航班？舱位想要哪种？",
  "Estos son los vuelos directos del 20 de mayo:\n1. HAT266, 08:00, 146 dólares\n2. HAT110, 14:00, 120 dólares\n¿Qué vuelo desea para la ida? ¿Y qué cabina desea?",
];

describe("judgeConsent: the user's own instruction after a bare 'which one?'", () => {
  it("names the action and one listed item (with the reason asked for): confirmed", () => {
    check(
      rows(
        which,
        [
          "I'd like to cancel the reservation with ID Q69X3R. The reason is a change of plans.",
          "我想取消预订 Q69X3R，原因是计划有变。",
          "Quiero cancelar la reserva Q69X3R. El motivo es un cambio de planes.",
        ],
        "confirmed",
      ),
    );
    check(rows(which, ["Please cancel MZDDS4.", "请取消 MZDDS4。", "Cancele la MZDDS4, por favor."], "confirmed"));
  });
  it("the item alone, an item not listed, or another action: unclear", () => {
    check(rows(which, ["Q69X3R.", "Q69X3R。", "La Q69X3R."], "unclear"));
    check(rows(which, ["I'd like to cancel reservation ZZ9K2P.", "我想取消预订 ZZ9K2P。", "Quiero cancelar la reserva ZZ9K2P."], "unclear"));
    check(rows(which, ["I'd like to upgrade Q69X3R to business.", "我想把 Q69X3R 升到商务舱。", "Quiero cambiar la Q69X3R a business."], "unclear"));
  });
  it("the instruction with another request or a question: unclear", () => {
    check(
      rows(
        which,
        [
          "I'd like to cancel Q69X3R, and please also add a bag to MZDDS4.",
          "我想取消 Q69X3R，另外请给 MZDDS4 加一件行李。",
          "Quiero cancelar la Q69X3R y también agregar una maleta a la MZDDS4.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        which,
        [
          "I'd like to cancel Q69X3R. Will I get a full refund?",
          "我想取消 Q69X3R。能全额退款吗？",
          "Quiero cancelar la Q69X3R. ¿Me devolverán todo el dinero?",
        ],
        "unclear",
      ),
    );
  });
  it("the instruction with a condition, or after a request with another open question: unclear", () => {
    check(
      rows(
        which,
        [
          "I'd like to cancel Q69X3R, but only if I get a full refund.",
          "我想取消 Q69X3R，但前提是能全额退款。",
          "Quiero cancelar la Q69X3R, pero solo si me devuelven todo.",
        ],
        "unclear",
      ),
    );
    const more: Lang3 = [
      `${which[0]} And which of your payment methods should the refund go to?`,
      `${which[1]}另外，退款要退到您的哪种支付方式？`,
      `${which[2]} ¿Y a qué método de pago desea el reembolso?`,
    ];
    check(rows(more, ["I'd like to cancel Q69X3R.", "我想取消 Q69X3R。", "Quiero cancelar la Q69X3R."], "unclear"));
  });
  it("a choice that is one step of an action whose other details are still open: unclear", () => {
    check(rows(step, ["I'd like to book HAT266, please.", "我想订 HAT266。", "Quiero reservar el HAT266, por favor."], "unclear"));
  });
});
