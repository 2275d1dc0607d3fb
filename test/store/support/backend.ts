import Database from "better-sqlite3";
import pg from "pg";
import { PostgresSessionStore } from "../../../src/store/postgres-store.js";
import { SqliteSessionStore } from "../../../src/store/sqlite-store.js";
import type { SessionStore } from "../../../src/store/session-store.js";
import { SECRET } from "./fixtures.js";

/** Where a test's sessions and the simulated target system (the "bank") live. */
export type BackendConfig =
  { readonly kind: "sqlite"; readonly path: string; readonly table: string } | { readonly kind: "postgres"; readonly url: string; readonly table: string };

/** One process's connections: the session store and the target system the write changes. */
export interface Backend {
  readonly store: SessionStore;
  /** Performs the write in the target system, keyed by idempotency key (no uniqueness: duplicates would show). */
  pay(idempotencyKey: string, worker: string): Promise<void>;
  /** Every payment the target system holds. */
  payments(): Promise<{ key: string; worker: string }[]>;
  close(): Promise<void>;
}

export async function openBackend(cfg: BackendConfig, options: { maxConnections?: number } = {}): Promise<Backend> {
  const bank = `${cfg.table}_bank`;
  if (cfg.kind === "sqlite") {
    const store = new SqliteSessionStore({ secret: SECRET, path: cfg.path, table: cfg.table });
    const db = new Database(cfg.path, { timeout: 10_000 });
    db.exec(`CREATE TABLE IF NOT EXISTS ${bank} (n INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, worker TEXT NOT NULL)`);
    const ins = db.prepare(`INSERT INTO ${bank} (key, worker) VALUES (?, ?)`);
    const all = db.prepare(`SELECT key, worker FROM ${bank} ORDER BY n`);
    return {
      store,
      pay: async (key, worker) => void ins.run(key, worker),
      payments: async () => all.all() as { key: string; worker: string }[],
      close: async () => {
        db.close();
        await store.close();
      },
    };
  }
  const store = new PostgresSessionStore({ secret: SECRET, connectionString: cfg.url, table: cfg.table, maxConnections: options.maxConnections ?? 4 });
  await store.ensureSchema();
  const pool = new pg.Pool({ connectionString: cfg.url, max: 1 });
  await pool
    .query(`CREATE TABLE IF NOT EXISTS ${bank} (n BIGSERIAL PRIMARY KEY, key TEXT NOT NULL, worker TEXT NOT NULL)`)
    .catch(async (e: { code?: string }) => {
      if (e.code !== "23505" && e.code !== "42P07") throw e; // created concurrently by another process
    });
  return {
    store,
    pay: async (key, worker) => void (await pool.query(`INSERT INTO ${bank} (key, worker) VALUES ($1, $2)`, [key, worker])),
    payments: async () => (await pool.query<{ key: string; worker: string }>(`SELECT key, worker FROM ${bank} ORDER BY n`)).rows,
    close: async () => {
      await pool.end();
      await store.close();
    },
  };
}
