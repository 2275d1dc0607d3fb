import { describe, expect, it } from "vitest";
import { loadAirlineDb } from "../../src/domains/airline/db.js";
import { changedEntries, judgeDatabase } from "../../src/domains/airline/judge.js";
import { airlineProtocol, initialAirlineContext, type AirlineContext } from "../../src/domains/airline/protocol.js";
import { referenceCalls } from "../../src/domains/airline/reference-calls.js";
import { loadAirlineTask, loadAirlineTasks } from "../../src/domains/airline/tasks.js";
import { AIRLINE_WRITE_TOOLS } from "../../src/domains/airline/tool-specs.js";
import { callAirlineTool, createAirlineTools } from "../../src/domains/airline/tools.js";
import type { ToolResult } from "../../src/protocol/types.js";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

/** Drives the protocol directly (validateCall → tool → outcome → reduce → next state), like the Session does, without confirmation grants. */
class Run {
  readonly db = loadAirlineDb();
  readonly tools = createAirlineTools(this.db);
  state: string = airlineProtocol.initial;
  context: AirlineContext = structuredClone(initialAirlineContext);

  call(name: string, args: Record<string, unknown> = {}): ToolResult {
    const v = airlineProtocol.validateCall(this.state as never, { name, arguments: args }, this.context);
    let result: ToolResult;
    try {
      result = { ok: true, value: callAirlineTool(this.tools, name, v.arguments) };
    } catch (error) {
      result = { ok: false, error };
    }
    const outcome = airlineProtocol.outcomeOf(name as never, v.arguments, result)!;
    const reduce = airlineProtocol.config.tools[name]!.reduce;
    if (reduce) this.context = reduce(this.context, v.arguments, result, outcome);
    this.state = airlineProtocol.targetOf(this.state, name, outcome);
    return result;
  }

  /** The violation a call raises (it must raise one), with the failing guard's name when there is one. */
  refused(name: string, args: Record<string, unknown>): { code: string; guard?: string } {
    const before = { state: this.state, context: this.context };
    try {
      this.call(name, args);
    } catch (e) {
      expect(e).toBeInstanceOf(ProtocolViolation);
      expect({ state: this.state, context: this.context }).toEqual(before);
      const v = e as ProtocolViolation;
      const guard = (v.data as { guard?: string } | undefined)?.guard;
      return { code: v.code, ...(guard ? { guard } : {}) };
    }
    throw new Error(`${name} was not refused in state ${this.state}`);
  }

  open(userId: string, ...reservations: string[]): this {
    this.call("get_user_details", { user_id: userId });
    for (const r of reservations) this.call("get_reservation_details", { reservation_id: r });
    return this;
  }
}

describe("airline protocol: shape", () => {
  it("marks every write tool as requiring confirmation, with the changed entity as subject; transfer is the exit", () => {
    const g = airlineProtocol.graph;
    const writes = Object.entries(g.tools)
      .filter(([, t]) => t.effect === "write")
      .map(([n]) => n)
      .sort();
    expect(writes).toEqual([...AIRLINE_WRITE_TOOLS].sort());
    for (const w of AIRLINE_WRITE_TOOLS) {
      expect(g.tools[w]!.requiresConfirmation).toBe(true);
      expect(airlineProtocol.config.tools[w]!.subjects).toEqual(w === "book_reservation" || w === "send_certificate" ? ["user_id"] : ["reservation_id"]);
    }
    expect(g.tools["transfer_to_human_agents"]!.exit).toBe(true);
    // writes only where the user is identified; reservation writes only after a reservation was read
    for (const [state, s] of Object.entries(g.states)) {
      const ws = Object.keys(s.on).filter((t) => g.tools[t]!.effect === "write");
      if (state === "identified") expect(ws).toEqual(["book_reservation"]);
      else if (state === "reservation_open") expect(ws.sort()).toEqual([...AIRLINE_WRITE_TOOLS].sort());
      else expect(ws).toEqual([]);
      for (const w of ws) expect(s.guards?.[w]).toContain("user_identified");
    }
  });
});

describe("airline protocol: tool definitions for a model", () => {
  it("gives all 14 tools with JSON Schema parameters in reservation_open, reads only in start", () => {
    const defs = airlineProtocol.toolsForState("reservation_open");
    expect(defs).toHaveLength(14);
    const update = defs.find((d) => d.name === "update_reservation_flights")!;
    expect(update).toMatchObject({
      effect: "write",
      requiresConfirmation: true,
      parameters: { type: "object", required: ["reservation_id", "cabin", "flights", "payment_id"] },
    });
    expect((update.parameters as { properties: Record<string, { enum?: string[] }> }).properties["cabin"]!.enum).toEqual([
      "basic_economy",
      "economy",
      "business",
    ]);
    expect(airlineProtocol.toolsForState("start").every((d) => d.effect === "read")).toBe(true);
  });
});

