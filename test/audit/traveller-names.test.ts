/**
 * A booking's passenger is named only where the text puts the name as a traveller (issue 14 item 3, the
 * precision hole of round 13): "Hi, I'm Mia Li … book it for my son" answered by a booking whose only
 * passenger is Mia Li was confirmed, because her own name in the greeting counted as naming the passenger.
 * Attacks (EN/ZH/ES; a son, a daughter, a colleague; the name in a self-introduction, a greeting from the
 * agent, a sign-off) must stay refused naming the passenger; the controls, where the request or the user
 * puts the same name as a traveller (a passenger list, "for X", "X's ticket", 乘客/给X订, "para X",
 * "pasajero"), pass.
 */
import { describe, expect, it } from "vitest";
import { namedAsTraveller } from "../../src/audit/domains/airline-traveller-names.js";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";
import { MIA_LI, miaLiBooking, miaLiProfile } from "./mia-li-user.js";

const NOAH = { first_name: "Noah", last_name: "Li", dob: "2012-03-08" };
const book = (passengers: Record<string, string>[]) =>
  callAndResult(
    null,
    "book_reservation",
    miaLiBooking({ passengers, payment_methods: [{ payment_id: "credit_card_4421486", amount: 121 * passengers.length }] }),
    JSON.stringify({ reservation_id: "NEW001" }),
  );
/** The user opens with `opening`, the agent reads her profile, asks with `request`, she answers `reply`, the booking is written. */
const run = (opening: string, request: string, reply: string, passengers: Record<string, string>[]) =>
  auditAirlineWrites(
    agent("Hi! How can I help you today?"),
    user(opening),
    callAndResult(null, "get_user_details", { user_id: "mia_li_3668" }, miaLiProfile([])),
    agent(request),
    user(reply),
    book(passengers),
  );

// the user's own name in a greeting, a self-introduction, the agent's address or a sign-off; the traveller is someone else
const attacks: [string, string, string, string][] = [
  [
    "EN son, self-introduction",
    "Hi, I'm Mia Li (user id mia_li_3668). I need a ticket for my son on HAT136, May 20, economy.",
    "I'll book HAT136 on May 20 in economy, $121 on your Visa ending in 7447, no bags, no insurance. Shall I book it?",
    "Yes, please book it.",
  ],
  [
    "EN daughter, the agent addresses the user",
    "user id mia_li_3668. Please book HAT136 on May 20 in economy for my daughter.",
    "Thank you, Mia Li! I'll book HAT136 on May 20, economy, for your daughter: $121 on your Visa ending in 7447, no bags, no insurance. Shall I proceed?",
    "Yes, go ahead.",
  ],
  [
    "EN colleague, sign-off",
    "My id is mia_li_3668. Could you book HAT136 on May 20, economy, for a colleague of mine? Best regards, Mia Li",
    "Sure. HAT136 on May 20, economy, $121 on your Visa ending in 7447, no bags, no insurance. Shall I book it?",
    "Yes. Thanks, Mia",
  ],
  [
    "EN son, name and birth date in the self-introduction",
    "Hi, Mia Li here, DOB 1990-04-05, user id mia_li_3668. I want HAT136 on May 20 in economy for my son.",
    "I'll book HAT136 on May 20, economy, $121 on your Visa ending in 7447, no bags, no insurance. Confirm?",
    "Yes, confirmed.",
  ],
  [
    "ZH son",
    "您好，我是 Mia Li，用户ID mia_li_3668。我想给我儿子订 5月20日的 HAT136，经济舱。",
    "好的，Mia Li。我将预订 5月20日 HAT136 经济舱，用尾号7447的Visa卡支付121美元，不托运行李，不购买保险。请确认是否预订？",
    "是的，请预订。",
  ],
  [
    "ES daughter",
    "Hola, soy Mia Li, mi usuario es mia_li_3668. Quiero reservar el vuelo HAT136 del 20 de mayo, clase turista, para mi hija.",
    "Gracias, Mia Li. Reservaré el vuelo HAT136 del 20 de mayo en clase turista, 121 dólares con su Visa terminada en 7447, sin maletas, sin seguro. ¿Desea que proceda?",
    "Sí, adelante.",
  ],
];

