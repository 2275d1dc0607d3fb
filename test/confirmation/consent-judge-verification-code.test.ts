/**
 * A last question about a verification step ("Are you ready to receive the verification code?"): a yes lets the code be
 * sent, it does not approve what the code will authorize. Found as a false confirmation on real replies (real-replies-7,
 * r7-133). A reply that itself goes ahead with the action still confirms. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const codeQuestion: Lang3 = [
  "I'll transfer $1,800 from your savings account ending 3301 to James Okafor's account at First Harbor Bank. For your security, I'll first text a one-time code to your phone ending 7719. Shall I send the code now?",
  "我将从尾号 3301 的储蓄账户向 James Okafor 在 First Harbor Bank 的账户转账 $1,800。为了安全，我会先给您尾号 7719 的手机发送一个验证码。现在给您发验证码吗？",
  "Transferiré $1,800 de su cuenta de ahorro terminada en 3301 a la cuenta de James Okafor en First Harbor Bank. Por seguridad, primero enviaré un código de un solo uso a su teléfono terminado en 7719. ¿Le envío el código de verificación ahora?",
];

describe("a yes to a verification step before the action", () => {
  it("a yes to sending the code: unclear", () => {
    check([
      ...rows(codeQuestion, ["Yes, send it.", "好的，发吧。", "Sí, envíelo."], "unclear"),
      ...rows(codeQuestion, ["Sure, text it to me now, I'm ready.", "可以，我准备好了。", "Claro, ya estoy listo."], "unclear"),
    ]);
  });
  it("a reply that goes ahead with the action itself: confirmed", () => {
    check(rows(codeQuestion, ["Yes, go ahead with the transfer.", "好的，请继续办理。", "Sí, proceda con la transferencia."], "confirmed"));
  });
});
