/**
 * Issue 14: a transfer between two accounts said back the other way round ("from checking into savings" when the request moves
 * money from savings to checking) agrees to a transfer that was not put (transfer-direction.ts). Found by red-team probes 13,
 * batch 2 (kept outside the repository): 3 of 6 such replies were confirmed on the branch and on `main`. Hand-written EN/ZH/ES
 * rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const toBrokerage: Lang3 = [
  "I'll transfer $2,000 from your savings account ending 7314 to your checking account ending 0586 this afternoon. Shall I go ahead?",
  "我将在今天下午从您尾号 7314 的储蓄账户转 ¥20,000 到尾号 0586 的活期账户。是否确认？",
  "Voy a transferir esta tarde 2.000 € de su cuenta de ahorros terminada en 7314 a su cuenta corriente terminada en 0586. ¿Procedo?",
];

describe("a transfer said back the other way round", () => {
  it("the accounts' roles swapped, by kind or by digits: unclear", () => {
    check([
      ...rows(
        toBrokerage,
        ["Sure, shift the $2,000 from checking over to savings.", "好的，从活期转两万到储蓄。", "Claro, mueva los 2.000 € de la corriente a ahorros."],
        "unclear",
      ),
      ...rows(toBrokerage, ["Yes — out of 0586, into 7314.", "可以，从 0586 转到 7314。", "Sí, de la 0586 a la 7314."], "unclear"),
    ]);
  });

  it("the request's own direction, or no direction said: confirmed", () => {
    check([
      ...rows(
        toBrokerage,
        ["Sure, transfer the $2,000 from savings to checking.", "好的，从储蓄转到活期。", "Claro, los 2.000 € de ahorros a la corriente, adelante."],
        "confirmed",
      ),
      ...rows(toBrokerage, ["Yes, go ahead with the transfer.", "可以，转吧。", "Sí, adelante con la transferencia."], "confirmed"),
    ]);
  });
});
