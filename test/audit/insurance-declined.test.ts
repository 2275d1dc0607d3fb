/**
 * Travel insurance as a booking request states it, in English, Chinese and Spanish (issue 14, known gap of the audit):
 * "不购买保险" / "不加保险" / "sin seguro" / "no incluye seguro" decline it (before, "不购买保险" was read as buying it,
 * "买保险", and a Chinese request without spaces after "。" was one question that chose nothing); "加购旅行保险" /
 * "con el seguro de viaje" buy it. Each booking that follows the request passes; the booking that buys insurance the
 * request declined is refused on the insurance field, and "¿está seguro?" ("are you sure?") is not insurance. A label and
 * its value in a table row or bullet ("| Travel insurance | Not included |", "Insurance: not purchased", "Seguro de
 * viaje: no incluido") choose too.
 */
import { describe, expect, it } from "vitest";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { agent, auditAirlineWrites as audit, callAndResult, user } from "./conversation-builder.js";
import { identifyMiaLi, miaLiBooking, miaLiProfile } from "./mia-li-user.js";

const identify = () => identifyMiaLi(miaLiProfile([]), "Hi, I'm Mia Li, user id mia_li_3668.");
const book = (insurance: "yes" | "no") =>
  callAndResult(null, "book_reservation", miaLiBooking({ insurance, payment_methods: [{ payment_id: "credit_card_4421486", amount: 182 }] }));

async function bookingAfter(request: string, reply: string, insurance: "yes" | "no"): Promise<AuditedWrite> {
  const writes = await audit(identify(), agent(request), user(reply), book(insurance));
  return writes[0]!;
}

const ZH_BASE = "我将为 Mia Li 预订5月20日的 HAT136 航班，经济舱，用尾号7447的Visa卡支付182美元，不托运行李";
const ES_BASE = "Reservaré el vuelo HAT136 del 20 de mayo, clase turista, para Mia Li, 182 dólares con su Visa terminada en 7447, sin maletas";
const EN_BASE = "I'll book HAT136 on May 20, economy, for Mia Li, $182 on your Visa ending in 7447, no bags";

// [request, reply]: each declines insurance
const DECLINED: readonly (readonly [string, string])[] = [
  [`${ZH_BASE}，不购买保险。请确认是否预订？`, "是的，请预订。"],
  [`${ZH_BASE}，不加保险。 确认吗？`, "好的，订吧。"],
  [`${ZH_BASE}，无需旅行保险。可以吗？`, "可以。"],
  [`${ES_BASE}, sin el seguro de viaje. ¿Desea que proceda?`, "Sí, adelante."],
  [`${ES_BASE}. La reserva no incluye seguro de viaje. ¿Le parece bien?`, "Sí, perfecto."],
  [`${ES_BASE}; usted rechazó el seguro. ¿Procedo?`, "Sí."],
  [`${EN_BASE}, and you declined the travel insurance. Shall I book it?`, "Yes, book it."],
  // a label and its value (red-team batch 3, I1/I3): a table row, a bullet, a Spanish label
  [
    `| Flight | HAT136, May 20, economy |\n|---|---|\n| Passenger | Mia Li |\n| Travel insurance | Not included |\n| Total | $182, Visa ending in 7447 |\n\nShall I book it?`,
    "Yes.",
  ],
  [`${EN_BASE}.\n- Insurance: not purchased\nI'll proceed with the booking once you confirm.`, "Confirmed."],
  [`${ES_BASE}. Seguro de viaje: no incluido. ¿Desea que proceda con la reserva?`, "Sí, adelante."],
];

// [request, reply]: each buys insurance
const BOUGHT: readonly (readonly [string, string])[] = [
  [`${ZH_BASE}，加购旅行保险。请确认是否预订？`, "是的，请预订。"],
  [`${ZH_BASE}，包含旅行保险。确认吗？`, "确认。"],
  [`${ES_BASE}, con el seguro de viaje. ¿Desea que proceda?`, "Sí, adelante."],
  [`${EN_BASE}, with travel insurance. Shall I book it?`, "Yes, book it."],
  [
    `| Flight | HAT136, May 20, economy |\n|---|---|\n| Passenger | Mia Li |\n| Travel insurance | Yes |\n| Total | $182, Visa ending in 7447 |\n\nShall I book it?`,
    "Yes.",
  ],
];

describe("insurance declined in the request", () => {
  it.each(DECLINED)("'%s' covers a booking without insurance", async (request, reply) => {
    const w = await bookingAfter(request, reply, "no");
    expect(w.status, w.evidence).toBe("confirmed");
  });

  it.each(DECLINED)("'%s' does not cover a booking that buys insurance (insurance field)", async (request, reply) => {
    const w = await bookingAfter(request, reply, "yes");
    expect(w.status, w.evidence).toBe("args_mismatch");
    expect(w.mismatches?.map((m) => m.field)).toContain("insurance");
    expect(w.mismatches?.flatMap((m) => m.described)).toContain("no insurance");
  });
});

describe("insurance bought in the request", () => {
  it.each(BOUGHT)("'%s' covers a booking with insurance", async (request, reply) => {
    const w = await bookingAfter(request, reply, "yes");
    expect(w.status, w.evidence).toBe("confirmed");
  });

  it.each(BOUGHT)("'%s' does not cover a booking without it (insurance field)", async (request, reply) => {
    const w = await bookingAfter(request, reply, "no");
    expect(w.status, w.evidence).toBe("args_mismatch");
    expect(w.mismatches?.map((m) => m.field)).toContain("insurance");
  });

  it("'¿está seguro?' (are you sure?) and 'no estoy seguro' do not speak of insurance: a booking that buys it is refused", async () => {
    const w = await bookingAfter(`${ES_BASE}. ¿Está seguro de la fecha? ¿Desea que proceda?`, "Sí, no estoy seguro de nada pero adelante.", "yes");
    expect(w.status).not.toBe("confirmed");
  });
});
