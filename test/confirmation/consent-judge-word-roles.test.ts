/**
 * Issue 14, recall on wording nobody tuned on: single words read out of their role. A time already past
 * dates a story and is no value; a well-wish or a compliment is courtesy; an ellipsis inside a story
 * told before the yes is the story's pause; Spanish "si" without its accent before "por favor" is "sí";
 * Chinese "…就行" after a request with one of everything settles it; "the only option" concedes; a
 * letter left out is a typing slip; the user not going any more explains a cancellation. Hand-written
 * EN/ZH/ES rows, the near-misses (which must stay unclear) written before the rules.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const address: Lang3 = [
  "I'll update the shipping address of pending order #W1092119 to 445 Maple Drive, Suite 3, Fort Worth, TX 76101. Do you want me to make this change?",
  "我将把待发货订单 #W1092119 的收货地址改为 445 Maple Drive, Suite 3, Fort Worth, TX 76101。确认修改吗？",
  "Cambiaré la dirección de envío del pedido pendiente #W1092119 a 445 Maple Drive, Suite 3, Fort Worth, TX 76101. ¿Desea que haga el cambio?",
];
const bags: Lang3 = [
  "Would you like me to add 2 checked bags to reservation PZ71HB for $50, charged to your Visa ending 2208?",
  "需要我为预订 PZ71HB 添加 2 件托运行李吗？费用 $50，从尾号 2208 的 Visa 卡扣除。",
  "¿Desea que añada 2 maletas facturadas a la reserva PZ71HB por $50, cargados a su Visa terminada en 2208?",
];
const cancel: Lang3 = [
  "Shall I cancel reservation M8QW2E (DTW → LAS, May 25, 1 passenger)? The $219 refund goes back to your gift card.",
  "您是否确认取消预订 M8QW2E（DTW → LAS，5月25日，1位乘客）？退款 $219 将原路退回到您的礼品卡。",
  "¿Confirma que cancelo la reserva M8QW2E (DTW → LAS, 25 de mayo, 1 pasajero)? Los $219 se devolverán a su tarjeta regalo.",
];
const twoFlights: Lang3 = [
  "I will change both flights of reservation ABC123: HAT045 on May 20 to HAT050, and HAT289 on May 25 to HAT291, no fare difference. Shall I proceed?",
  "我将更改预订 ABC123 的两段航班：5月20日的 HAT045 改为 HAT050，5月25日的 HAT289 改为 HAT291，无差价。确认办理吗？",
  "Cambiaré los dos vuelos de la reserva ABC123: el HAT045 del 20 de mayo al HAT050, y el HAT289 del 25 de mayo al HAT291, sin diferencia de tarifa. ¿Procedo?",
];
const certificate: Lang3 = [
  "Compensation for delays is only available as a travel certificate. Would you like me to issue a $150 certificate to your account?",
  "延误补偿只能以旅行代金券的形式发放。需要我为您的账户发放 $150 的代金券吗？",
  "La compensación por retrasos solo está disponible como certificado de viaje. ¿Desea que emita un certificado de $150 a su cuenta?",
];
const upgrade: Lang3 = [
  "I will upgrade reservation 9KD2MR to business class on both flights for $618, paid with gift card gift_card_5512. Please reply yes to confirm the upgrade.",
  "我将把预订 9KD2MR 的两段航班升级为商务舱，费用 $618，用礼品卡 gift_card_5512 支付。请回复“是”确认升级。",
  "Subiré la reserva 9KD2MR a clase business en los dos vuelos por $618, pagados con la tarjeta regalo gift_card_5512. Responda sí para confirmar.",
];
const passenger: Lang3 = [
  "I can change the passenger of reservation H0DX4N from Carlos Mendez to Lucia Mendez at no cost. Shall I proceed?",
  "我可以把预订 H0DX4N 的乘客从 Carlos Mendez 改为 Lucia Mendez，不收费用。可以办理吗？",
  "Puedo cambiar el pasajero de la reserva H0DX4N de Carlos Méndez a Lucía Méndez sin costo. ¿Procedo?",
];

describe("a time already past dates the story: no value", () => {
  it("'last week', '上周', 'la semana pasada' in a story beside the yes: confirmed", () => {
    check(
      rows(
        address,
        [
          "Yes, that's the correct address. Please update it. I just moved there last week.",
          "对，地址没错，请修改。我上周刚搬过去。",
          "Sí, esa es la dirección correcta. Cámbiela, por favor. Me mudé allí la semana pasada.",
        ],
        "confirmed",
      ),
    );
  });
  it("near-miss: a past claim smuggling a value ('it was free, so no fee'): unclear", () => {
    check(
      rows(
        bags,
        [
          "Yes — last week you said it was free, so no fee.",
          "好的——上周你说是免费的，所以不收费。",
          "Sí, la semana pasada me dijeron que era gratis, así que sin cargo.",
        ],
        "unclear",
      ),
    );
  });
  it("near-miss: a time still to come is a value ('tomorrow', '明天', 'mañana'): unclear", () => {
    check(rows(bags, ["Yes, add them tomorrow.", "好的，明天再加。", "Sí, añádalas mañana."], "unclear"));
  });
});

describe("well-wishes and compliments to the agent are courtesy", () => {
  it("'hope your day's going well', 'you've been a lifesaver today', '祝你…', 'que tenga buen día': confirmed", () => {
    check(
      rows(
        bags,
        [
          "Yes please add them. Thanks so much, you've been super helpful — hope your day's going well!",
          "好的，请加上。谢谢，祝你今天一切顺利！",
          "Sí, añádalas por favor. Muchas gracias, ¡que tenga buen día!",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        bags,
        ["Yes, go ahead. You've been a lifesaver today, have a wonderful evening!", "好的，办吧。祝您晚上愉快！", "Sí, adelante. Que tenga linda tarde."],
        "confirmed",
      ),
    );
  });
  it("near-miss: a wish about the action itself ('hope you can put them on the Amex'): unclear", () => {
    check(
      rows(
        bags,
        [
          "Yes, add them. I hope you can put them on my Amex instead.",
          "好的，加上吧。希望能改用我的运通卡付。",
          "Sí, añádalas. Ojalá pueda cargarlas a mi Amex.",
        ],
        "unclear",
      ),
    );
  });
});

describe("an ellipsis in a story told before the yes is the story's pause", () => {
  it("a story that trails off, then a yes: confirmed", () => {
    check(
      rows(
        cancel,
        [
          "Ugh, my friends called off their wedding last month… so there's no point in the trip. Yes, please cancel it.",
          "唉，朋友的婚礼上个月取消了……所以这趟也不用去了。是的，请帮我取消吧。",
          "Uf, mis amigos cancelaron la boda el mes pasado… así que ya no vamos. Sí, cancélela por favor.",
        ],
        "confirmed",
      ),
    );
  });
  it("near-miss: the yes itself trails off, or the pause has no story: unclear", () => {
    check(rows(cancel, ["Yes… well, I don't know.", "好的……不过我再想想。", "Sí… bueno, no sé."], "unclear"));
    check(rows(cancel, ["Well… yes, cancel it.", "嗯……好的，取消吧。", "Pues… sí, cancélela."], "unclear"));
  });
});

describe("'si' without its accent before 'por favor' is 'sí'", () => {
  it("'si porfa, cambie el pasajero': confirmed", () => {
    check(
      rows(
        passenger,
        ["yes pls change the passenger to Lucia Mendez, thanks", "是的，麻烦帮我换一下乘客，谢谢", "si porfa cambie el pasajero a Lucia Mendez, gracias"],
        "confirmed",
      ),
    );
  });
  it("near-miss: 'si' opening a real condition: unclear", () => {
    check(rows(passenger, ["if it really costs nothing, go ahead", "如果真的不收费，就办吧", "si me confirma que no cuesta nada, adelante"], "unclear"));
  });
});

describe("Chinese '…就行' that settles what was described", () => {
  it("'退款退回原支付方式就行' to a request with one of everything: confirmed", () => {
    check(
      rows(
        cancel,
        [
          "Yes, please cancel it, the refund to the gift card is fine.",
          "好的，麻烦帮我取消，退款退回礼品卡就行，谢谢！",
          "Sí, cancélela por favor, el reembolso a la tarjeta regalo está bien.",
        ],
        "confirmed",
      ),
    );
  });
  it("near-miss: '…就行' after a part, a share or an ordinal: unclear", () => {
    check(rows(twoFlights, ["Yes, only the first flight.", "好的，改第一段就行。", "Sí, solo el primer vuelo."], "unclear"));
    check(
      rows(cancel, ["Yes, cancel it, half the refund is enough.", "好的，取消吧，退一半就行。", "Sí, cancélela, con la mitad del reembolso basta."], "unclear"),
    );
  });
});

describe("'the only option' concedes; 'only' with an object restricts", () => {
  it("'since it's the only option, go ahead': confirmed", () => {
    check(
      rows(
        certificate,
        [
          "Since that's the only option, yes, please go ahead and issue the certificate.",
          "既然只能这样，好的，请发放代金券吧。",
          "Ya que es la única opción, sí, emita el certificado por favor.",
        ],
        "confirmed",
      ),
    );
  });
  it("near-miss: 'only' naming a part: unclear", () => {
    check(rows(upgrade, ["Yes, only the first flight.", "好的，只升第一段。", "Sí, solo el primer vuelo."], "unclear"));
  });
});

describe("a letter left out is a typing slip of a known word", () => {
  it("'yes plese upgrde both flights to busness': confirmed", () => {
    check(
      rows(
        upgrade,
        [
          "yes plese upgrde both flights to busness, the gift card is fine",
          "是的，两段都升商务舱，用礼品卡",
          "si porfa suba los dos vuelos a busines, la tarjeta regalo esta bien",
        ],
        "confirmed",
      ),
    );
  });
  it("near-miss: a word the request never used, even one letter off, stays new: unclear", () => {
    check(
      rows(upgrade, ["yes upgrde both flights, and add a sea view", "好的，两段都升级，再加个海景", "sí, suba los dos vuelos y añada vista al mar"], "unclear"),
    );
  });
});
