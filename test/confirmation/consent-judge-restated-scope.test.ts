/**
 * A word of restriction that says back the scope the request set (restated-scope.ts): keeping what the request itself leaves
 * out ("I want to keep the pet bed" / "宠物床我留着" / "me quedo con la cama" after "everything except the pet bed"); "that's the
 * only item I want to exchange" after "please confirm this is the only item"; the user's own step later ("I'll book a new trip
 * myself later", "以后自己再订", "luego reservo yo por mi cuenta"). Near-misses keep refusing: keeping what the request returns,
 * "the only item … is the lamp", "the only item" when the request lists two, putting off the request's own action or part of it
 * ("cancel it later", "I'll add the bags later", "we'll handle the bags later"), deciding later ("I'll confirm later"). And "only the smart
 * watch" said back when the request says it (EN, ES; the Chinese "只退智能手表" is still read as a restriction).
 * Hand-written rows (EN, ZH, ES).
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const returnExcept: Lang3 = [
  "You'd like to return everything in order #W5565470 except the pet bed, so I'll return the electric kettle and the mechanical keyboard; the refund goes to your PayPal. Shall I proceed with this return?",
  "您要退回订单 #W5565470 中除了宠物床以外的所有商品，所以我会退回电热水壶和机械键盘，退款退回您的 PayPal。确认办理退货吗？",
  "Quiere devolver todo el pedido #W5565470 excepto la cama para mascotas, así que devolveré el hervidor eléctrico y el teclado mecánico; el reembolso va a su PayPal. ¿Procedo con la devolución?",
];
const onlyItem: Lang3 = [
  "I'll exchange the blue earbuds (item 1111111111) for the black ones in order #W2222222. Please confirm this is the only item you want to exchange, and I'll proceed.",
  "我会把订单 #W2222222 中的蓝色耳机（商品 1111111111）换成黑色款。请确认这是您唯一要换的商品，我就办理。",
  "Cambiaré los auriculares azules (artículo 1111111111) por los negros del pedido #W2222222. Confirme que es el único artículo que desea cambiar y procedo.",
];
const twoItems =
  "I'll exchange the blue earbuds (item 1111111111) and the desk lamp (item 3333333333) in order #W2222222. Please confirm these are all the items you want to exchange, and I'll proceed.";
const cancel: Lang3 = [
  "Your reservation Z7GOZK (EWR to IAH, May 28) is covered by insurance, so I can cancel it with a $169 refund to your gift card. Would you like me to go ahead and cancel it?",
  "您的预订 Z7GOZK（5 月 28 日 EWR 飞 IAH）有保险，我可以取消并退 169 美元到您的礼品卡。需要我取消吗？",
  "Su reserva Z7GOZK (EWR a IAH, 28 de mayo) tiene seguro, así que puedo cancelarla con un reembolso de 169 dólares a su tarjeta de regalo. ¿Desea que la cancele?",
];
const twoActions = "I'll change flight HAT188 to May 30 and add 2 checked bags to reservation Z7GOZK; both go on your gift card. Shall I do both?";

describe("judgeConsent: a restriction word that restates the request's scope", () => {
  it("keeping what the request leaves out: confirmed (EN, ZH, ES)", () => {
    check(
      rows(
        returnExcept,
        [
          "Yes, please start the return for the kettle and the keyboard. I want to keep the pet bed.",
          "好的，请退电热水壶和机械键盘，宠物床我留着。",
          "Sí, devuelva el hervidor y el teclado; me quedo con la cama para mascotas.",
        ],
        "confirmed",
      ),
    );
  });
  it("keeping what the request takes back: unclear", () => {
    check(
      rows(
        returnExcept,
        [
          "Yes, please start the return, but I want to keep the keyboard.",
          "好的，请办理退货，不过机械键盘我留着。",
          "Sí, proceda, pero me quedo con el teclado.",
        ],
        "unclear",
      ),
    );
  });
  it("'the only item' after a request that asks whether it is the only one: confirmed", () => {
    check(
      rows(
        onlyItem,
        [
          "Yes, that's the only item I want to exchange, please proceed.",
          "是的，这是我唯一要换的商品，请办理。",
          "Sí, es el único artículo que quiero cambiar, proceda.",
        ],
        "confirmed",
      ),
    );
  });
  it("the only item named as another, or said of a request that lists two: unclear", () => {
    check([
      { request: onlyItem[0], reply: "Yes, please proceed; the only item I want to exchange is the lamp.", expected: "unclear" },
      { request: twoItems, reply: "Yes, that's the only item I want to exchange, please proceed.", expected: "unclear" },
      { request: twoItems, reply: "Yes, please exchange only the earbuds.", expected: "unclear" },
    ]);
  });
  it("the user's own step later: confirmed", () => {
    check(
      rows(
        cancel,
        [
          "Yes, please go ahead and cancel it. I'll book a new trip myself later when I'm feeling better.",
          "好的，请取消。等我好些了，以后自己再订。",
          "Sí, cancélela. Luego reservo yo por mi cuenta.",
        ],
        "confirmed",
      ),
    );
  });
  it("the request's action or a part of it put off, or the decision put off: unclear", () => {
    check(rows(cancel, ["Yes, but cancel it later.", "好的，不过以后再取消。", "Sí, pero cancélela más adelante."], "unclear"));
    check([
      { request: cancel[0], reply: "Yes, I'll confirm later.", expected: "unclear" },
      { request: cancel[0], reply: "Okay, I'll cancel it later myself.", expected: "unclear" },
      { request: twoActions, reply: "Yes, change the flight. I'll add the bags later.", expected: "unclear" },
      { request: twoActions, reply: "Yes, change the flight, we'll handle the bags later.", expected: "unclear" },
    ]);
  });
  // request-echo.ts `restatesRequest`: the marker and the two words after it (before, only one word, so that the request's "only
  // the smart watch" made any "only the …" a restatement: "only the charger" was confirmed)
  it("'only the X' said back when the request itself says it: confirmed; 'only the Y': unclear", () => {
    check([
      {
        request: "I'll cancel pending order #W5199551 and set up a return for only the smart watch from order #W9389413, refund to PayPal. Shall I proceed?",
        reply: "Yes, cancel #W5199551 and set up the return for only the smart watch.",
        expected: "confirmed",
      },
      {
        request:
          "Cancelaré el pedido pendiente #W5199551 y haré la devolución solo del reloj inteligente del pedido #W9389413, con reembolso a PayPal. ¿Procedo?",
        reply: "Sí, cancele #W5199551 y haga la devolución solo del reloj inteligente.",
        expected: "confirmed",
      },
      {
        request: "I'll cancel pending order #W5199551 and set up a return for only the smart watch from order #W9389413, refund to PayPal. Shall I proceed?",
        reply: "Yes, cancel #W5199551 and set up the return for only the charger.",
        expected: "unclear",
      },
      {
        request: "我会取消待处理订单 #W5199551，并只为订单 #W9389413 中的智能手表办理退货，退款退回 PayPal。要我办理吗？",
        reply: "好的，取消 #W5199551，只退充电器。",
        expected: "unclear",
      },
      {
        request:
          "Cancelaré el pedido pendiente #W5199551 y haré la devolución solo del reloj inteligente del pedido #W9389413, con reembolso a PayPal. ¿Procedo?",
        reply: "Sí, cancele #W5199551 y haga la devolución solo del cargador.",
        expected: "unclear",
      },
    ]);
  });
});