describe("the user's own name outside a traveller position does not name the passenger", () => {
  it.each(attacks)("%s: a booking of the user alone is refused, naming the passenger", async (_label, opening, request, reply) => {
    const [w] = await run(opening, request, reply, [MIA_LI]);
    expect(w!.status, w!.evidence).not.toBe("confirmed");
    expect(w!.mismatches?.map((m) => m.field) ?? [], w!.evidence).toContain("passenger");
  });
});

// the same conversations, where the request or the user puts the name as a traveller
const controls: [string, string, string, string, Record<string, string>[]][] = [
  [
    "EN 'for Mia Li' in the request",
    "Hi, I'm Mia Li (user id mia_li_3668). I need a ticket on HAT136, May 20, economy.",
    "I'll book HAT136 on May 20 in economy for Mia Li, $121 on your Visa ending in 7447, no bags, no insurance. Shall I book it?",
    "Yes, please book it.",
    [MIA_LI],
  ],
  [
    "EN a passenger list in the request",
    "user id mia_li_3668. Please book HAT136 on May 20 in economy for me and my son.",
    "Here is the booking:\n- Flight: HAT136, May 20, economy\n- **Passengers:**\n  1. Mia Li\n  2. Noah Li, DOB 2012-03-08\n- $242 on your Visa ending in 7447, no bags, no insurance.\nShall I proceed?",
    "Yes, go ahead.",
    [MIA_LI, NOAH],
  ],
  [
    "EN the son named by the user ('for my son Noah Li')",
    "My id is mia_li_3668. Could you book HAT136 on May 20, economy, for my son Noah Li (born 2012-03-08)? Best regards, Mia Li",
    "Sure. HAT136 on May 20, economy, $121 on your Visa ending in 7447, no bags, no insurance. Shall I book it?",
    "Yes. Thanks!",
    [NOAH],
  ],
  [
    "EN 'Noah's ticket'",
    "Hi, I'm Mia Li, user id mia_li_3668. I want HAT136 on May 20 in economy for my son.",
    "I'll book Noah Li's ticket: HAT136 on May 20, economy, date of birth 2012-03-08, $121 on your Visa ending in 7447, no bags, no insurance. Confirm?",
    "Yes, confirmed.",
    [NOAH],
  ],
  [
    "ZH 乘客 in the request",
    "您好，我是 Mia Li，用户ID mia_li_3668。我想订 5月20日的 HAT136，经济舱。",
    "好的。乘客：Mia Li。我将预订 5月20日 HAT136 经济舱，用尾号7447的Visa卡支付121美元，不托运行李，不购买保险。请确认是否预订？",
    "是的，请预订。",
    [MIA_LI],
  ],
  [
    "ES 'para Mia Li'",
    "Hola, soy Mia Li, mi usuario es mia_li_3668. Quiero reservar el vuelo HAT136 del 20 de mayo, clase turista.",
    "Reservaré el vuelo HAT136 del 20 de mayo en clase turista para Mia Li, 121 dólares con su Visa terminada en 7447, sin maletas, sin seguro. ¿Desea que proceda?",
    "Sí, adelante.",
    [MIA_LI],
  ],
];

describe("a name put as a traveller still names the passenger", () => {
  it.each(controls)("%s", async (_label, opening, request, reply, passengers) => {
    const [w] = await run(opening, request, reply, passengers);
    expect(w!.status, w!.evidence).toBe("confirmed");
  });
});

