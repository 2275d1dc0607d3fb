/**
 * Issue 14: the user restates the request in other words. Each equivalence is a closed class
 * (airport-cities.ts, payment-reference.ts `offersMethodKind` / `ambiguousMethodKind`,
 * role-references.ts, request-echo.ts `staleNewValue`), and each has its blocking counterpart, written
 * first: a city served by another airport, a route the wrong way round, a city of two airports, "the
 * gift card" when two are named, other digits, "an extra bag" (one more), "the second bag" when only
 * one is added, "the new flight" that is the old one, "in his place" where nobody is taken off.
 * EN/ZH/ES rows in our own wording (none is a corpus string).
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const move: Lang3 = [
  "I'll move reservation K7PQ2M from HAT210 (DTW → SEA, 2024-05-20) to HAT318 (DTW → SEA, 2024-05-21), economy, no fare difference. Shall I proceed?",
  "我将把预订 K7PQ2M 从 HAT210（DTW → SEA，2024-05-20）改到 HAT318（DTW → SEA，2024-05-21），经济舱，无差价。可以办理吗？",
  "Cambiaré la reserva K7PQ2M del HAT210 (DTW → SEA, 2024-05-20) al HAT318 (DTW → SEA, 2024-05-21), clase económica, sin diferencia de tarifa. ¿Procedo?",
];
const toDallas: Lang3 = [
  "Booking summary: HAT512 from MCO to DFW on 2024-05-24, economy, 1 passenger, $142 on your credit card ending 3307. Shall I book it?",
  "预订信息：HAT512，2024-05-24 从 MCO 飞往 DFW，经济舱，1 位乘客，$142 用尾号 3307 的信用卡支付。确认预订吗？",
  "Resumen: HAT512 de MCO a DFW el 2024-05-24, clase económica, 1 pasajero, $142 con su tarjeta de crédito terminada en 3307. ¿La reservo?",
];
const toCharlotte: Lang3 = [
  "Booking summary: HAT284 from BOS to CLT on 2024-06-02, economy, 1 passenger (Ruth Adler), $166 on your credit card ending 7716. Shall I book it?",
  "预订信息：HAT284，2024-06-02 从 BOS 飞往 CLT，经济舱，1 位乘客（Ruth Adler），$166 用尾号 7716 的信用卡支付。确认预订吗？",
  "Resumen: HAT284 de BOS a CLT el 2024-06-02, clase económica, 1 pasajera (Ruth Adler), $166 con su tarjeta de crédito terminada en 7716. ¿Desea que la reserve?",
];
const twoDallas: Lang3 = [
  "I'll rebook both of your flights on 2024-05-24: HAT512 MCO → DFW for you and HAT733 MCO → DAL for your colleague, economy, no difference. Shall I proceed?",
  "我将为您改签 2024-05-24 的两个航班：您的 HAT512 MCO → DFW，同事的 HAT733 MCO → DAL，经济舱，无差价。可以办理吗？",
  "Cambiaré sus dos vuelos del 2024-05-24: HAT512 MCO → DFW para usted y HAT733 MCO → DAL para su colega, clase económica, sin diferencia. ¿Procedo?",
];

describe("airports: the city the request's airport serves", () => {
  it("blocking first: a city the request's airports do not serve, or one of their other airports: unclear", () => {
    check(rows(move, ["Yes, move me to HAT318 to Portland.", "好的，改到飞波特兰的 HAT318。", "Sí, cámbieme al HAT318 a Portland."], "unclear"));
    check(rows(move, ["Yes, move me to HAT318 to Boston.", "好的，改到飞波士顿的 HAT318。", "Sí, cámbieme al HAT318 a Boston."], "unclear"));
    check(rows(toDallas, ["Yes, book HAT512 to Love Field.", "好的，订 HAT512 飞纽约。", "Sí, reserve el HAT512 a Nueva York."], "unclear"));
  });
  it("blocking: the request's airport said the wrong way round (where the trip starts as where it goes): unclear", () => {
    check(rows(move, ["Yes, move me to HAT318 to Detroit.", "好的，改到飞底特律的 HAT318。", "Sí, cámbieme al HAT318 a Detroit."], "unclear"));
    check(
      rows(move, ["Yes, the HAT318 flight from Seattle is fine.", "好的，从西雅图出发的 HAT318 可以。", "Sí, el HAT318 desde Seattle está bien."], "unclear"),
    );
  });
  it("blocking: a city's name used for a person ('for Charlotte', 'la reserva de Charlotte'), or an added city: unclear", () => {
    check(rows(toCharlotte, ["Yes, and book the same for Charlotte.", "好的，也给 Charlotte 订一张。", "Sí, y reserve lo mismo para Charlotte."], "unclear"));
  });
  it("blocking: a city the request names two airports of: unclear", () => {
    check(rows(twoDallas, ["Yes, rebook the one to Dallas.", "好的，改签飞达拉斯的那个。", "Sí, cambie el de Dallas."], "unclear"));
  });
  it("the city of the request's airport, in place of its code: confirmed", () => {
    check(rows(move, ["Yes, move me to HAT318 to Seattle.", "好的，改到飞西雅图的 HAT318。", "Sí, cámbieme al HAT318 a Seattle."], "confirmed"));
    check(
      rows(
        move,
        ["Yes, go ahead with Detroit to Seattle on May 21.", "好的，5月21日从底特律到西雅图，办理吧。", "Sí, adelante con Detroit a Seattle el 21 de mayo."],
        "confirmed",
      ),
    );
    check(rows(toDallas, ["Yes, book HAT512 to Dallas please.", "好的，订 HAT512 飞达拉斯。", "Sí, reserve el HAT512 a Dallas."], "confirmed"));
  });
});

const giftAndCard: Lang3 = [
  "Please confirm the payment for the new booking HAT330 ($389): $150 from gift_card_6613027 and the remaining $239 on your credit card ending 5120. Shall I book it this way?",
  "请确认新预订 HAT330（$389）的付款方式：gift_card_6613027 支付 $150，剩余 $239 用尾号 5120 的信用卡支付。按这样预订吗？",
  "Confirme el pago de la nueva reserva HAT330 ($389): $150 de gift_card_6613027 y los $239 restantes con su tarjeta de crédito terminada en 5120. ¿Desea que la reserve así?",
];
const twoGiftCards: Lang3 = [
  "Please confirm the payment for the new booking HAT330 ($389): $150 from gift_card_6613027 and the remaining $239 from gift_card_4410958. Shall I book it this way?",
  "请确认新预订 HAT330（$389）的付款方式：gift_card_6613027 支付 $150，剩余 $239 由 gift_card_4410958 支付。按这样预订吗？",
  "Confirme el pago de la nueva reserva HAT330 ($389): $150 de gift_card_6613027 y los $239 restantes de gift_card_4410958. ¿Desea que la reserve así?",
];

describe("payment: the one method of a kind the request names", () => {
  it("blocking first: 'the gift card' when the request names two: unclear", () => {
    check(
      rows(
        twoGiftCards,
        ["Yes, take the $150 from the gift card and book it.", "好的，150 从礼品卡扣，订吧。", "Sí, cobre los $150 a la tarjeta de regalo y resérvelo."],
        "unclear",
      ),
    );
  });
  it("blocking: other digits, or 'my other card': unclear", () => {
    check(
      rows(
        giftAndCard,
        ["Yes, the rest on my card ending 5210.", "好的，剩下的用尾号 5210 的卡。", "Sí, el resto con mi tarjeta terminada en 5210."],
        "unclear",
      ),
    );
    check(rows(giftAndCard, ["Yes, but put the rest on my other card.", "好的，剩下的用另一张卡。", "Sí, pero el resto con mi otra tarjeta."], "unclear"));
  });
  // the split re-described in the user's words: "the gift card" beside the amount the request takes from its one gift card is
  // that card (payment-reference.ts `refersToOfferedMethod`; the wrong pairing, "$239 from the gift card and $150 on the card",
  // stays unclear: consent-judge-split-payment.test.ts). The Chinese row is still unclear for another reason: its bigrams
  // "从礼" / "卡扣" read as words of its own (content-words.ts), not as the method.
  it("the split re-described with 'the gift card' beside its own amount and the card ending NNNN: confirmed (ZH: unclear, new words)", () => {
    check(
      rows(
        giftAndCard,
        [
          "Yes, $150 from the gift card and the rest on my card ending 5120. Please book it.",
          "好的，150 从礼品卡扣，剩下的刷尾号 5120 的卡，订吧。",
          "Sí, $150 de la tarjeta de regalo y el resto con mi tarjeta terminada en 5120. Resérvelo.",
        ],
        "confirmed",
      ).map((c, i) => (i === 1 ? { ...c, expected: "unclear" as const } : c)),
    );
  });
});

const changeAndBag: Lang3 = [
  "Two updates on reservation QW2E8R: 1. Change the return flight from HAT402 (2024-06-03) to HAT417 (2024-06-04), SEA → DEN, no fare difference. 2. Add 1 checked bag for $35 on your Mastercard ending 8820. Shall I do both?",
  "预订 QW2E8R 的两项更新：1. 将返程航班从 HAT402（2024-06-03）改为 HAT417（2024-06-04），SEA → DEN，无差价。2. 新增 1 件托运行李，$35 用尾号 8820 的万事达卡支付。两项都办理吗？",
  "Dos cambios en la reserva QW2E8R: 1. Cambiar el vuelo de regreso del HAT402 (2024-06-03) al HAT417 (2024-06-04), SEA → DEN, sin diferencia. 2. Añadir 1 maleta facturada por $35 con su Mastercard terminada en 8820. ¿Hago ambos?",
];
const twoBags: Lang3 = [
  "I'll add 2 checked bags to reservation PL0K3J: the first is free with your membership and the second costs $40, charged to your Visa ending 1190. Proceed?",
  "我将为预订 PL0K3J 添加 2 件托运行李：第一件会员免费，第二件 $40，用尾号 1190 的 Visa 支付。继续吗？",
  "Añadiré 2 maletas facturadas a la reserva PL0K3J: la primera es gratis por su membresía y la segunda cuesta $40, con su Visa terminada en 1190. ¿Procedo?",
];
const oneBag: Lang3 = [
  "I'll add 1 checked bag to reservation PL0K3J for $40, charged to your Visa ending 1190. Proceed?",
  "我将为预订 PL0K3J 添加 1 件托运行李，$40 用尾号 1190 的 Visa 支付。继续吗？",
  "Añadiré 1 maleta facturada a la reserva PL0K3J por $40, con su Visa terminada en 1190. ¿Procedo?",
];
const swap: Lang3 = [
  "I'll update the passengers of reservation MN4B7V: remove Peter Lang (DOB 1985-02-11) and add Olga Lang (DOB 1987-09-30). Flights and price stay the same. Shall I make this update?",
  "我将更新预订 MN4B7V 的乘客：删除 Peter Lang（出生日期 1985-02-11），添加 Olga Lang（出生日期 1987-09-30）。航班和价格不变。可以更新吗？",
  "Actualizaré los pasajeros de la reserva MN4B7V: quitar a Peter Lang (fecha de nacimiento 1985-02-11) y añadir a Olga Lang (fecha de nacimiento 1987-09-30). Vuelos y precio sin cambios. ¿Hago la actualización?",
];
const addOnly: Lang3 = [
  "I'll add Olga Lang (DOB 1987-09-30) as a passenger on reservation MN4B7V for $210 on your credit card ending 4471. Shall I add her?",
  "我将在预订 MN4B7V 中添加乘客 Olga Lang（出生日期 1987-09-30），$210 用尾号 4471 的信用卡支付。可以添加吗？",
  "Añadiré a Olga Lang (fecha de nacimiento 1987-09-30) como pasajera en la reserva MN4B7V por $210 con su tarjeta de crédito terminada en 4471. ¿La añado?",
];

describe("roles: the part of the request named by its role", () => {
  it("blocking first: 'an extra bag' asks for one more; 'the new flight' that is the old one: unclear", () => {
    check(
      rows(changeAndBag, ["Yes, do both, and an extra bag too.", "好的，两项都办，再加一件行李。", "Sí, haga ambos, y una maleta extra también."], "unclear"),
    );
    check(
      rows(
        changeAndBag,
        [
          "Yes, do both: the new return flight HAT402 and the bag.",
          "好的，两项都办：新的返程航班 HAT402 和行李。",
          "Sí, haga ambos: el vuelo de regreso nuevo HAT402 y la maleta.",
        ],
        "unclear",
      ),
    );
  });
  it("blocking: 'the second bag' when the request adds one bag; 'in his place' when nobody is taken off: unclear", () => {
    check(
      rows(oneBag, ["Yes, the $40 for the second bag is fine.", "好的，第二件行李的 $40 没问题。", "Sí, los $40 de la segunda maleta están bien."], "unclear"),
    );
    check(rows(addOnly, ["Yes, add Olga in his place.", "好的，让 Olga 代替他。", "Sí, añada a Olga en su lugar."], "unclear"));
  });
  it("the new flight, the extra bag, the second bag, in his place: confirmed", () => {
    check(
      rows(
        changeAndBag,
        [
          "Yes, do both: the new return flight HAT417 and the extra bag.",
          "好的，两项都办：新的返程航班 HAT417 和新增的行李。",
          "Sí, haga ambos: el vuelo de regreso nuevo HAT417 y la maleta adicional.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        twoBags,
        ["Yes, the $40 for the second bag is fine.", "好的，第二件行李的 $40 没问题。", "Sí, los $40 de la segunda maleta están bien."],
        "confirmed",
      ),
    );
    check(
      rows(
        swap,
        ["Yes, take Peter off and add Olga in his place.", "好的，删除 Peter，让 Olga 代替他。", "Sí, quite a Peter y añada a Olga en su lugar."],
        "confirmed",
      ),
    );
  });
});

const exchange: Lang3 = [
  "On pending order #W5120934 I'll exchange the Desk Lamp (item 6612093471) black / small → stainless steel / small (item 6612093488); the new one costs $9.40 more, charged to your PayPal paypal_2231057. Shall I go ahead?",
  "待发货订单 #W5120934：台灯（商品 6612093471）黑色 / 小号 → 不锈钢 / 小号（商品 6612093488），新款贵 $9.40，从您的 PayPal paypal_2231057 扣款。可以办理吗？",
  "En el pedido pendiente #W5120934 cambiaré la lámpara (artículo 6612093471) negra / pequeña → acero inoxidable / pequeña (artículo 6612093488); la nueva cuesta $9.40 más, con su PayPal paypal_2231057. ¿Procedo?",
];
const zhUpgrade =
  "请确认：将预订 R8TT2C 的两段航班（HAT061，2024-06-10，BOS → MIA；HAT144，2024-06-15，MIA → BOS）由经济舱升级为商务舱，需补差价 $880，使用尾号 6402 的信用卡支付。确认请回复“是”。";

describe("bilingual value words, Spanish clitics, Chinese verb + particle", () => {
  it("blocking first: a word in the other language that names the old option or another one: unclear", () => {
    check(rows(exchange, ["Yes, change it to the black one.", "好的，换成 black 的。", "Sí, cámbiela a la de black."], "unclear"));
    check(rows(exchange, ["Yes, change it to the aluminium one.", "好的，换成 aluminum 的。", "Sí, cámbiela a la de aluminio."], "unclear"));
  });
  it("the request's new option in the other language: confirmed", () => {
    check(
      rows(exchange, ["Yes, change it to the acero inoxidable one.", "好的，换成 stainless steel 的。", "Sí, cámbiela a la de stainless steel."], "confirmed"),
    );
  });
  it("English action and cabin words inside a Chinese reply; a Chinese verb with its particle: confirmed; another cabin: unclear", () => {
    check([{ request: zhUpgrade, reply: "OK，两段都 upgrade 到 business，刷尾号 6402 的卡。", expected: "confirmed" }]);
    check([{ request: zhUpgrade, reply: "好的，差价从尾号 6402 的信用卡里扣。", expected: "confirmed" }]);
    check([{ request: zhUpgrade, reply: "OK，两段都 upgrade 到 first class。", expected: "unclear" }]);
    check([{ request: zhUpgrade, reply: "OK，两段都 upgrade，差价从礼品卡里扣。", expected: "unclear" }]);
  });
  it("a Spanish imperative with its pronoun ('confírmelo', 'procédalo'): confirmed; with a new object: unclear", () => {
    check(rows(oneBag, ["Yes, confirm it.", "好的，确认。", "Sí, confírmelo."], "confirmed"));
    check(rows(oneBag, ["Yes, and email me the receipt.", "好的，把收据发到我邮箱。", "Sí, y envíeme el recibo por correo."], "unclear"));
  });
});
