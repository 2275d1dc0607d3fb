import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { enforce } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { allOf, guard } from "../../src/protocol/guard.js";
import type { Protocol } from "../../src/protocol/protocol.js";
import { checkRefinement, sameInputsWith, verifyWith, type RefinementResult } from "../../src/protocol/refinement.js";
import type { ProtocolGraph } from "../../src/protocol/types.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

/*
 * Differential test of the import-time fast paths against the full comparison, over generated
 * protocol pairs. The fast paths: identity before structure (the same graph, state or tool object
 * is not compared with itself), the search restricted to the diagonal, and the zod schemas
 * compared on their defs (`sameInputs`). The full comparison: the same two graphs as plain data
 * (every argument schema converted to JSON Schema, no shared objects, no `sameInputs`), with the
 * parent's states renamed so that the diagonal never applies and the product search decides.
 * Pairs: a child equal to its parent (the very same tool specs and schema objects, or equal
 * copies), weakened in one or two ways, strengthened, or both.
 */

type Any = Protocol<any, any, any>;

const eligible = guard("eligible", (ctx: { eligible?: boolean }) => ctx.eligible === true);
const underCap = guard("under_cap", (ctx: { total?: number }) => (ctx.total ?? 0) < 1000);

/** What a child may change against the base protocol; every field's default is the base's. */
interface Variant {
  readonly refundAmount?: "number" | "positive" | "optional" | "string";
  readonly reason?: "absent" | "enum2" | "enum3";
  readonly lookupInput?: "same" | "loose";
  readonly effect?: "write" | "read";
  readonly confirm?: boolean;
  readonly subjects?: readonly string[];
  readonly ttlMs?: number;
  readonly guard?: "both" | "eligible" | "none";
  readonly budget?: number;
  readonly stateBudget?: number;
  readonly notFoundTo?: "start" | "done";
  readonly extraOutcome?: boolean;
  readonly dropEnd?: boolean;
}

const BASE: Variant = {
  refundAmount: "positive",
  reason: "enum2",
  lookupInput: "same",
  effect: "write",
  confirm: true,
  subjects: ["booking"],
  ttlMs: 60_000,
  guard: "both",
  budget: 100,
  stateBudget: 10,
  notFoundTo: "start",
  extraOutcome: false,
  dropEnd: false,
};

/** Schema objects shared by every protocol that reuses them ("the very same objects"). */
const SHARED = {
  lookup: z.object({ bookingId: z.string().min(3) }),
  end: z.object({}),
};

function refundInput(v: Required<Variant>): z.ZodType {
  const amount = { number: z.number(), positive: z.number().positive(), optional: z.number().positive().optional(), string: z.string() }[v.refundAmount];
  const reason = v.reason === "absent" ? {} : { reason: v.reason === "enum2" ? z.enum(["damaged", "late"]) : z.enum(["damaged", "late", "other"]) };
  return z.object({ bookingId: z.string().min(3), amount, ...reason });
}

function build(name: string, variant: Variant, reuse: boolean): Any {
  const v = { ...BASE, ...variant } as Required<Variant>;
  const lookup = v.lookupInput === "loose" ? z.object({ bookingId: z.string() }) : reuse ? SHARED.lookup : z.object({ bookingId: z.string().min(3) });
  const g = v.guard === "both" ? allOf(eligible, underCap) : v.guard === "eligible" ? eligible : undefined;
  return defineProtocol({
    name,
    initial: "start",
    terminal: ["done"],
    tools: {
      lookup_booking: { input: lookup, effect: "read", outcomes: ["found", "not_found"] },
      issue_refund: {
        input: refundInput(v),
        effect: v.effect,
        // (confirmation, subjects and their lifetime belong to writes only)
        ...(v.effect === "write" ? { subjects: [...v.subjects] } : {}),
        ...(v.effect === "write" && v.confirm ? { requiresConfirmation: true, confirmationTtlMs: v.ttlMs } : {}),
        outcomes: v.extraOutcome ? ["ok", "partial"] : ["ok"],
      },
      end_conversation: { input: reuse ? SHARED.end : z.object({}), effect: "read" },
    },
    states: {
      start: {
        on: { lookup_booking: { found: "booked", not_found: v.notFoundTo }, ...(v.dropEnd ? {} : { end_conversation: { ok: "done" } }) },
      },
      booked: {
        on: { issue_refund: v.extraOutcome ? { ok: "done", partial: "booked" } : { ok: "done" }, end_conversation: { ok: "done" } },
        ...(g ? { guards: { issue_refund: g } } : {}),
        budget: { toolCalls: v.stateBudget },
      },
      done: {},
    },
    budget: { toolCalls: v.budget },
  });
}

