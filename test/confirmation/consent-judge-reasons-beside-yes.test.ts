/**
 * A yes with a sentence that explains or narrates beside it: the product's faults, a story of what
 * happened, a complaint about the service (with how long it lasted), the user's feelings, a mistake
 * told. Such a sentence addresses no instruction to the agent and names no value of the action: it
 * neither grants nor blocks (issue 14 item 2). Hand-written rows (EN, ZH, ES), none taken from a
 * corpus; the blocking counterparts were written first: a story that moves a date, swaps a
 * traveller, changes the card, keeps one item, negates an item's return, adds a request after
 * "Anyway.", contradicts the action, hides a condition or a question, or counts days of a trip the
 * request changes.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const returnTwo: Lang3 = [
  "I'll return the Blender (item 5512003) and the Electric Kettle (item 7781200) from delivered order #W4410098; the refund of $142.80 goes to your Visa ending 4455. Shall I submit the return?",
  "我将为已送达订单 #W4410098 办理退货：搅拌机（商品 5512003）和电热水壶（商品 7781200），退款 $142.80 退回尾号 4455 的 Visa 卡。确认提交退货吗？",
  "Voy a devolver la licuadora (artículo 5512003) y el hervidor eléctrico (artículo 7781200) del pedido entregado #W4410098; el reembolso de $142.80 irá a su Visa terminada en 4455. ¿Confirma la devolución?",
];
const cancelFlight: Lang3 = [
  "I will cancel reservation KQ72LM (HAT118, BOS to MIA on May 22, 1 passenger); the refund of $276 goes back to your Mastercard ending 9031. Do you want me to proceed?",
  "我将取消预订 KQ72LM（HAT118，5 月 22 日波士顿飞迈阿密，1 位乘客），276 美元退回尾号 9031 的万事达卡。要我办理吗？",
  "Cancelaré la reserva KQ72LM (HAT118, BOS a MIA el 22 de mayo, 1 pasajero); el reembolso de 276 dólares vuelve a su Mastercard terminada en 9031. ¿Procedo?",
];
const changeFlight: Lang3 = [
  "I will change reservation KQ72LM from HAT118 on May 22 to HAT240 on May 23, economy; the $35 difference goes on your Mastercard ending 9031. Shall I proceed?",
  "我将把预订 KQ72LM 从 5 月 22 日的 HAT118 改为 5 月 23 日的 HAT240，经济舱，差价 35 美元从尾号 9031 的万事达卡扣除。确认办理吗？",
  "Cambiaré la reserva KQ72LM del HAT118 del 22 de mayo al HAT240 del 23 de mayo, turista; la diferencia de 35 dólares se cargará a su Mastercard terminada en 9031. ¿Procedo?",
];
const certificate: Lang3 = [
  "I'm sorry about the delay of flight HAT305. I can issue a $100 travel certificate to your account (user id omar_diaz_5521). Would you like me to issue it now?",
  "很抱歉航班 HAT305 延误了。我可以向您的账户（用户 ID omar_diaz_5521）发放一张 100 美元的旅行代金券。现在为您发放吗？",
  "Lamento el retraso del vuelo HAT305. Puedo emitir un certificado de viaje de 100 dólares a su cuenta (usuario omar_diaz_5521). ¿Desea que lo emita ahora?",
];
const cancelOrder: Lang3 = [
  "I'll cancel pending order #W7730142 (Desk Lamp $45.00 and Bulb Pack $12.00); the refund of $57.00 goes to your PayPal. Do you want me to cancel it?",
  "我将取消待发货订单 #W7730142（台灯 $45.00 和灯泡套装 $12.00），退款 $57.00 退回您的 PayPal。要我取消吗？",
  "Cancelaré el pedido pendiente #W7730142 (lámpara de escritorio $45.00 y paquete de bombillas $12.00); el reembolso de $57.00 irá a su PayPal. ¿Desea que lo cancele?",
];

describe("judgeConsent: a reason, a story or a complaint beside a yes", () => {
  it("the product's faults, negated or not: confirmed", () => {
    check(
      rows(
        returnTwo,
        [
          "Yes, please return both. The blender leaks from the bottom and the kettle doesn't switch off by itself.",
          "确认，两件都退。搅拌机底部漏水，水壶也不会自动断电，太让人失望了。",
          "Sí, proceda con la devolución. La licuadora gotea por abajo y el hervidor no se apaga nunca.",
        ],
        "confirmed",
      ),
    );
  });
  it("a story of what happened, with a negation in it: confirmed", () => {
    check(
      rows(
        cancelFlight,
        [
          "Yes, cancel it. My daughter's school moved the exam week and nobody told us until yesterday.",
          "好的，取消吧。女儿学校把考试周挪了，昨天才通知我们，谁也没想到。",
          "Sí, cancélela. El colegio de mi hija movió la semana de exámenes y nadie nos avisó hasta ayer.",
        ],
        "confirmed",
      ),
    );
  });
  it("a complaint about the service, with how long it lasted: confirmed", () => {
    check(
      rows(
        certificate,
        [
          "Yes, issue the certificate. We sat on the tarmac for five hours and nobody brought us any water.",
          "同意发放代金券。我们在停机坪上坐了五个小时，连水都没人送。",
          "Sí, emita el certificado. Estuvimos cinco horas en la pista y nadie nos dio agua.",
        ],
        "confirmed",
      ),
    );
  });
  it("the user's feelings: confirmed", () => {
    check(
      rows(
        changeFlight,
        [
          "Yes, go ahead with the change. Honestly I'm not happy with how things have gone so far.",
          "好，办理吧。说实话最近事情一直不顺，心里挺不舒服的。",
          "Sí, haga el cambio. La verdad no estoy nada contento con cómo han ido las cosas.",
        ],
        "confirmed",
      ),
    );
  });
  it("a mistake told: confirmed", () => {
    check(
      rows(
        cancelOrder,
        [
          "Yes, cancel the order. I clicked buy twice without noticing, my toddler was climbing on me.",
          "好的，取消吧。当时孩子在旁边闹，我没注意点了两次。",
          "Sí, cancélelo. Mi niño me estaba jalando el brazo y lo compré dos veces sin darme cuenta.",
        ],
        "confirmed",
      ),
    );
  });

  it("a story that moves a date, swaps a traveller or changes the card: unclear", () => {
    check(
      rows(
        changeFlight,
        ["Yes, go ahead. Turns out the wedding is on the 24th now.", "好的，办吧。婚礼其实挪到 24 号了。", "Sí, adelante. Resulta que la boda ahora es el 24."],
        "unclear",
      ),
    );
    check(
      rows(
        changeFlight,
        ["Yes, change it. My brother is flying in my place.", "好的，改吧。我弟弟替我去。", "Sí, cámbielo. Mi hermano viaja en mi lugar."],
        "unclear",
      ),
    );
    check(
      rows(
        changeFlight,
        ["Yes, go ahead. My wife will pay with her own card.", "好的，办吧。我太太会用她自己的卡付。", "Sí, adelante. Mi esposa pagará con su propia tarjeta."],
        "unclear",
      ),
    );
  });
  it("a story that counts days of a trip the request changes: unclear", () => {
    check(
      rows(
        changeFlight,
        ["Yes, change it. We are staying three more days.", "好的，改吧。我们要多待三天。", "Sí, cámbielo. Nos quedamos tres días más."],
        "unclear",
      ),
    );
  });
  it("a story that keeps one item or negates its return: unclear", () => {
    check(rows(returnTwo, ["Yes, submit it. The kettle isn't going back.", "好，提交吧。水壶不退了。", "Sí, envíela. El hervidor no lo devuelvo."], "unclear"));
    check(
      rows(
        returnTwo,
        ["Yes, go ahead. Only the blender is broken.", "好的，办理吧。只有搅拌机坏了。", "Sí, adelante. Solo la licuadora está rota."],
        "unclear",
      ),
    );
  });
  it("a request added after 'Anyway.', a contradicting reason, a hidden condition or question: unclear", () => {
    check(
      rows(
        cancelFlight,
        [
          "What a week it has been. Anyway. Yes, cancel it, and the hotel too.",
          "这周真是够呛。总之，取消吧，酒店也一起退了。",
          "Qué semana. En fin. Sí, cancélela, y el hotel también.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        cancelFlight,
        [
          "Yes. I'm not cancelling the trip, I just want my money back.",
          "是的。我不是要取消行程，我只是想要退款。",
          "Sí. No es que quiera cancelar el viaje, solo quiero mi dinero.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        cancelFlight,
        [
          "Yes, cancel it. My surgery date is still open, if it moves I may need the flight back.",
          "好的，取消吧。手术日期还没定，如果改了我可能还要这班飞机。",
          "Sí, cancélela. La fecha de la operación no está fija, si cambia quizá necesite el vuelo.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        cancelFlight,
        [
          "Yes, cancel it. I wonder whether the refund arrives before my rent is due.",
          "好的，取消吧。不知道退款能不能在交房租前到账。",
          "Sí, cancélela. No sé si el reembolso llegará antes de pagar el alquiler.",
        ],
        "unclear",
      ),
    );
  });
});

describe("judgeConsent: what a story beside a yes must not hide", () => {
  it("an item still in use, someone else paying, a count of people in a complaint: unclear", () => {
    check(
      rows(
        returnTwo,
        [
          "Yes, return both. The kettle I still use every morning.",
          "好的，两件都退。水壶我每天早上还在用。",
          "Sí, devuelva las dos. El hervidor todavía lo uso cada mañana.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        certificate,
        [
          "Yes, issue it. Three of us sat at the gate for five hours.",
          "同意发放。我们三个人在登机口等了五个小时。",
          "Sí, emítalo. Éramos tres personas esperando cinco horas en la puerta.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        certificate,
        [
          "Yes, issue it. We waited five hours, so make it $150.",
          "同意发放。我们等了五个小时，改成 150 美元吧。",
          "Sí, emítalo. Esperamos cinco horas, así que que sean 150 dólares.",
        ],
        "unclear",
      ),
    );
  });
  it("a story that instructs or sets a detail after all: unclear", () => {
    check(
      rows(
        changeFlight,
        [
          "Yes, go ahead. The conference got pushed, so I'm flying on the 25th now.",
          "好的，办吧。会议推迟了，我们要改到周五。",
          "Sí, adelante. La conferencia se retrasó, mejor cámbielo al martes.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        cancelFlight,
        [
          "Yes, cancel it. My trip is off, but I don't want the return flight cancelled.",
          "好的，取消吧。行程泡汤了，不过回程别取消。",
          "Sí, cancélela. El viaje se canceló, pero no cancele el vuelo de regreso.",
        ],
        "unclear",
      ),
    );
  });
});

describe("judgeConsent: the hinge from a story to the answer", () => {
  it("'long story short', 'en fin', '总之' before a plain yes: confirmed", () => {
    check(
      rows(
        cancelFlight,
        [
          "The whole family caught the flu last week. So, long story short: yes, please cancel it.",
          "全家上周都得了流感。总之，好的，取消吧。",
          "Toda la familia se enfermó de gripe la semana pasada. En fin, sí, cancélela.",
        ],
        "confirmed",
      ),
    );
  });
  it("the same hinge before a wish, an addition or a restriction: unclear", () => {
    check(
      rows(cancelFlight, ["Long story short, cancel it but keep the return.", "总之，取消吧，但回程留着。", "En fin, cancélela, pero solo la ida."], "unclear"),
    );
    check(rows(cancelFlight, ["Anyway, yes, and the hotel too.", "总之，好的，酒店也一起退了。", "En fin, sí, y el hotel también."], "unclear"));
  });
});
