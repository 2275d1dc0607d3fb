/**
 * Issue 14, items 2–3 (red team of the lead, 2026-12-01): a yes that puts more people on the action
 * than the request describes ("book it for Ana and me", "the extra one for my husband", "para nosotros
 * dos", "给我们俩") adds to it; and "2 L" beside an exchange of one item for another is a value of the
 * user's own (an exchange's old and new item ids are no "both" unless the reply says "both"). Beside
 * them, yeses of the same shape that describe what was put stay confirmed. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const onePassenger: Lang3 = [
  "I'll book HAT207 from BOS to JFK on 2024-05-25 for Ana Ruiz, economy, $129 on your Visa ending 3301. Shall I book it?",
  "我将为 Ana Ruiz 预订 2024-05-25 从 BOS 到 JFK 的 HAT207，经济舱，$129，用尾号 3301 的 Visa 卡支付。要预订吗？",
  "Reservaré el HAT207 de BOS a JFK el 2024-05-25 para Ana Ruiz, económica, $129 con su Visa terminada en 3301. ¿Lo reservo?",
];
const twoPassengers: Lang3 = [
  "I'll book HAT207 from BOS to JFK on 2024-05-25 for you and Ana Ruiz (2 passengers), economy, $258 on your Visa ending 3301. Shall I book it?",
  "我将为您和 Ana Ruiz（2 位乘客）预订 2024-05-25 从 BOS 到 JFK 的 HAT207，经济舱，$258，用尾号 3301 的 Visa 卡支付。要预订吗？",
  "Reservaré el HAT207 de BOS a JFK el 2024-05-25 para usted y Ana Ruiz (2 pasajeros), económica, $258 con su Visa terminada en 3301. ¿Lo reservo?",
];
const oneBag: Lang3 = [
  "I'll add 1 checked bag to reservation LM3D9A for $50, charged to your Visa ending 7702. Proceed?",
  "我将为预订 LM3D9A 添加 1 件托运行李，$50，从尾号 7702 的 Visa 卡扣款。继续吗？",
  "Añadiré 1 maleta facturada a la reserva LM3D9A por $50, con cargo a su Visa terminada en 7702. ¿Procedo?",
];
const exchange: Lang3 = [
  "I'll exchange the Coffee Maker (item 3709608322, 1.5 L, black) for the 1.5 L steel model (item 7407838442), $12.30 more on your card ending 4402. Do you agree?",
  "我将把咖啡机（商品 3709608322，1.5 升，黑色）换成 1.5 升不锈钢款（商品 7407838442），补差价 $12.30，用尾号 4402 的卡支付。同意吗？",
  "Cambiaré la cafetera (artículo 3709608322, 1,5 L, negra) por el modelo de acero de 1,5 L (artículo 7407838442), $12.30 más en su tarjeta terminada en 4402. ¿Está de acuerdo?",
];

describe("more people than the request describes", () => {
  it("for the named passenger and me, for both of us, an extra one for a relative: unclear", () => {
    check([
      ...rows(onePassenger, ["Yes, book it for Ana and me.", "好的，给我们俩都订上。", "Sí, resérvelo para Ana y para mí."], "unclear"),
      ...rows(onePassenger, ["Yes, book it for both of us.", "好的，为我们两个人订。", "Sí, para nosotros dos."], "unclear"),
      ...rows(oneBag, ["Yes, and the extra one for my husband.", "好的，给我老公也加一件。", "Sí, y otra maleta para mi esposo."], "unclear"),
    ]);
  });
  it("the same words when the request describes them: confirmed", () => {
    check([
      ...rows(twoPassengers, ["Yes, book it for Ana and me.", "好的，给我们订吧。", "Sí, resérvelo para Ana y para mí."], "confirmed"),
      ...rows(oneBag, ["Yes, add the bag, thanks.", "好的，加一件行李。", "Sí, añada la maleta."], "confirmed"),
    ]);
  });
});

describe("a number beside an exchange of one item for another", () => {
  it("a size the request does not name: unclear", () => {
    check(rows(exchange, ["Yes, the steel one in 2 L please.", "好的，要 2 升的不锈钢款。", "Sí, la de acero de 2 L."], "unclear"));
  });
  it("the size it names: confirmed", () => {
    check(rows(exchange, ["Yes, the steel one in 1.5 L please.", "好的，换成 1.5 升的不锈钢款。", "Sí, la de acero de 1,5 L."], "confirmed"));
  });
});
