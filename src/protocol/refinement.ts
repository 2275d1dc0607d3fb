// The refinement check (behavioural subtyping of protocols), the one implementation the decorators
// and the analyzer share. Over 400 lines once formatted: the simulation over both graphs, its
// restriction to the diagonal (the fast path for a protocol that repeats its parent's graph) and
// the counterexample traces it reports are one algorithm; tool attributes live in tool-refinement.ts.
import { compareToolAttributes, type SameToolInputs, type ToolRefinementKind, type VerifyToolArguments } from "./tool-refinement.js";

export { sameInputsWith, verifyWith } from "./tool-refinement.js";
import type { BudgetLimits, GraphTool, ProtocolGraph } from "./types.js";

/**
 * Behavioural subtyping for protocols: does a child protocol refine its parent's?
 *
 * Events are `(tool, outcome)` pairs. The child refines the parent when every sequence of
 * events the child allows, seen through the parent's eyes, is allowed by the parent
 * (prefix-closed trace inclusion), and the child guards and budgets are at least as strict.
 *
 * Seen through the parent's eyes:
 * - a child tool declared `inert` (read-only, new in the child) is invisible: an epsilon move;
 * - a child tool with `refines: "parentTool"` stands for that parent tool;
 * - a child tool with the same name as a parent tool is that tool;
 * - any other child tool is new and rejected (`new_tool`), and so is a write tool that is
 *   declared inert or stands for a parent read tool.
 *
 * The check is a breadth-first search of the product automaton (child state × parent state),
 * which is O(|child states| · |parent states| · |tools| · |outcomes|) and yields the shortest
 * counterexample. It reads plain `ProtocolGraph` data only, so the static analyzer can call it
 * on graphs extracted from source without running any code.
 */
export type RefinementKind = "trace" | "new_tool" | "guard" | "budget" | ToolRefinementKind;

export type RefinementResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly kind: RefinementKind;
      readonly message: string;
      /** The shortest child trace that shows the problem, e.g. `["lookup_booking[found]", "issue_refund[ok]"]`. */
      readonly trace: string[];
      /** For `arguments`: a call of the child tool with arguments it accepts and the parent tool rejects. */
      readonly counterexample?: { readonly tool: string; readonly arguments: unknown };
    };

export interface RefinementNames {
  /** How to call the child in messages (a class name); defaults to the child protocol's name. */
  readonly child?: string;
  /** How to call the parent in messages; defaults to the parent protocol's name. */
  readonly parent?: string;
}

export interface RefinementOptions {
  /**
   * Runs the real input schemas on a candidate counterexample (import time: zod's `safeParse`),
   * for differences only zod checks decide (a child `.refine()` on the way to the value).
   */
  readonly verifyArguments?: VerifyToolArguments;
  /**
   * Tells, from the real input schemas, that a child tool's schema is its parent tool's written
   * again (import time: `sameInputsWith`), so neither is converted to JSON Schema. Only ever
   * answers true for equal argument schemas: the verdict is the same with or without it.
   */
  readonly sameInputs?: SameToolInputs;
}

const BUDGET_KEYS = ["inputTokens", "outputTokens", "totalTokens", "toolCalls"] as const satisfies readonly (keyof BudgetLimits)[];

/** How a child tool appears to the parent: an epsilon move, or a parent tool. */
type ToolMapping = { readonly inert: true } | { readonly inert: false; readonly parentTool: string };

interface Step {
  readonly tool: string;
  readonly outcome: string;
}

interface Node {
  readonly child: string;
  readonly parent: string;
  readonly prev: number;
  readonly step: Step | undefined;
}

/** The event label used in traces: `tool[outcome]`. */
export function eventLabel(tool: string, outcome: string): string {
  return `${tool}[${outcome}]`;
}

/**
 * Maps every child tool onto the parent's alphabet, or explains why a tool cannot be mapped.
 * Exported for the analyzer and for tests; `checkRefinement` calls it first.
 */
