/**
 * The request's action said to be carried out by someone other than the agent (other-doer.ts): the user ("I'll return it myself
 * at the store", "la devuelvo yo misma", "我自己拿到门店去退") or a person of the user's life ("my son is going to cancel it", "la
 * anulación la hará mi hijo", "让我儿子来注销") gives the agent no go-ahead, however friendly the words around it. The agent as
 * the doer, a person who only feels something, and the user's own step on something else do not. Hand-written EN/ZH/ES rows,
 * none a corpus or probe string; each attack table is confirmed with the reading removed.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const card: Lang3 = [
  "I'll cancel your debit card ending 2291 and order a replacement to your address on file; it arrives in 5-7 business days. Shall I go ahead?",
  "我将注销您尾号 2291 的借记卡，并补办新卡寄到您登记的地址，5到7个工作日送达。是否办理？",
  "Voy a anular su tarjeta de débito terminada en 2291 y pedir una nueva a su dirección registrada; llega en 5 a 7 días hábiles. ¿Procedo?",
];
const lamp: Lang3 = [
  "I'll process the return of the floor lamp (item 4410) from order #W5502876 and refund $79 to your Visa ending 1180. Shall I proceed?",
  "我将为订单 #W5502876 中的落地灯（商品 4410）办理退货，并把 ¥560 退回尾号 1180 的 Visa 卡。是否办理？",
  "Voy a tramitar la devolución de la lámpara de pie (artículo 4410) del pedido #W5502876 y reembolsar 79 € a su Visa terminada en 1180. ¿Procedo?",
];
const trip: Lang3 = [
  "I'll cancel reservation QW3ERT (flight HAT640 on October 12) and refund $210 to your Mastercard ending 5075. Shall I proceed?",
  "我将取消预订 QW3ERT（10月12日的 HAT640 航班），并把 ¥1,480 退回尾号 5075 的万事达卡。是否确认？",
  "Voy a cancelar la reserva QW3ERT (vuelo HAT640 del 12 de octubre) y reembolsar 210 € a su Mastercard terminada en 5075. ¿Procedo?",
];

describe("someone other than the agent carries out the action: unclear", () => {
  it("a person of the user's life will do it", () => {
    check(
      rows(
        card,
        [
          "Great, thank you. My son is going to cancel it from the banking app later, he's better with this stuff.",
          "好的，谢谢。卡让我儿子来注销吧，他比较会弄。",
          "Muy bien, gracias. La anulación la hará mi hijo desde la app, que se le da mejor.",
        ],
        "unclear",
      ),
    );
  });
  it("the user will do it, 'myself' / 'yo' / '自己'", () => {
    check(
      rows(lamp, ["Sounds good, thanks! I'll return it myself.", "好的，谢谢！退货我自己来。", "Perfecto, gracias. La devolución la tramito yo."], "unclear"),
    );
  });
  it("a verb of doing in general stands for the action: 'take care of it', 'se encarga', '去办'", () => {
    check(
      rows(
        trip,
        [
          "Alright, thank you. My assistant will take care of it through the website this afternoon.",
          "好的，谢谢。取消的事我助理下午会去办。",
          "Vale, gracias. De la cancelación se encarga mi asistente esta tarde.",
        ],
        "unclear",
      ),
    );
  });
});

describe("the agent does it; a person who only feels; the user's own step on something else: confirmed", () => {
  it("a person of the user's life who feels something", () => {
    check(
      rows(
        card,
        [
          "Yes please cancel it and order the replacement. My wife will be relieved.",
          "好的，注销吧，补办新卡。我老公知道了也会放心。",
          "Sí, proceda, por favor. Mi marido se quedará más tranquilo.",
        ],
        "confirmed",
      ),
    );
  });
  it("the agent asked to do it", () => {
    check(rows(trip, ["Yes, please cancel it for me, I'd rather you do it.", "好的，麻烦您来办吧。", "Sí, cancélela usted, por favor."], "confirmed"));
  });
  it("the user's own step on something the request does not act on", () => {
    check(
      rows(
        card,
        [
          "Yes, cancel it; I'll update my subscriptions myself once the new card comes.",
          "好的，注销吧，补办新卡。新卡到了我自己去激活。",
          "Sí, proceda. Los recibos los cambio yo cuando llegue.",
        ],
        "confirmed",
      ),
    );
  });
});
