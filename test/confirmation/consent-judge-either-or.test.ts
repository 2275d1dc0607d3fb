/**
 * Issue 14, known-open r5-196: a yes to an either-or question ("would you like to proceed with payment, or would you
 * like to check the order details again?") picks neither alternative, so it consents to nothing; a reply that names the
 * alternative it takes (its action, its words, a go-ahead to "shall I proceed", a verdict to "is this correct") is a
 * choice, and the choice of the action is a yes. Yes-or-no prompts ("(yes or no)", "confirm or cancel", "…or not?"), a
 * second alternative that only invites changes, and an offer of further help are no either-or. Hand-written EN/ZH/ES rows.
 */
import { describe, it } from "vitest";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const payOrReview: Lang3 = [
  "Your order ORD-4471 (2 lasagnas, 1 lemonade) totals $38.50, to be paid with your Visa ending 8812. Would you like me to charge it now, or would you like to go over the items once more?",
  "您的订单 ORD-4471（两份千层面、一杯柠檬水）共 $38.50，用尾号 8812 的 Visa 卡支付。您是要我现在扣款，还是再核对一遍菜品？",
  "Su pedido ORD-4471 (2 lasañas, 1 limonada) suma $38.50, con cargo a su Visa terminada en 8812. ¿Desea que proceda con el cobro ahora o prefiere repasar los productos otra vez?",
];
const cancelOrEmail: Lang3 = [
  "I can cancel booking QX7L2M and refund $264 to your Mastercard ending 0931. Should I cancel it right away, or should I first send you the fare conditions by email?",
  "我可以取消预订 QX7L2M，并把 $264 退到尾号 0931 的万事达卡。我现在就取消，还是先把票价规则发邮件给您？",
  "Puedo cancelar la reserva QX7L2M y reembolsar $264 a su Mastercard terminada en 0931. ¿La cancelo de inmediato o prefiere que antes le envíe las condiciones por correo?",
];
const upgradeOrSearch: Lang3 = [
  "Moving flight HAT204 on June 3 to business costs $410, charged to gift_card_5521. Would you like me to go ahead with the upgrade, or shall I search for a cheaper flight?",
  "把 6 月 3 日的 HAT204 航班升到商务舱需 $410，从 gift_card_5521 扣款。您要升舱，还是我先找找更便宜的航班？",
  "Pasar el vuelo HAT204 del 3 de junio a business cuesta $410, con cargo a gift_card_5521. ¿Desea que haga la mejora o prefiere que primero busque un vuelo más barato?",
];

describe("a yes to an either-or question", () => {
  it("a bare yes, thanks or praise picks neither alternative: unclear", () => {
    check([
      ...rows(payOrReview, ["Yes, sounds great, thank you so much!", "好的，太好了，谢谢！", "Sí, me parece estupendo, ¡muchas gracias!"], "unclear"),
      ...rows(cancelOrEmail, ["Sure thing, thanks for your help.", "好的，麻烦你了。", "Claro que sí, gracias."], "unclear"),
      ...rows(upgradeOrSearch, ["Yes please!", "好的呀！", "¡Sí, por favor!"], "unclear"),
    ]);
  });
  it("a reply that names the action it picks is a choice of the action: confirmed", () => {
    check([
      ...rows(payOrReview, ["Yes, please charge it now.", "好的，现在扣款吧。", "Sí, proceda con el cobro ahora."], "confirmed"),
      ...rows(cancelOrEmail, ["Yes, cancel it right away, thanks.", "好的，现在就取消，谢谢。", "Sí, cancélela de inmediato, gracias."], "confirmed"),
      ...rows(upgradeOrSearch, ["Yes, go ahead with the upgrade, thank you.", "我要升舱，谢谢。", "Sí, haga la mejora, gracias."], "confirmed"),
    ]);
  });
  it("a reply that names the other alternative, or both, does not agree to the action: unclear", () => {
    check([
      ...rows(payOrReview, ["Yes, let's go over the items once more.", "好的，再核对一遍菜品吧。", "Sí, repasemos los productos otra vez."], "unclear"),
      ...rows(
        cancelOrEmail,
        ["Yes, send me the fare conditions by email first.", "好的，先把票价规则发邮件给我。", "Sí, envíeme antes las condiciones por correo."],
        "unclear",
      ),
    ]);
  });
  it("a go-ahead to 'proceed, or review it first?' takes the alternative that acts: confirmed", () => {
    const proceedOrReview: Lang3 = [
      "Exchange order #W7710032: the grey kettle (item 4410928371) for the white one (item 4410928399), no price difference. Shall I proceed, or would you like to review the order details again?",
      "订单 #W7710032：灰色电水壶（商品 4410928371）换成白色（商品 4410928399），无差价。我继续办理，还是您想再看一下订单详情？",
      "Pedido #W7710032: cambiar el hervidor gris (artículo 4410928371) por el blanco (artículo 4410928399), sin diferencia de precio. ¿Procedo o prefiere revisar otra vez los detalles del pedido?",
    ];
    check([
      ...rows(proceedOrReview, ["Please go ahead.", "继续吧。", "Adelante, por favor."], "confirmed"),
      ...rows(proceedOrReview, ["Yes.", "好。", "Sí."], "unclear"),
    ]);
  });
});

describe("questions that are not either-or", () => {
  it("yes-or-no prompts, an invitation to change anything, an offer of further help: a yes stays a yes", () => {
    const yesOrNo: Lang3 = [
      "I will cancel booking QX7L2M and refund $264 to your Mastercard ending 0931. Shall I proceed (yes or no)?",
      "我将取消预订 QX7L2M，并把 $264 退到尾号 0931 的万事达卡。是否继续？",
      "Cancelaré la reserva QX7L2M y reembolsaré $264 a su Mastercard terminada en 0931. ¿Procedo o no?",
    ];
    const anyChanges: Lang3 = [
      "I will cancel booking QX7L2M and refund $264 to your Mastercard ending 0931. Is everything correct, or would you like to make any changes?",
      "我将取消预订 QX7L2M，并把 $264 退到尾号 0931 的万事达卡。这样可以吗？",
      "Cancelaré la reserva QX7L2M y reembolsaré $264 a su Mastercard terminada en 0931. ¿Está todo correcto o desea modificar algo?",
    ];
    const stillWant: Lang3 = [
      "Booking QX7L2M is non-refundable, so cancelling it returns $0. Do you still want me to cancel it, or not?",
      "预订 QX7L2M 不可退款，取消后退款为 $0。您还是要取消吗？",
      "La reserva QX7L2M no es reembolsable: al cancelarla se devuelven $0. ¿Aún quiere que la cancele, o no?",
    ];
    check([
      ...rows(yesOrNo, ["Yes.", "是的。", "Sí."], "confirmed"),
      ...rows(anyChanges, ["Yes, all correct.", "对，没问题。", "Sí, todo correcto."], "confirmed"),
      ...rows(stillWant, ["Yes, please.", "是的，取消吧。", "Sí, por favor."], "confirmed"),
    ]);
  });
});
