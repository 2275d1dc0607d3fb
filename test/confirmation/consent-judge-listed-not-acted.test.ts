/**
 * Issue 14, items 2–3: a request that lists several of the user's bookings or orders and acts on
 * one ("you have two reservations: … I'll cancel Q4T7LM only") puts no action on the others. A
 * reply that names another listed booking ("cancel ZR82KD"), tells it by its date ("the May 30
 * one") or says "both" agrees to an action that was not put: unclear. Found by the lead's red-team
 * probes on main (the judge confirmed "cancel <the other code>" because the code is in the request).
 * With the pending action given, the booking acted on is its `reservation_id` / `order_id`; from the
 * text alone, only a proposing sentence that says it leaves the others out ("only", 只, "solo")
 * tells it. Hand-written EN/ZH/ES rows.
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const twoBookings: Lang3 = [
  "I found two reservations under your profile: Q4T7LM (May 12, Boston to Miami) and ZR82KD (May 30, Miami to Boston). I'll cancel Q4T7LM only, with the $180 refund going back to your Amex ending 1009. Shall I go ahead?",
  "您名下有两个预订：Q4T7LM（5月12日，波士顿→迈阿密）和 ZR82KD（5月30日，迈阿密→波士顿）。我将只取消 Q4T7LM，180美元退回您尾号1009的美国运通卡。可以办理吗？",
  "Encontré dos reservas a su nombre: Q4T7LM (12 de mayo, Boston a Miami) y ZR82KD (30 de mayo, Miami a Boston). Voy a cancelar solo la Q4T7LM; el reembolso de 180 dólares vuelve a su Amex terminada en 1009. ¿Procedo?",
];
const twoOrders: Lang3 = [
  "You have two pending orders, #W7302118 (a desk fan) and #W7302245 (a rug). I'll cancel #W7302118 only, refund to your original PayPal. Do you want me to proceed?",
  "您有两个待处理订单：#W7302118（台式风扇）和 #W7302245（地毯）。我会只取消 #W7302118，款项退回原PayPal。要继续吗？",
  "Tiene dos pedidos pendientes: #W7302118 (un ventilador) y #W7302245 (una alfombra). Voy a cancelar solo el #W7302118, con reembolso a su PayPal original. ¿Desea que proceda?",
];

describe("a reply about a booking or order the request lists but does not act on", () => {
  it("names the other one, tells it by its date, or says both: unclear", () => {
    check([
      ...rows(twoBookings, ["Please cancel ZR82KD.", "取消 ZR82KD 吧。", "Cancele la ZR82KD, por favor."], "unclear"),
      ...rows(twoBookings, ["Yes, cancel the May 30 one.", "好的，取消5月30日那个。", "Sí, cancele la del 30 de mayo."], "unclear"),
      ...rows(twoBookings, ["Yes, cancel both please.", "好的，两个都取消。", "Sí, cancele las dos."], "unclear"),
      ...rows(twoOrders, ["Go ahead and cancel #W7302245.", "取消 #W7302245。", "Cancele el #W7302245."], "unclear"),
      ...rows(
        twoOrders,
        ["Yes, cancel #W7302118 and #W7302245.", "好的，取消 #W7302118 和 #W7302245。", "Sí, cancele el #W7302118 y el #W7302245."],
        "unclear",
      ),
    ]);
  });

  it("names the one acted on, or no booking at all: confirmed", () => {
    check([
      ...rows(twoBookings, ["Yes, cancel Q4T7LM please.", "好的，取消 Q4T7LM。", "Sí, cancele la Q4T7LM."], "confirmed"),
      ...rows(twoBookings, ["Yes, the May 12 one, go ahead.", "好的，就是5月12日那个，办吧。", "Sí, la del 12 de mayo, adelante."], "confirmed"),
      ...rows(twoOrders, ["Yes, go ahead.", "好的，继续。", "Sí, proceda."], "confirmed"),
    ]);
  });

  it("with the pending action given, the booking acted on is its reservation_id, even where the text does not say 'only'", () => {
    const request =
      "You have two reservations: Q4T7LM (May 12) and ZR82KD (May 30). Cancelling Q4T7LM refunds $180 to your Amex ending 1009. Would you like me to cancel it?";
    const action = { tool: "cancel_reservation", args: { reservation_id: "Q4T7LM", reason: "change of plan" } };
    const decide = (reply: string) => judgeConsent({ request, reply, action }).decision;
    expect(["Cancel ZR82KD.", "Yes, the May 30 one.", "Yes, both.", "取消 ZR82KD。", "Sí, la ZR82KD."].map(decide)).toEqual(Array(5).fill("unclear"));
    expect(["Yes, cancel Q4T7LM.", "Yes, go ahead.", "好的，取消吧。", "Sí, cancélela."].map(decide)).toEqual(Array(4).fill("confirmed"));
    // the same text with the other booking as the pending action: the reply naming Q4T7LM no longer fits it
    const other = { tool: "cancel_reservation", args: { reservation_id: "ZR82KD", reason: "change of plan" } };
    expect(judgeConsent({ request, reply: "Yes, cancel Q4T7LM.", action: other }).decision).toBe("unclear");
  });

  it("from the text alone, a sentence naming one booking without leaving the others out decides nothing here", () => {
    const request =
      "You have two reservations: Q4T7LM (May 12) and ZR82KD (May 30). I can see Q4T7LM is refundable. Which one would you like me to cancel, and shall I proceed?";
    // no proposing sentence says "only": which one is acted on is not told, so this check does not fire (the which-question decides)
    const v = judgeConsent({ request, reply: "Cancel ZR82KD please." });
    expect(v.reasons.join(" ")).not.toMatch(/lists but does not act on/);
  });
});