export function mapChildTools(
  child: ProtocolGraph,
  parent: ProtocolGraph,
  names: RefinementNames = {},
): { ok: true; mapping: Map<string, ToolMapping> } | { ok: false; message: string; tool: string } {
  const childName = names.child ?? child.name;
  const parentName = names.parent ?? parent.name;
  const mapping = new Map<string, ToolMapping>();
  for (const name of Object.keys(child.tools)) {
    const tool = child.tools[name]!;
    const target = tool.refines ?? (hasOwn(parent.tools, name) ? name : undefined);
    if (target !== undefined) {
      const parentTool = hasOwn(parent.tools, target) ? parent.tools[target] : undefined;
      if (!parentTool) {
        return {
          ok: false,
          tool: name,
          message: `${childName} declares tool ${name} as refining ${target}, but ${parentName} has no tool ${target}. Fix: name one of ${parentName}'s tools (${Object.keys(parent.tools).join(", ") || "none"}) in refines.`,
        };
      }
      if (tool.effect === "write" && parentTool.effect !== "write") {
        return {
          ok: false,
          tool: name,
          message: `${childName} declares ${name} as a write tool, but it stands for ${parentName}'s read tool ${target}: a subclass may not turn a read into a write. Fix: declare ${name} with effect "read", or add the write to ${parentName}'s protocol first.`,
        };
      }
      mapping.set(name, { inert: false, parentTool: target });
      continue;
    }
    if (tool.inert) {
      if (tool.effect === "write") {
        return {
          ok: false,
          tool: name,
          message: `${childName} declares ${name} inert, but it is a write tool: only read-only tools may be invisible to ${parentName}'s protocol. Fix: add ${name} to ${parentName}'s protocol, or map it onto a parent write tool with refines.`,
        };
      }
      mapping.set(name, { inert: true });
      continue;
    }
    return {
      ok: false,
      tool: name,
      message:
        tool.effect === "write"
          ? `${childName} adds the write tool ${name}, which ${parentName}'s protocol does not know: a subclass may not add writes. Fix: add ${name} to ${parentName}'s protocol, or declare it with refines: "<parent write tool>".`
          : `${childName} adds the tool ${name}, which ${parentName}'s protocol does not know. Fix: declare it inert: true (read-only, invisible to ${parentName}) or refines: "<parent tool>".`,
    };
  }
  return { ok: true, mapping };
}

/**
 * Checks that `child` refines `parent`; returns the shortest counterexample when it does not.
 * Besides traces, guards and budgets, every child tool a trace uses is compared with the parent
 * tool it stands for (effect, confirmation, subjects, confirmation lifetime, input schema; see
 * `compareToolAttributes`), the first time the shortest trace reaches it.
 */
