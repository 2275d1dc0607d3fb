/**
 * Issue 14: a reply naming another kind of bag than the request's ("a carry-on is fine" to a checked bag, "el equipaje de mano"
 * to "una maleta facturada", "手提行李" to "托运行李") changes a detail of the action (bag-kind.ts). Reported by the last recall
 * round: "Yes, a carry-on is fine." after a request to add a checked bag was confirmed ("carry on" read as the go-ahead idiom).
 * "Carry on" as a verb is still the go-ahead. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const checked: Lang3 = [
  "I can add one checked bag to reservation QW7RT2 for $35, charged to your Mastercard ending 3307. Would you like me to go ahead?",
  "我可以为预订 QW7RT2 添加一件托运行李，费用 $35，从您尾号 3307 的万事达卡扣款。要继续吗？",
  "Puedo añadir una maleta facturada a la reserva QW7RT2 por $35, con cargo a su Mastercard terminada en 3307. ¿Desea que continúe?",
];
const carryOn: Lang3 = [
  "Your basic economy fare on ZK4P9M does not include a carry-on bag; I can add one for $25 to your Visa ending 1182. Shall I add it?",
  "您在 ZK4P9M 上的基础经济舱不含手提行李；我可以加一件，费用 $25，从尾号 1182 的 Visa 卡扣款。要加吗？",
  "Su tarifa básica en ZK4P9M no incluye equipaje de mano; puedo añadirlo por $25 a su Visa terminada en 1182. ¿Lo añado?",
];

describe("another kind of bag than the request's", () => {
  it("a carry-on, a cabin bag or a personal item to a checked bag, a checked bag to a carry-on: unclear", () => {
    check([
      ...rows(checked, ["Sure, one carry-on works for me.", "行，加个手提行李就行。", "Vale, con una maleta de cabina me basta."], "unclear"),
      ...rows(checked, ["Okay, my carry on bag then, thanks.", "好的，那就加手提的吧，谢谢。", "De acuerdo, un bolso de mano entonces, gracias."], "unclear"),
      ...rows(checked, ["Yes, a personal item will be fine.", "好，个人物品就可以。", "Sí, un artículo personal estará bien."], "unclear"),
      ...rows(carryOn, ["Yes, add a checked bag please.", "好的，加一件托运的吧。", "Sí, añada una maleta facturada por favor."], "unclear"),
    ]);
  });

  it("the request's own kind of bag, or 'carry on' as the go-ahead: confirmed", () => {
    check([
      ...rows(checked, ["Yes, the checked bag is fine, go ahead.", "好的，托运行李就加吧。", "Sí, la maleta facturada está bien, adelante."], "confirmed"),
      ...rows(checked, ["Yes, please carry on.", "好的，请继续。", "Sí, continúe por favor."], "confirmed"),
      ...rows(carryOn, ["Yes, add the carry-on please.", "好的，手提行李加上吧。", "Sí, añada el equipaje de mano por favor."], "confirmed"),
      ...rows(carryOn, ["Sure, carry on with it.", "可以，继续吧。", "Claro, adelante."], "confirmed"),
    ]);
  });
});
