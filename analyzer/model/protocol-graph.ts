import type { BudgetLimits, GraphState, GraphTool, ProtocolGraph } from "../../src/protocol/types.js";
import { argumentSchema, identityOf } from "../../src/protocol/argument-schema.js";
import { describe, type Evaluator, type Value } from "./evaluate.js";
import type { At } from "./program.js";
import { ConcordatError } from "../../src/errors/concordat-error.js";

/** A protocol definition the analyzer cannot read statically, with where and why (code `unanalyzable_protocol`; reported as a finding). */
export class Unanalyzable extends ConcordatError<"unanalyzable_protocol"> {
  constructor(
    readonly at: At,
    readonly reason: string,
  ) {
    super("unanalyzable_protocol", reason);
    this.name = "Unanalyzable";
  }
}

/** A protocol graph plus analyzer-only facts (effect sinks a tool declares). */
export interface ExtractedProtocol {
  readonly id: string;
  readonly graph: ProtocolGraph;
  readonly at: At;
  /** tool → declared effect sinks (`sinks: ["payments.refund"]` in the tool spec). */
  readonly sinks: Readonly<Record<string, readonly string[]>>;
  /** Where parts of the definition are written, by path (`states.booked.on.issue_refund.ok`), for diagnostics. */
  readonly locs: Readonly<Record<string, At>>;
}

const BUDGET_KEYS = ["inputTokens", "outputTokens", "totalTokens", "toolCalls"] as const;

