/**
 * Issue 14: a yes that says the agent promised something the request does not contain ("as you said, the refund lands within a
 * day", "您说过的，年费也会免掉", "tal como me prometió, se anula la penalización") rests on a term that was never put
 * (assumed-term.ts `claimedTerm`). Found by red-team probes 13, batch 2 (kept outside the repository): 2 of 6 such replies were
 * confirmed on the branch and on `main`. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const close: Lang3 = [
  "I can close your credit card ending 6604 today and pay the remaining balance of $212 from your checking account ending 1187. Shall I proceed?",
  "我可以今天为您注销尾号 6604 的信用卡，并从尾号 1187 的活期账户还清剩余欠款 ¥1,500。是否办理？",
  "Puedo cancelar hoy su tarjeta de crédito terminada en 6604 y pagar el saldo pendiente de 212 € desde su cuenta corriente terminada en 1187. ¿Procedo?",
];

describe("a yes that says the agent promised what the request does not say", () => {
  it("a promise in words of its own: unclear", () => {
    check(
      rows(
        close,
        [
          "Okay, close it. Like you said, my credit limit moves over to the new card.",
          "好的，注销吧。您刚才说过的，额度会转到我的新卡上。",
          "Vale, cancélela. Tal como me dijo, el límite pasa a mi tarjeta nueva.",
        ],
        "unclear",
      ),
    );
  });

  it("the request's own terms said to be the agent's, or no promise at all: confirmed", () => {
    check([
      ...rows(
        close,
        [
          "Okay, close it. Like you said, the $212 comes from my checking account.",
          "好的，注销吧，按您说的从活期账户还。",
          "Vale, cancélela; como usted dijo, el saldo se paga desde la cuenta corriente.",
        ],
        "confirmed",
      ),
      ...rows(close, ["Okay, close it.", "好的，注销吧。", "Vale, cancélela."], "confirmed"),
    ]);
  });
});
