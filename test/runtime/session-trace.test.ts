import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import type { BudgetPolicy } from "../../src/budget/budget-policy.js";
import { Session } from "../../src/runtime/session.js";
import { SessionStateError } from "../../src/runtime/session-snapshot.js";
import { DEFAULT_TRACE_KEEP, TRACE_BLOCK, verifyTraceHistory, type TraceEntry } from "../../src/runtime/session-trace.js";
import { rejectedWith } from "../support/expect-violation.js";
import { paymentsProtocol } from "../confirmation/fixtures.js";

const KEY = "trace-test-key-0123456789abcdef";

const loop = defineProtocol({
  name: "loop",
  initial: "open",
  terminal: ["closed"],
  budget: { toolCalls: 1_000_000 },
  tools: {
    lookup: { input: z.object({ n: z.number().int() }), effect: "read" },
    flip: { input: z.object({}), effect: "read" },
    close: { input: z.object({}), effect: "read" },
  },
  states: {
    open: { on: { lookup: { ok: "open" }, flip: { ok: "other" }, close: { ok: "closed" } } },
    other: { on: { lookup: { ok: "other" }, flip: { ok: "open" }, close: { ok: "closed" } } },
    closed: {},
  },
});

/** Runs `n` calls (lookups, a flip every 7th) and returns every entry as it was recorded. */
async function drive(s: Session<any>, n: number, history: TraceEntry[] = []): Promise<TraceEntry[]> {
  for (let i = 0; i < n; i++) {
    const seen = s.traceLength;
    await s.execute(seen % 7 === 6 ? { id: `c${seen}`, name: "flip", arguments: {} } : { id: `c${seen}`, name: "lookup", arguments: { n: seen } }, () => i);
    history.push(...s.traceSince(seen));
  }
  return history;
}

