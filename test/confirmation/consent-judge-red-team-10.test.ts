/**
 * Issue 14, item 2: false confirmations found on new real replies (real-replies-6, collected blind on 2026-12-01 from
 * repositories no corpus had used) and closed as classes. Hand-written EN/ZH/ES rows, none a corpus string:
 *
 * - a question that puts the agent's *not* acting ("…and you do not want me to schedule it?"): a yes leaves things as
 *   they are (asked-question.ts; r6-022);
 * - an order paired with another payment method than the request paired it with, in the request's own words
 *   (value-pairing.ts; r6-145);
 * - "…, but for the water bottle, please select…": an instruction for one part set against the yes (clause-reading.ts; r6-115);
 * - a payment kind the request never named where it names the methods it offers by id (payment-reference.ts).
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

describe("red team 10: false confirmations of real-replies-6, as classes", () => {
  it("a question putting the agent's not acting: a yes is no go-ahead", () => {
    const notActing: Lang3 = [
      "I'll keep your name on the waiting list. Just to confirm, you do not want me to cancel reservation HJ72KQ now?",
      "我会保留您在候补名单上。再确认一下，您不需要我现在取消预订 HJ72KQ，对吗？",
      "Le mantengo en la lista de espera. Para confirmar, ¿no desea que cancele la reserva HJ72KQ ahora?",
    ];
    check(rows(notActing, ["Yes.", "对。", "Sí."], "unclear"));
    const acting: Lang3 = [
      "Just to confirm, you want me to cancel reservation HJ72KQ now?",
      "再确认一下，您需要我现在取消预订 HJ72KQ，对吗？",
      "Para confirmar, ¿desea que cancele la reserva HJ72KQ ahora?",
    ];
    check(rows(acting, ["Yes.", "对。", "Sí."], "confirmed"));
  });

  const twoOrders: Lang3 = [
    "I'll return every item of both orders. Refunds go to the original methods: Visa for #W5510391 and PayPal for #W7720195. Shall I proceed?",
    "我将退回两个订单的全部商品。退款原路返回：#W5510391 退到Visa，#W7720195 退到PayPal。确认办理吗？",
    "Voy a devolver todos los artículos de ambos pedidos. Los reembolsos van a los métodos originales: Visa para #W5510391 y PayPal para #W7720195. ¿Procedo?",
  ];
  it("an order paired with the other order's method: unclear", () => {
    check(
      rows(
        twoOrders,
        [
          "Yes, but refund #W5510391 to PayPal and #W7720195 to Visa.",
          "好的，不过 #W5510391 退到PayPal，#W7720195 退到Visa。",
          "Sí, pero #W5510391 a PayPal y #W7720195 a Visa.",
        ],
        "unclear",
      ),
    );
  });
  it("each order with its own method, said back: confirmed", () => {
    check(
      rows(
        twoOrders,
        [
          "Yes, refund #W5510391 to the Visa and #W7720195 to PayPal.",
          "好的，#W5510391 退到Visa，#W7720195 退到PayPal。",
          "Sí, #W5510391 a la Visa y #W7720195 a PayPal.",
        ],
        "confirmed",
      ),
    );
  });

  const upgrades: Lang3 = [
    "I'll exchange the keyboard, the running shoes and the water bottle for their top variants (the bottle becomes the 1000ml stainless steel one). Do you want to proceed with these exchanges?",
    "我将把键盘、跑鞋和水壶换成最高配的款式（水壶换成1000ml不锈钢款）。确认要换吗？",
    "Voy a cambiar el teclado, las zapatillas y la botella por sus variantes superiores (la botella pasa a ser la de acero de 1000ml). ¿Desea continuar con estos cambios?",
  ];
  it("an instruction for one part set against the yes: unclear", () => {
    check(
      rows(
        upgrades,
        [
          "Yes, go ahead with the keyboard and the shoes, but for the water bottle, please choose the stainless steel one in 1000ml.",
          "好的，键盘和跑鞋就这样换，但是至于水壶，请选1000ml不锈钢款。",
          "Sí, adelante con el teclado y las zapatillas, pero para la botella, elija la de acero de 1000ml.",
        ],
        "unclear",
      ),
    );
  });
  it("a courtesy beside or set against the yes: confirmed", () => {
    check(
      rows(upgrades, ["Yes, go ahead with all of them, but please be quick.", "好的，都换吧，不过请快一点。", "Sí, adelante con todos. Gracias."], "confirmed"),
    );
  });

  it("a payment kind the request never named, where it offers methods by id: unclear", () => {
    const byId: Lang3 = [
      "I'll upgrade reservation HJ72KQ to economy for $120. Which card should I charge: credit_card_6754990 or credit_card_7407366? Once you tell me, I'll proceed.",
      "我将把预订 HJ72KQ 升级到经济舱，费用120美元。请问用哪张卡支付：credit_card_6754990 还是 credit_card_7407366？告诉我后我就办理。",
      "Voy a mejorar la reserva HJ72KQ a económica por 120 dólares. ¿Con qué tarjeta la cobro: credit_card_6754990 o credit_card_7407366? Cuando me diga, procedo.",
    ];
    check(rows(byId, ["Go ahead, use my gift card.", "办吧，用我的礼品卡付。", "Adelante, use mi tarjeta de regalo."], "unclear"));
  });
});

describe("red team 10: agreement only in principle", () => {
  const cancel: Lang3 = [
    "I'll cancel reservation HJ72KQ and refund $410 to your Visa ending 2208. Shall I proceed?",
    "我将取消预订 HJ72KQ，并将410美元退回您尾号2208的Visa卡。确认办理吗？",
    "Voy a cancelar la reserva HJ72KQ y reembolsar 410 dólares a su Visa terminada en 2208. ¿Procedo?",
  ];
  it("'sounds good in theory', 'en principio sí', '原则上可以': unclear", () => {
    check(
      rows(cancel, ["Sounds good in theory.", "原则上可以。", "En principio, sí."], "unclear").concat(
        rows(cancel, ["In principle yes, go ahead.", "理论上没问题，办吧。", "En teoría está bien, adelante."], "unclear"),
      ),
    );
  });
});

describe("red team 10: a count of people is not a count of bags", () => {
  const bags: Lang3 = [
    "I'll add 3 checked bags to reservation K7PQ2M (one passenger, Dana Fox) for $100, charged to your Mastercard ending 4421. Shall I go ahead?",
    "我将为预订 K7PQ2M（1位乘客，Dana Fox）添加3件托运行李，共100美元，从尾号4421的万事达卡扣款。确认吗？",
    "Voy a añadir 3 maletas facturadas a la reserva K7PQ2M (un pasajero, Dana Fox) por 100 dólares, con su Mastercard terminada en 4421. ¿Procedo?",
  ];
  it("a number of travellers other than the request's, though the number is the bags': unclear", () => {
    check(
      rows(
        bags,
        ["Sure. We're three people travelling now, by the way.", "好的。我们现在是三个人出行。", "Vale. Ahora somos tres personas, por cierto."],
        "unclear",
      ),
    );
  });
  it("the bags' number said of the bags, or the one traveller said back: confirmed", () => {
    check(rows(bags, ["Yes, add the 3 bags.", "好的，加3件行李吧。", "Sí, añada las 3 maletas."], "confirmed"));
  });
});

describe("red team 10: the action told of an item the request does not name", () => {
  const kettle: Lang3 = [
    "I'll return the Electric Kettle (item 8812) from order #W2378156 and refund $89.99 to your PayPal account. Shall I proceed?",
    "我将退回订单 #W2378156 中的电热水壶（商品 8812），并将89.99美元退回您的PayPal账户。确认办理吗？",
    "Voy a devolver el hervidor eléctrico (artículo 8812) del pedido #W2378156 y reembolsar 89,99 dólares a su PayPal. ¿Procedo?",
  ];
  it("another item going back, said as a statement: unclear", () => {
    check(
      rows(
        kettle,
        [
          "Yes. The blender is going back as well, it broke the same week.",
          "好的。搅拌机也退回去，同一周坏的。",
          "Sí. La licuadora también la devuelvo, se rompió la misma semana.",
        ],
        "unclear",
      ),
    );
  });
  it("the item the request names going back, with a story: confirmed", () => {
    check(rows(kettle, ["Yes. The kettle is going back, it leaks.", "好的。水壶漏水，退吧。", "Sí. El hervidor gotea, adelante."], "confirmed"));
  });
});
