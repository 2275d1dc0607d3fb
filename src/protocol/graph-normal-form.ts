/**
 * A protocol graph's normal form for the refinement check: everything the check compares except
 * budgets and input schemas (states, transitions, guard conjuncts, tool attributes) as one
 * string, plus the states reachable from the initial state and the tools their transitions use.
 * `defineProtocol` computes it once per protocol (the graph is frozen from then on); two graphs
 * with equal keys differ at most in budgets and input schemas, so the refinement check compares
 * only those, in O(states + tools), and runs its search only when they differ.
 *
 * No normal form (undefined) for a graph whose mapping onto a parent is not the identity (a tool
 * declared `inert` or with `refines`) or that allows a tool it does not declare: the search
 * decides those.
 *
 * @internal
 */
import type { GraphTool, ProtocolGraph } from "./types.js";

export interface GraphNormalForm {
  /** Injective encoding (JSON of nested arrays) of the graph without budgets and input schemas. */
  readonly key: string;
  /** States reachable from the initial state (the initial state first), existing ones only. */
  readonly reachable: readonly string[];
  /** Tools used by a transition of a reachable state. */
  readonly tools: readonly string[];
}

function toolKey(name: string, t: GraphTool): unknown[] {
  return [
    name,
    t.effect,
    t.outcomes,
    t.requiresConfirmation === true,
    t.exit === true,
    t.subjects ?? null,
    t.confirmationTtlMs ?? null,
    t.assumeRefinement ?? null,
  ];
}

/** The normal form of a graph, or undefined (see above). Reads only own data properties. */
export function graphNormalForm(graph: ProtocolGraph): GraphNormalForm | undefined {
  const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
  const tools: unknown[] = [];
  for (const name of Object.keys(graph.tools)) {
    const t = graph.tools[name]!;
    if (t.inert || t.refines !== undefined) return undefined;
    tools.push(toolKey(name, t));
  }
  const states: unknown[] = [];
  for (const name of Object.keys(graph.states)) {
    const st = graph.states[name]!;
    const on: unknown[] = [];
    for (const tool of Object.keys(st.on)) {
      if (!has(graph.tools, tool)) return undefined;
      const tr = st.on[tool]!;
      on.push([tool, Object.keys(tr).map((o) => [o, tr[o]])]);
    }
    const guards = st.guards ? Object.keys(st.guards).map((t) => [t, st.guards![t]]) : null;
    states.push([name, on, guards]);
  }
  const key = JSON.stringify([graph.initial, tools, states]);
  const reachable: string[] = [];
  const used: string[] = [];
  if (has(graph.states, graph.initial)) reachable.push(graph.initial);
  for (let i = 0; i < reachable.length; i++) {
    const on = graph.states[reachable[i]!]!.on;
    for (const tool of Object.keys(on)) {
      if (!used.includes(tool)) used.push(tool);
      for (const target of Object.values(on[tool]!)) if (has(graph.states, target) && !reachable.includes(target)) reachable.push(target);
    }
  }
  return { key, reachable, tools: used };
}
