import { describe, it, expect, vi } from "vitest";
import { GuardedExecutor, OutcomeNotRecordedError, SessionNotFoundError } from "../../src/store/guarded-executor.js";
import { MemorySessionStore } from "../../src/store/memory-store.js";
import type { SaveOptions, SessionStore, StoredState } from "../../src/store/session-store.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { MemoryViolationSink, ViolationLog } from "../../src/violation/violation-log.js";
import { grantPolicies, grants, payProtocol, SECRET, strictPayProtocol } from "./support/fixtures.js";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { verifyTraceHistory } from "../../src/runtime/session-trace.js";

const codeOf = async (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof ProtocolViolation ? e.code : `error: ${(e as Error).message}`),
  );

function setup(store: SessionStore = new MemorySessionStore({ secret: SECRET })) {
  const sink = new MemoryViolationSink();
  const ex = new GuardedExecutor({ protocol: payProtocol, store, policies: grantPolicies, log: new ViolationLog([sink]) });
  return { ex, store, sink };
}

const PAY = { account: "A", amount: 10 };

/** A protocol whose only limit is a tool-call budget: a stale copy shows up as a wrong budget. */
function budgetedProtocol(toolCalls: number) {
  return defineProtocol({
    name: `budgeted-${toolCalls}`,
    initial: "open",
    terminal: ["done"],
    budget: { toolCalls },
    tools: { ask: { input: z.object({ q: z.string() }), effect: "read" }, end: { input: z.object({}), effect: "read", exit: true } },
    states: { open: { on: { ask: { ok: "open" }, end: { ok: "done" } } }, done: {} },
  });
}

