import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, expect } from "vitest";
import { SqliteSessionStore } from "../../src/store/sqlite-store.js";
import { sessionStoreConformance, SECRETS } from "./conformance.js";

const dir = mkdtempSync(join(tmpdir(), "concordat-sqlite-"));

sessionStoreConformance("sqlite", async () => {
  const path = join(dir, "conformance.db");
  const store = new SqliteSessionStore({ secret: SECRETS.same, path });
  return {
    store,
    reopen: async (secret) => new SqliteSessionStore({ secret, path }),
    tamper: async (id, change) => {
      const row = store.db.prepare("SELECT version, data, mac FROM concordat_sessions WHERE id = ?").get(id) as { version: number; data: string; mac: string };
      const next = { ...row, ...change(row) };
      store.db.prepare("UPDATE concordat_sessions SET version = ?, data = ?, mac = ? WHERE id = ?").run(next.version, next.data, next.mac, id);
    },
    tamperLog: async (id, index, change) => {
      const row = store.db.prepare("SELECT data FROM concordat_sessions_log WHERE session_id = ? AND idx = ?").get(id, index) as { data: string };
      store.db.prepare("UPDATE concordat_sessions_log SET data = ? WHERE session_id = ? AND idx = ?").run(change(row.data), id, index);
    },
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe("SqliteSessionStore configuration", () => {
  it("uses WAL at the configured path, creating its directory", async () => {
    const path = join(dir, "nested", "deeper", "s.db");
    const store = new SqliteSessionStore({ secret: SECRETS.same, path, table: "my_sessions" });
    expect(store.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.path).toBe(path);
    await store.create("x", { session: { format: "concordat.session" } as never, ledger: {} });
    expect(store.db.prepare("SELECT count(*) AS n FROM my_sessions").get()).toEqual({ n: 1 });
    await store.close();
  });

  it("names the problem with a short secret or a bad table name", () => {
    expect(() => new SqliteSessionStore({ secret: "short", path: ":memory:" })).toThrow(/"secret" is 5 bytes; it must be at least 16/);
    expect(() => new SqliteSessionStore({ secret: undefined as never, path: ":memory:" })).toThrow(/"secret" is required/);
    expect(() => new SqliteSessionStore({ secret: SECRETS.same, path: ":memory:", table: "x; DROP TABLE y" })).toThrow(/not a plain SQL identifier/);
  });
});
