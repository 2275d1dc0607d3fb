import { describe, expect, it } from "vitest";
import { z } from "zod";
import { enforce, isGuardedWrapper, protocolOf, sessionOf, tool } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { rejectedWith } from "../support/expect-violation.js";

/*
 * The shape of decorated class chains: only the first decorated class of a chain is replaced by
 * a class of the decorator's (whose constructor prepares the class being built before any
 * constructor body runs and records the instance); decorated classes below it are returned as
 * they are. Every guarantee must hold either way: these tests cover what that could break.
 */

const tools = {
  look: { input: z.object({ id: z.string() }), effect: "read" },
  pay: { input: z.object({ id: z.string(), amount: z.number() }), effect: "write" },
} as const;

function protocol(name: string, budget: number) {
  return defineProtocol({
    name,
    initial: "a",
    terminal: ["z"],
    tools,
    states: { a: { on: { look: { ok: "b" } } }, b: { on: { pay: { ok: "z" } } }, z: {} },
    budget: { toolCalls: budget },
  });
}

const root = protocol("chain-root", 10);
const mid = protocol("chain-mid", 8);
const leaf = defineProtocol({
  name: "chain-leaf",
  initial: "a",
  terminal: ["z"],
  tools: { ...tools, peek: { input: z.object({}), effect: "read", inert: true } },
  states: { a: { on: { look: { ok: "b" }, peek: { ok: "a" } } }, b: { on: { pay: { ok: "z" } } }, z: {} },
  budget: { toolCalls: 6 },
});

