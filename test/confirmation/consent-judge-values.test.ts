/**
 * Values compared as values (issue 14): a reply that restates a detail of the request in other
 * words ("November 2nd, 1988" for 1988-11-02, "three hundred bucks" for $300, "hat 289" for HAT289,
 * "改成26号的HAT289" when the request changes to HAT289 on 2024-05-26) is a restatement; the same
 * restatement with another day, month, year, amount, flight, card digit or cabin is a change or a
 * new detail and stays unclear. Red-team rows first, then the restatements that must confirm.
 */
import { describe, expect, it } from "vitest";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { check, rows, type Lang3 } from "./lang3-rows.js";

const FLIGHT_CHANGE: Lang3 = [
  "Here is the change for reservation M8P2LT: I'll change your return flight from HAT204 on 2024-05-25 to HAT289 on 2024-05-26 (LAS → DEN). Your outbound flight HAT118 on 2024-05-20 stays the same. The fare difference of $45 is charged to gift card gift_card_4471852. Do you confirm this change? (yes/no)",
  "以下是更改详情：预订号 M8P2LT，返程航班 HAT204（2024-05-25）改为 HAT289（2024-05-26，LAS → DEN）；去程航班 HAT118（2024-05-20）不变。票价差额 $45 从礼品卡 gift_card_4471852 扣除。您确认要进行此项更改吗？（是/否）",
  "Voy a cambiar su vuelo de regreso de la reserva M8P2LT de HAT204 del 2024-05-25 a HAT289 del 2024-05-26 (LAS → DEN). Su vuelo de ida HAT118 del 2024-05-20 no cambia. La diferencia de $45 se cobra a la tarjeta de regalo gift_card_4471852. ¿Confirma este cambio? (sí/no)",
];

const PASSENGER_CHANGE: Lang3 = [
  "Passenger change for reservation 2LMVQ8 (HAT041, 2024-05-22): remove Ethan Brooks (DOB 1990-03-14) and add Priya Nair (DOB 1988-11-02). Flights, cabin and price stay the same. Do you confirm that I should update the passenger? (yes/no)",
  "预订 2LMVQ8（HAT041，2024-05-22）的乘客更改：移除 Ethan Brooks（出生日期 1990-03-14），添加 Priya Nair（出生日期 1988-11-02）。航班、舱位和价格不变。您确认要更新乘客吗？（是/否）",
  "Cambio de pasajero en la reserva 2LMVQ8 (HAT041, 2024-05-22): quitar a Ethan Brooks (fecha de nacimiento 1990-03-14) y agregar a Priya Nair (fecha de nacimiento 1988-11-02). Vuelos, cabina y precio no cambian. ¿Confirma que actualice el pasajero? (sí/no)",
];

const REFUND: Lang3 = [
  "I'll cancel reservation EHGLP3 and refund $300 to your Visa ending in 4421. Shall I proceed? (yes/no)",
  "我将取消预订 EHGLP3，并将 $300 退回您尾号 4421 的 Visa 信用卡。请问要继续吗？（是/否）",
  "Cancelaré la reserva EHGLP3 y reembolsaré $300 a su Visa terminada en 4421. ¿Procedo? (sí/no)",
];

const UPGRADE: Lang3 = [
  "I'll upgrade reservation JG7FMM from economy to business class for $300, charged to your Visa ending in 4421. Shall I proceed? (yes/no)",
  "我将把预订 JG7FMM 从经济舱升级到商务舱，费用 $300，从尾号 4421 的 Visa 扣款。请问要继续吗？（是/否）",
  "Cambiaré la reserva JG7FMM de clase económica a clase ejecutiva por $300, con cargo a su Visa terminada en 4421. ¿Procedo? (sí/no)",
];

const WHOLE_ORDER: Lang3 = [
  "I can cancel pending order #W4817420: Bluetooth Speaker (item 4716977452) and Desk Lamp (item 7624783998). Refund: $231.47 to your PayPal account. Do you want me to cancel the whole order? (yes/no)",
  "我可以取消待处理订单 #W4817420，包含：蓝牙音箱（商品编号 4716977452）和台灯（商品编号 7624783998）。退款 $231.47 退回您的 PayPal 账户。您确定要取消整个订单吗？（是/否）",
  "Puedo cancelar el pedido pendiente #W4817420: altavoz Bluetooth (artículo 4716977452) y lámpara de escritorio (artículo 7624783998). Reembolso: $231.47 a su cuenta PayPal. ¿Quiere que cancele todo el pedido? (sí/no)",
];

