/**
 * A request whose one action is a hand-off to a person: asking for that person, in the request's words or others ("connect me with
 * an agent"), answers it. "Other issues" in the request is a noun, no second action. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const transferOnly: Lang3 = [
  "I'm sorry, the seat fee can't be refunded under our policy. If you have other issues I can't assist with, I can transfer you to a human agent. Please confirm if you'd like to be transferred.",
  "很抱歉，按照规定选座费不能退。如果还有其他我无法处理的问题，我可以为您转接人工客服。请确认是否需要转接。",
  "Lo siento, la tarifa del asiento no es reembolsable. Si tiene otros asuntos que no puedo atender, puedo transferirle con un agente humano. Confirme si desea que le transfiera.",
];
const offersTransfer: Lang3 = [
  "I can't change a basic economy ticket. Would you like me to transfer you to a human agent for further assistance?",
  "基础经济舱机票无法更改。需要我为您转接人工客服吗？",
  "No puedo cambiar un billete de economía básica. ¿Desea que le transfiera con un agente humano?",
];
const cancel: Lang3 = [
  "I'll cancel reservation QX81LM and refund $240 to your original card. Shall I proceed?",
  "我将取消预订 QX81LM，并把 240 美元退回您原来的卡。确认办理吗？",
  "Voy a cancelar la reserva QX81LM y reembolsar 240 dólares a su tarjeta original. ¿Procedo?",
];

describe("judgeConsent: asking for the person the request offers to transfer to", () => {
  it("asking for the transfer after a request that mentions 'other issues': confirmed", () => {
    check(
      rows(
        transferOnly,
        [
          "That's disappointing, but I'd still like to discuss it. Could you please transfer me to a human agent?",
          "好的，请帮我转人工客服。",
          "Sí, por favor, transfiérame con un agente humano.",
        ],
        "confirmed",
      ),
    );
  });
  it("'could you connect me with an agent?' to an offered transfer: confirmed", () => {
    check(
      rows(
        offersTransfer,
        ["Yes, please. Could you connect me with a human agent?", "好的，麻烦转接人工客服。", "Sí, por favor, transfiérame con un agente humano."],
        "confirmed",
      ),
    );
  });
  it("near-miss: the same ask to a request that put a cancellation: unclear", () => {
    check(
      rows(cancel, ["Yes. Could you connect me with a human agent?", "好的。帮我转人工客服。", "Sí. ¿Me puede transferir con un agente humano?"], "unclear"),
    );
  });
  it("near-miss: the transfer and another action beside it: unclear", () => {
    check(
      rows(
        offersTransfer,
        [
          "Yes, could you connect me with an agent and also refund my seat fee?",
          "好的，转人工客服，另外把我的选座费退了。",
          "Sí, transfiérame con un agente y además reembólseme la tarifa del asiento.",
        ],
        "unclear",
      ),
    );
  });
});
