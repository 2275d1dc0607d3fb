/**
 * How people type a yes in a hurry (issue 14 item 2: real replies, not our fixed lines): a swapped
 * pair of letters in a word the request used or in a go-ahead ("chnage", "go ahaed"), Spanish "si"
 * without its accent as the opening yes ("si, cancélelo"), "porfa" for "por favor", and the Chinese
 * apology idiom 不好意思 ("sorry to trouble you"), which negates nothing. Hand-written rows (EN, ZH,
 * ES) with the near-misses that must stay unclear: a typo of a word the request never used, a typo
 * beside a changed detail, a conditional "si", an apology that takes the yes back.
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const change: Lang3 = [
  "I will change reservation ABC123 to flight HAT045 on May 20 in economy; the $50 difference goes on your Visa ending in 7447. Shall I proceed with the change?",
  "我将把预订 ABC123 改为 5 月 20 日的 HAT045 航班，经济舱，差价 50 美元从尾号 7447 的 Visa 卡扣除。确认办理吗？",
  "Cambiaré la reserva ABC123 al vuelo HAT045 del 20 de mayo en turista; la diferencia de 50 dólares se cargará a su Visa terminada en 7447. ¿Procedo con el cambio?",
];
const cancel: Lang3 = [
  "I will cancel order #W1234567 (a coffee maker and headphones); the $302.15 refund goes back to your card ending 4471. Do you want me to proceed with the cancellation?",
  "我将取消订单 #W1234567（咖啡机和耳机），302.15 美元退回尾号 4471 的卡。要我办理取消吗？",
  "Cancelaré el pedido #W1234567 (la cafetera y los auriculares); el reembolso de 302.15 dólares vuelve a su tarjeta terminada en 4471. ¿Procedo con la cancelación?",
];

describe("judgeConsent: informal spelling around a plain yes", () => {
  it("a swapped pair of letters in the request's own word or in a go-ahead: confirmed", () => {
    check(rows(change, ["yes pls proceed with the chnage, thx", "好的，请办理，谢谢", "si, proceda con el cmabio porfa"], "confirmed"));
    check(rows(cancel, ["yes go ahaed with the cancelaltion, thank u", "好的，取消吧，不好意思麻烦你了", "si, cancélelo todo porfa, gracias"], "confirmed"));
  });
  it("a typo of a word the request never used, or beside a changed detail: unclear", () => {
    check(rows(change, ["yes pls proceed, and add the isnurance too", "好的，请办理，再加上保险", "si, proceda y añada el sgeuro también"], "unclear"));
    check(rows(change, ["yes go ahaed but put it on my Mastercard", "好的，不过用我的万事达卡付", "si, proceda porfa pero con mi Mastercard"], "unclear"));
  });
  it("a conditional 'si', or an apology that takes the yes back: not confirmed", () => {
    check(
      rows(
        cancel,
        ["yes, if the refund gets to my card before Friday", "好的，如果退款周五前能到账的话", "si el reembolso llega antes del viernes, cancélelo"],
        "unclear",
      ),
    );
  });
  it("an apology that takes the yes back: denied", () => {
    // 不好意思 is courtesy, not the refusal: the refusal after it still counts
    for (const reply of ["不好意思，我还是不取消了", "不好意思，先别取消"]) expect(judgeConsent({ request: cancel[1], reply }).decision).toBe("denied");
  });
});
