/**
 * Readings written for the tau1 tuning part (issue 14 items 2–3), as rules about kinds of reply,
 * with the near-misses that must stay unclear. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

describe("judgeConsent: a payment method the reply designates in words the request never used", () => {
  const asksHow: Lang3 = [
    "To change your flight to HAT266 on 2024-05-19 the price difference is $146. Please confirm you want to proceed, and let me know the payment method for the difference.",
    "将您的航班改为 2024-05-19 的 HAT266，差价为 146 美元。请确认是否办理，并告诉我差价用什么方式支付。",
    "Para cambiar su vuelo al HAT266 del 2024-05-19 la diferencia es de 146 dólares. Confirme si desea continuar y dígame el método de pago para la diferencia.",
  ];
  const namesOriginal: Lang3 = [
    "I'll cancel reservation EHGLP3; the $120 refund goes back to your original payment method. Shall I proceed?",
    "我将取消预订 EHGLP3，120 美元退回您原来的支付方式。确认办理吗？",
    "Voy a cancelar la reserva EHGLP3; el reembolso de 120 dólares vuelve a su método de pago original. ¿Procedo?",
  ];
  it("'the same method as before', 'the original payment', 'my credit card' after a request that named no method: unclear", () => {
    check(
      rows(
        asksHow,
        [
          "Yes, I would like to proceed with this change. I will use the same payment method as before.",
          "是的，请办理。用和之前一样的支付方式付款。",
          "Sí, quiero continuar con el cambio. Usaré el mismo método de pago que antes.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        asksHow,
        [
          "Yes, please proceed with the change. For the payment, my credit card is fine.",
          "是的，请办理。付款就用我的信用卡。",
          "Sí, adelante con el cambio. Para el pago, use mi tarjeta de crédito.",
        ],
        "unclear",
      ),
    );
  });
  it("restating the method the request named designates nothing new", () => {
    check(
      rows(
        namesOriginal,
        [
          "Yes, please cancel it and refund the original payment method. Thanks!",
          "是的，请取消，退回原来的支付方式。谢谢！",
          "Sí, cancélela y reembolse al método de pago original. ¡Gracias!",
        ],
        "confirmed",
      ),
    );
  });
});

describe("judgeConsent: a yes to a question that put no action", () => {
  const fact: Lang3 = [
    "I've found your reservations. Could you please confirm if the issue was with reservation WUNA5K from ORD to PHL on May 10?",
    "我找到了您的预订。请确认问题是否出在 5 月 10 日从 ORD 到 PHL 的预订 WUNA5K 上？",
    "He encontrado sus reservas. ¿Puede confirmar si el problema era con la reserva WUNA5K de ORD a PHL del 10 de mayo?",
  ];
  it("confirming a fact consents to nothing: unclear", () => {
    check(rows(fact, ["Yes, that's correct. WUNA5K is the one.", "是的，没错，就是 WUNA5K。", "Sí, es correcto, es la WUNA5K."], "unclear"));
  });
  it("the same yes to a request that names an action still confirms", () => {
    const act: Lang3 = [
      "I'll cancel reservation WUNA5K from ORD to PHL on May 10. Could you please confirm?",
      "我将取消 5 月 10 日从 ORD 到 PHL 的预订 WUNA5K。请确认？",
      "Voy a cancelar la reserva WUNA5K de ORD a PHL del 10 de mayo. ¿Puede confirmar?",
    ];
    check(rows(act, ["Yes, that's correct, please cancel it.", "是的，请取消。", "Sí, cancélela por favor."], "confirmed"));
  });
});

describe("judgeConsent: French courtesy and agreement mixed into a reply", () => {
  const cancel: Lang3 = [
    "I'll cancel reservation EHGLP3 and refund $120 to your original credit card. Shall I proceed?",
    "我将取消预订 EHGLP3，并把 120 美元退回您原来的信用卡。确认办理吗？",
    "Voy a cancelar la reserva EHGLP3 y reembolsar 120 dólares a su tarjeta original. ¿Procedo?",
  ];
  it("'oui … merci', 's'il vous plaît' around a plain go-ahead: confirmed", () => {
    check(
      rows(
        cancel,
        ["Oui, please proceed with the cancellation. Merci beaucoup!", "Oui，请取消。Merci！", "Oui, proceda con la cancelación, s'il vous plaît."],
        "confirmed",
      ),
    );
  });
  it("the same courtesy around a changed detail, a condition or another request: unclear", () => {
    check(
      rows(
        cancel,
        ["Oui, but refund it to my gift card instead. Merci!", "Oui，但是退到我的礼品卡。Merci！", "Oui, pero reembólselo a mi tarjeta regalo. ¡Merci!"],
        "unclear",
      ),
    );
    check(
      rows(
        cancel,
        [
          "Oui, as long as the refund is the full $150. Merci!",
          "Oui，只要退全款 150 美元就行。Merci！",
          "Oui, siempre que el reembolso sea de 150 dólares. ¡Merci!",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        cancel,
        [
          "Oui, and please also add a checked bag to my other trip. Merci!",
          "Oui，另外请给我另一个行程加一件行李。Merci！",
          "Oui, y añada también una maleta a mi otro viaje. ¡Merci!",
        ],
        "unclear",
      ),
    );
  });
});
