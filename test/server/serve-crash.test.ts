import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, it, expect, afterAll } from "vitest";
import { call, SERVE_ENV, startServe, type ServeProcess } from "./support/serve-process.js";

const REFUND = { bookingId: "B-42", amount: 120 };
const PROTOCOL = "examples/refund/refund-protocol.ts#refundProtocol";
const TOOLS = "test/server/fixtures/bank-tools.ts#tools";
/** Idempotency keys unique to this run: with CONCORDAT_PG_URL the sessions live in a database that outlives the run. */
const RUN = `${process.pid}-${Date.now()}`;

/** Brings a session to the point where the refund may run, on `url`. */
async function confirmedSession(url: string, key: string) {
  const created = await call("POST", `${url}/sessions`, undefined, {}, { "idempotency-key": key });
  const { sessionId, tokens } = created.body as { sessionId: string; tokens: { agent: string; user: string } };
  const s = `${url}/sessions/${sessionId}`;
  await call("POST", `${s}/calls`, tokens.agent, { id: "c1", name: "lookup_booking", arguments: { bookingId: "B-42" } });
  await call("POST", `${s}/calls`, tokens.agent, { id: "c2", name: "request_confirmation", arguments: REFUND });
  const asked = await call("POST", `${s}/confirmations`, tokens.agent, { name: "issue_refund", arguments: REFUND });
  await call("POST", `${s}/calls`, tokens.agent, { id: "c3", name: "receive_message", arguments: { text: "yes" } });
  expect((await call("POST", `${s}/confirmations/${asked.body.actionId}`, tokens.user, { decision: "confirm" })).status).toBe(200);
  return { sessionId, tokens };
}

describe("concordat serve killed in the middle of a write (SIGKILL), restarted, client retries with the same ids", () => {
  const dir = mkdtempSync(join(tmpdir(), "concordat-serve-crash-"));
  const running: ServeProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    rmSync(dir, { recursive: true, force: true });
  });
  const refunds = (bank: string) => {
    const db = new Database(bank, { readonly: true });
    try {
      return (db.prepare("SELECT key FROM bank").all() as { key: string }[]).map((r) => r.key);
    } finally {
      db.close();
    }
  };

  /** Starts an instance that dies inside the refund (after the bank took it), runs a session up to it, kills it mid-write. */
  async function crashMidWrite(name: string) {
    const db = join(dir, `${name}.db`);
    const bank = join(dir, `${name}-bank.db`);
    const doomed = await startServe([PROTOCOL, "--tools", TOOLS, "--db", db], { BANK_SQLITE: bank, BANK_HANG: "after-effect" });
    running.push(doomed);
    const key = `${name}-session-${RUN}`;
    const { sessionId, tokens } = await confirmedSession(doomed.url, key);
    const lost = call("POST", `${doomed.url}/sessions/${sessionId}/calls`, tokens.agent, { id: "refund-1", name: "issue_refund", arguments: REFUND }).catch(
      (e: unknown) => e,
    );
    await doomed.waitFor(/in-flight \S+/);
    doomed.child.kill("SIGKILL");
    expect(await lost).toBeInstanceOf(Error); // the client never got an answer
    await doomed.stop();
    expect(refunds(bank)).toEqual([`${sessionId}:refund-1`]);
    return { db, bank, sessionId, tokens, key };
  }

  it("with --reconcile: the retry on the restarted instance gets the write's result, the session goes on, one refund", async () => {
    const { db, bank, sessionId, tokens, key } = await crashMidWrite("with-hook");
    const restarted = await startServe([PROTOCOL, "--tools", TOOLS, "--db", db, "--reconcile", "test/server/fixtures/bank-tools.ts#reconcile"], {
      BANK_SQLITE: bank,
    });
    running.push(restarted);
    // the creation is retried too (its answer was never lost here, but a retry must be safe)
    const again = await call("POST", `${restarted.url}/sessions`, undefined, {}, { "idempotency-key": key });
    expect(again).toMatchObject({ status: 200, replayed: true, body: { sessionId, tokens } });
    const retry = await call("POST", `${restarted.url}/sessions/${sessionId}/calls`, tokens.agent, { id: "refund-1", name: "issue_refund", arguments: REFUND });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ replayed: true, outcome: "ok", to: "refunded", result: { ok: true, value: { refundId: `${sessionId}:refund-1` } } });
    expect(
      (await call("POST", `${restarted.url}/sessions/${sessionId}/calls`, tokens.agent, { id: "c5", name: "end_conversation", arguments: {} })).body.state,
    ).toBe("done");
    expect(refunds(bank)).toEqual([`${sessionId}:refund-1`]);
  }, 240_000);

  it("without a hook: the retry gets 423 needs_reconciliation until the operator endpoint records the write, then its result", async () => {
    const { db, bank, sessionId, tokens } = await crashMidWrite("no-hook");
    const restarted = await startServe([PROTOCOL, "--tools", TOOLS, "--db", db], { BANK_SQLITE: bank });
    running.push(restarted);
    const calls = `${restarted.url}/sessions/${sessionId}/calls`;
    const blocked = await call("POST", calls, tokens.agent, { id: "refund-1", name: "issue_refund", arguments: REFUND });
    expect(blocked.status).toBe(423);
    expect(blocked.body.error).toMatchObject({ code: "needs_reconciliation", data: { pendingCallId: "refund-1", retryOfPending: true } });
    expect((await call("POST", calls, tokens.agent, { id: "c5", name: "end_conversation", arguments: {} })).status).toBe(423);
    const op = await call("POST", `${restarted.url}/sessions/${sessionId}/reconcile`, SERVE_ENV.CONCORDAT_OPERATOR_TOKEN, {
      executed: true,
      result: { refundId: "found in the bank" },
    });
    expect(op.body).toMatchObject({ resolved: true, callId: "refund-1", outcome: "ok", to: "refunded" });
    const retry = await call("POST", calls, tokens.agent, { id: "refund-1", name: "issue_refund", arguments: REFUND });
    expect(retry).toMatchObject({ status: 200, replayed: true, body: { result: { ok: true, value: { refundId: "found in the bank" } } } });
    expect((await call("POST", calls, tokens.agent, { id: "c5", name: "end_conversation", arguments: {} })).body.state).toBe("done");
    expect(refunds(bank)).toEqual([`${sessionId}:refund-1`]);
  }, 240_000);
});