describe("trace retention", () => {
  it("is bounded by default: the last entries in full, the rest counted and chained", async () => {
    const s = new Session(loop, { id: "long" });
    await drive(s, DEFAULT_TRACE_KEEP + 3 * TRACE_BLOCK + 5);
    expect(s.traceLength).toBe(DEFAULT_TRACE_KEEP + 3 * TRACE_BLOCK + 5);
    expect(s.trace.length).toBeGreaterThanOrEqual(DEFAULT_TRACE_KEEP);
    expect(s.trace.length).toBeLessThan(DEFAULT_TRACE_KEEP + TRACE_BLOCK);
    const dropped = s.traceDropped()!;
    expect(dropped.count).toBe(s.traceLength - s.trace.length);
    expect(dropped.count % TRACE_BLOCK).toBe(0);
    expect(s.trace[0]!.seq).toBe(dropped.count);
    expect(dropped.lastTo).toBe(s.trace[0]!.from);
    expect(Object.values(dropped.tools).reduce((a, b) => a + b, 0)).toBe(dropped.count);
    expect(dropped.tools["flip"]).toBeGreaterThan(0);
  });

  it("is configurable: keep N, keep everything, and a bad setting is refused naming it", async () => {
    const small = new Session(loop, { trace: { keep: 10 } });
    await drive(small, 300);
    expect(small.trace.length).toBeGreaterThanOrEqual(10);
    expect(small.trace.length).toBeLessThan(10 + TRACE_BLOCK);
    const all = new Session(loop, { trace: { keep: Number.POSITIVE_INFINITY } });
    await drive(all, 300);
    expect(all.trace).toHaveLength(300);
    expect(all.traceDropped()).toBeUndefined();
    for (const keep of [-1, 1.5, Number.NaN, "10"]) {
      expect(() => new Session(loop, { trace: { keep: keep as number } })).toThrow(/trace\.keep must be a whole number ≥ 0 or Infinity, got/);
    }
  });

  it("a snapshot's size and the time to restore it depend on the retention, not on the session's length", async () => {
    const a = new Session(loop, { id: "size", trace: { keep: 50 } });
    await drive(a, 500);
    const short = JSON.stringify(a.toJSON()).length;
    await drive(a, 70 * TRACE_BLOCK); // the same number of entries held as at 500
    const long = JSON.stringify(a.toJSON()).length;
    expect(long).toBeLessThan(short * 1.1);
    const r = Session.fromJSON(loop, JSON.parse(JSON.stringify(a.toJSON())), { trace: { keep: 50 } });
    expect(r.traceLength).toBe(500 + 70 * TRACE_BLOCK);
    expect(r.trace.length).toBeLessThan(50 + TRACE_BLOCK);
  });

  it("records no formatted dates per call: the time is a number from the session's clock", async () => {
    let t = 1_700_000_000_000;
    const s = new Session(loop, { clock: () => (t += 5) });
    const iso = vi.spyOn(Date.prototype, "toISOString");
    try {
      await drive(s, 50);
      expect(iso).not.toHaveBeenCalled();
    } finally {
      iso.mockRestore();
    }
    expect(s.trace[0]!.at).toBe(1_700_000_000_005);
    expect(s.trace.at(-1)!.at).toBe(1_700_000_000_250);
  });

  it("the trace a session exposes is frozen, entries and array", async () => {
    const s = new Session(loop);
    await drive(s, 3);
    expect(() => (s.trace as TraceEntry[]).pop()).toThrow(TypeError);
    expect(() => ((s.trace as TraceEntry[]).length = 0)).toThrow(TypeError);
    expect(s.trace).toHaveLength(3);
  });

  it("traceSince gives what was recorded after a point, and refuses a point that was dropped", async () => {
    const s = new Session(loop, { trace: { keep: 5 } });
    await drive(s, 200);
    expect(s.traceSince(s.traceLength)).toEqual([]);
    expect(s.traceSince(s.traceLength - 2).map((e) => e.seq)).toEqual([198, 199]);
    expect(() => s.traceSince(0)).toThrow(RangeError);
    expect(() => s.traceSince(0)).toThrow(/dropped by the trace retention/);
    expect(() => s.traceSince(-1)).toThrow(TypeError);
  });
  it("holds the same entries while dropped slots are reclaimed (many blocks past the retention)", async () => {
    const s = new Session(loop, { trace: { keep: 5 } });
    const history = await drive(s, 1500);
    const dropped = s.traceDropped()!;
    expect(s.trace.map((e) => e.seq)).toEqual(history.slice(dropped.count).map((e) => e.seq));
    expect(s.trace).toEqual(history.slice(dropped.count));
    expect(s.traceSince(1498)).toEqual(history.slice(1498));
    expect(s.trace.length).toBeLessThan(5 + TRACE_BLOCK);
    expect(Object.isFrozen(s.trace[0])).toBe(true);
    expect(verifyTraceHistory(s.toJSON(), history)).toEqual({ ok: true });
  });
});

