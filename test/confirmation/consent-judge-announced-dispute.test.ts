/**
 * Issue 14: a yes beside a dispute of what the action charges, announced for later ("I'll be disputing the fee with my bank",
 * "esa comisión la voy a reclamar", "这笔费用我回头会申诉"): the charge is not accepted (consent-markers.ts DISPUTE). Found by
 * red-team probes 14, batch 2 (kept outside the repository): "The $95 I'll dispute later, but go ahead." was confirmed on the
 * branch and on main. Hand-written EN/ZH/ES rows, none a probe string.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const seat: Lang3 = [
  "I can assign you seat 3A on flight HAT290 for a $60 seat fee, charged to your Amex ending 1009. Shall I proceed?",
  "我可以为您在 HAT290 航班上选 3A 座位，选座费 ¥420，从尾号 1009 的运通卡扣除。是否确认？",
  "Puedo asignarle el asiento 3A en el vuelo HAT290 por 60 € de tasa de asiento, con cargo a su Amex terminada en 1009. ¿Procedo?",
];

describe("a yes beside a dispute of the charge announced for later", () => {
  it("the charge disputed: unclear", () => {
    check(
      rows(
        seat,
        [
          "Fine, go ahead. I'll be disputing that $60 with my bank afterwards.",
          "行，选吧。这 ¥420 我回头会申诉的，本来就该免费。",
          "Vale, adelante. Esos 60 € los voy a reclamar después.",
        ],
        "unclear",
      ),
    );
  });

  it("the charge accepted, or a dispute of something else settled: confirmed", () => {
    check(rows(seat, ["Fine, go ahead, the $60 is okay.", "行，选吧，¥420 没问题。", "Vale, adelante, los 60 € están bien."], "confirmed"));
  });
});
