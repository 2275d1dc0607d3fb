/**
 * A Chinese answer put off beside "好的" ("好的，我等一下再确认", "好的，稍后再决定", "行，回头再说") is no yes: the answer is still to come,
 * as "Sure, I'll confirm in a bit" and "Claro, le confirmo más tarde" are in English and Spanish. Found writing the near-misses of
 * consent-judge-bit-of-idiom.test.ts: the deferral words were listed among the whole-word (Latin) markers, where a word boundary never
 * holds inside Chinese text, so "好的，我等一下再确认" was confirmed. A yes with a farewell or a later contact is still a yes.
 * Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I'll cancel reservation QM51TR (Chicago to Dallas, August 2) and refund $264 to your Visa ending 8815. Shall I proceed?",
  "我将取消预订 QM51TR（芝加哥到达拉斯，8月2日），并把 $264 退回尾号 8815 的 Visa 卡。要继续吗？",
  "Cancelaré la reserva QM51TR (Chicago a Dallas, 2 de agosto) y reembolsaré $264 a su Visa terminada en 8815. ¿Procedo?",
];

describe("an answer put off beside an 'ok'", () => {
  it("'I'll confirm in a moment', 'I'll decide later', 'let's talk later': not confirmed", () => {
    notConfirmed(cancel, ["Okay, I'll confirm in a moment.", "好的，我等一下再确认。", "Vale, le confirmo en un momento."]);
    notConfirmed(cancel, ["Sure, I'll decide later.", "行，我稍后再决定。", "Claro, lo decido más tarde."]);
    notConfirmed(cancel, ["Okay, let's talk about it later.", "好的，回头再说。", "Bueno, lo hablamos después."]);
    notConfirmed(cancel, ["Fine, I'll answer tomorrow.", "可以，明天再答复你。", "Está bien, le respondo mañana."]);
  });
});

describe("a yes with a farewell", () => {
  it("the yes given now: confirmed", () => {
    check([
      ...rows(cancel, ["Yes, cancel it. Thanks, bye!", "好的，取消吧。回头再联系。", "Sí, cancélela. Hasta luego."], "confirmed"),
      ...rows(
        cancel,
        ["Yes, please go ahead. Have a good evening.", "确认取消，谢谢，祝您晚上愉快。", "Sí, adelante por favor. Que tenga buena tarde."],
        "confirmed",
      ),
    ]);
  });
});
