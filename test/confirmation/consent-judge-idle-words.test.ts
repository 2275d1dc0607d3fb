/**
 * When can a sentence that is not an instruction change the action (issue 14, family "asks for something else")? Only when it names
 * a detail of the action (a value, an item, a person, a payment, an address, a place, a date), binds the user ("I'll…", "it
 * should…"), qualifies the yes (a condition, a change, a restriction, an addition) or asks. A story, a feeling or thanks told in the
 * same clause as the yes names nothing the agent could do. Hand-written rows (EN, ZH, ES), phrased unlike the corpus rows; the
 * near-misses are written in the same style as the yeses.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const change: Lang3 = [
  "I will change reservation ABC123 to flight HAT045 on May 20 in economy; the $50 difference goes on your Visa ending in 7447. Shall I proceed?",
  "我将把预订 ABC123 改为 5 月 20 日的 HAT045 航班，经济舱，差价 50 美元从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Cambiaré la reserva ABC123 al vuelo HAT045 del 20 de mayo en turista; la diferencia de 50 dólares se cargará a su Visa terminada en 7447. ¿Procedo?",
];
const bags: Lang3 = [
  "I will add 2 checked bags to reservation ABC123 for $100, charged to your Visa ending in 7447. Shall I proceed?",
  "我将为预订 ABC123 添加 2 件托运行李，费用 100 美元，从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Añadiré 2 maletas facturadas a la reserva ABC123 por 100 dólares, cargados a su Visa terminada en 7447. ¿Procedo?",
];
const cancel: Lang3 = [
  "I will cancel reservation ABC123 (JFK to SEA on May 20); the $320 refund goes back to your Visa ending in 7447. Do you want me to proceed?",
  "我将取消预订 ABC123（5 月 20 日纽约飞西雅图），320 美元退回尾号 7447 的 Visa 卡。要我办理吗？",
  "Cancelaré la reserva ABC123 (JFK a SEA el 20 de mayo); el reembolso de 320 dólares vuelve a su Visa terminada en 7447. ¿Procedo?",
];
const certificate: Lang3 = [
  "I'm sorry about the delay. I can issue a $100 travel certificate to your account as a gesture of goodwill. Would you like me to proceed?",
  "很抱歉航班延误。作为补偿，我可以向您的账户发放一张 100 美元的旅行代金券。要我办理吗？",
  "Lamento el retraso. Puedo emitir un certificado de viaje de 100 dólares en su cuenta como compensación. ¿Desea que proceda?",
];
const booking: Lang3 = [
  "I will book flight HAT045 on May 20 for you and Maria Lopez (2 passengers), economy, with travel insurance, $640 in total on your Visa ending in 7447. Shall I proceed?",
  "我将为您和 Maria Lopez（2 位乘客）预订 5 月 20 日的 HAT045 航班，经济舱，含旅行保险，共 640 美元，从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Reservaré el vuelo HAT045 del 20 de mayo para usted y Maria Lopez (2 pasajeros), en turista, con seguro de viaje, 640 dólares en total a su Visa terminada en 7447. ¿Procedo?",
];
const ship: Lang3 = [
  "I will ship order #W123 (a desk lamp) to 12 Oak Street, Portland. Shall I proceed?",
  "我将把订单 #W123（一盏台灯）寄到 Portland 的 12 Oak Street。确认办理吗？",
  "Enviaré el pedido #W123 (una lámpara de escritorio) a 12 Oak Street, Portland. ¿Procedo?",
];
const exchange: Lang3 = [
  "I will exchange the blue water bottle in order #W123 for the same bottle in black, at no extra cost. Shall I proceed?",
  "我将把订单 #W123 里的蓝色水杯换成同款黑色水杯，不另收费。确认办理吗？",
  "Cambiaré la botella azul del pedido #W123 por la misma botella en negro, sin costo adicional. ¿Procedo?",
];

describe("judgeConsent, idle words: a story, a feeling or thanks beside the yes is no new content", () => {
  it("the user's circumstances told after the go-ahead: confirmed", () => {
    check(
      rows(
        cancel,
        [
          "Yes, please cancel it, work has been absolutely crazy lately.",
          "好的，请取消吧，我最近忙得焦头烂额。",
          "Sí, cancélela por favor, el trabajo ha estado de locos últimamente.",
        ],
        "confirmed",
      ),
    );
  });
  it("a feeling about what happened, in the clause of the yes: confirmed", () => {
    check(
      rows(
        certificate,
        ["Yes please, that delay really wore me out.", "好的，麻烦了，我被那次延误折腾坏了。", "Sí, por favor, ese retraso me dejó agotada."],
        "confirmed",
      ),
    );
  });
  it("what the user is doing right now, beside the go-ahead: confirmed", () => {
    check(
      rows(
        bags,
        ["Yes, add them please, my taxi is waiting outside.", "好的，请加上，我正在收拾东西。", "Sí, agréguelas por favor, mi taxi me está esperando afuera."],
        "confirmed",
      ),
    );
  });
  it("thanks for the agent's kindness inside the go-ahead's clause: confirmed", () => {
    check(
      rows(
        ship,
        [
          "Go ahead and ship it, thank you so much for your kindness.",
          "好的，请寄吧，谢谢你这么耐心。",
          "Adelante, envíelo, muchas gracias por su amabilidad.",
        ],
        "confirmed",
      ),
    );
  });
  it("relief or an exclamation before the yes: confirmed", () => {
    check(
      rows(change, ["Oh thank goodness, yes, please change it.", "谢天谢地，好的，请帮我改。", "Ay, gracias a Dios, sí, cámbielo por favor."], "confirmed"),
    );
  });
});

describe("judgeConsent, idle words: near-misses in the same style stay unclear", () => {
  it("someone needing something is an instruction, not a story: unclear", () => {
    check(rows(bags, ["Yes, and my husband needs a bag too.", "好的，我老公也需要一件行李。", "Sí, y mi esposo también necesita una maleta."], "unclear"));
  });
  it("who travels, said as a statement: unclear", () => {
    check(rows(booking, ["Yes — it's for three of us now.", "好的，现在是我们三个人。", "Sí, ahora somos tres."], "unclear"));
    check(rows(booking, ["Yes, we're flying with the kids.", "好的，我们带着孩子一起飞。", "Sí, volamos con los niños."], "unclear"));
  });
  it("a detail stated in a statement (a meal, a hotel, an address): unclear", () => {
    check(
      rows(
        booking,
        ["Yes, I'm vegetarian by the way.", "好的，顺便说一下我吃素餐。", "Sí, por cierto soy vegetariana y necesito comida vegetariana."],
        "unclear",
      ),
    );
    check(rows(ship, ["Yes, my new address is 40 Pine Road.", "好的，我的新地址是 40 Pine Road。", "Sí, mi nueva dirección es 40 Pine Road."], "unclear"));
  });
  it("the user's intent to pay otherwise or to choose otherwise: unclear", () => {
    check(rows(bags, ["Yes, I'll pay with the Mastercard.", "好的，我会用万事达卡付。", "Sí, voy a pagar con la Mastercard."], "unclear"));
    check(rows(exchange, ["Yes, I'll take the red one.", "好的，我要红色的。", "Sí, voy a llevar la roja."], "unclear"));
  });
  it("the action already done by the user: unclear", () => {
    check(
      rows(
        cancel,
        ["Yes, I already cancelled it myself on the website.", "是的，我已经自己在网站上取消了。", "Sí, ya la cancelé yo misma en la página web."],
        "unclear",
      ),
    );
  });
  it("another traveller, another card, another method, said beside the yes: unclear", () => {
    check(rows(booking, ["Yes, but my wife is travelling too.", "好的，不过我太太也一起去。", "Sí, pero mi esposa también viaja."], "unclear"));
    check(
      rows(bags, ["Yes, the card is the one ending 1234 now.", "好的，卡号换成尾号1234的那张。", "Sí, la tarjeta ahora es la que termina en 1234."], "unclear"),
    );
    check(rows(bags, ["Yes, I'll pay with the Amex instead.", "好的，我改用美国运通卡付吧。", "Sí, pagaré con la Amex en lugar de la Visa."], "unclear"));
  });
  it("a part of the item, a name's spelling, someone else's plan, keeping a part: unclear", () => {
    check(
      rows(
        exchange,
        ["Yes, it's the lid that's cracked, the bottle is fine.", "好的，是盖子裂了，杯子没问题。", "Sí, la tapa es la que está rota, la botella está bien."],
        "unclear",
      ),
    );
    check(rows(booking, ["Yes, my surname is spelled Smyth.", "好的，我的姓是史密斯。", "Sí, mi apellido se escribe Smyth."], "unclear"));
    check(rows(ship, ["Yes, my neighbour will pick it up.", "好的，我邻居会去取。", "Sí, mi vecina lo va a recoger."], "unclear"));
    check(rows(exchange, ["Yes, I'm keeping the lid.", "好的，盖子我留着。", "Sí, me quedo con la tapa."], "unclear"));
  });
  it("where the money should go, said as a statement: unclear", () => {
    check(rows(cancel, ["Yes. The refund should go to my PayPal.", "好的，退款应该退到我的PayPal。", "Sí. El reembolso debería ir a mi PayPal."], "unclear"));
  });
});