export function checkRefinement(child: ProtocolGraph, parent: ProtocolGraph, names: RefinementNames = {}, options: RefinementOptions = {}): RefinementResult {
  // the same graph refines itself (a class that repeats its ancestor's protocol object, or a
  // protocol whose graph is shared): identity before structure
  if (child === parent) return { ok: true };
  const childName = names.child ?? child.name;
  const parentName = names.parent ?? parent.name;

  const mapped = mapChildTools(child, parent, names);
  if (!mapped.ok) return { ok: false, kind: "new_tool", message: mapped.message, trace: [] };
  const mapping = mapped.mapping;

  const topBudget = compareBudgets(child.budget, parent.budget);
  if (topBudget) return { ok: false, kind: "budget", message: budgetMessage(childName, parentName, topBudget, "the protocol budget"), trace: [] };
  const reserve = compareBudgets(child.budget?.reserve, parent.budget?.reserve);
  if (reserve) return { ok: false, kind: "budget", message: budgetMessage(childName, parentName, reserve, "the reserve budget"), trace: [] };

  if (!hasOwn(child.states, child.initial)) return { ok: true }; // a child with no initial state allows nothing
  if (!hasOwn(parent.states, parent.initial)) {
    return {
      ok: false,
      kind: "trace",
      message: `${parentName} has no initial state "${parent.initial}", so it allows nothing ${childName} could refine.`,
      trace: [],
    };
  }

  // The common case first (a subclass protocol that is its parent's written again, with tighter
  // budgets, fewer options or stronger guards): the same search restricted to pairs (s, s),
  // without its trace bookkeeping. It answers only "refines"; anything else is decided, with its
  // counterexample, by the full search below.
  if (child.initial === parent.initial && refinesOnDiagonal(child, parent, mapping, childName, parentName, options)) return { ok: true };

  const toolsChecked = new Set<string>();
  const nodes: Node[] = [{ child: child.initial, parent: parent.initial, prev: -1, step: undefined }];
  const seen = new Set<string>([pairKey(child.initial, parent.initial)]);
  // A pair's state budgets are compared when the pair is discovered, so that every failure
  // found while expanding the pairs at depth d has length d + 1 (the first one is shortest).
  const budgetFailure = (index: number): RefinementResult | undefined => {
    const n = nodes[index]!;
    const breach = compareBudgets(child.states[n.child]?.budget, parent.states[n.parent]?.budget);
    if (!breach) return undefined;
    const trace = traceTo(nodes, index);
    const where = `the budget of state "${n.child}" (where ${parentName} is in "${n.parent}"${trace.length ? `, after ${trace.join(" → ")}` : ""})`;
    return { ok: false, kind: "budget", message: budgetMessage(childName, parentName, breach, where), trace };
  };
  const first = budgetFailure(0);
  if (first) return first;
  for (let head = 0; head < nodes.length; head++) {
    const node = nodes[head]!;
    const cState = child.states[node.child];
    const pState = parent.states[node.parent];
    if (!cState) continue; // dangling target: the child cannot move from here
    if (!pState) continue; // unreachable for a valid parent; nothing to compare

    const cOn = cState.on;
    for (const tool in cOn) {
      if (!hasOwn(cOn, tool)) continue;
      const transitions = cOn[tool]!;
      const m = mapping.get(tool);
      if (!m) {
        const outcomes = Object.entries(transitions);
        // a tool allowed in a state but not declared: treat it as new
        const trace = [...traceTo(nodes, head), eventLabel(tool, outcomes[0]?.[0] ?? "ok")];
        return { ok: false, kind: "new_tool", message: `${childName} allows ${tool}, which neither ${childName} nor ${parentName} declares as a tool.`, trace };
      }
      if (m.inert) {
        for (const outcome in transitions) {
          const target = transitions[outcome]!;
          if (visit(nodes, seen, target, node.parent, head, { tool, outcome })) {
            const failure = budgetFailure(nodes.length - 1);
            if (failure) return failure;
          }
        }
        continue;
      }
      const pTool = m.parentTool;
      const pTransitions = hasOwn(pState.on, pTool) ? pState.on[pTool] : undefined;
      if (!pTransitions) {
        const prefix = traceTo(nodes, head);
        const trace = [...prefix, eventLabel(tool, firstKey(transitions) ?? "ok")];
        return { ok: false, kind: "trace", message: notAllowedMessage(child, parent, childName, parentName, nodes, head, tool, pTool), trace };
      }
      const pGuard = pState.guards?.[pTool] ?? [];
      if (pGuard.length > 0) {
        const cGuard = cState.guards?.[tool] ?? [];
        const missing = pGuard.filter((c) => !cGuard.includes(c));
        if (missing.length > 0) {
          const prefix = traceTo(nodes, head);
          const trace = [...prefix, eventLabel(tool, firstKey(transitions) ?? "ok")];
          const at = prefix.length ? `after ${displayPath(child, nodes, head)}` : "first";
          return {
            ok: false,
            kind: "guard",
            message: `${childName} allows ${displayTool(tool, pTool)} ${at} ${cGuard.length ? `under the guard ${cGuard.join(" ∧ ")}` : "without a guard"}, but ${parentName} guards ${pTool} there with ${pGuard.join(" ∧ ")}: the refinement is unverifiable (the child guard is weaker or different). Fix: make ${childName}'s guard the parent's conjuncts plus extra ones (allOf(parentGuard, extra)); it is missing ${missing.join(", ")}.`,
            trace,
          };
        }
      }
      if (!toolsChecked.has(tool)) {
        toolsChecked.add(tool);
        const weaker = compareToolAttributes(
          child.tools[tool]!,
          parent.tools[pTool]!,
          { child: childName, parent: parentName, tool, parentTool: pTool },
          { verify: options.verifyArguments, sameInputs: options.sameInputs },
        );
        if (weaker) {
          const prefix = traceTo(nodes, head);
          const trace = [...prefix, eventLabel(tool, firstKey(transitions) ?? "ok")];
          const at = prefix.length ? ` (reached by ${displayPath(child, nodes, head)} → ${tool})` : ` (reached by ${tool} first)`;
          return {
            ok: false,
            kind: weaker.kind,
            message: weaker.message.replace(/\. Fix: /, `${at}. Fix: `),
            trace,
            ...(weaker.counterexample !== undefined ? { counterexample: { tool, arguments: weaker.counterexample } } : {}),
          };
        }
      }
      for (const outcome in transitions) {
        const target = transitions[outcome]!;
        const pTarget = hasOwn(pTransitions, outcome) ? pTransitions[outcome] : undefined;
        if (pTarget === undefined) {
          const prefix = traceTo(nodes, head);
          const trace = [...prefix, eventLabel(tool, outcome)];
          const before = prefix.length ? `${displayPath(child, nodes, head)} → ` : "";
          return {
            ok: false,
            kind: "trace",
            message: `${childName} allows ${before}${displayTool(tool, pTool)}[${outcome}], but ${parentName} has no outcome ${outcome} for ${pTool} in state "${node.parent}" (it expects ${Object.keys(pTransitions).join(", ")}).`,
            trace,
          };
        }
        if (visit(nodes, seen, target, pTarget, head, { tool, outcome })) {
          const failure = budgetFailure(nodes.length - 1);
          if (failure) return failure;
        }
      }
    }
  }
  return { ok: true };
}

