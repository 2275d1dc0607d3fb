/**
 * A yes with a wish to be told once the action is done (report-back.ts): "please let me know the final charges once processed",
 * "办好了告诉我一声", "avíseme el reembolso final una vez procesado". The wish asks for nothing else; the clause's other parts are
 * still read: "book a hotel once it's done" and "cancel my hotel too, let me know when it's done" ask for the hotel (both were
 * confirmed before this reading, as the report-back marker excused the whole clause). Hand-written rows (EN, ZH, ES), none taken
 * from a corpus.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancelFlight: Lang3 = [
  "I will cancel reservation KQ72LM (HAT118, BOS to MIA on May 22, 1 passenger); the refund of $276 goes back to your Mastercard ending 9031. Do you want me to proceed?",
  "我将取消预订 KQ72LM（HAT118，5 月 22 日波士顿飞迈阿密，1 位乘客），276 美元退回尾号 9031 的万事达卡。要我办理吗？",
  "Cancelaré la reserva KQ72LM (HAT118, BOS a MIA el 22 de mayo, 1 pasajero); el reembolso de 276 dólares vuelve a su Mastercard terminada en 9031. ¿Procedo?",
];

describe("judgeConsent: a yes with a wish to be told once it is done", () => {
  it("the report asked for, its subject left out or not: confirmed", () => {
    check(
      rows(
        cancelFlight,
        [
          "Yes, please cancel it. Please let me know the final refund once processed.",
          "好的，取消吧。处理完后告诉我最终退款金额。",
          "Sí, cancélela. Avíseme el reembolso final una vez procesado.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        cancelFlight,
        ["Yes, cancel it, and tell me the refund total when done.", "好的，取消吧，办好了告诉我一声。", "Sí, cancélela y avíseme cuando esté hecho."],
        "confirmed",
      ),
    );
  });
  it("another request beside the report, in the same clause or its own: unclear", () => {
    check(
      rows(
        cancelFlight,
        ["Yes, cancel it and book a hotel once it is done.", "好的，取消吧，办好后帮我订一家酒店。", "Sí, cancélela y reserve un hotel una vez procesado."],
        "unclear",
      ),
    );
    check(
      rows(
        cancelFlight,
        [
          "Yes, and cancel my hotel too, let me know when it is done.",
          "好的，取消吧，顺便订个酒店，办好了告诉我。",
          "Sí, cancélela, y también mi hotel, avíseme cuando esté hecho.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        cancelFlight,
        [
          "Yes please cancel, let me know when it's done and book me a hotel in Miami.",
          "好的，取消吧，办好了告诉我，再帮我订迈阿密的酒店。",
          "Sí, cancélela, avíseme cuando esté hecho y reserve un hotel en Miami.",
        ],
        "unclear",
      ),
    );
  });
});
