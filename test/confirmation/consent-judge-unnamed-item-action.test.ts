/**
 * The request's own kind of action told of an item the request does not name (unnamed-item-action.ts): "I'm sending the
 * toaster back too" beside a return of the lamp asks for more; the request's own item, a reference to it ("the actual lamp",
 * "这个", "the one ending in 4421"), money going back, and a past event ("the wedding was cancelled too") do not. Hand-written
 * EN/ZH/ES rows, none a corpus string; the near-misses at the end are the readings a1f6243's first version caught too widely
 * (a "make sure the refund goes back" row, "se canceló la boda", "the current booking", "300美元退回尾号4421的卡").
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const lamp: Lang3 = [
  "I'll return the Desk Lamp (item 5521) from order #W8830127 and refund $45.50 to your Mastercard ending in 7710. Would you like me to proceed?",
  "我将退回订单 #W8830127 中的台灯（商品 5521），并将45.50美元退回您尾号7710的万事达卡。需要我办理吗？",
  "Voy a devolver la lámpara de escritorio (artículo 5521) del pedido #W8830127 y reembolsar 45,50 dólares a su Mastercard terminada en 7710. ¿Desea que proceda?",
];
const flight: Lang3 = [
  "I'll cancel reservation PX4K2D (ORD → MIA, June 3, 2 passengers); the $412 refund goes to your original card. Shall I go ahead?",
  "我将取消预订 PX4K2D（ORD → MIA，6月3日，2位乘客），412美元退款将退回原卡。要我继续吗？",
  "Cancelaré la reserva PX4K2D (ORD → MIA, 3 de junio, 2 pasajeros); el reembolso de 412 dólares irá a su tarjeta original. ¿Continúo?",
];

describe("the request's action told of an item it does not name: unclear", () => {
  it("another item sent back, with 'too' / 'as well' / 'también' / '也'", () => {
    check(
      rows(
        lamp,
        [
          "Sure thing. I'm sending the toaster back too, same problem with the plug.",
          "可以。吐司机也一起寄回去。",
          "Claro. También devuelvo la tostadora, tiene el mismo fallo.",
        ],
        "unclear",
      ),
    );
    check(rows(lamp, ["Yes. My daughter's headphones are going back as well.", "行，把灯罩也退掉吧。", "Sí. La alfombra también se devuelve."], "unclear"));
  });
  it("another item as a second object", () => {
    check(rows(lamp, ["Go ahead. I'm returning the lamp and the rug.", "好的，台灯和地毯都退回去。", "Vale, devuelvo la lámpara y la alfombra."], "unclear"));
  });
  it("something else cancelled as well, beside a cancellation", () => {
    check(rows(flight, ["Yes. I'm cancelling the hotel as well, no point keeping it.", "好的。酒店也取消吧。", "Sí. El hotel también lo cancelo."], "unclear"));
    check(
      rows(
        flight,
        ["Yes please — the car rental is getting cancelled too.", "行，租车我也一起取消。", "Vale, y cancelo también el coche de alquiler."],
        "unclear",
      ),
    );
  });
});

describe("the request's own item, a reference, money or a past event: confirmed", () => {
  it("the item the request names, with 'too'", () => {
    check(
      rows(
        lamp,
        ["Yes. The lamp is going back too, the switch is loose.", "好的，台灯也退回去吧。", "Sí. La lámpara también la devuelvo, el interruptor falla."],
        "confirmed",
      ),
    );
  });
  it("a reference to what the request names", () => {
    check(rows(lamp, ["Yes please, I'm returning the actual lamp I ordered.", "好的，这个也退回去。", "Sí, la lámpara original se devuelve."], "confirmed"));
    check(rows(flight, ["Yes, I'm cancelling the whole thing.", "好的，整个预订都取消吧。", "Sí, la reserva también la cancelo, gracias."], "confirmed"));
  });
  it("the money going back as well", () => {
    check(
      rows(
        lamp,
        [
          "Yes, and the money goes back to the Mastercard as well, perfect.",
          "好的，钱也退回万事达卡就行。",
          "Sí, el dinero también se devuelve a la Mastercard, perfecto.",
        ],
        "confirmed",
      ),
    );
  });
  it("a past event told of another thing, with or without 'too'", () => {
    check(
      rows(
        lamp,
        ["Yes. I returned a toaster last year too and it went fine.", "好的。吐司机之前也退回去了，很顺利。", "Sí. Mi hermana también devolvió la suya."],
        "confirmed",
      ),
    );
    check(
      rows(flight, ["Yes. The wedding was cancelled too, sadly.", "好的。婚礼也取消了，真可惜。", "Sí. La boda también se canceló, qué pena."], "confirmed"),
    );
    check(
      rows(
        flight,
        ["Yes, go ahead. The conference got cancelled last week.", "好的。会议取消了，真可惜。", "Sí. Se canceló el congreso, qué pena."],
        "confirmed",
      ),
    );
  });
});

describe("near-misses of the first version (a1f6243), pinned: confirmed", () => {
  const downgrade: Lang3 = [
    "I can downgrade reservation ZKBE7N from business to economy; the $312 fare difference will be refunded to your original payment method. Shall I proceed?",
    "我可以将预订 ZKBE7N 从商务舱降为经济舱，312美元差价将退回原支付方式。要办理吗？",
    "Puedo bajar la reserva ZKBE7N de business a económica; la diferencia de 312 dólares se reembolsará a su método de pago original. ¿Procedo?",
  ];
  const refund: Lang3 = [
    "I'll cancel reservation EHGLP3 and refund $300 to your Visa ending in 4421. Shall I proceed? (yes/no)",
    "我将取消预订 EHGLP3，并将 $300 退回您尾号 4421 的 Visa 信用卡。请问要继续吗？（是/否）",
    "Cancelaré la reserva EHGLP3 y reembolsaré $300 a su Visa terminada en 4421. ¿Procedo? (sí/no)",
  ];
  it("the difference or an amount going back, said with 'also'", () => {
    check([
      { request: downgrade[1], reply: "好的，请办理降舱，差价也退回原支付方式。", expected: "confirmed" },
      { request: downgrade[2], reply: "Sí, proceda, y el reembolso también se devuelve al método de pago original.", expected: "confirmed" },
      { request: refund[1], reply: "好的，300美元也退回尾号4421的卡。", expected: "confirmed" },
      { request: refund[2], reply: "Sí, y los 300 dólares también se devuelven a la terminada en 4421.", expected: "confirmed" },
    ]);
  });
  it("what the request books said as 'the new one', beside 'too'", () => {
    const swap: Lang3 = [
      "Here is the plan: cancel reservation K1NW8N and book the new round trip for $1,625. Would you like to proceed with this cancellation and new booking?",
      "计划如下：取消预订 K1NW8N，并以 1625 美元预订新的往返行程。要办理这次取消和新预订吗？",
      "El plan: cancelar la reserva K1NW8N y reservar el nuevo viaje de ida y vuelta por 1.625 dólares. ¿Desea proceder con esta cancelación y la nueva reserva?",
    ];
    check(
      rows(
        swap,
        [
          "Yes, cancel the current booking and book the new one too.",
          "是的，取消现在的预订，新的行程也预订吧。",
          "Sí, cancele la reserva actual y reserve también la nueva.",
        ],
        "confirmed",
      ),
    );
  });
});
