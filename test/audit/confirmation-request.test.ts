/**
 * `asksForConfirmation`: which agent words are a request for agreement (a greeting is not).
 *
 * A confirmation request in Spanish or Chinese is a request (`asksForConfirmation`): a clear yes to
 * it can confirm the write it describes. Before, only English asking words were read, so "请确认是否办理？
 * （是/否）" answered "是的，就按这个改吧" left a described, agreed change `unconfirmed`. Red team: a
 * which-question is no request, and a yes to a request in Chinese still binds to what it described.
 */
import { describe, expect, it } from "vitest";
import { asksForConfirmation } from "../../src/audit/confirmation-request.js";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";

const reservation = (flights: { flight_number: string; date: string }[], payments: { payment_id: string; amount: number }[]) =>
  JSON.stringify({
    reservation_id: "VHV4BG",
    user_id: "chen_wu_2677",
    origin: "EWR",
    destination: "CLT",
    flight_type: "one_way",
    cabin: "economy",
    flights: flights.map((f) => ({ ...f, origin: "EWR", destination: "CLT", price: 149 })),
    passengers: [{ first_name: "Yusuf", last_name: "Wu", dob: "1975-12-05" }],
    payment_history: payments,
    created_at: "2024-05-07T14:59:34",
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: "no",
  });
const before = reservation([{ flight_number: "HAT043", date: "2024-05-25" }], [{ payment_id: "credit_card_2810906", amount: 200 }]);
const change = (flight: string) =>
  callAndResult(
    null,
    "update_reservation_flights",
    { reservation_id: "VHV4BG", cabin: "economy", flights: [{ flight_number: flight, date: "2024-05-26" }], payment_id: "credit_card_2810906" },
    reservation(
      [{ flight_number: flight, date: "2024-05-26" }],
      [
        { payment_id: "credit_card_2810906", amount: 200 },
        { payment_id: "credit_card_2810906", amount: -51 },
      ],
    ),
  );
const opening = [
  agent("Hi! How can I help you today?"),
  user("你好，我想改一下航班日期。订单号 VHV4BG。"),
  callAndResult(null, "get_reservation_details", { reservation_id: "VHV4BG" }, before),
];

describe("a confirmation request in Spanish or Chinese", () => {
  it("reads the asking words of both languages, and not a which-question", () => {
    expect(asksForConfirmation("请确认是否办理？（是/否）")).toBe(true);
    expect(asksForConfirmation("新航班 HAT270，可以吗？")).toBe(true);
    expect(asksForConfirmation("¿Desea que proceda con el cambio?")).toBe(true);
    expect(asksForConfirmation("¿Le parece bien?")).toBe(true);
    expect(asksForConfirmation("请问您选哪一个？")).toBe(false);
    expect(asksForConfirmation("¿Cuál es su número de reserva?")).toBe(false);
  });

  it("a plain Chinese yes to a described change confirms it", async () => {
    const [w] = await auditAirlineWrites(
      opening,
      agent("变更详情如下：\n- 订单：VHV4BG\n- 新航班：HAT270，2024年5月26日，经济舱\n- 差价：退还 $51 到原付款卡\n\n请确认是否办理？（是/否）"),
      user("是的，就按这个改吧。谢谢你！"),
      change("HAT270"),
    );
    expect(w!.status, w!.evidence).toBe("confirmed");
  });

  it("red team: a yes to a which-question confirms nothing; a yes in Chinese to HAT270 does not cover HAT215", async () => {
    const [which] = await auditAirlineWrites(opening, agent("5月26日有两个航班：HAT215 和 HAT270。请问您选哪一个？"), user("是的"), change("HAT270"));
    expect(which!.status, which!.evidence).not.toBe("confirmed");
    const [other] = await auditAirlineWrites(
      opening,
      agent("变更详情如下：\n- 订单：VHV4BG\n- 新航班：HAT270，2024年5月26日，经济舱\n- 差价：退还 $51 到原付款卡\n\n请确认是否办理？（是/否）"),
      user("是的，就按这个改吧。"),
      change("HAT215"),
    );
    expect(other!.status, other!.evidence).toBe("args_mismatch");
    expect(other!.mismatches?.map((m) => m.field)).toContain("flight");
  });

  it("a Spanish request: a yes cancels the reservation it named, not another one", async () => {
    const cancel = (id: string) => callAndResult(null, "cancel_reservation", { reservation_id: id }, before.replace("VHV4BG", id));
    const ask = agent("Reserva VHV4BG, EWR → CLT el 25 de mayo, reembolso a su tarjeta original. ¿Desea que cancele la reserva VHV4BG?");
    const [ok] = await auditAirlineWrites(opening, ask, user("Sí, por favor, cancélela."), cancel("VHV4BG"));
    expect(ok!.status, ok!.evidence).toBe("confirmed");
    const [other] = await auditAirlineWrites(opening, ask, user("Sí, por favor, cancélela."), cancel("QWE123"));
    expect(other!.status, other!.evidence).toBe("args_mismatch");
    expect(other!.mismatches?.map((m) => m.field)).toContain("reservation");
  });
});

