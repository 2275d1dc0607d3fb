/**
 * Issue 14: "I confirm" said of a fact of the user's own ("Yes, I confirm I've got the router here", "confirmo que vivo en esa
 * dirección", "我确认我已经收到了") confirms that fact, not the action; a go-ahead beside it still counts (confirmed-fact.ts).
 * Found by red-team probes 12, batch 1b (kept outside the repository), still open after round 13: "Yes, I confirm I received the
 * mouse." and "Confirmo que viajo el 12 de mayo." were confirmed. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const returnRouter: Lang3 = [
  "I'll process the return of the rented router (serial R-55120) and credit $49 to your account. Shall I proceed?",
  "我将为您办理租用路由器（序列号 R-55120）的退还，并把 ¥199 退回您的账户。是否确认？",
  "Voy a tramitar la devolución del router de alquiler (número de serie R-55120) y abonarle 49 € en su cuenta. ¿Procedo?",
];

describe("a fact of the user's own confirmed", () => {
  it("the fact only: unclear", () => {
    check(
      rows(
        returnRouter,
        ["Yes, I confirm I've still got the router here with me.", "好的，我确认我已经收到路由器了。", "Sí, confirmo que tengo el router aquí en casa."],
        "unclear",
      ),
    );
  });

  it("the fact beside a go-ahead, or the action itself confirmed: confirmed", () => {
    check([
      { request: returnRouter[0], reply: "I confirm I have the router. Please go ahead with the return.", expected: "confirmed" as const },
      { request: returnRouter[0], reply: "I confirm I'm the account holder. Yes, please proceed.", expected: "confirmed" as const },
      { request: returnRouter[1], reply: "我确认路由器在我这儿，办理退还吧。", expected: "confirmed" as const },
      ...rows(returnRouter, ["Yes, I confirm I want to return it.", "好的，我确认我要退还。", "Sí, confirmo que quiero devolverlo."], "confirmed"),
    ]);
  });
});
