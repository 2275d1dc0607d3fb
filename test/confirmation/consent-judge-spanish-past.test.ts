/**
 * Without its accent, the Spanish first person of the past of some verbs of doing has the shape of their formal command ("usé" /
 * "use", "reservé" / "reserve", "cambié" / "cambie"). After a pronoun put before the verb ("la usé una vez", "lo cambié ayer", "yo
 * reservé") it is the past, told as a story, since a command puts its pronoun after ("úsela", "cámbielo"); it was read as an
 * instruction whose words were new content. After "no", "que" or "por favor" ("no la cancele", "que le envíe…") it is still a
 * command. The English and Chinese rows tell the same stories, which the judge already reads as such. Hand-written rows.
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I'll cancel reservation LW83NP (Denver to Boston, June 9) and refund $318 to your Mastercard ending 2207. Shall I proceed?",
  "我将取消预订 LW83NP（丹佛到波士顿，6月9日），并把 $318 退回尾号 2207 的万事达卡。要继续吗？",
  "Cancelaré la reserva LW83NP (Denver a Boston, 9 de junio) y reembolsaré $318 a su Mastercard terminada en 2207. ¿Procedo?",
];

const giftReturn: Lang3 = [
  "I'll return the blender (black, 1.5 L) from order #W4412087 and refund $54.99 to your gift card. Shall I proceed?",
  "我将退回订单 #W4412087 里的搅拌机（黑色，1.5 升），并把 $54.99 退到您的礼品卡。要继续吗？",
  "Devolveré la licuadora (negra, 1,5 L) del pedido #W4412087 y reembolsaré $54.99 a su tarjeta de regalo. ¿Procedo?",
];

describe("the past of a verb of doing, told beside a yes", () => {
  it("a pronoun before the verb: the past, a story: confirmed", () => {
    check([
      ...rows(cancel, ["Yes, cancel it. I booked it late at night.", "好的，取消吧。我是半夜订的。", "Sí, cancélela. La reservé de noche."], "confirmed"),
      ...rows(giftReturn, ["Yes, return it. I used it just once.", "好的，退吧。我是上个月买的。", "Sí, devuélvala. La usé una sola vez."], "confirmed"),
      ...rows(
        cancel,
        ["Yes, cancel it. I already changed my plans last week.", "好的，取消吧。我上周就改了计划。", "Sí, cancélela. Yo cambié mis planes la semana pasada."],
        "confirmed",
      ),
    ]);
  });
});

describe("the command of the same verbs", () => {
  it("after 'no', 'y' or 'por favor', or with its pronoun after: not confirmed", () => {
    notConfirmed(cancel, ["Yes, but don't cancel it until tomorrow.", "好的，但是明天再取消。", "Sí, pero no la cancele hasta mañana."]);
    notConfirmed(cancel, ["Yes, and change my hotel too.", "好的，把我的酒店也改一下。", "Sí, y cambie también mi hotel."]);
    notConfirmed(cancel, ["Yes, and please send the receipt to my wife.", "好的，请把收据发给我太太。", "Sí, y por favor le envíe el recibo a mi esposa."]);
    notConfirmed(giftReturn, ["Yes, and use my PayPal for the refund.", "好的，退款用我的 PayPal。", "Sí, y use mi PayPal para el reembolso."]);
  });
});
