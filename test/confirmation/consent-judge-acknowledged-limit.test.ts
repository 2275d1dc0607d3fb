/**
 * Issue 14 (real-audit-C, tuning half): a yes beside the user acknowledging a limit the agent stated ("I understand that it
 * can't be cancelled" after "I'm unable to cancel this reservation"; "the basic economy ones that cannot be cancelled, I
 * understand" after "Cannot be cancelled: …") is a yes: the negation repeats the request's own. Two real runs (four authorized
 * writes) were refused as "agrees to only part" or "negates something the request did not". Beside them, a negation the
 * request never stated ("I understand the return flight won't be cancelled" to a cancellation of the whole reservation) and an
 * acknowledgement that goes on to ask or change something stay unclear. Hand-written EN/ZH/ES rows.
 */
import { describe, expect, it } from "vitest";
import { acknowledgedCodeOffLimit, acknowledgedLimit } from "../../src/confirmation/acknowledged-limit.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

/** A cancellation of one reservation, with another the agent says cannot be cancelled. */
const oneOfTwo: Lang3 = [
  "I can cancel reservation K3PQ7Z (business, BOS → DEN) and refund $1,240 to gift_card_5521. Reservation W8DD2L is basic economy without insurance and cannot be cancelled. Shall I go ahead and cancel K3PQ7Z?",
  "我可以取消预订 K3PQ7Z（商务舱，BOS → DEN），退款 $1,240 到 gift_card_5521。预订 W8DD2L 是基本经济舱且没有保险，不能取消。请确认是否取消 K3PQ7Z？",
  "Puedo cancelar la reserva K3PQ7Z (business, BOS → DEN) y reembolsar $1,240 a gift_card_5521. La reserva W8DD2L es económica básica sin seguro y no se puede cancelar. ¿Desea que cancele K3PQ7Z?",
];
/** An upgrade, with a cancellation the agent says it is unable to make. */
const upgradeNotCancel: Lang3 = [
  "Upgrade of reservation M4TT9Q to business: HAT118 and HAT240 on May 22, $640 charged to your Mastercard ending in 2210. Shall I proceed with the upgrade?\nAs for reservation Z2RR5K: it is basic economy with no insurance, so I'm unable to cancel it.",
  "预订 M4TT9Q 升级到商务舱：5月22日的 HAT118 和 HAT240，$640 从尾号 2210 的万事达卡扣款。请确认是否办理升级？\n至于预订 Z2RR5K：它是基本经济舱且没有保险，无法取消，也不能取消。",
  "Mejora de la reserva M4TT9Q a business: HAT118 y HAT240 el 22 de mayo, $640 cargados a su Mastercard terminada en 2210. ¿Procedo con la mejora?\nEn cuanto a la reserva Z2RR5K: es económica básica sin seguro, así que no se puede cancelar.",
];
/** A cancellation of the whole reservation, with no limit stated. */
const whole: Lang3 = [
  "I'll cancel reservation H6YY2C (both flights, HAT041 and HAT112) and refund $380 to your Visa ending in 4410. Shall I proceed?",
  "我将取消预订 H6YY2C（两个航班 HAT041 和 HAT112），退款 $380 到尾号 4410 的 Visa 卡。请确认是否继续？",
  "Cancelaré la reserva H6YY2C (los dos vuelos, HAT041 y HAT112) y reembolsaré $380 a su Visa terminada en 4410. ¿Procedo?",
];

