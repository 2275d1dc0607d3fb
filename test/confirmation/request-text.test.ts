import { describe, expect, it } from "vitest";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import type { ConfirmationDecider, DeciderInput } from "../../src/confirmation/decider.js";
import { renderActionRequest, statesValue, unstatedValues } from "../../src/confirmation/request-text.js";
import { ruleDecider } from "../../src/confirmation/rule-decider.js";
import { AIRLINE_CONFIRM_FIELDS } from "../../src/domains/airline/confirm-fields.js";
import { airlineProtocol } from "../../src/domains/airline/protocol.js";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { paymentsProtocol } from "./fixtures.js";

const KEY = "request-text-key-0123456789abcdef";

function violation(f: () => unknown): ProtocolViolation {
  try {
    f();
  } catch (e) {
    if (e instanceof ProtocolViolation) return e;
    throw e;
  }
  throw new Error("no violation");
}

/** A decider that records what it was asked to judge and says what the rules say. */
function recording(): ConfirmationDecider & { readonly seen: DeciderInput[] } {
  const seen: DeciderInput[] = [];
  return { name: "recording", seen, decide: (i) => (seen.push(i), ruleDecider.decide(i)) };
}

const booking = {
  user_id: "mia_li_3668",
  origin: "JFK",
  destination: "SEA",
  flight_type: "one_way",
  cabin: "basic_economy",
  flights: [{ flight_number: "HAT136", date: "2024-05-20" }],
  passengers: [{ first_name: "Mia", last_name: "Li", dob: "1990-04-05" }],
  payment_methods: [{ payment_id: "credit_card_4421486", amount: 1250 }],
  total_baggages: 2,
  nonfree_baggages: 0,
  insurance: "no",
};

describe("renderActionRequest: the request text rendered from the action", () => {
  it("states every argument, in canonical order whatever the key order, and asks a yes/no question", () => {
    const a = renderActionRequest("pay", { amount: 5, account: "A1", memo: "rent" });
    const b = renderActionRequest("pay", { memo: "rent", account: "A1", amount: 5 });
    expect(a).toBe(b);
    expect(a).toBe("Please confirm: pay\n- account: A1\n- amount: 5\n- memo: rent\nShall I go ahead? (yes/no)");
  });

  it("lists nested arrays item by item; the rendered text states every value it is checked for", () => {
    const text = renderActionRequest("book_reservation", booking);
    expect(text).toContain("- flights 0, flight number: HAT136");
    expect(text).toContain("- payment methods 0, amount: 1250");
    expect(unstatedValues(text, "book_reservation", booking)).toEqual([]);
  });
});

describe("unstatedValues: what an agent's text leaves out", () => {
  it("names each value not stated, with its path; the acting user's id is not required", () => {
    expect(unstatedValues("Refund $20 to your card?", "pay", { account: "A1", amount: 200 })).toEqual([
      { path: "account", value: "A1" },
      { path: "amount", value: 200 },
    ]);
    expect(unstatedValues("Pay $200 from A1?", "pay", { account: "A1", amount: 200, user_id: "u_1" })).toEqual([]);
  });

  it("accepts values in other wordings: dates, money with separators, small counts in words, snake_case with spaces", () => {
    expect(statesValue("on May 20th", "2024-05-20")).toBe(true);
    expect(statesValue("on 20 May", "2024-05-20")).toBe(true);
    expect(statesValue("on May 21", "2024-05-20")).toBe(false);
    expect(statesValue("a total of $1,250.00", 1250)).toBe(true);
    expect(statesValue("a total of $12,500", 1250)).toBe(false);
    expect(statesValue("two checked bags", 2)).toBe(true);
    expect(statesValue("in Basic Economy", "basic_economy")).toBe(true);
    expect(statesValue("in economy", "basic_economy")).toBe(false);
    expect(statesValue("flight hat136", "HAT136")).toBe(true);
    expect(statesValue("flight HAT1360", "HAT136")).toBe(false);
  });

  it("with fields for the tool, only those are required (AIRLINE_CONFIRM_FIELDS)", () => {
    const text = "Booking HAT136 on May 20 in basic economy for Mia Li, 2 checked bags, no insurance, $1,250 on credit_card_4421486. Shall I book it?";
    expect(unstatedValues(text, "book_reservation", booking, AIRLINE_CONFIRM_FIELDS)).toEqual([]);
    expect(unstatedValues(text.replace("HAT136", "HAT137"), "book_reservation", booking, AIRLINE_CONFIRM_FIELDS)).toEqual([
      { path: "flights[0].flight_number", value: "HAT136" },
    ]);
    // without fields every argument counts: the route, the flight type and the date of birth are not stated
    expect(unstatedValues(text, "book_reservation", booking).map((u) => u.path)).toEqual(["destination", "flight_type", "origin", "passengers[0].dob"]);
  });
});

