/**
 * Issue 14: a yes for the user's own share only ("go ahead with mine", "adelante con lo mío", "先把我的办了") beside an action for
 * two or more travellers agrees to part of it (traveller-count.ts). Found by red-team probes 13 (kept outside the repository): on
 * `main` at 19d9047 the English form was confirmed. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancelBoth: Lang3 = [
  "I can cancel reservation QH5T2N for both passengers, you and Jonas Weber, and refund $812 to the Visa ending 3390. Shall I go ahead?",
  "我可以取消预订 QH5T2N，包括您和 Jonas Weber 两位乘客，并把 ¥5,600 退回尾号 3390 的 Visa 卡。是否办理？",
  "Puedo cancelar la reserva QH5T2N para los dos pasajeros, usted y Jonas Weber, y reembolsar 812 € a la Visa terminada en 3390. ¿Procedo?",
];
const bagsBoth: Lang3 = [
  "I'll add one checked bag each for you and Jonas Weber on reservation QH5T2N, $35 per bag ($70 total) on the Visa ending 3390. Would you like me to proceed?",
  "我将为您和 Jonas Weber 在预订 QH5T2N 上各加一件托运行李，每件 ¥240，共 ¥480，从尾号 3390 的 Visa 卡扣除。需要我继续吗？",
  "Voy a añadir una maleta facturada para usted y otra para Jonas Weber en la reserva QH5T2N, 35 € cada una (70 € en total) con la Visa terminada en 3390. ¿Desea que continúe?",
];

describe("a yes for the user's own share of an action for several travellers", () => {
  it("agrees to part only: unclear", () => {
    check([
      ...rows(
        cancelBoth,
        [
          "Yes, cancel mine please; Jonas is still sorting out his plans.",
          "可以，先把我的取消了，Jonas 那边他自己还在安排。",
          "Sí, cancele solo lo mío, que Jonas todavía está organizando sus planes.",
        ],
        "unclear",
      ),
      ...rows(bagsBoth, ["Sure, do mine.", "好的，我的先加上。", "Vale, adelante con lo mío."], "unclear"),
    ]);
  });

  it("a yes to the whole, or one that says a card is the user's own: confirmed", () => {
    check([
      ...rows(cancelBoth, ["Yes, please go ahead.", "好的，办理吧。", "Sí, proceda."], "confirmed"),
      ...rows(bagsBoth, ["Sure, the Visa ending 3390 is mine, go ahead.", "好的，这张卡是我的，加吧。", "Vale, la Visa es mía, adelante."], "confirmed"),
    ]);
  });
});
