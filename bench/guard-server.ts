/**
 * One guard instance for `bench:guard`, in its own process: the HTTP guard of the built package
 * (`dist/`) serving the refund protocol on a SQLite file or a PostgreSQL table, with a refund tool
 * that records each refund in a "bank" table under its idempotency key (so the parent can check
 * exactly-once afterwards). Configured by GUARD_BENCH (JSON); answers IPC messages "rss" and
 * "stop".
 */
import Database from "better-sqlite3";
import pg from "pg";
import { z } from "zod";
import type * as Concordat from "../src/index.js";
import type * as ConcordatServer from "../src/server/index.js";
import type * as ConcordatSqlite from "../src/store/sqlite-store.js";
import type * as ConcordatPostgres from "../src/store/postgres-store.js";
import type { SessionStore } from "../src/store/session-store.js";
import { importBuilt } from "./import-built.js";

export interface GuardServerConfig {
  readonly kind: "sqlite" | "postgres";
  readonly path?: string;
  readonly url?: string;
  readonly table: string;
  readonly bank: string;
}

const { defineProtocol } = await importBuilt<typeof Concordat>("src/index.js");
const { createHttpGuard } = await importBuilt<typeof ConcordatServer>("src/server/index.js");

/** The refund protocol of examples/refund, built with the compiled package. */
const refund = defineProtocol({
  name: "refund",
  initial: "start",
  terminal: ["done"],
  tools: {
    lookup_booking: {
      input: z.object({ bookingId: z.string().min(1) }),
      effect: "read",
      outcomes: ["found", "not_found"],
      outcome: (r) => (r.ok && r.value ? "found" : "not_found"),
    },
    request_confirmation: {
      input: z.object({ bookingId: z.string(), amount: z.number().positive() }),
      effect: "read",
      outcomes: ["sent"],
      outcome: () => "sent",
    },
    receive_message: {
      input: z.object({ text: z.string() }),
      effect: "read",
      outcomes: ["confirmed", "denied", "unclear"],
      outcome: (r) => (r.ok ? (r.value as "confirmed") : "unclear"),
    },
    issue_refund: { input: z.object({ bookingId: z.string(), amount: z.number().positive() }), effect: "write", requiresConfirmation: true, outcomes: ["ok"] },
    end_conversation: { input: z.object({}), effect: "read", exit: true },
  },
  states: {
    start: { on: { lookup_booking: { found: "booked", not_found: "start" }, end_conversation: { ok: "done" } } },
    booked: { on: { request_confirmation: { sent: "awaiting" }, end_conversation: { ok: "done" } } },
    awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked", unclear: "awaiting" } } },
    confirmed: { on: { issue_refund: { ok: "refunded" } } },
    refunded: { on: { end_conversation: { ok: "done" } } },
    done: {},
  },
});

const cfg = JSON.parse(process.env["GUARD_BENCH"] ?? "{}") as GuardServerConfig;
const SECRET = "bench-store-secret-0123456789";

let store: SessionStore;
let pay: (key: string) => Promise<void>;
let closeBank: () => Promise<void>;
if (cfg.kind === "sqlite") {
  const { SqliteSessionStore } = await importBuilt<typeof ConcordatSqlite>("src/store/sqlite-store.js");
  store = new SqliteSessionStore({ secret: SECRET, path: cfg.path!, table: cfg.table });
  const db = new Database(cfg.path!, { timeout: 10_000 });
  db.exec(`CREATE TABLE IF NOT EXISTS ${cfg.bank} (n INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL)`);
  const ins = db.prepare(`INSERT INTO ${cfg.bank} (key) VALUES (?)`);
  pay = async (key) => void ins.run(key);
  closeBank = async () => void db.close();
} else {
  const { PostgresSessionStore } = await importBuilt<typeof ConcordatPostgres>("src/store/postgres-store.js");
  store = await new PostgresSessionStore({ secret: SECRET, connectionString: cfg.url!, table: cfg.table, maxConnections: 8 }).ensureSchema();
  const pool = new pg.Pool({ connectionString: cfg.url!, max: 4 });
  await pool.query(`CREATE TABLE IF NOT EXISTS ${cfg.bank} (n BIGSERIAL PRIMARY KEY, key TEXT NOT NULL)`).catch((e: { code?: string }) => {
    if (e.code !== "23505" && e.code !== "42P07") throw e;
  });
  pay = async (key) => void (await pool.query(`INSERT INTO ${cfg.bank} (key) VALUES ($1)`, [key]));
  closeBank = () => pool.end();
}

const guard = createHttpGuard({
  protocol: refund,
  store,
  tokenSecret: "bench-token-secret-0123456789",
  sessionOptions: { confirmation: { key: "bench-grant-key-0123456789abcdef" } },
  logger: () => undefined,
  tools: {
    lookup_booking: (a: { bookingId: string }) => ({ bookingId: a.bookingId, paid: 120, passenger: "A. Passenger", flights: ["HAT001", "HAT002"] }),
    request_confirmation: () => "sent",
    receive_message: (a: { text: string }) => (/^yes\b/i.test(a.text) ? "confirmed" : "unclear"),
    issue_refund: async (_a: unknown, ctx: { idempotencyKey: string }) => {
      await pay(ctx.idempotencyKey);
      return { refundId: ctx.idempotencyKey };
    },
    end_conversation: () => "bye",
  },
});
const { url } = await guard.listen(0);

process.on("message", (m: { type: string }) => {
  if (m.type === "rss") process.send!({ type: "rss", rss: process.memoryUsage().rss, stats: guard.executor.stats() });
  if (m.type === "stop") {
    void (async () => {
      await guard.close();
      await store.close();
      await closeBank();
      process.send!({ type: "stopped" }, () => process.exit(0));
    })();
  }
});
process.send!({ type: "ready", url, rss: process.memoryUsage().rss });
