/**
 * Asking the agent, as a question, to do the action the request described ("could you go ahead with the return?", "¿me puede
 * hacer la devolución, por favor?", "可以帮我退货吗？") is a go-ahead (POLITE_GO_AHEAD, now in Spanish and Chinese too). Asking
 * for another action, another card or under a condition, or asking something else after it, is not. Hand-written rows (EN, ZH, ES),
 * none taken from a corpus.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const returnBlender: Lang3 = [
  "I'll return the Blender (item 5512003) from delivered order #W4410098; the refund of $54.99 goes to your gift card gift_card_330981. Shall I proceed with the return?",
  "我将为已送达订单 #W4410098 退回搅拌机（商品 5512003），退款 $54.99 退回您的礼品卡 gift_card_330981。确认办理退货吗？",
  "Devolveré la licuadora (artículo 5512003) del pedido entregado #W4410098; el reembolso de $54.99 irá a su tarjeta de regalo gift_card_330981. ¿Desea que proceda con la devolución?",
];

describe("judgeConsent: asking the agent to do the described action", () => {
  it("the action asked for as a question, with courtesy: confirmed", () => {
    check(
      rows(
        returnBlender,
        [
          "Could you go ahead with the return, please? Everything looks right, thanks.",
          "可以帮我退货吗？谢谢。",
          "¿Me puede hacer la devolución, por favor? Todo está correcto, muchas gracias.",
        ],
        "confirmed",
      ),
    );
    check(rows(returnBlender, ["Can you process the return?", "能帮我办理退货吗？", "¿Podría proceder con la devolución?"], "confirmed"));
  });
  it("another action, another card, a condition or a question after it: not confirmed", () => {
    check(rows(returnBlender, ["Can you cancel the order instead?", "可以帮我取消订单吗？", "¿Puede cancelar el pedido?"], "unclear"));
    check(
      rows(
        returnBlender,
        ["Can you process the return to my PayPal?", "可以帮我退货吗？退到我的信用卡。", "¿Puede hacer la devolución a mi PayPal?"],
        "unclear",
      ),
    );
    check(
      rows(
        returnBlender,
        [
          "Can you process the return if the refund arrives today?",
          "能帮我办理退货吗？如果今天能到账的话。",
          "¿Puede hacer la devolución si el reembolso llega hoy?",
        ],
        "unclear",
      ),
    );
  });
});
