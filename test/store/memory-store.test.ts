import { MemorySessionStore } from "../../src/store/memory-store.js";
import { sessionStoreConformance, SECRETS } from "./conformance.js";

/** Memory stores share rows only within one object; `reopen` gives a view over the same maps. */
class SharedMemoryStore extends MemorySessionStore {
  constructor(secret: string, from?: MemorySessionStore) {
    super({ secret });
    if (from) for (const k of ["rows", "chunks", "claims"] as const) Object.defineProperty(this, k, { value: from[k] });
  }
}

sessionStoreConformance("memory", async () => {
  const store = new SharedMemoryStore(SECRETS.same);
  return {
    store,
    reopen: async (secret) => new SharedMemoryStore(secret, store),
    tamper: async (id, change) => {
      const row = store.rows.get(id);
      if (!row) throw new Error(`no row ${id}`);
      store.rows.set(id, { ...row, ...change(row) });
    },
    tamperLog: async (id, index, change) => {
      const chunks = store.chunks.get(id)!;
      chunks[index] = { ...chunks[index]!, data: change(chunks[index]!.data) };
    },
    close: () => store.close(),
  };
});
