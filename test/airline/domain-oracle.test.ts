import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { canonicalDiff } from "../../src/domains/airline/canonical.js";
import { airlineBaseDb, forkAirlineDb, loadAirlineDb, mutableEntry } from "../../src/domains/airline/db.js";
import { applyExpectedActions, applyExpectedActionsDetailed, changedEntries, judgeDatabase, taskExpectsWrite } from "../../src/domains/airline/judge.js";
import { loadAirlineTasks } from "../../src/domains/airline/tasks.js";
import { createAirlineTools } from "../../src/domains/airline/tools.js";
import { sharedPath } from "../../src/util/shared-dir.js";

const tasks = loadAirlineTasks();
const oracle = JSON.parse(readFileSync(sharedPath("tau2", "airline", "expected_end_states.json"), "utf8")) as {
  about: string;
  tasks: Record<string, { flights?: Record<string, unknown>; users?: Record<string, unknown>; reservations?: Record<string, unknown> }>;
};

describe("airline domain against tau2's own end states (expected_end_states.json)", () => {
  it("has the 50 tasks of tasks.json, 26 expecting a write and 24 none", () => {
    expect(tasks).toHaveLength(50);
    expect(Object.keys(oracle.tasks).sort()).toEqual(tasks.map((t) => t.id).sort());
    expect(tasks.filter(taskExpectsWrite)).toHaveLength(26);
  });

  it.each(tasks.map((t) => [t.id, t] as const))("task %s: expected actions reproduce the oracle's changed entries and pass the judge", (_id, task) => {
    const { db, errors } = applyExpectedActionsDetailed(task);
    expect(errors).toEqual([]);
    const expected = oracle.tasks[task.id] ?? {};
    const want = { flights: expected.flights ?? {}, users: expected.users ?? {}, reservations: expected.reservations ?? {} };
    expect(canonicalDiff(want, changedEntries(db), `task ${task.id}`)).toEqual([]);
    expect(judgeDatabase(task, db)).toEqual({ pass: true, diffs: [] });
  });

  it("a run that changes nothing passes exactly on the tasks that expect no write", () => {
    const passing = tasks.filter((t) => judgeDatabase(t, loadAirlineDb()).pass).map((t) => t.id);
    const noWrite = tasks.filter((t) => !taskExpectsWrite(t)).map((t) => t.id);
    expect(passing).toEqual(noWrite);
    expect(passing).toHaveLength(24);
  });

  it("the judge names the paths that differ", () => {
    const task = tasks.find((t) => t.id === "19")!; // cancel Z7GOZK
    const db = applyExpectedActions(task);
    mutableEntry(db, "reservations", "Z7GOZK")!.total_baggages = 4;
    const wrongUser = loadAirlineDb();
    createAirlineTools(wrongUser).send_certificate({ user_id: "olivia_gonzalez_2305", amount: 100 });
    expect(judgeDatabase(task, db)).toEqual({ pass: false, diffs: ["reservations.Z7GOZK.total_baggages: expected 0, got 4"] });
    const j = judgeDatabase(task, wrongUser);
    expect(j.pass).toBe(false);
    expect(j.diffs).toContain('reservations.Z7GOZK.status: expected "cancelled", got (absent)');
    expect(j.diffs).toContain(
      'users.olivia_gonzalez_2305.payment_methods.certificate_3221322: expected (absent), got {"amount":100,"id":"certificate_3221322","source":"certificate"}',
    );
  });

  it("compares canonically: key order and null fields do not matter, a fully materialized copy passes", () => {
    const task = tasks.find((t) => t.id === "12")!;
    const db = structuredClone(applyExpectedActions(task)); // every entry a new object
    const r = db.reservations["YAX4DR"]!;
    db.reservations["YAX4DR"] = Object.fromEntries(Object.entries(r).reverse()) as typeof r;
    (db.reservations["YAX4DR"] as unknown as Record<string, unknown>)["status"] = null;
    expect(judgeDatabase(task, db)).toEqual({ pass: true, diffs: [] });
  });
});

describe("loadAirlineDb: a fresh database per run (copy-on-write)", () => {
  it("runs do not see each other's writes, and the shared base stays frozen and unchanged", () => {
    const a = loadAirlineDb();
    const b = loadAirlineDb();
    createAirlineTools(a).cancel_reservation({ reservation_id: "Z7GOZK" });
    expect(a.reservations["Z7GOZK"]!.status).toBe("cancelled");
    expect(b.reservations["Z7GOZK"]!.status).toBeUndefined();
    expect(airlineBaseDb().reservations["Z7GOZK"]!.status).toBeUndefined();
    expect(loadAirlineDb().reservations["Z7GOZK"]!.status).toBeUndefined();
    expect(() => {
      (b.reservations["Z7GOZK"] as { total_baggages: number }).total_baggages = 9;
    }).toThrow(TypeError);
  });

  it("forkAirlineDb copies a run's changed entries, so later writes do not leak into the fork", () => {
    const a = loadAirlineDb();
    const tools = createAirlineTools(a);
    tools.update_reservation_baggages({ reservation_id: "YAX4DR", total_baggages: 1, nonfree_baggages: 0, payment_id: "credit_card_4938634" });
    const fork = forkAirlineDb(a);
    tools.update_reservation_baggages({ reservation_id: "YAX4DR", total_baggages: 2, nonfree_baggages: 0, payment_id: "credit_card_4938634" });
    expect(fork.reservations["YAX4DR"]!.total_baggages).toBe(1);
    expect(a.reservations["YAX4DR"]!.total_baggages).toBe(2);
  });

  // (what keeps ~1,000 runs cheap, asserted as behaviour rather than timed: the file is parsed once
  // and a database shares every entry with the frozen base until a tool changes it)
  it("parses the file once and shares untouched entries with the frozen base", () => {
    const base = airlineBaseDb();
    expect(airlineBaseDb()).toBe(base);
    expect(Object.isFrozen(base.reservations["YAX4DR"])).toBe(true);
    const a = loadAirlineDb();
    const b = loadAirlineDb();
    expect(a.reservations).not.toBe(b.reservations);
    expect(a.reservations["YAX4DR"]).toBe(base.reservations["YAX4DR"]);
    createAirlineTools(a).update_reservation_baggages({ reservation_id: "YAX4DR", total_baggages: 3, nonfree_baggages: 0, payment_id: "credit_card_4938634" });
    expect(a.reservations["YAX4DR"]).not.toBe(base.reservations["YAX4DR"]);
    expect(b.reservations["YAX4DR"]).toBe(base.reservations["YAX4DR"]);
    expect(a.flights).not.toBe(base.flights);
  });
});
