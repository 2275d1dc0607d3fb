import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRefinement } from "../../src/protocol/refinement.js";
import type { BudgetLimits, GraphState, GraphTool, ProtocolGraph } from "../../src/protocol/types.js";

/**
 * The refinement verdict against a brute-force oracle: every child trace up to a bound is
 * enumerated (no memo, no product automaton) and checked step by step against the parent.
 */

const BOUND = 6;

const PARENT_TOOLS: Record<string, GraphTool> = {
  a: { effect: "read", outcomes: ["x", "y"] },
  b: { effect: "write", outcomes: ["ok"] },
  c: { effect: "write", outcomes: ["ok", "err"] },
};
const CHILD_EXTRA_TOOLS: Record<string, GraphTool> = {
  i: { effect: "read", outcomes: ["ok", "more"], inert: true },
  r: { effect: "write", outcomes: ["ok"], refines: "b" },
  n: { effect: "write", outcomes: ["ok"] },
  w: { effect: "write", outcomes: ["ok"], inert: true },
};
const GUARD_NAMES = ["g1", "g2"] as const;

type Tools = Record<string, GraphTool>;

function stateArb(tools: Tools, stateNames: readonly string[]): fc.Arbitrary<GraphState> {
  const toolNames = Object.keys(tools);
  const target = fc.constantFrom(...stateNames);
  const perTool = toolNames.map((t) =>
    fc.option(
      fc.record({
        on: fc.tuple(...tools[t]!.outcomes.map(() => target)).map((targets) => Object.fromEntries(tools[t]!.outcomes.map((o, k) => [o, targets[k]!]))),
        guard: fc.subarray([...GUARD_NAMES]),
      }),
      { freq: 2 },
    ),
  );
  return fc.record({ entries: fc.tuple(...perTool), budget: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 3 }) }).map(({ entries, budget }) => {
    const on: Record<string, Record<string, string>> = {};
    const guards: Record<string, string[]> = {};
    entries.forEach((e, k) => {
      if (!e) return;
      const t = toolNames[k]!;
      on[t] = e.on;
      if (e.guard.length > 0) guards[t] = e.guard;
    });
    return { on, ...(Object.keys(guards).length ? { guards } : {}), ...(budget !== null ? { budget: { toolCalls: budget } } : {}) };
  });
}