describe("GuardedExecutor", () => {
  it("persists every transition: another executor (process) continues where the first stopped", async () => {
    const { ex, store } = setup();
    const { session } = await ex.create();
    const r = await ex.execute(session.id, { id: "l1", name: "lookup", arguments: { account: "A" } }, () => ({ balance: 3 }));
    expect(r).toMatchObject({ from: "open", to: "open", outcome: "ok", callId: "l1", version: 2 });
    const other = new GuardedExecutor({ protocol: payProtocol, store, policies: grantPolicies });
    await other.execute(session.id, { id: "c", name: "close", arguments: {} }, () => null);
    const { session: after } = await ex.load(session.id);
    expect(after.state).toBe("closed");
    expect(after.trace.map((t) => t.callId)).toEqual(["l1", "c"]);
    expect(await codeOf(ex.execute(session.id, { id: "l2", name: "lookup", arguments: { account: "A" } }, () => 1))).toBe("session_ended");
  });

  it("records the intent (call id, tool, canonical args hash, grant claimed) before the write runs, the outcome after", async () => {
    const { ex, store } = setup();
    const { session } = await ex.create({ init: (s) => grants(s).grant("g1", "pay", PAY) });
    let seenDuring: StoredState | undefined;
    const r = await ex.execute(session.id, { id: "w1", name: "pay", arguments: { amount: 10, account: "A" } }, async (_args, ctx) => {
      seenDuring = (await store.load(session.id))?.state;
      expect(ctx.idempotencyKey).toBe(`${session.id}:w1`);
      return { receipt: "r1" };
    });
    expect(seenDuring?.pending).toBe("w1");
    expect(seenDuring?.session.status).toBe("needs_reconciliation");
    expect(seenDuring?.ledger["w1"]).toMatchObject({ status: "intent", tool: "pay", arguments: PAY, claims: { "test-grants": { grantId: "g1" } } });
    expect(seenDuring?.ledger["w1"]?.argsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.result).toEqual({ ok: true, value: { receipt: "r1" } });
    const after = (await store.load(session.id))!.state;
    expect(after.pending).toBeUndefined();
    expect(after.session.status).toBe("active");
    expect(after.ledger["w1"]).toMatchObject({ status: "done", outcome: "ok", from: "open", to: "open" });
  });

  it("never runs a write without a grant, never twice on one grant; a retry of its call id gets the recorded result", async () => {
    const { ex, sink } = setup();
    const { session } = await ex.create({ init: (s) => grants(s).grant("g1", "pay", PAY) });
    let ran = 0;
    const impl = () => ({ receipt: `r${++ran}` });
    expect(await codeOf(ex.execute(session.id, { id: "x", name: "pay", arguments: { account: "A", amount: 11 } }, impl))).toBe("confirmation_missing");
    const first = await ex.execute(session.id, { id: "w1", name: "pay", arguments: PAY }, impl);
    expect(first).toMatchObject({ result: { ok: true, value: { receipt: "r1" } }, version: 3 });
    expect(first.replayed).toBeUndefined();
    // the client lost the answer and retries: the recorded result, nothing runs
    const retry = await ex.execute(session.id, { id: "w1", name: "pay", arguments: { amount: 10, account: "A" } }, impl);
    expect(retry).toMatchObject({
      replayed: true,
      callId: "w1",
      outcome: "ok",
      from: "open",
      to: "open",
      version: 3,
      result: { ok: true, value: { receipt: "r1" } },
    });
    // the same call id for another call is refused, naming why
    const reused = (await ex
      .execute(session.id, { id: "w1", name: "pay", arguments: { account: "A", amount: 99 } }, impl)
      .catch((e: unknown) => e)) as ProtocolViolation;
    expect(reused.code).toBe("duplicate_call");
    expect(reused.data).toMatchObject({ callId: "w1", reason: "different_call" });
    expect(await codeOf(ex.execute(session.id, { id: "w2", name: "pay", arguments: PAY }, impl))).toBe("confirmation_missing");
    expect(ran).toBe(1);
    expect(sink.records.map((r) => r.code)).toEqual(["confirmation_missing", "duplicate_call", "confirmation_missing"]);
  });

  it("refuses a rollback: an old, validly signed row written back to bring a consumed grant back runs nothing", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const sink = new MemoryViolationSink();
    const ex = new GuardedExecutor({ protocol: payProtocol, store, policies: grantPolicies, log: new ViolationLog([sink]) });
    const { session } = await ex.create({ init: (s) => grants(s).grant("g1", "pay", PAY) });
    const beforeWrite = store.rows.get(session.id)!;
    let ran = 0;
    expect(await codeOf(ex.execute(session.id, { id: "w1", name: "pay", arguments: PAY }, () => ++ran))).toBe("ok");
    // an attacker with database access restores the row from before the write (grant unconsumed)
    store.rows.set(session.id, beforeWrite);
    const refused = async (executor: GuardedExecutor<typeof payProtocol>, callId: string) => {
      const e = (await executor
        .execute(session.id, { id: callId, name: "pay", arguments: PAY }, () => ++ran)
        .then(
          () => undefined,
          (x: unknown) => x,
        )) as ProtocolViolation;
      expect(e).toBeInstanceOf(ProtocolViolation);
      expect(e.code).toBe("state_tampered");
      expect(e.data).toMatchObject({ rollback: true });
      return e;
    };
    // this process has seen version 3; a fresh one (no memory of it) is refused by the store's append-only claims
    expect((await refused(ex, "w2")).message).toContain("was rolled back: a call id or grant was claimed at version 2, but the head row is at version 1");
    const fresh = new GuardedExecutor({ protocol: payProtocol, store, policies: grantPolicies, log: new ViolationLog([sink]) });
    await refused(fresh, "w3");
    expect(ran).toBe(1);
    expect(sink.records.at(-1)?.code).toBe("state_tampered");
    // creating a session under the same id again (after a delete) is not a rollback
    await store.delete(session.id);
    const again = await ex.create({ id: session.id });
    expect(await codeOf(ex.execute(again.session.id, { id: "l1", name: "lookup", arguments: { account: "A" } }, () => 1))).toBe("ok");
  });

  it("a rolled-back head that gets past the load check still cannot consume a grant twice: the append-only claim refuses the intent", async () => {
    // a store whose load does not see the claims (as if the check were bypassed): the second layer must hold
    class BlindStore extends MemorySessionStore {
      protected override selectHead(id: string) {
        const h = super.selectHead(id);
        return h ? { ...h, maxClaimVersion: undefined } : undefined;
      }
    }
    const store = new BlindStore({ secret: SECRET });
    const ex = new GuardedExecutor({ protocol: payProtocol, store, policies: grantPolicies });
    const { session } = await ex.create({ init: (s) => grants(s).grant("g1", "pay", PAY) });
    const before = store.rows.get(session.id)!;
    let ran = 0;
    expect(await codeOf(ex.execute(session.id, { id: "w1", name: "pay", arguments: PAY }, () => ++ran))).toBe("ok");
    store.rows.set(session.id, before);
    const fresh = new GuardedExecutor({ protocol: payProtocol, store, policies: grantPolicies });
    const e = (await fresh.execute(session.id, { id: "w2", name: "pay", arguments: PAY }, () => ++ran).catch((x: unknown) => x)) as ProtocolViolation;
    expect(e.code).toBe("state_tampered");
    expect(e.data).toMatchObject({ claim: "consumed:test-grants:id:g1", rollback: true });
    expect(ran).toBe(1);
  });

  it("a retried read gets its recorded result without running again", async () => {
    const { ex } = setup();
    const { session } = await ex.create();
    let ran = 0;
    await ex.execute(session.id, { id: "r1", name: "lookup", arguments: { account: "A" } }, () => ({ balance: ++ran }));
    const other = setup(ex.store).ex; // another instance, no cache
    for (const executor of [ex, other]) {
      expect(await executor.execute(session.id, { id: "r1", name: "lookup", arguments: { account: "A" } }, () => ({ balance: ++ran }))).toMatchObject({
        replayed: true,
        result: { ok: true, value: { balance: 1 } },
        version: 2,
      });
    }
    expect(ran).toBe(1);
  });

  it("two executors racing on one grant: exactly one write runs", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const a = setup(store).ex;
    const b = setup(store).ex;
    const { session } = await a.create({ init: (s) => grants(s).grant("g1", "pay", PAY) });
    await b.load(session.id);
    let ran = 0;
    const impl = async () => {
      await new Promise((r) => setTimeout(r, 5));
      return ++ran;
    };
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => codeOf((i % 2 ? a : b).execute(session.id, { id: `w${i}`, name: "pay", arguments: PAY }, impl))),
    );
    expect(ran).toBe(1);
    expect(codes.filter((c) => c === "ok")).toHaveLength(1);
    expect(new Set(codes.filter((c) => c !== "ok"))).toEqual(new Set(["confirmation_missing", "needs_reconciliation"].filter((c) => codes.includes(c))));
  });

  it("re-checks a refusal against the latest stored state (a stale cached copy never refuses wrongly)", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const a = setup(store).ex;
    const b = setup(store).ex;
    const { session } = await a.create();
    await a.load(session.id);
    // b grants via a structured update; a's cached copy has no grant
    await b.update(session.id, (s) => grants(s).grant("g1", "pay", PAY));
    let ran = 0;
    expect(await codeOf(a.execute(session.id, { id: "w", name: "pay", arguments: PAY }, () => ++ran))).toBe("ok");
    expect(ran).toBe(1);
  });

  it("a write whose error maps to no outcome leaves the session needing reconciliation; an operator resolves it", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const ex = new GuardedExecutor({ protocol: strictPayProtocol, store, policies: grantPolicies });
    const { session } = await ex.create({ init: (s) => grants(s).grant("g1", "pay", PAY) });
    const boom = new Error("gateway timeout");
    await expect(ex.execute(session.id, { id: "w1", name: "pay", arguments: PAY }, () => Promise.reject(boom))).rejects.toBe(boom);
    const stuck = (await store.load(session.id))!.state;
    expect(stuck.session.status).toBe("needs_reconciliation");
    expect(stuck.pending).toBe("w1");
    expect(stuck.ledger["w1"]).toMatchObject({ status: "unknown_outcome", error: "Error: gateway timeout" });
    expect(await ex.toolsAllowed(session.id)).toEqual([]);
    expect(await codeOf(ex.execute(session.id, { id: "c", name: "close", arguments: {} }, () => 1))).toBe("needs_reconciliation");
    // no hook configured: reconcile without a resolution cannot decide
    expect((await ex.reconcile(session.id)).resolved).toBe(false);
    const rep = await ex.reconcile(session.id, { executed: true, result: { ok: true, value: { receipt: "found-later" } }, by: "operator:ana" });
    expect(rep).toMatchObject({ resolved: true, record: { from: "open", to: "paid", outcome: "ok" } });
    const { session: after, stored } = await ex.load(session.id);
    expect(after.status).toBe("active");
    expect(after.state).toBe("paid");
    expect(stored.state.ledger["w1"]).toMatchObject({ status: "reconciled_executed", resolvedBy: "operator:ana" });
    expect(await codeOf(ex.execute(session.id, { id: "c", name: "close", arguments: {} }, () => 1))).toBe("ok");
  });

  it("a write whose outcome could not be recorded (store failure) is resolved by the reconcile hook's idempotency lookup in another process", async () => {
    const inner = new MemorySessionStore({ secret: SECRET });
    let failNext = false;
    const flaky: SessionStore = Object.assign(Object.create(inner) as SessionStore, {
      compareAndSet: async (id: string, v: number, s: StoredState, o?: SaveOptions) => {
        if (failNext && s.pending === undefined) throw new Error("connection reset");
        return inner.compareAndSet(id, v, s, o);
      },
    });
    const targetSystem = new Map<string, unknown>();
    const ex = new GuardedExecutor({ protocol: strictPayProtocol, store: flaky, policies: grantPolicies });
    const { session } = await ex.create({ init: (s) => grants(s).grant("g1", "pay", PAY) });
    failNext = true;
    const lost = await ex
      .execute(session.id, { id: "w1", name: "pay", arguments: PAY }, (_a, ctx) => {
        targetSystem.set(ctx.idempotencyKey, { receipt: "r1" });
        return { receipt: "r1" };
      })
      .catch((e: unknown) => e);
    // the write ran: the answer says so, with its result, distinct from "nothing happened"
    expect(lost).toBeInstanceOf(OutcomeNotRecordedError);
    expect(lost).toMatchObject({ code: "outcome_not_recorded", callId: "w1", result: { ok: true, value: { receipt: "r1" } } });
    expect((lost as Error).message).toContain("do not repeat the write under a new call id");
    // that process died before it could record it; another process with a reconcile hook takes over
    const fresh = new GuardedExecutor({
      protocol: strictPayProtocol,
      store: inner,
      policies: grantPolicies,
      reconcile: (intent) =>
        targetSystem.has(intent.idempotencyKey) ? { executed: true, result: { ok: true, value: targetSystem.get(intent.idempotencyKey) } } : undefined,
    });
    expect(await codeOf(fresh.execute(session.id, { id: "c", name: "close", arguments: {} }, () => 1))).toBe("needs_reconciliation"); // same process id, lease not expired
    const rep = await fresh.reconcile(session.id);
    expect(rep).toMatchObject({ resolved: true, intent: { callId: "w1" }, resolution: { executed: true } });
    const { session: after } = await fresh.load(session.id);
    expect(after.state).toBe("paid");
    expect(after.trace.filter((t) => t.tool === "pay")).toHaveLength(1);
    expect(await fresh.execute(session.id, { id: "w1", name: "pay", arguments: PAY }, () => 1)).toMatchObject({
      replayed: true,
      result: { ok: true, value: { receipt: "r1" } },
    });
  });

  it("records the outcome even when the session changed while the write ran (e.g. a confirmation)", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const ex = setup(store).ex;
    const other = setup(store).ex;
    const { session } = await ex.create({ init: (s) => grants(s).grant("g1", "pay", PAY) });
    const r = await ex.execute(session.id, { id: "w1", name: "pay", arguments: PAY }, async () => {
      await other.update(session.id, (s) => grants(s).grant("g2", "pay", { account: "B", amount: 1 }));
      return "paid";
    });
    expect(r.outcome).toBe("ok");
    const { session: after, stored } = await ex.load(session.id);
    expect(after.status).toBe("active");
    expect(grants(after).grants.map((g) => g.id)).toEqual(["g1", "g2"]);
    expect(grants(after).used).toEqual(["g1"]);
    expect(stored.state.ledger["w1"]?.status).toBe("done");
  });

  it("names a missing session", async () => {
    const { ex } = setup();
    await expect(ex.execute("nope", { name: "lookup", arguments: { account: "A" } }, () => 1)).rejects.toBeInstanceOf(SessionNotFoundError);
  });

  it("validates arguments before anything runs and reports with the session's facts", async () => {
    const { ex, sink } = setup();
    const { session } = await ex.create();
    let ran = 0;
    expect(await codeOf(ex.execute(session.id, { name: "lookup", arguments: { account: 5 } }, () => ++ran))).toBe("invalid_arguments");
    expect(ran).toBe(0);
    expect(sink.records[0]).toMatchObject({ sessionId: session.id, state: "open", code: "invalid_arguments" });
  });

  it("runs synchronous, promise-returning and thenable implementations alike; a synchronous throw is the tool's error", async () => {
    const { ex } = setup();
    const { session } = await ex.create();
    const thenable = { then: (ok: (v: unknown) => void) => setTimeout(() => ok({ balance: 7 }), 1) };
    const values: unknown[] = [];
    for (const [i, impl] of [() => ({ balance: 1 }), async () => ({ balance: 2 }), () => thenable].entries()) {
      values.push((await ex.execute(session.id, { id: `r${i}`, name: "lookup", arguments: { account: "A" } }, impl)).result);
    }
    expect(values).toEqual([
      { ok: true, value: { balance: 1 } },
      { ok: true, value: { balance: 2 } },
      { ok: true, value: { balance: 7 } },
    ]);
    const boom = new Error("backend down");
    await expect(
      ex.execute(session.id, { id: "r9", name: "lookup", arguments: { account: "A" } }, () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    // a read error with no outcome records nothing: the next call goes on from version 4
    const { stored, session: now } = await ex.load(session.id);
    expect(stored.version).toBe(4);
    expect(now.trace.map((t) => t.callId)).toEqual(["r0", "r1", "r2"]);
  });

  it("stores exactly the session's JSON, also when the trace text is built incrementally", async () => {
    const notes = defineProtocol({
      name: "notes",
      initial: "open",
      terminal: ["done"],
      context: z.object({ notes: z.array(z.string()) }),
      initialContext: { notes: [] },
      tools: {
        note: {
          input: z.object({ text: z.string() }),
          effect: "read",
          reduce: (ctx: { notes: string[] }, a: { text: string }) => ({ notes: [...ctx.notes, a.text] }),
        },
        end: { input: z.object({}), effect: "read" },
      },
      states: { open: { on: { note: { ok: "open" }, end: { ok: "done" } } }, done: {} },
    });
    const at = new Date("2030-01-02T03:04:05.000Z");
    const store = new MemorySessionStore({ secret: SECRET });
    const ex = new GuardedExecutor({ protocol: notes, store, now: () => at });
    const other = new GuardedExecutor({ protocol: notes, store, now: () => at });
    const { session } = await ex.create({ id: "n1" });
    const plain = new Session(notes, { id: "n1", now: () => at });
    const texts = ['"trace":[', "]}", '{"session":', "\u0000", "ünï ✓", ""];
    // 48 calls: the first 32 are sealed into the log on the way (the default seal policy)
    for (let i = 0; i < 48; i++) {
      const text = texts[i % texts.length]! + i;
      // alternate executors so both the incremental and the from-scratch encoding are used
      await (i % 5 === 4 ? other : ex).execute(session.id, { id: `c${i}`, name: "note", arguments: { text } }, () => "ok");
      plain.advance(plain.validate({ id: `c${i}`, name: "note", arguments: { text } }, true), { ok: true, value: "ok" });
      const loaded = (await store.load("n1"))!;
      expect(loaded.state.session).toEqual(plain.toJSON());
      expect(store.rows.get("n1")!.data.startsWith('{"calls":[')).toBe(true);
    }
    expect(store.chunks.get("n1")).toHaveLength(1);
    expect(JSON.parse(store.rows.get("n1")!.data).calls).toHaveLength(16);
  });

  it("without `now`, restored and new sessions stamp the trace with Date.now (no Date object per call); with `now`, with it", async () => {
    const spy = vi.spyOn(Date, "now").mockReturnValue(1_900_000_000_000);
    try {
      const store = new MemorySessionStore({ secret: SECRET });
      const ex = new GuardedExecutor({ protocol: payProtocol, store });
      const { session } = await ex.create();
      await ex.execute(session.id, { id: "c1", name: "lookup", arguments: { account: "a1" } }, () => "ok");
      // another executor restores the session from the row: its clock is Date.now too
      await new GuardedExecutor({ protocol: payProtocol, store }).execute(session.id, { id: "c2", name: "lookup", arguments: { account: "a2" } }, () => "ok");
      const at = new Date("2031-05-06T07:08:09.000Z");
      await new GuardedExecutor({ protocol: payProtocol, store, now: () => at }).execute(
        session.id,
        { id: "c3", name: "lookup", arguments: { account: "a3" } },
        () => "ok",
      );
      const trace = (await store.load(session.id))!.state.session.trace;
      expect(trace.map((e) => e.at)).toEqual([1_900_000_000_000, 1_900_000_000_000, at.getTime()]);
    } finally {
      spy.mockRestore();
    }
  });

  it("carries every policy's state through the store: a budget spent in one process binds the next", async () => {
    const budgeted = budgetedProtocol(2);
    const store = new MemorySessionStore({ secret: SECRET });
    const a = new GuardedExecutor({ protocol: budgeted, store });
    const b = new GuardedExecutor({ protocol: budgeted, store });
    const { session } = await a.create();
    let ran = 0;
    await a.execute(session.id, { name: "ask", arguments: { q: "1" } }, () => ++ran);
    await b.execute(session.id, { name: "ask", arguments: { q: "2" } }, () => ++ran);
    expect(await codeOf(a.execute(session.id, { name: "ask", arguments: { q: "3" } }, () => ++ran))).toBe("budget_exceeded");
    // (a's copy was stale, so the third read ran before compare-and-set caught it: optimistic mode)
    expect(ran).toBe(3);
    const { session: after } = await b.load(session.id);
    expect(after.trace).toHaveLength(2);
    expect(after.toJSON().extensions["budget"]).toMatchObject({ account: { spent: { toolCalls: 2 } } });
  });

  it("a read that another process interleaves with runs once and is recorded against the latest state", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const a = setup(store).ex;
    const b = setup(store).ex;
    const { session } = await a.create();
    let ran = 0;
    const r = await a.execute(session.id, { id: "slow", name: "lookup", arguments: { account: "A" } }, async () => {
      ran++;
      await b.execute(session.id, { id: "fast", name: "lookup", arguments: { account: "B" } }, () => "b");
      return "a";
    });
    expect(ran).toBe(1);
    expect(r.result).toEqual({ ok: true, value: "a" });
    const { session: after } = await a.load(session.id);
    expect(after.trace.map((t) => t.callId)).toEqual(["fast", "slow"]);
  });

  it("optimistic consistency (the default) skips the freshness probe: a stale copy is still caught before anything is recorded", async () => {
    const budgeted = budgetedProtocol(1);
    const store = new MemorySessionStore({ secret: SECRET });
    const a = new GuardedExecutor({ protocol: budgeted, store });
    const b = new GuardedExecutor({ protocol: budgeted, store });
    const { session } = await a.create();
    let ran = 0;
    await b.execute(session.id, { name: "ask", arguments: { q: "1" } }, () => ++ran);
    // a's cached copy predates b's call: the read runs on it, compare-and-set catches it, the latest state refuses it
    const e = await a.execute(session.id, { name: "ask", arguments: { q: "2" } }, () => ++ran).catch((x: unknown) => x as ProtocolViolation);
    expect(e).toBeInstanceOf(ProtocolViolation);
    expect((e as ProtocolViolation).code).toBe("budget_exceeded");
    expect((e as ProtocolViolation).data).toMatchObject({ readRanConcurrently: true });
    expect(ran).toBe(2);
    expect((await a.load(session.id)).session.trace).toHaveLength(1);
  });

  it("strict consistency probes the stored version first: a copy already stale never runs the read", async () => {
    const budgeted = budgetedProtocol(1);
    const store = new MemorySessionStore({ secret: SECRET });
    let probes = 0;
    const version = store.version.bind(store);
    store.version = (id: string) => (probes++, version(id));
    const a = new GuardedExecutor({ protocol: budgeted, store, consistency: "strict" });
    const b = new GuardedExecutor({ protocol: budgeted, store });
    const { session } = await a.create();
    let ran = 0;
    await b.execute(session.id, { name: "ask", arguments: { q: "1" } }, () => ++ran);
    const e = await a.execute(session.id, { name: "ask", arguments: { q: "2" } }, () => ++ran).catch((x: unknown) => x as ProtocolViolation);
    expect((e as ProtocolViolation).code).toBe("budget_exceeded");
    expect((e as ProtocolViolation).data).not.toHaveProperty("readRanConcurrently");
    expect(ran).toBe(1);
    expect(probes).toBe(1);
  });

  it("keeps at most cacheSize sessions cached: the least recently saved is loaded from the store again", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    let loads = 0;
    const load = store.load.bind(store);
    store.load = (id: string) => (loads++, load(id));
    const ex = new GuardedExecutor({ protocol: payProtocol, store, cacheSize: 2 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await ex.create()).session.id);
    const look = (id: string, n: number) => ex.execute(id, { id: `l${n}`, name: "lookup", arguments: { account: "A" } }, () => 1);
    await look(ids[1]!, 1);
    await look(ids[2]!, 2);
    expect(loads).toBe(0);
    await look(ids[0]!, 3); // created first, saved least recently: evicted
    expect(loads).toBe(1);
    await look(ids[2]!, 4);
    expect(loads).toBe(1);
    expect(() => new GuardedExecutor({ protocol: payProtocol, store, cacheSize: 0 })).toThrow(
      "GuardedExecutor: cacheSize must be a positive integer; got 0. Fix: pass a session count, or cache: false.",
    );
  });

  it("a long session with a trimmed trace: restores from the log's last chunks, keeps its whole history there, and answers retried call ids", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const opts = { protocol: payProtocol, store, sessionOptions: { trace: { keep: 100 } } };
    const ex = new GuardedExecutor(opts);
    const { session } = await ex.create();
    let reads = 0;
    let writes = 0;
    for (let i = 0; i < 500; i++) {
      if (i % 50 === 0) await ex.execute(session.id, { id: `w${i}`, name: "pay", arguments: { account: "A", amount: i + 1 } }, () => ({ paid: ++writes }));
      else await ex.execute(session.id, { id: `c${i}`, name: "lookup", arguments: { account: `A${i}` } }, () => ({ n: ++reads }));
    }
    const fresh = new GuardedExecutor(opts);
    const { session: restored, stored } = await fresh.load(session.id);
    expect(restored.traceLength).toBe(500);
    expect(restored.trace[0]!.seq).toBe(restored.traceDropped()!.count);
    expect(restored.trace.at(-1)!.callId).toBe("c499");
    // sealed at 40, 72, …, 488 calls (32 each time), the newest calls stay in the head
    expect(stored.state.log).toMatchObject({ sealed: 480, chunks: 15 });
    expect(Object.keys(stored.state.ledger)).toEqual([]); // finished writes are sealed with their calls
    const history = (await store.history(session.id))!;
    expect(history.map((e) => e.callId)).toEqual(Array.from({ length: 500 }, (_, i) => (i % 50 === 0 ? `w${i}` : `c${i}`)));
    expect(verifyTraceHistory(restored.toJSON(), history)).toEqual({ ok: true });
    // a retry of a recent read (the head keeps the newest calls), on another instance: the recorded result
    expect(await fresh.execute(session.id, { id: "c493", name: "lookup", arguments: { account: "A493" } }, () => ({ n: ++reads }))).toMatchObject({
      replayed: true,
      result: { ok: true, value: { n: 484 } },
    });
    // a write sealed long ago: its call id is claimed for good, the retry gets its recorded result
    expect(await fresh.execute(session.id, { id: "w50", name: "pay", arguments: { account: "A", amount: 51 } }, () => ({ paid: ++writes }))).toMatchObject({
      replayed: true,
      result: { ok: true, value: { paid: 2 } },
    });
    expect(reads).toBe(490);
    expect(writes).toBe(10);
    expect((await fresh.load(session.id)).session.traceLength).toBe(500);
    expect(() => new GuardedExecutor({ ...opts, sessionOptions: { trace: { keep: 10 } } })).toThrow(
      "sessionOptions.trace.keep is 10, below the store's seal size (32 calls)",
    );
  });

  it("the executor that wrote the head answers retried call ids from its cached copy: every unsealed call, across seals, and writes by their ledger entry", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const ex = new GuardedExecutor({ protocol: payProtocol, store });
    const { session } = await ex.create();
    let reads = 0;
    for (let i = 0; i < 75; i++) {
      if (i === 71) await ex.execute(session.id, { id: "w71", name: "pay", arguments: { account: "A", amount: 5 } }, () => ({ paid: 1 }));
      else await ex.execute(session.id, { id: `c${i}`, name: "lookup", arguments: { account: `A${i}` } }, () => ({ n: ++reads }));
    }
    const { stored } = await new GuardedExecutor({ protocol: payProtocol, store }).load(session.id);
    const sealed = stored.state.log!.sealed;
    expect(sealed).toBeGreaterThan(32); // two seals: the head keeps the calls after the last one
    // every call the head holds (kept across the last seal or recorded after it) is replayed, on the same executor
    for (let i = sealed; i < 75; i++) {
      const call =
        i === 71 ? { id: "w71", name: "pay", arguments: { account: "A", amount: 5 } } : { id: `c${i}`, name: "lookup", arguments: { account: `A${i}` } };
      const r = await ex.execute(session.id, call, () => {
        throw new Error(`call ${call.id} ran twice`);
      });
      expect(r).toMatchObject({ replayed: true, callId: call.id });
    }
    // a new id still runs; the same id for another call is refused
    const fresh = await ex.execute(session.id, { id: "c75", name: "lookup", arguments: { account: "A75" } }, () => ({ n: ++reads }));
    expect(fresh.replayed).toBeUndefined();
    expect(await codeOf(ex.execute(session.id, { id: "c74", name: "lookup", arguments: { account: "other" } }, () => 0))).toBe("duplicate_call");
    expect(reads).toBe(75);
  });

  it("names the bad consistency value", () => {
    expect(() => new GuardedExecutor({ protocol: payProtocol, store: new MemorySessionStore({ secret: SECRET }), consistency: "sticky" as never })).toThrow(
      'GuardedExecutor: consistency "sticky" is not one of "optimistic" (default) or "strict".',
    );
  });
});
