// fromXState: one mapping, an XState v5 machine config back to a protocol graph, with every issue
// it meets. Over 400 lines once formatted: the checks of states, events, transitions and tool facts
// each report into the same issue list while the graph is built.
import { z } from "zod";
import type { BudgetLimits, Effect, GraphState, GraphTool, ProtocolGraph } from "../protocol/types.js";
import { validateDefinition } from "../protocol/validate-definition.js";
import { ALL_OF_GUARD, RESERVED_EVENT_PREFIX, stateOfXStateTarget, xstateEventType } from "./xstate-config.js";
import { XStateMappingError, type XStateMappingIssue } from "./xstate-mapping-error.js";

/** Options of {@link fromXState}. */
export interface FromXStateOptions {
  /** Protocol name when the machine has no `id`. */
  readonly name?: string;
  /**
   * Facts about tools that XState has no field for, for a machine drawn by hand (a machine
   * exported by `toXState` carries them under `meta.concordat.tools`). These win over the meta.
   * @default {}
   */
  readonly tools?: Readonly<Record<string, { readonly effect: Effect } & Partial<Omit<GraphTool, "effect">>>>;
}

type Path = (string | number)[];
type Rec = Record<string, unknown>;

const isRecord = (x: unknown): x is Rec => typeof x === "object" && x !== null && !Array.isArray(x);
const quote = (x: unknown) => (typeof x === "function" ? "a function" : typeof x === "number" ? String(x) : (JSON.stringify(x) ?? String(x)));

/** Keys that describe a machine or state without changing what it does. */
const ROOT_KEYS = new Set(["id", "initial", "states", "meta", "description", "context", "types", "version"]);
const STATE_KEYS = new Set(["on", "type", "meta", "description", "tags", "id", "entry", "exit", "states"]);
const TRANSITION_KEYS = new Set(["target", "guard", "meta", "description", "reenter", "actions"]);
const BUDGET_KEYS = ["inputTokens", "outputTokens", "totalTokens", "toolCalls"] as const;
/** `tool[outcome]`: the outcome is the last bracketed suffix. */
const EVENT_WITH_OUTCOME = /^(.+)\[([^[\]]+)\]$/;

/**
 * The protocol graph of an XState v5 machine config, for the subset that maps: one level of
 * atomic states (`type: "final"` ones are terminal), events named `tool[outcome]` (or `tool`
 * for its `ok` outcome), one sibling target per event (none means the state stays), and guards
 * given by name. Tool effects come from `meta.concordat.tools` (written by `toXState`) or from
 * `options.tools`. The result is the plain data `checkRefinement` and the graph exporters
 * read; give each tool an input schema to make it a runnable protocol with `defineProtocol`.
 *
 * Anything with no protocol counterpart (nested or parallel states, actions, invoke, delayed,
 * eventless or wildcard transitions, guard parameters) is reported, never dropped: every
 * problem is listed at once in one `XStateMappingError`.
 *
 * @example
 * ```ts
 * import { checkRefinement } from "concordat";
 * import { fromXState } from "concordat/xstate";
 * const drawn = JSON.parse(readFileSync("refund.machine.json", "utf8"));
 * const graph = fromXState(drawn, { tools: { issue_refund: { effect: "write", requiresConfirmation: true } } });
 * checkRefinement(graph, refundProtocol.graph); // does the drawn machine refine the protocol?
 * ```
 * @param machine A machine config (plain JSON), or a machine made by `createMachine` (its `config` is read).
 * @param options Protocol name and tool facts the machine does not carry.
 * @returns The protocol graph.
 * @throws XStateMappingError listing every construct that does not map, and every problem of the resulting protocol (unreachable states, missing outcomes, ...).
 * @see toXState for the forward mapping.
 */
