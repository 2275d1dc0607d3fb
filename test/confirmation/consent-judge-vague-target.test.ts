/**
 * Issue 14, items 2–3: a request that describes what the action would use only by an indefinite
 * reference ("exchange the kettle for a bigger one", "pay the rest with another card") and never names
 * it puts no exact action to the user, so a yes to it is no confirmation; the same request naming the
 * item or the card is confirmed. Found as false confirmations on new real recorded replies
 * (real-replies-3, external runs; these rows are written anew). Also: urgency beside an imperative
 * go-ahead that restates the action ("Cancel K7PD2Q immediately") is a yes, as "now" already was.
 * Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const vagueItem: Lang3 = [
  "Would you like to proceed with exchanging the electric kettle from order #W4410278 for a bigger one?",
  "您要把订单 #W4410278 里的电热水壶换成更大的吗？",
  "¿Desea que cambie el hervidor del pedido #W4410278 por uno más grande?",
];
const namedItem: Lang3 = [
  "Would you like to proceed with exchanging the electric kettle (item 2291047751) from order #W4410278 for the 1.7 L model (item 5583012964, $12.40 more)?",
  "您要把订单 #W4410278 里的电热水壶（商品 2291047751）换成 1.7 升的型号（商品 5583012964，补差价 $12.40）吗？",
  "¿Desea que cambie el hervidor (artículo 2291047751) del pedido #W4410278 por el modelo de 1,7 L (artículo 5583012964, $12.40 más)?",
];
const vaguePayment: Lang3 = [
  "Shall I split the payment for order #W8801733, with the rest on another card?",
  "要我把订单 #W8801733 的付款拆开，剩下的用另一张卡付吗？",
  "¿Divido el pago del pedido #W8801733 y cargo el resto a otra tarjeta?",
];
const namedPayment: Lang3 = [
  "Shall I split the payment for order #W8801733: $60 on gift_card_3390127 and the rest on your Visa ending 4471?",
  "要我把订单 #W8801733 的付款拆开吗：礼品卡 gift_card_3390127 付 $60，剩下的用尾号 4471 的 Visa 卡付？",
  "¿Divido el pago del pedido #W8801733: $60 con gift_card_3390127 y el resto con su Visa terminada en 4471?",
];

describe("a request that never names what the action would use", () => {
  it("a yes to an item or card described only as 'a bigger one' / 'another card': unclear", () => {
    check([
      ...rows(vagueItem, ["Yes, please go ahead with the exchange.", "好的，换吧。", "Sí, proceda con el cambio."], "unclear"),
      ...rows(vaguePayment, ["Yes, split it with another card.", "好的，用另一张卡付剩下的。", "Sí, divídalo con otra tarjeta."], "unclear"),
    ]);
  });
  it("the same yes when the request names the item or the card: confirmed", () => {
    check([
      ...rows(namedItem, ["Yes, please go ahead with the exchange.", "好的，换吧。", "Sí, proceda con el cambio."], "confirmed"),
      ...rows(namedPayment, ["Yes, split it that way.", "好的，就这样付。", "Sí, proceda así."], "confirmed"),
    ]);
  });
});

describe("urgency beside a go-ahead", () => {
  const cancel: Lang3 = [
    "Please confirm: cancel reservation K7PD2Q (HAT114, 2024-05-26), refund $318 to your Mastercard ending 0932. Shall I proceed?",
    "请确认：取消预订 K7PD2Q（HAT114，2024-05-26），退款 $318 到尾号 0932 的万事达卡。要我继续吗？",
    "Confirme: cancelar la reserva K7PD2Q (HAT114, 2024-05-26), reembolso de $318 a su Mastercard terminada en 0932. ¿Procedo?",
  ];
  it("an imperative that restates the action, said urgently: confirmed", () => {
    check([
      ...rows(cancel, ["Cancel K7PD2Q immediately and refund the $318.", "好的，立刻取消 K7PD2Q。", "Cancele K7PD2Q inmediatamente, por favor."], "confirmed"),
      // "de inmediato" as "inmediatamente" (real-replies-es, res-027: "Haga el registro de inmediato.")
      ...rows(cancel, ["Yes please, cancel it right away.", "好的，马上取消吧。", "Sí, por favor, cancélela de inmediato."], "confirmed"),
    ]);
  });
  it("'execute' the described action is a go-ahead; 'execute' another one is not", () => {
    check([
      ...rows(cancel, ["Execute the cancellation immediately.", "好的，立即执行取消。", "Ejecute la cancelación inmediatamente, por favor."], "confirmed"),
      ...rows(
        cancel,
        ["Execute a different cancellation: the May 28 one.", "执行另一个取消：5 月 28 日那个。", "Ejecute otra cancelación: la del 28 de mayo."],
        "unclear",
      ),
    ]);
  });
  it("bare pressure without the action stays unclear", () => {
    check(rows(cancel, ["Just do it already, stop asking.", "快点办，别再问了。", "Hágalo ya y deje de preguntar."], "unclear"));
  });
});

/**
 * The new item described by how it differs, with words between the comparison and the noun ("a larger frame size", "a lower
 * resolution option"), by a count of more ("one with 1000 more pieces") or by a superlative ("the cheapest green type
 * available"), and the old item's own id beside it: found as false confirmations on real replies (real-replies-8, r8-068 and
 * r8-073). Rows of their own; the same requests naming the new item (its id and price) still confirm.
 */