describe("airline protocol: correct runs follow it", () => {
  it("every one of the 50 tasks, done the policy's way (identify, read, then write), is accepted and passes the database judge", () => {
    for (const task of loadAirlineTasks()) {
      const run = new Run();
      for (const c of referenceCalls(task, run.db)) {
        try {
          run.call(c.name, c.arguments);
        } catch (e) {
          throw new Error(`task ${task.id}: ${c.name} ${JSON.stringify(c.arguments)} refused: ${(e as Error).message}`);
        }
      }
      expect({ task: task.id, ...judgeDatabase(task, run.db) }).toEqual({ task: task.id, pass: true, diffs: [] });
    }
  });

  it("on the original release (tasks_v0), it refuses exactly the three expected writes tau2 later corrected as policy violations", () => {
    const refused: [string, string, string | undefined][] = [];
    for (const task of loadAirlineTasks("v0")) {
      const run = new Run();
      for (const c of referenceCalls(task, run.db)) {
        try {
          run.call(c.name, c.arguments);
        } catch (e) {
          if (!(e instanceof ProtocolViolation)) throw e;
          refused.push([task.id, c.name, (e.data as { guard?: string } | undefined)?.guard]);
        }
      }
    }
    expect(refused).toEqual([
      ["7", "cancel_reservation", "cancellation_eligible"], // XEHM4B moved to economy, no insurance, booked May 1
      ["9", "cancel_reservation", "nothing_flown"], // NQNU5R: both flights landed
      ["37", "cancel_reservation", "nothing_flown"],
    ]);
  });

  it("a Session runs task 7 (upgrade XEHM4B to business, cancel it and 59XX6W) with each write confirmed", async () => {
    const task = loadAirlineTask("7");
    const db = loadAirlineDb();
    const tools = createAirlineTools(db);
    const session = new Session(airlineProtocol);
    const states: string[] = [];
    const calls = referenceCalls(task, db);
    expect(calls.filter((c) => airlineProtocol.graph.tools[c.name]!.effect === "write").map((c) => c.name)).toEqual([
      "update_reservation_flights",
      "cancel_reservation",
      "cancel_reservation",
    ]);
    for (const c of calls) {
      const call = { name: c.name, arguments: c.arguments };
      if (airlineProtocol.config.tools[c.name]!.requiresConfirmation) {
        // without the user's yes the write is refused before it runs
        await expect(session.run(call, () => callAirlineTool(tools, c.name, c.arguments))).rejects.toMatchObject({ code: "confirmation_missing" });
        session.confirm(session.requestConfirmation(call).id);
      }
      const rec = await session.run(call, (args) => callAirlineTool(tools, c.name, args));
      expect(rec.result.ok).toBe(true);
      states.push(rec.to);
    }
    expect(states).toEqual(["identified", ...calls.slice(1).map(() => "reservation_open")]);
    expect(judgeDatabase(task, db).pass).toBe(true);
  });
});

