/**
 * A question about when the action's aftermath arrives, beside a yes ("How long will it take for the refund to show up?",
 * "退款多久能到账？", "¿Cuánto tarda en llegar el reembolso?"): it waits for the action to be done and changes nothing of it. The
 * near-misses ask about the action's own matter (the layover, the departure), offer alternatives or put a condition: still no
 * consent. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const cancellation: Lang3 = [
  "I can cancel reservation QW7E2R (Chicago ORD → Denver DEN, June 12, 1 passenger). The full $412 will be refunded to your Visa ending 4410. Shall I go ahead with the cancellation?",
  "我可以为您取消预订 QW7E2R（芝加哥 ORD → 丹佛 DEN，6月12日，1位乘客）。$412 将全额退回您尾号 4410 的 Visa 卡。请问确认取消吗？",
  "Puedo cancelar la reserva QW7E2R (Chicago ORD → Denver DEN, 12 de junio, 1 pasajero). Se reembolsarán los $412 completos a su Visa terminada en 4410. ¿Desea que proceda con la cancelación?",
];

const itemReturn: Lang3 = [
  "I can return the Trail Running Shoes (size 9, item 6614420981) from order #W7710352; the refund of $128.40 goes to your PayPal account and a return label will be emailed to you. Shall I submit the return?",
  "我可以为订单 #W7710352 办理退货：越野跑鞋（9码，商品 6614420981），退款 $128.40 退回您的 PayPal 账户，退货标签会通过邮件发给您。确认提交退货吗？",
  "Puedo devolver las zapatillas de trail (talla 9, artículo 6614420981) del pedido #W7710352; el reembolso de $128.40 irá a su cuenta de PayPal y le enviaremos la etiqueta de devolución por correo. ¿Desea que tramite la devolución?",
];

const booking: Lang3 = [
  "Here is the booking: HAT210 JFK → MIA on June 4, connecting in ATL, economy, 1 passenger (Ana Ruiz), $240 charged to your Visa ending 1187. Shall I book it?",
  "预订信息：HAT210 纽约 JFK → 迈阿密 MIA，6月4日，经亚特兰大 ATL 中转，经济舱，1位乘客（Ana Ruiz），$240 从尾号 1187 的 Visa 卡扣款。需要我为您预订吗？",
  "Esta es la reserva: HAT210 JFK → MIA el 4 de junio, con escala en ATL, económica, 1 pasajera (Ana Ruiz), $240 con cargo a su Visa terminada en 1187. ¿Desea que la reserve?",
];

describe("judgeConsent: a question about when the aftermath arrives, beside a yes", () => {
  it("when the refund, the label or the confirmation arrives: confirmed", () => {
    check(
      rows(
        cancellation,
        [
          "Yes, please cancel it. How long will it take for the refund to show up?",
          "好的，请取消。退款多久能到账？",
          "Sí, cancélela. ¿Cuánto tarda en llegar el reembolso?",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        itemReturn,
        [
          "Go ahead with the return. When should I expect the label?",
          "好的，请办理退货。退货标签大概多久能收到？",
          "Sí, tramite la devolución. ¿Cuándo recibiré la etiqueta?",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        booking,
        [
          "Yes, book it. When will I get the confirmation email?",
          "好的，预订吧。确认邮件什么时候能收到？",
          "Sí, resérvela. ¿Cuándo me llega el correo de confirmación?",
        ],
        "confirmed",
      ),
    );
  });
  it("near-miss: a question about the action's own matter, with alternatives or a condition: unclear", () => {
    check(rows(booking, ["Yes, book it. How long is the layover?", "好的，预订吧。中转要等多久？", "Sí, resérvela. ¿Cuánto dura la escala?"], "unclear"));
    check(rows(booking, ["Yes, book it. When does the flight leave?", "好的，预订吧。航班什么时候起飞？", "Sí, resérvela. ¿Cuándo sale el vuelo?"], "unclear"));
    check(
      rows(
        cancellation,
        [
          "Yes, cancel it. When will the refund arrive, on my card or as a voucher?",
          "好的，取消吧。退款什么时候到，退到卡里还是代金券？",
          "Sí, cancélela. ¿Cuándo llega el reembolso, a la tarjeta o como bono?",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        cancellation,
        ["Yes — how long will the refund take if I cancel today?", "好的，如果今天取消，退款多久到账？", "Sí, ¿cuánto tarda el reembolso si cancelo hoy?"],
        "unclear",
      ),
    );
    check(rows(cancellation, ["Yes — wait, is that refundable?", "好的——等等，能退款吗？", "Sí… espere, ¿es reembolsable?"], "unclear"));
  });
});
