/**
 * A clause's ROLE decides whether its words can add a detail (issue 14 item 2): a clause that narrates
 * the user's life (a reason, a story, a feeling, grumbling) states no detail of the action, and its
 * negations are about the user's life; only a clause that instructs or specifies ("I want X", "use X",
 * an imperative, a bare detail after the yes) can add a detail, ask for something else or negate the
 * action. Hand-written rows (EN, ZH, ES). The near-misses come first and were written before the rule:
 * a constraint, a reason that smuggles a request, a reason that contradicts the action, a negated
 * detail, a correction, a passenger change inside a story, a story that ends in an instruction.
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
const booking: Lang3 = [
  "I will book flight HAT045 on May 20 for you and Maria Lopez (2 passengers), economy, with travel insurance, $640 in total on your Visa ending in 7447. Shall I proceed?",
  "我将为您和 Maria Lopez（2 位乘客）预订 5 月 20 日的 HAT045 航班，经济舱，含旅行保险，共 640 美元，从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Reservaré el vuelo HAT045 del 20 de mayo para usted y Maria Lopez (2 pasajeros), en turista, con seguro de viaje, 640 dólares en total a su Visa terminada en 7447. ¿Procedo?",
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
const ship: Lang3 = [
  "I will ship order #W123 (a desk lamp) to 12 Oak Street, Portland. Shall I proceed?",
  "我将把订单 #W123（一盏台灯）寄到 Portland 的 12 Oak Street。确认办理吗？",
  "Enviaré el pedido #W123 (una lámpara de escritorio) a 12 Oak Street, Portland. ¿Procedo?",
];

describe("judgeConsent, clause roles: near-misses that must not confirm", () => {
  it("a constraint after the yes is no story: unclear", () => {
    check(rows(booking, ["Yes, but I can't fly on Tuesday.", "好的，但是我周二不能飞。", "Sí, pero no puedo volar el martes."], "unclear"));
  });
  it("a reason that smuggles a request: unclear", () => {
    check(rows(change, ["Yes because I want the window seat.", "好的，因为我想要靠窗的座位。", "Sí, porque quiero el asiento de ventanilla."], "unclear"));
    check(
      rows(
        change,
        ["Yes, since I'd like to be upgraded to business anyway.", "可以，因为我想顺便升到商务舱。", "Sí, ya que me gustaría pasar a business de todos modos."],
        "unclear",
      ),
    );
  });
  it("a reason that contradicts the action (the bags are charged, insurance is part of it): unclear", () => {
    check(rows(bags, ["Yes, because I don't want to pay for the bags.", "好的，因为我不想为行李付钱。", "Sí, porque no quiero pagar el equipaje."], "unclear"));
    check(
      rows(booking, ["Okay, because I don't need the insurance anymore.", "好的，因为我不需要保险了。", "Vale, porque ya no necesito el seguro."], "unclear"),
    );
  });
  it("a yes that negates a detail of the action: unclear", () => {
    check(
      rows(
        cancel,
        ["Yes, I don't want the refund to my card though.", "好的，不过我不要退到卡上。", "Sí, aunque no quiero el reembolso a mi tarjeta."],
        "unclear",
      ),
    );
    check(rows(change, ["Go ahead — not the 20th, the 22nd.", "办理吧——不是 20 号，是 22 号。", "Adelante — no el 20, el 22."], "unclear"));
  });
  it("a passenger change inside a story: unclear", () => {
    check(rows(booking, ["Yes, and my wife isn't coming anymore.", "好的，另外我太太不去了。", "Sí, y mi esposa ya no viene."], "unclear"));
    check(
      rows(
        booking,
        ["Yes. My friend Maria can't make it, she's sick.", "好的。我朋友 Maria 生病了，去不了。", "Sí. Mi amiga Maria está enferma y no puede venir."],
        "unclear",
      ),
    );
  });
  it("a story that says who travels: unclear", () => {
    check(rows(booking, ["Yes, we're a family of four.", "好的，我们一家四口。", "Sí, somos una familia de cuatro."], "unclear"));
    check(
      rows(booking, ["Yes, go ahead, my husband is flying with me.", "好的，办理吧，我先生和我一起飞。", "Sí, adelante, mi esposo viaja conmigo."], "unclear"),
    );
  });
  it("a story that takes the yes back or refuses: not a confirmation", () => {
    check(rows(cancel, ["Yes, I'm kidding.", "好的。开玩笑的。", "Sí. Es broma."], "unclear"));
    check(rows(cancel, ["Yes. I changed my mind.", "好的。我改变主意了。", "Sí. Cambié de opinión."], "unclear"));
    check(rows(cancel, ["I changed my mind.", "我改变主意了。", "Cambié de opinión."], "denied"));
  });
  it("a named passenger not travelling: unclear", () => {
    check(rows(booking, ["Yes. Maria isn't coming.", "好的。Maria 不来了。", "Sí. Maria no viene."], "unclear"));
  });
  it("a story that ends in an instruction: unclear", () => {
    check(
      rows(
        ship,
        ["Yes. We moved, so send it to the new address.", "好的。我们搬家了，所以寄到新地址吧。", "Sí. Nos mudamos, así que envíelo a la dirección nueva."],
        "unclear",
      ),
    );
    check(
      rows(
        change,
        [
          "Yes. I'm travelling with my dog, so please add a pet ticket.",
          "好的。我要带狗一起走，所以请加一张宠物票。",
          "Sí. Viajo con mi perro, así que añada un billete para mascota.",
        ],
        "unclear",
      ),
    );
  });
  it("what the user lacks or cannot do is a fact the action may depend on, not a story: unclear", () => {
    check(
      rows(
        change,
        ["Yes, please proceed. I don't have my passport with me yet.", "好的，请办理。我还没有拿到护照。", "Sí, proceda. Todavía no tengo mi pasaporte."],
        "unclear",
      ),
    );
  });
  it("a story told in the same breath as the yes may set the trip: read as before (unclear)", () => {
    check(rows(change, ["Yes, we're leaving from Newark.", "好的，我们从纽瓦克出发。", "Sí, salimos desde Newark."], "unclear"));
    check(rows(change, ["Yes, I'm using my points.", "好的，我用积分付。", "Sí, estoy usando mis puntos."], "unclear"));
  });
  it("a story told in the same breath as the yes that names nothing of the action's domain: confirmed (idle-words.ts)", () => {
    // read as unclear before idle-words.ts: boarding soon sets no place, person, payment, date or item of the action
    check(
      rows(
        bags,
        ["Yes, add them now please, I'm boarding soon.", "好的，现在就加吧，我马上要登机了。", "Sí, agréguelas ya, estoy a punto de embarcar."],
        "confirmed",
      ),
    );
  });
  it("a bare detail right after the yes specifies: unclear", () => {
    check(rows(change, ["Yes please, window seat.", "好的，改成商务舱。", "Sí, pero a Boston."], "unclear"));
    check(rows(change, ["Yes, the aisle seat, please.", "好的，靠过道的座位，谢谢。", "Sí, la ventanilla, por favor."], "unclear"));
  });
});

describe("judgeConsent, clause roles: a yes with a reason, a story or a feeling", () => {
  it("a story of the user's life with ordinary words: confirmed", () => {
    check(
      rows(
        ship,
        [
          "Yes, please go ahead. I'm moving into my new apartment and I'm excited to set it up.",
          "好的，请办理。我刚搬进新公寓，正好用得上。",
          "Sí, adelante. Me estoy mudando a mi apartamento nuevo y tengo muchas ganas de arreglarlo.",
        ],
        "confirmed",
      ),
    );
  });
  it("a reason with a negation about the user's life: confirmed", () => {
    check(
      rows(
        cancel,
        [
          "Yes, please cancel it. My doctor told me not to fly long-haul for a while.",
          "是的，请取消。医生建议我这段时间不要长途飞行。",
          "Sí, cancélela por favor. Mi médico me dijo que no vuele en trayectos largos por un tiempo.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        bags,
        [
          "Yes, please add them. I'm bringing gifts for my family and they don't fit in my backpack.",
          "好的，请加上。我给家人带了礼物，背包里装不下。",
          "Sí, agréguelas por favor. Llevo regalos para mi familia y no me caben en la mochila.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        cancel,
        [
          "Yes, cancel it. My son still has a fever and we can't risk it.",
          "好的，取消吧。我儿子还在发烧，我们不敢冒险。",
          "Sí, cancélela. Mi hijo sigue con fiebre y no podemos arriesgarnos.",
        ],
        "confirmed",
      ),
    );
  });
  it("a story in a sentence of its own beside the instruction: confirmed", () => {
    check(
      rows(
        bags,
        [
          "Yes, add them now please. I'm boarding soon and my suitcase is huge.",
          "好的，现在就加吧。我马上要登机了。",
          "Sí, agréguelas ya por favor. Estoy a punto de embarcar.",
        ],
        "confirmed",
      ),
    );
  });
  it("grumbling and feelings beside the yes: confirmed", () => {
    check(
      rows(
        certificate,
        [
          "Yes, go ahead. It doesn't really make up for the delay, but fine.",
          "好的，办理吧。这也弥补不了延误，不过没关系。",
          "Sí, adelante. No compensa del todo el retraso, pero bueno.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        cancel,
        [
          "Yes, please cancel it. I booked it by mistake, I wasn't paying attention.",
          "确定，请取消吧。当时手滑订错了，不好意思。",
          "Sí, cancélela por favor. Me equivoqué al reservarla, no estaba prestando atención.",
        ],
        "confirmed",
      ),
    );
  });
});

describe("judgeConsent: a feeling about the future or a past wish is no trip of its own", () => {
  const upgrade: Lang3 = [
    "For reservation KX42PQ (2 passengers): upgrade both flights to business for $726 on your Visa ending 4667, and add 3 free checked bags. Do you want me to make these changes? (yes/no)",
    "预订 KX42PQ（2 位乘客）：两段航班升至商务舱，费用 726 美元从尾号 4667 的 Visa 卡扣除，并免费添加 3 件托运行李。要我办理这些更改吗？",
    "Reserva KX42PQ (2 pasajeros): subir ambos vuelos a business por 726 dólares con su Visa terminada en 4667 y añadir 3 maletas facturadas gratis. ¿Hago estos cambios? (sí/no)",
  ];
  const cancel: Lang3 = [
    "I'll cancel reservation ZS11C3 (BOS → DTW, May 28, passengers Juan Rossi and Lucas Davis) and refund $4,098 to the original payment method. Do you confirm?",
    "我将取消预订 ZS11C3（波士顿→底特律，5月28日，乘客 Juan Rossi 和 Lucas Davis），4098 美元退回原支付方式。确认吗？",
    "Cancelaré la reserva ZS11C3 (BOS → DTW, 28 de mayo, pasajeros Juan Rossi y Lucas Davis) y reembolsaré 4.098 dólares al método de pago original. ¿Lo confirma?",
  ];
  it("'X is going to be thrilled', 'we had really wanted to go': confirmed", () => {
    check(
      rows(
        upgrade,
        [
          "Yes, all of it. Ivan's going to be thrilled, haha. Thanks!",
          "好的，都办吧。伊万肯定会很开心，哈哈。谢谢！",
          "Sí, todo. A Iván le va a encantar, jaja. ¡Gracias!",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        cancel,
        [
          "Yes, please cancel it. We had really wanted to go, but health comes first.",
          "好的，请取消。我们本来很想去的，不过健康第一。",
          "Sí, cancélela. Teníamos muchas ganas de ir, pero la salud primero.",
        ],
        "confirmed",
      ),
    );
  });
  it("someone going somewhere, or joining, after the yes: not a confirmation", () => {
    check(
      rows(upgrade, ["Yes, all of it. Ivan's going to Boston instead.", "好的，都办。伊万改去波士顿。", "Sí, todo. Iván va a Boston en su lugar."], "unclear"),
    );
    check(rows(upgrade, ["Yes. My wife is going to join us too.", "好的。我太太也会一起去。", "Sí. Mi esposa también viene con nosotros."], "unclear"));
    check(
      rows(
        cancel,
        [
          "Yes, cancel it. But we're not both travelling, only Juan.",
          "好的，取消吧。不过我们不是两个人都去，只有 Juan。",
          "Sí, cancélela. Pero no viajamos los dos, solo Juan.",
        ],
        "unclear",
      ),
    );
  });
});