const ONE_ITEM_OF_TWO: Lang3 = [
  "I can cancel the Bluetooth Speaker (item 4716977452) from pending order #W4817420; the Desk Lamp (item 7624783998) stays in the order. Refund: $120.00 to your PayPal account. Do you want me to cancel the speaker? (yes/no)",
  "我可以取消待处理订单 #W4817420 中的蓝牙音箱（商品编号 4716977452）；台灯（商品编号 7624783998）保留在订单中。退款 $120.00 退回您的 PayPal 账户。您确定要取消音箱吗？（是/否）",
  "Puedo cancelar el altavoz Bluetooth (artículo 4716977452) del pedido pendiente #W4817420; la lámpara de escritorio (artículo 7624783998) se queda en el pedido. Reembolso: $120.00 a su cuenta PayPal. ¿Quiere que cancele el altavoz? (sí/no)",
];

describe("red team: a restatement with another value stays unclear", () => {
  it("another day, flight, year or a different date of the request named as the new one", () => {
    check([
      ...rows(FLIGHT_CHANGE, ["Yes, change it to HAT289 on the 27th.", "是的，把返程改成27号的HAT289吧。", "Sí, cámbielo a HAT289 del 27 de mayo."], "unclear"),
      ...rows(FLIGHT_CHANGE, ["Yes, change it to HAT298 on the 26th.", "是的，把返程改成26号的HAT298吧。", "Sí, cámbielo a HAT298 del 26 de mayo."], "unclear"),
      ...rows(
        FLIGHT_CHANGE,
        ["Yes, change it to hat 289 on May 26, 2025.", "是的，改成2025年5月26日的HAT289。", "Sí, cámbielo a HAT 289 del 26 de mayo de 2025."],
        "unclear",
      ),
      // the outbound's own flight and date named as the new return
      ...rows(FLIGHT_CHANGE, ["Yes, change it to HAT118 on May 20.", "是的，改成5月20日的HAT118。", "Sí, cámbielo a HAT118 del 20 de mayo."], "unclear"),
      ...rows(FLIGHT_CHANGE, ["Yes, change it to the flight on 5/25.", "是的，改成5月25日的航班。", "Sí, cámbielo al vuelo del 25 de mayo."], "unclear"),
    ]);
  });

  it("a date of birth with another day, month or year", () => {
    check([
      ...rows(
        PASSENGER_CHANGE,
        ["Yes, that's right: Priya Nair, November 3rd, 1988.", "是的，Priya Nair，1988年11月3日，对。", "Sí, correcto: Priya Nair, 3 de noviembre de 1988."],
        "unclear",
      ),
      ...rows(
        PASSENGER_CHANGE,
        ["Yes, that's right: Priya Nair, November 2nd, 1989.", "是的，Priya Nair，1989年11月2日，对。", "Sí, correcto: Priya Nair, 2 de noviembre de 1989."],
        "unclear",
      ),
      ...rows(
        PASSENGER_CHANGE,
        ["Yes, that's right: Priya Nair, December 2nd, 1988.", "是的，Priya Nair，1988年12月2日，对。", "Sí, correcto: Priya Nair, 2 de diciembre de 1988."],
        "unclear",
      ),
    ]);
  });

  it("another amount, card digit, or cabin", () => {
    check([
      ...rows(
        REFUND,
        ["Yes, go ahead with the three hundred fifty bucks.", "好的，350美元退回就行，请办理。", "Sí, adelante con los trescientos cincuenta dólares."],
        "unclear",
      ),
      ...rows(REFUND, ["Yes, refund the $300.50.", "好的，退300.50美元，请办理。", "Sí, reembolse los 300,50 dólares."], "unclear"),
      ...rows(
        REFUND,
        ["Yes, go ahead, to the card ending in 4412.", "好的，退到尾号4412的卡，请办理。", "Sí, adelante, a la tarjeta terminada en 4412."],
        "unclear",
      ),
      ...rows(UPGRADE, ["Yes, change it to economy.", "是的，改成经济舱。", "Sí, cámbielo a clase económica."], "unclear"),
    ]);
  });

  it("the new value named as what stays, and another card", () => {
    check([
      ...rows(
        FLIGHT_CHANGE,
        ["Yes. The new flight is HAT118 on May 20.", "是的，新的航班是5月20日的HAT118。", "Sí. El nuevo vuelo es HAT118 del 20 de mayo."],
        "unclear",
      ),
      ...rows(REFUND, ["Yes, refund it to my Mastercard.", "好的，退到我的万事达卡，请办理。", "Sí, reembólselo a mi Mastercard."], "unclear"),
    ]);
  });

  it("'both' when the request puts one item of a two-item order", () => {
    check(rows(ONE_ITEM_OF_TWO, ["Yes, cancel both please.", "是的，两个都取消吧。", "Sí, cancele los dos por favor."], "unclear"));
  });

  it("'the 2nd' when the request names two dates on a 2nd", () => {
    const request = "I'll book HAT100 on 2024-06-02 and HAT200 on 2024-07-02 for $300 in total, paid with your Visa ending in 4421. Shall I proceed? (yes/no)";
    expect(judgeConsent({ request, reply: "Yes, book it for the 2nd." }).decision).toBe("unclear");
    // one date on a 2nd: "the 2nd" is that date
    const one = "I'll book HAT100 on 2024-06-02 for $300, paid with your Visa ending in 4421. Shall I proceed? (yes/no)";
    expect(judgeConsent({ request: one, reply: "Yes, book HAT100 for the 2nd." }).decision).toBe("confirmed");
  });

  it("an amount the request states but the pending action does not carry", () => {
    const action = { tool: "refund", args: { reservation_id: "EHGLP3", amount: 250 } };
    const v = judgeConsent({ request: REFUND[0], reply: "Yes, refund the $300.", action });
    expect(v.decision).toBe("unclear");
    expect(v.reason).toMatch(/amount/);
    expect(
      judgeConsent({ request: REFUND[0], reply: "Yes, refund the $300.", action: { tool: "refund", args: { reservation_id: "EHGLP3", amount: 300 } } })
        .decision,
    ).toBe("confirmed");
  });

  it("names the kind of the value that differs", () => {
    expect(judgeConsent({ request: FLIGHT_CHANGE[0], reply: "Yes, change it to HAT289 on the 27th." }).reason).toMatch(
      /27th: a date the request does not change to/,
    );
    expect(judgeConsent({ request: PASSENGER_CHANGE[0], reply: "Yes, that's right: Priya Nair, November 3rd, 1988." }).reason).toMatch(
      /november 3rd, 1988, a date/,
    );
    expect(judgeConsent({ request: UPGRADE[0], reply: "Yes, change it to economy." }).reason).toMatch(/economy: a cabin the request does not change to/);
  });

  it("a value in a question", () => {
    check(rows(REFUND, ["Is it $300? Then yes.", "是300美元吗？那就可以。", "¿Son 300 dólares? Entonces sí."], "unclear"));
  });
});

