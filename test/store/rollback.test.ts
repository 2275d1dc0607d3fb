import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, it, expect, afterAll } from "vitest";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import type { RawRow } from "../../src/store/session-store.js";
import { openBackend, type BackendConfig } from "./support/backend.js";
import { confirmAction, confirmationOptions, confirmedPayProtocol } from "./support/fixtures.js";
import { dropTables, postgresUrl, uniqueTable } from "./support/pg-env.js";
import { exited, nextMessage, spawnWorker } from "./support/spawn.js";

const ARGS = { account: "ACC-7", amount: 70 };

/** Reads and writes a raw head row behind the store's back (an attacker with database access). */
interface RawAccess {
  read(id: string): Promise<RawRow>;
  write(id: string, row: RawRow): Promise<void>;
  close(): Promise<void>;
}

async function inWorker(cfg: BackendConfig, sessionId: string, callId: string, worker: string) {
  const child = spawnWorker("./rollback-worker.ts", "ROLLBACK_CONFIG", { backend: cfg, sessionId, callId, args: ARGS, worker });
  const done = await nextMessage<{ type: "done"; code: string; ran: boolean; message: string }>(child, "done");
  await exited(child);
  return done;
}

function suite(name: string, config: () => BackendConfig, raw: (cfg: BackendConfig) => Promise<RawAccess>) {
  it(`${name}: a validly signed head row from before a write, written back, is refused by a fresh guard process; the grant is never consumed twice`, async () => {
    const cfg = config();
    const backend = await openBackend(cfg);
    const db = await raw(cfg);
    try {
      const ex = new GuardedExecutor({ protocol: confirmedPayProtocol, store: backend.store, sessionOptions: confirmationOptions });
      const { session } = await ex.create({ init: (s) => void confirmAction(s, "pay", ARGS) });
      const before = await db.read(session.id); // grant confirmed, not consumed

      // process 1 makes the write
      expect(await inWorker(cfg, session.id, "pay-1", "first")).toMatchObject({ code: "ok", ran: true });
      expect((await backend.payments()).map((p) => p.worker)).toEqual(["first"]);

      // the attacker writes the old row back: its MAC is valid, the grant looks unused again
      await db.write(session.id, before);

      // processes that never saw the later row: a new call with the same grant, and the old call id
      for (const [callId, worker] of [
        ["pay-2", "second"],
        ["pay-1", "third"],
      ] as const) {
        const r = await inWorker(cfg, session.id, callId, worker);
        expect(r.code).toBe("state_tampered");
        expect(r.message).toContain("was rolled back");
        expect(r.ran).toBe(false);
      }
      expect((await backend.payments()).map((p) => p.worker)).toEqual(["first"]);
    } finally {
      await db.close();
      await backend.close();
    }
  }, 180_000);
}

describe("rollback-proof consumption across processes", () => {
  const dir = mkdtempSync(join(tmpdir(), "concordat-rollback-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  suite(
    "SQLite",
    () => ({ kind: "sqlite", path: join(dir, "rollback.db"), table: "sessions" }),
    async (cfg) => {
      const db = new Database((cfg as { path: string }).path, { timeout: 10_000 });
      return {
        read: async (id) => db.prepare(`SELECT version, data, mac FROM ${cfg.table} WHERE id = ?`).get(id) as RawRow,
        write: async (id, row) =>
          void db.prepare(`UPDATE ${cfg.table} SET version = ?, data = ?, mac = ? WHERE id = ?`).run(row.version, row.data, row.mac, id),
        close: async () => void db.close(),
      };
    },
  );

  const url = postgresUrl();
  if (url) {
    const table = uniqueTable("rollback");
    afterAll(() => dropTables(url, [table, `${table}_bank`]));
    suite(
      "PostgreSQL",
      () => ({ kind: "postgres", url, table }),
      async (cfg) => {
        const pool = new pg.Pool({ connectionString: url, max: 1 });
        return {
          read: async (id) => {
            const r = (await pool.query<{ version: string; data: string; mac: string }>(`SELECT version, data, mac FROM ${cfg.table} WHERE id = $1`, [id]))
              .rows[0]!;
            return { version: Number(r.version), data: r.data, mac: r.mac };
          },
          write: async (id, row) =>
            void (await pool.query(`UPDATE ${cfg.table} SET version = $1, data = $2, mac = $3 WHERE id = $4`, [row.version, row.data, row.mac, id])),
          close: () => pool.end(),
        };
      },
    );
  }
});
