/**
 * Issue 14, known-open r6-123: a request whose money figure is a range ("expect $50–100") or is left to be worked out
 * later ("I'll calculate it after confirmation", "exact amount depends on availability") asks the user to pay an amount
 * they cannot see, so a yes to it is unclear; the same request with one exact figure is confirmed, and so is one with an
 * exact figure and a note beside it ("about 10% of the fare", "refunded in 5–7 days"), a refund the agent will work out
 * by the rules, or a time range. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const range: Lang3 = [
  "Upgrading reservation KD81PZ (HAT377, July 9) to business means you'll pay the fare difference, somewhere between $120 and $180 depending on the seat, charged to your Visa ending 4410. Shall I go ahead with the upgrade?",
  "把预订 KD81PZ（HAT377，7 月 9 日）升到商务舱需要补差价，大约 120到180美元，视座位而定，从尾号 4410 的 Visa 卡扣款。要我办理升舱吗？",
  "Mejorar la reserva KD81PZ (HAT377, 9 de julio) a business supone pagar la diferencia de tarifa, entre 120 y 180 dólares según el asiento, con cargo a su Visa terminada en 4410. ¿Procedo con la mejora?",
];
const later: Lang3 = [
  "Swapping the desk lamp in order #W5521873 for the brass model means you'll pay the price difference; I'll calculate it after you confirm, charged to your PayPal account. Would you like me to go ahead with the exchange?",
  "把订单 #W5521873 里的台灯换成黄铜款需要补差价，具体金额确认后再计算，从您的 PayPal 账户扣款。要我办理换货吗？",
  "Cambiar la lámpara del pedido #W5521873 por el modelo de latón supone pagar la diferencia; el importe exacto se calculará después de su confirmación, con cargo a su cuenta de PayPal. ¿Procedo con el cambio?",
];
const exact: Lang3 = [
  "Upgrading reservation KD81PZ (HAT377, July 9) to business means you'll pay the fare difference of $145, about 30% of your current fare, charged to your Visa ending 4410. Shall I go ahead with the upgrade?",
  "把预订 KD81PZ（HAT377，7 月 9 日）升到商务舱需要补差价 $145，约为原票价的 30%，从尾号 4410 的 Visa 卡扣款。要我办理升舱吗？",
  "Mejorar la reserva KD81PZ (HAT377, 9 de julio) a business supone pagar la diferencia de $145, cerca del 30 % de su tarifa actual, con cargo a su Visa terminada en 4410. ¿Procedo con la mejora?",
];
const refundLater: Lang3 = [
  "I'll downgrade reservation KD81PZ (HAT377, July 9) from business to economy. I will calculate the refund once the downgrade is processed, and it goes back to your Visa ending 4410 within 5–7 business days. Shall I proceed?",
  "我将把预订 KD81PZ（HAT377，7 月 9 日）从商务舱降到经济舱，退款金额在降舱完成后核算，5 到 7 个工作日内退回尾号 4410 的 Visa 卡。要我继续吗？",
  "Bajaré la reserva KD81PZ (HAT377, 9 de julio) de business a turista. El reembolso se calculará al procesar el cambio y volverá a su Visa terminada en 4410 en 5 a 7 días hábiles. ¿Procedo?",
];

describe("an amount the user cannot see", () => {
  it("a yes to a range or to an amount worked out later: unclear", () => {
    check([
      ...rows(range, ["Yes, go ahead with the upgrade.", "好的，办理升舱吧。", "Sí, proceda con la mejora."], "unclear"),
      ...rows(later, ["Sure, please go ahead with the exchange, thanks!", "好的，换吧，谢谢！", "Sí, adelante con el cambio, gracias."], "unclear"),
    ]);
  });
  it("the same yes to one exact figure with a note beside it, or to a refund worked out by the rules: confirmed", () => {
    check([
      ...rows(exact, ["Yes, go ahead with the upgrade.", "好的，办理升舱吧。", "Sí, proceda con la mejora."], "confirmed"),
      ...rows(refundLater, ["Yes, please proceed.", "好的，继续吧。", "Sí, proceda."], "confirmed"),
    ]);
  });
  it("words of exact amounts, pending confirmation or time ranges beside one figure: confirmed", () => {
    const notes: Lang3 = [
      "The exact amount to be charged is $42.55 (the flight leaves 3:00–3:30 PM), to your Visa ending 4410. Shall I proceed with the change of KD81PZ to HAT377?",
      "以下变更待确认：将预订 KD81PZ 改为 HAT377 航班，补差价 $42.55，从尾号 4410 的 Visa 卡扣款，5 到 7 个工作日内出票。要我办理吗？",
      "¿Desea proceder a confirmar el cambio de KD81PZ al vuelo HAT377 por $42.55 (sale entre las 3 y las 4 de la tarde) con su Visa terminada en 4410?",
    ];
    check(rows(notes, ["Yes, proceed.", "好的，办理吧。", "Sí, proceda."], "confirmed"));
  });
});

/**
 * A cost the agent says it has yet to work out ("I'll need to calculate the exact cost…", "the price difference will be
 * calculated"), with no figure after it: real-replies-7, r7-040 and r7-114. A yes that accepts the open amount in so many
 * words ("for any additional charges") agrees to it; a figure stated after those words is shown.
 */
describe("a cost still to be calculated", () => {
  const toCalculate: Lang3 = [
    "Moving both passengers on reservation HR22MX to business is possible on the same flights; I'll have to work out the fare difference with today's prices first. Do you want me to go ahead with the upgrade?",
    "预订 HR22MX 的两位乘客都可以在同样的航班上升到商务舱，我需要先计算一下差价。要我为您办理升舱吗？",
    "Se puede pasar a los dos pasajeros de la reserva HR22MX a business en los mismos vuelos; primero tendré que calcular la diferencia con los precios de hoy. ¿Desea que proceda con la mejora?",
  ];
  const statedAfter: Lang3 = [
    "Moving both passengers on reservation HR22MX to business is possible on the same flights; I'll have to work out the fare difference first: it comes to $412 in total, charged to your Visa ending 4410. Do you want me to go ahead with the upgrade?",
    "预订 HR22MX 的两位乘客都可以在同样的航班上升到商务舱，我需要先计算一下差价：一共 $412，从尾号 4410 的 Visa 卡扣款。要我为您办理升舱吗？",
    "Se puede pasar a los dos pasajeros de la reserva HR22MX a business en los mismos vuelos; primero tendré que calcular la diferencia: son $412 en total, con cargo a su Visa terminada en 4410. ¿Desea que proceda con la mejora?",
  ];
  it("a yes to a cost not yet worked out: unclear", () => {
    check(rows(toCalculate, ["Yes, please upgrade both of us.", "好的，两位都升舱吧。", "Sí, mejore a los dos, por favor."], "unclear"));
  });
  it("a yes to the figure stated after those words, or one accepting any difference in so many words (EN): confirmed", () => {
    check([
      ...rows(statedAfter, ["Yes, please upgrade both of us.", "好的，两位都升舱吧。", "Sí, mejore a los dos, por favor."], "confirmed"),
      // (the Chinese and Spanish forms, "不管差价多少都行", "cualquier diferencia está bien", are read as new content: unclear, on the safe side)
      { request: toCalculate[0], reply: "Yes, upgrade us, any price difference is fine.", expected: "confirmed" as const },
    ]);
  });
  it("naming a card the request never named still changes it: unclear", () => {
    check([{ request: toCalculate[0], reply: "Yes, upgrade us and charge any price difference to my Visa ending 4410.", expected: "unclear" as const }]);
  });
});
