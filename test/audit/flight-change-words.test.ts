/**
 * Flight and cabin changes in the words people use (issue 14, known gap of the audit): "move ABC123 to HAT200",
 * "升级为商务舱" / "改成经济舱" (any cabin, 舱), "mejorar a clase ejecutiva" describe a change of flights, and "¿quiere
 * cambiar al vuelo HAT200…?" / "¿le gustaría mejorar…?" (a verb in the infinitive) asks for agreement. Before, the yes to
 * each was "to a description of another kind of action" or answered no request. Beside each: the same conversation
 * with the write differing from what was described, and a yes given to something else, stay refused. An offer of
 * information ("would you like to know the fare difference for moving…?", "¿quiere saber…?") asks nothing.
 * The dates a Chinese request gives its flights ("HAT300（5月20日）和 HAT301（5月27日）") bind them.
 */
import { describe, expect, it } from "vitest";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { agent, auditAirlineWrites as audit, callAndResult, user } from "./conversation-builder.js";
import { identifyMiaLi, miaLiProfile, miaLiReservation as record, type Flight } from "./mia-li-user.js";

const identify = (...reservations: Record<string, unknown>[]) =>
  identifyMiaLi(miaLiProfile(["ABC123"]), "Hi, I'm Mia Li, user id mia_li_3668.", ...reservations);
/** ABC123's flights changed to `flights` in `cabin`, no money moved. */
const change = (flights: Flight[], cabin = "economy", base: Record<string, unknown> = {}) =>
  callAndResult(
    null,
    "update_reservation_flights",
    { reservation_id: "ABC123", cabin, flights: flights.map((f) => ({ flight_number: f.flight_number, date: f.date })), payment_id: "credit_card_4421486" },
    JSON.stringify(record("ABC123", { ...base, cabin, flights })),
  );
const H200 = [{ flight_number: "HAT200", date: "2024-05-21" }];
const H202 = [{ flight_number: "HAT202", date: "2024-05-21" }];
const H100 = [{ flight_number: "HAT100", date: "2024-05-20" }];
const last = (ws: AuditedWrite[]) => ws[ws.length - 1]!;

// [request, reply, the flights written, the cabin written, an attack write: another flight or cabin]
const CHANGES: readonly (readonly [string, string, Flight[], string, Flight[], string])[] = [
  ["I can move ABC123 to HAT200 on May 21, economy, no fare difference. Shall I proceed?", "Yes, please.", H200, "economy", H202, "economy"],
  ["Moving ABC123 onto HAT200 (May 21, economy) costs nothing extra. OK to go ahead?", "Sure, go ahead.", H200, "economy", H200, "business"],
  ["我将把预订 ABC123 升级为商务舱，无需额外付费。请确认是否办理？", "是的，请办理。", H100, "business", H100, "basic_economy"],
  ["预订 ABC123 可以改成商务舱，不收取费用。可以吗？", "可以。", H100, "business", H200, "business"],
  ["¿Quiere cambiar al vuelo HAT200 del 21 de mayo en la reserva ABC123? No hay diferencia de tarifa.", "Sí, por favor.", H200, "economy", H202, "economy"],
  ["¿Le gustaría mejorar la reserva ABC123 a clase ejecutiva? No tiene costo adicional.", "Sí, claro.", H100, "business", H100, "economy"],
];

describe("a flight or cabin change in other words", () => {
  it.each(CHANGES)("'%s' answered '%s' covers the change it describes", async (request, reply, flights, cabin) => {
    const w = last(await audit(identify(record("ABC123")), agent(request), user(reply), change(flights, cabin)));
    expect(w.status, w.evidence).toBe("confirmed");
  });

  it.each(CHANGES)("'%s' answered '%s' does not cover another flight or cabin", async (request, reply, _f, _c, otherFlights, otherCabin) => {
    const w = last(await audit(identify(record("ABC123")), agent(request), user(reply), change(otherFlights, otherCabin)));
    expect(w.status, w.evidence).not.toBe("confirmed");
  });

  it.each([
    ["I'll add one checked bag to ABC123, free for gold. Proceed?", "Yes."],
    ["我可以为预订 ABC123 加一件托运行李，免费。确认吗？", "好的，确认。"],
    ["¿Quiere cancelar la reserva ABC123? El reembolso va al método de pago original.", "Sí."],
  ])("a yes to something else ('%s') does not cover moving ABC123 to HAT200", async (request, reply) => {
    const w = last(await audit(identify(record("ABC123")), agent(request), user(reply), change(H200)));
    expect(w.status, w.evidence).toBe("unconfirmed");
  });

  it.each([
    ["Would you like to know the fare difference for moving ABC123 to HAT200 on May 21 in economy?", "Yes."],
    ["Do you want me to check other flights besides moving ABC123 to HAT200 on May 21, economy?", "Yes."],
    ["¿Quiere saber la diferencia de tarifa para cambiar la reserva ABC123 al vuelo HAT200 del 21 de mayo en clase turista?", "Sí."],
    ["¿Le gustaría ver otras opciones además de cambiar la reserva ABC123 al vuelo HAT200 del 21 de mayo en clase turista?", "Sí."],
  ])("an offer of information ('%s') asks for no agreement: the change is not confirmed", async (request, reply) => {
    const w = last(await audit(identify(record("ABC123")), agent(request), user(reply), change(H200)));
    expect(w.status, w.evidence).not.toBe("confirmed");
  });
});

describe("the dates a Chinese request gives its flights", () => {
  const ROUND = record("ABC123", {
    flight_type: "round_trip",
    flights: [
      { flight_number: "HAT100", date: "2024-05-20", origin: "JFK", destination: "SEA", price: 120 },
      { flight_number: "HAT101", date: "2024-05-27", origin: "SEA", destination: "JFK", price: 120 },
    ],
  });
  const request = "我将把预订 ABC123 改为 HAT300（5月20日）和 HAT301（5月27日），经济舱，无差价。请确认是否办理？";
  const written = (first: string, second: string) => [
    { flight_number: "HAT300", date: first },
    { flight_number: "HAT301", date: second },
  ];
  it("HAT300（5月20日）和 HAT301（5月27日） covers them written so", async () => {
    const w = last(
      await audit(
        identify(ROUND),
        agent(request),
        user("是的，请办理。"),
        change(written("2024-05-20", "2024-05-27"), "economy", { flight_type: "round_trip" }),
      ),
    );
    expect(w.status, w.evidence).toBe("confirmed");
  });
  it("… and not with the dates swapped (date)", async () => {
    const w = last(
      await audit(
        identify(ROUND),
        agent(request),
        user("是的，请办理。"),
        change(written("2024-05-27", "2024-05-20"), "economy", { flight_type: "round_trip" }),
      ),
    );
    expect(w.status, w.evidence).not.toBe("confirmed");
    expect(w.mismatches?.map((m) => m.field) ?? []).toContain("date");
  });
});
