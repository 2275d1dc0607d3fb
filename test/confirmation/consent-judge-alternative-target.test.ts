/**
 * A request that states the action's target as one of two ids ("the lamp in order #W3916020 or #W5416052") never settled
 * which one the action touches: a yes that names neither is unclear; a yes that names one of them picks it. Found as a false
 * confirmation on real replies (real-replies-9, r9-119). Rows of their own in EN/ZH/ES.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const exchange: Lang3 = [
  "To confirm before I proceed:\n- Exchange the desk lamp in order #W7312208 or #W6650194 for the brass, dimmable lamp (item id 4471190312).\n- The difference goes to your Visa ending 5521.\nShall I go ahead? (yes/no)",
  "确认一下：\n- 将订单 #W7312208 或 #W6650194 中的台灯换成黄铜可调光台灯（商品编号 4471190312）。\n- 差价用尾号 5521 的 Visa 结算。\n可以办理吗？",
  "Para confirmar:\n- Cambiar la lámpara del pedido #W7312208 o #W6650194 por la lámpara de latón regulable (artículo 4471190312).\n- La diferencia va a su Visa terminada en 5521.\n¿Procedo?",
];
const cancel: Lang3 = [
  "I'll cancel reservation K7TQ2M or reservation P4XN8A, whichever holds the Atlanta flight, and refund it to your original card. Please confirm.",
  "我会取消预订 K7TQ2M 或 P4XN8A（哪个是去亚特兰大的就取消哪个），退款退回原卡。请确认。",
  "Cancelaré la reserva K7TQ2M o la reserva P4XN8A, la que tenga el vuelo a Atlanta, y reembolsaré a su tarjeta original. Confírmelo, por favor.",
];

describe("a target stated as one of two ids", () => {
  it("a yes that names neither id is unclear", () => {
    check([
      ...rows(
        exchange,
        ["Yes, that's all correct, please go ahead. Thank you!", "好的，都对，请办理吧，谢谢！", "Sí, todo correcto, adelante. ¡Gracias!"],
        "unclear",
      ),
      ...rows(cancel, ["Yes please, go ahead and cancel it.", "好的，取消吧。", "Sí, por favor, cancélela."], "unclear"),
    ]);
  });
  it("a yes that names one of the two picks it: confirmed", () => {
    check([
      ...rows(
        exchange,
        [
          "Yes, it's the lamp in #W6650194 — please go ahead with the exchange.",
          "好的，是 #W6650194 里的那盏，请办理吧。",
          "Sí, es la lámpara del pedido #W6650194; adelante con el cambio.",
        ],
        "confirmed",
      ),
      ...rows(cancel, ["Yes, it's K7TQ2M, please cancel that one.", "好的，是 K7TQ2M，取消那个吧。", "Sí, es la K7TQ2M, cancélela."], "confirmed"),
    ]);
  });
});
