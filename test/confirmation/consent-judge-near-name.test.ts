/**
 * Issue 14: a yes that names someone a letter or two off the person the request names ("Daniel Okafar" for Daniel Okafor,
 * "Daniela Okafor") does not say whose booking it means (near-name.ts). Found by red-team probes 12 (kept outside the repository):
 * on `main` at ea649ce, 3 such replies were confirmed to a cancellation or to bags for the named passenger. The person's own name,
 * a nickname further off, or a word the request itself writes stays a yes. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I'll cancel reservation TQ7B3N (BOS→ORD, Oct 21, passenger Daniel Okafor) and refund $244.00 to your Amex ending 9090. Shall I proceed?",
  "我将取消预订 TQ7B3N（波士顿→芝加哥，10月21日，乘客 Daniel Okafor），并将 ¥1,760 退回您尾号 9090 的运通卡。确认吗？",
  "Voy a cancelar la reserva TQ7B3N (BOS→ORD, 21 de octubre, pasajero Daniel Okafor) y reembolsar 225 € a su Amex terminada en 9090. ¿Procedo?",
];

describe("a name a letter or two off the request's person", () => {
  it("another spelling of the passenger: unclear", () => {
    check([
      ...rows(cancel, ["Yes, cancel Daniel Okafar's booking.", "好的，取消 Daniel Okafur 的预订。", "Sí, cancele la de Daniela Okafor."], "unclear"),
      ...rows(
        cancel,
        ["Go ahead, that's the one for Danial Okafor.", "可以，Daniel Okafer 那张取消吧。", "Vale, la reserva de Daniel Okafro, adelante."],
        "unclear",
      ),
    ]);
  });

  it("the passenger's own name, a nickname, or no name: confirmed", () => {
    check([
      ...rows(cancel, ["Yes, cancel Daniel Okafor's booking.", "好的，取消 Daniel Okafor 的预订。", "Sí, cancele la de Daniel Okafor."], "confirmed"),
      ...rows(cancel, ["Yes, cancel it. Thanks from Danny!", "好的，取消吧，谢谢。", "Sí, cancélela. Gracias, saludos de Dani."], "confirmed"),
    ]);
  });
});
