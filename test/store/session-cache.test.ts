import { describe, it, expect } from "vitest";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import { MemorySessionStore } from "../../src/store/memory-store.js";
import { SessionCache, SESSION_BASE_BYTES } from "../../src/store/session-cache.js";
import type { StoredSession } from "../../src/store/session-store.js";
import { payProtocol, SECRET } from "./support/fixtures.js";

const row = (id: string, version = 1): StoredSession => ({ id, version, state: { session: { trace: [] } as never, ledger: {} } });

describe("SessionCache", () => {
  it("evicts the least recently saved first, by bytes and by count, and never keeps an entry larger than the budget", () => {
    const c = new SessionCache<object>(1000, 3);
    c.set("a", row("a"), {}, 400);
    c.set("b", row("b"), {}, 400);
    expect([c.size, c.bytes]).toEqual([2, 800]);
    c.set("a", row("a", 2), {}, 400); // saved again: now the most recent
    c.set("c", row("c"), {}, 400); // over 1000 bytes: b goes
    expect(c.get("b")).toBeUndefined();
    expect([c.get("a")?.stored.version, c.size, c.bytes]).toEqual([2, 2, 800]);
    c.set("d", row("d"), {}, 100);
    c.set("e", row("e"), {}, 100); // over 3 sessions: a goes
    expect(c.get("a")).toBeUndefined();
    expect(c.size).toBe(3);
    c.set("huge", row("huge"), {}, 5000);
    expect(c.get("huge")).toBeUndefined();
    // a row cached without its session object does not replace a newer one
    c.setRow("c", row("c", 0), 10);
    expect(c.get("c")?.session).toBeDefined();
    expect(c.take("c")?.session).toBeDefined();
    expect(c.get("c")?.session).toBeUndefined(); // handed out once
  });
});

describe("GuardedExecutor memory", () => {
  it("finished sessions leave the cache; the byte budget bounds the rest", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const ex = new GuardedExecutor({ protocol: payProtocol, store, cacheBytes: 40 * SESSION_BASE_BYTES });
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const id = (await ex.create()).session.id;
      ids.push(id);
      for (let k = 0; k < 5; k++) await ex.execute(id, { id: `l${k}`, name: "lookup", arguments: { account: "A" } }, () => ({ balance: k }));
    }
    const busy = ex.stats();
    expect(busy.cachedBytes).toBeLessThanOrEqual(40 * SESSION_BASE_BYTES);
    expect(busy.cachedSessions).toBeGreaterThan(5);
    expect(busy.cachedSessions).toBeLessThan(40);
    for (const id of ids) await ex.execute(id, { id: "end", name: "close", arguments: {} }, () => null);
    expect(ex.stats()).toMatchObject({ cachedSessions: 0, cachedBytes: 0, lanes: 0, loads: 0, inFlight: 0, unrecordedOutcomes: 0 });
    // and an ended session still answers a retry of its last call
    expect(await ex.execute(ids[0]!, { id: "end", name: "close", arguments: {} }, () => null)).toMatchObject({ replayed: true, state: "closed" });
    expect(() => new GuardedExecutor({ protocol: payProtocol, store, cacheBytes: -1 })).toThrow("cacheBytes must be a non-negative number of bytes; got -1");
  });
});
