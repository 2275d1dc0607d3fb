/**
 * Writes confirmed in Spanish and Chinese bind to what the request described, as in English: a
 * booking ("¿Desea que proceda con la reserva?", "请确认是否预订？"), bags ("添加1件托运行李", "1 maleta"),
 * a cancellation. Red team: the same request and yes with one field of the write changed (another
 * flight, another passenger, one bag more, another card, another reservation) stays `args_mismatch`
 * naming that field.
 */
import { describe, expect, it } from "vitest";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";

const profile = JSON.stringify({
  user_id: "mia_kim_4397",
  name: { first_name: "Mia", last_name: "Kim" },
  dob: "1965-06-09",
  membership: "silver",
  payment_methods: {
    gift_card_7773485: { source: "gift_card", id: "gift_card_7773485", amount: 500 },
    gift_card_9990001: { source: "gift_card", id: "gift_card_9990001", amount: 300 },
    credit_card_1: { source: "credit_card", id: "credit_card_1", brand: "visa", last_four: "2076" },
  },
  saved_passengers: [{ first_name: "Ethan", last_name: "Lopez", dob: "1991-11-04" }],
  reservations: ["VHV4BG", "QWE123"],
});
const reservation = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    reservation_id: id,
    user_id: "mia_kim_4397",
    origin: "EWR",
    destination: "CLT",
    flight_type: "one_way",
    cabin: "economy",
    flights: [{ flight_number: "HAT043", date: "2024-05-25", origin: "EWR", destination: "CLT", price: 200 }],
    passengers: [{ first_name: "Mia", last_name: "Kim", dob: "1965-06-09" }],
    payment_history: [{ payment_id: "credit_card_1", amount: 200 }],
    created_at: "2024-05-14T10:00:00",
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: "yes",
    ...extra,
  });
const opening = [
  agent("Hi! How can I help you today?"),
  user("Hola, soy mia_kim_4397. / 你好，我是 mia_kim_4397。"),
  callAndResult(null, "get_user_details", { user_id: "mia_kim_4397" }, profile),
  callAndResult(null, "get_reservation_details", { reservation_id: "VHV4BG" }, reservation("VHV4BG")),
];
const book = (o: { flight?: string; passenger?: { first_name: string; last_name: string; dob: string }; bags?: number; card?: string } = {}) =>
  callAndResult(
    null,
    "book_reservation",
    {
      user_id: "mia_kim_4397",
      origin: "JFK",
      destination: "SEA",
      flight_type: "one_way",
      cabin: "economy",
      flights: [{ flight_number: o.flight ?? "HAT069", date: "2024-05-20" }],
      passengers: [o.passenger ?? { first_name: "Mia", last_name: "Kim", dob: "1965-06-09" }],
      payment_methods: [{ payment_id: o.card ?? "gift_card_7773485", amount: 121 }],
      total_baggages: o.bags ?? 1,
      nonfree_baggages: 0,
      insurance: "no",
    },
    JSON.stringify({ reservation_id: "HATHAT", payment_history: [{ payment_id: o.card ?? "gift_card_7773485", amount: 121 }] }),
  );
const bags = (total: number) =>
  callAndResult(
    null,
    "update_reservation_baggages",
    { reservation_id: "VHV4BG", total_baggages: total, nonfree_baggages: 0, payment_id: "credit_card_1" },
    reservation("VHV4BG", { total_baggages: total }),
  );
const BOOK_ES =
  "Resumen de la reserva: vuelo HAT069 de JFK a SEA el 20 de mayo de 2024, clase económica, pasajera: Mia Kim, 1 maleta facturada (gratis), sin seguro, total $121 con su tarjeta de regalo terminada en 3485. ¿Desea que proceda con la reserva?";
const BOOK_ZH =
  "预订详情：航班 HAT069，JFK → SEA，2024年5月20日，经济舱，乘客：Mia Kim，1件免费托运行李，不买保险，共 $121，用尾号 3485 的礼品卡支付。请确认是否预订？";