describe("a session binds the request text to the action (live)", () => {
  it("verify (default): an agent's text that leaves a value out is refused, names the value, and registers nothing", () => {
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY } });
    const earlier = s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 5 } }, { description: "Pay $5 from A1?" });
    const v = violation(() => s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 500 } }, { description: "Pay $50 from A1?" }));
    expect(v.code).toBe("confirmation_text_mismatch");
    expect(v.message).toMatch(/does not state this value of the action: amount = 500/);
    expect(v.hint).toMatch(/Restate the action with these exact values/);
    expect(v.data).toMatchObject({ unstated: [{ path: "amount", value: 500 }] });
    // the refused request neither registered nor superseded the earlier one
    expect(
      s
        .confirmationPolicy()
        .pendingActions()
        .map((a) => a.id),
    ).toEqual([earlier.id]);
  });

  it("a text stating every value is what the user saw: the decider judges the reply against it, and the yes grants those arguments", async () => {
    const d = recording();
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY, decider: d } });
    s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 500 } }, { description: "I'll pay $500 from account A1. Shall I go ahead?" });
    const out = await s.receiveUserReply("Yes, go ahead.");
    expect(d.seen[0]!.request).toBe("I'll pay $500 from account A1. Shall I go ahead?");
    expect(out.grants.map((g) => g.arguments)).toEqual([{ account: "A1", amount: 500 }]);
  });

  it("without a text, the rendered one is registered and judged against", async () => {
    const d = recording();
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY, decider: d } });
    const req = s.requestConfirmation({ name: "pay", arguments: { amount: 500, account: "A1" } });
    expect(req.description).toBe(renderActionRequest("pay", { account: "A1", amount: 500 }));
    const out = await s.receiveUserReply("Yes, please.");
    expect(d.seen[0]!.request).toBe(req.description);
    expect(out.decision).toBe("confirmed");
  });

  it("render: the rendered text replaces whatever the agent wrote", () => {
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY, requestText: { mode: "render" } } });
    const req = s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 500 } }, { description: "Just a small payment, OK?" });
    expect(req.description).toBe(renderActionRequest("pay", { account: "A1", amount: 500 }));
  });

  it("trust: the agent's text is kept as it is (the old behaviour, for comparison)", () => {
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY, requestText: { mode: "trust" } } });
    expect(s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 500 } }, { description: "Just a small payment, OK?" }).description).toBe(
      "Just a small payment, OK?",
    );
  });

  it("several actions in one message: when the text leaves a value of one out, none is registered", () => {
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY } });
    const v = violation(() =>
      s.requestConfirmations(
        [
          { name: "pay", arguments: { account: "A1", amount: 5 } },
          { name: "pay", arguments: { account: "B2", amount: 7 } },
        ],
        { description: "Pay $5 from A1 and $7 from A2?" },
      ),
    );
    expect(v.code).toBe("confirmation_text_mismatch");
    expect(v.message).toMatch(/account = "B2"/);
    expect(s.confirmationPolicy().pendingActions()).toEqual([]);
  });

  it("a request tool whose text leaves a value out registers nothing: the write stays refused", async () => {
    const s = new Session(refundProtocol, { confirmation: { key: KEY, requestTools: { request_confirmation: "issue_refund" } } });
    await s.execute({ name: "lookup_booking", arguments: { bookingId: "B-1001" } }, () => ({ id: "B-1001" }));
    await s.execute({ name: "request_confirmation", arguments: { bookingId: "B-1001", amount: 120 } }, () => "Refund 12 USD for booking B-1001? (yes/no)");
    expect(s.confirmationPolicy().pendingActions()).toEqual([]);
    expect((await s.receiveUserReply("Yes.")).grants).toEqual([]);
  });

  it("airline: with AIRLINE_CONFIRM_FIELDS a booking summary in the agent's words passes; one that drops the bags is refused", () => {
    const s = new Session(airlineProtocol, { confirmation: { key: KEY, requestText: { fields: AIRLINE_CONFIRM_FIELDS } } });
    const text =
      "Booking summary: HAT136 on May 20, Basic Economy, passenger Mia Li, 2 checked bags, no travel insurance, $1,250 on credit_card_4421486. Shall I book it?";
    expect(s.requestConfirmation({ name: "book_reservation", arguments: booking }, { description: text }).description).toBe(text);
    const v = violation(() => s.requestConfirmation({ name: "book_reservation", arguments: { ...booking, total_baggages: 3 } }, { description: text }));
    expect(v.message).toMatch(/total_baggages = 3/);
  });
});