describe("decorated class chains", () => {
  it("three decorated generations: each instance runs its own class's protocol, bodies and super calls included", async () => {
    const bodies: string[] = [];
    @enforce(root)
    class Root {
      @tool() async look(args: { id: string }) {
        bodies.push(`root look ${args.id}`);
        return "root";
      }
      @tool() async pay(args: { id: string; amount: number }) {
        bodies.push(`root pay ${args.amount}`);
        return args.amount;
      }
    }
    @enforce(mid)
    class Mid extends Root {
      @tool() override async look(args: { id: string }) {
        bodies.push(`mid look ${args.id}`);
        return super.look(args);
      }
    }
    @enforce(leaf)
    class Leaf extends Mid {
      @tool() async peek() {
        return "peeked";
      }
      @tool() override async pay(args: { id: string; amount: number }) {
        bodies.push(`leaf pay ${args.amount}`);
        return super.pay(args);
      }
    }
    expect([protocolOf(Root), protocolOf(Mid), protocolOf(Leaf)]).toEqual([root, mid, leaf]);
    const r = new Root();
    const m = new Mid();
    const l = new Leaf();
    expect([sessionOf(r).protocol, sessionOf(m).protocol, sessionOf(l).protocol]).toEqual([root, mid, leaf]);
    // out of order: refused before any body runs, on every level
    for (const x of [r, m, l]) expect((await rejectedWith(x.pay({ id: "B", amount: 1 }))).code).toBe("tool_not_allowed");
    expect(bodies).toEqual([]);
    expect(await l.peek()).toBe("peeked");
    expect(await l.look({ id: "B" })).toBe("root");
    expect(await l.pay({ id: "B", amount: 7 })).toBe(7);
    expect(bodies).toEqual(["mid look B", "root look B", "leaf pay 7", "root pay 7"]);
    expect(sessionOf(l).trace.map((t) => t.tool)).toEqual(["peek", "look", "pay"]);
    // a super call with other arguments than the validated ones is refused
    class Cheat extends Leaf {
      override async look(args: { id: string }) {
        return super.look({ id: `${args.id}-other` });
      }
    }
    expect((await rejectedWith(new Cheat().look({ id: "B" }))).code).toBe("invalid_arguments");
  });

  it("a decorated class below a decorated class is the class the user wrote (no class added to the chain)", () => {
    @enforce(root)
    class Root {
      @tool() async look(_args: { id: string }) {}
    }
    class Between extends Root {}
    @enforce(mid)
    class Mid extends Between {}
    @enforce(leaf)
    class Leaf extends Mid {}
    expect(Object.getPrototypeOf(Leaf)).toBe(Mid);
    expect(Object.getPrototypeOf(Mid)).toBe(Between);
    expect(Object.getPrototypeOf(Between)).toBe(Root);
    expect([Root.name, Mid.name, Leaf.name]).toEqual(["Root", "Mid", "Leaf"]);
    expect(new Leaf()).toBeInstanceOf(Root);
    expect(new Leaf().constructor).toBe(Leaf);
  });

  it("an undecorated override below a decorated class below another one is guarded, through the prototype too", async () => {
    let ran = 0;
    @enforce(root)
    class Root {
      @tool() async look(_args: { id: string }) {}
      @tool() async pay(_args: { id: string; amount: number }) {}
    }
    @enforce(mid)
    class Mid extends Root {}
    class Sneaky extends Mid {
      override async pay(_args: { id: string; amount: number }) {
        ran++;
      }
    }
    const s = new Sneaky();
    expect((await rejectedWith(Sneaky.prototype.pay.call(s, { id: "B", amount: 1 }))).code).toBe("tool_not_allowed");
    expect((await rejectedWith(s.pay({ id: "B", amount: 1 }))).code).toBe("tool_not_allowed");
    expect(ran).toBe(0);
    expect(isGuardedWrapper(Sneaky.prototype.pay)).toBe(true);
    expect(sessionOf(s).protocol).toBe(mid);
  });

  it("a base-class constructor calling a method overridden below two decorated classes cannot run the override on the first instantiation", async () => {
    const ran: string[] = [];
    const early: Promise<unknown>[] = [];
    class Base {
      constructor() {
        early.push((this as unknown as { pay(a: unknown): Promise<unknown> }).pay({ id: "B", amount: 1 }));
      }
    }
    @enforce(root)
    class Root extends Base {
      @tool() async look(_args: { id: string }) {}
      @tool() async pay(_args: { id: string; amount: number }) {
        ran.push("root pay");
      }
    }
    @enforce(mid)
    class Mid extends Root {}
    class Override extends Mid {
      override async pay(_args: { id: string; amount: number }) {
        ran.push("override pay");
      }
    }
    const o = new Override();
    await expect(early[0]).rejects.toThrow(/not constructed by its decorated class/);
    expect(ran).toEqual([]);
    // the instance itself is recorded once its constructors ran, with its own class's protocol
    expect(sessionOf(o).protocol).toBe(mid);
    await o.look({ id: "B" });
    await o.pay({ id: "B", amount: 1 });
    expect(ran).toEqual(["override pay"]);
    await expect(early[0]).rejects.toThrow();
  });

  it("a weakening class deep in the chain still throws when it is defined, and leaves the chain usable", async () => {
    const loose = defineProtocol({
      name: "chain-loose",
      initial: "a",
      terminal: ["z"],
      tools: {
        look: { input: z.object({ id: z.string() }), effect: "read" },
        pay: { input: z.object({ id: z.string(), amount: z.number() }), effect: "write" },
      },
      states: { a: { on: { look: { ok: "b" }, pay: { ok: "z" } } }, b: { on: { pay: { ok: "z" } } }, z: {} },
    });
    @enforce(root)
    class Root {
      @tool() async look(_args: { id: string }) {}
    }
    @enforce(mid)
    class Mid extends Root {}
    class Plain extends Mid {}
    let defined: unknown;
    const e = (() => {
      try {
        @enforce(loose)
        class Weak extends Plain {}
        defined = Weak;
      } catch (err) {
        return err;
      }
    })();
    expect(defined).toBeUndefined();
    expect(e).toBeInstanceOf(ProtocolViolation);
    expect((e as ProtocolViolation).code).toBe("protocol_weakened");
    expect((e as ProtocolViolation).data).toMatchObject({ child: "Weak", parent: "Mid" });
    expect(sessionOf(new Plain()).protocol).toBe(mid);
  });

  it("a class decorated twice throws, as the first decorated class of a chain and below one", () => {
    expect(() => {
      @enforce(root)
      @enforce(root)
      class Twice {}
      return Twice;
    }).toThrow(/Twice is decorated with @enforce twice/);
    @enforce(root)
    class Root {}
    expect(() => {
      @enforce(leaf)
      @enforce(mid)
      class Twice extends Root {}
      return Twice;
    }).toThrow(/Twice is decorated with @enforce twice \(protocols "chain-mid" and "chain-leaf"\)/);
  });

  it("instances made before and after a subclass is defined keep their own protocols", async () => {
    @enforce(root)
    class Root {
      @tool() async look(_args: { id: string }) {}
    }
    const before = new Root();
    class Plain extends Root {}
    const plainBefore = new Plain();
    @enforce(mid)
    class Mid extends Plain {}
    const after = new Root();
    const m = new Mid();
    const plainAfter = new Plain();
    expect([before, plainBefore, after, plainAfter].map((x) => sessionOf(x).protocol)).toEqual([root, root, root, root]);
    expect(sessionOf(m).protocol).toBe(mid);
    await before.look({ id: "B" });
    await m.look({ id: "B" });
    expect(sessionOf(before).state).toBe("b");
    expect(sessionOf(m).state).toBe("b");
    expect(sessionOf(after).state).toBe("a");
  });

  it("private fields and methods, static methods, fields and blocks work on the first decorated class and below it", async () => {
    const log: string[] = [];
    @enforce(root)
    class Root {
      #calls = 0;
      static made = 0;
      static {
        log.push("root static block");
      }
      static create(): Root {
        this.made++;
        return new this();
      }
      #count(): number {
        return ++this.#calls;
      }
      static callsOf(x: Root): number {
        return #calls in x ? x.#calls : -1;
      }
      @tool() async look(args: { id: string }) {
        return `${args.id} ${this.#count()}`;
      }
    }
    @enforce(mid)
    class Mid extends Root {
      #secret = "mid";
      static {
        log.push("mid static block");
      }
      // the class's own name inside its body: below the first decorated class it is the very
      // class the program sees (compilers differ on what it is for a class a decorator replaced)
      static createMid(): Mid {
        return new Mid();
      }
      @tool() async pay(args: { id: string; amount: number }) {
        return `${this.#secret} ${args.amount}`;
      }
    }
    expect(log).toEqual(["root static block", "mid static block"]);
    const r = Root.create();
    expect(Root.made).toBe(1);
    expect(await r.look({ id: "B" })).toBe("B 1");
    const m = Mid.createMid();
    expect(m).toBeInstanceOf(Mid);
    expect(sessionOf(m).protocol).toBe(mid);
    expect(await m.look({ id: "C" })).toBe("C 1");
    expect(await m.pay({ id: "C", amount: 3 })).toBe("mid 3");
    expect([Root.callsOf(r), Root.callsOf(m), Root.callsOf({} as Root)]).toEqual([1, 1, -1]);
    const m2 = Mid.create();
    expect(sessionOf(m2).protocol).toBe(mid);
    expect(Mid.made).toBe(2);
  });
});