export function fromXState(machine: unknown, options: FromXStateOptions = {}): ProtocolGraph {
  const config = isRecord(machine) && isRecord(machine["config"]) && "root" in machine ? machine["config"] : machine;
  const issues: XStateMappingIssue[] = [];
  const add = (code: XStateMappingIssue["code"], path: Path, message: string) => issues.push({ code, path, message });
  const name = isRecord(config) && typeof config["id"] === "string" && config["id"] !== "" ? config["id"] : options.name;
  const label = name ?? "<unnamed>";
  if (!isRecord(config) || !isRecord(config["states"])) {
    add(
      "invalid_machine",
      isRecord(config) ? ["states"] : [],
      `Expected a machine config with top-level states, got ${isRecord(config) ? `states ${quote(config["states"])}` : quote(config)}. Fix: pass the object given to createMachine (or the machine itself).`,
    );
    throw new XStateMappingError(label, issues);
  }
  if (name === undefined)
    add("invalid_machine", ["id"], `The machine has no id to name the protocol. Fix: set id: "refund" on the machine, or pass options.name.`);
  for (const key of Object.keys(config)) {
    if (!ROOT_KEYS.has(key))
      add(
        "unsupported",
        [key],
        `Machine-level "${key}" has no protocol counterpart (a protocol has top-level states and tool transitions only). Fix: move it into a state's transitions or remove it.`,
      );
  }
  if (config["type"] !== undefined)
    add("unsupported", ["type"], `A machine of type ${quote(config["type"])} does not map (a protocol is one level of states). Fix: remove type.`);
  const states = config["states"];
  const stateNames = Object.keys(states);
  const initial = config["initial"];
  if (typeof initial !== "string")
    add("invalid_machine", ["initial"], `initial is ${quote(initial)}. Fix: name the initial state, e.g. initial: "${stateNames[0] ?? "start"}".`);

  // state ids: XState lets a target say `#id` (a state's explicit id, or `<machine id>.<key>`)
  const byId = new Map<string, string>();
  for (const [sn, st] of Object.entries(states)) {
    byId.set(isRecord(st) && typeof st["id"] === "string" ? st["id"] : `${label}.${sn}`, sn);
  }
  const meta = readProtocolMeta(config["meta"], add);

  const terminal: string[] = [];
  const graphStates: Record<string, { on: Record<string, Record<string, string>>; guards: Record<string, string[]>; budget?: BudgetLimits }> = {};
  const seenOutcomes = new Map<string, string[]>();
  for (const [sn, st] of Object.entries(states)) {
    const at: Path = ["states", sn];
    const out: (typeof graphStates)[string] = { on: {}, guards: {} };
    graphStates[sn] = out;
    if (!isRecord(st)) {
      add("invalid_machine", at, `State "${sn}" is ${quote(st)}, not an object. Fix: write {} for a state with no transitions.`);
      continue;
    }
    for (const key of Object.keys(st)) {
      if (!STATE_KEYS.has(key))
        add(
          "unsupported",
          [...at, key],
          `"${key}" on state "${sn}" has no protocol counterpart (only tool-result transitions do). Fix: remove it, or model it as a tool the state allows.`,
        );
    }
    for (const key of ["entry", "exit"] as const) {
      if (st[key] !== undefined && !(Array.isArray(st[key]) && st[key].length === 0))
        add("unsupported", [...at, key], `State "${sn}" runs ${key} actions; a protocol state runs nothing. Fix: remove them (tools do the work).`);
    }
    if (isRecord(st["states"]) && Object.keys(st["states"]).length > 0)
      add("unsupported", [...at, "states"], `State "${sn}" has nested states; a protocol is one level of states. Fix: flatten them into top-level states.`);
    if (st["type"] === "final") terminal.push(sn);
    else if (st["type"] !== undefined && st["type"] !== "atomic")
      add(
        "unsupported",
        [...at, "type"],
        `State "${sn}" is of type ${quote(st["type"])}; only atomic and final states map. Fix: remove type, or use "final" for a terminal state.`,
      );
    const budget = readStateBudget(st["meta"], [...at, "meta", "concordat", "budget"], add);
    if (budget) out.budget = budget;
    if (st["on"] === undefined) continue;
    if (!isRecord(st["on"])) {
      add("invalid_machine", [...at, "on"], `on of state "${sn}" is ${quote(st["on"])}. Fix: map event types to transitions.`);
      continue;
    }
    for (const [event, raw] of Object.entries(st["on"])) {
      const tp: Path = [...at, "on", event];
      if (event === "*" || event.endsWith(".*") || event === "") {
        add("unsupported", tp, `Event ${quote(event)} is a wildcard (or empty); a protocol allows named tools only. Fix: list each tool event.`);
        continue;
      }
      if (event.startsWith(RESERVED_EVENT_PREFIX)) {
        add(
          "unsupported",
          tp,
          `Event "${event}" is one of XState's own (${RESERVED_EVENT_PREFIX}*: actor completion, errors, init); a protocol moves on tool results only. Fix: name the event after the tool that causes it.`,
        );
        continue;
      }
      const list = Array.isArray(raw) ? raw : [raw];
      if (list.length === 0) continue; // an explicitly ignored event: no permission
      if (list.length > 1) {
        add(
          "unsupported",
          tp,
          `Event "${event}" in state "${sn}" has ${list.length} guarded alternatives; a protocol tool outcome has exactly one next state. Fix: keep one transition, or split the tool's outcomes.`,
        );
        continue;
      }
      const t: Rec = typeof list[0] === "string" ? { target: list[0] } : isRecord(list[0]) ? list[0] : {};
      if (!isRecord(list[0]) && typeof list[0] !== "string") {
        add("invalid_machine", tp, `Transition of "${event}" in state "${sn}" is ${quote(list[0])}. Fix: give a target state name or { target }.`);
        continue;
      }
      for (const key of Object.keys(t)) {
        if (!TRANSITION_KEYS.has(key))
          add("unsupported", [...tp, key], `"${key}" on the "${event}" transition of state "${sn}" has no protocol counterpart. Fix: remove it.`);
      }
      if (t["actions"] !== undefined && !(Array.isArray(t["actions"]) && t["actions"].length === 0))
        add(
          "unsupported",
          [...tp, "actions"],
          `The "${event}" transition of state "${sn}" runs actions; a protocol transition only changes state. Fix: remove them (tools do the work).`,
        );
      const target = resolveTarget(t["target"], sn, byId, states, tp, add);
      const { tool, outcome } = eventToolOutcome(event, t["meta"], meta?.tools ?? {}, options.tools ?? {});
      const guards = readGuard(t["guard"], [...tp, "guard"], add);
      if (target === undefined) continue;
      if (out.on[tool]?.[outcome] !== undefined) {
        add("duplicate_transition", tp, `State "${sn}" has two events for tool "${tool}" with outcome "${outcome}". Fix: keep one of them.`);
        continue;
      }
      const firstOutcome = out.on[tool] ? Object.keys(out.on[tool])[0] : undefined;
      const prev = out.guards[tool] ?? [];
      if (firstOutcome !== undefined && prev.join("\u0000") !== (guards ?? []).join("\u0000")) {
        add(
          "inconsistent_guard",
          [...tp, "guard"],
          `Tool "${tool}" in state "${sn}" is guarded by [${(guards ?? []).join(", ")}] for outcome "${outcome}" but by [${prev.join(", ")}] for "${firstOutcome}"; a protocol guards a tool, not one of its outcomes. Fix: give every outcome of "${tool}" in "${sn}" the same guard.`,
        );
      }
      (out.on[tool] ??= {})[outcome] = target;
      if (guards && guards.length > 0 && firstOutcome === undefined) out.guards[tool] = guards;
      const seen = seenOutcomes.get(tool) ?? [];
      if (!seen.includes(outcome)) seen.push(outcome);
      seenOutcomes.set(tool, seen);
    }
  }

  const tools: Record<string, GraphTool> = {};
  for (const tool of new Set([...Object.keys(meta?.tools ?? {}), ...seenOutcomes.keys(), ...Object.keys(options.tools ?? {})])) {
    const spec = { ...meta?.tools[tool], ...options.tools?.[tool] };
    if (spec.effect !== "read" && spec.effect !== "write") {
      add(
        "unknown_effect",
        ["meta", "concordat", "tools", tool, "effect"],
        `Tool "${tool}" has effect ${quote(spec.effect)}; XState has no field for whether a tool reads or writes. Fix: pass options.tools["${tool}"] = { effect: "read" } (or "write"), or set meta.concordat.tools["${tool}"].effect.`,
      );
      continue;
    }
    tools[tool] = {
      effect: spec.effect,
      outcomes: spec.outcomes ? [...spec.outcomes] : (seenOutcomes.get(tool) ?? ["ok"]),
      ...(spec.requiresConfirmation ? { requiresConfirmation: true } : {}),
      ...(spec.inert ? { inert: true } : {}),
      ...(typeof spec.refines === "string" ? { refines: spec.refines } : {}),
      ...(spec.exit ? { exit: true } : {}),
      // the refinement facts (written by toXState; a drawn machine may give them in options.tools)
      ...(Array.isArray(spec.subjects) && spec.subjects.every((x) => typeof x === "string") ? { subjects: [...spec.subjects] } : {}),
      ...(typeof spec.confirmationTtlMs === "number" && Number.isFinite(spec.confirmationTtlMs) && spec.confirmationTtlMs > 0
        ? { confirmationTtlMs: spec.confirmationTtlMs }
        : {}),
      ...(typeof spec.assumeRefinement === "string" && spec.assumeRefinement !== "" ? { assumeRefinement: spec.assumeRefinement } : {}),
      ...(typeof spec.input === "object" && spec.input !== null && !Array.isArray(spec.input) ? { input: structuredClone(spec.input) } : {}),
      ...(typeof spec.inputUnknown === "string" ? { inputUnknown: spec.inputUnknown } : {}),
    };
  }

  // the protocol's own rules (missing outcomes, unreachable states, terminal states with tools, ...)
  if (issues.length === 0) {
    const input = z.unknown();
    issues.push(
      ...validateDefinition({
        name: label,
        initial,
        terminal,
        tools: Object.fromEntries(Object.entries(tools).map(([n, t]) => [n, { ...t, input }])),
        states: Object.fromEntries(Object.entries(graphStates).map(([n, s]) => [n, { on: s.on, guards: s.guards }])),
      }),
    );
  }
  if (issues.length > 0) throw new XStateMappingError(label, issues);

  const outStates: Record<string, GraphState> = {};
  for (const [sn, s] of Object.entries(graphStates)) {
    outStates[sn] = { on: s.on, ...(Object.keys(s.guards).length > 0 ? { guards: s.guards } : {}), ...(s.budget ? { budget: s.budget } : {}) };
  }
  return { name: label, initial: initial as string, terminal, tools, states: outStates, ...(meta?.budget ? { budget: meta.budget } : {}) };
}

