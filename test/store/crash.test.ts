import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, expect, afterAll } from "vitest";
import { GuardedExecutor, type ReconcileHook } from "../../src/store/guarded-executor.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { openBackend, type Backend, type BackendConfig } from "./support/backend.js";
import { confirmAction, confirmationOptions, confirmedStrictPayProtocol } from "./support/fixtures.js";
import { dropTables, postgresUrl, uniqueTable } from "./support/pg-env.js";
import { exited, nextMessage, spawnWorker } from "./support/spawn.js";

const ARGS = { account: "ACC-9", amount: 40 };

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof ProtocolViolation ? e.code : `error: ${(e as Error).message}`),
  );

/** The reconcile hook a real deployment writes: look the write up in the target system by idempotency key. */
const lookupHook =
  (backend: Backend): ReconcileHook =>
  async (intent) => {
    const found = (await backend.payments()).filter((p) => p.key === intent.idempotencyKey);
    return found.length > 0
      ? { executed: true, result: { ok: true, value: { receipt: found[0]!.key } }, by: "idempotency-lookup" }
      : { executed: false, by: "idempotency-lookup" };
  };

/** A worker claims the write and is SIGKILLed inside the tool; the survivors must cope. */
async function crashScenario(cfg: BackendConfig, phase: "before-effect" | "after-effect", withHook: boolean) {
  const backend = await openBackend(cfg);
  try {
    const ex = new GuardedExecutor({
      protocol: confirmedStrictPayProtocol,
      store: backend.store,
      sessionOptions: confirmationOptions,
      ...(withHook ? { reconcile: lookupHook(backend) } : {}),
    });
    let nonce = "";
    const { session } = await ex.create({ init: (s) => void (nonce = confirmAction(s, "pay", ARGS)) });
    const child = spawnWorker("./crash-worker.ts", "CRASH_CONFIG", { backend: cfg, sessionId: session.id, callId: "pay-1", args: ARGS, phase });
    await nextMessage(child, "in-flight");
    child.kill("SIGKILL");
    expect((await exited(child)).signal).toBe("SIGKILL");

    // the stored session says: a write was claimed, its outcome is unknown
    const { stored, session: blocked } = await ex.load(session.id);
    expect(blocked.status).toBe("needs_reconciliation");
    expect(stored.state.pending).toBe("pay-1");
    expect(stored.state.ledger["pay-1"]).toMatchObject({
      status: "intent",
      tool: "pay",
      arguments: ARGS,
      claims: { confirmation: { consumed: [expect.objectContaining({ nonce })] } },
    });
    expect((blocked.toJSON().extensions["confirmation"] as { consumed: { nonce: string }[] }).consumed.map((c) => c.nonce)).toEqual([nonce]);
    expect(await ex.toolsAllowed(session.id)).toEqual([]);
    return { ex, backend, sessionId: session.id };
  } catch (e) {
    await backend.close();
    throw e;
  }
}

const payInto = (backend: Backend, counter: { ran: number }) => async (_a: unknown, ctx: { idempotencyKey: string }) => {
  counter.ran++;
  await backend.pay(ctx.idempotencyKey, "test");
  return { receipt: ctx.idempotencyKey };
};

