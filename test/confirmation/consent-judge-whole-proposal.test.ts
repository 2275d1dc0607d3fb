/**
 * "That will do" for the whole proposal. Chinese "就行 / 就好" after a demonstrative of the proposal
 * ("这样就行", "按您说的就行") or a generic do-verb ("直接办理就行") takes all of it; after a part of the
 * proposal ("改航班就行", "加一件行李就好") it keeps that part only, as before. English "that'll do" and
 * Spanish "así" ("hágalo así") likewise. Hand-written rows (EN, ZH, ES), with the near-misses.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const change: Lang3 = [
  "I will change reservation ABC123 to flight HAT045 on May 20 in economy and add one checked bag; the $50 difference goes on your Visa ending in 7447. Shall I proceed?",
  "我将把预订 ABC123 改为 5 月 20 日的 HAT045 航班，经济舱，并加一件托运行李；差价 50 美元从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Cambiaré la reserva ABC123 al vuelo HAT045 del 20 de mayo en turista y añadiré una maleta facturada; la diferencia de 50 dólares se cargará a su Visa terminada en 7447. ¿Procedo?",
];

describe("judgeConsent: 'that will do' for the whole proposal", () => {
  it("a demonstrative of the proposal or a generic do-verb before 就行/就好: confirmed", () => {
    check(rows(change, ["That'll do, go ahead.", "这样就行。", "Así está bien, adelante."], "confirmed"));
    check(rows(change, ["Yes, do it just like that.", "按您说的就行。", "Sí, hágalo así."], "confirmed"));
    check(rows(change, ["Sure, just go ahead and process it.", "直接办理就行。", "Sí, tramítelo así."], "confirmed"));
    check(rows(change, ["OK, that's fine, go ahead.", "好的，这样就好。", "Vale, está bien, proceda."], "confirmed"));
  });
  it("就行/就好 after a part of the proposal, or with a restriction, a question or a refusal: not a confirmation", () => {
    check(rows(change, ["Just the flight change is enough, skip the bag.", "改航班就行，行李先不加。", "Solo el cambio de vuelo, sin la maleta."], "unclear"));
    check(rows(change, ["Only the bag, please.", "加一件行李就好。", "Solo la maleta, por favor."], "unclear"));
    check(rows(change, ["That's fine for now.", "暂时这样就行。", "Por ahora está bien."], "unclear"));
    check(
      rows(change, ["That'll do for the flight, but not the bag.", "航班这样就行，行李不要了。", "Así está bien el vuelo, pero sin la maleta."], "unclear"),
    );
    check(rows(change, ["That'll do?", "这样就行吗？", "¿Así está bien?"], "unclear"));
  });
});