const BAGS_ZH = "我将为订单 VHV4BG 添加1件托运行李，免费，不收费。可以吗？";
const BAGS_ES = "Añadiré 1 maleta facturada a la reserva VHV4BG, sin costo. ¿Le parece bien?";
const expectField = (w: AuditedWrite | undefined, field: string) => {
  expect(w!.status, w!.evidence).toBe("args_mismatch");
  expect(w!.mismatches?.map((m) => m.field) ?? w!.missing, w!.evidence).toContain(field);
};

describe("a booking confirmed in Spanish or Chinese", () => {
  it("a plain yes confirms the booking described", async () => {
    for (const [request, reply] of [
      [BOOK_ES, "Sí, adelante, por favor."],
      [BOOK_ZH, "是的，请预订。"],
    ] as const) {
      const [w] = await auditAirlineWrites(opening, agent(request), user(reply), book());
      expect(w!.status, w!.evidence).toBe("confirmed");
    }
  });

  it("red team: another flight, another passenger, one bag more, another gift card", async () => {
    for (const [request, reply] of [
      [BOOK_ES, "Sí, adelante, por favor."],
      [BOOK_ZH, "是的，请预订。"],
    ] as const) {
      const run = (write: ReturnType<typeof book>) => auditAirlineWrites(opening, agent(request), user(reply), write);
      expectField((await run(book({ flight: "HAT083" })))[0], "flight");
      expectField((await run(book({ passenger: { first_name: "Ethan", last_name: "Lopez", dob: "1991-11-04" } })))[0], "passenger");
      expectField((await run(book({ bags: 2 })))[0], "bags");
      expectField((await run(book({ card: "gift_card_9990001" })))[0], "payment");
    }
  });
});

describe("bags added in Chinese or Spanish ('添加1件托运行李', '1 maleta')", () => {
  it("a plain yes confirms the count described, and not one bag more", async () => {
    for (const [request, reply] of [
      [BAGS_ZH, "可以，谢谢。"],
      [BAGS_ES, "Sí, perfecto."],
    ] as const) {
      const [ok] = await auditAirlineWrites(opening, agent(request), user(reply), bags(1));
      expect(ok!.status, ok!.evidence).toBe("confirmed");
      expectField((await auditAirlineWrites(opening, agent(request), user(reply), bags(2)))[0], "bags");
    }
  });
});

