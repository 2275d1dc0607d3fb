/**
 * Issue 14: the result of a story that is no instruction — a wish of the user's past or habit ("it's our honeymoon, so we wanted to
 * spoil ourselves a bit", "así que queríamos darnos un capricho", "所以我们一直想好好犒劳一下自己"), or a gerund or infinitive as the
 * subject of a feeling about the action ("so getting the $260 back really makes a difference", "así que recuperar los $260 me
 * ayuda mucho") — names nothing of the action (clause-role.ts, `PAST_WISH`, `VERBAL_SUBJECT`). Found from blind-multilingual-8
 * b8-007 and b8-024 (spent set). Near-misses: the same shapes naming a detail the request did not (window seats, cash, PayPal),
 * a part of the action ("only the outbound") or another date; "所以我们一直想坐靠窗的座位" was confirmed on `main`.
 * Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check } from "./lang3-rows.js";

const upgradeEn = "I can upgrade reservation PX4N7Q (both flights) from economy to business for $380, paid with your Amex ending 1009. Shall I go ahead?";
const upgradeZh = "我可以把预订 PX4N7Q（两段航班）从经济舱升到商务舱，费用 $380，用您尾号 1009 的运通卡支付。要办理吗？";
const upgradeEs = "Puedo cambiar la reserva PX4N7Q (ambos vuelos) de económica a business por $380, pagando con su Amex terminada en 1009. ¿Procedo?";
const cancelEn = "I can cancel reservation LM3K8D and refund $260 to your Visa ending 5521. Would you like me to proceed?";
const cancelEs = "Puedo cancelar la reserva LM3K8D y reembolsar $260 a su Visa terminada en 5521. ¿Desea que continúe?";
const cancelZh = "我可以取消预订 LM3K8D，并将 $260 退回您尾号 5521 的 Visa 卡。要继续吗？";

describe("the result of a story that is no instruction", () => {
  it("a wish of the past or a habit, a feeling about getting the money back: confirmed", () => {
    check([
      { request: upgradeEn, reply: "Yes, go ahead. It's our honeymoon, so we wanted to spoil ourselves a bit.", expected: "confirmed" as const },
      { request: upgradeEn, reply: "Sure, do it. It's our anniversary, so we had hoped to celebrate in style.", expected: "confirmed" as const },
      { request: upgradeZh, reply: "好的，升吧。这次是蜜月旅行，所以我们一直想好好犒劳一下自己。", expected: "confirmed" as const },
      { request: upgradeEs, reply: "Sí, adelante. Es nuestra luna de miel, así que queríamos darnos un capricho.", expected: "confirmed" as const },
      {
        request: cancelEn,
        reply: "Yes, cancel it. Money has been tight lately, so getting the $260 back really makes a difference.",
        expected: "confirmed" as const,
      },
      {
        request: cancelEn,
        reply: "Yes, please cancel. Work has been crazy, so having one less trip to worry about is a relief.",
        expected: "confirmed" as const,
      },
      { request: cancelEs, reply: "Sí, cancélela. Ando corta de dinero, así que recuperar los $260 me ayuda mucho.", expected: "confirmed" as const },
      { request: cancelZh, reply: "好的，取消吧。最近手头紧，能退回这260块真是太好了。", expected: "confirmed" as const },
    ]);
  });

  it("the same shapes naming a detail of their own, a part of the action or another date: unclear", () => {
    check([
      { request: upgradeEn, reply: "Yes, go ahead. It's our honeymoon, so we wanted window seats next to each other.", expected: "unclear" as const },
      { request: upgradeEn, reply: "Yes. It's a long flight, so we were hoping to upgrade only the outbound.", expected: "unclear" as const },
      { request: upgradeZh, reply: "好的。这次是蜜月，所以我们一直想坐靠窗的座位。", expected: "unclear" as const },
      { request: upgradeEs, reply: "Sí. Es un viaje largo, así que queríamos solo el vuelo de ida en business.", expected: "unclear" as const },
      { request: cancelEn, reply: "Yes, cancel it. Money is tight, so getting the refund on my PayPal would help.", expected: "unclear" as const },
      { request: cancelEn, reply: "Yes. Things are busy, so moving it to next month instead would be better.", expected: "unclear" as const },
      { request: cancelEs, reply: "Sí. Ando corta de dinero, así que recibir el reembolso en efectivo me ayudaría.", expected: "unclear" as const },
      { request: cancelZh, reply: "好的。最近手头紧，所以退到我的支付宝会更方便。", expected: "unclear" as const },
    ]);
  });
});