function graphArb(name: string, tools: Tools, maxStates: number): fc.Arbitrary<ProtocolGraph> {
  return fc.integer({ min: 1, max: maxStates }).chain((n) => {
    const names = Array.from({ length: n }, (_, k) => `${name}${k}`);
    return fc
      .record({
        states: fc.tuple(...names.map(() => stateArb(tools, names))),
        budget: fc.option(
          fc.record(
            { toolCalls: fc.integer({ min: 1, max: 5 }), reserve: fc.option(fc.record({ toolCalls: fc.integer({ min: 0, max: 2 }) }), { nil: undefined }) },
            { requiredKeys: ["toolCalls"] },
          ),
          { freq: 4 },
        ),
      })
      .map(({ states, budget }) => ({
        name,
        initial: names[0]!,
        terminal: [],
        tools,
        states: Object.fromEntries(names.map((s, k) => [s, states[k]!])),
        ...(budget ? { budget: stripUndefined(budget) } : {}),
      }));
  });
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** A child derived from the parent by refinement-preserving edits, plus sometimes a breaking one. */
function derivedChildArb(parent: ProtocolGraph): fc.Arbitrary<ProtocolGraph> {
  const stateNames = Object.keys(parent.states);
  return fc
    .record({
      drop: fc.array(fc.tuple(fc.constantFrom(...stateNames), fc.constantFrom(...Object.keys(PARENT_TOOLS))), { maxLength: 3 }),
      extraGuard: fc.array(fc.tuple(fc.constantFrom(...stateNames), fc.constantFrom(...Object.keys(PARENT_TOOLS)), fc.constantFrom("g1", "g2", "g3")), {
        maxLength: 2,
      }),
      inertAt: fc.option(fc.constantFrom(...stateNames), { nil: undefined }),
      refineAt: fc.option(fc.constantFrom(...stateNames), { nil: undefined }),
      breakAt: fc.option(fc.tuple(fc.constantFrom(...stateNames), fc.constantFrom(...Object.keys(PARENT_TOOLS)), fc.constantFrom(...stateNames)), {
        freq: 2,
        nil: undefined,
      }),
      tighten: fc.boolean(),
    })
    .map(({ drop, extraGuard, inertAt, refineAt, breakAt, tighten }) => {
      const states: Record<string, { on: Record<string, Record<string, string>>; guards?: Record<string, string[]>; budget?: BudgetLimits }> = {};
      for (const [s, st] of Object.entries(parent.states)) {
        states[s] = {
          on: Object.fromEntries(Object.entries(st.on).map(([t, tr]) => [t, { ...tr }])),
          ...(st.guards ? { guards: Object.fromEntries(Object.entries(st.guards).map(([t, g]) => [t, [...g]])) } : {}),
          ...(st.budget ? { budget: { ...st.budget } } : {}),
        };
      }
      for (const [s, t] of drop) delete states[s]!.on[t];
      for (const [s, t, g] of extraGuard) {
        if (!states[s]!.on[t]) continue;
        const guards = (states[s]!.guards ??= {});
        guards[t] = [...new Set([...(guards[t] ?? []), g])];
      }
      const tools: Tools = { ...PARENT_TOOLS };
      if (inertAt !== undefined) {
        tools["i"] = CHILD_EXTRA_TOOLS["i"]!;
        states[inertAt]!.on["i"] = { ok: inertAt, more: stateNames[0]! };
      }
      if (refineAt !== undefined && states[refineAt]!.on["b"]) {
        tools["r"] = CHILD_EXTRA_TOOLS["r"]!;
        states[refineAt]!.on["r"] = { ...states[refineAt]!.on["b"]! };
        if (states[refineAt]!.guards?.["b"]) states[refineAt]!.guards!["r"] = [...states[refineAt]!.guards!["b"]!];
      }
      if (breakAt) {
        const [s, t, target] = breakAt;
        states[s]!.on[t] = Object.fromEntries(PARENT_TOOLS[t]!.outcomes.map((o) => [o, target]));
      }
      if (tighten)
        for (const st of Object.values(states))
          if (st.budget?.toolCalls !== undefined && st.budget.toolCalls > 1) st.budget = { toolCalls: st.budget.toolCalls - 1 };
      return { name: "child", initial: parent.initial, terminal: [], tools, states, ...(parent.budget ? { budget: parent.budget } : {}) };
    });
}

const childToolsArb: fc.Arbitrary<Tools> = fc
  .subarray(Object.keys(CHILD_EXTRA_TOOLS), { maxLength: 2 })
  .map((extra) => ({ ...PARENT_TOOLS, ...Object.fromEntries(extra.map((t) => [t, CHILD_EXTRA_TOOLS[t]!])) }));

const pairArb: fc.Arbitrary<{ child: ProtocolGraph; parent: ProtocolGraph }> = graphArb("p", PARENT_TOOLS, 3).chain((parent) =>
  fc.oneof(
    { weight: 3, arbitrary: derivedChildArb(parent).map((child) => ({ child, parent })) },
    { weight: 2, arbitrary: childToolsArb.chain((tools) => graphArb("c", tools, 3)).map((child) => ({ child, parent })) },
  ),
);

// ---------------------------------------------------------------- the oracle

function staticToolProblem(child: ProtocolGraph, parent: ProtocolGraph): boolean {
  for (const [name, t] of Object.entries(child.tools)) {
    const target = t.refines ?? (name in parent.tools ? name : undefined);
    if (target !== undefined) {
      const pt = parent.tools[target];
      if (!pt) return true;
      if (t.effect === "write" && pt.effect !== "write") return true;
    } else if (!t.inert || t.effect === "write") return true;
  }
  return false;
}

function looser(child: BudgetLimits | undefined, parent: BudgetLimits | undefined): boolean {
  if (!parent) return false;
  return (["inputTokens", "outputTokens", "totalTokens", "toolCalls"] as const).some(
    (k) => parent[k] !== undefined && (child?.[k] === undefined || child[k]! > parent[k]!),
  );
}

function parentToolOf(child: ProtocolGraph, parent: ProtocolGraph, tool: string): string | undefined {
  const t = child.tools[tool]!;
  if (t.refines) return t.refines;
  if (tool in parent.tools) return tool;
  return undefined; // inert
}

/** Length of the shortest failing child trace of length ≤ bound, by enumerating every trace. */
function bruteForce(child: ProtocolGraph, parent: ProtocolGraph, bound: number): number | undefined {
  if (staticToolProblem(child, parent)) return 0;
  if (looser(child.budget, parent.budget) || looser(child.budget?.reserve, parent.budget?.reserve)) return 0;
  let best: number | undefined;
  const fail = (len: number) => {
    if (best === undefined || len < best) best = len;
  };
  const walk = (c: string, p: string, depth: number): void => {
    const cs = child.states[c]!;
    const ps = parent.states[p]!;
    if (looser(cs.budget, ps.budget)) return fail(depth);
    if (depth === bound) return;
    for (const [tool, tr] of Object.entries(cs.on)) {
      const pt = parentToolOf(child, parent, tool);
      if (pt === undefined) {
        for (const target of Object.values(tr)) walk(target, p, depth + 1);
        continue;
      }
      const ptr = ps.on[pt];
      if (!ptr) {
        fail(depth + 1);
        continue;
      }
      const pg = ps.guards?.[pt] ?? [];
      const cg = cs.guards?.[tool] ?? [];
      if (!pg.every((g) => cg.includes(g))) {
        fail(depth + 1);
        continue;
      }
      for (const [o, target] of Object.entries(tr)) {
        const pTarget = ptr[o];
        if (pTarget === undefined) fail(depth + 1);
        else walk(target, pTarget, depth + 1);
      }
    }
  };
  walk(child.initial, parent.initial, 0);
  return best;
}

function parseEvent(e: string): { tool: string; outcome: string } {
  const m = /^(.*)\[(.*)\]$/.exec(e);
  if (!m) throw new Error(`bad event ${e}`);
  return { tool: m[1]!, outcome: m[2]! };
}

/** Replays a trace in the child; returns the child and parent states before the last event. */
function replay(child: ProtocolGraph, parent: ProtocolGraph, trace: readonly string[]): { childOk: boolean; parentStates: string[] } {
  let c = child.initial;
  let p: string | undefined = parent.initial;
  const parentStates: string[] = [p];
  for (const e of trace) {
    const { tool, outcome } = parseEvent(e);
    const next = child.states[c]?.on[tool]?.[outcome];
    if (next === undefined) return { childOk: false, parentStates };
    c = next;
    const pt = parentToolOf(child, parent, tool);
    if (pt === undefined) continue; // inert: the parent does not move
    if (p !== undefined) p = parent.states[p]?.on[pt]?.[outcome];
    if (p !== undefined) parentStates.push(p);
  }
  return { childOk: true, parentStates };
}

describe("checkRefinement agrees with brute-force trace enumeration", () => {
  it("on random pairs of small protocols", () => {
    let oks = 0;
    let fails = 0;
    fc.assert(
      fc.property(pairArb, ({ child, parent }) => {
        const result = checkRefinement(child, parent);
        const oracle = bruteForce(child, parent, BOUND);
        if (result.ok) {
          oks++;
          expect(oracle).toBeUndefined();
          return;
        }
        fails++;
        const len = result.trace.length;
        if (len <= BOUND) expect(oracle).toBe(len);
        else expect(oracle).toBeUndefined();
        if (result.kind === "new_tool") {
          expect(len).toBe(0);
          return;
        }
        // the counterexample is a real trace of the child …
        const { childOk, parentStates } = replay(child, parent, result.trace);
        expect(childOk).toBe(true);
        if (result.kind === "trace") {
          // … whose projection the parent accepts up to the last event and rejects there
          const last = parseEvent(result.trace[len - 1]!);
          const pt = parentToolOf(child, parent, last.tool);
          expect(pt).toBeDefined();
          const before = replay(child, parent, result.trace.slice(0, -1));
          const pBefore = before.parentStates[before.parentStates.length - 1]!;
          const prefixVisible = result.trace.slice(0, -1).filter((e) => parentToolOf(child, parent, parseEvent(e).tool) !== undefined).length;
          expect(before.parentStates.length).toBe(prefixVisible + 1);
          expect(parent.states[pBefore]?.on[pt!]?.[last.outcome]).toBeUndefined();
        }
        if (result.kind === "guard") {
          const before = replay(child, parent, result.trace.slice(0, -1));
          const prefixVisible = result.trace.slice(0, -1).filter((e) => parentToolOf(child, parent, parseEvent(e).tool) !== undefined).length;
          expect(before.parentStates.length).toBe(prefixVisible + 1);
        }
        if (result.kind === "budget" && len > 0) {
          expect(parentStates.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300, seed: 20261129 },
    );
    // the generator must exercise both verdicts
    expect(oks).toBeGreaterThan(30);
    expect(fails).toBeGreaterThan(30);
  });

  it("on pairs small enough that the bound covers every product state, the verdict is exact", () => {
    fc.assert(
      fc.property(
        graphArb("p", PARENT_TOOLS, 2).chain((parent) =>
          fc
            .oneof(
              derivedChildArb(parent),
              childToolsArb.chain((tools) => graphArb("c", tools, 2)),
            )
            .map((child) => ({ child, parent })),
        ),
        ({ child, parent }) => {
          // ≤ 2×2 product states: a shortest counterexample has at most 5 events ≤ BOUND
          const result = checkRefinement(child, parent);
          const oracle = bruteForce(child, parent, BOUND);
          expect(result.ok).toBe(oracle === undefined);
          if (!result.ok) expect(result.trace.length).toBe(oracle);
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});

describe("the diagonal fast path (a child with the parent's state names) agrees with the oracle", () => {
  /** Derived children that also lose guard conjuncts, loosen budgets or redirect a transition: the edits the diagonal path must refuse. */
  const weakenedArb = graphArb("p", PARENT_TOOLS, 3).chain((parent) =>
    fc
      .record({
        child: derivedChildArb(parent),
        dropGuard: fc.option(fc.tuple(fc.constantFrom(...Object.keys(parent.states)), fc.constantFrom(...Object.keys(PARENT_TOOLS))), { nil: undefined }),
        loosen: fc.option(fc.constantFrom(...Object.keys(parent.states)), { nil: undefined }),
      })
      .map(({ child, dropGuard, loosen }) => {
        const states = child.states as Record<string, { on: Record<string, Record<string, string>>; guards?: Record<string, string[]>; budget?: BudgetLimits }>;
        if (dropGuard) {
          const g = states[dropGuard[0]]!.guards?.[dropGuard[1]];
          if (g && g.length > 0) states[dropGuard[0]]!.guards![dropGuard[1]] = g.slice(1);
        }
        if (loosen !== undefined && states[loosen]!.budget?.toolCalls !== undefined)
          states[loosen]!.budget = { toolCalls: states[loosen]!.budget!.toolCalls! + 1 };
        return { child, parent };
      }),
  );

  it("on derived children, weakened or not", () => {
    let oks = 0;
    let fails = 0;
    fc.assert(
      fc.property(weakenedArb, ({ child, parent }) => {
        expect(child.initial).toBe(parent.initial);
        const result = checkRefinement(child, parent);
        const oracle = bruteForce(child, parent, BOUND);
        if (result.ok) oks++;
        else fails++;
        if (result.ok) expect(oracle).toBeUndefined();
        else if (result.trace.length <= BOUND) expect(oracle).toBe(result.trace.length);
        else expect(oracle).toBeUndefined();
      }),
      { numRuns: 400, seed: 20261201 },
    );
    expect(oks).toBeGreaterThan(40);
    expect(fails).toBeGreaterThan(40);
  });
});