describe("the first decorated class of a chain", () => {
  it("a base class with @tool methods is the class as written: its own name inside its body makes recorded instances", async () => {
    let made = 0;
    @enforce(root)
    class Root {
      static count = 0;
      static make(): Root {
        Root.count++;
        return new Root();
      }
      constructor() {
        made++;
      }
      @tool() async look(args: { id: string }) {
        return args.id;
      }
    }
    expect(Object.getPrototypeOf(Root)).toBe(Function.prototype);
    const r = Root.make();
    expect(Root.count).toBe(1);
    expect(made).toBe(1);
    expect(r.constructor).toBe(Root);
    expect(sessionOf(r).protocol).toBe(root);
    expect(await r.look({ id: "B" })).toBe("B");
    // a copy or an object given the prototype is still not an instance
    await expect(Root.prototype.look.call(Object.create(Root.prototype), { id: "B" })).rejects.toThrow(/not constructed by its decorated class/);
    class Fake {}
    Object.setPrototypeOf(Fake.prototype, Root.prototype);
    await expect(Root.prototype.look.call(new Fake(), { id: "B" })).rejects.toThrow(/has no protocol session/);
    const viaOtherTarget = Reflect.construct(Root, [], Fake) as Root;
    await expect(viaOtherTarget.look({ id: "B" })).rejects.toThrow(/has no protocol session/);
  });

  it("its instances are recorded before any constructor body runs, and an override below it cannot run before it is guarded", async () => {
    const ran: string[] = [];
    const early: Promise<unknown>[] = [];
    @enforce(root)
    class Root {
      constructor() {
        early.push((this as unknown as { pay(a: unknown): Promise<unknown> }).pay({ id: "B", amount: 1 }));
      }
      @tool() async look(_args: { id: string }) {}
      @tool() async pay(_args: { id: string; amount: number }) {
        ran.push("root pay");
      }
    }
    class Override extends Root {
      override async pay(_args: { id: string; amount: number }) {
        ran.push("override pay");
      }
    }
    const o = new Override();
    expect((await rejectedWith(early[0]!)).code).toBe("tool_not_allowed");
    expect(ran).toEqual([]);
    expect(isGuardedWrapper(Override.prototype.pay)).toBe(true);
    await o.look({ id: "B" });
    await o.pay({ id: "B", amount: 1 });
    expect(ran).toEqual(["override pay"]);
    expect(sessionOf(o).trace.map((t) => t.tool)).toEqual(["look", "pay"]);
  });

  it("without @tool methods, or with an extends clause, it still records every instance (through the class the decorator returns)", async () => {
    let opened = 0;
    @enforce(root)
    class ByName {
      async look(_args: { id: string }) {}
      async pay(_args: { id: string; amount: number }) {
        opened++;
      }
    }
    class Base {}
    @enforce(root)
    class Extends extends Base {
      @tool() async look(_args: { id: string }) {}
      @tool() async pay(_args: { id: string; amount: number }) {
        opened++;
      }
    }
    for (const x of [new ByName(), new Extends()]) {
      expect(sessionOf(x).protocol).toBe(root);
      expect((await rejectedWith(x.pay({ id: "B", amount: 1 }))).code).toBe("tool_not_allowed");
      await x.look({ id: "B" });
      await x.pay({ id: "B", amount: 1 });
    }
    expect(opened).toBe(2);
  });

  it("an undecorated base class with @tool methods records nothing for its own instances, and its decorated subclass still guards them", async () => {
    let paid = 0;
    class Tools {
      @tool() async look(_args: { id: string }) {}
      @tool() async pay(_args: { id: string; amount: number }) {
        paid++;
      }
    }
    @enforce(root)
    class Guarded extends Tools {}
    await expect(new Tools().pay({ id: "B", amount: 1 })).rejects.toThrow(/not an instance of a class decorated/);
    const g = new Guarded();
    expect((await rejectedWith(g.pay({ id: "B", amount: 1 }))).code).toBe("tool_not_allowed");
    expect(paid).toBe(0);
    await g.look({ id: "B" });
    await g.pay({ id: "B", amount: 1 });
    expect(paid).toBe(1);
  });
});
