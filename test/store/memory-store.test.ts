import { MemorySessionStore } from "../../src/store/memory-store.js";
import type { RawRow } from "../../src/store/session-store.js";
import { sessionStoreConformance, SECRETS } from "./conformance.js";

/** Memory stores share rows only within one object; `reopen` gives a view over the same map. */
class SharedMemoryStore extends MemorySessionStore {
  constructor(secret: string, rows?: Map<string, RawRow>) {
    super({ secret });
    if (rows) Object.defineProperty(this, "rows", { value: rows });
  }
}

sessionStoreConformance("memory", async () => {
  const store = new SharedMemoryStore(SECRETS.same);
  return {
    store,
    reopen: async (secret) => new SharedMemoryStore(secret, store.rows),
    tamper: async (id, change) => {
      const row = store.rows.get(id);
      if (!row) throw new Error(`no row ${id}`);
      store.rows.set(id, { ...row, ...change(row) });
    },
    close: () => store.close(),
  };
});
