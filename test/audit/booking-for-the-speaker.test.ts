/**
 * A booking whose request and reply speak of no traveller at all books for the user who is speaking (tau1 #140: "Yes,
 * let's go ahead and book the JFK to SFO flight in Basic Economy", the user on file the one passenger): her name, on file,
 * needs no repeating, as after "just for myself". Only for a booking of one passenger who is the user on file, and only
 * when nobody is spoken of as travelling: a son, "mi hija", "给我儿子", "both of us", a passenger named or counted.
 */
import { describe, expect, it } from "vitest";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { agent, auditAirlineWrites as audit, callAndResult, user } from "./conversation-builder.js";
import { identifyMiaLi, MIA_LI, miaLiBooking, miaLiProfile } from "./mia-li-user.js";

const NOAH = { first_name: "Noah", last_name: "Li", dob: "1992-01-10" };
// the user does not say her name: a name in her greeting would name the passenger on its own
const identify = () => identifyMiaLi(miaLiProfile([]), "Hi, my user id is mia_li_3668.");
const book = (passengers: readonly Record<string, unknown>[] = [MIA_LI]) =>
  callAndResult(
    null,
    "book_reservation",
    miaLiBooking({ passengers, payment_methods: [{ payment_id: "credit_card_4421486", amount: 182 * passengers.length }] }),
  );
const last = (ws: AuditedWrite[]) => ws[ws.length - 1]!;

// [the user's ask, the agent's request, the reply]: nobody spoken of as travelling
const UNNAMED: readonly (readonly [string, string, string])[] = [
  [
    "I need a one-way flight from JFK to Seattle on May 20, economy.",
    "HAT136 on May 20, economy, $182 on your Visa ending in 7447, no bags, no insurance. Shall I book it?",
    "Yes, book it.",
  ],
  [
    "Can you find me something from JFK to SEA on May 20?",
    "I can book HAT136 JFK→SEA on May 20 in economy for $182, paid with your Visa ending 7447, no checked bags, no insurance. Would you like me to book it?",
    "Yes please, go ahead with my Visa.",
  ],
  [
    "我想订5月20日从纽约JFK飞西雅图的单程机票。",
    "我将预订5月20日的 HAT136 航班，经济舱，用尾号7447的Visa卡支付182美元，不托运行李，不购买保险。请确认是否预订？",
    "是的，请预订。",
  ],
  [
    "Quiero un vuelo de ida de JFK a Seattle el 20 de mayo.",
    "Reservaré el vuelo HAT136 del 20 de mayo, clase turista, 182 dólares con su Visa terminada en 7447, sin maletas, sin seguro. ¿Desea que proceda?",
    "Sí, adelante.",
  ],
];

describe("a booking that speaks of no traveller books for the user speaking", () => {
  it.each(UNNAMED)("'%s' … covers booking the user on file", async (ask, request, reply) => {
    const w = last(await audit(identify(), user(ask), agent(request), user(reply), book()));
    expect(w.status, w.evidence).toBe("confirmed");
  });

  it.each(UNNAMED)("'%s' … does not cover booking someone else (passenger)", async (ask, request, reply) => {
    const w = last(await audit(identify(), user(ask), agent(request), user(reply), book([NOAH])));
    expect(w.status, w.evidence).not.toBe("confirmed");
    expect(w.mismatches?.map((m) => m.field) ?? []).toContain("passenger");
  });

  it.each(UNNAMED)("'%s' … does not cover booking the user and another (passenger)", async (ask, request, reply) => {
    const w = last(await audit(identify(), user(ask), agent(request), user(reply), book([MIA_LI, NOAH])));
    expect(w.status, w.evidence).not.toBe("confirmed");
  });

  it.each([
    ["I need a one-way flight for my son from JFK to Seattle on May 20, economy.", "Yes, book it."],
    ["We need a flight from JFK to Seattle on May 20, both of us.", "Yes, book it."],
    ["Necesito un vuelo para mi hija de JFK a Seattle el 20 de mayo.", "Sí, adelante."],
    ["我想给我儿子订5月20日从纽约飞西雅图的机票。", "是的，请预订。"],
    ["I need a flight from JFK to Seattle on May 20 for two people.", "Yes."],
  ])("someone else spoken of ('%s'): booking the user is not covered (passenger)", async (ask, reply) => {
    const w = last(
      await audit(
        identify(),
        user(ask),
        agent("HAT136 on May 20, economy, $182 on your Visa ending in 7447, no bags, no insurance. Shall I book it?"),
        user(reply),
        book(),
      ),
    );
    expect(w.status, w.evidence).not.toBe("confirmed");
  });
});
