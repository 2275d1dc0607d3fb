/**
 * A question about when the action's aftermath arrives, beside a yes ("How long will it take for the refund to show up?",
 * "退款多久能到账？", "¿Cuánto tarda en llegar el reembolso?"): it waits for the action to be done and changes nothing of it. The
 * near-misses ask about the action's own matter (the layover, the departure), offer alternatives or put a condition: still no
 * consent. Hand-written rows (EN, ZH, ES), not corpus strings.
 */
import { describe, it } from "vitest";
import { check, notConfirmed, rows, type Lang3 } from "./lang3-rows.js";

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

  const downgrade: Lang3 = [
    "I will downgrade reservation K4P9ZD from business to economy for both passengers; the fare difference of $380 will be refunded to your original payment method. Shall I proceed with the downgrade?",
    "我将把预订 K4P9ZD 的两位乘客从商务舱降为经济舱，差价 $380 退回原支付方式。确认办理降舱吗？",
    "Voy a bajar la reserva K4P9ZD de business a económica para los dos pasajeros; la diferencia de $380 se reembolsará al método de pago original. ¿Procedo con el cambio?",
  ];
  it("when the action itself is done ('how long will this take?'): confirmed; its subject is the action, not a thing of it", () => {
    check(rows(downgrade, ["Yes, please proceed. How long will this take?", "好的，请办理。多久能办好？", "Sí, adelante. ¿Cuánto tardará?"], "confirmed"));
    check(
      rows(
        downgrade,
        [
          "Yes, go ahead with the downgrade for both of us. How long will the process take? I need this resolved quickly.",
          "好的，两位都降舱吧。降舱多久能完成？",
          "Sí, proceda con el cambio para los dos. ¿Cuánto tardará el trámite?",
        ],
        "confirmed",
      ),
    );
    // a thing of the action (the flight), another action (an upgrade), a condition or an alternative still asks something
    check(
      rows(booking, ["Yes, book it. How long does the flight take?", "好的，预订吧。这个航班飞多久？", "Sí, resérvela. ¿Cuánto tarda el vuelo?"], "unclear"),
    );
    check(rows(downgrade, ["Yes. How long will the upgrade take?", "好的。升舱多久能办好？", "Sí. ¿Cuánto tardará la mejora?"], "unclear"));
    notConfirmed(downgrade, [
      "Yes, how long will it take if you cancel it instead?",
      "好的，如果改成取消的话要多久？",
      "Sí, ¿cuánto tardará si la cancela en vez de eso?",
    ]);
  });
});