/**
 * The search of `checkRefinement` restricted to the diagonal: from the pair (initial, initial),
 * every child transition must be the parent's transition with the same tool (mapped onto itself),
 * outcome and target, so every reachable pair is (s, s). At each such pair it checks exactly what
 * the full search checks (state budgets, the parent's guard conjuncts, each tool's attributes by
 * the same `compareToolAttributes` call), so `true` implies the full search finds no
 * counterexample. `false` means only "not shown here" (a different transition, an inert or
 * renamed tool, any failure): the caller then runs the full search, which decides and explains.
 */
function refinesOnDiagonal(
  child: ProtocolGraph,
  parent: ProtocolGraph,
  mapping: ReadonlyMap<string, ToolMapping>,
  childName: string,
  parentName: string,
  options: RefinementOptions,
): boolean {
  // (no sets, no per-tool option objects: a protocol has a handful of states and tools, and this
  // runs for every decorated subclass at import time)
  const states = [child.initial];
  const toolsChecked: string[] = [];
  const schemas = { verify: options.verifyArguments, sameInputs: options.sameInputs };
  for (let head = 0; head < states.length; head++) {
    const s = states[head]!;
    const cState = child.states[s];
    const pState = parent.states[s];
    if (cState === pState) {
      // the very same state object (a shared graph part): only what it leads to is left to check
      if (cState === undefined) continue;
    } else if (compareBudgets(cState?.budget, pState?.budget)) return false;
    if (!cState || !pState) continue; // as in the full search: nothing to compare from here
    const cOn = cState.on;
    for (const tool in cOn) {
      if (!hasOwn(cOn, tool)) continue;
      const m = mapping.get(tool);
      if (m === undefined || m.inert || m.parentTool !== tool) return false;
      const pTransitions = hasOwn(pState.on, tool) ? pState.on[tool] : undefined;
      if (!pTransitions) return false;
      const pGuard = pState.guards?.[tool];
      if (pGuard !== undefined && pGuard.length > 0 && cState !== pState) {
        const cGuard = cState.guards?.[tool] ?? [];
        for (const c of pGuard) if (!cGuard.includes(c)) return false;
      }
      if (!toolsChecked.includes(tool)) {
        toolsChecked.push(tool);
        const names = { child: childName, parent: parentName, tool, parentTool: tool };
        if (compareToolAttributes(child.tools[tool]!, parent.tools[tool]!, names, schemas)) return false;
      }
      const transitions = cOn[tool]!;
      for (const outcome in transitions) {
        const target = transitions[outcome]!;
        if ((hasOwn(pTransitions, outcome) ? pTransitions[outcome] : undefined) !== target) return false;
        if (!states.includes(target)) states.push(target);
      }
    }
  }
  return true;
}

/** Adds a newly discovered pair; false when it was seen before. */
function visit(nodes: Node[], seen: Set<string>, child: string, parent: string, prev: number, step: Step): boolean {
  const key = pairKey(child, parent);
  if (seen.has(key)) return false;
  seen.add(key);
  nodes.push({ child, parent, prev, step });
  return true;
}

function pairKey(child: string, parent: string): string {
  return `${child}\u0000${parent}`;
}

