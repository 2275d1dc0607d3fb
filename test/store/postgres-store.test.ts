import { describe, it, expect } from "vitest";
import pg from "pg";
import { PostgresSessionStore } from "../../src/store/postgres-store.js";
import { sessionStoreConformance, SECRETS } from "./conformance.js";
import { dropTables, postgresUrl, uniqueTable } from "./support/pg-env.js";

const url = postgresUrl();

if (url) {
  const table = uniqueTable("conf");
  sessionStoreConformance("postgres", async () => {
    const store = await new PostgresSessionStore({ secret: SECRETS.same, connectionString: url, table }).ensureSchema();
    const raw = new pg.Pool({ connectionString: url, max: 1 });
    const opened: PostgresSessionStore[] = [];
    return {
      store,
      reopen: async (secret) => {
        const s = new PostgresSessionStore({ secret, connectionString: url, table, maxConnections: 2 });
        opened.push(s);
        return s;
      },
      tamper: async (id, change) => {
        const r = await raw.query<{ version: string; data: string; mac: string }>(`SELECT version, data, mac FROM ${table} WHERE id = $1`, [id]);
        const row = r.rows[0];
        if (!row) throw new Error(`no row ${id}`);
        const cur = { version: Number(row.version), data: row.data, mac: row.mac };
        const next = { ...cur, ...change(cur) };
        await raw.query(`UPDATE ${table} SET version = $1, data = $2, mac = $3 WHERE id = $4`, [next.version, next.data, next.mac, id]);
      },
      tamperLog: async (id, index, change) => {
        const r = await raw.query<{ data: string }>(`SELECT data FROM ${table}_log WHERE session_id = $1 AND idx = $2`, [id, index]);
        await raw.query(`UPDATE ${table}_log SET data = $1 WHERE session_id = $2 AND idx = $3`, [change(r.rows[0]!.data), id, index]);
      },
      close: async () => {
        await raw.end();
        await store.close();
        await dropTables(url, [table]);
      },
    };
  });

  describe("PostgresSessionStore configuration", () => {
    it("creates its table idempotently even when many processes ask at once", async () => {
      const t = uniqueTable("schema");
      const stores = Array.from({ length: 4 }, () => new PostgresSessionStore({ secret: SECRETS.same, connectionString: url, table: t, maxConnections: 1 }));
      try {
        await Promise.all(stores.map((s) => s.ensureSchema()));
        await stores[0]!.create("a", { session: {} as never, ledger: {} });
        expect((await stores[3]!.load("a"))?.version).toBe(1);
      } finally {
        await Promise.all(stores.map((s) => s.close()));
        await dropTables(url, [t]);
      }
    });
    it("requires a connection string or a pool", () => {
      expect(() => new PostgresSessionStore({ secret: SECRETS.same })).toThrow(/connectionString/);
    });
  });
}

if (!url) {
  describe("PostgresSessionStore", () => {
    it("needs a PostgreSQL server to run its suite", () => {
      throw new Error(
        "No PostgreSQL for the PostgreSQL suite: install postgresql (apt-get install postgresql; the test setup then starts a throwaway cluster) or set CONCORDAT_PG_URL.",
      );
    });
  });
}
