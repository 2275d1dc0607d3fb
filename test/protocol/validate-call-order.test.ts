import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import type { Protocol } from "../../src/protocol/protocol.js";
import { guard } from "../../src/protocol/guard.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { arbProtocol } from "./random-protocols.js";

/**
 * `validateCall` finds an allowed tool's step with two map lookups and runs the checks in order
 * only for a call with no step. This holds it to an independent reading of the documented order
 * (session ended, unknown tool, unknown state, tool not allowed, guard, arguments) over random
 * protocols, states and names, including names an object inherits.
 */
function expected(p: Protocol, state: string, name: string, args: unknown): { code: string; allowed?: readonly string[] } {
  if ((p.terminal as ReadonlySet<string>).has(state)) return { code: "session_ended", allowed: [] };
  if (!Object.hasOwn(p.tools, name)) return { code: "unknown_tool" };
  if (!Object.hasOwn(p.graph.states, state)) return { code: "tool_not_allowed" };
  const on = p.graph.states[state]!.on;
  if (!Object.hasOwn(on, name)) return { code: "tool_not_allowed", allowed: Object.keys(on) };
  if (!(p.tools[name]!.input as z.ZodType).safeParse(args).success) return { code: "invalid_arguments", allowed: Object.keys(on) };
  return { code: "accepted" };
}

function actual(p: Protocol, state: string, name: string, args: unknown, context?: unknown): { code: string; allowed?: readonly string[]; v?: unknown } {
  try {
    const v = p.validateCall(state, { id: "c1", name, arguments: args }, context);
    return { code: "accepted", v };
  } catch (e) {
    if (!(e instanceof ProtocolViolation)) throw e;
    return { code: e.code, ...(e.allowedTools === undefined ? {} : { allowed: e.allowedTools }) };
  }
}

const NAMES = ["end", "t0", "t1", "t2", "t3", "nope", "__proto__", "constructor", "toString", "hasOwnProperty", ""];
const STATES = ["s0", "s1", "s2", "s3", "s4", "s5", "done", "nowhere", "__proto__", "constructor", "toString", ""];

describe("Protocol.validateCall: the compiled steps keep the checks' order and words", () => {
  it("gives the code (and allowed tools) the documented order gives, for every state and name, call after call", () => {
    const attempt = fc.tuple(
      fc.constantFrom(...STATES),
      fc.constantFrom(...NAMES),
      fc.oneof(fc.constant({}), fc.record({ n: fc.integer() }), fc.constant({ n: "x" })),
    );
    // (sequences on one protocol: a step remembered from the call before must never answer for another state or name)
    fc.assert(
      fc.property(arbProtocol, fc.array(attempt, { minLength: 1, maxLength: 30 }), (p, attempts) => {
        for (const [state, name, args] of attempts) {
          const want = expected(p, state, name, args);
          const got = actual(p, state, name, args);
          expect(got.code).toBe(want.code);
          if (want.allowed !== undefined) expect(got.allowed).toEqual(want.allowed);
          if (got.code === "accepted") expect(got.v).toMatchObject({ id: "c1", name, spec: p.tools[name] });
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reads the call's name once: a name that changes between reads cannot pass as another tool", () => {
    const p = defineProtocol({
      name: "two",
      initial: "open",
      terminal: ["closed"],
      tools: {
        read: { input: z.object({}), effect: "read" },
        wipe: { input: z.object({}), effect: "write" },
      },
      states: { open: { on: { read: { ok: "open" }, wipe: { ok: "closed" } } }, closed: {} },
    });
    let reads = 0;
    const call = {
      get name() {
        return reads++ === 0 ? "read" : "wipe";
      },
      arguments: {},
    };
    const v = p.validateCall("open", call);
    expect(v.name).toBe("read");
    expect(v.spec).toBe(p.tools.read);
  });

  it("takes the call's id only from an own property: an inherited id (a polluted prototype included) is no id", () => {
    const p = defineProtocol({
      name: "ids",
      initial: "open",
      terminal: ["closed"],
      tools: { read: { input: z.object({}), effect: "read" }, close: { input: z.object({}), effect: "read" } },
      states: { open: { on: { read: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
    });
    expect(p.validateCall("open", { id: "c7", name: "read", arguments: {} }).id).toBe("c7");
    expect(p.validateCall("open", { name: "read", arguments: {} }).id).toBeUndefined();
    const inherited = Object.assign(Object.create({ id: "from-the-prototype" }) as object, { name: "read", arguments: {} });
    expect(p.validateCall("open", inherited as never).id).toBeUndefined();
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto["id"] = "polluted";
      expect(p.validateCall("open", { name: "read", arguments: {} }).id).toBeUndefined();
      expect(p.validateCall("open", { id: "c8", name: "read", arguments: {} }).id).toBe("c8");
    } finally {
      delete proto["id"];
    }
  });

  it("a guard is checked only with a context, after the tool is allowed and before the arguments", () => {
    const p = defineProtocol({
      name: "guarded",
      initial: "open",
      terminal: ["closed"],
      tools: {
        buy: { input: z.object({ qty: z.number().int() }), effect: "write" },
        close: { input: z.object({}), effect: "read" },
      },
      states: {
        open: { on: { buy: { ok: "open" }, close: { ok: "closed" } }, guards: { buy: guard("in_stock", (c: { stock: number }) => c.stock > 0) } },
        closed: {},
      },
    });
    expect(actual(p, "open", "buy", { qty: 1 }).code).toBe("accepted");
    expect(actual(p, "open", "buy", { qty: 1 }, { stock: 1 }).code).toBe("accepted");
    expect(actual(p, "open", "buy", { qty: 1 }, { stock: 0 })).toEqual({ code: "guard_failed", allowed: ["close"] });
    // the guard comes before the arguments; the state and the tool's place before the guard
    expect(actual(p, "open", "buy", { qty: "x" }, { stock: 0 }).code).toBe("guard_failed");
    expect(actual(p, "open", "buy", { qty: "x" }, { stock: 1 }).code).toBe("invalid_arguments");
    expect(actual(p, "closed", "buy", { qty: 1 }, { stock: 0 }).code).toBe("session_ended");
    expect(actual(p, "elsewhere", "buy", { qty: 1 }, { stock: 0 }).code).toBe("tool_not_allowed");
    expect(actual(p, "open", "steal", { qty: 1 }, { stock: 0 }).code).toBe("unknown_tool");
  });
});
