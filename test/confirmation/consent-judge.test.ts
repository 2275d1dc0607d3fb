import { describe, expect, it } from "vitest";
import { consentJudge, judgeConsent } from "../../src/confirmation/consent-judge.js";

const request = "I'll cancel reservation EHGLP3 and refund $120 to your original card. Shall I proceed?";
const action = { tool: "cancel_reservation", args: { reservation_id: "EHGLP3" } };

describe("judgeConsent: entry point", () => {
  it("returns a decision, its reasons and the deciding rule", () => {
    const v = judgeConsent({ request, reply: "Yes, please go ahead.", action });
    expect(v.decision).toBe("confirmed");
    expect(v.reasons.length).toBeGreaterThan(0);
    expect(v.reason).toBe(v.reasons.join(" "));
    expect(typeof v.rule).toBe("string");
  });
  it("accepts several actions, or none", () => {
    expect(judgeConsent({ request, reply: "no", action: [action, action] }).decision).toBe("denied");
    expect(judgeConsent({ request, reply: "no" }).decision).toBe("denied");
  });
  it("treats a non-string reply as unclear, not as an error", () => {
    expect(judgeConsent({ request, reply: 42 as unknown as string }).decision).toBe("unclear");
  });
  it("ignores simulator control tokens", () => {
    expect(judgeConsent({ request, reply: "Yes, go ahead. ###STOP###", action }).decision).toBe("confirmed");
  });
  it("is available as a ConfirmationDecider", async () => {
    const v = await consentJudge.decide({ request, reply: "yes", actions: [{ id: "a1", tool: action.tool, arguments: action.args }] });
    expect(v.decision).toBe("confirmed");
  });
});

/**
 * Issue 14 item 2, one row per kind of reply and language (EN, ZH, ES). Written by hand for this
 * table, not taken from a corpus the judge was tuned on.
 */
