import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { RawRow, SessionStore, StoredState } from "../../src/store/session-store.js";
import { ClaimConflictError, SessionExistsError } from "../../src/store/session-store.js";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { MemoryViolationSink, ViolationLog } from "../../src/violation/violation-log.js";
import { Session } from "../../src/runtime/session.js";
import { grantPolicies, grants, payProtocol } from "./support/fixtures.js";

/** What each store implementation gives the shared suite. */
export interface StoreHarness {
  readonly store: SessionStore;
  /** Another store object over the same data (another process, in effect), with this secret. */
  reopen(secret: string): Promise<SessionStore>;
  /** Rewrites the raw row behind the store's back (what an attacker with database access does). */
  tamper(id: string, change: (row: RawRow) => Partial<RawRow>): Promise<void>;
  /** Rewrites the data of a raw log chunk behind the store's back. */
  tamperLog(id: string, index: number, change: (data: string) => string): Promise<void>;
  close(): Promise<void>;
}

function stateOf(id: string, extra: Partial<StoredState> = {}): StoredState {
  return { session: new Session(payProtocol, { id, policies: grantPolicies() }).toJSON(), ledger: {}, ...extra };
}

let counter = 0;
const freshId = (p: string) => `${p}-${process.pid}-${Date.now().toString(36)}-${counter++}`;