type Add = (code: XStateMappingIssue["code"], path: Path, message: string) => void;

/** A transition target as a top-level state name. */
function resolveTarget(target: unknown, from: string, byId: ReadonlyMap<string, string>, states: Rec, at: Path, add: Add): string | undefined {
  const list = Array.isArray(target) ? target : [target];
  if (target === undefined) return from; // a targetless transition leaves the state as it is
  if (list.length !== 1 || typeof list[0] !== "string") {
    add(
      list.length > 1 ? "unsupported" : "invalid_target",
      [...at, "target"],
      `Target ${quote(target)} of a transition in state "${from}" is not one state name. Fix: target exactly one top-level state.`,
    );
    return undefined;
  }
  const t = list[0];
  if (t.startsWith("#")) {
    const hit = byId.get(t.slice(1));
    if (hit !== undefined) return hit;
  } else if (t.startsWith(".")) {
    add(
      "unsupported",
      [...at, "target"],
      `Target "${t}" of state "${from}" is a child state; a protocol has no nested states. Fix: target a top-level state by name.`,
    );
    return undefined;
  } else {
    const name = stateOfXStateTarget(t);
    if (Object.prototype.hasOwnProperty.call(states, name)) return name;
  }
  add(
    "invalid_target",
    [...at, "target"],
    `Target "${t}" of a transition in state "${from}" is not a top-level state. Fix: target one of: ${Object.keys(states).join(", ")}.`,
  );
  return undefined;
}

