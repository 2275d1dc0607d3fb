/**
 * An exchange "X for Y" binds the reply's target to the request's target: "swap it for the black
 * one" when black is the item exchanged away asks for the exchange the wrong way round (red-team
 * probe rt7-b016, a false confirmation). Naming what the request exchanges to, or what both sides
 * share, is a restatement. Hand-written rows (EN, ZH, ES), none a corpus string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const kettle: Lang3 = [
  "I'll exchange the Electric Kettle (item 5512, 1 L, white) for the 1 L glass model (item 8830), $9.40 more charged to your Visa ending 2210. Shall I go ahead?",
  "我将把电热水壶（商品 5512，1 升，白色）换成 1 升玻璃款（商品 8830），差价 9.40 美元从尾号 2210 的 Visa 扣除。可以办理吗？",
  "Voy a cambiar el hervidor eléctrico (artículo 5512, 1 L, blanco) por el modelo de vidrio de 1 L (artículo 8830); la diferencia de $9.40 se cobra a su Visa terminada en 2210. ¿Procedo?",
];

describe("judgeConsent: an exchange's target, not its source", () => {
  it("asking for what the request exchanges away: unclear", () => {
    check(rows(kettle, ["Yes, swap it for the white one.", "好的，换成白色的。", "Sí, cámbielo por el blanco."], "unclear"));
    check(
      rows(kettle, ["Sure, exchange it for the white model please.", "可以，请换成白色那款。", "Claro, cámbielo por el modelo blanco, por favor."], "unclear"),
    );
  });
  it("asking for an option the request never named: unclear", () => {
    check(rows(kettle, ["Yes, swap it for the red one.", "好的，换成红色的。", "Sí, cámbielo por el rojo."], "unclear"));
  });
  it("naming what the request exchanges to: confirmed", () => {
    check(rows(kettle, ["Yes, swap it for the glass one.", "好的，换成玻璃的。", "Sí, cámbielo por el de vidrio."], "confirmed"));
  });
  it("naming what both sides share beside the target: confirmed", () => {
    check(rows(kettle, ["Yes, swap it for the 1 L glass one.", "好的，换成 1 升玻璃的。", "Sí, cámbielo por el de vidrio de 1 L."], "confirmed"));
  });
  it("the source's colour, where the request keeps it ('in the same colour'): confirmed; another colour stays unclear", () => {
    const sameColour: Lang3 = [
      "I'll exchange the size S green jacket in order #W4410072 for a size M in the same colour, no price difference. Shall I go ahead?",
      "我将把订单 #W4410072 中 S 码绿色夹克换成同色的 M 码，没有差价。可以办理吗？",
      "Voy a cambiar la chaqueta verde talla S del pedido #W4410072 por una talla M del mismo color, sin diferencia de precio. ¿Procedo?",
    ];
    check(rows(sameColour, ["Yes, swap the S for an M in green.", "好的，换成绿色的 M 码。", "Sí, cámbiela por una M en verde."], "confirmed"));
    check(rows(sameColour, ["Yes, swap the S for an M in red.", "好的，换成红色的 M 码。", "Sí, cámbiela por una M en rojo."], "unclear"));
  });
  it("a plain yes to the exchange: confirmed", () => {
    check(rows(kettle, ["Yes, please go ahead with the exchange.", "好的，请办理换货。", "Sí, proceda con el cambio."], "confirmed"));
  });
});
