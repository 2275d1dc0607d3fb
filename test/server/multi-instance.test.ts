import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, it, expect, afterAll } from "vitest";
import { dropTables, postgresUrl, uniqueTable } from "../store/support/pg-env.js";
import { call, startServe, type ServeProcess } from "./support/serve-process.js";

const INSTANCES = 3;
const SESSIONS = 6;
const REFUND = { bookingId: "B-42", amount: 120 };

interface Backend {
  readonly serveArgs: string[];
  readonly env: Record<string, string>;
  refunds(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * One conversation, every step on the next instance in turn: creation, tools, lookup, the
 * agent's confirmation request, the user's decision, the write, its retry, the end. Returns the
 * status of every step that was refused or failed.
 */
async function conversation(urls: readonly string[], n: number): Promise<{ failures: string[]; sessionId: string }> {
  let turn = n;
  const next = () => urls[turn++ % urls.length]!;
  const failures: string[] = [];
  const step = async (name: string, method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) => {
    const r = await call(method, `${next()}${path}`, token, body, headers);
    if (r.status >= 300) failures.push(`${name}: ${r.status} ${r.body?.error?.code ?? ""} ${r.body?.error?.message ?? ""}`);
    return r;
  };
  const created = await step("create", "POST", "/sessions", undefined, {}, { "idempotency-key": `conversation-${n}-${process.pid}` });
  const { sessionId, tokens } = created.body as { sessionId: string; tokens: { agent: string; user: string } };
  const s = `/sessions/${sessionId}`;
  await step("tools", "GET", `${s}/tools`, tokens.user);
  await step("lookup", "POST", `${s}/calls`, tokens.agent, { id: "c1", name: "lookup_booking", arguments: { bookingId: "B-42" } });
  await step("ask", "POST", `${s}/calls`, tokens.agent, { id: "c2", name: "request_confirmation", arguments: REFUND });
  const asked = await step("request confirmation", "POST", `${s}/confirmations`, tokens.agent, { name: "issue_refund", arguments: REFUND });
  await step("reply", "POST", `${s}/calls`, tokens.agent, { id: "c3", name: "receive_message", arguments: { text: "yes, go ahead" } });
  await step("confirm", "POST", `${s}/confirmations/${asked.body.actionId}`, tokens.user, { decision: "confirm" });
  const refund = await step("refund", "POST", `${s}/calls`, tokens.agent, { id: "c4", name: "issue_refund", arguments: REFUND });
  const retry = await step("refund retry", "POST", `${s}/calls`, tokens.agent, { id: "c4", name: "issue_refund", arguments: REFUND });
  if (retry.status === 200 && (!retry.replayed || JSON.stringify(retry.body.result) !== JSON.stringify(refund.body.result)))
    failures.push("refund retry: not the recorded result");
  await step("session", "GET", s, tokens.user);
  const end = await step("end", "POST", `${s}/calls`, tokens.agent, { id: "c5", name: "end_conversation", arguments: {} });
  if (end.body.state !== "done") failures.push(`end: state ${end.body.state}`);
  return { failures, sessionId };
}

function suite(name: string, open: () => Promise<Backend>) {
  it(`${name}: ${INSTANCES} instances in separate processes, every step of ${SESSIONS} concurrent conversations on another one: nothing refused, exactly one refund each`, async () => {
    const backend = await open();
    const instances: ServeProcess[] = [];
    try {
      instances.push(
        ...(await Promise.all(
          Array.from({ length: INSTANCES }, () =>
            startServe(
              ["examples/refund/refund-protocol.ts#refundProtocol", "--tools", "test/server/fixtures/bank-tools.ts#tools", ...backend.serveArgs],
              backend.env,
            ),
          ),
        )),
      );
      const urls = instances.map((i) => i.url);
      const results = await Promise.all(Array.from({ length: SESSIONS }, (_, n) => conversation(urls, n)));
      expect(results.flatMap((r) => r.failures)).toEqual([]);
      const refunds = await backend.refunds();
      expect(refunds.sort()).toEqual(results.map((r) => `${r.sessionId}:c4`).sort());
    } finally {
      await Promise.all(instances.map((i) => i.stop()));
      await backend.close();
    }
  }, 240_000);
}

describe("several guard instances on one store", () => {
  const dir = mkdtempSync(join(tmpdir(), "concordat-multi-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  suite("SQLite", async () => {
    const bank = join(dir, "bank.db");
    return {
      serveArgs: ["--db", join(dir, "sessions.db")],
      env: { BANK_SQLITE: bank },
      refunds: async () => {
        const db = new Database(bank, { readonly: true });
        try {
          return (db.prepare("SELECT key FROM bank").all() as { key: string }[]).map((r) => r.key);
        } finally {
          db.close();
        }
      },
      close: async () => undefined,
    };
  });

  const url = postgresUrl();
  if (url) {
    suite("PostgreSQL", async () => {
      const table = uniqueTable("multi");
      const bank = `${table}_bank`;
      return {
        serveArgs: ["--pg", url, "--table", table],
        env: { BANK_PG_URL: url, BANK_TABLE: bank },
        refunds: async () => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            return (await client.query<{ key: string }>(`SELECT key FROM ${bank}`)).rows.map((r) => r.key);
          } finally {
            await client.end();
          }
        },
        close: () => dropTables(url, [table, bank]),
      };
    });
  }
});
