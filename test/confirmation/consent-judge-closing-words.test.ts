/**
 * Closing the conversation beside a yes ("That's all I needed for now", "Eso es todo por ahora", "暂时就这些") is courtesy, not a
 * yes to part of the action "for now": found as a miss on real replies (real-replies-8 tuning, r8-127: "YES, please set that
 * up! … That's all I needed for now."). A yes to the action itself "for now" or "por ahora" still agrees to part only. Rows of
 * their own in EN/ZH/ES.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const alert: Lang3 = [
  "Would you like me to set up a low-balance alert at $300 on your checking account ending in 4417? Please reply YES to confirm and I'll set it up.",
  "要我为尾号 4417 的支票账户设置低于 $300 的余额提醒吗？请回复“是”确认，我就为您设置。",
  "¿Desea que configure una alerta de saldo bajo de $300 en su cuenta corriente terminada en 4417? Responda SÍ para confirmar y la configuro.",
];

describe("closing the conversation beside a yes", () => {
  it("'that's all I needed for now' is courtesy: confirmed", () => {
    check([
      ...rows(
        alert,
        ["YES, please set that up! That's all I needed for now.", "是的，请设置。暂时就这些。", "Sí, por favor, configúrela. Eso es todo por ahora."],
        "confirmed",
      ),
      ...rows(
        alert,
        ["Yes please, that was all we wanted, thanks.", "好的，设置吧。我就这些事了，谢谢。", "Sí, por favor, eso es todo por mi parte, gracias."],
        "confirmed",
      ),
    ]);
  });
  it("the action itself 'for now': part only, unclear", () => {
    check(rows(alert, ["Yes, set it up for now.", "好的，暂时先设置一下。", "Sí, configúrela por ahora."], "unclear"));
  });
});
