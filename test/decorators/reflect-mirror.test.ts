import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, enforce, REFLECT_PROTOCOL_KEY, REFLECT_TOOL_KEY, REFLECT_TOOLS_KEY, tool } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";

/**
 * The reflect-metadata mirror is written on first read (a metadata provider, see
 * decorators/reflect-mirror.ts). Readers must see exactly what an eager `Reflect.defineMetadata`
 * at definition showed: each case compares a decorated class with a plain class given the same
 * metadata eagerly, in the order the decorator used to write it.
 */

type Key = string | symbol | undefined;
const R = Reflect as unknown as {
  defineMetadata(k: unknown, v: unknown, t: object, p?: Key): void;
  deleteMetadata(k: unknown, t: object, p?: Key): boolean;
  getMetadata(k: unknown, t: object, p?: Key): unknown;
  getOwnMetadata(k: unknown, t: object, p?: Key): unknown;
  hasMetadata(k: unknown, t: object, p?: Key): boolean;
  hasOwnMetadata(k: unknown, t: object, p?: Key): boolean;
  getMetadataKeys(t: object, p?: Key): unknown[];
  getOwnMetadataKeys(t: object, p?: Key): unknown[];
};

const p = defineProtocol({
  name: "mirror",
  initial: "s",
  terminal: ["done"],
  tools: {
    first: { input: z.object({ n: z.number() }), effect: "read" },
    second: { input: z.object({}), effect: "write" },
    finish: { input: z.object({}), effect: "read" },
  },
  states: { s: { on: { first: { ok: "s" }, second: { ok: "s" }, finish: { ok: "done" } } }, done: {} },
});

const child = defineProtocol({ ...p.config, name: "mirror-child", budget: { toolCalls: 5 } });

/** Everything a reader can ask reflect-metadata about (target, property), for these keys. */
function view(target: object, property: Key, keys: readonly unknown[]): unknown {
  return {
    own: R.getOwnMetadataKeys(target, property),
    all: R.getMetadataKeys(target, property),
    values: keys.map((k) => [
      R.getMetadata(k, target, property),
      R.getOwnMetadata(k, target, property),
      R.hasMetadata(k, target, property),
      R.hasOwnMetadata(k, target, property),
    ]),
  };
}

const KEYS = [REFLECT_PROTOCOL_KEY, REFLECT_TOOLS_KEY, REFLECT_TOOL_KEY, "user:before", "user:after"];

