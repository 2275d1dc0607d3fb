/**
 * A card named by a brand the request did not name ("万事达卡", "Mastercard", "运通卡") or as "a bank
 * card" (银行卡) is another method than the one offered, in Chinese as in English and Spanish (before,
 * "好的，用我的万事达卡" was confirmed: the bare "卡" matched the request's "Visa 卡"). Hand-written rows
 * (EN, ZH, ES), with the card the request named, which still confirms.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const change: Lang3 = [
  "I will change reservation ABC123 to flight HAT045 on May 20 in economy and add one checked bag; the $50 difference goes on your Visa ending in 7447. Shall I proceed?",
  "我将把预订 ABC123 改为 5 月 20 日的 HAT045 航班，经济舱，并加一件托运行李；差价 50 美元从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Cambiaré la reserva ABC123 al vuelo HAT045 del 20 de mayo en turista y añadiré una maleta facturada; la diferencia de 50 dólares se cargará a su Visa terminada en 7447. ¿Procedo?",
];

describe("judgeConsent: a card named by a brand the request did not name", () => {
  it("another brand, or a bank card, with the yes: unclear (EN, ZH, ES)", () => {
    check(rows(change, ["Yes, use my Mastercard.", "好的，用我的万事达卡。", "Sí, con mi Mastercard."], "unclear"));
    check(rows(change, ["Yes, but put it on my Amex.", "可以，不过用我的运通卡。", "Sí, pero cárguelo a mi Amex."], "unclear"));
    check(rows(change, ["Yes, use my debit card.", "好的，用我的银行卡。", "Sí, con mi tarjeta de débito."], "unclear"));
    check(rows(change, ["That'll do, but charge my Mastercard.", "这样就行，不过用我的万事达卡。", "Así está bien, pero con mi Mastercard."], "unclear"));
  });
  it("the card the request named: confirmed", () => {
    check(rows(change, ["Yes, use the Visa ending in 7447.", "好的，用尾号 7447 的 Visa 卡。", "Sí, con la Visa terminada en 7447."], "confirmed"));
  });
});

const onMastercard: Lang3 = [
  "I will change reservation ABC123 to flight HAT045 on May 20 in economy; the $50 difference goes on your Mastercard ending in 7447. Shall I proceed?",
  "我将把预订 ABC123 改为 5 月 20 日的 HAT045 航班，经济舱；差价 50 美元从尾号 7447 的万事达卡扣除。确认办理吗？",
  "Cambiaré la reserva ABC123 al vuelo HAT045 del 20 de mayo en turista; la diferencia de 50 dólares se cargará a su Mastercard terminada en 7447. ¿Procedo?",
];

describe("judgeConsent: a brand in another spelling (payment-method-lexicon.ts)", () => {
  it("the request's brand spelled in two words: confirmed (EN, ZH, ES)", () => {
    check(rows(onMastercard, ["Yes, put it on my master card.", "好的，用我的万事达卡。", "Sí, cárguelo a mi master card."], "confirmed"));
  });
  it("a brand spelled in two words that the request did not name: unclear (EN, ZH, ES)", () => {
    check(rows(change, ["Yes, but put it on my American Express.", "可以，不过用我的美国运通卡。", "Sí, pero con mi American Express."], "unclear"));
  });
});
