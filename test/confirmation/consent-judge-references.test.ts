/**
 * Ordinary words in a plain yes that refer to what the request described (issue 14, tau1 class 1):
 * "the amount", "the extra cost", "the reservation ID X", "the checked bags", "securing the new one",
 * "someone who can assist" after an offer of a transfer. They name the kind of a detail the request
 * stated, not a detail of the user's own; the near-misses (a detail, an instruction or a condition of
 * the user's own) stay unclear. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const upgrade: Lang3 = [
  "Upgrading reservation K2PL0X to business class costs an extra $412. Shall I charge it to your Visa ending in 5521?",
  "将预订 K2PL0X 升级到商务舱需要补 412 美元。要从尾号 5521 的 Visa 卡扣款吗？",
  "Subir la reserva K2PL0X a clase business cuesta 412 dólares más. ¿Lo cargo a su Visa terminada en 5521?",
];
const cancelNoAmount: Lang3 = [
  "I'll cancel reservation EHGLP3 (Phoenix to Seattle on May 20). Shall I proceed?",
  "我将取消预订 EHGLP3（5 月 20 日凤凰城飞西雅图）。确认办理吗？",
  "Voy a cancelar la reserva EHGLP3 (Phoenix a Seattle el 20 de mayo). ¿Procedo?",
];

describe("judgeConsent: a word for the kind of an amount the request stated ('the amount', 'the extra cost')", () => {
  it("charging 'the amount' / 'the extra cost' the request stated: confirmed", () => {
    check(
      rows(
        upgrade,
        [
          "Yes, please go ahead and charge the amount to my Visa ending in 5521.",
          "是的，请办理，这笔费用从尾号 5521 的 Visa 卡扣。",
          "Sí, adelante, cargue el importe a mi Visa terminada en 5521.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        upgrade,
        [
          "Yes, let's do it and use that Visa for the extra cost. Thank you!",
          "好的，额外的费用就用那张 Visa 付。谢谢！",
          "Sí, adelante, y use esa Visa para el costo adicional. ¡Gracias!",
        ],
        "confirmed",
      ),
    );
  });
  it("an amount word when the request stated no amount refers to nothing described: unclear", () => {
    check(
      rows(
        cancelNoAmount,
        [
          "Yes, cancel it and refund the amount to my Mastercard.",
          "是的，取消吧，把这笔费用退到我的万事达卡。",
          "Sí, cancélela y reembolse el importe a mi Mastercard.",
        ],
        "unclear",
      ),
    );
  });
  it("near-misses with an amount word: a condition, another instruction, another card stay unclear", () => {
    check(
      rows(
        upgrade,
        ["Yes, as long as there's no extra fee on top of that.", "可以，只要没有额外的手续费就行。", "Sí, siempre que no haya un cargo extra aparte de eso."],
        "unclear",
      ),
    );
    check(
      rows(
        upgrade,
        ["Yes, and please waive the fee for my companion.", "好的，另外请免掉我同伴的费用。", "Sí, y por favor exonere el cargo de mi acompañante."],
        "unclear",
      ),
    );
    check(rows(upgrade, ["Yes, but charge the full price.", "好的，但是收全价。", "Sí, pero cobre el precio completo."], "unclear"));
    check(
      rows(
        upgrade,
        ["Yes, but charge the amount to a different card.", "好的，但是这笔费用用另一张卡付。", "Sí, pero cargue el importe a otra tarjeta."],
        "unclear",
      ),
    );
  });
});

describe("judgeConsent: 'reservation ID X' for the reservation the request put", () => {
  const cancel: Lang3 = [
    "To proceed with the cancellation, here are the details:\n\n- **Reservation to cancel:** FDZ0T5 (JFK to PHL on May 17)\n\nOnce you confirm, I'll proceed with the cancellation.",
    "取消前请核对：\n\n- **要取消的预订：** FDZ0T5（5 月 17 日 JFK 飞 PHL）\n\n您确认后我就办理取消。",
    "Para proceder con la cancelación, estos son los detalles:\n\n- **Reserva a cancelar:** FDZ0T5 (JFK a PHL el 17 de mayo)\n\nEn cuanto lo confirme, procederé con la cancelación.",
  ];
  it("naming the id the request put with its label: confirmed", () => {
    check(
      rows(
        cancel,
        [
          "Yes, please cancel the flight with reservation ID FDZ0T5. Thank you!",
          "是的，请取消预订号为 FDZ0T5 的航班。谢谢！",
          "Sí, por favor cancele el vuelo con código de reserva FDZ0T5. ¡Gracias!",
        ],
        "confirmed",
      ),
    );
  });
  it("an id label before another id: unclear", () => {
    check(
      rows(
        cancel,
        [
          "Yes, please cancel the flight with reservation ID QX81LM as well.",
          "是的，请把预订号为 QX81LM 的航班也取消。",
          "Sí, cancele también el vuelo con código de reserva QX81LM.",
        ],
        "unclear",
      ),
    );
  });
});

describe("judgeConsent: the ordinary name of a thing the request named ('checked bags', 'securing the new one')", () => {
  const bags: Lang3 = [
    "Adding two bags for Chen is free with the Gold allowance. Would you like to proceed with this baggage addition?",
    "金卡会员为 Chen 加两件行李免费。要办理这次行李添加吗？",
    "Añadir dos maletas para Chen es gratis con su franquicia Gold. ¿Desea continuar con esta adición de equipaje?",
  ];
  it("'the checked bags' for the bags the request adds: confirmed", () => {
    check(
      rows(
        bags,
        ["Yes, please go ahead and add the checked bags. Thanks!", "好的，请把托运行李加上。谢谢！", "Sí, por favor añada las maletas facturadas. ¡Gracias!"],
        "confirmed",
      ),
    );
  });
  it("another kind of bag or more of them: unclear", () => {
    check(rows(bags, ["Yes, and add a carry-on bag too.", "好的，再加一件手提行李。", "Sí, y añada también una maleta de mano."], "unclear"));
  });
  const swap: Lang3 = [
    "Here is the plan: cancel reservation K1NW8N and book the new round trip for $1,625 (certificates, gift cards, and $298 on the MasterCard). Would you like to proceed with this cancellation and new booking?",
    "计划如下：取消预订 K1NW8N，并以 1625 美元预订新的往返行程（证书、礼品卡，万事达卡付 298 美元）。要办理这次取消和新预订吗？",
    "El plan: cancelar la reserva K1NW8N y reservar el nuevo viaje de ida y vuelta por 1.625 dólares (certificados, tarjetas regalo y 298 dólares en la MasterCard). ¿Desea proceder con esta cancelación y la nueva reserva?",
  ];
  it("'securing the new one' for the booking the request put: confirmed", () => {
    check(
      rows(
        swap,
        [
          "Yes, please proceed with canceling the current booking and securing the new one.",
          "是的，请取消现在的预订，并预订新的行程。",
          "Sí, proceda a cancelar la reserva actual y reservar la nueva.",
        ],
        "confirmed",
      ),
    );
  });
  it("securing something the request did not put: unclear", () => {
    check(
      rows(
        swap,
        [
          "Yes, and please secure a window seat on the new one.",
          "好的，另外请在新行程上给我留一个靠窗的座位。",
          "Sí, y asegure un asiento de ventana en la nueva.",
        ],
        "unclear",
      ),
    );
  });
});

describe("judgeConsent: a transfer to a person and what it is for", () => {
  const transfer: Lang3 = [
    "I'm unable to remove checked bags from a reservation. Would you like me to transfer you to a human agent for further assistance?",
    "我无法从预订中移除托运行李。需要我为您转接人工客服吗？",
    "No puedo quitar maletas facturadas de una reserva. ¿Desea que lo transfiera a un agente humano?",
  ];
  it("'someone who can assist', 'for help with the bag refund': confirmed", () => {
    check(
      rows(
        transfer,
        [
          "Yes, please transfer me to someone who can assist further. Thank you.",
          "好的，请帮我转给能帮忙的人工客服。谢谢。",
          "Sí, por favor transfiérame con alguien que pueda ayudarme. Gracias.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        transfer,
        [
          "Yes, please transfer me to a human agent for help with the bag refund. Thank you!",
          "好的，请转人工客服，帮我处理行李退款的事。谢谢！",
          "Sí, transfiérame a un agente humano para que me ayuden con el reembolso de la maleta. ¡Gracias!",
        ],
        "confirmed",
      ),
    );
  });
  it("an instruction besides the transfer, or a purpose when no transfer was offered: unclear", () => {
    check(
      rows(
        transfer,
        [
          "Yes, transfer me, and cancel my return flight before that.",
          "好的，转人工，但是先把我的回程航班取消。",
          "Sí, transfiérame, pero antes cancele mi vuelo de regreso.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        cancelNoAmount,
        [
          "Yes, cancel it, and then someone can help with my refund for the bag.",
          "好的，取消吧，另外帮我处理行李退款的事。",
          "Sí, cancélela, y que alguien me ayude con el reembolso de la maleta.",
        ],
        "unclear",
      ),
    );
  });
});