/** The behaviour every `SessionStore` must have. */
export function sessionStoreConformance(name: string, open: () => Promise<StoreHarness>): void {
  describe(`SessionStore conformance: ${name}`, () => {
    let h: StoreHarness;
    beforeAll(async () => {
      h = await open();
    });
    afterAll(async () => {
      await h?.close();
    });

    it("stores the executor's incrementally encoded UTF-8 rows exactly: another process loads them verified and equal", async () => {
      const ex = new GuardedExecutor({ protocol: payProtocol, store: h.store, policies: grantPolicies });
      const other = new GuardedExecutor({ protocol: payProtocol, store: await h.reopen(SECRETS.same), policies: grantPolicies });
      const { session } = await ex.create({ id: freshId("utf8") });
      const accounts = ["ünïcødé ✓", '\u0000"q"\\', "日本語", "emoji 👍🏽", "plain", "x".repeat(5000)];
      for (let i = 0; i < 12; i++) {
        // alternate: the second executor starts from a fresh load, the first keeps its incremental text
        await (i % 4 === 3 ? other : ex).execute(session.id, { id: `u${i}`, name: "lookup", arguments: { account: accounts[i % accounts.length]! } }, () => ({
          i,
        }));
      }
      const { session: loaded, stored } = await other.load(session.id);
      expect(stored.version).toBe(13);
      expect(loaded.trace.map((t) => (t.arguments as { account: string }).account)).toEqual(
        Array.from({ length: 12 }, (_, i) => accounts[i % accounts.length]),
      );
      // the 5,000-character calls crossed the seal size: the head holds only the calls after the sealed ones
      const raw = JSON.parse((await rawOf(h, session.id)).data) as { calls: unknown[]; log: { sealed: number; chunks: number } };
      expect(raw.log.chunks).toBeGreaterThan(0);
      expect(raw.calls).toHaveLength(12 - raw.log.sealed);
      expect((await h.store.load(session.id))?.state).toEqual(stored.state);
    });

    it("creates at version 1 and loads exactly what it stored", async () => {
      const id = freshId("create");
      const state = stateOf(id, {
        ledger: {
          c1: {
            callId: "c1",
            tool: "pay",
            arguments: { note: 'ünïcødé ✓ \u0000 "q"' },
            argsHash: "x",
            claims: {},
            status: "done",
            idempotencyKey: `${id}:c1`,
            intentAt: "t",
            owner: "o",
          },
        },
      });
      const created = await h.store.create(id, state);
      expect(created.version).toBe(1);
      expect(created.state).toMatchObject({ ...state, log: { sealed: 0, chunks: 0, incarnation: expect.stringMatching(/^[0-9a-f]{16}$/) } });
      const loaded = await h.store.load(id);
      expect(loaded).toEqual(created);
    });

    it("refuses to create an id twice and keeps the first row", async () => {
      const id = freshId("dup");
      await h.store.create(id, stateOf(id));
      await expect(h.store.create(id, stateOf(id, { pending: "x" }))).rejects.toBeInstanceOf(SessionExistsError);
      expect((await h.store.load(id))?.state.pending).toBeUndefined();
    });

    it("returns undefined for an unknown id", async () => {
      expect(await h.store.load(freshId("missing"))).toBeUndefined();
      expect(await h.store.version(freshId("missing"))).toBeUndefined();
    });

    it("reports the current version cheaply", async () => {
      const id = freshId("version");
      await h.store.create(id, stateOf(id));
      expect(await h.store.version(id)).toBe(1);
      await h.store.compareAndSet(id, 1, stateOf(id));
      expect(await h.store.version(id)).toBe(2);
    });

    it("compare-and-set succeeds on the current version and fails on a stale one without writing", async () => {
      const id = freshId("cas");
      await h.store.create(id, stateOf(id));
      const v2 = await h.store.compareAndSet(id, 1, stateOf(id, { pending: "a" }));
      expect(v2?.version).toBe(2);
      expect(await h.store.compareAndSet(id, 1, stateOf(id, { pending: "stale" }))).toBeUndefined();
      const loaded = await h.store.load(id);
      expect(loaded?.version).toBe(2);
      expect(loaded?.state.pending).toBe("a");
      expect(await h.store.compareAndSet(freshId("nope"), 1, stateOf("nope"))).toBeUndefined();
    });

    it("lets exactly one of many concurrent compare-and-sets on one version win", async () => {
      const id = freshId("race");
      await h.store.create(id, stateOf(id));
      const other = await h.reopen(SECRETS.same);
      try {
        const attempts = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? h.store : other).compareAndSet(id, 1, stateOf(id, { pending: `w${i}` })));
        const results = await Promise.all(attempts);
        const winners = results.filter((r) => r !== undefined);
        expect(winners).toHaveLength(1);
        const loaded = await other.load(id);
        expect(loaded?.version).toBe(2);
        expect(loaded?.state.pending).toBe(winners[0]?.state.pending);
      } finally {
        await other.close();
      }
    });

    it("is shared: another store object over the same data sees every change", async () => {
      const id = freshId("shared");
      const other = await h.reopen(SECRETS.same);
      try {
        await h.store.create(id, stateOf(id));
        expect((await other.compareAndSet(id, 1, stateOf(id, { pending: "from-other" })))?.version).toBe(2);
        expect((await h.store.load(id))?.state.pending).toBe("from-other");
      } finally {
        await other.close();
      }
    });

    it("deletes", async () => {
      const id = freshId("del");
      await h.store.create(id, stateOf(id));
      expect(await h.store.delete(id)).toBe(true);
      expect(await h.store.delete(id)).toBe(false);
      expect(await h.store.load(id)).toBeUndefined();
    });

    it("seals calls into the append-only log: the head stays small, every call loads back, an old call is found by id", async () => {
      const ex = new GuardedExecutor({ protocol: payProtocol, store: h.store, policies: grantPolicies });
      const { session } = await ex.create({ id: freshId("seal") });
      for (let i = 0; i < 80; i++) await ex.execute(session.id, { id: `s${i}`, name: "lookup", arguments: { account: `A${i}` } }, () => ({ n: i }));
      // sealed at 40 and 72 calls, 32 each time; the head keeps the newest 8 and what came after
      const raw = JSON.parse((await rawOf(h, session.id)).data) as { calls: unknown[]; log: { sealed: number; chunks: number } };
      expect(raw.log).toMatchObject({ sealed: 64, chunks: 2 });
      expect(raw.calls).toHaveLength(16);
      const other = await h.reopen(SECRETS.same);
      try {
        const loaded = await other.load(session.id);
        expect(loaded?.state.session.trace.map((t) => t.callId)).toEqual(Array.from({ length: 80 }, (_, i) => `s${i}`));
        expect(await other.findCall(session.id, "s3")).toMatchObject({
          entry: { callId: "s3", seq: 3 },
          recorded: { version: 5, result: { ok: true, value: { n: 3 } } },
        });
        expect(await other.findCall(session.id, "s79")).toMatchObject({ entry: { callId: "s79" }, recorded: { result: { value: { n: 79 } } } });
        expect(await other.findCall(session.id, "nope")).toBeUndefined();
      } finally {
        await other.close();
      }
    });

    it("records claims append-only: a claim recorded once fails every later save that claims it, and nothing of that save is written", async () => {
      const id = freshId("claims");
      await h.store.create(id, stateOf(id));
      expect((await h.store.compareAndSet(id, 1, stateOf(id), { claims: ["call:w1", "consumed:grants:nonce:N1"] }))?.version).toBe(2);
      const conflict = (p: Promise<unknown>) =>
        p.then(
          () => "saved",
          (e: unknown) => (e instanceof ClaimConflictError ? e.claim : `error: ${(e as Error).message}`),
        );
      expect(await conflict(h.store.compareAndSet(id, 2, stateOf(id, { pending: "w2" }), { claims: ["call:w2", "consumed:grants:nonce:N1"] }))).toBe(
        "consumed:grants:nonce:N1",
      );
      // nothing of the refused save was written: not the head, not its other claim
      expect(await h.store.version(id)).toBe(2);
      expect((await h.store.load(id))?.state.pending).toBeUndefined();
      expect((await h.store.compareAndSet(id, 2, stateOf(id), { claims: ["call:w2"] }))?.version).toBe(3);
      // a stale version loses without touching the claims either
      expect(await h.store.compareAndSet(id, 2, stateOf(id), { claims: ["call:w4"] })).toBeUndefined();
      expect((await h.store.compareAndSet(id, 3, stateOf(id), { claims: ["call:w4"] }))?.version).toBe(4);
    });

    it("deletes a session with its log and claims: the id can be created again", async () => {
      const id = freshId("recreate");
      await h.store.create(id, stateOf(id));
      await h.store.compareAndSet(id, 1, stateOf(id), { claims: ["call:w1"] });
      expect(await h.store.delete(id)).toBe(true);
      await h.store.create(id, stateOf(id));
      expect((await h.store.compareAndSet(id, 1, stateOf(id), { claims: ["call:w1"] }))?.version).toBe(2);
    });

    describe("tampering", () => {
      const expectTampered = async (p: Promise<unknown>) => {
        const e = await p.then(
          () => undefined,
          (err: unknown) => err,
        );
        expect(e).toBeInstanceOf(ProtocolViolation);
        expect((e as ProtocolViolation).code).toBe("state_tampered");
      };

      it("refuses a row whose data was modified", async () => {
        const id = freshId("t-data");
        await h.store.create(id, stateOf(id));
        await h.tamper(id, (row) => ({ data: row.data.replace('"state":"open"', '"state":"closed"') }));
        await expectTampered(h.store.load(id));
      });

      it("refuses a row whose version was changed (rollback or replay of the counter)", async () => {
        const id = freshId("t-version");
        await h.store.create(id, stateOf(id));
        await h.tamper(id, () => ({ version: 7 }));
        await expectTampered(h.store.load(id));
      });

      it("refuses a row copied from another session id", async () => {
        const a = freshId("t-a");
        const b = freshId("t-b");
        await h.store.create(a, stateOf(a, { pending: "copied" }));
        await h.store.create(b, stateOf(b));
        const rowA = await rawOf(h, a);
        await h.tamper(b, () => rowA);
        await expectTampered(h.store.load(b));
      });

      it("refuses rows signed with another secret and a garbage MAC", async () => {
        const id = freshId("t-key");
        await h.store.create(id, stateOf(id));
        const foreign = await h.reopen(SECRETS.other);
        try {
          await expectTampered(foreign.load(id));
        } finally {
          await foreign.close();
        }
        await h.tamper(id, () => ({ mac: "not-a-mac" }));
        await expectTampered(h.store.load(id));
      });

      it("refuses a head row rolled back behind its claims, in a store object that never saw the later row", async () => {
        const id = freshId("t-rollback");
        await h.store.create(id, stateOf(id));
        const old = await rawOf(h, id);
        await h.store.compareAndSet(id, 1, stateOf(id, { pending: "w1" }), { claims: ["call:w1"] });
        await h.tamper(id, () => old);
        const fresh = await h.reopen(SECRETS.same);
        try {
          const e = await fresh.load(id).catch((x: unknown) => x as ProtocolViolation);
          expect(e).toBeInstanceOf(ProtocolViolation);
          expect((e as ProtocolViolation).code).toBe("state_tampered");
          expect((e as ProtocolViolation).message).toContain("was rolled back");
        } finally {
          await fresh.close();
        }
      });

      it("refuses a head row rolled back behind its log, and a modified log chunk", async () => {
        const ex = new GuardedExecutor({ protocol: payProtocol, store: h.store, policies: grantPolicies });
        const a = (await ex.create({ id: freshId("t-log-a") })).session.id;
        const b = (await ex.create({ id: freshId("t-log-b") })).session.id;
        const oldA = await rawOf(h, a);
        for (const id of [a, b]) for (let i = 0; i < 41; i++) await ex.execute(id, { id: `c${i}`, name: "lookup", arguments: { account: "A" } }, () => i);
        await h.tamper(a, () => oldA);
        await expectTampered(h.store.load(a));
        await h.tamperLog(b, 0, (data) => data.replace('"account":"A"', '"account":"B"'));
        await expectTampered(h.store.load(b));
      });

      it("runs nothing on a tampered session: the guard refuses before the tool", async () => {
        const sink = new MemoryViolationSink();
        const ex = new GuardedExecutor({ protocol: payProtocol, store: h.store, policies: grantPolicies, log: new ViolationLog([sink]), cache: false });
        const { session } = await ex.create({ init: (s) => grants(s).grant("g1", "pay", { account: "A", amount: 5 }) });
        // an attacker adds a second grant for a bigger payment
        await h.tamper(session.id, (row) => ({
          data: row.data.replace('"grants":[', '"grants":[{"id":"evil","tool":"pay","args":"{\\"account\\":\\"X\\",\\"amount\\":999}"},'),
        }));
        let ran = 0;
        await expectTampered(ex.execute(session.id, { id: "c1", name: "pay", arguments: { account: "X", amount: 999 } }, () => ++ran));
        await expectTampered(ex.execute(session.id, { id: "c2", name: "pay", arguments: { account: "A", amount: 5 } }, () => ++ran));
        expect(ran).toBe(0);
        expect(sink.records.map((r) => r.code)).toEqual(["state_tampered", "state_tampered"]);
      });
    });
  });
}

/** Reads a raw row through the harness (tamper with an identity change). */
async function rawOf(h: StoreHarness, id: string): Promise<RawRow> {
  let captured: RawRow | undefined;
  await h.tamper(id, (row) => {
    captured = row;
    return {};
  });
  if (!captured) throw new Error(`no row ${id}`);
  return captured;
}

export const SECRETS = { same: "test-secret-0123456789abcdef", other: "another-secret-0123456789abcdef" } as const;
