import { describe, expect, it } from "vitest";
import { airlineAuditDomain } from "../../src/audit/domains/airline-audit-domain.js";
import { replayThroughProtocol } from "../../src/audit/protocol-replay.js";
import { regexSwitchBaseline } from "../../src/audit/regex-switch-baseline.js";
import { airlineProtocol } from "../../src/domains/airline/protocol.js";
import { agent, callAndResult, conversation, user } from "./conversation-builder.js";

const profile = (withId: boolean) =>
  JSON.stringify({
    ...(withId ? { user_id: "mia_li_3668" } : {}),
    name: { first_name: "Mia", last_name: "Li" },
    membership: "gold",
    payment_methods: { credit_card_4421486: { source: "credit_card", id: "credit_card_4421486", brand: "visa", last_four: "7447" } },
    reservations: ["ABC123"],
  });
const reservation = (createdAt: string) =>
  JSON.stringify({
    reservation_id: "ABC123",
    user_id: "mia_li_3668",
    origin: "JFK",
    destination: "SEA",
    flight_type: "one_way",
    cabin: "economy",
    flights: [{ flight_number: "HAT100", date: "2024-05-20", origin: "JFK", destination: "SEA", price: 120 }],
    passengers: [{ first_name: "Mia", last_name: "Li", dob: "1990-04-05" }],
    payment_history: [{ payment_id: "credit_card_4421486", amount: 120 }],
    created_at: createdAt,
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: "no",
    status: null,
  });
const cancel = () => callAndResult(null, "cancel_reservation", { reservation_id: "ABC123" });
const replay = (run: ReturnType<typeof conversation>) => replayThroughProtocol(run, airlineProtocol, airlineAuditDomain.adaptResult?.bind(airlineAuditDomain));

describe("replaying recorded calls through the airline protocol", () => {
  it("a cancellation before the user was identified and the reservation read is refused by state", () => {
    const findings = replay(conversation(agent("Hi"), user("Cancel ABC123"), cancel()));
    expect(findings.get(0)?.violation?.code).toBe("tool_not_allowed");
  });

  it("after identifying the user and reading a recent reservation, the cancellation passes the protocol", () => {
    const run = conversation(
      agent("Hi"),
      user("I'm mia_li_3668"),
      callAndResult(null, "get_user_details", { user_id: "mia_li_3668" }, profile(true)),
      callAndResult(null, "get_reservation_details", { reservation_id: "ABC123" }, reservation("2024-05-15T10:00:00")),
      cancel(),
    );
    expect(replay(run).get(2)).toEqual({ state: "reservation_open", violation: null });
  });

  it("an old, economy, uninsured reservation fails the cancellation-eligibility guard", () => {
    const run = conversation(
      agent("Hi"),
      user("I'm mia_li_3668"),
      callAndResult(null, "get_user_details", { user_id: "mia_li_3668" }, profile(true)),
      callAndResult(null, "get_reservation_details", { reservation_id: "ABC123" }, reservation("2024-05-01T10:00:00")),
      cancel(),
    );
    const v = replay(run).get(2)?.violation;
    expect(v?.code).toBe("guard_failed");
    expect(v?.message).toContain("cancellation_eligible");
  });

  it("a user record without user_id (tau-bench v1) identifies the user the call asked for", () => {
    const run = conversation(
      agent("Hi"),
      user("I'm mia_li_3668"),
      callAndResult(null, "get_user_details", { user_id: "mia_li_3668" }, profile(false)),
      callAndResult(null, "get_reservation_details", { reservation_id: "ABC123" }, reservation("2024-05-15T10:00:00")),
      cancel(),
    );
    expect(replay(run).get(2)?.violation).toBeNull();
    expect(replayThroughProtocol(run, airlineProtocol).get(2)?.violation?.message).toContain("user_identified");
  });
});

describe("the regex-switch baseline", () => {
  it("unlocks every later write at the first word-boundary yes in a user message, and only there", () => {
    const run = conversation(
      agent("Hi"),
      user("Yesterday I booked ABC123."),
      cancel(),
      callAndResult("I am sure you said yes.", "get_flight_status", { flight_number: "HAT100", date: "2024-05-20" }, "yes"),
      cancel(),
      user("Yes, that is my user id."),
      cancel(),
      cancel(),
    );
    const b = regexSwitchBaseline(run, airlineAuditDomain.writeTools);
    expect([...b.entries()].map(([i, j]) => [i, j.unlocked])).toEqual([
      [0, false],
      [2, false],
      [3, true],
      [4, true],
    ]);
  });
});
