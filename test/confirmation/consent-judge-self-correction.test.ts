/**
 * Issue 14, item 2: a yes the reply takes back with a self-correction ("I mean", "o sea", "我是说") leading into a refusal is
 * not a confirmation (consent-markers.ts, refusal openings). Found by the lead's red-team probes 11 (kept outside the
 * repository): "Yes no, I mean wait." was confirmed on `main` at 5d3f5a7. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I'll cancel reservation TR55QW (BOS→MIA, July 2) and refund $265 to your Amex ending 3009. Shall I go ahead?",
  "我将取消预订 TR55QW（BOS→MIA，7月2日），并将 $265 退回到尾号 3009 的 Amex 卡。是否继续？",
  "Voy a cancelar la reserva TR55QW (BOS→MIA, 2 de julio) y reembolsar 265 $ a su Amex terminada en 3009. ¿Procedo?",
];

describe("a yes taken back by a self-correction", () => {
  it("a self-correction leading into a refusal: not a confirmation", () => {
    check([
      ...rows(cancel, ["Sure, I mean hold on a second.", "好，我是说先等一下。", "Vale, o sea, espere un momento."], "unclear"),
      ...rows(cancel, ["Yes, what I mean is wait until tomorrow.", "可以，我的意思是先不要。", "Sí, quiero decir, mejor no."], "unclear"),
      // (a wait said with an adverb, "先" / "稍": first, a moment)
      ...rows(cancel, ["OK, hang on a moment first.", "好，先等一下。", "Vale, espere un momento primero."], "unclear"),
    ]);
  });
  it("a self-correction that stays a yes, or none: confirmed", () => {
    check([
      ...rows(cancel, ["I mean, yes, go ahead and cancel it.", "好的，请取消吧。", "Sí, adelante, cancélela."], "confirmed"),
      ...rows(cancel, ["Yes, please go ahead, I mean it.", "确认，继续吧。", "Sí, proceda, por favor."], "confirmed"),
    ]);
  });
});
