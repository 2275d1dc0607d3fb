/**
 * Issue 14: a yes that takes a listed thing out of what it agrees to ("everything other than the case", "all three less the
 * cable", "todo menos el seguro", "todos sin el protector", "钢化膜除外", "除了保险") agrees to part only (consent-markers.ts,
 * `PARTIAL`). Found by red-team probes 12 (kept outside the repository): on `main` at ea649ce, "…minus the water bottle" and
 * "todo menos la esterilla" were confirmed. Not "at least", "more or less", "por lo menos", "más o menos" or "without delay".
 * Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const items: Lang3 = [
  "I'll cancel three items of pending order #W6650091: the Phone Case (item 4101, $19.00), the Screen Protector (item 4102, $12.00) and the Charging Cable (item 4103, $23.00), refunding $54.00 to your Discover ending 7070. Shall I cancel all three?",
  "我将取消待发货订单 #W6650091 中的三件商品：手机壳（商品 4101，¥129）、钢化膜（商品 4102，¥59）和充电线（商品 4103，¥99），共 ¥287 退回您尾号 7070 的银行卡。三件都取消吗？",
  "Voy a cancelar tres artículos del pedido pendiente #W6650091: la funda (artículo 4101, 19 €), el protector de pantalla (artículo 4102, 12 €) y el cable de carga (artículo 4103, 23 €), y reembolsar 54 € a su Discover terminada en 7070. ¿Cancelo los tres?",
];
const travellers: Lang3 = [
  "I'll add passengers Ivy Tran and Max Tran to reservation LB8C2D (flight HAT412, Oct 3, economy), $610.00 total on your Visa ending 5150, with a checked bag and travel insurance for each. Shall I go ahead?",
  "我将为预订 LB8C2D（航班 HAT412，10月3日，经济舱）添加乘客 Ivy Tran 和 Max Tran，共 ¥4200，从您尾号 5150 的 Visa 卡扣款，每人含一件托运行李和旅行保险。确认吗？",
  "Voy a añadir a los pasajeros Ivy Tran y Max Tran a la reserva LB8C2D (vuelo HAT412, 3 de octubre, económica), 610 € en total con su Visa terminada en 5150, con una maleta facturada y seguro de viaje para cada uno. ¿Procedo?",
];

describe("a yes that leaves a listed thing out", () => {
  it("of several items: unclear", () => {
    check([
      ...rows(items, ["Everything other than the phone case, yes.", "好的，钢化膜除外。", "Sí, todos sin el protector."], "unclear"),
      ...rows(items, ["Yes, all three less the charging cable.", "好的，除了充电线。", "Sí, todo a excepción del cable."], "unclear"),
    ]);
  });

  it("of what the action adds: unclear", () => {
    check([
      ...rows(travellers, ["Yes, everything minus the insurance.", "可以，除了保险。", "Sí, todo menos el seguro."], "unclear"),
      ...rows(travellers, ["Yes, all of it other than Max's bag.", "好的，行李除外。", "Sí, todo menos la maleta de Ivy."], "unclear"),
    ]);
  });

  it("'at least', 'more or less', 'without delay' and a yes to all of it leave nothing out: confirmed", () => {
    check([
      ...rows(
        items,
        ["At least that's sorted. Yes, cancel all three.", "好的，三件都取消。", "Por lo menos eso queda resuelto. Sí, cancele los tres."],
        "confirmed",
      ),
      ...rows(
        items,
        ["More or less what I expected — yes, cancel all three.", "好的，三件都取消。", "Más o menos lo que esperaba; sí, cancele los tres."],
        "confirmed",
      ),
      ...rows(items, ["Yes, go ahead without delay, all three.", "好的，三件都取消。", "Sí, cancele los tres."], "confirmed"),
      ...rows(travellers, ["Yes, go ahead.", "确认，都加上。", "Sí, añada a los dos con todo."], "confirmed"),
    ]);
  });
});