function traceTo(nodes: readonly Node[], index: number): string[] {
  const steps: string[] = [];
  for (let i = index; i >= 0;) {
    const n = nodes[i]!;
    if (n.step) steps.push(eventLabel(n.step.tool, n.step.outcome));
    i = n.prev;
  }
  return steps.reverse();
}

function stepsTo(nodes: readonly Node[], index: number): Step[] {
  const steps: Step[] = [];
  for (let i = index; i >= 0;) {
    const n = nodes[i]!;
    if (n.step) steps.push(n.step);
    i = n.prev;
  }
  return steps.reverse();
}

/** `tool[outcome]` when the tool has several outcomes, `tool` otherwise: what a reader needs. */
function displayEvent(graph: ProtocolGraph, step: Step): string {
  const t: GraphTool | undefined = hasOwn(graph.tools, step.tool) ? graph.tools[step.tool] : undefined;
  return (t?.outcomes.length ?? 2) > 1 ? eventLabel(step.tool, step.outcome) : step.tool;
}

function displayPath(graph: ProtocolGraph, nodes: readonly Node[], index: number): string {
  return stepsTo(nodes, index)
    .map((s) => displayEvent(graph, s))
    .join(" → ");
}

function displayTool(tool: string, parentTool: string): string {
  return tool === parentTool ? tool : `${tool} (refining ${parentTool})`;
}

function notAllowedMessage(
  child: ProtocolGraph,
  parent: ProtocolGraph,
  childName: string,
  parentName: string,
  nodes: readonly Node[],
  index: number,
  tool: string,
  pTool: string,
): string {
  const node = nodes[index]!;
  const path = displayPath(child, nodes, index);
  const allows = path ? `${path} → ${displayTool(tool, pTool)}` : `${displayTool(tool, pTool)} first`;
  const route = shortestRouteTo(parent, node.parent, pTool);
  if (route === undefined) {
    const where = path ? "at that point or anywhere after it" : "anywhere";
    return `${childName} allows ${allows}, but ${parentName} does not allow ${pTool} ${where} (it is in state "${node.parent}").`;
  }
  return `${childName} allows ${allows}, but ${parentName} requires ${route.map((s) => displayEvent(parent, s)).join(" → ")} before ${pTool}`;
}

/** The shortest parent path from `from` to a state that allows `tool` (undefined when none does). */
function shortestRouteTo(graph: ProtocolGraph, from: string, tool: string): Step[] | undefined {
  const prev = new Map<string, { state: string; step: Step } | null>([[from, null]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const s = queue[head]!;
    const st = graph.states[s];
    if (!st) continue;
    if (hasOwn(st.on, tool) && s !== from) {
      const steps: Step[] = [];
      for (let cur: string | undefined = s; cur !== undefined;) {
        const p = prev.get(cur);
        if (!p) break;
        steps.push(p.step);
        cur = p.state;
      }
      return steps.reverse();
    }
    for (const [t, tr] of Object.entries(st.on)) {
      for (const [o, target] of Object.entries(tr)) {
        if (!prev.has(target)) {
          prev.set(target, { state: s, step: { tool: t, outcome: o } });
          queue.push(target);
        }
      }
    }
  }
  return undefined;
}

interface BudgetBreach {
  readonly key: string;
  readonly child: number | undefined;
  readonly parent: number;
}

/** The first limit the parent sets that the child leaves looser (or unset). */
function compareBudgets(child: BudgetLimits | undefined, parent: BudgetLimits | undefined): BudgetBreach | undefined {
  if (!parent) return undefined;
  for (const key of BUDGET_KEYS) {
    const p = parent[key];
    if (p === undefined) continue;
    const c = child?.[key];
    if (c === undefined || c > p) return { key, child: c, parent: p };
  }
  return undefined;
}

function budgetMessage(childName: string, parentName: string, b: BudgetBreach, where: string): string {
  const childSays = b.child === undefined ? `sets no ${b.key} limit in ${where}` : `allows ${b.key} = ${b.child} in ${where}`;
  return `${childName} ${childSays}, but ${parentName} limits ${b.key} to ${b.parent} there: a subclass may only tighten budgets. Fix: set ${b.key} to at most ${b.parent}.`;
}

function firstKey(o: object): string | undefined {
  for (const k in o) return k;
  return undefined;
}

function hasOwn<T extends object>(o: T, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}
