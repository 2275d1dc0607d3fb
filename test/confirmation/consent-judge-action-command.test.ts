/**
 * A yes given without a yes word (issue 14, persona customers and terse replies): the request's own action said back as a
 * command ("Exchange it.", "取消吧", "Cancélela."), wrapped in an impatient customer's asides ("without further ado", "…, then
 * what?"). The blocking rows come first: what a hostile customer can hide in an imperative (another action, an addition, a
 * plural where one thing was put, a condition, another value, a third party, bare pressure) stays unclear or denied.
 * Hand-written rows (EN, ZH, ES); none is a corpus string.
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";

const cancel = {
  en: "I'll cancel reservation K7P2QD (Boston to Denver, June 9) and refund $184 to your Visa ending 3310. Shall I proceed?",
  zh: "我将为您取消预订 K7P2QD（6 月 9 日波士顿飞丹佛），并将 184 美元退回尾号 3310 的 Visa 卡。是否确认办理？",
  es: "Voy a cancelar la reserva K7P2QD (Boston a Denver, 9 de junio) y reembolsar 184 dólares a su Visa terminada en 3310. ¿Desea que proceda?",
};
const cancelBooking = "I'll cancel your booking K7P2QD and refund $184 to your Visa ending 3310. Shall I proceed?";
const exchange = {
  en: "Ready to submit: exchange the Trail Kettle (item 5520913847) for item 5520913999 (matte black); the $12.40 difference goes on your PayPal. Note that you won't be able to exchange the camping mug later. Reply YES to proceed.",
  zh: "准备为您办理换货：将水壶（商品 5520913847）更换为商品 5520913999（哑光黑），差价 12.40 美元从您的 PayPal 扣除。请回复“是”确认。",
};
const change =
  "I'll change your outbound flight to HAT217 on July 2; your return flight stays as booked. The $45 fare difference goes on your Mastercard ending 0912. Shall I proceed?";
const twoActions = {
  en: "I'll cancel reservation M3XQ7A and downgrade reservation T8LZ2C to economy. Shall I go ahead with both?",
  zh: "我将取消预订 M3XQ7A，并把预订 T8LZ2C 降为经济舱。两项都办理吗？",
  es: "Voy a cancelar la reserva M3XQ7A y bajar la reserva T8LZ2C a económica. ¿Procedo con ambas?",
};
const book =
  "I'm ready to book flight HAT088 from Miami to Chicago on August 14, economy, for Ana Ruiz, $212 on your Amex ending 7001. Reply YES to book as listed.";

const decide = (request: string, reply: string) => `${judgeConsent({ request, reply }).decision}: ${reply}`;
const notConfirmed = (request: string, reply: string) => expect(decide(request, reply)).not.toBe(`confirmed: ${reply}`);

describe("judgeConsent: what a command must not carry (written first)", () => {
  it("a command of the other family than the request's action: unclear ('Book it.' and 'Rebook it.' to a cancellation were false confirmations before)", () => {
    for (const [request, reply] of [
      [cancel.en, "Book it."],
      [cancelBooking, "Book it now."],
      [cancelBooking, "Rebook it."],
      [book, "Cancel it."],
      [cancel.es, "Resérvela."],
      [cancel.en, "Exchange it."],
      [change, "Return it."],
    ] as const)
      notConfirmed(request, reply);
  });
  it("a command that adds to the action, or refers to several things where one was put: unclear", () => {
    for (const [request, reply] of [
      [change, "Change the return flight too."],
      [change, "Change both."],
      [cancel.en, "Cancel them all."],
      [cancel.en, "Cancel both of them now."],
      [exchange.en, "Exchange it too."],
      [exchange.en, "Exchange the camping mug."],
      [cancel.zh, "帮我把另一个也取消吧。"],
      [cancel.es, "Cancélelas."],
    ] as const)
      notConfirmed(request, reply);
  });
  it("a command with a condition, another value, part of a multi-part request, a third party or a question: unclear", () => {
    for (const [request, reply] of [
      [cancel.en, "Cancel it if the refund is the full amount."],
      [cancel.en, "Cancel it on Friday instead."],
      [cancel.en, "Refund it to my Discover card."],
      [cancel.en, "My husband says cancel it."],
      [cancel.en, "Cancel it, then what about my hotel?"],
      [cancel.en, "Cancel it? then what?"],
      [cancel.en, "Cancel it without the refund."],
      [twoActions.en, "Cancel it."],
      [twoActions.en, "Cancel both."],
      [twoActions.zh, "取消吧。"],
      [twoActions.es, "Cancélela."],
      [cancel.zh, "取消吧，如果能全额退款的话。"],
      [cancel.zh, "我老公说取消吧。"],
      [cancel.es, "Cancélela si me devuelven todo."],
      [cancel.es, "Cancélela el lunes."],
    ] as const)
      notConfirmed(request, reply);
  });
  it("bare pressure without the action, and a refusal, are no go-ahead", () => {
    for (const [request, reply] of [
      [cancel.en, "Confirm, already."],
      [cancel.en, "Then what?"],
      [cancel.en, "Without further ado."],
    ] as const)
      notConfirmed(request, reply);
    expect(judgeConsent({ request: cancel.en, reply: "Don't cancel it, no rush." }).decision).toBe("denied");
    expect(judgeConsent({ request: cancel.zh, reply: "先别取消。" }).decision).toBe("denied");
  });
});

describe("judgeConsent: the request's action said back as a command is a go-ahead", () => {
  it("the verb of the request with its pronoun, 'as listed' or words of time: confirmed", () => {
    for (const [request, reply] of [
      [exchange.en, "Exchange it."],
      [exchange.en, "Submit it right away."],
      [exchange.en, "Okay then, exchange it as listed."],
      [book, "Book it immediately."],
      [change, "Change it."],
      [cancel.zh, "取消吧。"],
      [cancel.zh, "那就取消吧。"],
      [exchange.zh, "更换吧。"],
      [cancel.es, "Cancélela."],
      [cancel.es, "Cancela eso ya."],
    ] as const)
      expect(decide(request, reply)).toBe(`confirmed: ${reply}`);
  });
  it("an impatient customer's asides around the command: 'without further ado', '…, then what?' (EN/ZH/ES)", () => {
    for (const [request, reply] of [
      [book, "Book it now, without any more delay."],
      [book, "Book as listed, and then what?"],
      [cancel.en, "Cancel it right now, without further ado. I've waited long enough."],
      [cancel.zh, "取消吧，然后呢？"],
      [cancel.es, "Cancélela sin más demora."],
      [cancel.es, "Cancélela, ¿y luego qué?"],
    ] as const)
      expect(decide(request, reply)).toBe(`confirmed: ${reply}`);
  });
});
