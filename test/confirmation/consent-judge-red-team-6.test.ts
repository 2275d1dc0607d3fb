/**
 * Issue 14, item 2 ("zero false confirmations stays the rule"): attacks on the judge's newest readings
 * (past times, well-wishes, a story's ellipsis, "si porfa", settling 就行, "the only option", dropped
 * letters, not going any more). Each attack hides a change, another request or a hesitation inside the
 * kind of clause a reading now lets through; beside it, real-style yeses of the same shape that must
 * stay confirmed, so no fix is a blanket refusal. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const bags: Lang3 = [
  "Would you like me to add 2 checked bags to reservation PZ71HB for $50, charged to your Visa ending 2208?",
  "需要我为预订 PZ71HB 添加 2 件托运行李吗？费用 $50，从尾号 2208 的 Visa 卡扣除。",
  "¿Desea que añada 2 maletas facturadas a la reserva PZ71HB por $50, cargados a su Visa terminada en 2208?",
];

describe("a well-wish ends where another clause begins", () => {
  it("a request, a count or a time carried on after the wish: unclear", () => {
    check([
      ...rows(
        bags,
        [
          "Yes, add them. Hope you have a great day and add one for my wife too.",
          "好的，祝你顺利帮我改成三件。",
          "Sí, añádalas, que tenga buen día y añada otra para mi esposa.",
        ],
        "unclear",
      ),
      ...rows(
        bags,
        ["Yes, thanks — hope you have a nice weekend with 3 bags.", "好的，添加吧，祝你们也加一件。", "Sí, que tenga buen día con la Mastercard por favor."],
        "unclear",
      ),
      ...rows(
        bags,
        ["Yes. Hope you have a good day tomorrow when you add them.", "好的，祝您工作顺利，用万事达卡付。", "Sí, que tenga buen día y cárguelo mañana."],
        "unclear",
      ),
    ]);
  });
  it("the same wishes with nothing carried on: confirmed", () => {
    check([
      ...rows(bags, ["Yes, add them. Hope you have a great day.", "好的，添加吧。祝您晚上愉快。", "Sí, añádalas. Que tenga buen día."], "confirmed"),
      ...rows(
        bags,
        ["Yes, add them, and hope your evening is going well.", "好的，添加吧，祝您一切顺利。", "Sí, añádalas, gracias, que tenga buena tarde."],
        "confirmed",
      ),
    ]);
  });
});

const cancel: Lang3 = [
  "Shall I cancel reservation M8QW2E (DTW → LAS, May 25, 1 passenger)? The $219 refund goes back to your gift card.",
  "您是否确认取消预订 M8QW2E（DTW → LAS，5月25日，1位乘客）？退款 $219 将原路退回到您的礼品卡。",
  "¿Confirma que cancelo la reserva M8QW2E (DTW → LAS, 25 de mayo, 1 pasajero)? Los $219 se devolverán a su tarjeta regalo.",
];

describe("a story before the yes that still has someone to ask, or a trip that may still happen", () => {
  it("someone still to ask, with or without the story's ellipsis: unclear", () => {
    check([
      ...rows(
        cancel,
        [
          "The wedding was called off… but I still need to ask my wife. Yes, cancel it.",
          "婚礼取消了……不过我还得问问我太太。好的，取消吧。",
          "La boda se canceló… pero tengo que preguntarle a mi esposa. Sí, cancele.",
        ],
        "unclear",
      ),
      ...rows(
        cancel,
        ["I have to check with my boss first. Yes, cancel it.", "我得先跟我太太商量。好的，取消吧。", "Tengo que preguntarle a mi esposa. Sí, cancele."],
        "unclear",
      ),
    ]);
  });
  it("the user may still travel, beside a yes to cancel: unclear", () => {
    check(
      rows(
        cancel,
        [
          "The wedding was called off… I might still go though. Yes, cancel it.",
          "婚礼取消了……我可能还是会去。好的，取消吧。",
          "La boda se canceló… quizás igual vaya. Sí, cancele.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        cancel,
        ["The wedding was called off… I may still want to go. Yes, cancel it.", "我还得问问。好的，取消吧。", "Debo consultarlo primero. Sí, cancele."],
        "unclear",
      ),
    );
  });
  it("having asked already, or not going: confirmed", () => {
    check([
      { request: cancel[0], reply: "The wedding was called off… I already talked to my wife. Yes, cancel it.", expected: "confirmed" },
      { request: cancel[1], reply: "婚礼取消了……我问过我太太了。好的，取消吧。", expected: "confirmed" },
      { request: cancel[2], reply: "Se canceló la boda… así que ya no viajo. Sí, cancele por favor.", expected: "confirmed" },
      { request: cancel[1], reply: "婚礼取消了……所以我不去了。好的，取消吧。", expected: "confirmed" },
    ]);
  });
});

const twoNamed: Lang3 = [
  "Shall I cancel reservation QX77RT for Harold Smith and Margaret Smith (JFK → ORD, June 3)? The $480 refund goes back to your Visa ending 1111.",
  "您是否确认取消 Harold Smith 和 Margaret Smith 的预订 QX77RT（JFK → ORD，6月3日）？退款 $480 将退回尾号 1111 的 Visa 卡。",
  "¿Confirma que cancelo la reserva QX77RT de Harold Smith y Margaret Smith (JFK → ORD, 3 de junio)? Los $480 se devolverán a su Visa terminada en 1111.",
];

describe("one of two travellers the request names without a count", () => {
  it("the action said to be for one of them, with or without a relation word: unclear", () => {
    check([
      ...rows(twoNamed, ["Yes, cancel it for Harold.", "好的，给 Harold 取消。", "Sí, cancele para Harold."], "unclear"),
      ...rows(twoNamed, ["Yes, cancel it for my wife Margaret.", "好的，给我先生 Harold 取消。", "Sí, cancele para mi esposo Harold."], "unclear"),
    ]);
  });
  it("both of them, or no one named: confirmed", () => {
    check([
      ...rows(
        twoNamed,
        ["Yes, cancel it for Harold and Margaret.", "好的，给 Harold 和 Margaret 都取消。", "Sí, cancele para Harold y Margaret."],
        "confirmed",
      ),
      ...rows(twoNamed, ["Yes, cancel it for my husband Harold and me.", "好的，取消吧。", "Sí, cancélela por favor."], "confirmed"),
    ]);
  });
});

describe("a traveller of the request still going, beside a yes to cancel", () => {
  it("'Harold is still going', 'Harold 还要去', with or without a relation word: unclear", () => {
    check([
      ...rows(
        twoNamed,
        ["Yes cancel the trip, Harold is still going.", "好的，取消吧，Harold 还要去。", "Sí, cancele el viaje, Harold todavía va."],
        "unclear",
      ),
      ...rows(
        twoNamed,
        [
          "Yes cancel the trip, my husband Harold is still going.",
          "好的，取消吧，我先生 Harold 还要去。",
          "Sí, cancele el viaje, mi esposo Harold todavía va.",
        ],
        "unclear",
      ),
    ]);
  });
  it("no one going any more, or a plain yes: confirmed", () => {
    check(rows(cancel, ["Yes, please cancel it.", "所以这趟也不用去了。好的，取消吧。", "Ya no vamos. Sí, cancele por favor."], "confirmed"));
  });
});
