/**
 * Issue 14, item 2: classes of false confirmation found on 2026-12-01 by the lead's red-team probes 9
 * (kept outside the repository; 182 probes, 41 false confirmations on `main` at 5374ca2, 33 of them in the class of consent-judge-asked-question.test.ts). Each class with
 * its counterpart that stays confirmed. Hand-written EN/ZH/ES rows, none a probe string.
 *
 * - a sentence that opens with "But"/"However" after the yes ("Yes. But hold on."): the contrast word was
 *   cut only after a comma or a space, so a sentence opening with it kept its refusal hidden;
 * - "I don't want to proceed" beside a yes was read as declining an optional extra ("to proceed") that
 *   the request's own question ("would you like me to proceed?") seemed to offer;
 * - "Yes!?": an exclamation ending in a question mark asks in disbelief;
 * - "I confirm (that) I received…": confirming a fact of one's own, not the action;
 * - "Sure, go ahead" after "which would you prefer, A or B, and shall I proceed?": no option chosen;
 * - "Yes, that's my card" after "is the Visa still your card, and shall I proceed?": the yes answers the
 *   question about the detail only.
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const upgrade: Lang3 = [
  "I'll upgrade reservation K7TR2M to business class for $320, charged to your Mastercard ending 0913. Would you like me to proceed?",
  "我将把预订 K7TR2M 升级为商务舱，费用320美元，从您尾号0913的万事达卡扣款。您希望我继续吗？",
  "Voy a subir la reserva K7TR2M a clase business por 320 dólares, con cargo a su Mastercard terminada en 0913. ¿Desea que proceda?",
];
const whichRefund: Lang3 = [
  "The $150 refund for cancelling reservation Q2LN8B can go back to your Amex ending 4471 or be issued as a travel voucher. Which would you prefer, and shall I go ahead with the cancellation?",
  "取消预订 Q2LN8B 的150美元退款可以退回您尾号4471的运通卡，也可以作为旅行代金券发放。您想选哪一种？要我现在取消吗？",
  "El reembolso de 150 dólares por cancelar la reserva Q2LN8B puede volver a su Amex terminada en 4471 o emitirse como vale de viaje. ¿Cuál prefiere? ¿Procedo con la cancelación?",
];
const cardStill: Lang3 = [
  "I'll add 2 checked bags to reservation Z9HK3P for $70, charged to the Discover ending 6620. Is the Discover ending 6620 still your card, and shall I go ahead?",
  "我将为预订 Z9HK3P 添加2件托运行李，费用70美元，从尾号6620的Discover卡扣款。尾号6620的卡还是您的吗？要我办理吗？",
  "Voy a añadir 2 maletas facturadas a la reserva Z9HK3P por 70 dólares, con cargo a la Discover terminada en 6620. ¿Sigue siendo suya la tarjeta Discover? ¿Desea que proceda?",
];

describe("red-team 9: what follows the yes", () => {
  it("a sentence opening with a contrast word, a refusal of proceeding, a yes asked in disbelief: unclear", () => {
    check([
      ...rows(upgrade, ["Sure. But hang on a second.", "好的。但是等一下。", "Sí. Pero espere un momento."], "unclear"),
      ...rows(upgrade, ["Okay. However, stop for now.", "可以。不过先停一下。", "Vale. Sin embargo, espere."], "unclear"),
      ...rows(upgrade, ["Yes, although I don't want to proceed today.", "好的，我不想继续了。", "Sí, no quiero continuar."], "unclear"),
      ...rows(upgrade, ["Sure, I don't want you to proceed.", "好的，我不希望你继续。", "Sí, no quiero que proceda."], "unclear"),
      ...rows(upgrade, ["Upgrade it!?", "升级！？", "¡¿Sí?!"], "unclear"),
    ]);
  });

  it("the same yes with a harmless sentence after it: confirmed", () => {
    check([
      ...rows(upgrade, ["Sure. But thanks for checking first!", "好的，请办理。谢谢您先确认。", "Sí, adelante. Gracias por confirmar primero."], "confirmed"),
      ...rows(upgrade, ["Yes, please proceed!!", "好的，请继续！！", "¡Sí, proceda!"], "confirmed"),
    ]);
  });

  it("confirming a fact of one's own is not confirming the action; confirming the action is", () => {
    const [en] = upgrade;
    const said = (reply: string) => judgeConsent({ request: en, reply }).decision;
    expect(said("I confirm I got your email about the upgrade.")).toBe("unclear");
    expect(said("We confirm that we have read the fare rules.")).toBe("unclear");
    expect(said("I confirm receipt.")).toBe("unclear");
    expect(said("I confirm I want the upgrade, go ahead.")).toBe("confirmed");
    expect(said("I confirm, please proceed.")).toBe("confirmed");
  });
});

describe("red-team 9: the question the yes answers", () => {
  it("a go-ahead that chooses none of the options asked about: unclear", () => {
    check([
      ...rows(whichRefund, ["Sure, go ahead.", "好的，请办理。", "Sí, adelante."], "unclear"),
      ...rows(whichRefund, ["Please proceed.", "继续吧。", "Proceda, por favor."], "unclear"),
    ]);
  });

  it("a go-ahead that chooses one: confirmed", () => {
    check([
      ...rows(whichRefund, ["The voucher, please. Go ahead.", "要代金券，请办理。", "El vale de viaje, por favor. Adelante."], "confirmed"),
      ...rows(whichRefund, ["I'll take the voucher. Go ahead.", "退回运通卡吧，请办理。", "Prefiero el vale. Adelante."], "confirmed"),
    ]);
  });

  it("a yes to the question about a detail only: unclear; with the go-ahead: confirmed", () => {
    check([
      ...rows(cardStill, ["Yes, that's my card.", "对，是我的卡。", "Sí, es mi tarjeta."], "unclear"),
      ...rows(cardStill, ["Yes, that's still my card. Go ahead.", "对，是我的卡，请办理。", "Sí, es mi tarjeta, adelante."], "confirmed"),
    ]);
  });
});

const partCancel: Lang3 = [
  "I'll cancel the phone case (item 7730) from order #W5512090 and refund $18.50 to your PayPal; the charger stays in the order. Shall I proceed?",
  "我将取消订单 #W5512090 中的手机壳（商品7730），18.50美元退回您的PayPal；充电器保留在订单中。确认要办理吗？",
  "Voy a cancelar la funda (artículo 7730) del pedido #W5512090 y reembolsar 18,50 dólares a su PayPal; el cargador se queda en el pedido. ¿Desea que proceda?",
];

describe("red-team 9: the whole where the request acts on part (found by i14-recall-b on main)", () => {
  it("cancelling the whole order when the request keeps part of it: unclear", () => {
    check([
      ...rows(partCancel, ["Yes, cancel the entire order.", "好的，整个订单都取消吧。", "Sí, cancele todo el pedido."], "unclear"),
      ...rows(partCancel, ["Sure, just cancel everything.", "可以，全部取消。", "Vale, cancele todo."], "unclear"),
    ]);
  });

  it("the part, or a yes that says the whole looks right: confirmed", () => {
    check([
      ...rows(partCancel, ["Yes, cancel the phone case.", "好的，取消手机壳吧。", "Sí, cancele la funda."], "confirmed"),
      ...rows(partCancel, ["Everything looks right, go ahead.", "好的，请办理。", "Sí, todo está bien, proceda."], "confirmed"),
    ]);
  });
});
