/**
 * A go-ahead that chooses none of the things the request lists by identifier and asks the user to pick (listed-choice.ts,
 * `leavesChoiceOpen`): "Yes, go ahead." after "Which order would you like me to cancel?", "Please confirm which reservation you'd
 * like to cancel." or "Could you confirm the reservation ID you'd like to cancel?" agrees to no one of them. Found on unlicensed
 * real replies kept outside the repository (r6-053: "…Can you proceed with that?" after "confirm the reservation ID you'd like to
 * cancel", five reservations listed). Naming one (its id, "the second one", "both", a word said beside it) is a choice, and a yes
 * to a request that lists several but puts one action ("Shall I cancel MZDDS4?", "I'll cancel both…") is not left open.
 * Hand-written EN/ZH/ES rows, none a corpus string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const orders: Lang3 = [
  "Here are your pending orders:\n1. #W4410293 — yoga mat\n2. #W7730918 — water bottle\n3. #W1182736 — desk fan\nWhich order would you like me to cancel?",
  "您有以下待处理订单：\n1. #W4410293 — 瑜伽垫\n2. #W7730918 — 水壶\n3. #W1182736 — 台式风扇\n请告诉我您要取消哪个订单。",
  "Tiene estos pedidos pendientes:\n1. #W4410293 — esterilla de yoga\n2. #W7730918 — botella de agua\n3. #W1182736 — ventilador de escritorio\nIndique qué pedido desea cancelar.",
];
const trips: Lang3 = [
  "You have two upcoming reservations: K2PL9Q (Boston → Chicago, May 12) and T7HX4M (Boston → Denver, May 19). Could you tell me the reservation you'd like to change?",
  "您有两个即将出行的预订：K2PL9Q（波士顿 → 芝加哥，5月12日）和 T7HX4M（波士顿 → 丹佛，5月19日）。请确认您要更改的预订号。",
  "Tiene dos reservas próximas: K2PL9Q (Boston → Chicago, 12 de mayo) y T7HX4M (Boston → Denver, 19 de mayo). Confirme la reserva que desea cambiar.",
];

describe("a go-ahead after 'which of these?' that picks none: unclear", () => {
  it("a go-ahead, a 'proceed', a 'do it' with no item", () => {
    check(rows(orders, ["Sure, please go ahead with it.", "好，办理吧。", "Sí, hágalo por favor."], "unclear"));
    check(rows(orders, ["Yep — proceed, thanks!", "可以，帮我取消。", "Sí, adelante."], "unclear"));
    check(rows(trips, ["OK, do it.", "好的，改吧。", "Sí, adelante con el cambio."], "unclear"));
    check(rows(trips, ["Yes, please make the change.", "可以，继续吧。", "Sí, proceda."], "unclear"));
  });
});

describe("a choice, or a request that puts one action: confirmed", () => {
  it("the item named by its id, by its place, or by the words said beside it", () => {
    check(rows(orders, ["Please cancel #W7730918.", "请取消 #W7730918。", "Cancele el pedido #W7730918, por favor."], "confirmed"));
    check([
      { request: orders[0], reply: "The second one — go ahead and cancel it.", expected: "confirmed" },
      { request: orders[0], reply: "Go ahead and cancel the water bottle order.", expected: "confirmed" },
    ]);
  });
  it("several listed, one action put: a yes to it", () => {
    const one: Lang3 = [
      "I found two reservations, MZDDS4 (JFK → LAX) and 60RX9E (ORD → MIA). Shall I cancel MZDDS4?",
      "我找到两个预订：MZDDS4（JFK → LAX）和 60RX9E（ORD → MIA）。要我取消 MZDDS4 吗？",
      "Encontré dos reservas, MZDDS4 (JFK → LAX) y 60RX9E (ORD → MIA). ¿Cancelo la MZDDS4?",
    ];
    const both: Lang3 = [
      "I'll cancel both reservations, MZDDS4 and 60RX9E, and refund $640 to your original card. Please confirm.",
      "我将取消 MZDDS4 和 60RX9E 两个预订，并将640美元退回原卡。请确认。",
      "Cancelaré las dos reservas, MZDDS4 y 60RX9E, y reembolsaré 640 dólares a su tarjeta original. Por favor, confirme.",
    ];
    const named: Lang3 = [
      "I found your reservations: MZDDS4, 60RX9E and S5IK51. Could you confirm that 60RX9E is the reservation you'd like to cancel?",
      "我找到了您的预订：MZDDS4、60RX9E 和 S5IK51。60RX9E 是您要取消的预订吗？",
      "Encontré sus reservas: MZDDS4, 60RX9E y S5IK51. ¿Es la 60RX9E la reserva que desea cancelar?",
    ];
    check(rows(one, ["Yes, go ahead.", "好的，请办理。", "Sí, adelante."], "confirmed"));
    // the question that asks which names one itself: a yes answers it
    check(rows(named, ["Yes, that's right, go ahead.", "是的，请办理。", "Sí, adelante."], "confirmed"));
    check(rows(both, ["Yes, go ahead.", "好的，请办理。", "Sí, adelante."], "confirmed"));
  });
});
