/**
 * A negation about the user's life beside a yes ("My boss won't approve my leave", "我坐着根本睡不着", "No puedo dormir sentado"):
 * a fact of the user's world with a subject of its own, naming nothing the action could be about, negates nothing of the action.
 * The near-misses negate the action's own matter (a part of it, a detail, the offer itself, a traveller), give an order, state the
 * user's own wish or readiness: still no consent. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancellation: Lang3 = [
  "I can cancel reservation QW7E2R (Chicago ORD → Denver DEN, June 12, round trip, 1 passenger). The full $412 will be refunded to your Visa ending 4410 within 5–7 business days. Shall I go ahead with the cancellation?",
  "我可以为您取消预订 QW7E2R（芝加哥 ORD → 丹佛 DEN，6月12日，往返，1位乘客）。$412 将在5–7个工作日内全额退回您尾号 4410 的 Visa 卡。请问确认取消吗？",
  "Puedo cancelar la reserva QW7E2R (Chicago ORD → Denver DEN, 12 de junio, ida y vuelta, 1 pasajero). Se reembolsarán los $412 completos a su Visa terminada en 4410 en 5 a 7 días hábiles. ¿Desea que proceda con la cancelación?",
];

const itemReturn: Lang3 = [
  "I can return the Trail Running Shoes (size 9, item 6614420981) from your delivered order #W7710352. The refund of $128.40 goes to your PayPal account. Shall I submit the return?",
  "我可以为您已送达的订单 #W7710352 办理退货：越野跑鞋（9码，商品 6614420981）。退款 $128.40 将退回您的 PayPal 账户。确认提交退货吗？",
  "Puedo devolver las zapatillas de trail (talla 9, artículo 6614420981) de su pedido entregado #W7710352. El reembolso de $128.40 irá a su cuenta de PayPal. ¿Desea que tramite la devolución?",
];

const upgrade: Lang3 = [
  "I can upgrade reservation LK4M2T (HAT301 Boston → Seattle, July 3, 1 passenger: Nora Quinn) from economy to business for $389, charged to your Mastercard ending 2231. Would you like me to proceed?",
  "我可以把预订 LK4M2T（HAT301 波士顿 → 西雅图，7月3日，1位乘客：Nora Quinn）从经济舱升到商务舱，费用 $389，从您尾号 2231 的万事达卡扣款。需要我为您办理吗？",
  "Puedo pasar la reserva LK4M2T (HAT301 Boston → Seattle, 3 de julio, 1 pasajera: Nora Quinn) de económica a business por $389, con cargo a su Mastercard terminada en 2231. ¿Desea que proceda?",
];

describe("judgeConsent: a negation about the user's life beside a yes", () => {
  it("the user's body, job or household, said with a subject of its own: confirmed", () => {
    check(
      rows(
        cancellation,
        [
          "Yes, please cancel it. My knee still can't take long walks after the surgery.",
          "好的，请取消。我膝盖做完手术到现在都没法久站。",
          "Sí, cancélela. Mi rodilla todavía no aguanta caminar mucho después de la operación.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        cancellation,
        [
          "Go ahead and cancel. My boss won't approve my leave.",
          "确认取消。公司那边我实在走不开。",
          "Sí, adelante con la cancelación. Mi jefe no me deja salir de la oficina.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        cancellation,
        [
          "Yes, I confirm the cancellation. Our dog sitter can't look after him anymore.",
          "我确认取消。我们一直没找到人帮忙照顾狗。",
          "Sí, confirmo la cancelación. Nunca encontramos quien cuidara a nuestra gata.",
        ],
        "confirmed",
      ),
    );
  });
  it("someone else's taste or advice, or the user's habits, beside a yes to a return or an upgrade: confirmed", () => {
    check(
      rows(
        itemReturn,
        [
          "Yes, please submit the return. My daughter didn't like the colour at all.",
          "好的，请办理退货。我女儿一点也不喜欢那种颜色。",
          "Sí, tramite la devolución. A mi hija no le gustó nada el color.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        upgrade,
        [
          "Yes, please proceed with the upgrade. I can't sleep sitting upright.",
          "好的，请帮我办理升舱。我坐着根本睡不着。",
          "Sí, proceda con el cambio. No puedo dormir sentada.",
        ],
        "confirmed",
      ),
    );
  });
  it("near-miss: the negation is of the action's own matter, an order, the offer itself or a traveller: unclear", () => {
    check(
      rows(
        cancellation,
        ["Yes, cancel it, but not the return flight.", "好的，取消吧，但是回程不要取消。", "Sí, cancélela, pero no el vuelo de vuelta."],
        "unclear",
      ),
    );
    check(rows(cancellation, ["Yes, cancel it. I can't afford it.", "好的，取消吧。这个我负担不起。", "Sí, cancélela. Nunca la usé."], "unclear"));
    check(
      rows(
        cancellation,
        ["Yes, cancel. I don't want the refund on my card.", "好的，取消吧。我不要退款到卡上。", "Sí, cancele. No me devuelva el dinero a la tarjeta."],
        "unclear",
      ),
    );
    check(
      rows(
        itemReturn,
        ["Yes, go ahead. I'm not ready to send them back yet.", "好的，办吧。我还没准备好寄回去。", "Sí, adelante. Todavía no estoy lista para enviarlas."],
        "unclear",
      ),
    );
    check(rows(upgrade, ["Yes, go ahead. I can't afford much right now.", "好的，升舱吧。我付不起。", "Sí, proceda. No me alcanza el dinero."], "unclear"));
    check(rows(upgrade, ["Yes, go ahead. My wife isn't coming though.", "好的，办吧。我太太不去了。", "Sí, adelante. Mi esposa no viaja."], "unclear"));
    check(
      rows(
        upgrade,
        ["Yes, upgrade it. My card doesn't have $389 on it.", "好的，升舱吧。我的卡里没有 389 美元。", "Sí, proceda. Mi tarjeta no tiene $389."],
        "unclear",
      ),
    );
  });
});