/** The tool and outcome an event stands for: the transition's meta when it agrees with the event type, else the event type's `tool[outcome]` (or `tool` for `ok`). */
function eventToolOutcome(
  event: string,
  meta: unknown,
  metaTools: Readonly<Record<string, Partial<GraphTool>>>,
  optionTools: Readonly<Record<string, Partial<GraphTool>>>,
): { tool: string; outcome: string } {
  const m = isRecord(meta) && isRecord(meta["concordat"]) ? meta["concordat"] : undefined;
  if (m && typeof m["tool"] === "string" && typeof m["outcome"] === "string") {
    const outcomes = optionTools[m["tool"]]?.outcomes ?? metaTools[m["tool"]]?.outcomes ?? [m["outcome"]];
    if (xstateEventType(m["tool"], m["outcome"], outcomes) === event) return { tool: m["tool"], outcome: m["outcome"] };
  }
  const hit = EVENT_WITH_OUTCOME.exec(event);
  return hit ? { tool: hit[1]!, outcome: hit[2]! } : { tool: event, outcome: "ok" };
}

/** Guard conjunct names: `"name"`, `{ type: "name" }`, or `{ type: "allOf", params: { guards: [...] } }`. */
function readGuard(guard: unknown, at: Path, add: Add): string[] | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === "string" && guard !== "") return [guard];
  if (isRecord(guard) && typeof guard["type"] === "string" && guard["type"] !== "") {
    const params = guard["params"];
    if (
      guard["type"] === ALL_OF_GUARD &&
      isRecord(params) &&
      Array.isArray(params["guards"]) &&
      params["guards"].length > 0 &&
      params["guards"].every((g) => typeof g === "string" && g !== "")
    ) {
      return params["guards"] as string[];
    }
    if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0)) {
      add(
        "unsupported",
        [...at, "params"],
        `Guard "${guard["type"]}" takes params ${quote(params)}; a protocol guard conjunct is a name. Fix: give the parameterised check its own guard name.`,
      );
      return undefined;
    }
    return [guard["type"]];
  }
  add(
    typeof guard === "function" ? "unsupported" : "invalid_guard",
    at,
    `Guard ${quote(guard)} is not a guard name. Fix: write guard: "hasOwnership" (inline functions and and()/or()/not() do not map; several conjuncts: { type: "${ALL_OF_GUARD}", params: { guards: [...] } }).`,
  );
  return undefined;
}