describe("judgeConsent: each kind of real reply, in English, Chinese and Spanish", () => {
  // each language's replies answer a request in that language, as a user would be asked
  const requests = {
    single: [
      request,
      "我将取消预订 EHGLP3，并把 120 美元退回您原来的信用卡。确认办理吗？",
      "Voy a cancelar la reserva EHGLP3 y reembolsar 120 dólares a su tarjeta original. ¿Procedo?",
    ],
    twoPart: [
      "I'll upgrade reservation ABC123 to business class and add 2 checked bags, charged to your Visa ending 7447. Shall I proceed with both?",
      "我将把预订 ABC123 升舱到商务舱，并添加 2 件托运行李，费用从您尾号 7447 的 Visa 卡扣除。两项都办理吗？",
      "Voy a cambiar la reserva ABC123 a clase business y añadir 2 maletas facturadas, con cargo a su Visa terminada en 7447. ¿Procedo con ambas cosas?",
    ],
  } as const;
  const twoActions = [
    { tool: "update_reservation_flights", args: { reservation_id: "ABC123", cabin: "business" } },
    { tool: "update_reservation_baggages", args: { reservation_id: "ABC123", total_baggages: 2 } },
  ];
  const rows: readonly (readonly [kind: string, expected: "confirmed" | "unclear" | "denied", replies: readonly [string, string, string], multi?: boolean])[] =
    [
      [
        "a long, polite, multi-sentence yes",
        "confirmed",
        [
          "Thank you so much for checking all of that for me. Yes, I'd like to go ahead with cancelling this reservation. I really appreciate your patience today!",
          "谢谢你这么耐心地帮我查。是的，请帮我取消这个预订，辛苦了！",
          "Muchas gracias por revisarlo todo. Sí, por favor, adelante con la cancelación. ¡Que tenga un buen día!",
        ],
      ],
      [
        "pleasantries, small talk and idioms are not conditions or refusals",
        "confirmed",
        [
          "No worries at all. Yes, please go ahead, I can't wait to get this sorted out.",
          "没问题，确认取消吧，谢谢！",
          "Sí, no hay problema, adelante. ¡Gracias!",
        ],
      ],
      [
        "a yes with a condition",
        "unclear",
        ["Yes, go ahead as long as I get the full $120 back.", "可以取消，前提是全额退款。", "Sí, adelante, siempre y cuando me devuelvan los 120 dólares."],
      ],
      [
        "a yes that changes a detail",
        "unclear",
        [
          "Yes, please cancel it, but refund it to my gift card instead.",
          "确认取消，但是请退到我的礼品卡。",
          "Sí, cancélela, pero devuelva el dinero a mi tarjeta de regalo.",
        ],
      ],
      [
        "a yes with a question that could change the decision",
        "unclear",
        ["Yes, go ahead. Will I really get the whole refund?", "好的，可以取消。会全额退款吗？", "Sí, adelante. ¿Me devolverán todo el dinero?"],
      ],
      [
        "agreement to only part of a multi-part action",
        "unclear",
        ["Yes to the upgrade, but skip the bags.", "升舱可以，行李就不用加了。", "Sí al cambio a business, pero sin las maletas."],
        true,
      ],
      [
        "a yes and a request for something else",
        "unclear",
        [
          "Yes, go ahead, and also cancel my other reservation K1NW8N please.",
          "好的，另外把我另一个预订K1NW8N也取消。",
          "Sí, adelante, y además cancele mi otra reserva K1NW8N.",
        ],
      ],
      ["a refusal", "denied", ["No, please don't cancel it.", "不，先别取消。", "No, por favor no la cancele."]],
    ];
  for (const [kind, expected, replies, multi] of rows) {
    it(`${kind} → ${expected}`, () => {
      replies.forEach((reply, lang) => {
        const v = multi
          ? judgeConsent({ request: requests.twoPart[lang]!, reply, action: twoActions })
          : judgeConsent({ request: requests.single[lang]!, reply, action });
        expect(`${v.decision}: ${reply}`).toBe(`${expected}: ${reply}`);
      });
    });
  }

  it("one action over several items: a reply that restricts it to some items, or keeps one, agrees to part only", () => {
    // found by blind-multilingual-3.jsonl (written before the judge ran on it): "Just cancel the speaker, I still want the purifier" was confirmed
    const items = {
      en: "I'll cancel order #W4817420 (items: desk lamp, coffee maker) and refund $212 to your Visa. Do you confirm? (yes/no)",
      zh: "我将取消订单 #W4817420（商品：台灯、咖啡机），并退款 212 美元到您的 Visa 卡。确认吗？",
      es: "Voy a cancelar el pedido #W4817420 (artículos: lámpara de escritorio, cafetera) y reembolsar 212 dólares a su Visa. ¿Confirma?",
    };
    const cancel = { tool: "cancel_pending_order", args: { order_id: "#W4817420", reason: "no longer needed" } };
    const unclear: readonly [keyof typeof items, string][] = [
      ["en", "Just cancel the coffee maker, I still want the lamp."],
      ["en", "Please cancel it, I still need the desk lamp though."],
      ["en", "Go ahead and cancel, but I'll keep the lamp."],
      ["zh", "取消吧，台灯我留着。"],
      ["zh", "取消可以，台灯还是要的。"],
      ["es", "Sí, cancélelo, pero me quedo con la lámpara."],
      ["es", "Cancele el pedido; todavía quiero la cafetera."],
    ];
    for (const [lang, reply] of unclear)
      expect(`${judgeConsent({ request: items[lang], reply, action: cancel }).decision}: ${reply}`).toBe(`unclear: ${reply}`);
    // near-misses that stay yeses: "just" before the whole order, "still want" before going ahead
    const confirmed: readonly [keyof typeof items, string][] = [
      ["en", "Yes, just cancel the order please."],
      ["en", "Yes, I still want to proceed with the cancellation."],
      ["en", "Yes, please cancel the whole order."],
      ["zh", "是的，确认取消整个订单。"],
      ["es", "Sí, cancele el pedido, por favor."],
    ];
    for (const [lang, reply] of confirmed)
      expect(`${judgeConsent({ request: items[lang], reply, action: cancel }).decision}: ${reply}`).toBe(`confirmed: ${reply}`);
  });

  it("a dash between words ends a sentence, so an assessment and a go-ahead joined by it stay a yes; a condition after it still counts", () => {
    expect(judgeConsent({ request, reply: "Yes, that sounds right—please go ahead.", action }).decision).toBe("confirmed");
    expect(judgeConsent({ request, reply: "Yes—but only if the full $120 comes back.", action }).decision).toBe("unclear");
    expect(judgeConsent({ request, reply: "Yes – and also cancel K1NW8N.", action }).decision).toBe("unclear");
  });

  it("the words of an identifier in the request (book_reservation) are words the request used", () => {
    const req =
      'Here is the action I will take:\n• book_reservation {"cabin":"economy","flights":[{"flight_number":"HAT169","date":"2024-05-17"}]}\nDo you confirm (yes/no)?';
    const act = { tool: "book_reservation", args: { cabin: "economy", flights: [{ flight_number: "HAT169", date: "2024-05-17" }] } };
    expect(judgeConsent({ request: req, reply: "Yes, please proceed with booking this reservation.", action: act }).decision).toBe("confirmed");
    // a word the request never used is still new content
    expect(judgeConsent({ request: req, reply: "Yes, please proceed with booking this reservation and the hotel.", action: act }).decision).toBe("unclear");
  });
});

