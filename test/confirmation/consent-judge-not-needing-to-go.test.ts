/**
 * The user no longer needing to go ("so I won't need to travel at all", "ya no necesitamos viajar", "所以我们不用去了"), told beside a
 * yes to a cancellation, is the reason for it, as "we're not going" already was: "won't need to travel" was read as a negation of
 * something the request did not say. Beside a booking, a bag or a change it may still set what is booked, and stays unclear; so
 * does someone else not going where the request names who travels. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

const cancel: Lang3 = [
  "I'll cancel reservation TR60KD (Seattle to Phoenix, October 14) and refund $402 to your Amex ending 1009. Shall I go ahead?",
  "我将取消预订 TR60KD（西雅图到凤凰城，10月14日），并把 $402 退回尾号 1009 的运通卡。要我办理吗？",
  "Cancelaré la reserva TR60KD (Seattle a Phoenix, 14 de octubre) y reembolsaré $402 a su Amex terminada en 1009. ¿Procedo?",
];

const bag: Lang3 = [
  "I'll add one checked bag to reservation TR60KD for $35 on your Amex ending 1009. Shall I go ahead?",
  "我将为预订 TR60KD 添加一件托运行李，$35 从尾号 1009 的运通卡扣。要我办理吗？",
  "Añadiré una maleta facturada a la reserva TR60KD por $35 a su Amex terminada en 1009. ¿Procedo?",
];

describe("no longer needing to go, beside a yes to a cancellation", () => {
  it("the reason for it: confirmed", () => {
    check([
      ...rows(
        cancel,
        [
          "Yes, please cancel it. My meeting went virtual, so we won't need to travel anymore.",
          "好的，取消吧。我的会议在线上开了，我们不用去了。",
          "Sí, cancélela. Mi reunión será virtual, así que ya no necesitamos viajar.",
        ],
        "confirmed",
      ),
      ...rows(
        cancel,
        ["Go ahead and cancel. I don't have to fly out there after all.", "确认取消。我不必飞过去了。", "Adelante, cancélela. Al final no tengo que volar."],
        "confirmed",
      ),
    ]);
  });
});

describe("the same words where they may set the booking", () => {
  it("beside a yes to add a bag: not confirmed", () => {
    notConfirmed(bag, ["Yes, add it. We won't need to travel light after all.", "好的，加吧。我们不用去了。", "Sí, añádala. Ya no necesitamos viajar."]);
  });
  it("someone else no longer going, or the trip still on: not confirmed", () => {
    notConfirmed(cancel, [
      "Yes, cancel it, but my sister still needs to travel that day.",
      "好的，取消吧，但我妹妹那天还是要去。",
      "Sí, cancélela, pero mi hermana todavía necesita viajar ese día.",
    ]);
  });
});