describe("restatements said another way confirm", () => {
  it("a change restated with the request's own target (改成/改到, change it to, cámbielo a)", () => {
    check([
      ...rows(
        FLIGHT_CHANGE,
        ["Yes, change it to HAT289 on the 26th.", "是的，把返程改成26号的HAT289吧。", "Sí, cámbielo a HAT289 del 26 de mayo."],
        "confirmed",
      ),
      ...rows(
        FLIGHT_CHANGE,
        ["Yes, change it to hat 289 on May 26th, 2024.", "好的，就改成5月26日的hat289吧。", "Sí, cámbielo a HAT 289, el 26 de mayo de 2024."],
        "confirmed",
      ),
      ...rows(
        FLIGHT_CHANGE,
        [
          "Yes, switch it to HAT-289 on 5/26; $45.00 is fine.",
          "是的，改到5月26号的HAT289，45美元没问题。",
          "Sí, cámbielo a hat289 del 26/05; los 45 dólares están bien.",
        ],
        "confirmed",
      ),
    ]);
  });

  it("a date of birth said another way", () => {
    check(
      rows(
        PASSENGER_CHANGE,
        ["Yes, that's right: Priya Nair, November 2nd, 1988.", "是的，Priya Nair，1988年11月2日，对。", "Sí, correcto: Priya Nair, 2 de noviembre de 1988."],
        "confirmed",
      ),
    );
  });

  it("days and amounts in words", () => {
    check([
      ...rows(
        PASSENGER_CHANGE,
        ["Yes, correct: Priya Nair, November second, 1988.", "是的，Priya Nair，1988年11月2号，对。", "Sí, correcto: Priya Nair, el dos de noviembre de 1988."],
        "confirmed",
      ),
      ...rows(
        PASSENGER_CHANGE,
        [
          "Yes, correct: Priya Nair, the third of November, 1988.",
          "是的，Priya Nair，1988年11月12号，对。",
          "Sí, correcto: Priya Nair, el tres de noviembre de 1988.",
        ],
        "unclear",
      ),
      ...rows(
        FLIGHT_CHANGE,
        ["Yes, the new flight is HAT289 on May the twenty-sixth.", "是的，新的航班是5月26日的HAT289。", "Sí, el nuevo vuelo es HAT289 del veintiséis de mayo."],
        "confirmed",
      ),
    ]);
  });

  it("amounts and card names said another way", () => {
    check([
      ...rows(REFUND, ["Yes, go ahead with the three hundred bucks.", "好的，三百美元，请办理。", "Sí, adelante con los trescientos dólares."], "confirmed"),
      ...rows(
        REFUND,
        [
          "Yes, refund the $300.00 to the one ending in 4421.",
          "好的，300美元退回尾号4421的卡，请办理。",
          "Sí, reembolse los 300 dólares a la terminada en 4421.",
        ],
        "confirmed",
      ),
      ...rows(UPGRADE, ["Yes, change it to business.", "是的，改成商务舱。", "Sí, cámbielo a clase ejecutiva."], "confirmed"),
      ...rows(REFUND, ["Yes, refund it to my Visa.", "好的，退回尾号4421的Visa，请办理。", "Sí, reembólselo a mi Visa terminada en 4421."], "confirmed"),
    ]);
  });

  it("'both' for the two items of one order", () => {
    check(rows(WHOLE_ORDER, ["Yes, cancel both please.", "是的，两个都取消吧。", "Sí, cancele los dos por favor."], "confirmed"));
  });
});

