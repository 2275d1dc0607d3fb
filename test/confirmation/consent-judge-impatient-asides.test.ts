/**
 * Impatient customers' asides around a go-ahead (persona-asides.ts): "without hesitation", "without another word", "this second",
 * "sin dudarlo", "en este instante", "别再犹豫了", "一秒都别等". They hurry the action and change nothing of it; the same asides
 * beside a refusal, a condition, a changed detail or a question leave the reply as it was. Hand-written rows (EN, ZH, ES), none
 * taken from a corpus.
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const returnLamp: Lang3 = [
  "I'll return the Desk Lamp (item 8384507844) from delivered order #W6390527; the refund of $137.94 goes to your PayPal (paypal_7644869). Reply YES to proceed.",
  "我将为已送达订单 #W6390527 退回台灯（商品 8384507844），退款 $137.94 退回您的 PayPal（paypal_7644869）。确认办理吗？",
  "Devolveré la lámpara de escritorio (artículo 8384507844) del pedido entregado #W6390527; el reembolso de $137.94 irá a su PayPal (paypal_7644869). ¿Confirma la devolución?",
];

describe("judgeConsent: an impatient customer's asides beside a go-ahead", () => {
  it("hurrying the described action along: confirmed", () => {
    check(
      rows(
        returnLamp,
        [
          "Process the return immediately, without hesitation. I need this done, complete it this second.",
          "确认退货，别再犹豫了，一秒都别等，马上办。",
          "Sí, proceda con la devolución sin dudarlo, en este instante.",
        ],
        "confirmed",
      ),
    );
    check(rows(returnLamp, ["Proceed at once, without another word.", "确认，办理退货，不要再拖了。", "Sí, proceda sin decir nada más."], "confirmed"));
  });
  it("the same asides beside a refusal, a condition, another card or a question: not confirmed", () => {
    check(
      rows(
        returnLamp,
        ["Don't process the return, without another word. I changed my mind.", "别再犹豫了，我不退了。", "No, no la devuelva, sin dudarlo: me la quedo."],
        "denied",
      ),
    );
    check(
      rows(
        returnLamp,
        [
          "Process the return this second, but put the refund on my Visa instead.",
          "马上办理退货，一秒都别等，不过退款退到我的信用卡。",
          "Proceda con la devolución sin dudarlo si el reembolso llega hoy.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        returnLamp,
        [
          "Process the return without hesitation. Will the refund reach my PayPal today?",
          "确认退货，别再犹豫了。退款今天能到吗？",
          "Proceda sin dudarlo. ¿El reembolso llega hoy a mi PayPal?",
        ],
        "unclear",
      ),
    );
  });
});

describe("judgeConsent: a filler opening a go-ahead ('Um, yes… please go ahead')", () => {
  it("a filler before an explicit go-ahead that hesitates nowhere: confirmed", () => {
    check(
      rows(
        returnLamp,
        ["Um, yes, that's fine. Please go ahead and process the return.", "嗯，好的，请办理退货。", "Este… sí, está bien. Adelante con la devolución."],
        "confirmed",
      ),
    );
    check(rows(returnLamp, ["Hmm, okay, go ahead.", "呃，行，请办理吧。", "Mmm… sí, proceda."], "confirmed"));
  });
  it("a filler with no go-ahead, beside a hedge or a question: still unclear", () => {
    check(rows(returnLamp, ["umm ok", "嗯", "este… vale"], "unclear"));
    check(rows(returnLamp, ["Hmm, I guess go ahead.", "嗯，可能吧，办理吧。", "Este… quizás, adelante."], "unclear"));
    check(rows(returnLamp, ["Uh, go ahead? Will it reach my PayPal?", "呃，办理吧？退款会到 PayPal 吗？", "Este… ¿adelante? ¿Llega a mi PayPal?"], "unclear"));
  });
});

describe("judgeConsent: a hand-off the user declines beside the yes", () => {
  const offersHandoff: Lang3 = [
    "I can process the return of the desk lamp (item 5320792178) from order #W7382561 with a $135.24 refund to your PayPal, or transfer you to a human agent. Which would you like?",
    "我可以为订单 #W7382561 的台灯（商品 5320792178）办理退货，$135.24 退回您的 PayPal，或者为您转人工。您想怎么办？",
    "Puedo tramitar la devolución de la lámpara (artículo 5320792178) del pedido #W7382561 con un reembolso de $135.24 a su PayPal, o transferirle a un agente humano. ¿Qué prefiere?",
  ];
  it("declining a hand-off the request did not offer changes nothing: confirmed", () => {
    check(
      rows(
        returnLamp,
        [
          "Yes, please process the return—I don't want to be transferred to anyone else.",
          "好的，请办理退货，不用转人工。",
          "Sí, tramite la devolución. No quiero que me transfieran con nadie.",
        ],
        "confirmed",
      ),
    );
  });
  it("alone, or where the request itself offers the hand-off beside the action: read as before", () => {
    check(rows(returnLamp, ["I don't want to be transferred.", "不用转人工。", "No quiero que me transfieran."], "unclear"));
    notConfirmed(offersHandoff, ["Yes, I don't want to be transferred.", "好的，不用转人工。", "Sí, no quiero que me transfieran."]);
  });
});
