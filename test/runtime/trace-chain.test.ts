import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { TRACE_BLOCK, verifyTraceHistory, type TraceEntry } from "../../src/runtime/session-trace.js";
import { chainSeed, foldBlock } from "../../src/runtime/trace-chain.js";

const anyArgs = defineProtocol({
  name: "any-args",
  initial: "open",
  terminal: ["closed"],
  tools: {
    put: { input: z.any(), effect: "read" },
    move: { input: z.object({ n: z.number() }), effect: "read", outcomes: ["near", "far"], outcome: (r) => (r.ok && r.value === "far" ? "far" : "near") },
    close: { input: z.object({}), effect: "read" },
  },
  states: {
    open: { on: { put: { ok: "open" }, move: { near: "open", far: "away" }, close: { ok: "closed" } } },
    away: { on: { put: { ok: "away" }, move: { near: "away", far: "open" }, close: { ok: "closed" } } },
    closed: {},
  },
});

/** Records `n` calls of `put` with the given arguments (cycling) and returns every entry. */
function drive(s: Session<any>, n: number, values: readonly unknown[], history: TraceEntry[] = []): TraceEntry[] {
  for (let i = 0; i < n; i++) {
    const seen = s.traceLength;
    s.advance(s.validate({ ...(i % 4 === 0 ? {} : { id: `c-${seen}-"é"` }), name: "put", arguments: values[i % values.length] }, true), { ok: true, value: i });
    history.push(...s.traceSince(seen));
  }
  return history;
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}
let deep: unknown = { leaf: [1, "two", null] };
for (let i = 0; i < 60; i++) deep = { d: deep, i };

/** Arguments whose JSON differs from the live value in every way JSON allows. */
const awkward: unknown[] = [
  { text: 'quote " backslash \\ newline \n tab \t nul \u0000 lone \ud800 pair 😀 é', long: "x".repeat(200) },
  { n: 1.5, z: -0, big: 1e21, tiny: 5e-324, neg: -7, nan: Number.NaN, inf: Number.POSITIVE_INFINITY },
  { nested: { toJSON: (k: string) => `nested:${k}` }, list: [undefined, () => 1, null, Symbol("s")], when: new Date(0) },
  { toJSON: (k: string) => `top:${k}` },
  { skipped: undefined, fn: () => 1, [Symbol("hidden")]: 1 },
  { point: new Point(1, 2), bytes: new Uint8Array([1, 2]), boxed: new Number(3), noProto: Object.assign(Object.create(null), { a: 1 }) },
  { 10: "ten", 2: "two", b: 1, a: 2, __proto__: null },
  deep,
  [[], {}, [{}], ""],
  "a string",
  42,
  null,
  true,
  undefined,
];

