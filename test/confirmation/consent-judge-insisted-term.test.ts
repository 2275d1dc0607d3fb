/**
 * A term the user insists on or demands beside the yes ("I insist on a full refund", "exijo", "我坚持要") is a condition:
 * the action as described may not give it. Found as a false confirmation on real replies (real-replies-7, r7-030: "I insist
 * on a full refund for this cancellation… Please proceed with the cancellation"). Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "Reservation TT54KW (Chicago to Austin, August 8) is outside the 24-hour window and has no insurance, so cancelling it refunds only the $35 in taxes to your Amex ending 1009. Do you want me to cancel it?",
  "预订 TT54KW（芝加哥飞奥斯汀，8 月 8 日）已超过 24 小时且没有保险，取消后只退还 $35 税费到尾号 1009 的 Amex 卡。要我为您取消吗？",
  "La reserva TT54KW (Chicago a Austin, 8 de agosto) está fuera de las 24 horas y no tiene seguro, así que al cancelarla solo se reembolsan $35 de impuestos a su Amex terminada en 1009. ¿Desea que la cancele?",
];

describe("a term the user insists on", () => {
  it("a yes that insists on or demands another term: unclear", () => {
    check([
      ...rows(
        cancel,
        ["Cancel it, but I insist that the whole fare comes back to me.", "取消吧，但我坚持要退全款。", "Cancélela, pero insisto en que me devuelvan todo."],
        "unclear",
      ),
      ...rows(
        cancel,
        ["Go ahead. I demand a full refund as a gold member.", "可以，取消吧，我要求全额退款。", "Adelante. Exijo el reembolso completo por ser cliente oro."],
        "unclear",
      ),
    ]);
  });
  it("the same yes without a demand: confirmed", () => {
    check(rows(cancel, ["Yes, cancel it. Thanks for explaining.", "好的，取消吧，谢谢说明。", "Sí, cancélela. Gracias por explicarlo."], "confirmed"));
  });
});

/**
 * A yes held until something is shown first: "…before I authorize any charge", "antes de autorizar", "授权之前". Found as a
 * false confirmation on real replies (real-replies-7, r7-013, unlicensed: "Please transfer me to a human agent. I need the
 * exact total confirmed before I authorize any charge." was read as a yes to the change, "transfer" and "confirmed" as
 * agreement).
 */
describe("a yes held until before the user authorizes", () => {
  const openCharge: Lang3 = [
    "The system can't quote the exact difference for changing reservation QW12ER to HAT204 (June 9, business) before it's processed: the charge is applied on confirmation. If you're comfortable with that, reply yes. If you need a guaranteed total before authorizing any charge, I can transfer you to a human agent. How would you like to proceed?",
    "系统无法在办理前报出把预订 QW12ER 改到 HAT204（6 月 9 日，商务舱）的确切差价：确认后才扣款。如果您接受，请回复“是”。如果您需要在授权之前知道确切金额，我可以为您转接人工客服。您想怎么处理？",
    "El sistema no puede cotizar la diferencia exacta de cambiar la reserva QW12ER al HAT204 (9 de junio, business) antes de procesarla: el cargo se aplica al confirmar. Si le parece bien, responda sí. Si necesita un total garantizado antes de autorizar el cargo, puedo pasarle con un agente humano. ¿Cómo desea proceder?",
  ];

  it("a reply that wants something shown before it authorizes: unclear", () => {
    check(
      rows(
        openCharge,
        [
          "Please transfer me to a human agent. I need the exact total confirmed before I authorize any charge.",
          "好的，转人工吧，授权之前我需要知道确切金额。",
          "Sí, páseme con un agente, necesito el total exacto antes de autorizar el cargo.",
        ],
        "unclear",
      ),
    );
  });
});