const describedByDifference: Lang3 = [
  "Please confirm so I can proceed: exchange the road bike (item 6170152315) in order #W5512098 for a larger frame size, and the tent in the same order for one with 2 more person capacity, refunds or charges on your Visa ending 6791.",
  "请确认后我来办理：把订单 #W5512098 里的公路车（商品 6170152315）换成车架更大的，帐篷换成多容纳 2 人的，差价用尾号 6791 的 Visa 卡结算。",
  "Confirme para que proceda: cambiar la bicicleta de carretera (artículo 6170152315) del pedido #W5512098 por una de mayor talla de cuadro, y la tienda del mismo pedido por una con más capacidad, con su Visa terminada en 6791.",
];
const cheapestAvailable: Lang3 = [
  "You'd like the espresso machine (item 3709608322) in order #W6024419 exchanged for the cheapest stainless model available. Shall I go ahead with that exchange using your PayPal?",
  "您想把订单 #W6024419 里的咖啡机（商品 3709608322）换成现有最便宜的不锈钢款。要我用您的 PayPal 办理这个换货吗？",
  "Desea cambiar la cafetera (artículo 3709608322) del pedido #W6024419 por el más barato disponible en acero inoxidable. ¿Procedo con el cambio usando su PayPal?",
];
const differenceNamed: Lang3 = [
  "Please confirm so I can proceed: exchange the road bike (item 6170152315) in order #W5512098 for the larger frame (item 3624655057, $41.20 more), on your Visa ending 6791.",
  "请确认后我来办理：把订单 #W5512098 里的公路车（商品 6170152315）换成大车架款（商品 3624655057，补差价 $41.20），用尾号 6791 的 Visa 卡支付。",
  "Confirme para que proceda: cambiar la bicicleta (artículo 6170152315) del pedido #W5512098 por el cuadro grande (artículo 3624655057, $41.20 más), con su Visa terminada en 6791.",
];

describe("an item described only by how it differs from the one the user has", () => {
  it("a comparison with words between, a count of more, a superlative: unclear", () => {
    check([
      ...rows(
        describedByDifference,
        ["Yes, that's all correct, please go ahead with both exchanges.", "对，都没错，两个都换吧。", "Sí, todo correcto, proceda con los dos cambios."],
        "unclear",
      ),
      ...rows(
        cheapestAvailable,
        ["Yes please, go ahead with the exchange on PayPal.", "好的，用 PayPal 换吧。", "Sí, proceda con el cambio con PayPal."],
        "unclear",
      ),
    ]);
  });
  it("the same request naming the new item by id and price: confirmed", () => {
    check(rows(differenceNamed, ["Yes, that's all correct, please go ahead.", "对，没错，换吧。", "Sí, todo correcto, proceda."], "confirmed"));
  });
});