describe("a trimmed trace still proves its history", () => {
  it("the dropped entries hash to the stored digest; any change to the history is detected", async () => {
    const s = new Session(loop, { id: "chain", trace: { keep: 20 } });
    const history = await drive(s, 700);
    const snap = JSON.parse(JSON.stringify(s.toJSON()));
    expect(snap.dropped.count).toBeGreaterThan(600);
    expect(verifyTraceHistory(snap, history)).toEqual({ ok: true });

    const edited = history.map((e) => ({ ...e }));
    edited[100] = { ...edited[100]!, arguments: { n: 9999 } };
    expect(verifyTraceHistory(snap, edited)).toMatchObject({ ok: false, reason: expect.stringMatching(/do not hash to the trace's digest/) });
    const swapped = history.map((e) => ({ ...e }));
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    expect(verifyTraceHistory(snap, swapped).ok).toBe(false);
    expect(verifyTraceHistory(snap, history.slice(1)).ok).toBe(false);
    expect(verifyTraceHistory({ ...snap, id: "another-session" }, history).ok).toBe(false);
    expect(verifyTraceHistory({ ...snap, dropped: { ...snap.dropped, digest: "0".repeat(64) } }, history).ok).toBe(false);
    const retainedEdited = history.map((e) => ({ ...e }));
    retainedEdited[history.length - 1] = { ...retainedEdited[history.length - 1]!, outcome: "other" };
    expect(verifyTraceHistory(snap, retainedEdited)).toMatchObject({ ok: false, reason: expect.stringMatching(/retained entry/) });
  });

  it("detects a forged entry inside a block, a dropped block, reordered blocks and a trimmed pending block", async () => {
    const s = new Session(loop, { id: "blocks", trace: { keep: 30 } });
    const history = await drive(s, 6 * TRACE_BLOCK + 16);
    const snap = JSON.parse(JSON.stringify(s.toJSON()));
    expect(snap.dropped.count).toBe(5 * TRACE_BLOCK);
    expect(snap.trace.length).toBe(TRACE_BLOCK + 16);
    expect(verifyTraceHistory(snap, history)).toEqual({ ok: true });
    const digestMismatch = { ok: false, reason: expect.stringMatching(/do not hash to the trace's digest/) };
    // forged inside a block, in ways a learned argument shape could miss: another key order, a
    // number written as a string, an extra key, another call id
    const lookupAt = history.findIndex((e, i) => i > TRACE_BLOCK + 10 && e.tool === "lookup");
    const forge = (f: (e: TraceEntry) => TraceEntry) => history.map((e, i) => (i === lookupAt ? f(e) : e));
    const n = (history[lookupAt]!.arguments as { n: number }).n;
    expect(
      verifyTraceHistory(
        snap,
        forge((e) => ({ ...e, arguments: { n, m: 1 } })),
      ),
    ).toMatchObject(digestMismatch);
    expect(
      verifyTraceHistory(
        snap,
        forge((e) => ({ ...e, arguments: { n: String(n) } })),
      ),
    ).toMatchObject(digestMismatch);
    expect(
      verifyTraceHistory(
        snap,
        forge((e) => ({ ...e, callId: "other" })),
      ),
    ).toMatchObject(digestMismatch);
    expect(
      verifyTraceHistory(
        snap,
        forge((e) => ({ ...e, at: e.at + 1 })),
      ),
    ).toMatchObject(digestMismatch);
    // what a snapshot cannot hold does not count: a key whose value JSON leaves out
    expect(
      verifyTraceHistory(
        snap,
        forge((e) => ({ ...e, arguments: { n, gone: undefined } })),
      ),
    ).toEqual({ ok: true });
    // a whole block dropped from the history, renumbered to look complete (and a block too many)
    const withoutBlock = [...history.slice(0, TRACE_BLOCK), ...history.slice(2 * TRACE_BLOCK)].map((e, i) => ({ ...e, seq: i }));
    expect(verifyTraceHistory(snap, withoutBlock).ok).toBe(false);
    const renumbered = [...withoutBlock, ...history.slice(-TRACE_BLOCK).map((e, i) => ({ ...e, seq: withoutBlock.length + i }))];
    expect(verifyTraceHistory(snap, renumbered)).toMatchObject(digestMismatch);
    // two blocks swapped (renumbered)
    const swapped = [...history.slice(TRACE_BLOCK, 2 * TRACE_BLOCK), ...history.slice(0, TRACE_BLOCK), ...history.slice(2 * TRACE_BLOCK)].map((e, i) => ({
      ...e,
      seq: i,
    }));
    expect(verifyTraceHistory(snap, swapped)).toMatchObject(digestMismatch);
    // a stored summary that claims one block less (the block's entries moved out of the history)
    const oneLess = { ...snap, dropped: { ...snap.dropped, count: 4 * TRACE_BLOCK } };
    expect(verifyTraceHistory(oneLess, history).ok).toBe(false);
    // the retained entries that will form the next block (pending) cut from the snapshot: restore refuses it...
    const trimmed = structuredClone(snap);
    trimmed.trace.splice(0, 10);
    expect(() => Session.fromJSON(loop, trimmed, { trace: { keep: 30 } })).toThrow(/has seq .* expected/);
    // ...and cut with the count moved past them, the digest does not cover them
    const hidden = structuredClone(snap);
    const cut = hidden.trace.splice(0, TRACE_BLOCK) as TraceEntry[];
    hidden.dropped.count += TRACE_BLOCK;
    for (const e of cut) hidden.dropped.tools[e.tool] = (hidden.dropped.tools[e.tool] ?? 0) + 1;
    hidden.dropped.lastTo = cut[cut.length - 1]!.to;
    expect(verifyTraceHistory(hidden, history)).toMatchObject(digestMismatch);
  });

  it("a snapshot taken mid-block restores and goes on to the digest of a session never interrupted", async () => {
    let t = 0;
    const clock = () => ++t;
    const whole = new Session(loop, { id: "mid", clock, trace: { keep: 5 } });
    await drive(whole, 6 * TRACE_BLOCK);
    t = 0;
    let s = new Session(loop, { id: "mid", clock, trace: { keep: 5 } });
    const history = await drive(s, TRACE_BLOCK + 37); // not on a block boundary
    for (const step of [29, 64, 1, 2 * TRACE_BLOCK + 61]) {
      s = Session.fromJSON(loop, JSON.parse(JSON.stringify(s.toJSON())), { clock, trace: { keep: 5 } });
      await drive(s, step, history);
    }
    expect(s.traceLength).toBe(whole.traceLength);
    expect(s.traceDropped()).toEqual(whole.traceDropped());
    expect(verifyTraceHistory(s.toJSON(), history)).toEqual({ ok: true });
  });

  it("the digest is the one the verifier computes, whatever the arguments hold", async () => {
    // awkward argument values: escapes, unicode, non-integer and negative zero numbers, nested
    // toJSON, a top-level toJSON (called with another key inside the block), absent fields
    const anyArgs = defineProtocol({
      name: "any-args",
      initial: "open",
      terminal: ["closed"],
      tools: { put: { input: z.any(), effect: "read" }, close: { input: z.object({}), effect: "read" } },
      states: { open: { on: { put: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
    });
    const values: unknown[] = [
      { text: 'quote " backslash \\ newline \n tab \t nul \u0000 lone \ud800 emoji 😀' },
      { n: 1.5, z: -0, big: 1e21, tiny: 5e-324, neg: -7 },
      { nested: { toJSON: (k: string) => `nested:${k}` }, list: [undefined, () => 1, null] },
      { toJSON: (k: string) => `top:${k}` },
      { skipped: undefined, fn: () => 1 },
      "a string",
      42,
      null,
    ];
    let t = 0.25;
    const s = new Session(anyArgs, { id: "awkward \u2028 id", clock: () => (t += 1.125), trace: { keep: 0 } });
    const history: TraceEntry[] = [];
    for (let i = 0; i < TRACE_BLOCK * 3; i++) {
      const seen = s.traceLength;
      s.advance(
        s.validate(
          i % 3 === 0 ? { name: "put", arguments: values[i % values.length] } : { id: `id-${i}-"é"`, name: "put", arguments: values[i % values.length] },
          true,
        ),
        { ok: true, value: i },
      );
      history.push(...s.traceSince(seen));
    }
    const snap = s.toJSON();
    expect(snap.dropped?.count).toBe(TRACE_BLOCK * 2);
    // the reference: verifyTraceHistory recomputes the chain from the seed (trace-chain.test.ts checks the encoding itself)
    expect(verifyTraceHistory(snap, history)).toEqual({ ok: true });
    const changed = history.map((e, i) => (i === 5 ? { ...e, arguments: { toJSON: () => "other" } } : e));
    expect(verifyTraceHistory(snap, changed).ok).toBe(false);
  });

  it("the chain does not depend on the retention or on restores in between", async () => {
    let t = 0;
    const clock = () => ++t;
    const c0 = new Session(loop, { id: "same", clock, trace: { keep: 0 } });
    t = 0;
    const ha = await drive(new Session(loop, { id: "same", clock, trace: { keep: 10 } }), 400);
    t = 0;
    let c = c0;
    const hc: TraceEntry[] = [];
    for (let i = 0; i < 4; i++) {
      await drive(c, 100, hc);
      c = Session.fromJSON(loop, JSON.parse(JSON.stringify(c.toJSON())), { clock, trace: { keep: 0 } });
    }
    expect(hc).toEqual(ha);
    expect(verifyTraceHistory(c.toJSON(), ha)).toEqual({ ok: true });
  });
});

describe("restoring a long session keeps every guarantee", () => {
  it("consumed grants, budgets, version and the state survive a restore after thousands of calls", async () => {
    const p = defineProtocol({ ...paymentsProtocol.config, name: "payments-budget", budget: { toolCalls: 10_000 } } as never) as typeof paymentsProtocol;
    const s = new Session(p, { id: "long-pay", confirmation: { key: KEY }, trace: { keep: 30 } });
    s.confirm(s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 5 } }).id);
    const paid: unknown[] = [];
    await s.execute({ name: "pay", arguments: { account: "A1", amount: 5 } }, (a) => paid.push(a));
    for (let i = 0; i < 3000; i++) await s.execute({ name: "read_account", arguments: { account: `A${i % 3}` } }, () => i);
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    expect(json.trace.length).toBeLessThan(30 + TRACE_BLOCK);
    const r = Session.fromJSON(p, json, { confirmation: { key: KEY }, trace: { keep: 30 } });
    expect(r.version).toBe(s.version);
    expect(r.traceLength).toBe(3001);
    expect(r.policy<BudgetPolicy>("budget")!.account.used("toolCalls")).toBe(3001);
    const again = await rejectedWith(r.execute({ name: "pay", arguments: { account: "A1", amount: 5 } }, (a) => paid.push(a)));
    expect(["confirmation_reused", "confirmation_missing"]).toContain(again.code);
    expect(paid).toHaveLength(1);
    await r.execute({ name: "read_account", arguments: { account: "A1" } }, () => 0);
    expect(r.trace.at(-1)!.seq).toBe(3001);
  });

  it("a grant issued before history that was since dropped cannot be checked for staleness, so it is refused", async () => {
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY }, trace: { keep: 0 } });
    s.confirm(s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 5 } }).id);
    for (let i = 0; i <= TRACE_BLOCK; i++) await s.execute({ name: "read_account", arguments: { account: "B" } }, () => i);
    const v = await rejectedWith(s.execute({ name: "pay", arguments: { account: "A1", amount: 5 } }, () => "paid"));
    expect(v.code).toBe("confirmation_stale");
  });

  it("reads format 1 snapshots (ISO times, whole trace) and writes the current format", async () => {
    const v1 = {
      format: "concordat.session",
      formatVersion: 1,
      id: "old",
      protocol: "loop",
      state: "other",
      status: "active",
      trace: [
        { seq: 0, callId: "a", tool: "lookup", arguments: { n: 1 }, outcome: "ok", from: "open", to: "open", at: "2025-01-01T00:00:00.000Z" },
        { seq: 1, tool: "flip", arguments: {}, outcome: "ok", from: "open", to: "other", at: "2025-01-01T00:00:01.500Z" },
      ],
      version: 2,
      extensions: {},
    };
    const r = Session.fromJSON(loop, v1);
    expect(r.trace.map((e) => e.at)).toEqual([Date.parse("2025-01-01T00:00:00.000Z"), Date.parse("2025-01-01T00:00:01.500Z")]);
    expect(r.toJSON().formatVersion).toBe(4);
    await r.execute({ name: "flip", arguments: {} }, () => 0);
    expect(r.state).toBe("open");
    expect(() => Session.fromJSON(loop, { ...v1, trace: [{ ...v1.trace[0], at: "yesterday" }] })).toThrow(/format 1.*not an ISO 8601 time/);
  });

  it("refuses stored traces that do not fit together, naming the problem", async () => {
    const s = new Session(loop, { id: "bad", trace: { keep: 3 } });
    await drive(s, 140);
    const good = JSON.parse(JSON.stringify(s.toJSON()));
    const restore = (d: unknown) => () => Session.fromJSON(loop, d, { trace: { keep: 3 } });
    expect(restore(good)).not.toThrow();
    const gap = structuredClone(good);
    gap.trace.splice(1, 1);
    expect(restore(gap)).toThrow(/has seq .* expected/);
    const jump = structuredClone(good);
    jump.trace[1].from = jump.trace[1].from === "open" ? "other" : "open";
    expect(restore(jump)).toThrow(/starts in state .* previous entry ended in/);
    expect(restore({ ...good, state: good.state === "open" ? "other" : "open" })).toThrow(/trace ends in/);
    expect(restore({ ...good, version: 5 })).toThrow(/version 5, lower than the 140 calls/);
    expect(restore({ ...good, dropped: { ...good.dropped, count: good.dropped.count + 1 } })).toThrow(SessionStateError);
    expect(restore({ ...good, dropped: { ...good.dropped, tools: { lookup: 1 } } })).toThrow(/counters add up to 1/);
    expect(restore({ ...good, status: "ended" })).toThrow(/status "ended" in non-terminal state/);
    expect(() => Session.fromJSON(loop, { ...new Session(loop).toJSON(), state: "other" })).toThrow(/trace ends in "open"/);
  });
});
