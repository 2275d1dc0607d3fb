/**
 * A request that asks the user how to pay ("let me know which payment method you'd like to use",
 * "请提供支付方式", "indíquenos el método de pago") leaves the method open: a yes that names one
 * (by a card's last digits) answers that question and adds no detail of its own, when the price is stated or the reply accepts an open amount.
 * The method named binds: a pending action that pays with another kind or another card is not
 * covered. Hand-written rows (EN, ZH, ES), with the near-misses that stay unclear: a method named
 * where the request did not ask (it named one), a method named by kind alone (ambiguous when the
 * user holds several), a method the judge cannot bind ("the same one as before"), and a yes that also
 * adds a condition or another request.
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

/** The price is not stated yet. */
const open: Lang3 = [
  "I can upgrade reservation M20IZO to business class for both passengers. Please confirm that you'd like to proceed and let me know which payment method from your profile you'd like to use for the fare difference.",
  "我可以把预订 M20IZO 的两位乘客都升到商务舱。请确认是否办理，并告诉我您想用档案里的哪种支付方式支付差价。",
  "Puedo cambiar la reserva M20IZO a clase business para los dos pasajeros. Confirme si desea continuar e indíquenos qué método de pago de su perfil desea usar para la diferencia.",
];
/** The same, with the price stated. */
const priced: Lang3 = [
  "I can upgrade reservation M20IZO to business class for both passengers; the fare difference is $312. Please confirm that you'd like to proceed and let me know which payment method from your profile you'd like to use.",
  "我可以把预订 M20IZO 的两位乘客都升到商务舱，差价 312 美元。请确认是否办理，并告诉我您想用档案里的哪种支付方式。",
  "Puedo cambiar la reserva M20IZO a clase business para los dos pasajeros; la diferencia es de 312 dólares. Confirme si desea continuar e indíquenos qué método de pago de su perfil desea usar.",
];
/** The same action, with the method already put by the agent. */
const named: Lang3 = [
  "I can upgrade reservation M20IZO to business class for both passengers; the fare difference goes on your Visa ending in 0917. Shall I proceed?",
  "我可以把预订 M20IZO 的两位乘客都升到商务舱，差价从尾号 0917 的 Visa 卡扣。要办理吗？",
  "Puedo cambiar la reserva M20IZO a clase business para los dos pasajeros; la diferencia se cargará a su Visa terminada en 0917. ¿Desea continuar?",
];

