/**
 * "In a bit of a rush / hurry / panic" tells how the user felt or acted; it defers nothing, unlike "in a bit" (later): "I booked it
 * in a bit of a rush" beside a yes was read as hesitation (blind-multilingual-8 tuning material showed the class). The Chinese and
 * Spanish rows say the same thing in their own idioms, which the judge already reads as a story. Hand-written rows.
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I'll cancel reservation LW83NP (Denver to Boston, June 9) and refund $318 to your Mastercard ending 2207. Shall I proceed?",
  "我将取消预订 LW83NP（丹佛到波士顿，6月9日），并把 $318 退回尾号 2207 的万事达卡。要继续吗？",
  "Cancelaré la reserva LW83NP (Denver a Boston, 9 de junio) y reembolsaré $318 a su Mastercard terminada en 2207. ¿Procedo?",
];

describe("'in a bit of a rush' beside a yes", () => {
  it("how the user felt or booked: confirmed", () => {
    check([
      ...rows(
        cancel,
        ["Yes, cancel it. I booked it in a bit of a rush.", "好的，取消吧。我订的时候有点匆忙。", "Sí, cancélela. Hice la reserva con mucha prisa."],
        "confirmed",
      ),
      ...rows(
        cancel,
        [
          "Yes, go ahead. I was in a bit of a panic when I picked those dates.",
          "请办理吧。我当时选日期太急了。",
          "Adelante, por favor. Elegí esas fechas con demasiada prisa.",
        ],
        "confirmed",
      ),
    ]);
  });
});

describe("'in a bit' and its kin: later", () => {
  it("the yes put off: not confirmed", () => {
    notConfirmed(cancel, ["Yes, cancel it in a bit.", "好的，过一会儿再取消。", "Sí, cancélela en un rato."]);
    notConfirmed(cancel, ["Sure, I'll confirm in a bit.", "好的，过一会儿再说。", "Claro, le confirmo más tarde."]);
    notConfirmed(cancel, ["Sure, do it in a bit of time.", "好的，过一段时间再办。", "Sí, hágalo dentro de un tiempo."]);
  });
});
