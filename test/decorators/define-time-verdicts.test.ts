import { describe, expect, it } from "vitest";
import { z } from "zod";
import { enforce } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { allOf, guard } from "../../src/protocol/guard.js";
import { checkRefinement, sameInputsWith, verifyWith } from "../../src/protocol/refinement.js";
import type { Protocol } from "../../src/protocol/protocol.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

/*
 * The define-time shortcuts (the refinement search restricted to the diagonal, the zod schemas
 * compared on their defs instead of as JSON Schema, the per-class verdict cache) must never give
 * two protocols that differ in one safety detail the same verdict. Every pair below has the very
 * same graph (so the diagonal path is the one taken) and differs only in a guard, a confirmation
 * flag or one detail of an input schema: the weaker child must throw at class definition, the
 * stricter one must load.
 */

const eligible = guard("eligible", (ctx: { eligible?: boolean }) => ctx.eligible === true);
const underCap = guard("under_cap", (ctx: { total?: number }) => (ctx.total ?? 0) < 1000);

type Any = Protocol<any, any, any>;

interface Variant {
  readonly refundInput?: z.ZodType;
  readonly confirm?: boolean;
  readonly refundGuard?: ReturnType<typeof guard>;
}

/** The same two-step graph every time; only the refund tool's details vary. */
function protocol(name: string, v: Variant = {}): Any {
  return defineProtocol({
    name,
    initial: "start",
    terminal: ["done"],
    tools: {
      lookup_booking: { input: z.object({ bookingId: z.string() }), effect: "read", outcomes: ["found", "not_found"] },
      issue_refund: {
        input: v.refundInput ?? z.object({ bookingId: z.string(), amount: z.number() }),
        effect: "write",
        ...(v.confirm ? { requiresConfirmation: true } : {}),
      },
    },
    states: {
      start: { on: { lookup_booking: { found: "booked", not_found: "start" } } },
      booked: { on: { issue_refund: { ok: "done" } }, ...(v.refundGuard ? { guards: { issue_refund: v.refundGuard } } : {}) },
      done: {},
    },
  });
}

/** Defines `@enforce(parent) class Parent`, then `@enforce(child) class Child extends Parent`; returns what the child's definition threw. */
function defineChild(parent: Any, child: Any): ProtocolViolation | undefined {
  @enforce(parent)
  class Parent {}
  try {
    @enforce(child)
    class Child extends Parent {}
    void Child;
    return undefined;
  } catch (e) {
    if (e instanceof ProtocolViolation) return e;
    throw e;
  }
}

/** The verdict the one refinement module gives for the pair, as the decorator asks for it. */
function verdict(child: Any, parent: Any): string {
  const r = checkRefinement(child.graph, parent.graph, {}, { verifyArguments: verifyWith(child, parent), sameInputs: sameInputsWith(child, parent) });
  return r.ok ? "ok" : r.kind;
}

const refund = (fields: z.ZodRawShape) => z.object({ bookingId: z.string(), ...fields });