describe("a yes beside the acknowledgement of a limit the request stated", () => {
  it("is a yes (EN, ZH, ES)", () => {
    check([
      ...rows(
        oneOfTwo,
        [
          "Yes, please cancel K3PQ7Z. I understand that W8DD2L can't be cancelled.",
          "好的，请取消 K3PQ7Z。我明白 W8DD2L 不能取消。",
          "Sí, cancele K3PQ7Z por favor. Entiendo que W8DD2L no se puede cancelar.",
        ],
        "confirmed",
      ),
      ...rows(
        oneOfTwo,
        [
          "Yes, go ahead. And the basic economy one that cannot be cancelled, I understand. Thanks for explaining!",
          "好的，取消吧。W8DD2L 不能取消，我理解。谢谢解释！",
          "Sí, adelante. Y la económica básica que no se puede cancelar, lo entiendo. ¡Gracias por explicarlo!",
        ],
        "confirmed",
      ),
      ...rows(
        upgradeNotCancel,
        [
          "Yes, please go ahead with the upgrade on my Mastercard ending in 2210. Thank you for explaining. I understand that Z2RR5K can't be cancelled.",
          "好的，请用尾号 2210 的万事达卡办理升级。谢谢说明，我明白 Z2RR5K 不能取消。",
          "Sí, proceda con la mejora con mi Mastercard terminada en 2210. Gracias por explicarlo. Entiendo que Z2RR5K no se puede cancelar.",
        ],
        "confirmed",
      ),
    ]);
  });

  it("near misses: the acknowledgement goes on to ask or to change the action: unclear", () => {
    check([
      ...rows(
        oneOfTwo,
        [
          "Yes, cancel K3PQ7Z. I understand W8DD2L can't be cancelled, so please cancel it instead of K3PQ7Z.",
          "好的，取消 K3PQ7Z。我明白，但是 W8DD2L 也请取消。",
          "Sí, cancele K3PQ7Z. Entiendo que W8DD2L no se puede cancelar, pero por favor revíselo otra vez.",
        ],
        "unclear",
      ),
      ...rows(
        oneOfTwo,
        [
          "Yes, cancel K3PQ7Z. I understand W8DD2L can't be cancelled, but can you check again?",
          "好的，取消 K3PQ7Z。我明白 W8DD2L 不能取消，可以再查一下吗？",
          "Sí, cancele K3PQ7Z. Entiendo que W8DD2L no se puede cancelar, ¿puede revisarlo otra vez?",
        ],
        "unclear",
      ),
    ]);
  });

  it("near misses: the limit said of the reservation the action acts on, or a keep said after it: unclear", () => {
    check([
      ...rows(
        oneOfTwo,
        ["Yes. I understand that K3PQ7Z can't be cancelled.", "好的。我明白 K3PQ7Z 不能取消。", "Sí. Entiendo que K3PQ7Z no se puede cancelar."],
        "unclear",
      ),
      ...rows(
        oneOfTwo,
        [
          "Yes, cancel K3PQ7Z. I understand W8DD2L can't be cancelled, I'll keep K3PQ7Z for now.",
          "好的，取消 K3PQ7Z。我明白 W8DD2L 不能取消，K3PQ7Z 我先留着。",
          "Sí, cancele K3PQ7Z. Entiendo que W8DD2L no se puede cancelar, me quedo con K3PQ7Z por ahora.",
        ],
        "unclear",
      ),
    ]);
  });

  it("near misses: a negation the request never stated, or of another thing than it stated: unclear", () => {
    check([
      ...rows(
        whole,
        [
          "Yes, cancel it. I understand that the return flight won't be cancelled.",
          "好的，取消吧。我明白回程航班不会取消。",
          "Sí, cancélela. Entiendo que el vuelo de regreso no se cancela.",
        ],
        "unclear",
      ),
      ...rows(
        whole,
        ["Yes, go ahead, HAT112 won't be cancelled, I understand.", "好的，HAT112 不取消，我理解。", "Sí, adelante, HAT112 no se cancela, lo entiendo."],
        "unclear",
      ),
      ...rows(
        whole,
        ["Yes, cancel it. I understand there will be no refund.", "好的，取消吧。我理解不会退款。", "Sí, cancélela. Entiendo que no habrá reembolso."],
        "unclear",
      ),
      ...rows(
        oneOfTwo,
        [
          "Yes, cancel K3PQ7Z. I understand that it can't be refunded.",
          "好的，取消 K3PQ7Z。我明白不能退款。",
          "Sí, cancele K3PQ7Z. Entiendo que no se puede reembolsar.",
        ],
        "unclear",
      ),
    ]);
  });
});

describe("acknowledgedLimit", () => {
  it("returns what is acknowledged only when the request states that negation itself", () => {
    const request = "reservation w8dd2l cannot be cancelled. shall i go ahead and cancel k3pq7z?";
    expect(acknowledgedLimit("i understand that w8dd2l can't be cancelled", request)).toBe("w8dd2l can't be cancelled");
    expect(
      acknowledgedLimit("the basic economy one that cannot be cancelled, i understand", "the basic economy one cannot be cancelled. shall i upgrade m4tt9q?"),
    ).toBe("the basic economy one that cannot be cancelled");
    expect(acknowledgedLimit("i understand that it can't be refunded", request)).toBeUndefined();
    expect(acknowledgedLimit("i understand that w8dd2l can't be cancelled, so please cancel it instead", request)).toBeUndefined();
    expect(acknowledgedLimit("w8dd2l can't be cancelled", request)).toBeUndefined();
    // the reservation the action acts on, or a statement going on after a comma
    expect(acknowledgedLimit("i understand that k3pq7z can't be cancelled", request)).toBeUndefined();
    expect(acknowledgedCodeOffLimit("i understand that k3pq7z can't be cancelled", request)).toBe("k3pq7z");
    expect(acknowledgedCodeOffLimit("i understand that w8dd2l can't be cancelled", request)).toBeUndefined();
    expect(acknowledgedLimit("i understand w8dd2l can't be cancelled, i'll keep k3pq7z", request)).toBeUndefined();
    // "it" beside an upgrade is the other reservation; beside the cancellation the request puts, it may be that one
    expect(acknowledgedLimit("i understand that it can't be cancelled", "z2rr5k cannot be cancelled. shall i upgrade m4tt9q?")).toBe("it can't be cancelled");
    expect(acknowledgedLimit("i understand that it can't be cancelled", request)).toBeUndefined();
  });
});