/**
 * Readings added for real replies (issue 14 item 2), each with the near-misses that must stay
 * unclear, written by hand before the rule that reads them. One request per language; the rows
 * are this table's own wording, not taken from a corpus.
 */
describe("judgeConsent: answers to the request's own open points are not reservations", () => {
  type Lang3 = readonly [string, string, string];
  type Row = readonly [kind: string, expected: "confirmed" | "unclear", request: Lang3, replies: Lang3];
  const single: Lang3 = [
    request,
    "我将取消预订 EHGLP3，并把 120 美元退回您原来的信用卡。确认办理吗？",
    "Voy a cancelar la reserva EHGLP3 y reembolsar 120 dólares a su tarjeta original. ¿Procedo?",
  ];
  const payment: Lang3 = [
    "I can change reservation M20IZO to Option 2 (HAT057 and HAT146). If the new fare is higher you will pay the difference; your payment methods on file are the credit card ending in 5018, the credit card ending in 7334 and a travel certificate worth $250. Please tell me which one to use if a payment is required, and confirm with a yes to proceed.",
    "我可以把预订 M20IZO 改为方案 2（HAT057 和 HAT146）。如果新票价更高，您需要补差价；您账户上的支付方式有尾号 5018 的信用卡、尾号 7334 的信用卡和一张 250 美元的旅行券。如需付款，请告诉我用哪一种，并回复“是”确认办理。",
    "Puedo cambiar la reserva M20IZO a la opción 2 (HAT057 y HAT146). Si la nueva tarifa es más alta, pagará la diferencia; sus métodos de pago son la tarjeta de crédito terminada en 5018, la tarjeta de crédito terminada en 7334 y un certificado de viaje de 250 dólares. Dígame cuál usar si hay que pagar y confirme con un sí para continuar.",
  ];
  const reason: Lang3 = [
    "Your reservation K1NW8N is eligible for cancellation. Could you tell me the reason for cancelling, and confirm with a yes that you would like me to cancel it?",
    "您的预订 K1NW8N 可以取消。请告诉我取消的原因，并回复“是”确认取消。",
    "Su reserva K1NW8N se puede cancelar. ¿Me indica el motivo de la cancelación y confirma con un sí que desea cancelarla?",
  ];
  const nextStep: Lang3 = [
    "I'll downgrade reservation 2FBBAH to economy; any difference goes back to the original payment method. Do you confirm? After this, I will continue checking your remaining reservations.",
    "我将把预订 2FBBAH 降为经济舱，差价退回原支付方式。您确认吗？之后我会继续检查您其余的预订。",
    "Voy a bajar la reserva 2FBBAH a clase económica; la diferencia se devolverá al método de pago original. ¿Lo confirma? Después seguiré revisando sus demás reservas.",
  ];
  const optional: Lang3 = [
    "Here is the booking: flight HAT069 on May 20 in basic economy for $106, paid with gift card 7359776. You can add one free checked bag (if you want it) and travel insurance for $30 (optional). Do you confirm the booking?",
    "预订如下：5月20日 HAT069 航班，基本经济舱，106 美元，用礼品卡 7359776 支付。您可以加一件免费托运行李（如需要）和 30 美元的旅行保险（可选）。确认预订吗？",
    "Esta es la reserva: vuelo HAT069 el 20 de mayo en económica básica por 106 dólares, pagada con la tarjeta regalo 7359776. Puede añadir una maleta facturada gratis (si la quiere) y un seguro de viaje de 30 dólares (opcional). ¿Confirma la reserva?",
  ];
  const included: Lang3 = [
    "I'll book flight HAT069 on May 20 in basic economy with travel insurance for $30, $136 in total, paid with gift card 7359776. Do you confirm the booking?",
    "我将为您预订 5月20日 HAT069 航班，基本经济舱，含 30 美元旅行保险，共 136 美元，用礼品卡 7359776 支付。确认预订吗？",
    "Voy a reservar el vuelo HAT069 el 20 de mayo en económica básica con un seguro de viaje de 30 dólares, 136 dólares en total, pagado con la tarjeta regalo 7359776. ¿Confirma la reserva?",
  ];
  const split: Lang3 = [
    "Booking summary: HAT023 and HAT204, business, 3 passengers, $2,613. Payment: certificate $500, gift card 8020792 $198, gift card 6136092 $129, Mastercard ending 9363 $1,786. Could you confirm with a yes that I should proceed with this payment allocation?",
    "预订摘要：HAT023 和 HAT204，商务舱，3 位乘客，2613 美元。付款：旅行券 500 美元，礼品卡 8020792 付 198 美元，礼品卡 6136092 付 129 美元，尾号 9363 的万事达卡付 1786 美元。请回复“是”确认按此付款分配办理。",
    "Resumen de la reserva: HAT023 y HAT204, business, 3 pasajeros, 2.613 dólares. Pago: certificado 500 dólares, tarjeta regalo 8020792 198 dólares, tarjeta regalo 6136092 129 dólares, Mastercard terminada en 9363 1.786 dólares. ¿Confirma con un sí que proceda con este reparto del pago?",
  ];
  const rows: readonly Row[] = [
    // a payment method chosen among those offered, for the contingency the request itself raised
    [
      "choosing an offered payment method for the request's own contingency, with a yes",
      "confirmed",
      payment,
      [
        "Option 2 works for me. If there's a fare difference, please charge the credit card ending in 7334. Yes, please go ahead with the change.",
        "方案2可以。如果有差价，请用尾号7334的信用卡支付。是的，请办理。",
        "La opción 2 me va bien. Si hay diferencia de precio, cárguela a la tarjeta terminada en 7334. Sí, adelante con el cambio.",
      ],
    ],
    [
      "a payment method the request did not offer",
      "unclear",
      payment,
      [
        "If there's a fare difference, please charge my Amex ending in 9999. Yes, go ahead.",
        "如果有差价，请用尾号9999的运通卡支付。是的，请办理。",
        "Si hay diferencia de precio, cárguela a mi Amex terminada en 9999. Sí, adelante.",
      ],
    ],
    [
      "a kind of payment method the request never named",
      "unclear",
      payment,
      ["Yes, go ahead, and use my PayPal.", "好的，请办理，用我的PayPal支付。", "Sí, adelante, y use mi PayPal."],
    ],
    [
      "a condition on the action itself, not on how to pay",
      "unclear",
      payment,
      [
        "Yes, but only go ahead if there is no fare difference; otherwise use the card ending in 7334.",
        "可以，但只有没有差价才办理，否则用尾号7334的卡。",
        "Sí, pero solo si no hay diferencia de precio; si no, use la tarjeta terminada en 7334.",
      ],
    ],
    [
      "a threshold of the user's own on the contingency",
      "unclear",
      payment,
      [
        "If the difference is more than $100, use the card ending in 7334. Yes, go ahead.",
        "如果差价超过100美元，就用尾号7334的卡。是的，请办理。",
        "Si la diferencia es de más de 100 dólares, use la tarjeta terminada en 7334. Sí, adelante.",
      ],
    ],
    [
      "a conditional other action instead of a payment choice",
      "unclear",
      payment,
      [
        "If there's a fare difference, please cancel the whole reservation instead. Otherwise yes, go ahead.",
        "如果有差价，就把整个预订取消。否则可以办理。",
        "Si hay diferencia de precio, cancele toda la reserva. Si no, sí, adelante.",
      ],
    ],
    // the reason the request asked for is why, not what
    [
      "a reason the request asked for, then a yes",
      "confirmed",
      reason,
      [
        "The reason is that I want to switch to a different, cheaper flight. Yes, I confirm I'd like to cancel K1NW8N.",
        "原因是我想换一个更便宜的航班。是的，确认取消K1NW8N。",
        "El motivo es que quiero cambiar a otro vuelo más barato. Sí, confirmo que quiero cancelar la reserva K1NW8N.",
      ],
    ],
    [
      "a reason, then a yes that changes a detail",
      "unclear",
      reason,
      [
        "The reason is a change of plans. Yes, cancel it, but refund it to a different card.",
        "原因是计划有变。确认取消，但是请退到另一张卡。",
        "El motivo es un cambio de planes. Sí, cancélela, pero reembolse a otra tarjeta.",
      ],
    ],
    [
      "a reason that sets a detail of the action or restricts it",
      "unclear",
      reason,
      [
        "The reason is that I need the refund on my gift card this time. Yes, please cancel it.",
        "原因是我只想取消去程。是的，确认取消。",
        "El motivo es que solo quiero cancelar el vuelo de ida. Sí, cancélela.",
      ],
    ],
    [
      "a reason, then a condition",
      "unclear",
      reason,
      [
        "The reason is a change of plans, and I'll only cancel if I get a full refund.",
        "原因是计划有变，只有全额退款我才取消。",
        "El motivo es un cambio de planes, y solo la cancelo si me devuelven todo.",
      ],
    ],
    // the step the agent itself announced for after the action is not something else
    [
      "a yes and a go-on with the step the request announced for afterwards",
      "confirmed",
      nextStep,
      [
        "Yes, I confirm the downgrade for 2FBBAH. Please keep checking the other reservations afterwards.",
        "是的，确认2FBBAH降舱。之后请继续检查其余的预订。",
        "Sí, confirmo el cambio de 2FBBAH. Después siga revisando las demás reservas, por favor.",
      ],
    ],
    [
      "a yes and another action the request did not announce",
      "unclear",
      nextStep,
      [
        "Yes, I confirm 2FBBAH, and also downgrade my other reservation BOH180.",
        "是的，确认2FBBAH，另外把我的另一个预订BOH180也降舱。",
        "Sí, confirmo 2FBBAH, y además baje también mi otra reserva BOH180.",
      ],
    ],
    [
      "a yes and another step than the announced one, put as coming next",
      "unclear",
      nextStep,
      [
        "Yes, I confirm 2FBBAH. After that, please book me a hotel in Denver.",
        "是的，确认2FBBAH。之后请帮我在丹佛订一家酒店。",
        "Sí, confirmo 2FBBAH. Después resérveme un hotel en Denver, por favor.",
      ],
    ],
    [
      "a reminder that sets a detail of the action",
      "unclear",
      single,
      [
        "Yes, cancel it, and don't forget to send the refund to my gift card.",
        "好的，取消吧，别忘了把退款退到我的礼品卡。",
        "Sí, cancélela, y no olvide enviar el reembolso a mi tarjeta regalo.",
      ],
    ],
    [
      "a yes that puts the announced step before the action",
      "unclear",
      nextStep,
      [
        "Yes, but check the other reservations first, before you downgrade this one.",
        "可以，但是先检查其他预订，再给这个降舱。",
        "Sí, pero revise primero las demás reservas antes de cambiar esta.",
      ],
    ],
    // declining an extra the request offered as optional answers its open choice
    [
      "declining an optional extra the request offered, with a yes",
      "confirmed",
      optional,
      [
        "Yes, please book it with the free checked bag. I don't want the travel insurance. Everything else looks good.",
        "确认预订，加一件免费托运行李，不要旅行保险。其他都没问题。",
        "Sí, confirmo la reserva con la maleta gratis. No quiero el seguro de viaje. Todo lo demás está bien.",
      ],
    ],
    [
      "declining a part the request did not offer as optional",
      "unclear",
      included,
      ["Yes, book it, but I don't want the travel insurance.", "确认预订，但是不要旅行保险。", "Sí, resérvelo, pero no quiero el seguro de viaje."],
    ],
    [
      "declining an extra the request included, next to another it offered as optional",
      "unclear",
      [
        "I'll book flight HAT069 on May 20 with travel insurance for $30, and you can also add a checked bag if you want it. Do you confirm the booking?",
        "我将为您预订 5月20日 HAT069 航班，含 30 美元旅行保险；如需要，您还可以加一件托运行李。确认预订吗？",
        "Voy a reservar el vuelo HAT069 el 20 de mayo con un seguro de viaje de 30 dólares, y si la quiere puede añadir una maleta. ¿Confirma la reserva?",
      ],
      ["Yes, book it. I don't want the travel insurance.", "确认预订，不要旅行保险。", "Sí, confirmo la reserva. No quiero el seguro de viaje."],
    ],
    [
      "declining the action's own detail after an optional offer",
      "unclear",
      optional,
      ["Yes, book it, but I don't want basic economy.", "确认预订，但是我不要基本经济舱。", "Sí, resérvelo, pero no quiero económica básica."],
    ],
    // a total of amounts the request listed is no amount of the user's own
    [
      "a total of amounts the request listed",
      "confirmed",
      split,
      [
        "Yes, I confirm, proceed as outlined: the $500 certificate, both gift cards totaling $327, and the rest on my Mastercard.",
        "确认，就按上面的付款分配办理：旅行券500美元，礼品卡合计327美元，其余用万事达卡。",
        "Sí, confirmo, proceda como indicó: el certificado de 500 dólares, las dos tarjetas regalo que suman en total 327 dólares y el resto con mi Mastercard.",
      ],
    ],
    [
      '"both" of something the request named once',
      "unclear",
      single,
      ["Yes, cancel both reservations.", "好的，两个预订都取消。", "Sí, cancele las dos reservas."],
    ],
    [
      "a total that is not the sum of the listed amounts",
      "unclear",
      split,
      [
        "Yes, I confirm, proceed: the $500 certificate, both gift cards totaling $350, and the rest on my Mastercard.",
        "确认，就按上面的付款分配办理：旅行券500美元，礼品卡合计350美元，其余用万事达卡。",
        "Sí, confirmo, proceda: el certificado de 500 dólares, las dos tarjetas regalo que suman en total 350 dólares y el resto con mi Mastercard.",
      ],
    ],
    [
      "a total put on one method, not a total of items the request listed",
      "unclear",
      split,
      ["Yes, but charge a total of $1,984 to the Mastercard.", "可以，但是万事达卡总共扣1984美元。", "Sí, pero cargue en total 1.984 dólares a la Mastercard."],
    ],
    [
      "a sum of listed amounts used as a new amount",
      "unclear",
      split,
      ["Yes, but put $327 on the Mastercard.", "可以，但是万事达卡付327美元。", "Sí, pero cargue 327 dólares a la Mastercard."],
    ],
    // a wish for things to work out is no condition; a wish to be sure of a detail is
    [
      "a yes and a wish that names a detail that could change the decision",
      "unclear",
      single,
      [
        "Yes, go ahead and cancel it. I just want to make sure I get the full $120 back.",
        "好的，取消吧。我只是要确保全额退款。",
        "Sí, adelante con la cancelación. Solo quiero asegurarme de que me devuelvan los 120 dólares.",
      ],
    ],
    [
      "a yes and a wish to be sure the money goes somewhere else",
      "unclear",
      single,
      [
        "Yes, please cancel it. I just want to make sure the refund goes to my gift card.",
        "好的，请取消。我只是要确保退款退到我的礼品卡。",
        "Sí, cancélela. Solo quiero asegurarme de que el reembolso vaya a mi tarjeta regalo.",
      ],
    ],
  ];
  for (const [kind, expected, req, replies] of rows) {
    it(`${kind} → ${expected}`, () => {
      replies.forEach((reply, lang) => {
        const v = judgeConsent({ request: req[lang]!, reply });
        expect(`${v.decision}: ${reply}`).toBe(`${expected}: ${reply}`);
      });
    });
  }
});