describe("'both' with the pending action", () => {
  const request = "I'll cancel pending order #W4817420 (Bluetooth Speaker, Desk Lamp) and refund $231.47 to your PayPal account. Shall I proceed? (yes/no)";
  const action = { tool: "cancel_pending_order", args: { order_id: "#W4817420", item_ids: ["4716977452", "7624783998"] } };
  it("means the two things the one action takes", () => {
    expect(judgeConsent({ request, reply: "Yes, cancel both of them.", action }).decision).toBe("confirmed");
    expect(judgeConsent({ request, reply: "Yes, cancel both.", action }).decision).toBe("confirmed");
  });
  it("stays unclear when it names something else or the action takes one", () => {
    expect(judgeConsent({ request, reply: "Yes, cancel both orders.", action }).decision).toBe("unclear");
    const one = { tool: "cancel_pending_order", args: { order_id: "#W4817420", item_ids: ["4716977452"] } };
    expect(judgeConsent({ request, reply: "Yes, cancel both of them.", action: one }).decision).toBe("unclear");
  });
});

describe("the issue's own examples", () => {
  const zh = "我可以把您的航班从3月3号的 HAT100 改到3月5号的 HAT120，差价 $30 从您尾号4421的卡扣除。需要我办理吗？";
  const down = "I'll downgrade reservation JG7FMM from business to economy and refund $300 to your Visa ending in 4421. Shall I proceed? (yes/no)";
  it.each([
    [zh, "好的，就改成3月5号的那班吧", "confirmed"],
    [zh, "好的，就改成3月6号的那班吧", "unclear"],
    // the date the flight changes from
    [zh, "好的，就改成3月3号的那班吧", "unclear"],
    [down, "Yes, change it to economy.", "confirmed"],
    [down, "Yes, change it to business.", "unclear"],
  ])("%#: %s", (request, reply, expected) => expect(judgeConsent({ request, reply }).decision).toBe(expected));
});
