import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { createHttpGuard, type GuardLogRecord, type HttpGuard } from "../../src/server/http-guard.js";
import { SqliteSessionStore } from "../../src/store/sqlite-store.js";
import { MemorySessionStore } from "../../src/store/memory-store.js";
import type { SaveOptions, SessionStore, StoredState } from "../../src/store/session-store.js";

const SECRET = "store-secret-0123456789abcdef";
const TOKEN_SECRET = "token-secret-0123456789abcdef";
const GRANT_KEY = "grant-key-0123456789abcdef";
const REFUND = { bookingId: "B-42", amount: 120 };

describe("HTTP guard over a real socket", () => {
  const dir = mkdtempSync(join(tmpdir(), "concordat-http-"));
  const refunds: unknown[] = [];
  const logs: GuardLogRecord[] = [];
  let stores: SqliteSessionStore[] = [];
  let guards: HttpGuard<typeof refundProtocol>[] = [];
  let base = "";
  let base2 = "";

  const tools = {
    lookup_booking: (a: { bookingId: string }) => (a.bookingId === "B-42" ? { bookingId: "B-42", paid: 120 } : null),
    request_confirmation: () => "sent",
    receive_message: (a: { text: string }) => (/^yes\b/i.test(a.text) ? "confirmed" : "unclear"),
    issue_refund: (a: unknown) => {
      refunds.push(a);
      return { refundId: `R-${refunds.length}` };
    },
    end_conversation: () => "bye",
  };

  beforeAll(async () => {
    // two service instances (as on two hosts) over one SQLite file
    stores = [0, 1].map(() => new SqliteSessionStore({ secret: SECRET, path: join(dir, "sessions.db") }));
    guards = stores.map((store) =>
      createHttpGuard({
        protocol: refundProtocol,
        store,
        tools,
        tokenSecret: TOKEN_SECRET,
        sessionOptions: { confirmation: { key: GRANT_KEY } },
        logger: (r) => logs.push(r),
        operatorToken: "op-token",
      }),
    );
    base = (await guards[0]!.listen()).url;
    base2 = (await guards[1]!.listen()).url;
  });
  afterAll(async () => {
    for (const g of guards) await g.close();
    for (const s of stores) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function http(method: string, url: string, token?: string, body?: unknown) {
    const res = await fetch(url, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as any, type: res.headers.get("content-type") };
  }

  async function newSession() {
    const r = await http("POST", `${base}/sessions`, undefined, {});
    expect(r.status).toBe(201);
    return r.body as { sessionId: string; tokens: { agent: string; user: string }; tools: { name: string }[] };
  }

  it("refuses a premature write before the handler runs; after the user's structured confirmation it executes once", async () => {
    const s = await newSession();
    const calls = `${base}/sessions/${s.sessionId}/calls`;
    const agent = s.tokens.agent;
    expect(s.tools.map((t) => t.name)).toEqual(["lookup_booking", "end_conversation"]);

    const premature = await http("POST", calls, agent, { id: "c0", name: "issue_refund", arguments: REFUND });
    expect(premature.status).toBe(409);
    expect(premature.type).toMatch(/application\/json/);
    expect(premature.body.error).toMatchObject({
      code: "tool_not_allowed",
      state: "start",
      tool: "issue_refund",
      allowedTools: ["lookup_booking", "end_conversation"],
    });
    expect(premature.body.error.modelMessage).toContain("Tools you may call now: lookup_booking, end_conversation");
    expect(refunds).toHaveLength(0);

    expect((await http("POST", calls, agent, { id: "c1", name: "lookup_booking", arguments: { bookingId: "B-42" } })).body).toMatchObject({
      outcome: "found",
      state: "booked",
    });
    expect((await http("POST", calls, agent, { id: "c2", name: "request_confirmation", arguments: REFUND })).body.state).toBe("awaiting");
    const asked = await http("POST", `${base}/sessions/${s.sessionId}/confirmations`, agent, {
      name: "issue_refund",
      arguments: REFUND,
      description: "Refund 120 for B-42",
    });
    expect(asked.status).toBe(201);
    const actionId = asked.body.actionId as string;
    // the served by the second instance: the state lives in the shared store
    const reply = await http("POST", `${base2}/sessions/${s.sessionId}/calls`, agent, { id: "c3", name: "receive_message", arguments: { text: "yes please" } });
    expect(reply.body).toMatchObject({ outcome: "confirmed", state: "confirmed" });
    expect(reply.body.tools.map((t: { name: string }) => t.name)).toEqual(["issue_refund"]);

    // the state allows it, but the user has not confirmed yet
    const noGrant = await http("POST", calls, agent, { id: "c4", name: "issue_refund", arguments: REFUND });
    expect(noGrant.status).toBe(403);
    expect(noGrant.body.error.code).toBe("confirmation_missing");
    // the agent's token cannot confirm on the user's behalf
    const selfApproval = await http("POST", `${base}/sessions/${s.sessionId}/confirmations/${actionId}`, agent, { decision: "confirm" });
    expect(selfApproval.status).toBe(403);
    expect(selfApproval.body.error.code).toBe("token_wrong_scope");
    expect(refunds).toHaveLength(0);

    const confirmed = await http("POST", `${base2}/sessions/${s.sessionId}/confirmations/${actionId}`, s.tokens.user, { decision: "confirm" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ actionId, decision: "confirmed", grant: { tool: "issue_refund", arguments: REFUND } });

    const changed = await http("POST", calls, agent, { id: "c5", name: "issue_refund", arguments: { ...REFUND, amount: 900 } });
    expect(changed.status).toBe(403);
    expect(changed.body.error.code).toBe("confirmation_args_mismatch");
    expect(refunds).toHaveLength(0);

    const done = await http("POST", calls, agent, { id: "c6", name: "issue_refund", arguments: { amount: 120, bookingId: "B-42" } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ callId: "c6", outcome: "ok", from: "confirmed", to: "refunded", result: { ok: true, value: { refundId: "R-1" } } });
    expect(refunds).toEqual([REFUND]);

    // the response was lost: the retry (on the other instance) gets the recorded result, nothing runs again
    const retry = await http("POST", `${base2}/sessions/${s.sessionId}/calls`, agent, { id: "c6", name: "issue_refund", arguments: REFUND });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({
      callId: "c6",
      replayed: true,
      outcome: "ok",
      to: "refunded",
      result: { ok: true, value: { refundId: "R-1" } },
      version: done.body.version,
    });
    const again = await http("POST", calls, agent, { id: "c7", name: "issue_refund", arguments: REFUND });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("tool_not_allowed");
    expect(refunds).toHaveLength(1);

    const tools2 = await http("GET", `${base2}/sessions/${s.sessionId}/tools`, s.tokens.user);
    expect(tools2.body).toMatchObject({ state: "refunded", status: "active" });
    expect(tools2.body.tools.map((t: { name: string }) => t.name)).toEqual(["end_conversation"]);

    // structured logs: one JSON record per request, refusals with their code
    const mine = logs.filter((l) => l["sessionId"] === s.sessionId && l.event === "request");
    expect(mine.filter((l) => l["code"] === "tool_not_allowed").length).toBe(2);
    expect(mine.find((l) => l["code"] === "confirmation_missing")).toMatchObject({ level: "warn", status: 403, route: "call_tool", tool: "issue_refund" });
    expect(logs.filter((l) => l.event === "tool_executed" && l["tool"] === "issue_refund")).toHaveLength(1);
    expect(() => JSON.stringify(logs)).not.toThrow();
  });

  it("a denial blocks the write, and the denied action cannot be confirmed afterwards", async () => {
    const s = await newSession();
    const calls = `${base}/sessions/${s.sessionId}/calls`;
    await http("POST", calls, s.tokens.agent, { name: "lookup_booking", arguments: { bookingId: "B-42" } });
    await http("POST", calls, s.tokens.agent, { name: "request_confirmation", arguments: REFUND });
    const { body } = await http("POST", `${base}/sessions/${s.sessionId}/confirmations`, s.tokens.agent, { name: "issue_refund", arguments: REFUND });
    await http("POST", calls, s.tokens.agent, { name: "receive_message", arguments: { text: "yes" } });
    expect((await http("POST", `${base}/sessions/${s.sessionId}/confirmations/${body.actionId}`, s.tokens.user, { decision: "deny" })).body.decision).toBe(
      "denied",
    );
    const late = await http("POST", `${base}/sessions/${s.sessionId}/confirmations/${body.actionId}`, s.tokens.user, { decision: "confirm" });
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe("confirmation_denied");
    const before = refunds.length;
    const r = await http("POST", calls, s.tokens.agent, { name: "issue_refund", arguments: REFUND });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toMatch(/^confirmation_/);
    expect(refunds.length).toBe(before);
  });

  it("authenticates every session request with that session's signed token", async () => {
    const a = await newSession();
    const b = await newSession();
    const url = `${base}/sessions/${a.sessionId}/tools`;
    expect((await http("GET", url)).body.error.code).toBe("token_missing");
    expect((await http("GET", url, "nonsense")).status).toBe(401);
    const forged = a.tokens.agent.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await http("GET", url, forged)).body.error.code).toBe("token_invalid");
    const other = await http("GET", url, b.tokens.agent);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe("token_other_session");
    expect((await http("GET", url, a.tokens.agent)).status).toBe(200);
  });

  it("answers bad requests with JSON errors that name the problem", async () => {
    const s = await newSession();
    const calls = `${base}/sessions/${s.sessionId}/calls`;
    const bad = await http("POST", calls, s.tokens.agent, "{not json");
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("bad_request");
    expect((await http("POST", calls, s.tokens.agent, { arguments: {} })).body.error.message).toMatch(/needs "name"/);
    const invalid = await http("POST", calls, s.tokens.agent, { name: "lookup_booking", arguments: { bookingId: 7 } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toMatchObject({ code: "invalid_arguments", data: { issues: [expect.objectContaining({ path: ["bookingId"] })] } });
    const unknown = await http("POST", calls, s.tokens.agent, { name: "drop_database", arguments: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("unknown_tool");
    expect((await http("GET", `${base}/nowhere`)).status).toBe(404);
    expect((await http("DELETE", `${base}/sessions`)).status).toBe(405);
    const missing = await http("GET", `${base}/sessions/no-such-session/tools`, s.tokens.agent);
    expect(missing.status).toBe(403); // a token for another session never reveals whether a session exists
    expect((await http("POST", `${base}/sessions`, undefined, { id: s.sessionId })).body.error.code).toBe("session_exists");
  });

  it("refuses a session whose stored row was modified, and runs nothing", async () => {
    const s = await newSession();
    stores[0]!.db.prepare('UPDATE concordat_sessions SET data = replace(data, \'"state":"start"\', \'"state":"confirmed"\') WHERE id = ?').run(s.sessionId);
    const before = refunds.length;
    const r = await http("POST", `${base2}/sessions/${s.sessionId}/calls`, s.tokens.agent, { name: "issue_refund", arguments: REFUND });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("state_tampered");
    expect(refunds.length).toBe(before);
  });
});

describe("HTTP guard: a write with an unknown outcome and operator reconciliation", () => {
  it("blocks the session (423) until the operator records what happened, then goes on", async () => {
    const { confirmedStrictPayProtocol, confirmAction } = await import("../store/support/fixtures.js");
    const dir = mkdtempSync(join(tmpdir(), "concordat-http-rec-"));
    const store = new SqliteSessionStore({ secret: SECRET, path: join(dir, "s.db") });
    let payments = 0;
    const guard = createHttpGuard({
      protocol: confirmedStrictPayProtocol,
      store,
      tokenSecret: TOKEN_SECRET,
      sessionOptions: { confirmation: { key: GRANT_KEY } },
      logger: () => undefined,
      operatorToken: "op-secret-token",
      tools: {
        pay: () => {
          payments++;
          throw new Error("gateway timed out after sending");
        },
        close: () => "ok",
      },
    });
    const { url } = await guard.listen();
    try {
      const post = async (path: string, token: string | undefined, body: unknown) => {
        const r = await fetch(url + path, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        return { status: r.status, body: (await r.json()) as any };
      };
      const s = (await post("/sessions", undefined, {})).body;
      await guard.executor.update(s.sessionId, (session) => confirmAction(session, "pay", { account: "A", amount: 3 }));
      const failed = await post(`/sessions/${s.sessionId}/calls`, s.tokens.agent, { id: "p1", name: "pay", arguments: { account: "A", amount: 3 } });
      expect(failed.status).toBe(502);
      expect(failed.body.error.code).toBe("tool_failed");
      const blocked = await post(`/sessions/${s.sessionId}/calls`, s.tokens.agent, { id: "c1", name: "close", arguments: {} });
      expect(blocked.status).toBe(423);
      expect(blocked.body.error).toMatchObject({ code: "needs_reconciliation", data: { pendingCallId: "p1", pendingTool: "pay" } });
      expect((await post(`/sessions/${s.sessionId}/reconcile`, "wrong", { executed: true })).status).toBe(401);
      const rec = await post(`/sessions/${s.sessionId}/reconcile`, "op-secret-token", { executed: true, result: { receipt: "found in gateway log" } });
      expect(rec.body).toMatchObject({ resolved: true, callId: "p1", outcome: "ok", to: "paid" });
      expect((await post(`/sessions/${s.sessionId}/calls`, s.tokens.agent, { id: "c1", name: "close", arguments: {} })).body.state).toBe("closed");
      expect(payments).toBe(1);
    } finally {
      await guard.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("HTTP guard: retries are safe", () => {
  const dir = mkdtempSync(join(tmpdir(), "concordat-http-retry-"));
  const store = new SqliteSessionStore({ secret: SECRET, path: join(dir, "s.db") });
  let lookups = 0;
  const guard = createHttpGuard({
    protocol: refundProtocol,
    store,
    tokenSecret: TOKEN_SECRET,
    sessionOptions: { confirmation: { key: GRANT_KEY } },
    logger: () => undefined,
    tools: {
      lookup_booking: (a: { bookingId: string }) => ({ bookingId: a.bookingId, lookup: ++lookups }),
      request_confirmation: () => "sent",
      receive_message: () => "confirmed",
      issue_refund: () => ({ refundId: "R" }),
      end_conversation: () => "bye",
    },
  });
  let url = "";
  beforeAll(async () => {
    url = (await guard.listen()).url;
  });
  afterAll(async () => {
    await guard.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await fetch(url + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    return { status: r.status, headers: r.headers, body: (await r.json()) as any };
  };

  it("a retried POST /sessions with the same Idempotency-Key returns the same session and tokens; another key does not get them", async () => {
    const key = "0b6f8e6a-6a52-4c59-9a0e-3d6f1f6c2a11";
    const first = await post("/sessions", {}, { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(first.body.sessionId).toMatch(/^s-[0-9a-f]{32}$/);
    const retry = await post("/sessions", {}, { "idempotency-key": key });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toMatchObject({
      sessionId: first.body.sessionId,
      tokens: first.body.tokens,
      expiresAt: first.body.expiresAt,
      replayed: true,
      state: "start",
    });
    // the tokens work: the session is usable after the lost answer
    const tools = await fetch(`${url}/sessions/${first.body.sessionId}/tools`, { headers: { authorization: `Bearer ${retry.body.tokens.agent}` } });
    expect(tools.status).toBe(200);
    // with a client-chosen id: the same, and someone else naming that id without the key gets no tokens
    const mine = await post("/sessions", { id: "conv-77" }, { "idempotency-key": "key-of-conv-77" });
    expect(mine.status).toBe(201);
    expect((await post("/sessions", { id: "conv-77" }, { "idempotency-key": "key-of-conv-77" })).body.tokens).toEqual(mine.body.tokens);
    const other = await post("/sessions", { id: "conv-77" }, { "idempotency-key": "another-key" });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("session_exists");
    expect(other.body.error).not.toHaveProperty("tokens");
    const none = await post("/sessions", { id: "conv-77" });
    expect(none.status).toBe(409);
    expect(none.body.error.message).toContain("send an Idempotency-Key header");
    expect((await post("/sessions", {}, { "idempotency-key": "has space" })).status).toBe(400);
  });

  it("a retried read returns its recorded result without running again", async () => {
    const s = (await post("/sessions", {})).body;
    const auth = { authorization: `Bearer ${s.tokens.agent}` };
    const first = await post(`/sessions/${s.sessionId}/calls`, { id: "look-1", name: "lookup_booking", arguments: { bookingId: "B-1" } }, auth);
    expect(first.status).toBe(200);
    const ran = lookups;
    const retry = await post(`/sessions/${s.sessionId}/calls`, { id: "look-1", name: "lookup_booking", arguments: { bookingId: "B-1" } }, auth);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toMatchObject({
      callId: "look-1",
      replayed: true,
      outcome: "found",
      to: "booked",
      result: first.body.result,
      version: first.body.version,
    });
    expect(lookups).toBe(ran);
    // the same id for a different call is a client error that names itself
    const reused = await post(`/sessions/${s.sessionId}/calls`, { id: "look-1", name: "lookup_booking", arguments: { bookingId: "B-2" } }, auth);
    expect(reused.status).toBe(409);
    expect(reused.body.error).toMatchObject({ code: "duplicate_call", data: { reason: "different_call" } });
  });
});

describe("HTTP guard: a store failure says whether the tool ran", () => {
  it("503 store_unavailable when nothing ran; 500 outcome_not_recorded with the result when the write ran; the retry gets the recorded result once the store is back", async () => {
    const { confirmedStrictPayProtocol, confirmAction } = await import("../store/support/fixtures.js");
    const inner = new MemorySessionStore({ secret: SECRET });
    let failing: "none" | "all" | "outcome" = "none";
    const store: SessionStore = Object.assign(Object.create(inner) as SessionStore, {
      compareAndSet: async (id: string, v: number, s: StoredState, o?: SaveOptions) => {
        if (failing === "all" || (failing === "outcome" && s.pending === undefined))
          throw Object.assign(new Error("attempt to write a readonly database"), { code: "SQLITE_READONLY" });
        return inner.compareAndSet(id, v, s, o);
      },
    });
    let payments = 0;
    const guard = createHttpGuard({
      protocol: confirmedStrictPayProtocol,
      store,
      tokenSecret: TOKEN_SECRET,
      sessionOptions: { confirmation: { key: GRANT_KEY } },
      logger: () => undefined,
      tools: { pay: () => ({ receipt: `P-${++payments}` }), close: () => "ok" },
    });
    const { url } = await guard.listen();
    try {
      const post = async (path: string, token: string | undefined, body: unknown) => {
        const r = await fetch(url + path, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        return { status: r.status, retryAfter: r.headers.get("retry-after"), body: (await r.json()) as any };
      };
      const s = (await post("/sessions", undefined, {})).body;
      await guard.executor.update(s.sessionId, (session) => confirmAction(session, "pay", { account: "A", amount: 3 }));
      const call = { id: "p1", name: "pay", arguments: { account: "A", amount: 3 } };

      failing = "all";
      const down = await post(`/sessions/${s.sessionId}/calls`, s.tokens.agent, call);
      expect(down.status).toBe(503);
      expect(down.retryAfter).toBe("1");
      expect(down.body.error).toMatchObject({ code: "store_unavailable", toolRan: false, writeRan: false, callId: "p1" });
      expect(payments).toBe(0);

      failing = "outcome";
      const lost = await post(`/sessions/${s.sessionId}/calls`, s.tokens.agent, call);
      expect(lost.status).toBe(500);
      expect(lost.body.error).toMatchObject({
        code: "outcome_not_recorded",
        toolRan: true,
        writeRan: true,
        callId: "p1",
        tool: "pay",
        result: { ok: true, value: { receipt: "P-1" } },
      });
      expect(lost.body.error.message).toContain("do not repeat the write under a new call id");
      expect(payments).toBe(1);
      // still down: the retry is told the write is not recorded yet (423), nothing runs again
      const blocked = await post(`/sessions/${s.sessionId}/calls`, s.tokens.agent, call);
      expect(blocked.status).toBe(423);
      expect(blocked.body.error).toMatchObject({ code: "needs_reconciliation", data: { retryOfPending: true } });

      failing = "none";
      // the store is back: this process still holds the result and records it; the retry gets it
      const retry = await post(`/sessions/${s.sessionId}/calls`, s.tokens.agent, call);
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ replayed: true, result: { ok: true, value: { receipt: "P-1" } }, state: "paid" });
      expect(payments).toBe(1);
      expect((await post(`/sessions/${s.sessionId}/calls`, s.tokens.agent, { id: "c1", name: "close", arguments: {} })).status).toBe(200);
    } finally {
      await guard.close();
    }
  });
});
