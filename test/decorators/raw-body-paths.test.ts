// Issue 16, "Why": one test per finding of the outside red team about the decorator paths
// (raw bodies, frames outliving their call, the public registry, extra arguments). Each failed
// before the runtime was hardened.
import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, attachSession, enforce, tool } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { rejectedWith } from "../support/expect-violation.js";

export const payProtocol = defineProtocol({
  name: "pay-why",
  initial: "open",
  terminal: ["closed"],
  tools: {
    pay: { input: z.object({ account: z.string(), amount: z.number().positive() }), effect: "write", requiresConfirmation: true },
    look: { input: z.object({}), effect: "read" },
    close: { input: z.object({}), effect: "read" },
  },
  states: { open: { on: { pay: { ok: "open" }, look: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
});

const weakProtocol = defineProtocol({
  name: "pay-weak",
  initial: "open",
  terminal: ["closed"],
  tools: {
    pay: { input: z.object({ account: z.string(), amount: z.number().positive() }), effect: "write" },
    look: { input: z.object({}), effect: "read" },
    close: { input: z.object({}), effect: "read" },
  },
  states: { open: { on: { pay: { ok: "open" }, look: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
});

@enforce(payProtocol)
class Payer extends Agent {
  readonly paid: number[] = [];
  /** Runs inside the body of pay, after the payment (to schedule something). */
  inside: (() => void) | undefined;
  @tool() async pay(args: { account: string; amount: number }) {
    this.paid.push(args.amount);
    this.inside?.();
    return "paid";
  }
  @tool() async look() {
    return "ok";
  }
}

function grant(a: Payer, args: { account: string; amount: number }): void {
  a.session.confirm(a.session.requestConfirmation({ name: "pay", arguments: args }).id);
}

describe("raw tool bodies are not reachable", () => {
  it("concordat/decorators exports nothing that runs a body, and a wrapper carries no readable link to its body", async () => {
    const mods = [await import("../../decorators/index.js"), await import("../../decorators/agent.js")];
    for (const m of mods) expect(Object.keys(m)).not.toContain("toolImplementations");
    const w = Payer.prototype.pay as unknown as Record<PropertyKey, unknown>;
    expect(Reflect.ownKeys(w).filter((k) => typeof k === "symbol")).toEqual([]);
    expect(w[Symbol.for("concordat.guarded")]).toBeUndefined();
    // whatever a wrapper's own properties hold, calling it on the agent runs no payment
    const a = new Payer();
    for (const k of Reflect.ownKeys(w)) {
      const v = w[k];
      if (typeof v === "function") await Promise.resolve(v.call(a, { account: "A", amount: 9999 })).catch(() => undefined);
    }
    expect(a.paid).toEqual([]);
  });
});

describe("a tool's frame does not outlive its call", () => {
  const schedulers: Record<string, (f: () => void, emitter: EventEmitter) => void> = {
    setTimeout: (f) => void setTimeout(f, 0),
    setImmediate: (f) => void setImmediate(f),
    queueMicrotask: (f) => queueMicrotask(f),
    "promise.then": (f) => void Promise.resolve().then(f),
    "a promise that settles later": (f) => void sleep(5).then(f),
    "an event emitter": (f, emitter) => void emitter.once("go", f),
  };
  for (const [how, schedule] of Object.entries(schedulers)) {
    it(`a call the authorized body scheduled with ${how} is validated like any other and refused without a grant`, async () => {
      const a = new Payer();
      const emitter = new EventEmitter();
      const errors: unknown[] = [];
      a.inside = () => schedule(() => void a.pay({ account: "A", amount: 9999 }).catch((e: unknown) => errors.push(e)), emitter);
      grant(a, { account: "A", amount: 5 });
      await a.pay({ account: "A", amount: 5 });
      a.inside = undefined;
      emitter.emit("go");
      await sleep(30);
      expect(a.paid).toEqual([5]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(ProtocolViolation);
      expect(["confirmation_missing", "confirmation_reused", "tool_not_allowed"]).toContain((errors[0] as ProtocolViolation).code);
    });
  }

  it("a deferred super call from an override is validated too", async () => {
    class Sub extends Payer {
      errors: unknown[] = [];
      override async pay(args: { account: string; amount: number }) {
        setTimeout(() => void super.pay({ account: "A", amount: 9999 }).catch((e: unknown) => this.errors.push(e)), 0);
        return super.pay(args);
      }
    }
    const s = new Sub();
    grant(s, { account: "A", amount: 5 });
    await s.pay({ account: "A", amount: 5 });
    await sleep(30);
    expect(s.paid).toEqual([5]);
    expect((s.errors[0] as ProtocolViolation).code).toBe("confirmation_missing");
  });

  it("a deferred call with a new grant of its own runs, once: deferral is not refused, it is checked", async () => {
    const a = new Payer();
    const results: unknown[] = [];
    a.inside = () =>
      void setTimeout(
        () =>
          void a.pay({ account: "B", amount: 7 }).then(
            (r) => results.push(r),
            (e: unknown) => results.push(e),
          ),
        5,
      );
    grant(a, { account: "A", amount: 5 });
    await a.pay({ account: "A", amount: 5 });
    a.inside = undefined;
    grant(a, { account: "B", amount: 7 });
    await sleep(40);
    expect(results).toEqual(["paid"]);
    expect(a.paid).toEqual([5, 7]);
  });
});

describe("the registry is private and frozen", () => {
  it("nothing on globalThis; a session can be swapped only through the checked API; the protocol cannot be changed", async () => {
    expect(Object.getOwnPropertySymbols(globalThis).map((s) => s.description)).not.toContain("concordat.registry");
    expect(Object.getOwnPropertySymbols(globalThis).map((s) => s.description)).not.toContain("concordat.enforceHook");
    const a = new Payer();
    expect(() => attachSession(a, new Session(weakProtocol))).toThrow(/enforces protocol "pay-why"/);
    expect(() => {
      (payProtocol.tools.pay as { requiresConfirmation?: boolean }).requiresConfirmation = false;
    }).toThrow(TypeError);
    expect(() => {
      (payProtocol as unknown as { validateCall: unknown }).validateCall = () => ({});
    }).toThrow(TypeError);
    expect(() => {
      (payProtocol.graph.states["open"]!.on as Record<string, unknown>)["pay"] = { ok: "closed" };
    }).toThrow(TypeError);
    expect(() => {
      (Session.prototype as unknown as { validate: unknown }).validate = () => ({});
    }).toThrow(TypeError);
    const v = await rejectedWith(a.pay({ account: "A", amount: 1 }));
    expect(v.code).toBe("confirmation_missing");
    expect(a.paid).toEqual([]);
  });
});

describe("a tool call takes exactly one arguments object", () => {
  it("a second argument is refused before the body runs, and the grant is not used up", async () => {
    const seen: unknown[] = [];
    @enforce(payProtocol)
    class Spy extends Agent {
      @tool() async pay(...all: unknown[]) {
        seen.push(all);
        return "paid";
      }
    }
    const a = new Spy();
    a.session.confirm(a.session.requestConfirmation({ name: "pay", arguments: { account: "A", amount: 5 } }).id);
    const pay = a.pay as (...args: unknown[]) => Promise<unknown>;
    const v = await rejectedWith(pay.call(a, { account: "A", amount: 5 }, { amount: 9999 }));
    expect(v.code).toBe("invalid_arguments");
    expect(v.message).toMatch(/takes one arguments object; it was called with 1 more argument/);
    expect(seen).toEqual([]);
    await pay.call(a, { account: "A", amount: 5 });
    expect(seen).toEqual([[{ account: "A", amount: 5 }]]);
  });
});
