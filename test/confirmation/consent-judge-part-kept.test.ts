/**
 * Issue 14, item 2 ("agrees to only part of a multi-part action"): a yes addressed to one of the
 * things a request lists ("Yes to the shirt", "Sí a la cafetera"), a listed thing left as it is ("leave
 * the lamp as it is", "the kettle can stay", "la tostadora sí la quiero", "台灯先不动") and a part still
 * being thought about ("I'm still thinking about the downgrade", "还在考虑") are agreement to part
 * only. Found as false confirmations on blind corpus 8 (three rows of that shape; these rows are
 * written anew, in other wording). Beside them, the whole-action yeses of the same shape stay
 * confirmed, so the fix is no blanket refusal. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const twoItems: Lang3 = [
  "Here are the changes to pending order #W7712409:\n1. Hoodie (size S, grey) → Hoodie (size M, grey)\n2. Desk Lamp (white) → Desk Lamp (black)\nNo price difference. Do you confirm both changes?",
  "以下是待发货订单 #W7712409 的修改：\n1. 卫衣（S 码，灰色）→ 卫衣（M 码，灰色）\n2. 台灯（白色）→ 台灯（黑色）\n无差价。您确认这两项修改吗？",
  "Voy a modificar el pedido pendiente #W7712409 así:\n1. Sudadera (talla S, gris) → Sudadera (talla M, gris)\n2. Lámpara (blanca) → Lámpara (negra)\nSin diferencia de precio. ¿Confirma ambos cambios?",
];
const wholeOrder: Lang3 = [
  "I'll cancel pending order #W5190032:\nItems: Electric Kettle (1.7 L, steel) and Blender (600 W, red)\nRefund: $131.40 to your PayPal account. Please reply yes to cancel the whole order.",
  "我将取消待发货订单 #W5190032：\n商品：电热水壶（1.7 升，不锈钢）和 搅拌机（600 瓦，红色）\n退款：$131.40 退回您的 PayPal。请回复“是”取消整个订单。",
  "Cancelaré el pedido pendiente #W5190032:\nArtículos: Hervidor (1,7 L, acero) y Batidora (600 W, roja)\nReembolso: $131.40 a su cuenta PayPal. ¿Desea que cancele el pedido completo?",
];
const twoActions: Lang3 = [
  "I can do both:\n1) Cancel reservation JK82LM (BOS → ORD, 2024-05-18), refund $410 to your gift card.\n2) Downgrade reservation PQ4R7T from business to economy, refund $530 to your Visa ending 1190.\nShall I go ahead with both?",
  "两项我都可以办理：\n1）取消预订 JK82LM（BOS → ORD，2024-05-18），退款 $410 到礼品卡。\n2）将预订 PQ4R7T 从商务舱降为经济舱，退款 $530 到尾号 1190 的 Visa 卡。\n两项都办理吗？",
  "Puedo hacer las dos cosas:\n1) Cancelar la reserva JK82LM (BOS → ORD, 2024-05-18), reembolso de $410 a su tarjeta de regalo.\n2) Bajar la reserva PQ4R7T de business a económica, reembolso de $530 a su Visa terminada en 1190.\n¿Procedo con ambos?",
];

describe("a yes addressed to one listed thing", () => {
  it("yes to one of the listed items: unclear", () => {
    check([
      ...rows(twoItems, ["Yes to the hoodie.", "只改卫衣。", "Sí a la sudadera."], "unclear"),
      ...rows(twoItems, ["OK for the hoodie, thanks!", "卫衣可以，台灯先别动。", "Vale para la sudadera, gracias."], "unclear"),
      ...rows(wholeOrder, ["Yes to the kettle.", "电热水壶取消吧，搅拌机保留。", "Sí al hervidor."], "unclear"),
    ]);
  });
  it("yes to the whole of it, or to the action: confirmed", () => {
    check([
      ...rows(twoItems, ["Yes to both changes.", "两项都确认，谢谢。", "Sí a los dos cambios."], "confirmed"),
      ...rows(wholeOrder, ["Yes to the cancellation, thanks.", "确认取消整个订单，谢谢。", "Sí a la cancelación, gracias."], "confirmed"),
    ]);
  });
});

describe("a listed thing left as it is, or still being thought about", () => {
  it("the other thing kept: unclear", () => {
    check([
      ...rows(
        twoItems,
        ["Yes, change the hoodie. Leave the lamp as it is though.", "好的，改卫衣。台灯先不动。", "Sí, cambie la sudadera. Deje la lámpara como está."],
        "unclear",
      ),
      ...rows(
        wholeOrder,
        ["Yes please, the blender can stay though.", "好的，取消吧，不过搅拌机还是要的，保留。", "Sí, cancele, pero la batidora sí la quiero."],
        "unclear",
      ),
    ]);
  });
  it("the other part still being thought about: unclear", () => {
    check(
      rows(
        twoActions,
        [
          "Please cancel JK82LM. I'm still thinking about the downgrade, the legroom matters to me.",
          "请取消 JK82LM。降舱的事我还在考虑，腿部空间对我很重要。",
          "Cancele JK82LM por favor. Lo de bajar de clase lo estoy pensando todavía.",
        ],
        "unclear",
      ),
    );
  });
  it("a decision already made, or a complaint about an item, beside a yes to all: confirmed", () => {
    check([
      ...rows(
        twoActions,
        [
          "Yes, go ahead with both. I've thought it over and the savings matter more.",
          "好的，两项都办理吧。我已经考虑好了。",
          "Sí, proceda con ambos, gracias.",
        ],
        "confirmed",
      ),
      ...rows(
        wholeOrder,
        ["Yes, cancel the whole order. The blender was a gift idea that fell through.", "好的，整个订单都取消吧。", "Sí, cancele todo el pedido."],
        "confirmed",
      ),
    ]);
  });
});