/** The graph as plain data: every argument schema converted (the `input` accessor read), no identity shared, the states renamed by `rename`. */
function plainGraph(graph: ProtocolGraph, rename: (s: string) => string): ProtocolGraph {
  const data = JSON.parse(JSON.stringify(graph)) as {
    initial: string;
    terminal?: string[];
    states: Record<string, { on: Record<string, Record<string, string>> }>;
    tools: Record<string, { inputId?: string }>;
  };
  for (const t of Object.values(data.tools)) delete t.inputId;
  const states: Record<string, unknown> = {};
  for (const [s, st] of Object.entries(data.states)) {
    const on: Record<string, Record<string, string>> = {};
    for (const [tool, outcomes] of Object.entries(st.on)) on[tool] = Object.fromEntries(Object.entries(outcomes).map(([o, target]) => [o, rename(target)]));
    states[rename(s)] = { ...st, on };
  }
  return { ...data, initial: rename(data.initial), ...(data.terminal ? { terminal: data.terminal.map(rename) } : {}), states } as unknown as ProtocolGraph;
}

const names = { child: "Child", parent: "Parent" };

/** The verdict as `@enforce` asks for it: the real graphs, the fast paths on. */
function fast(child: Any, parent: Any): RefinementResult {
  return checkRefinement(child.graph, parent.graph, names, { verifyArguments: verifyWith(child, parent), sameInputs: sameInputsWith(child, parent) });
}

/** The full comparison: plain data, the parent's states renamed (no diagonal), no `sameInputs`. */
function full(child: Any, parent: Any): RefinementResult {
  return checkRefinement(
    plainGraph(child.graph, (s) => s),
    plainGraph(parent.graph, (s) => `P.${s}`),
    names,
    { verifyArguments: verifyWith(child, parent) },
  );
}

const summary = (r: RefinementResult) => (r.ok ? { ok: true } : { ok: false, kind: r.kind, trace: r.trace });

