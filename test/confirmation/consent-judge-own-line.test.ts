/**
 * Issue 14: a yes for the user's own line only ("switch mine", "just my line", "solo mi línea", "先把我的换了") beside a plan change
 * put for several lines ("all three lines", "las tres líneas", "三个号码"): fewer lines than described (traveller-count.ts, which
 * reads the same of travellers). Found by red-team probes 13, batch 2 (kept outside the repository): "please switch mine today.
 * Marco and Lucia can decide about theirs" was still confirmed after round 13. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const threeLines: Lang3 = [
  "I'll move all three lines on your account to the Shared 50 GB plan at $95/month total, from your next bill. Shall I make the change?",
  "我将把您账户下的三个号码都转到每月共 ¥258 的共享 50G 套餐，从下期账单开始。是否办理？",
  "Voy a pasar las tres líneas de su cuenta a la tarifa Compartida 50 GB por 55 €/mes en total, desde la próxima factura. ¿Hago el cambio?",
];
const oneLine: Lang3 = [
  "I'll move your line 555-0107 to the Shared 50 GB plan at $95/month, from your next bill. Shall I make the change?",
  "我将把您的号码 136****0107 转到每月 ¥258 的共享 50G 套餐，从下期账单开始。是否办理？",
  "Voy a pasar su línea 600 555 107 a la tarifa Compartida 50 GB por 55 €/mes, desde la próxima factura. ¿Hago el cambio?",
];

describe("the user's own line only, beside a change put for several lines", () => {
  it("own line only: unclear", () => {
    check(
      rows(
        threeLines,
        ["Works for me, go ahead and switch mine. The other two will call you themselves.", "好的，先把我的换了吧。", "Sí, adelante con la mía."],
        "unclear",
      ),
    );
  });

  it("all lines, or a change put for one line: confirmed", () => {
    check([
      ...rows(threeLines, ["Sounds fine, switch all three, thanks.", "可以，三个号码都换吧。", "Vale, cambie las tres, gracias."], "confirmed"),
      ...rows(oneLine, ["Sounds fine, switch mine, thanks.", "可以，换吧。", "Vale, cámbiela, gracias."], "confirmed"),
    ]);
  });
});