describe("airline protocol: guards", () => {
  it("blocks an ineligible cancellation with guard_failed and changes nothing (task 0: basic economy, no insurance, booked 11 days ago)", () => {
    const run = new Run().open("emma_kim_9957", "EHGLP3");
    expect(run.refused("cancel_reservation", { reservation_id: "EHGLP3" })).toEqual({ code: "guard_failed", guard: "cancellation_eligible" });
    expect(changedEntries(run.db).reservations).toEqual({});
  });

  it.each([
    ["1", "raj_sanchez_7340", "Q69X3R", "cancellation_eligible"], // booked 29 h ago
    ["26", "amelia_sanchez_4739", "3FRNFB", "cancellation_eligible"],
    ["28", "amelia_rossi_1297", "SI5UKW", "cancellation_eligible"],
    ["41", "amelia_davis_8890", "I6M8JQ", "nothing_flown"],
    ["41", "amelia_davis_8890", "UDMOP1", "cancellation_eligible"],
    ["45", "sophia_taylor_9065", "PEP4E0", "cancellation_eligible"],
    ["48", "anya_garcia_5901", "3RK2T9", "cancellation_eligible"],
  ])("task %s (expects no write): cancelling %s's %s is blocked by %s", (_task, user, reservation, guardName) => {
    const run = new Run().open(user, reservation);
    expect(run.refused("cancel_reservation", { reservation_id: reservation })).toEqual({ code: "guard_failed", guard: guardName });
  });

  it("allows cancellation when the airline cancelled a flight, once the agent checked the statuses", () => {
    const run = new Run().open("noah_jackson_7027", "3VIYOC"); // regular, economy, no insurance; HAT017 and HAT260 on May 10 were cancelled
    expect(run.refused("cancel_reservation", { reservation_id: "3VIYOC" })).toEqual({ code: "guard_failed", guard: "nothing_flown" });
    run.call("get_flight_status", { flight_number: "HAT017", date: "2024-05-10" });
    run.call("get_flight_status", { flight_number: "HAT260", date: "2024-05-10" });
    expect(run.call("cancel_reservation", { reservation_id: "3VIYOC" }).ok).toBe(true);
    expect(run.refused("cancel_reservation", { reservation_id: "3VIYOC" })).toEqual({ code: "guard_failed", guard: "reservation_not_cancelled" });
  });

  it("requires checking today's flights before a change, and blocks when one is already flying", () => {
    const run = new Run().open("mei_brown_7075", "3JA7XV"); // business; HAT045 today is delayed
    expect(run.refused("cancel_reservation", { reservation_id: "3JA7XV" })).toEqual({ code: "guard_failed", guard: "todays_flights_checked" });
    run.call("get_flight_status", { flight_number: "HAT045", date: "2024-05-15" });
    expect(run.call("cancel_reservation", { reservation_id: "3JA7XV" }).ok).toBe(true);
    const flying = new Run().open("chen_lee_6825", "ZBCR1P"); // business; HAT043 today is flying
    flying.call("get_flight_status", { flight_number: "HAT043", date: "2024-05-15" });
    expect(flying.refused("cancel_reservation", { reservation_id: "ZBCR1P" })).toEqual({ code: "guard_failed", guard: "nothing_flown" });
  });

  it("basic economy: flights cannot change, the cabin can (task 32's order works)", () => {
    const run = new Run().open("ivan_rossi_8555", "OWZ4XL");
    const nonstop = {
      reservation_id: "OWZ4XL",
      cabin: "basic_economy",
      flights: [{ flight_number: "HAT041", date: "2024-05-21" }],
      payment_id: "credit_card_9659780",
    };
    expect(run.refused("update_reservation_flights", nonstop)).toEqual({ code: "guard_failed", guard: "basic_economy_flights_unchanged" });
    const keep = [
      { flight_number: "HAT202", date: "2024-05-21" },
      { flight_number: "HAT232", date: "2024-05-21" },
    ];
    expect(run.call("update_reservation_flights", { reservation_id: "OWZ4XL", cabin: "economy", flights: keep, payment_id: "credit_card_9659780" }).ok).toBe(
      true,
    );
    expect(run.call("update_reservation_flights", { ...nonstop, cabin: "economy" }).ok).toBe(true);
  });

  it("task 36: a basic economy trip partly flown cannot be moved", () => {
    const run = new Run().open("lucas_brown_4047", "EUJUY6");
    const moved = {
      reservation_id: "EUJUY6",
      cabin: "basic_economy",
      flights: [
        { flight_number: "HAT238", date: "2024-05-14" },
        { flight_number: "HAT290", date: "2024-05-14" },
        { flight_number: "HAT266", date: "2024-05-18" },
        { flight_number: "HAT044", date: "2024-05-18" },
      ],
      payment_id: "gift_card_0000000",
    };
    expect(run.refused("update_reservation_flights", moved)).toMatchObject({ code: "guard_failed" });
  });

  it("bags can only be added, and bags beyond the free allowance must be paid", () => {
    const run = new Run().open("chen_lee_6825", "YAX4DR"); // gold, economy, 2 passengers: 6 free bags
    const bags = (total: number, nonfree: number) => ({
      reservation_id: "YAX4DR",
      total_baggages: total,
      nonfree_baggages: nonfree,
      payment_id: "credit_card_4938634",
    });
    expect(run.refused("update_reservation_baggages", bags(7, 0))).toEqual({ code: "guard_failed", guard: "extra_bags_charged" });
    expect(run.call("update_reservation_baggages", bags(7, 1)).ok).toBe(true);
    expect(run.refused("update_reservation_baggages", bags(6, 1))).toEqual({ code: "guard_failed", guard: "bags_only_added" });
    expect(run.refused("update_reservation_baggages", { ...bags(8, 2), payment_id: "certificate_6730850" })).toEqual({
      code: "guard_failed",
      guard: "update_payment_gift_card_or_credit_card",
    });
  });

  it("passenger count cannot change", () => {
    const run = new Run().open("chen_lee_6825", "YAX4DR");
    expect(
      run.refused("update_reservation_passengers", { reservation_id: "YAX4DR", passengers: [{ first_name: "A", last_name: "B", dob: "2000-01-01" }] }),
    ).toEqual({
      code: "guard_failed",
      guard: "passenger_count_unchanged",
    });
  });

  it("writes need identification, the reservation read in this session, and the identified user's own reservation", () => {
    const run = new Run();
    expect(run.refused("cancel_reservation", { reservation_id: "YAX4DR" })).toMatchObject({ code: "tool_not_allowed" });
    run.call("get_reservation_details", { reservation_id: "YAX4DR" });
    expect(run.state).toBe("reservation_seen");
    expect(run.refused("cancel_reservation", { reservation_id: "YAX4DR" })).toMatchObject({ code: "tool_not_allowed" });
    run.call("get_user_details", { user_id: "chen_lee_6825" });
    expect(run.state).toBe("reservation_open");
    expect(run.refused("cancel_reservation", { reservation_id: "ZBCR1P" })).toEqual({ code: "guard_failed", guard: "reservation_read" });
    run.call("get_reservation_details", { reservation_id: "Z7GOZK" }); // someone else's
    expect(run.refused("cancel_reservation", { reservation_id: "Z7GOZK" })).toEqual({ code: "guard_failed", guard: "reservation_of_identified_user" });
    expect(
      run.refused("book_reservation", { ...bookingFor("olivia_gonzalez_2305"), payment_methods: [{ payment_id: "credit_card_4938634", amount: 10 }] }),
    ).toEqual({
      code: "guard_failed",
      guard: "booking_for_identified_user",
    });
  });

  it("booking: profile payment methods, at most one certificate, at most five passengers", () => {
    const run = new Run().open("chen_lee_6825");
    expect(run.state).toBe("identified");
    const b = bookingFor("chen_lee_6825");
    expect(run.refused("book_reservation", { ...b, payment_methods: [{ payment_id: "gift_card_1", amount: 10 }] })).toEqual({
      code: "guard_failed",
      guard: "payment_methods_in_profile",
    });
    expect(
      run.refused("book_reservation", {
        ...b,
        payment_methods: [
          { payment_id: "certificate_6730850", amount: 5 },
          { payment_id: "certificate_9982533", amount: 5 },
        ],
      }),
    ).toEqual({ code: "guard_failed", guard: "payment_mix_allowed" });
    const six = Array.from({ length: 6 }, (_, i) => ({ first_name: `P${i}`, last_name: "Lee", dob: "1990-01-01" }));
    expect(run.refused("book_reservation", { ...b, passengers: six })).toEqual({ code: "guard_failed", guard: "at_most_five_passengers" });
  });

  it("compensation: only for eligible users, after checking the disruption, in the policy's amounts", () => {
    const gold = new Run().open("evelyn_nguyen_4236", "PGACWE"); // gold, 2 passengers, HAT274 today delayed
    expect(gold.refused("send_certificate", { user_id: "evelyn_nguyen_4236", amount: 100 })).toEqual({
      code: "guard_failed",
      guard: "compensation_amount_for_checked_disruption",
    });
    gold.call("get_flight_status", { flight_number: "HAT274", date: "2024-05-15" });
    expect(gold.refused("send_certificate", { user_id: "evelyn_nguyen_4236", amount: 200 })).toEqual({
      code: "guard_failed",
      guard: "compensation_amount_for_checked_disruption",
    });
    expect(gold.call("send_certificate", { user_id: "evelyn_nguyen_4236", amount: 100 }).ok).toBe(true);
    const regular = new Run().open("mia_santos_2092", "4NXSCL"); // regular, basic economy, no insurance
    regular.call("get_flight_status", { flight_number: "HAT240", date: "2024-05-15" });
    expect(regular.refused("send_certificate", { user_id: "mia_santos_2092", amount: 50 })).toEqual({ code: "guard_failed", guard: "compensation_eligible" });
  });

  it("transfer_to_human_agents ends the session", () => {
    const run = new Run();
    run.call("transfer_to_human_agents", { summary: "needs a human" });
    expect(run.state).toBe("transferred");
    expect(run.refused("get_user_details", { user_id: "chen_lee_6825" })).toMatchObject({ code: "session_ended" });
  });

  it("lists tools per state: no writes before identification; guards needing arguments do not hide tools", () => {
    expect(airlineProtocol.permittedTools("start", initialAirlineContext).filter((t) => (AIRLINE_WRITE_TOOLS as readonly string[]).includes(t))).toEqual([]);
    const run = new Run().open("chen_lee_6825", "YAX4DR");
    expect(airlineProtocol.permittedTools("reservation_open", run.context).sort()).toEqual(airlineProtocol.allowedTools("reservation_open").sort());
  });
});

function bookingFor(userId: string) {
  return {
    user_id: userId,
    origin: "JFK",
    destination: "ATL",
    flight_type: "one_way",
    cabin: "economy",
    flights: [{ flight_number: "HAT136", date: "2024-05-20" }],
    passengers: [{ first_name: "Chen", last_name: "Lee", dob: "1967-12-12" }],
    payment_methods: [{ payment_id: "credit_card_4938634", amount: 152 }],
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: "no",
  };
}