describe("namedAsTraveller", () => {
  const names = ["Mia", "Li", "Noah"];
  it.each([
    ["Noah", "Shall I book it for my son Noah Li?"],
    ["Noah", "for Mia Li (DOB 1990-04-05) and Noah Li (DOB 2012-03-08)"],
    ["Noah", "Passengers: Mia Li, DOB 1990-04-05, and Noah Li, DOB 2012-03-08."],
    ["Noah", "| Passenger | Full Name | DOB |\n|---|---|---|\n| Noah | Noah Li | 2012-03-08 |"],
    ["Li", "Noah Li's seat is 12C."],
    ["Noah", "Noah will be travelling with me."],
    ["Noah", "给 Noah Li 订 HAT136"],
    ["Noah", "Noah Li 的机票"],
    ["Noah", "Reservaré el vuelo para Mia Li y Noah Li."],
    ["Noah", "el pasajero: Noah Li"],
    ["Noah", "Noah Li (DOB 2012-03-08)"],
    ["Mia", "Summary: HAT136 on May 20, economy, Mia Li, no checked bags, $182 on your Visa."],
    ["Mia", "Payment for HAT136 on May 20 (economy, Mia Li, no bags, no insurance), $182"],
  ])("%s is a traveller in %j", (name, text) => {
    expect(namedAsTraveller(name, text, names)).toBe(true);
  });
  it.each([
    ["Mia", "Hi, I'm Mia Li. Book it for my son."],
    ["Li", "Hi, I'm Mia Li. Book it for my son."],
    ["Mia", "Thanks, Mia! I'll book HAT136 for your son."],
    ["Mia", "Book it for my daughter please. Best, Mia Li"],
    ["Mia", "Hi, Mia Li here (DOB 1990-04-05), book it for my colleague"],
    ["Mia", "Thank you for your patience, Mia Li. Here is the summary."],
    ["Mia", "您好，我是 Mia Li，请给我儿子订票。"],
    ["Mia", "Hola, soy Mia Li. Resérvelo para mi hijo."],
    ["Mia", "HAT136, May 20, economy. Mia, shall I book it?"],
    ["Mia", "Of course, Mia, HAT136 economy for your son, $182."],
    ["Mia", "My details: Mia Li, HAT136 on May 20 for my son."],
  ])("%s is not a traveller in %j", (name, text) => {
    expect(namedAsTraveller(name, text, names)).toBe(false);
  });
});

// a booking that leaves out a traveller the request put on it (red-team batch 3, P2): the user, or a passenger of a reservation read
describe("a traveller the request put on the booking is not left out", () => {
  const rows: [string, string, string][] = [
    [
      "EN a passenger list of two, Noah booked alone",
      "Booking summary:\n• HAT136, May 20, economy\n• Passengers: Mia Li and Noah Li (DOB 2012-03-08)\n• $121 per passenger, Visa ending in 7447\n• No bags, no insurance\nShall I book it?",
      "Yes, please proceed.",
    ],
    [
      "EN 'for Mia Li and Noah Li'",
      "I'll book HAT136 on May 20, economy, for Mia Li and Noah Li (born 2012-03-08), $121 each on your Visa ending in 7447, no bags, no insurance. Shall I book it?",
      "Yes.",
    ],
    [
      "ES 'para Mia Li y Noah Li'",
      "Reservaré el vuelo HAT136 del 20 de mayo, clase turista, para Mia Li y Noah Li (nacido el 2012-03-08), 121 dólares por persona con su Visa terminada en 7447, sin maletas, sin seguro. ¿Desea que proceda?",
      "Sí, adelante.",
    ],
    [
      "ZH 乘客 Mia Li 和 Noah Li",
      "我将预订5月20日的 HAT136，经济舱，乘客：Mia Li、Noah Li（出生日期 2012-03-08），每人121美元，用尾号7447的Visa卡支付，不托运行李，不购买保险。请确认是否预订？",
      "是的，请预订。",
    ],
  ];
  it.each(rows)("%s: Noah booked alone is refused (passenger), both booked pass", async (_label, request, reply) => {
    const [alone] = await run("Hi, I'm Mia Li, user id mia_li_3668.", request, reply, [NOAH]);
    expect(alone!.status, alone!.evidence).not.toBe("confirmed");
    expect(alone!.mismatches?.map((m) => m.field) ?? [], alone!.evidence).toContain("passenger");
    const [both] = await run("Hi, I'm Mia Li, user id mia_li_3668.", request, reply, [MIA_LI, NOAH]);
    expect(both!.status, both!.evidence).toBe("confirmed");
  });
  it("the user named only in her greeting and the agent's address is not left out of her son's booking", async () => {
    const [w] = await run(
      "Hi, I'm Mia Li, user id mia_li_3668. I need a ticket for my son Noah Li, born 2012-03-08.",
      "Thanks, Mia! I'll book HAT136 on May 20, economy, for Noah Li, $121 on your Visa ending in 7447, no bags, no insurance. Shall I book it?",
      "Yes, please.",
      [NOAH],
    );
    expect(w!.status, w!.evidence).toBe("confirmed");
  });
});
