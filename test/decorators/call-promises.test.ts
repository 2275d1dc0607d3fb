import { createHook } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { enforce, sessionOf, tool } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { rejectedWith } from "../support/expect-violation.js";

/*
 * What a decorated call costs in promises (the regression guard of the call overhead). On Node 20,
 * once any AsyncLocalStorage is in use, every promise in the process pays Node's promise hooks
 * (init, before, after), so the decorated path's overhead over a plain async method grows with
 * every promise and await it adds. These count the promises created, with async_hooks, from the
 * call until its promise settled, and compare them with the same plain async method counted the
 * same way.
 */

const protocol = defineProtocol({
  name: "call-promises",
  initial: "open",
  terminal: ["closed"],
  tools: {
    lookup: { input: z.object({ page: z.number().int() }), effect: "read" },
    close: { input: z.object({}), effect: "read" },
  },
  states: { open: { on: { lookup: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
});

@enforce(protocol)
class Decorated {
  @tool() async lookup(args: { page: number }) {
    return args.page;
  }
}

class Plain {
  async lookup(args: { page: number }) {
    return args.page;
  }
}

@enforce(protocol)
class Overriding extends Decorated {
  override async lookup(args: { page: number }) {
    return (await super.lookup(args)) + 1;
  }
}

let made = 0;
const hook = createHook({
  init(_id, type) {
    if (type === "PROMISE") made++;
  },
});

/** Promises created from calling `f` until the promise it returned settled (awaited the same way for every `f`). */
async function promisesMadeBy(f: () => Promise<unknown>): Promise<number> {
  made = 0;
  hook.enable();
  try {
    await f().then(
      () => undefined,
      () => undefined,
    );
  } finally {
    hook.disable();
  }
  return made;
}

/**
 * Promises `f` creates beyond the one it returns (the counting's own promises subtracted): the
 * smallest over a few counts (a count never includes fewer promises than the call made).
 */
async function promisesBeyondReturned(f: () => Promise<unknown>): Promise<number> {
  let least = Infinity;
  let harness = Infinity;
  for (let i = 0; i < 5; i++) {
    least = Math.min(least, await promisesMadeBy(f));
    harness = Math.min(harness, await promisesMadeBy(() => Promise.resolve(0)));
  }
  return least - harness;
}

describe("promises per decorated call (regression guard of the call overhead)", () => {
  it("counts what it claims to count: none beyond its own for a plain async method, one per await added", async () => {
    const plain = new Plain();
    expect(await promisesBeyondReturned(() => plain.lookup({ page: 1 }))).toBe(0);
    expect(await promisesBeyondReturned(async () => plain.lookup({ page: await plain.lookup({ page: 1 }) }))).toBeGreaterThanOrEqual(2);
  });

  it("an idle session's call makes one promise beyond the body's: the one that advances (no async wrapper, no extra await)", async () => {
    const d = new Decorated();
    sessionOf(d); // the session exists before counting (it is made once, on the first call)
    expect(await promisesBeyondReturned(() => d.lookup({ page: 1 }))).toBeLessThanOrEqual(1);
    expect(sessionOf(d).traceLength).toBe(5); // each counted call ran and advanced
  });

  it("a call refused by validation makes the rejected promise only, and leaves the session as it was", async () => {
    const d = new Decorated();
    const s = sessionOf(d);
    await d.lookup({ page: 0 });
    const before = { state: s.state, version: s.version, length: s.traceLength };
    expect(await promisesBeyondReturned(() => d.lookup({ page: 1.5 }))).toBe(0);
    await rejectedWith(d.lookup({ page: 1.5 }), "invalid_arguments");
    expect({ state: s.state, version: s.version, length: s.traceLength }).toEqual(before);
  });

  it("a super call inside an override adds the parent body's promise and the override's await of it", async () => {
    const d = new Decorated();
    const o = new Overriding();
    sessionOf(d);
    sessionOf(o);
    const direct = await promisesBeyondReturned(() => d.lookup({ page: 1 }));
    const viaSuper = await promisesBeyondReturned(() => o.lookup({ page: 1 }));
    expect(viaSuper - direct).toBeLessThanOrEqual(2);
    expect(await o.lookup({ page: 1 })).toBe(2);
  });

  it("a call queued behind a running one makes at most three promises beyond its own (body, advance, hand-over)", async () => {
    const d = new Decorated();
    const s = sessionOf(d);
    const alone = await promisesBeyondReturned(() => d.lookup({ page: 1 }));
    const pair = await promisesBeyondReturned(() => {
      void d.lookup({ page: 2 }); // in flight: its own promise and what it makes beyond it are counted too
      expect(s.activeCall).toBeDefined();
      return d.lookup({ page: 3 });
    });
    expect(pair - (alone + 1)).toBeLessThanOrEqual(3);
    expect(s.trace.slice(-2).map((e) => (e.arguments as { page: number }).page)).toEqual([2, 3]);
  });
});