/** [what differs, the parent's variant, a weaker child's, a stricter (or equal) child's, the kind the weaker one fails with] */
const cases: [string, Variant, Variant, Variant, string][] = [
  ["a guard conjunct", { refundGuard: allOf(eligible, underCap) }, { refundGuard: eligible }, { refundGuard: allOf(eligible, underCap) }, "guard"],
  ["the guard itself", { refundGuard: eligible }, {}, { refundGuard: allOf(eligible, underCap) }, "guard"],
  ["the confirmation flag", { confirm: true }, { confirm: false }, { confirm: true }, "confirmation"],
  [
    "optional vs required field",
    { refundInput: refund({ amount: z.number() }) },
    { refundInput: refund({ amount: z.number().optional() }) },
    { refundInput: refund({ amount: z.number() }) },
    "arguments",
  ],
  [
    "a minimum",
    { refundInput: refund({ amount: z.number().min(1) }) },
    { refundInput: refund({ amount: z.number().min(0) }) },
    { refundInput: refund({ amount: z.number().min(2) }) },
    "arguments",
  ],
  [
    "a maximum",
    { refundInput: refund({ amount: z.number().max(500) }) },
    { refundInput: refund({ amount: z.number().max(501) }) },
    { refundInput: refund({ amount: z.number().max(500) }) },
    "arguments",
  ],
  [
    "an enum member",
    { refundInput: refund({ amount: z.number(), currency: z.enum(["EUR", "USD"]) }) },
    { refundInput: refund({ amount: z.number(), currency: z.enum(["EUR", "USD", "GBP"]) }) },
    { refundInput: refund({ amount: z.number(), currency: z.enum(["EUR"]) }) },
    "arguments",
  ],
  [
    "a nested field",
    { refundInput: refund({ amount: z.number(), card: z.object({ last4: z.string().length(4) }) }) },
    { refundInput: refund({ amount: z.number(), card: z.object({ last4: z.string() }) }) },
    { refundInput: refund({ amount: z.number(), card: z.object({ last4: z.string().length(4) }) }) },
    "arguments",
  ],
];

describe("define-time verdicts: protocols that differ in one detail never share a verdict", () => {
  for (const [what, parentVariant, weakerVariant, stricterVariant, kind] of cases) {
    it(`${what}: the weaker child throws protocol_weakened (${kind}) at definition, the stricter one loads`, () => {
      const parent = protocol("parent", parentVariant);
      const weaker = protocol("weaker", weakerVariant);
      const stricter = protocol("stricter", stricterVariant);
      // the same graph: the only difference is the detail
      expect(JSON.stringify(Object.keys(weaker.graph.states))).toBe(JSON.stringify(Object.keys(parent.graph.states)));

      const thrown = defineChild(parent, weaker);
      expect(thrown?.code).toBe("protocol_weakened");
      expect(thrown?.data).toMatchObject({ kind, childProtocol: "weaker", parentProtocol: "parent" });
      expect(verdict(weaker, parent)).toBe(kind);

      expect(defineChild(parent, stricter)).toBeUndefined();
      expect(verdict(stricter, parent)).toBe("ok");
      // an exact rewrite of the parent (new schema objects, same meaning) refines it
      expect(defineChild(parent, protocol("rewrite", parentVariant))).toBeUndefined();
    });
  }

  it("siblings under one parent: an equal child passing first does not let a weaker sibling through", () => {
    const parent = protocol("parent", { confirm: true, refundInput: refund({ amount: z.number().max(500) }) });
    @enforce(parent)
    class Parent {}
    @enforce(protocol("same", { confirm: true, refundInput: refund({ amount: z.number().max(500) }) }))
    class Same extends Parent {}
    void Same;
    const weaker = protocol("weaker", { confirm: true, refundInput: refund({ amount: z.number().max(5000) }) });
    expect(() => {
      @enforce(weaker)
      class Weaker extends Parent {}
      void Weaker;
    }).toThrow(ProtocolViolation);
  });

  it("one child protocol under two parents: passing under the looser parent is not remembered for the stricter one", () => {
    const child = protocol("child", { refundInput: refund({ amount: z.number().max(500) }) });
    expect(defineChild(protocol("loose", { refundInput: refund({ amount: z.number().max(1000) }) }), child)).toBeUndefined();
    const thrown = defineChild(protocol("strict", { refundInput: refund({ amount: z.number().max(100) }) }), child);
    expect(thrown?.data).toMatchObject({ kind: "arguments", parentProtocol: "strict" });
    // and the other way round: the same child protocol under a parent that differs only in the confirmation flag
    expect(defineChild(protocol("loose2", { refundInput: refund({ amount: z.number().max(500) }) }), child)).toBeUndefined();
    expect(defineChild(protocol("confirming", { confirm: true, refundInput: refund({ amount: z.number().max(500) }) }), child)?.data).toMatchObject({
      kind: "confirmation",
    });
  });
});
