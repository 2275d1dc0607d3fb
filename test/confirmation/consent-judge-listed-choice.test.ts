/**
 * The user's own choice after the agent listed the options (issue 14, tau1 class 2): a choice among
 * the listed options after a request that said it would act on the answer ("let me know your choice,
 * and I'll proceed"; "which flight, and if you would like to proceed"). A choice after a bare "which?",
 * an instruction naming a listed item after "which one would you like to cancel?" (no action was put
 * yet), an option the request did not list, and a choice with a detail of its own stay unclear.
 * Hand-written rows (EN, ZH, ES).
 */
import { describe, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const payThenBook: Lang3 = [
  "The total for flight HAT271 for two passengers is $348. Your payment methods:\n- Visa ending in 2076\n- Mastercard ending in 1167\n- Certificate with $100 balance\n\nLet me know your choice, and I'll proceed with the booking.",
  "HAT271 航班两位乘客共 348 美元。您的支付方式：\n- 尾号 2076 的 Visa\n- 尾号 1167 的万事达卡\n- 余额 100 美元的证书\n\n告诉我您的选择，我就为您办理预订。",
  "El total del vuelo HAT271 para dos pasajeros es de 348 dólares. Sus métodos de pago:\n- Visa terminada en 2076\n- Mastercard terminada en 1167\n- Certificado con saldo de 100 dólares\n\nDígame su elección y procederé con la reserva.",
];
const bareWhich: Lang3 = [
  "Your payment methods are a Visa ending in 2076 and a Mastercard ending in 1167. Which one would you like to use?",
  "您的支付方式有尾号 2076 的 Visa 和尾号 1167 的万事达卡。您想用哪一张？",
  "Sus métodos de pago son una Visa terminada en 2076 y una Mastercard terminada en 1167. ¿Cuál desea usar?",
];

describe("judgeConsent: a choice among listed options after 'let me know…, and I'll proceed'", () => {
  it("'let's use the Visa ending in 2076': confirmed", () => {
    check(
      rows(
        payThenBook,
        ["Let's use the Visa ending in 2076 for this booking.", "就用尾号 2076 的 Visa 吧。", "Usemos la Visa terminada en 2076 para esta reserva."],
        "confirmed",
      ),
    );
  });
  it("a method not listed, another card, or a detail of its own: unclear", () => {
    check(rows(payThenBook, ["Let's use the Visa ending in 9911.", "就用尾号 9911 的 Visa 吧。", "Usemos la Visa terminada en 9911."], "unclear"));
    check(rows(payThenBook, ["Let's use a different card.", "用另一张卡吧。", "Usemos otra tarjeta."], "unclear"));
    check(
      rows(
        payThenBook,
        [
          "Let's use the Visa ending in 2076, but book it for three passengers.",
          "用尾号 2076 的 Visa，但是订三位乘客。",
          "Usemos la Visa terminada en 2076, pero para tres pasajeros.",
        ],
        "unclear",
      ),
    );
  });
  it("the same choice after a bare 'which one?' picks, it does not consent: unclear", () => {
    check(rows(bareWhich, ["Let's use the Visa ending in 2076.", "就用尾号 2076 的 Visa 吧。", "Usemos la Visa terminada en 2076."], "unclear"));
  });
});

describe("judgeConsent: 'please confirm…, let me know which…, and I'll proceed'", () => {
  const confirmAndChoose: Lang3 = [
    "Please confirm if you would like to proceed with this booking ($348) and let me know which payment method you would like to use:\n- Visa ending in 2076\n- Mastercard ending in 1167\n\nLet me know your choice, and I'll proceed with the booking.",
    "请确认是否办理这次预订（348 美元），并告诉我您想用哪种支付方式：\n- 尾号 2076 的 Visa\n- 尾号 1167 的万事达卡\n\n告诉我您的选择，我就为您办理预订。",
    "Confirme si desea proceder con esta reserva (348 dólares) e indíqueme qué método de pago quiere usar:\n- Visa terminada en 2076\n- Mastercard terminada en 1167\n\nDígame su elección y procederé con la reserva.",
  ];
  it("choosing a listed method is the go-ahead: confirmed", () => {
    check(rows(confirmAndChoose, ["Let's use the Visa ending in 2076.", "就用尾号 2076 的 Visa 吧。", "Usemos la Visa terminada en 2076."], "confirmed"));
  });
  it("a choice after a yes-no question that put one option and mentioned another: unclear", () => {
    check(
      rows(
        [
          "Flight HAT175 is $155 and flight HAT266 is $146. Would you like to proceed with the change to HAT266?",
          "HAT175 航班 155 美元，HAT266 航班 146 美元。要改签到 HAT266 吗？",
          "El vuelo HAT175 cuesta 155 dólares y el HAT266 146 dólares. ¿Desea proceder con el cambio al HAT266?",
        ],
        ["I'll take HAT175.", "我选 HAT175。", "Elijo el HAT175."],
        "unclear",
      ),
    );
  });
});

describe("judgeConsent: 'which…, and if you would like to proceed'", () => {
  const flights: Lang3 = [
    "There are two nonstop flights on 2024-05-19:\n1. HAT175 at 17:00, $155\n2. HAT266 at 13:00, $146\n\nPlease let me know which flight you would like to choose, and if you would like to proceed with the change.",
    "2024-05-19 有两个直飞航班：\n1. HAT175，17:00，155 美元\n2. HAT266，13:00，146 美元\n\n请告诉我您想选哪个航班，以及是否要办理改签。",
    "Hay dos vuelos directos el 2024-05-19:\n1. HAT175 a las 17:00, 155 dólares\n2. HAT266 a las 13:00, 146 dólares\n\nIndíqueme qué vuelo elige y si desea proceder con el cambio.",
  ];
  it("choosing a listed flight: confirmed", () => {
    check(
      rows(
        flights,
        ["I'd like to go with the second option, flight HAT266, please.", "我选第二个，HAT266 航班。", "Elijo la segunda opción, el vuelo HAT266, por favor."],
        "confirmed",
      ),
    );
  });
  it("a choice with a date of its own, or a question: unclear", () => {
    check(
      rows(
        flights,
        ["I'd like to go with HAT266, but on 2024-05-20.", "我选 HAT266，但是改成 2024-05-20。", "Elijo el HAT266, pero el 2024-05-20."],
        "unclear",
      ),
    );
    check(rows(flights, ["Which one has more legroom?", "哪个航班座位更宽？", "¿Cuál tiene más espacio?"], "unclear"));
  });
});

describe("judgeConsent: the user's own instruction on a listed item after a bare 'which one would you like to cancel?'", () => {
  const whichCancel: Lang3 = [
    "I can help you cancel one of the duplicate bookings. Could you please specify which reservation you would like to cancel: SE9KEL, FDZ0T5, or 5BGGWZ?",
    "我可以帮您取消一个重复的预订。请问您要取消哪个预订：SE9KEL、FDZ0T5 还是 5BGGWZ？",
    "Puedo ayudarle a cancelar una de las reservas duplicadas. ¿Podría indicar qué reserva desea cancelar: SE9KEL, FDZ0T5 o 5BGGWZ?",
  ];
  // settled 2026-12-01 (labels README rule 1, "After a bare 'which one?'"; which-item.ts): naming the action and one listed item is consent
  it("names the action and one listed item: confirmed", () => {
    check(rows(whichCancel, ["I'd like to cancel the reservation with ID FDZ0T5.", "我要取消 FDZ0T5。", "Quiero cancelar la reserva FDZ0T5."], "confirmed"));
  });
  it("all of them (the request offered to cancel one), or an item it did not list: unclear", () => {
    check(rows(whichCancel, ["Please cancel all of them.", "请全部取消。", "Cancele todas, por favor."], "unclear"));
    check(rows(whichCancel, ["I'd like to cancel QX81LM.", "我要取消 QX81LM。", "Quiero cancelar la QX81LM."], "unclear"));
  });
});