describe("judgeConsent: a payment method chosen in the reply must be the pending action's", () => {
  const req =
    "I can change reservation M20IZO to flights HAT057 and HAT146. If the new fare is higher you will pay the difference with one of your cards: credit_card_5018 or credit_card_7334. Which one should I use? Please confirm with a yes to proceed.";
  const action = (card: string) => ({ tool: "update_reservation_flights", args: { reservation_id: "M20IZO", payment_id: card } });
  it("another of the offered methods than the action's is not a yes to the action", () => {
    for (const reply of [
      "Yes, go ahead, and use credit_card_5018 for any difference.",
      "是的，请办理，差价用 credit_card_5018 支付。",
      "Sí, adelante, y use credit_card_5018 para la diferencia.",
    ])
      expect(`${judgeConsent({ request: req, reply, action: action("credit_card_7334") }).decision}: ${reply}`).toBe(`unclear: ${reply}`);
  });
  it("the action's own method, chosen among those offered, is a yes to it", () => {
    for (const reply of [
      "Yes, go ahead, and use credit_card_5018 for any difference.",
      "Yes, please charge the card ending in 5018 if there's a difference, and go ahead.",
    ])
      expect(`${judgeConsent({ request: req, reply, action: action("credit_card_5018") }).decision}: ${reply}`).toBe(`confirmed: ${reply}`);
  });
});