describe("judgeConsent: a yes that answers the request's open question of how to pay", () => {
  it("a yes naming a method by its digits: confirmed", () => {
    check(
      rows(
        open,
        [
          "Yes, please proceed with the upgrade. Use my credit card ending in 7334 for any additional charges.",
          "好的，请办理升舱。差价用尾号7334的信用卡支付。",
          "Sí, proceda con el cambio. Use mi tarjeta de crédito terminada en 7334 para la diferencia.",
        ],
        "confirmed",
      ),
    );
    check(
      rows(
        priced,
        [
          "Yes, go ahead. Please charge my credit card ending in 7334.",
          "好的，请办理，用尾号7334的信用卡付款。",
          "Sí, adelante. Cárguelo a mi tarjeta de crédito terminada en 7334.",
        ],
        "confirmed",
      ),
    );
  });
  it("the price never stated and no open amount accepted: unclear (the user chose how to pay an amount nobody named)", () => {
    check(
      rows(
        open,
        [
          "Yes, I'd like to proceed with the upgrade. Please use my card ending in 7334.",
          "可以，办理吧，用尾号7334的卡。",
          "Sí, adelante con el cambio; use mi tarjeta terminada en 7334.",
        ],
        "unclear",
      ),
    );
  });
  it("a method named by kind alone: unclear (the user may hold several of that kind; the judge does not see the profile)", () => {
    check(
      rows(
        priced,
        [
          "Yes, I'd like to proceed with the upgrade. I'll pay with my gift card.",
          "可以，办理吧，用礼品卡付。",
          "Sí, adelante con el cambio; pagaré con mi tarjeta de regalo.",
        ],
        "unclear",
      ),
    );
  });
  it("the same replies where the request already named a method: unclear (another method than the one put)", () => {
    check(
      rows(
        named,
        [
          "Yes, please proceed with the upgrade. Use my credit card ending in 7334 for any additional charges.",
          "好的，请办理升舱。差价用尾号7334的信用卡支付。",
          "Sí, proceda con el cambio. Use mi tarjeta de crédito terminada en 7334 para la diferencia.",
        ],
        "unclear",
      ),
    );
  });
  it("a method the judge cannot bind, or a yes with a condition or another request: unclear", () => {
    check(
      rows(
        priced,
        [
          "Yes, go ahead. Use the same payment method as before.",
          "好的，办理吧，用和之前一样的支付方式。",
          "Sí, adelante; use el mismo método de pago de antes.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        open,
        [
          "Yes, proceed and use my gift card, but only if the difference is under $200.",
          "好的，用礼品卡付，但差价要是超过200美元就不要办。",
          "Sí, use mi tarjeta de regalo, pero solo si la diferencia es menor de 200 dólares.",
        ],
        "unclear",
      ),
    );
    check(
      rows(
        open,
        [
          "Yes, use my credit card ending in 7334, and please also add a checked bag.",
          "好的，用尾号7334的信用卡，另外再帮我加一件托运行李。",
          "Sí, use mi tarjeta terminada en 7334 y agregue también una maleta facturada.",
        ],
        "unclear",
      ),
    );
  });
  it("a method named without a go-ahead answers the question only: unclear", () => {
    check(rows(open, ["My credit card ending in 7334.", "尾号7334的信用卡。", "Mi tarjeta de crédito terminada en 7334."], "unclear"));
  });
  it("the method named binds: a pending action paying with another card is not covered", () => {
    const reply = "Yes, please proceed with the upgrade. Use my credit card ending in 7334 for any additional charges.";
    const action = (payment_id: string) => ({ tool: "update_reservation_flights", args: { reservation_id: "M20IZO", cabin: "business", payment_id } });
    expect(judgeConsent({ request: open[0], reply, action: action("gift_card_7334000") }).decision).toBe("unclear");
    expect(judgeConsent({ request: open[0], reply, action: action("credit_card_4421100") }).decision).toBe("unclear");
    // the card's digits are in the action: covered
    expect(judgeConsent({ request: open[0], reply, action: action("credit_card_7334") }).decision).toBe("confirmed");
  });
});

describe("judgeConsent: a payment method named among the answers to a request that gathers details", () => {
  it("no action put yet: naming a method there is information, not consent (unclear)", () => {
    const gathering: Lang3 = [
      "To book the new trip I need a few details. 1. One-way or round trip? 2. Any flights in mind, or should I search? 3. Which payment method from your profile would you like to use? 4. Would you like travel insurance? Please confirm these details.",
      "要预订新行程，我需要几项信息：1. 单程还是往返？2. 有想要的航班吗，还是我来搜索？3. 您想用档案里的哪种支付方式？4. 需要旅行保险吗？请确认这些信息。",
      "Para reservar el nuevo viaje necesito algunos datos. 1. ¿Solo ida o ida y vuelta? 2. ¿Tiene vuelos en mente o los busco yo? 3. ¿Qué método de pago de su perfil desea usar? 4. ¿Quiere seguro de viaje? Confirme estos datos.",
    ];
    check(
      rows(
        gathering,
        [
          "One-way. Please search for flights for me. I'd like to use my gift card, and no insurance.",
          "单程。请帮我搜索航班。我想用礼品卡付款。",
          "Solo ida. Busque vuelos por mí, por favor. Quiero usar mi tarjeta de regalo, y sin seguro.",
        ],
        "unclear",
      ),
    );
  });
});
