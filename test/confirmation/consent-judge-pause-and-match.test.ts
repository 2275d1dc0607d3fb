/**
 * Two readings found as misses on real replies (real-replies-9 tuning): a yes that trails off and is then followed by a plain
 * go-ahead ("Yes, that's correct... Please go ahead.", r9-104) agrees, while a trailing yes alone, or one with hesitation in
 * words, still hesitates; and a request whose last question asks whether the summary matches what the user wants ("Does
 * this match what you want? Please reply YES to confirm", r9-095) puts the action, so a bare yes answers it. Rows of their own
 * in EN/ZH/ES.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const refund: Lang3 = [
  "I'll change the jacket in order #W5520417 to the navy, medium one (item 8812340915, $142.10) and refund the $9.40 difference to your PayPal. Can you confirm this is all correct and that you'd like to proceed?",
  "我会把订单 #W5520417 里的夹克换成藏青色中号（商品 8812340915，$142.10），差价 $9.40 退回您的 PayPal。请确认信息无误并同意办理。",
  "Cambiaré la chaqueta del pedido #W5520417 por la azul marino talla M (artículo 8812340915, $142.10) y reembolsaré la diferencia de $9.40 a su PayPal. ¿Me confirma que todo es correcto y que desea continuar?",
];

const summary: Lang3 = [
  "Here is the proposed update to reservation LK3P9Q:\n1. Dana Ortiz (DOB 1990-02-11)\n2. Sam Ortiz (DOB 1988-07-30) <- the corrected name\nDoes this match what you want? Please reply YES to confirm, or send corrections. Once confirmed, I'll update it.",
  "预订 LK3P9Q 的更新如下：\n1. Dana Ortiz（1990-02-11）\n2. Sam Ortiz（1988-07-30）<- 更正后的姓名\n这符合您的要求吗？请回复“是”确认，或告诉我需要更正的地方。确认后我就更新。",
  "Esta es la actualización propuesta de la reserva LK3P9Q:\n1. Dana Ortiz (1990-02-11)\n2. Sam Ortiz (1988-07-30) <- el nombre corregido\n¿Coincide con lo que desea? Responda SÍ para confirmar o envíe correcciones. Una vez confirmado, cambiaré el nombre en la reserva.",
];

describe("a trailing yes settled by a go-ahead", () => {
  it("'yes… please go ahead' agrees: confirmed", () => {
    check(rows(refund, ["Yes, that's correct... Please go ahead.", "好的，没错……请办理吧。", "Sí, es correcto... Adelante, por favor."], "confirmed"));
  });
  it("a trailing yes alone, or with hesitation in words, still hesitates: unclear", () => {
    check([
      ...rows(refund, ["Yes, that's correct...", "好的，没错……", "Sí, es correcto..."], "unclear"),
      ...rows(refund, ["Yes... I guess. Go ahead.", "好的……也许吧。请办理。", "Sí... tal vez. Adelante."], "unclear"),
      ...rows(refund, ["Yes, that's correct... maybe go ahead.", "好的，没错……可能办理吧。", "Sí, es correcto... quizás adelante."], "unclear"),
    ]);
  });
});

const otherQuestion = (request: Lang3): Lang3 =>
  [
    request[0].replace("Does this match what you want?", "Would you like me to email you a receipt as well?"),
    request[1].replace("这符合您的要求吗？", "需要我把收据也发到您邮箱吗？"),
    request[2].replace("¿Coincide con lo que desea?", "¿Quiere que le envíe también el recibo por correo?"),
  ] as const;

describe("'does this match what you want?' puts the proposal", () => {
  it("a bare yes to it confirms", () => {
    check(rows(summary, ["YES", "是", "SÍ"], "confirmed"));
  });
  it("a bare yes to a last question about something else still answers that: unclear", () => {
    check(rows(otherQuestion(summary), ["YES", "是", "SÍ"], "unclear"));
  });
});
