import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, expect, afterAll } from "vitest";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import { openBackend, type BackendConfig } from "./support/backend.js";
import { confirmAction, confirmationOptions, confirmedPayProtocol } from "./support/fixtures.js";
import { dropTables, postgresUrl, uniqueTable } from "./support/pg-env.js";
import { exited, nextMessage, spawnWorker } from "./support/spawn.js";

const WORKERS = 8;
const CALLS = 1000;
const ARGS = { account: "ACC-1", amount: 250 };

interface Done {
  type: "done";
  executed: number;
  codes: Record<string, number>;
}

/** 8 processes × 1,000 concurrent calls on one session that holds one grant. */
async function race(backendCfg: BackendConfig) {
  const backend = await openBackend(backendCfg);
  const ex = new GuardedExecutor({ protocol: confirmedPayProtocol, store: backend.store, sessionOptions: confirmationOptions });
  let nonce = "";
  const { session } = await ex.create({ init: (s) => void (nonce = confirmAction(s, "pay", ARGS)) });
  const workers = Array.from({ length: WORKERS }, (_, i) =>
    spawnWorker("./race-worker.ts", "RACE_CONFIG", { backend: backendCfg, sessionId: session.id, calls: CALLS, worker: `w${i}`, args: ARGS }),
  );
  try {
    const t0 = Date.now();
    await Promise.all(workers.map((w) => nextMessage(w, "ready")));
    const t1 = Date.now();
    const done = workers.map((w) => nextMessage<Done>(w, "done"));
    for (const w of workers) w.send("go");
    const results = await Promise.all(done);
    console.log(`${backendCfg.kind}: workers ready in ${t1 - t0} ms, race ${Date.now() - t1} ms`);
    await Promise.all(workers.map(exited));
    const { session: after, stored } = await ex.load(session.id);
    return { results, after, stored, nonce, payments: await backend.payments() };
  } finally {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
    await backend.close();
  }
}

function expectExactlyOnce(r: Awaited<ReturnType<typeof race>>) {
  const executed = r.results.reduce((n, x) => n + x.executed, 0);
  const codes: Record<string, number> = {};
  for (const x of r.results) for (const [c, n] of Object.entries(x.codes)) codes[c] = (codes[c] ?? 0) + n;
  expect(executed).toBe(1);
  expect(codes["ok"]).toBe(1);
  expect(Object.values(codes).reduce((a, b) => a + b, 0)).toBe(WORKERS * CALLS);
  // every other call was refused by the guard, never failed with an error
  expect(Object.keys(codes).filter((c) => !["ok", "confirmation_reused", "needs_reconciliation"].includes(c))).toEqual([]);
  expect(r.payments).toHaveLength(1);
  const ledger = Object.values(r.stored.state.ledger);
  expect(ledger).toHaveLength(1);
  expect(ledger[0]).toMatchObject({
    status: "done",
    tool: "pay",
    claims: { confirmation: { consumed: [expect.objectContaining({ nonce: r.nonce, tool: "pay" })] } },
  });
  expect(r.payments[0]!.key).toBe(ledger[0]!.idempotencyKey);
  expect(r.after.trace.filter((t) => t.tool === "pay")).toHaveLength(1);
  expect(r.after.status).toBe("active");
  expect(r.stored.state.pending).toBeUndefined();
}

describe("exactly once under a multi-process race", () => {
  it(`SQLite: ${WORKERS} processes × ${CALLS} calls, one grant → one write`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "concordat-race-"));
    try {
      expectExactlyOnce(await race({ kind: "sqlite", path: join(dir, "race.db"), table: "sessions" }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  const url = postgresUrl();
  if (url) {
    const table = uniqueTable("race");
    afterAll(() => dropTables(url, [table, `${table}_bank`]));
    it(`PostgreSQL: ${WORKERS} processes × ${CALLS} calls, one grant → one write`, async () => {
      expectExactlyOnce(await race({ kind: "postgres", url, table }));
    }, 120_000);
  }
});