/**
 * Issue 14 item 3, live: each kind of detail the user would care about (reservation, flights,
 * dates, cabin, passengers, payment method, amount, bags, insurance). The agent's text describes the
 * action; a write whose arguments differ in that one field is refused with
 * `confirmation_text_mismatch`, and the refusal names the field and the unstated value.
 */
describe("item 3 live: a request text that differs from the action in one field the user cares about", () => {
  const text =
    "Booking summary: HAT136 on May 20, Basic Economy, passenger Mia Li, 2 checked bags, no travel insurance, $1,250 on credit_card_4421486. Shall I book it?";
  const change = "I'll change reservation ABC123 to flight HAT045 on May 21 in economy, paying the difference with credit_card_4421486. Shall I proceed?";
  const flights = { reservation_id: "ABC123", cabin: "economy", flights: [{ flight_number: "HAT045", date: "2024-05-21" }], payment_id: "credit_card_4421486" };
  const rows: readonly (readonly [field: string, tool: string, description: string, args: Record<string, unknown>, path: RegExp])[] = [
    ["reservation", "update_reservation_flights", change, { ...flights, reservation_id: "XYZ789" }, /reservation_id = "?XYZ789/],
    [
      "flight",
      "update_reservation_flights",
      change,
      { ...flights, flights: [{ flight_number: "HAT046", date: "2024-05-21" }] },
      /flights\[0\]\.flight_number = "?HAT046/,
    ],
    [
      "date",
      "update_reservation_flights",
      change,
      { ...flights, flights: [{ flight_number: "HAT045", date: "2024-05-22" }] },
      /flights\[0\]\.date = "?2024-05-22/,
    ],
    ["cabin", "update_reservation_flights", change, { ...flights, cabin: "business" }, /cabin = "?business/],
    ["payment method", "update_reservation_flights", change, { ...flights, payment_id: "gift_card_7777777" }, /payment_id = "?gift_card_7777777/],
    [
      "passenger",
      "book_reservation",
      text,
      { ...booking, passengers: [{ first_name: "Mia", last_name: "Lee", dob: "1990-04-05" }] },
      /passengers\[0\]\.last_name = "?Lee/,
    ],
    [
      "amount",
      "book_reservation",
      text,
      { ...booking, payment_methods: [{ payment_id: "credit_card_4421486", amount: 1520 }] },
      /payment_methods\[0\]\.amount = 1520/,
    ],
    ["bags", "book_reservation", text, { ...booking, total_baggages: 3 }, /total_baggages = 3/],
    ["insurance", "book_reservation", text, { ...booking, insurance: "yes" }, /insurance = "?yes/],
  ];
  for (const [field, tool, description, args, path] of rows) {
    it(`${field}: refused, naming the field and the value`, () => {
      const s = new Session(airlineProtocol, { confirmation: { key: KEY, requestText: { fields: AIRLINE_CONFIRM_FIELDS } } });
      const v = violation(() => s.requestConfirmation({ name: tool, arguments: args }, { description }));
      expect(v.code).toBe("confirmation_text_mismatch");
      expect(v.message).toMatch(path);
    });
  }
  it("the same texts with the described arguments are accepted (the rows above fail for their field only)", () => {
    const s = new Session(airlineProtocol, { confirmation: { key: KEY, requestText: { fields: AIRLINE_CONFIRM_FIELDS } } });
    expect(s.requestConfirmation({ name: "update_reservation_flights", arguments: flights }, { description: change }).description).toBe(change);
    expect(s.requestConfirmation({ name: "book_reservation", arguments: booking }, { description: text, newRound: true }).description).toBe(text);
  });
});