/** `meta.concordat` of the machine: the tools' facts and the run budget. */
function readProtocolMeta(
  meta: unknown,
  add: Add,
): { tools: Record<string, Partial<GraphTool>>; budget?: BudgetLimits & { reserve?: BudgetLimits } } | undefined {
  const m = isRecord(meta) ? meta["concordat"] : undefined;
  if (m === undefined) return undefined;
  const at: Path = ["meta", "concordat"];
  if (!isRecord(m)) {
    add("invalid_meta", at, `meta.concordat is ${quote(m)}. Fix: remove it, or write what toXState writes there.`);
    return undefined;
  }
  if (m["version"] !== undefined && m["version"] !== 1)
    add(
      "invalid_meta",
      [...at, "version"],
      `meta.concordat.version is ${quote(m["version"])}; this version of Concordat reads version 1. Fix: re-export the machine with this version, or upgrade Concordat.`,
    );
  const tools: Record<string, Partial<GraphTool>> = {};
  const rawTools = m["tools"] ?? {};
  if (!isRecord(rawTools))
    add("invalid_meta", [...at, "tools"], `meta.concordat.tools is ${quote(rawTools)}. Fix: map each tool name to { effect, outcomes }.`);
  else {
    for (const [tn, t] of Object.entries(rawTools)) {
      const outs = isRecord(t) ? t["outcomes"] : undefined;
      if (!isRecord(t) || (outs !== undefined && !(Array.isArray(outs) && outs.length > 0 && outs.every((o) => typeof o === "string")))) {
        add(
          "invalid_meta",
          [...at, "tools", tn],
          `meta.concordat.tools["${tn}"] is ${quote(t)}. Fix: write { effect: "read" | "write", outcomes: ["ok", ...] }.`,
        );
        continue;
      }
      tools[tn] = t as Partial<GraphTool>;
    }
  }
  const budget = m["budget"] === undefined ? undefined : readBudget(m["budget"], [...at, "budget"], add, true);
  return budget ? { tools, budget } : { tools };
}

function readStateBudget(meta: unknown, at: Path, add: Add): BudgetLimits | undefined {
  const m = isRecord(meta) && isRecord(meta["concordat"]) ? meta["concordat"] : undefined;
  return m?.["budget"] === undefined ? undefined : readBudget(m["budget"], at, add, false);
}

/** A budget of non-negative finite numbers (and, for a run, a reserve). */
function readBudget(raw: unknown, at: Path, add: Add, withReserve: boolean): (BudgetLimits & { reserve?: BudgetLimits }) | undefined {
  if (!isRecord(raw)) {
    add("invalid_meta", at, `Budget is ${quote(raw)}. Fix: write { toolCalls: 20, totalTokens: 50000 } (any of ${BUDGET_KEYS.join(", ")}).`);
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === "reserve" && withReserve) {
      const r = readBudget(v, [...at, k], add, false);
      if (r) out[k] = r;
    } else if (!(BUDGET_KEYS as readonly string[]).includes(k)) {
      add("invalid_meta", [...at, k], `Unknown budget limit "${k}". Fix: use ${BUDGET_KEYS.join(", ")}${withReserve ? " or reserve" : ""}.`);
    } else if (typeof v !== "number" || !Number.isFinite(v) || v < 0) {
      add("invalid_meta", [...at, k], `Budget limit ${k} is ${quote(v)}; a limit is a finite number >= 0. Fix: set a number such as 20, or remove it.`);
    } else out[k] = v;
  }
  return out as BudgetLimits & { reserve?: BudgetLimits };
}
