/**
 * Forms of agreement without a "yes" word: an acceptance said as a word of its own ("By all means.", "Deal.", "Approved.",
 * "就这么定了。", "没毛病。", "Trato hecho.", "Dale."), a judgement that the offer works ("Sounds like a plan.", "That'll work.",
 * "Me sirve."), an order to carry it out ("Make it happen.", "弄吧。", "Hágale."), a murmur of assent before a command ("嗯，取消吧",
 * "si cancélela porfa"). The near-misses say the same words with a restriction, a condition, a question, a doubt or another
 * object: still no consent. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancellation: Lang3 = [
  "I can cancel reservation QW7E2R (Chicago ORD → Denver DEN, June 12, round trip, 1 passenger). The full $412 will be refunded to your Visa ending 4410 within 5–7 business days. Shall I go ahead with the cancellation?",
  "我可以为您取消预订 QW7E2R（芝加哥 ORD → 丹佛 DEN，6月12日，往返，1位乘客）。$412 将在5–7个工作日内全额退回您尾号 4410 的 Visa 卡。请问确认取消吗？",
  "Puedo cancelar la reserva QW7E2R (Chicago ORD → Denver DEN, 12 de junio, ida y vuelta, 1 pasajero). Se reembolsarán los $412 completos a su Visa terminada en 4410 en 5 a 7 días hábiles. ¿Desea que proceda con la cancelación?",
];

const bag: Lang3 = [
  "I can add 1 checked bag to reservation WQ9D3B (HAT165, Phoenix → Denver, May 8) for $50, charged to your gift card gift_card_662014. Would you like me to add it?",
  "我可以为预订 WQ9D3B（HAT165，凤凰城 → 丹佛，5月8日）添加 1 件托运行李，费用 $50，从您的礼品卡 gift_card_662014 扣款。需要我为您添加吗？",
  "Puedo añadir 1 maleta facturada a su reserva WQ9D3B (HAT165, Phoenix → Denver, 8 de mayo) por $50, con cargo a su tarjeta de regalo gift_card_662014. ¿Desea que la añada?",
];

describe("judgeConsent: forms of agreement without a yes word", () => {
  it("an acceptance said as a word of its own: confirmed", () => {
    check(rows(cancellation, ["By all means.", "就这么定了。", "Dale."], "confirmed"));
    check(rows(cancellation, ["Deal.", "没毛病。", "Trato hecho."], "confirmed"));
    check(rows(bag, ["Approved.", "批准。", "Autorizado."], "confirmed"));
  });
  it("a judgement that the offer works, or an order to carry it out: confirmed", () => {
    check(rows(bag, ["Sounds like a plan.", "就按这个来吧。", "Me sirve."], "confirmed"));
    check(rows(bag, ["That'll work.", "按这个办吧。", "Me viene bien."], "confirmed"));
    check(rows(cancellation, ["Make it happen.", "弄吧。", "Hágale."], "confirmed"));
  });
  it("a murmur of assent before the request's own command: confirmed", () => {
    check(rows(cancellation, ["Uh-huh, cancel it.", "嗯，取消吧。", "si cancélela porfa"], "confirmed"));
    check(rows(bag, ["Mm-hmm, add it.", "嗯，添加吧。", "si añádala por favor"], "confirmed"));
  });
  it("near-miss: the same words with a restriction, a condition, a question or a doubt: unclear", () => {
    check(rows(cancellation, ["By all means, but not the return flight.", "就这么定了，不过回程别取消。", "Dale, pero no el vuelo de vuelta."], "unclear"));
    check(
      rows(
        cancellation,
        ["Deal, if the refund is the full $412.", "没毛病，只要全额退款就行。", "Trato hecho, si me devuelven los $412 completos."],
        "unclear",
      ),
    );
    check(
      rows(
        bag,
        ["Sounds like a plan, but can it go on my Visa instead?", "就按这个来吧，不过能换成刷信用卡吗？", "Me sirve, pero ¿lo pueden cargar a mi Visa?"],
        "unclear",
      ),
    );
    check(rows(bag, ["Approved? I guess.", "批准？我也不知道。", "¿Autorizado? No sé."], "unclear"));
    check(rows(cancellation, ["Uh-huh… I'm not sure.", "嗯……我不确定。", "Ajá… no sé."], "unclear"));
  });
  it("near-miss: the same words about something else: unclear", () => {
    check(rows(cancellation, ["Deal with it later.", "以后再弄吧。", "Dale una vuelta y me dices."], "unclear"));
    check(rows(bag, ["Make it happen for my wife's reservation too.", "也给我太太的预订弄吧。", "Hágale también a la reserva de mi esposa."], "unclear"));
    check(rows(bag, ["if you add it, let me know the total", "嗯，要是免费就加吧。", "si la añade, avíseme"], "unclear"));
  });
});
