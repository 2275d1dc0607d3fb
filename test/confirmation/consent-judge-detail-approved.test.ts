/**
 * A detail of the proposal judged acceptable before the go-ahead ("$70 is fine, go ahead", "Los $70 están bien, adelante", "$70没问题，
 * 办吧"): consent when the detail is the one the request stated (the go-ahead after it was not read: "no_affirmative"), not when it
 * names another amount, card, count, cabin or flight, nor when it restricts ("just the $70 is fine") or conditions ("if it's $70,
 * that's fine"). Hand-written EN/ZH/ES rows (none from a corpus).
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const bag: Lang3 = [
  "I'll add one checked bag to reservation LM44QZ for $70, charged to your Visa ending 4410. Shall I proceed?",
  "我将为预订 LM44QZ 添加一件托运行李，$70 从尾号 4410 的 Visa 卡扣款。要我办理吗？",
  "Añadiré una maleta facturada a la reserva LM44QZ por $70, con cargo a su Visa terminada en 4410. ¿Procedo?",
];

const change: Lang3 = [
  "I'll move you from HAT045 on May 20 to HAT182 on May 21, economy, and charge the $62 difference to your Visa ending 4410. Shall I go ahead?",
  "我将把您从5月20日的 HAT045 改到5月21日的 HAT182，经济舱，差价 $62 从尾号 4410 的 Visa 卡扣。要我办理吗？",
  "Le cambiaré del HAT045 del 20 de mayo al HAT182 del 21 de mayo, en económica, y cargaré la diferencia de $62 a su Visa terminada en 4410. ¿Procedo?",
];

describe("the stated detail judged acceptable, then the go-ahead", () => {
  it("the amount, the card or the flight the request stated: confirmed", () => {
    check([
      ...rows(bag, ["$70 is fine, go ahead.", "$70没问题，办吧。", "Los $70 están bien, adelante."], "confirmed"),
      ...rows(bag, ["The charge to the Visa looks fine, please go ahead.", "从Visa卡扣没问题，办吧。", "El cargo a la Visa está bien, adelante."], "confirmed"),
      ...rows(change, ["HAT182 is fine, go ahead.", "HAT182没问题，办吧。", "El HAT182 está bien, adelante."], "confirmed"),
      ...rows(change, ["The $62 sounds fine, go ahead.", "$62可以，办吧。", "Los $62 me parecen bien, adelante."], "confirmed"),
    ]);
  });
});

describe("another detail, or the stated one restricted or conditioned", () => {
  it("an amount, count, card, cabin or flight the request did not state: not confirmed", () => {
    notConfirmed(bag, ["$50 is fine, go ahead.", "$50没问题，办吧。", "Los $50 están bien, adelante."]);
    notConfirmed(bag, ["The Mastercard is fine, go ahead.", "用万事达卡没问题，办吧。", "La Mastercard está bien, adelante."]);
    notConfirmed(bag, ["Two bags are fine, go ahead.", "两件行李没问题，办吧。", "Dos maletas están bien, adelante."]);
    notConfirmed(change, ["Business is fine, go ahead.", "商务舱没问题，办吧。", "La clase business está bien, adelante."]);
    notConfirmed(change, ["HAT190 is fine, go ahead.", "HAT190没问题，办吧。", "El HAT190 está bien, adelante."]);
  });
  it("restricted, set against another, or conditioned: not confirmed", () => {
    notConfirmed(bag, ["Just the $70 is fine, go ahead.", "只有$70可以，办吧。", "Solo los $70 están bien, adelante."]);
    notConfirmed(bag, ["$70 on the other card is fine, go ahead.", "$70用另一张卡没问题，办吧。", "Los $70 en la otra tarjeta están bien, adelante."]);
    notConfirmed(bag, ["If it's $70, that's fine, go ahead.", "如果是$70就没问题，办吧。", "Si son $70, está bien, adelante."]);
  });
});