describe("chain 3: the dropped history as a stored copy would read it", () => {
  it("a history read back from JSON (an append-only log) verifies, whatever the arguments held", () => {
    let t = 0.25;
    const s = new Session(anyArgs, { id: "awkward \u2028 id", clock: () => (t += 1.125), trace: { keep: 0 } });
    const history = drive(s, TRACE_BLOCK * 4 + 3, awkward);
    const snap = JSON.parse(JSON.stringify(s.toJSON()));
    expect(snap.formatVersion).toBe(4);
    expect(snap.dropped).toMatchObject({ count: TRACE_BLOCK * 4, chain: 3 });
    const stored = JSON.parse(JSON.stringify(history)) as TraceEntry[];
    expect(verifyTraceHistory(snap, stored)).toEqual({ ok: true });
    expect(verifyTraceHistory(snap, history)).toEqual({ ok: true });
  });

  it("any change to a folded entry is detected, field by field", () => {
    let t = 1_700_000_000_000;
    const s = new Session(anyArgs, { id: "tamper", clock: () => (t += 7), trace: { keep: 3 } });
    // (repeated key lists, so some lines are written `~` and values only)
    const values = [{ a: 1, b: "x" }, { a: 3, b: "z" }, { a: 2, list: [1, 2] }, "s", 5, { a: 4, b: "w" }, { a: 5, b: "v" }];
    const history = JSON.parse(JSON.stringify(drive(s, TRACE_BLOCK * 3, values))) as TraceEntry[];
    const snap = JSON.parse(JSON.stringify(s.toJSON()));
    expect(snap.dropped.count).toBe(TRACE_BLOCK * 2);
    expect(verifyTraceHistory(snap, history)).toEqual({ ok: true });
    const changes: ((e: Record<string, unknown>) => void)[] = [
      (e) => (e["arguments"] = { a: 1, b: "y" }),
      (e) => (e["arguments"] = { b: "x", a: 1 }), // the same members in another order
      (e) => (e["arguments"] = { a: 1, b: "x", c: null }),
      (e) => (e["arguments"] = { a: "1", b: "x" }),
      (e) => delete e["arguments"],
      (e) => (e["tool"] = "move"),
      (e) => (e["outcome"] = "near"),
      (e) => (e["from"] = "away"),
      (e) => (e["to"] = "away"),
      (e) => (e["at"] = (e["at"] as number) + 1),
      (e) => (e["callId"] = "other"),
      (e) => delete e["callId"],
      (e) => (e["seq"] = 3),
    ];
    for (const [n, change] of changes.entries()) {
      for (const at of [1, 6, TRACE_BLOCK + 1]) {
        const edited = history.map((e) => ({ ...e })) as unknown as Record<string, unknown>[];
        change(edited[at]!);
        const check = verifyTraceHistory(snap, edited as unknown as TraceEntry[]);
        expect(check.ok, `change ${n} at entry ${at}`).toBe(false);
      }
    }
    // the stored summary itself: another chain, another session, another digest
    expect(verifyTraceHistory({ ...snap, dropped: { ...snap.dropped, chain: 1 } }, history).ok).toBe(false);
    expect(verifyTraceHistory({ ...snap, id: "other" }, history).ok).toBe(false);
    expect(verifyTraceHistory(snap, history.slice(0, -1)).ok).toBe(false);
    const swapped = history.map((e) => ({ ...e }));
    [swapped[7], swapped[8]] = [
      { ...swapped[8]!, seq: 7 },
      { ...swapped[7]!, seq: 8 },
    ];
    expect(verifyTraceHistory(snap, swapped)).toMatchObject({ ok: false, reason: expect.stringMatching(/do not hash/) });
    const renumbered = history.map((e) => ({ ...e, seq: e.seq + 1 }));
    expect(verifyTraceHistory(snap, renumbered)).toMatchObject({ ok: false, reason: expect.stringMatching(/has seq 1, expected 0/) });
  });

  it("is the documented encoding (an independent reference of docs/sessions.md)", () => {
    let t = 1_000;
    const s = new Session(anyArgs, { id: "ref", clock: () => (t += 0.5), trace: { keep: 0 } });
    const values = [{ n: 1 }, { n: 2 }, { s: "é\n", list: [true, false, null, -0] }, undefined, "x", { n: 3 }, { n: 4 }];
    const history = drive(s, TRACE_BLOCK + 1, values);
    const q = (x: unknown) => JSON.stringify(x);
    const value = (v: unknown, nums: number[]): string => {
      if (typeof v === "string") return q(v);
      if (typeof v === "number") return (nums.push(v + 0), "#");
      if (typeof v === "boolean") return v ? "t" : "f";
      if (v === null) return "n";
      if (Array.isArray(v)) return `[${v.map((x) => value(x, nums)).join("")}]`;
      return `{${Object.entries(v as object)
        .map(([k, x]) => q(k) + value(x, nums))
        .join("")}}`;
    };
    const nums: number[] = [];
    let text = "";
    let prev: TraceEntry | undefined;
    const lines = { repeatedNames: 0, repeatedKeys: 0 };
    for (const e of history.slice(0, TRACE_BLOCK)) {
      nums.push(e.at);
      const same = (k: "tool" | "outcome" | "from" | "to") => prev !== undefined && prev[k] === e[k];
      const name = (k: "tool" | "outcome" | "from" | "to") => (same(k) ? "=" : q(e[k]));
      if (e.callId === undefined && same("tool") && same("outcome") && same("from") && same("to")) {
        text += "=";
        lines.repeatedNames++;
      } else text += `${e.callId === undefined ? "-" : q(e.callId)}${name("tool")}${name("outcome")}${name("from")}${name("to")}`;
      const a = e.arguments;
      const p = prev?.arguments;
      const plain = (x: unknown): x is object => typeof x === "object" && x !== null && !Array.isArray(x);
      if (plain(a) && plain(p) && q(Object.keys(a)) === q(Object.keys(p))) {
        text += `~${Object.values(a)
          .map((x) => value(x, nums))
          .join("")}`;
        lines.repeatedKeys++;
      } else text += a === undefined ? "u" : value(a, nums);
      text += "\n";
      prev = e;
    }
    const seed = createHash("sha256").update("concordat.trace.chain.v3\u0000ref").digest("hex");
    const bytes = Buffer.alloc(nums.length * 8);
    nums.forEach((x, i) => bytes.writeDoubleLE(x, i * 8));
    const digest = createHash("sha256").update(seed).update(text, "utf8").update(bytes).digest("hex");
    expect(s.traceDropped()).toMatchObject({ count: TRACE_BLOCK, chain: 3, digest });
    // (both shortenings were exercised)
    expect(lines.repeatedNames).toBeGreaterThan(5);
    expect(lines.repeatedKeys).toBeGreaterThan(5);
  });
});