const variantArb: fc.Arbitrary<Variant> = fc.record(
  {
    refundAmount: fc.constantFrom("number", "positive", "optional", "string"),
    reason: fc.constantFrom("absent", "enum2", "enum3"),
    lookupInput: fc.constantFrom("same", "loose"),
    effect: fc.constantFrom("write", "read"),
    confirm: fc.boolean(),
    subjects: fc.constantFrom([], ["booking"], ["booking", "amount"]),
    ttlMs: fc.constantFrom(30_000, 60_000, 120_000),
    guard: fc.constantFrom("both", "eligible", "none"),
    budget: fc.constantFrom(50, 100, 150),
    stateBudget: fc.constantFrom(5, 10, 20),
    notFoundTo: fc.constantFrom("start", "done"),
    extraOutcome: fc.boolean(),
    dropEnd: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe("import-time fast paths against the full comparison", () => {
  it("give the same verdict, kind and trace on generated pairs (equal, weakened, strengthened; same schema objects or equal copies)", () => {
    let weaker = 0;
    let refining = 0;
    fc.assert(
      // (a third of the children change nothing: equal, as the same objects or as copies)
      fc.property(variantArb, fc.oneof(variantArb, variantArb, fc.constant({})), fc.boolean(), fc.boolean(), (pv, cv, reuseParent, reuseChild) => {
        const parent = build("parent", pv, reuseParent);
        const child = build("child", { ...pv, ...cv }, reuseChild);
        const f = fast(child, parent);
        expect(summary(f)).toEqual(summary(full(child, parent)));
        if (f.ok) refining++;
        else weaker++;
      }),
      { numRuns: 300 },
    );
    // both verdicts were exercised, not only one of them
    expect(weaker).toBeGreaterThan(50);
    expect(refining).toBeGreaterThan(20);
  });

  it("each single weakening is caught by both, with the kind it is", () => {
    // [the parent's variant, the weaker child's, the kind]
    const weakenings: [Variant, Variant, string][] = [
      [{}, { refundAmount: "number" }, "arguments"],
      [{}, { refundAmount: "optional" }, "arguments"],
      [{}, { reason: "enum3" }, "arguments"],
      [{}, { reason: "absent" }, "arguments"],
      [{}, { lookupInput: "loose" }, "arguments"],
      [{}, { effect: "read" }, "effect"],
      [{}, { confirm: false }, "confirmation"],
      [{}, { subjects: [] }, "subjects"],
      [{}, { ttlMs: 120_000 }, "expiry"],
      [{}, { guard: "eligible" }, "guard"],
      [{}, { guard: "none" }, "guard"],
      [{}, { budget: 150 }, "budget"],
      [{}, { stateBudget: 20 }, "budget"],
      [{ notFoundTo: "done" }, { notFoundTo: "start" }, "trace"],
      [{}, { extraOutcome: true }, "trace"],
    ];
    for (const reuse of [true, false]) {
      for (const [pv, v, kind] of weakenings) {
        const parent = build("parent", pv, reuse);
        const child = build("child", { ...pv, ...v }, reuse);
        const f = fast(child, parent);
        expect(f.ok, JSON.stringify(v)).toBe(false);
        expect(!f.ok && f.kind, JSON.stringify(v)).toBe(kind);
        expect(summary(f)).toEqual(summary(full(child, parent)));
      }
    }
  });

  it("an equal child (the very same schema objects, or equal copies) and a strengthened one refine, by both", () => {
    const parent = build("parent", { refundAmount: "number", reason: "enum3", subjects: ["booking"], ttlMs: 60_000, guard: "eligible" }, true);
    const children: [string, Any][] = [
      ["the parent itself", parent],
      ["same objects", build("child", { refundAmount: "number", reason: "enum3", subjects: ["booking"], ttlMs: 60_000, guard: "eligible" }, true)],
      ["equal copies", build("child", { refundAmount: "number", reason: "enum3", subjects: ["booking"], ttlMs: 60_000, guard: "eligible" }, false)],
      [
        "strengthened",
        build(
          "child",
          { refundAmount: "positive", reason: "enum2", subjects: ["booking", "amount"], ttlMs: 30_000, guard: "both", budget: 50, dropEnd: true },
          false,
        ),
      ],
    ];
    for (const [what, child] of children) {
      expect(fast(child, parent).ok, what).toBe(true);
      expect(full(child, parent).ok, what).toBe(true);
    }
  });

  it("@enforce throws protocol_weakened at class definition exactly when the full comparison says the child does not refine", () => {
    fc.assert(
      fc.property(variantArb, fc.boolean(), (cv, reuse) => {
        const parent = build("parent", {}, true);
        const child = build("child", cv, reuse);
        @enforce(parent)
        class Parent {}
        let thrown: unknown;
        try {
          @enforce(child)
          class Child extends Parent {}
          void Child;
        } catch (e) {
          thrown = e;
        }
        const expected = full(child, parent);
        if (expected.ok) expect(thrown).toBeUndefined();
        else {
          expect(thrown).toBeInstanceOf(ProtocolViolation);
          expect((thrown as ProtocolViolation).code).toBe("protocol_weakened");
          expect(((thrown as ProtocolViolation).data as { kind?: string } | undefined)?.kind).toBe(expected.kind);
        }
      }),
      { numRuns: 120 },
    );
  });
});
