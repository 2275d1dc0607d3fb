/**
 * After "which reservation would you like to cancel, and the reason?", the user's instruction naming the cancellation and one
 * listed reservation is consent to it (labels README rule 1), and the reason the user tells answers the agent's own question:
 * it is not something the request did not describe (blind set A, 6369f5f2: "Please cancel LWE3W4, the Phoenix–Minneapolis
 * one. Reason: change of plans, the trade show there went virtual this year."). A reason clause that puts a condition or asks
 * something is not only a reason; the reservation cancelled must be the one the reply names.
 */
import { describe, expect, it } from "vitest";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { withoutStatedReason } from "../../src/audit/reason-answer.js";
import { agent, auditAirlineWrites as audit, callAndResult, user } from "./conversation-builder.js";
import { identifyMiaLi, miaLiProfile, miaLiReservation as record } from "./mia-li-user.js";

const LAX_SFO = { origin: "LAX", destination: "SFO", flights: [{ flight_number: "HAT300", date: "2024-05-22", origin: "LAX", destination: "SFO", price: 90 }] };
const identify = () =>
  identifyMiaLi(
    miaLiProfile(["ABC123", "XYZ789"]),
    "Hi, I'm Mia Li, user id mia_li_3668. I need to cancel a trip.",
    record("ABC123"),
    record("XYZ789", LAX_SFO),
  );
const cancel = (id: string) => callAndResult(null, "cancel_reservation", { reservation_id: id }, JSON.stringify(record(id, { status: "cancelled" })));
const last = (ws: AuditedWrite[]) => ws[ws.length - 1]!;

const ASK = [
  "I found two reservations: 1. ABC123, JFK to SEA on May 20. 2. XYZ789, LAX to SFO on May 22. Could you tell me which reservation you would like to cancel, and the reason for the cancellation?",
  "找到两个预订：1. ABC123，5月20日 JFK 到 SEA；2. XYZ789，5月22日 LAX 到 SFO。请告诉我您想取消哪个预订，以及取消的原因？",
  "Encontré dos reservas: 1. ABC123, JFK a SEA el 20 de mayo. 2. XYZ789, LAX a SFO el 22 de mayo. ¿Qué reserva desea cancelar y cuál es el motivo?",
];

// [the agent's question, the reply naming XYZ789 with a reason]
const NAMED_WITH_REASON: readonly (readonly [string, string])[] = [
  [ASK[0]!, "Please cancel XYZ789, the LA one. Reason: change of plans, the conference there moved online this year."],
  [ASK[0]!, "Cancel XYZ789 because my sister's wedding got moved to June and I won't be in California."],
  [ASK[1]!, "请取消 XYZ789。原因是公司的会议改成线上了，我不用去旧金山了。"],
  [ASK[2]!, "Cancele XYZ789, por favor. El motivo: cambio de planes, mi cliente en San Francisco canceló la reunión."],
];

describe("the reason asked for, told with the instruction", () => {
  it.each(NAMED_WITH_REASON)("after '%s', '%s' covers cancelling XYZ789", async (ask, reply) => {
    const w = last(await audit(identify(), agent(ask), user(reply), cancel("XYZ789")));
    expect(w.status, w.evidence).toBe("confirmed");
  });

  it.each(NAMED_WITH_REASON)("after '%s', '%s' does not cover cancelling ABC123", async (ask, reply) => {
    const w = last(await audit(identify(), agent(ask), user(reply), cancel("ABC123")));
    expect(w.status, w.evidence).not.toBe("confirmed");
  });

  it.each([
    [ASK[0]!, "Cancel XYZ789 because of a change of plans, but only if the refund goes to my gift card."],
    [ASK[0]!, "Cancel XYZ789. The reason is my trip got cancelled, is the refund full?"],
    [ASK[1]!, "取消 XYZ789，原因是计划有变，但只有全额退款才取消。"],
    [ASK[2]!, "Cancele XYZ789 porque cambié de planes, pero solo si me devuelven todo."],
  ])("a reason clause with a condition or a question is not only a reason: '%s' / '%s' stays unconfirmed", async (ask, reply) => {
    const w = last(await audit(identify(), agent(ask), user(reply), cancel("XYZ789")));
    expect(w.status, w.evidence).not.toBe("confirmed");
  });

  it("the reason is taken out only when the agent asked for it", () => {
    const reply = "Please cancel XYZ789. Reason: change of plans, the conference moved online.";
    expect(withoutStatedReason("Which reservation would you like to cancel?", reply)).toBeUndefined();
    expect(withoutStatedReason(ASK[0]!, reply)).toBe("Please cancel XYZ789.");
  });
});