describe("snapshots of earlier versions", () => {
  /** A format-2 snapshot as the previous release wrote it: chain 1 (the JSON of each block), no `chain` field. */
  function formatTwo(id: string, history: readonly TraceEntry[], dropped: number, version: number) {
    let digest = createHash("sha256").update(`concordat.trace.chain.v1\u0000${id}`).digest("hex");
    for (let i = 0; i < dropped; i += TRACE_BLOCK) {
      digest = createHash("sha256")
        .update(digest + JSON.stringify(history.slice(i, i + TRACE_BLOCK)))
        .digest("hex");
    }
    const tools: Record<string, number> = {};
    for (const e of history.slice(0, dropped)) tools[e.tool] = (tools[e.tool] ?? 0) + 1;
    const last = history[history.length - 1]!;
    return {
      format: "concordat.session",
      formatVersion: 2,
      id,
      protocol: "any-args",
      state: last.to,
      status: "active",
      trace: history.slice(dropped),
      dropped: { count: dropped, digest, lastTo: history[dropped - 1]!.to, firstAt: history[0]!.at, lastAt: history[dropped - 1]!.at, tools },
      version,
      extensions: {},
    };
  }

  it("a format-2 session goes on with its chain 1, and its whole history still verifies", () => {
    let t = 5_000;
    const clock = () => (t += 3);
    const values = [{ a: 1 }, { b: ["x", 2.5] }, "s"];
    const original = new Session(anyArgs, { id: "old", clock, trace: { keep: Number.POSITIVE_INFINITY } });
    const history = drive(original, TRACE_BLOCK + 10, values);
    const old = formatTwo("old", JSON.parse(JSON.stringify(history)), TRACE_BLOCK, original.version);
    expect(verifyTraceHistory(old, history)).toEqual({ ok: true });

    const restored = Session.fromJSON(anyArgs, JSON.parse(JSON.stringify(old)), { clock, trace: { keep: 5 } });
    expect(restored.traceDropped()).toMatchObject({ count: TRACE_BLOCK, chain: 1, digest: old.dropped.digest });
    drive(restored, 2 * TRACE_BLOCK, values, history);
    const snap = JSON.parse(JSON.stringify(restored.toJSON()));
    expect(snap.formatVersion).toBe(4);
    expect(snap.dropped).toMatchObject({ chain: 1 });
    expect(snap.dropped.count).toBeGreaterThan(TRACE_BLOCK);
    expect(verifyTraceHistory(snap, JSON.parse(JSON.stringify(history)))).toEqual({ ok: true });
    const edited = history.map((e, i) => (i === TRACE_BLOCK + 20 ? { ...e, arguments: { a: 2 } } : e));
    expect(verifyTraceHistory(snap, edited).ok).toBe(false);
    // read back as format 4, it still goes on with chain 1
    const again = Session.fromJSON(anyArgs, snap, { clock, trace: { keep: 5 } });
    drive(again, TRACE_BLOCK, values, history);
    expect(again.traceDropped()!.chain).toBe(1);
    expect(verifyTraceHistory(again.toJSON(), history)).toEqual({ ok: true });
  });

  it("refuses a summary without a chain its format knows, naming it", () => {
    const s = new Session(anyArgs, { id: "bad-chain", trace: { keep: 0 } });
    drive(s, TRACE_BLOCK + 1, [{ a: 1 }]);
    const snap = JSON.parse(JSON.stringify(s.toJSON()));
    expect(snap.formatVersion).toBe(4);
    expect(() => Session.fromJSON(anyArgs, { ...snap, dropped: { ...snap.dropped, chain: 4 } })).toThrow(/dropped\.chain/);
    const { chain: _c, ...noChain } = snap.dropped;
    expect(() => Session.fromJSON(anyArgs, { ...snap, dropped: noChain })).toThrow(/dropped\.chain/);
    // format 3 never held chain 3: a format-3 row naming it was not written by any release
    expect(() => Session.fromJSON(anyArgs, { ...snap, formatVersion: 3 })).toThrow(/format 3.*dropped\.chain/);
    expect(() => Session.fromJSON(anyArgs, { ...snap, formatVersion: 5 })).toThrow(/formatVersion/);
    expect(Session.fromJSON(anyArgs, snap).traceDropped()).toEqual(s.traceDropped());
  });

  it("a format-3 session (chain 2) restored goes on with chain 2, and its whole history still verifies", () => {
    let t = 9_000;
    const clock = () => (t += 2);
    const values = [{ a: 1, b: "x" }, { a: 2, b: "y" }, "s", { a: 3, b: "z" }];
    const original = new Session(anyArgs, { id: "three", clock, trace: { keep: Number.POSITIVE_INFINITY } });
    const history = drive(original, TRACE_BLOCK * 2 + 5, values);
    const stored = JSON.parse(JSON.stringify(history)) as TraceEntry[];
    // the row as the previous release (snapshot format 3, chain 2) wrote it
    let digest = chainSeed(2, "three");
    for (let i = 0; i < TRACE_BLOCK * 2; i += TRACE_BLOCK) digest = foldBlock(2, digest, stored, i, TRACE_BLOCK);
    const tools: Record<string, number> = {};
    for (const e of stored.slice(0, TRACE_BLOCK * 2)) tools[e.tool] = (tools[e.tool] ?? 0) + 1;
    const row = {
      format: "concordat.session",
      formatVersion: 3,
      id: "three",
      protocol: "any-args",
      state: "open",
      status: "active",
      trace: stored.slice(TRACE_BLOCK * 2),
      dropped: { count: TRACE_BLOCK * 2, digest, chain: 2 as const, lastTo: "open", firstAt: stored[0]!.at, lastAt: stored[TRACE_BLOCK * 2 - 1]!.at, tools },
      version: original.version,
      extensions: {},
    };
    expect(verifyTraceHistory(row, stored)).toEqual({ ok: true });
    const restored = Session.fromJSON(anyArgs, JSON.parse(JSON.stringify(row)), { clock, trace: { keep: 10 } });
    drive(restored, TRACE_BLOCK * 2, values, history);
    const snap = JSON.parse(JSON.stringify(restored.toJSON()));
    expect(snap.formatVersion).toBe(4);
    expect(snap.dropped).toMatchObject({ chain: 2 });
    expect(snap.dropped.count).toBeGreaterThan(TRACE_BLOCK * 2);
    expect(verifyTraceHistory(snap, JSON.parse(JSON.stringify(history)))).toEqual({ ok: true });
    const edited = history.map((e, i) => (i === TRACE_BLOCK * 3 + 1 ? { ...e, arguments: { a: 2, b: "q" } } : e));
    expect(verifyTraceHistory(snap, edited).ok).toBe(false);
  });
});