/** Reads a `defineProtocol({...})` value into the same ProtocolGraph the runtime builds. */
export function extractProtocol(ev: Evaluator, pv: Value, usedAt: At): ExtractedProtocol {
  if (pv.t !== "protocol") {
    if (pv.t === "unknown") throw new Unanalyzable(pv.at, pv.reason);
    throw new Unanalyzable(usedAt, `expected a protocol from defineProtocol({...}), found ${describe(pv)}`);
  }
  const cfg = pv.config;
  const at = pv.at;
  function fail(v: Value, reason: string): never {
    const why = v.t === "unknown" && !reason.includes(v.reason) ? ` (${v.reason})` : "";
    throw new Unanalyzable(v.t !== "absent" && "at" in v ? v.at : at, reason + why);
  }
  /** A property; an explicit `undefined` is the same as leaving it out (`{ ...spec, subjects: undefined }`). */
  const prop = (obj: Value, key: string): Value => {
    const v = ev.getProp(obj, key, "at" in obj ? obj.at : at);
    return v.t === "lit" && v.v === undefined ? { t: "absent" } : v;
  };
  const locs: Record<string, At> = {};
  /** `prop`, remembering where the value is written under `path`. */
  const propAt = (obj: Value, key: string, path: string): Value => {
    const v = prop(obj, key);
    if (v.t !== "absent" && "at" in v) locs[path] = v.at;
    return v;
  };
  const str = (v: Value, what: string): string => {
    if (v.t === "lit" && typeof v.v === "string") return v.v;
    return fail(v, `${what} must be a string literal, found ${describe(v)}`);
  };
  const num = (v: Value, what: string): number => {
    if (v.t === "lit" && typeof v.v === "number") return v.v;
    return fail(v, `${what} must be a number, found ${describe(v)}`);
  };
  const optBool = (v: Value, what: string): boolean | undefined => {
    if (v.t === "absent" || (v.t === "lit" && v.v === undefined)) return undefined;
    if (v.t === "lit" && typeof v.v === "boolean") return v.v;
    return fail(v, `${what} must be true or false, found ${describe(v)}`);
  };
  const strList = (v: Value, what: string): string[] => {
    const r = ev.items(v);
    if (!r.ok) return fail(r.why, `${what}: ${r.why.reason}`);
    return r.items.map((x, i) => str(x, `${what}[${i}]`));
  };
  const keysOf = (v: Value, what: string): string[] => {
    const r = ev.keys(v);
    if (!r.ok) return fail(r.why, `${what}: ${r.why.reason}`);
    return r.keys;
  };
  const budget = (v: Value, what: string): (BudgetLimits & { reserve?: BudgetLimits }) | undefined => {
    if (v.t === "absent") return undefined;
    const out: Record<string, unknown> = {};
    for (const k of BUDGET_KEYS) {
      const x = prop(v, k);
      if (x.t === "absent") continue;
      if (x.t === "lit" && typeof x.v === "number") out[k] = x.v;
      else fail(x, `${what}.${k} must be a number literal, found ${describe(x)}`);
    }
    const reserve = prop(v, "reserve");
    if (reserve.t !== "absent") out["reserve"] = budget(reserve, `${what}.reserve`);
    return out as BudgetLimits;
  };

  if (cfg.t === "unknown") throw new Unanalyzable(cfg.at, cfg.reason);
  const name = str(prop(cfg, "name"), "name");
  const initial = str(propAt(cfg, "initial", "initial"), `protocol "${name}": initial`);
  const terminal = strList(propAt(cfg, "terminal", "terminal"), `protocol "${name}": terminal`);
  const toolsV = prop(cfg, "tools");
  const tools: Record<string, GraphTool> = {};
  const sinks: Record<string, string[]> = {};
  for (const tn of keysOf(toolsV, `protocol "${name}": tools`)) {
    const t = propAt(toolsV, tn, `tools.${tn}`);
    const what = `protocol "${name}": tool "${tn}"`;
    const effect = str(prop(t, "effect"), `${what}: effect`);
    if (effect !== "read" && effect !== "write") fail(prop(t, "effect"), `${what}: effect must be "read" or "write", found "${effect}"`);
    const oV = prop(t, "outcomes");
    const outcomes = oV.t === "absent" ? ["ok"] : strList(oV, `${what}: outcomes`);
    const requiresConfirmation = optBool(prop(t, "requiresConfirmation"), `${what}: requiresConfirmation`);
    const inert = optBool(prop(t, "inert"), `${what}: inert`);
    const exit = optBool(prop(t, "exit"), `${what}: exit`);
    const rV = prop(t, "refines");
    const refines = rV.t === "absent" ? undefined : str(rV, `${what}: refines`);
    const sV = prop(t, "sinks");
    if (sV.t !== "absent") sinks[tn] = strList(sV, `${what}: sinks`);
    const subV = prop(t, "subjects");
    const subjects = subV.t === "absent" ? undefined : strList(subV, `${what}: subjects`);
    const ttlV = prop(t, "confirmationTtlMs");
    const confirmationTtlMs = ttlV.t === "absent" ? undefined : num(ttlV, `${what}: confirmationTtlMs`);
    const aV = prop(t, "assumeRefinement");
    const assumeRefinement = aV.t === "absent" ? undefined : str(aV, `${what}: assumeRefinement`);
    tools[tn] = {
      effect: effect as "read" | "write",
      outcomes,
      ...(requiresConfirmation ? { requiresConfirmation: true } : {}),
      ...(inert ? { inert: true } : {}),
      ...(refines ? { refines } : {}),
      ...(exit ? { exit: true } : {}),
      ...(subjects ? { subjects } : {}),
      ...(confirmationTtlMs !== undefined ? { confirmationTtlMs } : {}),
      ...(assumeRefinement ? { assumeRefinement } : {}),
      ...inputOf(ev, t, tn),
    };
  }
  const statesV = prop(cfg, "states");
  const states: Record<string, GraphState> = {};
  for (const sn of keysOf(statesV, `protocol "${name}": states`)) {
    const s = propAt(statesV, sn, `states.${sn}`);
    const what = `protocol "${name}": state "${sn}"`;
    const onV = prop(s, "on");
    const on: Record<string, Record<string, string>> = {};
    if (onV.t !== "absent") {
      for (const tn of keysOf(onV, `${what}: on`)) {
        const trV = propAt(onV, tn, `states.${sn}.on.${tn}`);
        if (trV.t === "lit" && trV.v === undefined) continue;
        const tr: Record<string, string> = {};
        for (const o of keysOf(trV, `${what}: on.${tn}`)) tr[o] = str(propAt(trV, o, `states.${sn}.on.${tn}.${o}`), `${what}: on.${tn}.${o}`);
        on[tn] = tr;
      }
    }
    const gV = prop(s, "guards");
    let guards: Record<string, string[]> | undefined;
    if (gV.t !== "absent") {
      guards = {};
      for (const tn of keysOf(gV, `${what}: guards`)) {
        const g = propAt(gV, tn, `states.${sn}.guards.${tn}`);
        if (g.t === "absent" || (g.t === "lit" && g.v === undefined)) continue;
        if (g.t !== "guard")
          fail(g, `${what}: guards.${tn} must be guard("name", ...) or allOf(...) with literal names${g.t === "unknown" ? ` (${g.reason})` : ""}`);
        guards[tn] = [...(g as Extract<Value, { t: "guard" }>).names];
      }
      if (Object.keys(guards).length === 0) guards = undefined;
    }
    const b = budget(prop(s, "budget"), `${what}: budget`);
    states[sn] = { on, ...(guards ? { guards } : {}), ...(b ? { budget: b } : {}) };
  }
  const pb = budget(prop(cfg, "budget"), `protocol "${name}": budget`);
  const graph: ProtocolGraph = { name, initial, terminal, tools, states, ...(pb ? { budget: pb } : {}) };
  return { id: pv.id, graph, at, sinks, locs };
}

/**
 * A tool's input schema as the refinement check compares it: rebuilt from the zod source when
 * its builder chain is static, else the reason it cannot be read (the check then reports
 * "cannot prove refinement" unless it is the parent's own expression).
 */
function inputOf(ev: Evaluator, tool: Value, name: string): Pick<GraphTool, "input" | "inputId" | "inputUnknown"> {
  const v = ev.getProp(tool, "input", "at" in tool ? tool.at : { file: "", loc: { line: 1, column: 1, endLine: 1, endColumn: 1 } });
  if (v.t === "absent") return {};
  if (v.t === "zod") {
    try {
      return { input: argumentSchema(v.schema), inputId: identityOf(v.schema as object) };
    } catch (e) {
      return { inputUnknown: e instanceof Error ? e.message : String(e) };
    }
  }
  const origin = ev.origin(tool, "input");
  const why =
    v.t === "unknown"
      ? `${v.reason} (${v.at.file.split("/").pop()}:${v.at.loc.line}:${v.at.loc.column})`
      : `input of tool "${name}" is ${describe(v)}, not a zod schema`;
  return { inputUnknown: why, ...(origin && !origin.shared ? { inputId: `src:${origin.at.file}:${origin.at.loc.line}:${origin.at.loc.column}` } : {}) };
}