function suite(name: string, config: () => BackendConfig) {
  describe(`crash between intent and outcome (${name})`, () => {
    it("without a reconcile hook: every call, the retry included, gets needs_reconciliation (423) and nothing runs until the operator resolves it", async () => {
      const { ex, backend, sessionId } = await crashScenario(config(), "after-effect", false);
      try {
        const c = { ran: 0 };
        const retry = await ex
          .execute(sessionId, { id: "pay-1", name: "pay", arguments: ARGS }, payInto(backend, c))
          .catch((e: unknown) => e as ProtocolViolation);
        expect(retry).toBeInstanceOf(ProtocolViolation);
        expect(retry).toMatchObject({ code: "needs_reconciliation", data: { pendingCallId: "pay-1", retryOfPending: true, inFlight: false } });
        expect(await codeOf(ex.execute(sessionId, { id: "pay-2", name: "pay", arguments: ARGS }, payInto(backend, c)))).toBe("needs_reconciliation");
        expect(await codeOf(ex.execute(sessionId, { id: "close-1", name: "close", arguments: {} }, payInto(backend, c)))).toBe("needs_reconciliation");
        expect(c.ran).toBe(0);
        expect((await ex.reconcile(sessionId)).resolved).toBe(false);
        // the operator looked in the payment system and found it
        const report = await ex.reconcile(sessionId, { executed: true, result: { ok: true, value: { receipt: `${sessionId}:pay-1` } }, by: "operator:ana" });
        expect(report).toMatchObject({ resolved: true, record: { to: "paid" } });
        expect(await ex.execute(sessionId, { id: "pay-1", name: "pay", arguments: ARGS }, payInto(backend, c))).toMatchObject({
          replayed: true,
          result: { ok: true, value: { receipt: `${sessionId}:pay-1` } },
        });
        expect(await codeOf(ex.execute(sessionId, { id: "close-1", name: "close", arguments: {} }, () => "ok"))).toBe("ok");
        expect(c.ran).toBe(0);
        expect((await backend.payments()).map((p) => p.key)).toEqual([`${sessionId}:pay-1`]);
      } finally {
        await backend.close();
      }
    }, 60_000);

    it("killed after the target system applied the write: the client's retry resolves it through the hook and gets the result, recorded once", async () => {
      const { ex, backend, sessionId } = await crashScenario(config(), "after-effect", true);
      try {
        const c = { ran: 0 };
        // the process that claimed it is gone (same host, pid not running): the retry reconciles instead of waiting for an operator
        const retry = await ex.execute(sessionId, { id: "pay-1", name: "pay", arguments: ARGS }, payInto(backend, c));
        expect(retry).toMatchObject({ replayed: true, outcome: "ok", to: "paid", result: { ok: true, value: { receipt: `${sessionId}:pay-1` } } });
        const { session, stored } = await ex.load(sessionId);
        expect(session.state).toBe("paid");
        expect(session.status).toBe("active");
        expect(stored.state.ledger["pay-1"]).toMatchObject({ status: "reconciled_executed", outcome: "ok", resolvedBy: "idempotency-lookup" });
        expect(session.trace.filter((t) => t.tool === "pay").map((t) => t.callId)).toEqual(["pay-1"]);
        // no lost write, no duplicated write, and it goes on
        expect((await backend.payments()).map((p) => p.key)).toEqual([`${sessionId}:pay-1`]);
        expect(await codeOf(ex.execute(sessionId, { id: "close-1", name: "close", arguments: {} }, () => "ok"))).toBe("ok");
        expect(c.ran).toBe(0);
        expect((await ex.load(sessionId)).session.state).toBe("closed");
      } finally {
        await backend.close();
      }
    }, 60_000);

    it("killed before the target system saw it: a new call resolves it as not executed, nothing written, a new grant lets it run once", async () => {
      const { ex, backend, sessionId } = await crashScenario(config(), "before-effect", true);
      try {
        const c = { ran: 0 };
        // a new call finds the abandoned write: the hook says it did not happen; the consumed grant is not handed back
        expect(await codeOf(ex.execute(sessionId, { id: "pay-2", name: "pay", arguments: ARGS }, payInto(backend, c)))).toBe("confirmation_reused");
        const { session, stored } = await ex.load(sessionId);
        expect(session.state).toBe("open");
        expect(session.status).toBe("active");
        expect(stored.state.ledger["pay-1"]?.status).toBe("reconciled_not_executed");
        expect(await backend.payments()).toEqual([]);
        const again = await ex
          .execute(sessionId, { id: "pay-1", name: "pay", arguments: ARGS }, payInto(backend, c))
          .catch((e: unknown) => e as ProtocolViolation);
        expect(again).toMatchObject({ code: "duplicate_call", data: { reason: "not_executed" } });
        await ex.update(sessionId, (s) => confirmAction(s, "pay", ARGS));
        expect(await codeOf(ex.execute(sessionId, { id: "pay-3", name: "pay", arguments: ARGS }, payInto(backend, c)))).toBe("ok");
        expect(c.ran).toBe(1);
        expect((await backend.payments()).map((p) => p.key)).toEqual([`${sessionId}:pay-3`]);
      } finally {
        await backend.close();
      }
    }, 60_000);
  });
}

const dir = mkdtempSync(join(tmpdir(), "concordat-crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
suite("SQLite", () => ({ kind: "sqlite", path: join(dir, `crash-${n++}.db`), table: "sessions" }));

const url = postgresUrl();
if (url) {
  const tables: string[] = [];
  afterAll(() =>
    dropTables(
      url,
      tables.flatMap((t) => [t, `${t}_bank`]),
    ),
  );
  suite("PostgreSQL", () => {
    const table = uniqueTable(`crash${n++}`);
    tables.push(table);
    return { kind: "postgres", url, table };
  });
}
