/**
 * Issue 14: "send" the refund or the certificate ("yes, send the refund to my Visa", "sí, envíen el reembolso", "退款打到我卡上",
 * "好的，发给我吧") is how people say the request's refund or issuing goes where the request said: consent, with the destination
 * the request named (content-words.ts, the "sendmoney" concept: whole forms of the verb only, so that no word one
 * typing slip away is taken for it). Sent to another method, another person or another place it is not. And "vale" (OK) is
 * no longer read as a voucher, which made "certificate" a word of no content (content-words.ts). Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const refund: Lang3 = [
  "I can cancel reservation LM3K8D and refund $260 to your Visa ending 5521. Would you like me to proceed?",
  "我可以取消预订 LM3K8D，并将 $260 退款退回您尾号 5521 的 Visa 卡。要继续吗？",
  "Puedo cancelar la reserva LM3K8D y reembolsar $260 a su Visa terminada en 5521. ¿Desea que continúe?",
];
const certificate: Lang3 = [
  "Because of the delay, I can issue a $100 travel certificate to your account. Would you like me to issue it now?",
  "由于航班延误，我可以给您的账户发放一张 $100 的旅行代金券。现在发放吗？",
  "Por el retraso, puedo emitir un certificado de viaje de $100 a su cuenta. ¿Lo emito ahora?",
];

describe("send the refund or the certificate", () => {
  it("where the request said: confirmed", () => {
    check([
      ...rows(refund, ["Yes, send the refund to my Visa please.", "好的，退款打到我的Visa卡上。", "Sí, envíen el reembolso a mi Visa."], "confirmed"),
      ...rows(
        refund,
        ["Sure, cancel it and send the $260 back to the Visa.", "可以，取消吧，$260 打回Visa卡。", "Claro, cancélela y manden los $260 a la Visa."],
        "confirmed",
      ),
      ...rows(certificate, ["Yes, please send it.", "好的，发给我吧。", "Sí, envíelo por favor."], "confirmed"),
    ]);
  });

  it("to another method, person or place: unclear", () => {
    check([
      // a word one typing slip from a form of "send" ("señora", "sendora") is no form of it: the sending verbs are matched whole
      { request: refund[2], reply: "Sí, envíen el reembolso y cancelen también la de mi señora.", expected: "unclear" as const },
      ...rows(refund, ["Yes, send the refund to my PayPal.", "好的，退款打到我的支付宝上。", "Sí, envíen el reembolso a mi PayPal."], "unclear"),
      ...rows(
        refund,
        ["Yes, send the money to my brother's account.", "好的，退款打到我弟弟的卡上。", "Sí, envíen el dinero a la cuenta de mi hermano."],
        "unclear",
      ),
      ...rows(certificate, ["Yes, send it to my new email address.", "好的，发到我的新邮箱。", "Sí, envíelo a mi correo nuevo."], "unclear"),
    ]);
  });
});
