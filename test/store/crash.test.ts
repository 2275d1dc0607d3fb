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
    return found.length > 0 ? { executed: true, result: { ok: true, value: { receipt: found[0]!.key } }, by: "idempotency-lookup" } : { executed: false, by: "idempotency-lookup" };
  };

/** A worker claims the write and is SIGKILLed inside the tool; the survivors must cope. */
async function crashScenario(cfg: BackendConfig, phase: "before-effect" | "after-effect") {
  const backend = await openBackend(cfg);
  try {
    const ex = new GuardedExecutor({ protocol: confirmedStrictPayProtocol, store: backend.store, sessionOptions: confirmationOptions, reconcile: lookupHook(backend) });
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
    expect(stored.state.ledger["pay-1"]).toMatchObject({ status: "intent", tool: "pay", arguments: ARGS, claims: { confirmation: { consumed: [expect.objectContaining({ nonce })] } } });
    expect((blocked.toJSON().extensions["confirmation"] as { consumed: { nonce: string }[] }).consumed.map((c) => c.nonce)).toEqual([nonce]);

    // nothing runs until it is reconciled: not the retry of the same call, not a new call
    let ran = 0;
    expect(await codeOf(ex.execute(session.id, { id: "pay-1", name: "pay", arguments: ARGS }, () => ++ran))).toBe("duplicate_call");
    expect(await codeOf(ex.execute(session.id, { id: "pay-2", name: "pay", arguments: ARGS }, () => ++ran))).toBe("needs_reconciliation");
    expect(await codeOf(ex.execute(session.id, { id: "close-1", name: "close", arguments: {} }, () => ++ran))).toBe("needs_reconciliation");
    expect(ran).toBe(0);
    expect(await ex.toolsAllowed(session.id)).toEqual([]);

    const report = await ex.reconcile(session.id);
    expect(report.resolved).toBe(true);
    return { ex, backend, sessionId: session.id, report, ranBefore: ran };
  } catch (e) {
    await backend.close();
    throw e;
  }
}

function suite(name: string, config: () => BackendConfig) {
  describe(`crash between intent and outcome (${name})`, () => {
    it("killed after the target system applied the write: reconciled as executed, recorded once, the session goes on", async () => {
      const { ex, backend, sessionId, report } = await crashScenario(config(), "after-effect");
      try {
        expect(report.resolution).toMatchObject({ executed: true });
        const { session, stored } = await ex.load(sessionId);
        expect(session.state).toBe("paid");
        expect(session.status).toBe("active");
        expect(stored.state.ledger["pay-1"]).toMatchObject({ status: "reconciled_executed", outcome: "ok", resolvedBy: "idempotency-lookup" });
        expect(session.trace.filter((t) => t.tool === "pay").map((t) => t.callId)).toEqual(["pay-1"]);
        // no lost write, no duplicated write
        expect((await backend.payments()).map((p) => p.key)).toEqual([`${sessionId}:pay-1`]);
        // and it goes on
        let ran = 0;
        expect(await codeOf(ex.execute(sessionId, { id: "pay-1", name: "pay", arguments: ARGS }, () => ++ran))).toBe("duplicate_call");
        expect(await codeOf(ex.execute(sessionId, { id: "close-1", name: "close", arguments: {} }, () => ++ran))).toBe("ok");
        expect(ran).toBe(1);
        expect((await ex.load(sessionId)).session.state).toBe("closed");
      } finally {
        await backend.close();
      }
    }, 60_000);

    it("killed before the target system saw it: reconciled as not executed, nothing written, a new grant lets it run once", async () => {
      const { ex, backend, sessionId, report } = await crashScenario(config(), "before-effect");
      try {
        expect(report.resolution).toMatchObject({ executed: false });
        const { session, stored } = await ex.load(sessionId);
        expect(session.state).toBe("open");
        expect(session.status).toBe("active");
        expect(stored.state.ledger["pay-1"]?.status).toBe("reconciled_not_executed");
        expect(await backend.payments()).toEqual([]);
        // the consumed grant is not handed back: the user must confirm again
        let ran = 0;
        const pay = async (_a: unknown, ctx: { idempotencyKey: string }) => {
          ran++;
          await backend.pay(ctx.idempotencyKey, "test");
        };
        expect(await codeOf(ex.execute(sessionId, { id: "pay-2", name: "pay", arguments: ARGS }, pay))).toBe("confirmation_reused");
        await ex.update(sessionId, (s) => confirmAction(s, "pay", ARGS));
        expect(await codeOf(ex.execute(sessionId, { id: "pay-1", name: "pay", arguments: ARGS }, pay))).toBe("duplicate_call");
        expect(await codeOf(ex.execute(sessionId, { id: "pay-2", name: "pay", arguments: ARGS }, pay))).toBe("ok");
        expect(ran).toBe(1);
        expect((await backend.payments()).map((p) => p.key)).toEqual([`${sessionId}:pay-2`]);
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
  afterAll(() => dropTables(url, tables.flatMap((t) => [t, `${t}_bank`])));
  suite("PostgreSQL", () => {
    const table = uniqueTable(`crash${n++}`);
    tables.push(table);
    return { kind: "postgres", url, table };
  });
}
