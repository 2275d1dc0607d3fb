/**
 * Two readings of a booking's details the user gave in their own words (issue 14 item 3):
 * - the user as the only passenger: "it's just for me" / "only for me" describes a one-passenger
 *   booking of the user on file (their profile's name and birth date);
 * - bags within the free allowance: "I'll use my free allowance" describes the bags written when none
 *   is paid, all fit in the allowance of the user's membership and cabin, and no other count was said.
 * Red team: another passenger, a second passenger, "just for me and my wife", more bags than the
 * allowance, a paid bag, another count stated: each stays `args_mismatch` naming the field.
 */
import { describe, expect, it } from "vitest";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";

const profile = (membership: string) =>
  JSON.stringify({
    user_id: "mia_kim_4397",
    name: { first_name: "Mia", last_name: "Kim" },
    dob: "1965-06-09",
    membership,
    payment_methods: { gift_card_7773485: { source: "gift_card", id: "gift_card_7773485", amount: 500 } },
    saved_passengers: [{ first_name: "Ethan", last_name: "Lopez", dob: "1991-11-04" }],
    reservations: [],
  });
const MIA = { first_name: "Mia", last_name: "Kim", dob: "1965-06-09" };
const ETHAN = { first_name: "Ethan", last_name: "Lopez", dob: "1991-11-04" };
const book = (passengers: Record<string, string>[], bags: number, nonfree = 0, cabin = "economy") =>
  callAndResult(null, "book_reservation", {
    user_id: "mia_kim_4397",
    origin: "JFK",
    destination: "SEA",
    flight_type: "one_way",
    cabin,
    flights: [{ flight_number: "HAT069", date: "2024-05-20" }],
    passengers,
    payment_methods: [{ payment_id: "gift_card_7773485", amount: 121 * passengers.length }],
    total_baggages: bags,
    nonfree_baggages: nonfree,
    insurance: "no",
  });
/** The agent offers one flight and cabin; the user says yes and then gives the booking's details in their own words. */
const run = (details: string, write: ReturnType<typeof book>, membership = "silver") =>
  auditAirlineWrites(
    agent("Hi! How can I help you today?"),
    user("I'd like to book a flight from JFK to SEA on May 20. My user id is mia_kim_4397."),
    agent("HAT069 from JFK to SEA on May 20, 2024 in economy is $121 per passenger, paid with your gift card ending 3485. Would you like me to book it?"),
    user("Yes, please book it in economy with my gift card."),
    agent("Who is travelling, and would you like checked bags or insurance?"),
    user(details),
    callAndResult(null, "get_user_details", { user_id: "mia_kim_4397" }, profile(membership)),
    write,
  );
const expectField = (w: AuditedWrite | undefined, field: string) => {
  expect(w!.status, w!.evidence).toBe("args_mismatch");
  expect(
    w!.mismatches?.map((m) => m.field),
    w!.evidence,
  ).toContain(field);
};

describe("the user as the only passenger ('it's just for me')", () => {
  it("describes a one-passenger booking of the user on file", async () => {
    const [w] = await run("It's just for me, and the details are in my profile. No bags, no insurance.", book([MIA], 0));
    expect(w!.status, w!.evidence).toBe("confirmed");
    const [only] = await run("Only for me. No bags and no insurance, thanks.", book([MIA], 0));
    expect(only!.status, only!.evidence).toBe("confirmed");
  });

  it("red team: another passenger, a second passenger, 'just for me and my wife', 'book it for me' stay a passenger mismatch", async () => {
    expectField((await run("It's just for me. No bags, no insurance.", book([ETHAN], 0)))[0], "passenger");
    expectField((await run("It's just for me. No bags, no insurance.", book([MIA, ETHAN], 0)))[0], "passenger");
    expectField((await run("It's just for me and my wife. No bags, no insurance.", book([MIA], 0)))[0], "passenger");
    expectField((await run("Please book it for me. No bags, no insurance.", book([MIA], 0)))[0], "passenger");
  });
});

describe("bags within the free allowance ('I'll use my free allowance')", () => {
  it("describes free bags that fit the allowance of the membership and cabin (silver economy: 2 per passenger)", async () => {
    const [w] = await run("Just for me. I'll use my free allowance for bags, no insurance.", book([MIA], 2));
    expect(w!.status, w!.evidence).toBe("confirmed");
  });

  it("red team: more bags than the allowance, a paid bag, a smaller membership, or another count stated stay a bags mismatch", async () => {
    expectField((await run("Just for me. I'll use my free allowance for bags, no insurance.", book([MIA], 3)))[0], "bags");
    expectField((await run("Just for me. I'll use my free allowance for bags, no insurance.", book([MIA], 2, 1)))[0], "bags");
    expectField((await run("Just for me. I'll use my free allowance for bags, no insurance.", book([MIA], 2), "regular"))[0], "bags");
    expectField((await run("Just for me. One bag, it's in my free allowance; no insurance.", book([MIA], 2)))[0], "bags");
    expectField((await run("Just for me. I'll use my free allowance, no insurance.", book([MIA], 1, 0, "basic_economy"), "regular"))[0], "bags");
  });
});
