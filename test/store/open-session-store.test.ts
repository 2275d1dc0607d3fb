import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, expect } from "vitest";
import { openSessionStore } from "../../src/store/open-session-store.js";
import { postgresUrl, dropTables, uniqueTable } from "./support/pg-env.js";

describe("openSessionStore", () => {
  it("defaults to SQLite (WAL) at the configured path", async () => {
    const dir = mkdtempSync(join(tmpdir(), "concordat-open-"));
    try {
      const store = await openSessionStore({ secret: "secret-0123456789abcdef", sqlitePath: join(dir, "a", "s.db") });
      expect(store.kind).toBe("sqlite");
      await store.create("x", { session: {} as never, ledger: {} });
      expect(await store.version("x")).toBe(1);
      expect(existsSync(join(dir, "a", "s.db"))).toBe(true);
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const url = postgresUrl();
  if (url) {
    it("uses PostgreSQL when a URL is configured and creates its table", async () => {
      const table = uniqueTable("open");
      const store = await openSessionStore({ secret: "secret-0123456789abcdef", postgresUrl: url, table });
      try {
        expect(store.kind).toBe("postgres");
        await store.create("x", { session: {} as never, ledger: {} });
        expect(await store.version("x")).toBe(1);
      } finally {
        await store.close();
        await dropTables(url, [table]);
      }
    });
  }
});