describe("reflect-metadata mirror (written on first read)", () => {
  it("shows the protocol, the tool table and each method's tool exactly as an eager mirror did, from the class and its subclasses", () => {
    @enforce(p)
    class Lazy {
      @tool("first") async one(_args: { n: number }) {}
      @tool() async second() {}
    }
    class LazySub extends Lazy {}
    class Eager {
      async one(_args: { n: number }) {}
      async second() {}
    }
    class EagerSub extends Eager {}
    R.defineMetadata(REFLECT_TOOL_KEY, "first", Eager.prototype, "one");
    R.defineMetadata(REFLECT_TOOL_KEY, "second", Eager.prototype, "second");
    R.defineMetadata(REFLECT_PROTOCOL_KEY, p, Eager);
    const table = R.getMetadata(REFLECT_TOOLS_KEY, Lazy);
    R.defineMetadata(REFLECT_TOOLS_KEY, table, Eager);

    expect(R.getMetadata(REFLECT_PROTOCOL_KEY, Lazy)).toBe(p);
    expect(table).toEqual({ one: "first", second: "second" });
    // the same object on every read
    expect(R.getMetadata(REFLECT_TOOLS_KEY, LazySub)).toBe(table);
    for (const [lazy, eager] of [
      [Lazy, Eager],
      [LazySub, EagerSub],
    ] as const) {
      expect(view(lazy, undefined, KEYS)).toEqual(view(eager, undefined, KEYS));
      for (const m of ["one", "second", "other"]) expect(view(lazy.prototype, m, KEYS)).toEqual(view(eager.prototype, m, KEYS));
    }
    expect(R.getMetadata(REFLECT_TOOL_KEY, LazySub.prototype, "one")).toBe("first");
    // the lazy path is the one in use: another provider than reflect-metadata's own answers for the decorated class
    const registry = (Reflect as unknown as Record<symbol, { getProvider(t: object, p: Key): unknown }>)[Symbol.for("@reflect-metadata:registry")]!;
    expect(registry.getProvider(Lazy, undefined)).toBeDefined();
    expect(registry.getProvider(Lazy, undefined)).not.toBe(registry.getProvider(Eager, undefined));
    expect(registry.getProvider(Lazy.prototype, "one")).toBe(registry.getProvider(Lazy, undefined));
  });

  it("keeps the user's own metadata on the same class: written before the decorator (kept, first) and after it (after ours), deletable", () => {
    const before = (value: unknown, _context: unknown) => {
      R.defineMetadata("user:before", 1, value as object);
      R.defineMetadata("user:before", 2, (value as { prototype: object }).prototype, "one");
    };
    @enforce(p)
    @before
    class Lazy {
      @tool("first") async one(_args: { n: number }) {}
      @tool() async second() {}
    }
    R.defineMetadata("user:after", 3, Lazy);
    R.defineMetadata("user:after", 4, Lazy.prototype, "second");
    R.defineMetadata("user:after", 5, Lazy.prototype, "other");

    class Eager {}
    R.defineMetadata("user:before", 1, Eager);
    R.defineMetadata("user:before", 2, Eager.prototype, "one");
    R.defineMetadata(REFLECT_TOOL_KEY, "first", Eager.prototype, "one");
    R.defineMetadata(REFLECT_TOOL_KEY, "second", Eager.prototype, "second");
    R.defineMetadata(REFLECT_PROTOCOL_KEY, p, Eager);
    R.defineMetadata(REFLECT_TOOLS_KEY, R.getMetadata(REFLECT_TOOLS_KEY, Lazy), Eager);
    R.defineMetadata("user:after", 3, Eager);
    R.defineMetadata("user:after", 4, Eager.prototype, "second");
    R.defineMetadata("user:after", 5, Eager.prototype, "other");

    expect(R.getOwnMetadataKeys(Lazy)).toEqual(["user:before", REFLECT_PROTOCOL_KEY, REFLECT_TOOLS_KEY, "user:after"]);
    expect(R.getOwnMetadataKeys(Lazy.prototype, "second")).toEqual([REFLECT_TOOL_KEY, "user:after"]);
    expect(view(Lazy, undefined, KEYS)).toEqual(view(Eager, undefined, KEYS));
    for (const m of ["one", "second", "other"]) expect(view(Lazy.prototype, m, KEYS)).toEqual(view(Eager.prototype, m, KEYS));

    expect(R.deleteMetadata(REFLECT_TOOL_KEY, Lazy.prototype, "second")).toBe(R.deleteMetadata(REFLECT_TOOL_KEY, Eager.prototype, "second"));
    expect(R.deleteMetadata("user:after", Lazy)).toBe(true);
    expect(R.deleteMetadata("user:after", Lazy)).toBe(false);
    R.deleteMetadata("user:after", Eager);
    expect(view(Lazy, undefined, KEYS)).toEqual(view(Eager, undefined, KEYS));
    expect(view(Lazy.prototype, "second", KEYS)).toEqual(view(Eager.prototype, "second", KEYS));
  });

  it("mirrors a decorated subclass, an Agent subclass (returned subclass) and a class whose metadata is first written by the user", () => {
    @enforce(p)
    class Parent {
      @tool("first") async one(_args: { n: number }) {}
    }
    @enforce(child)
    class Child extends Parent {
      @tool() async second() {}
    }
    expect(R.getMetadata(REFLECT_PROTOCOL_KEY, Child)).toBe(child);
    expect(R.getMetadata(REFLECT_PROTOCOL_KEY, Parent)).toBe(p);
    expect(R.getOwnMetadata(REFLECT_TOOLS_KEY, Child)).toEqual({ second: "second" });
    expect(R.getMetadata(REFLECT_TOOL_KEY, Child.prototype, "one")).toBe("first");
    expect(R.getOwnMetadata(REFLECT_TOOL_KEY, Child.prototype, "second")).toBe("second");

    @enforce(p)
    class Agentish extends Agent {
      @tool("first") async one(_args: { n: number }) {}
    }
    expect(R.getMetadata(REFLECT_PROTOCOL_KEY, Agentish)).toBe(p);
    expect(R.getMetadata(REFLECT_TOOLS_KEY, Agentish)).toEqual({ one: "first" });
    expect(R.getOwnMetadataKeys(Agentish)).toEqual([REFLECT_PROTOCOL_KEY, REFLECT_TOOLS_KEY]);
  });
});