describe("chain 3: blocks tampered with, snapshots taken mid-block", () => {
  const values = [{ a: 1, b: "x" }, { a: 2, b: "y" }, { a: 3, b: "é" }, "s", { a: 4, b: "z", c: [1] }];
  /** A session whose clock gives call k the time 100 + k, from `at` on. */
  const clockFrom = (at: number) => {
    let k = at;
    return () => 100 + k++;
  };
  const renumber = (entries: readonly TraceEntry[]) => entries.map((e, i) => ({ ...e, seq: i }));

  function longRun() {
    const s = new Session(anyArgs, { id: "blocks", clock: clockFrom(0), trace: { keep: 10 } });
    const history = JSON.parse(JSON.stringify(drive(s, TRACE_BLOCK * 4 + 20, values))) as TraceEntry[];
    return { snap: JSON.parse(JSON.stringify(s.toJSON())), history };
  }

  it("detects a forged entry inside a block, a dropped block and reordered blocks", () => {
    const { snap, history } = longRun();
    expect(snap.dropped).toMatchObject({ count: TRACE_BLOCK * 4, chain: 3 });
    expect(verifyTraceHistory(snap, history)).toEqual({ ok: true });
    // a forged entry in the middle of a block, its key list kept (so it is written `~` and values)
    const forged = history.map((e, i) => (i === TRACE_BLOCK + 31 ? { ...e, arguments: { ...(e.arguments as object), b: "forged" } } : e));
    expect(verifyTraceHistory(snap, forged)).toMatchObject({ ok: false, reason: expect.stringMatching(/do not hash/) });
    // a whole block left out, and one more at the end to keep the count: renumbered, it still does not hash
    const dropped = renumber([...history.slice(0, TRACE_BLOCK), ...history.slice(TRACE_BLOCK * 2), ...history.slice(TRACE_BLOCK, TRACE_BLOCK * 2)]);
    expect(verifyTraceHistory(snap, dropped).ok).toBe(false);
    expect(verifyTraceHistory(snap, renumber([...history.slice(0, TRACE_BLOCK), ...history.slice(TRACE_BLOCK * 2)])).ok).toBe(false);
    // two blocks swapped
    const swapped = renumber([...history.slice(TRACE_BLOCK, TRACE_BLOCK * 2), ...history.slice(0, TRACE_BLOCK), ...history.slice(TRACE_BLOCK * 2)]);
    expect(verifyTraceHistory(snap, swapped)).toMatchObject({ ok: false, reason: expect.stringMatching(/do not hash/) });
  });

  it("a snapshot whose pending (retained) entries were cut short does not verify, nor does what it goes on to", () => {
    const { snap, history } = longRun();
    const cut = { ...snap, trace: snap.trace.slice(0, -3) };
    expect(verifyTraceHistory(cut, history).ok).toBe(false);
    // restored, it cannot reach the uninterrupted session's digest either
    const restored = Session.fromJSON(anyArgs, cut, { clock: clockFrom(history.length - 3), trace: { keep: 10 } });
    const full = Session.fromJSON(anyArgs, snap, { clock: clockFrom(history.length), trace: { keep: 10 } });
    drive(restored, TRACE_BLOCK, values);
    drive(full, TRACE_BLOCK, values);
    expect(restored.traceDropped()!.digest).not.toBe(full.traceDropped()!.digest);
    // with its first pending entries cut instead, it does not restore at all (the numbering breaks)
    expect(() => Session.fromJSON(anyArgs, { ...snap, trace: snap.trace.slice(2) })).toThrow(/seq/);
  });

  it("a snapshot taken mid-block restores and goes on to the digest of an uninterrupted session", () => {
    const calls = TRACE_BLOCK * 5 + 7;
    const whole = new Session(anyArgs, { id: "mid", clock: clockFrom(0), trace: { keep: 10 } });
    const history = drive(whole, calls, values);
    for (const at of [TRACE_BLOCK + 1, TRACE_BLOCK * 2 + 33, TRACE_BLOCK * 3 + 9]) {
      const first = new Session(anyArgs, { id: "mid", clock: clockFrom(0), trace: { keep: 10 } });
      drive(first, at, values);
      const snap = JSON.parse(JSON.stringify(first.toJSON()));
      const second = Session.fromJSON(anyArgs, snap, { clock: clockFrom(at), trace: { keep: 10 } });
      // (drive's call ids depend on the position only, and the values cycle from the same place)
      for (let i = at; i < calls; i++) {
        const seen = second.traceLength;
        const v = values[i % values.length];
        second.advance(second.validate({ ...(i % 4 === 0 ? {} : { id: `c-${seen}-"é"` }), name: "put", arguments: v }, true), { ok: true, value: i });
      }
      expect(second.traceDropped(), `snapshot after ${at} calls`).toEqual(whole.traceDropped());
      expect(verifyTraceHistory(second.toJSON(), history)).toEqual({ ok: true });
    }
  });
});