describe("a Spanish request that asks whether to go on ('¿Desea continuar con el cambio?')", () => {
  const summary = agent(
    "Este es el cambio:\n- Reserva: VHV4BG\n- Nuevo vuelo: HAT270, 26 de mayo de 2024, económica\n- Diferencia: reembolso de $51 a su tarjeta original\n\n¿Desea continuar con el cambio?",
  );
  it("is a request: a plain Spanish yes confirms the change it describes", async () => {
    expect(asksForConfirmation("¿Desea continuar con el cambio?")).toBe(true);
    expect(asksForConfirmation("¿Quiere proceder con la cancelación?")).toBe(true);
    expect(asksForConfirmation("¿Continuamos?")).toBe(true);
    const [w] = await auditAirlineWrites(opening, summary, user("Sí, adelante con el cambio, por favor. Mil gracias."), change("HAT270"));
    expect(w!.status, w!.evidence).toBe("confirmed");
  });

  it("red team: the yes does not cover another flight; a which-question in Spanish is no request", async () => {
    const [other] = await auditAirlineWrites(opening, summary, user("Sí, adelante con el cambio, por favor."), change("HAT215"));
    expect(other!.status, other!.evidence).toBe("args_mismatch");
    expect(other!.mismatches?.map((m) => m.field)).toContain("flight");
    expect(asksForConfirmation("Hay dos vuelos el 26 de mayo: HAT215 y HAT270. ¿Cuál prefiere?")).toBe(false);
    const [which] = await auditAirlineWrites(
      opening,
      agent("Hay dos vuelos el 26 de mayo: HAT215 y HAT270. ¿Cuál prefiere?"),
      user("Sí, el HAT270."),
      change("HAT270"),
    );
    expect(which!.status, which!.evidence).not.toBe("confirmed");
  });
});

describe("the greeting is no request", () => {
  it("'How can I help you today?' asks nothing; 'Can I go ahead and cancel it?' does", async () => {
    expect(asksForConfirmation("Hi! How can I help you today?")).toBe(false);
    expect(asksForConfirmation("How may I assist you?")).toBe(false);
    expect(asksForConfirmation("Can I go ahead and cancel it?")).toBe(true);
    expect(asksForConfirmation("May I proceed?")).toBe(true);
    // "Hi, yes, I need to change VHV4BG" answers the greeting: not an unclear yes that a later write is judged against
    const [w] = await auditAirlineWrites(
      agent("Hi! How can I help you today?"),
      user("Hi, yes, I need to change my flight. The reservation is VHV4BG."),
      callAndResult(null, "get_reservation_details", { reservation_id: "VHV4BG" }, before),
      agent("I found HAT270 on May 26 for you."),
      user("Great, HAT270 on the 26th works for me, refund to my original card."),
      change("HAT270"),
    );
    expect(w!.status, w!.evidence).toBe("unconfirmed");
    expect(w!.evidence).not.toContain("message 1 ");
  });
});

/**
 * A bare "which one would you like to cancel?" is a request the judge reads (`asksWhichToCancel`): the
 * user's own instruction naming the cancellation and a listed reservation is consent (labels README,
 * rule 1) to the reservation the reply names. The audit read no asking words in it, so it dropped the
 * judge's yes and left the cancellation `unconfirmed`. Red team: the id alone, another listed
 * reservation cancelled than the one the reply named.
 */
describe("a bare which-question about what to cancel", () => {
  const rsv = (id: string) =>
    JSON.stringify({
      reservation_id: id,
      user_id: "fatima_rossi_1941",
      origin: "PHX",
      destination: "MSP",
      flight_type: "one_way",
      cabin: "business",
      flights: [{ flight_number: "HAT073", date: "2024-05-21", origin: "PHX", destination: "MSP", price: 973 }],
      passengers: [{ first_name: "Fatima", last_name: "Rossi", dob: "1973-11-13" }],
      payment_history: [{ payment_id: "credit_card_2862416", amount: 973 }],
      created_at: "2024-05-14T09:00:00",
      total_baggages: 0,
      nonfree_baggages: 0,
      insurance: "yes",
    });
  const which = agent(
    "I found two upcoming reservations on your profile:\n\n1. **LWE3W4**: one way Phoenix (PHX) to Minneapolis (MSP) on May 21, 2024.\n" +
      "2. **V6K294**: round trip Houston (IAH) to Newark (EWR), May 19 and May 20, 2024.\n\n" +
      "Could you tell me which reservation you would like to cancel, and the reason for the cancellation?",
  );
  const run = (reply: string, cancelled: string) =>
    auditAirlineWrites(
      agent("Hi! How can I help you today?"),
      user("Hello, user fatima_rossi_1941. I need to cancel one of my reservations."),
      callAndResult(null, "get_reservation_details", { reservation_id: "LWE3W4" }, rsv("LWE3W4")),
      callAndResult(null, "get_reservation_details", { reservation_id: "V6K294" }, rsv("V6K294")),
      which,
      user(reply),
      callAndResult(null, "cancel_reservation", { reservation_id: cancelled }, rsv(cancelled)),
    );

  it("is a request: the user's instruction naming the cancellation and a listed reservation confirms it", async () => {
    const [w] = await run("Please cancel LWE3W4. The reason is a change of plans.", "LWE3W4");
    expect(w!.status, w!.evidence).toBe("confirmed");
  });

  it("red team: the id alone, another listed reservation than the one the reply named", async () => {
    const [idOnly] = await run("LWE3W4.", "LWE3W4");
    expect(idOnly!.status, idOnly!.evidence).not.toBe("confirmed");
    const [other] = await run("Please cancel LWE3W4. The reason is a change of plans.", "V6K294");
    expect(other!.status, other!.evidence).not.toBe("confirmed");
  });
});