describe("changes, passengers and certificates confirmed in Spanish or Chinese", () => {
  const profile2 = JSON.stringify({
    ...JSON.parse(profile),
    payment_methods: {
      ...JSON.parse(profile).payment_methods,
      credit_card_2: { source: "credit_card", id: "credit_card_2", brand: "mastercard", last_four: "9911" },
    },
  });
  const two = {
    passengers: [
      { first_name: "Mia", last_name: "Kim", dob: "1965-06-09" },
      { first_name: "Ethan", last_name: "Lopez", dob: "1991-11-04" },
    ],
  };
  const start = [
    agent("Hi! How can I help you today?"),
    user("Hola / 你好, mia_kim_4397, VHV4BG"),
    callAndResult(null, "get_user_details", { user_id: "mia_kim_4397" }, profile2),
    callAndResult(
      null,
      "get_reservation_details",
      { reservation_id: "VHV4BG" },
      reservation("VHV4BG", { ...two, payment_history: [{ payment_id: "credit_card_1", amount: 400 }] }),
    ),
  ];
  const upgrade = (pay: string, cabin = "business", charge = 366) =>
    callAndResult(
      null,
      "update_reservation_flights",
      { reservation_id: "VHV4BG", cabin, flights: [{ flight_number: "HAT043", date: "2024-05-25" }], payment_id: pay },
      reservation("VHV4BG", {
        ...two,
        cabin,
        payment_history: [
          { payment_id: "credit_card_1", amount: 400 },
          { payment_id: pay, amount: charge },
        ],
      }),
    );
  const change = (date: string) =>
    callAndResult(
      null,
      "update_reservation_flights",
      { reservation_id: "VHV4BG", cabin: "economy", flights: [{ flight_number: "HAT270", date }], payment_id: "credit_card_1" },
      reservation("VHV4BG", {
        ...two,
        flights: [{ flight_number: "HAT270", date, origin: "EWR", destination: "CLT", price: 150 }],
        payment_history: [
          { payment_id: "credit_card_1", amount: 400 },
          { payment_id: "credit_card_1", amount: -100 },
        ],
      }),
    );
  const rename = (dob: string) =>
    callAndResult(
      null,
      "update_reservation_passengers",
      { reservation_id: "VHV4BG", passengers: [two.passengers[0], { first_name: "Ethan", last_name: "Lopes", dob }] },
      reservation("VHV4BG", two),
    );
  const certificate = (amount: number) => callAndResult(null, "send_certificate", { user_id: "mia_kim_4397", amount }, "Certificate added");
  const UP_ES =
    "Cambio de la reserva VHV4BG a clase ejecutiva en el vuelo HAT043 para los dos pasajeros. Diferencia: $366, cargada a su tarjeta Visa terminada en 2076. ¿Desea que proceda?";
  const UP_ZH = "订单 VHV4BG 的 HAT043 航班，两位乘客升舱到商务舱，差价 $366，从尾号 2076 的 Visa 卡扣款。请确认是否办理？";
  const CHANGE_ES =
    "Cambiaré la reserva VHV4BG al vuelo HAT270 del 26 de mayo, clase económica. Se reembolsarán $100 a su Visa terminada en 2076. ¿Le parece bien?";
  const RENAME_ZH = "我将把订单 VHV4BG 中第二位乘客改为 Ethan Lopes，出生日期 1991年11月4日。确认修改吗？";
  const CERT_ES = "Como compensación le enviaré un certificado de $100. ¿Desea que lo envíe?";
  const CERT_ZH = "作为补偿，我将给您发放一张 $100 的代金券。可以吗？";
  const rows: [name: string, request: string, reply: string, write: ReturnType<typeof callAndResult>, field?: string][] = [
    ["es upgrade", UP_ES, "Sí, adelante.", upgrade("credit_card_1")],
    ["es upgrade on another card", UP_ES, "Sí, adelante.", upgrade("credit_card_2"), "payment"],
    ["es upgrade charging twice the amount", UP_ES, "Sí, adelante.", upgrade("credit_card_1", "business", 732), "amount"],
    ["zh upgrade", UP_ZH, "好的，办理吧。", upgrade("credit_card_1")],
    ["zh upgrade written in another cabin", UP_ZH, "好的，办理吧。", upgrade("credit_card_1", "basic_economy"), "cabin"],
    ["es change", CHANGE_ES, "Sí, de acuerdo.", change("2024-05-26")],
    ["es change on another day", CHANGE_ES, "Sí, de acuerdo.", change("2024-05-27"), "date"],
    ["zh passenger correction", RENAME_ZH, "确认。", rename("1991-11-04")],
    ["zh passenger correction with another birth date", RENAME_ZH, "确认。", rename("1991-11-05"), "passenger"],
    ["es certificate", CERT_ES, "Sí, gracias.", certificate(100)],
    ["es certificate of another amount", CERT_ES, "Sí, gracias.", certificate(200), "amount"],
    ["zh certificate", CERT_ZH, "可以。", certificate(100)],
    ["zh certificate of another amount", CERT_ZH, "可以。", certificate(150), "amount"],
  ];
  it.each(rows)("%s", async (_name, request, reply, write, field) => {
    const [w] = await auditAirlineWrites(start, agent(request), user(reply), write);
    if (field === undefined) expect(w!.status, w!.evidence).toBe("confirmed");
    else expectField(w, field);
  });
});
