import type { BudgetLimits, GraphTool } from "../protocol/types.js";

/**
 * The plain-JSON subset of an XState v5 machine config that a protocol maps to: one level of
 * atomic states, `type: "final"` for terminal states, and one transition per event. Written
 * without importing `xstate` (it is not a dependency); the object is what `createMachine`
 * accepts.
 *
 * @see https://stately.ai/docs/machines
 */
export interface XStateMachineConfig {
  readonly id: string;
  readonly initial: string;
  readonly description?: string;
  readonly meta?: { readonly concordat?: XStateProtocolMeta } & Record<string, unknown>;
  readonly states: Readonly<Record<string, XStateStateConfig>>;
}

/** One state of an exported protocol. */
export interface XStateStateConfig {
  readonly type?: "final";
  readonly description?: string;
  readonly on?: Readonly<Record<string, XStateTransitionConfig>>;
  readonly meta?: { readonly concordat?: { readonly budget?: BudgetLimits } } & Record<string, unknown>;
}

/** One transition: the event is a tool with one of its outcomes. */
export interface XStateTransitionConfig {
  readonly target: string;
  /** One guard conjunct by name, or several as `{ type: "allOf", params: { guards } }`. */
  readonly guard?: string | { readonly type: string; readonly params?: { readonly guards: readonly string[] } };
  readonly description?: string;
  readonly meta?: { readonly concordat?: XStateTransitionMeta } & Record<string, unknown>;
}

/** What a transition stands for in the protocol (kept so the reverse mapping is exact). */
export interface XStateTransitionMeta {
  readonly tool: string;
  readonly outcome: string;
}

/** Protocol facts XState has no field for: the tools' effects and outcomes, and the run budget. */
export interface XStateProtocolMeta {
  /** Version of this layout (bumped when it changes incompatibly). */
  readonly version: 1;
  readonly tools: Readonly<Record<string, GraphTool>>;
  readonly budget?: BudgetLimits & { readonly reserve?: BudgetLimits };
}

/** Layout version written into `meta.concordat.version`. @internal */
export const XSTATE_META_VERSION = 1;

/** Event types XState keeps for itself (`xstate.init`, `xstate.stop`, ...). @internal */
export const RESERVED_EVENT_PREFIX = "xstate.";

/** Type name of a guard made of several conjuncts (all must hold). @internal */
export const ALL_OF_GUARD = "allOf";

/**
 * The XState event type for a tool's outcome: the tool's name when `ok` is its only outcome,
 * else `tool[outcome]` (the label traces and refinement counterexamples use).
 * @internal
 */
export function xstateEventType(tool: string, outcome: string, outcomes: readonly string[]): string {
  return outcomes.length === 1 && outcomes[0] === "ok" && outcome === "ok" ? tool : `${tool}[${outcome}]`;
}

/**
 * A state name as an XState target: XState splits a target on `.` into a path, so `.` and the
 * escape character are backslash-escaped. (Keys starting with `#` are read as state ids by
 * XState's interpreter wherever they appear, so `toXState` refuses those names.)
 * @internal
 */
export function xstateTarget(state: string): string {
  return state.replace(/[\\.]/g, (c) => `\\${c}`);
}

/** The state name an XState target written by `xstateTarget` (or by hand) stands for. @internal */
export function stateOfXStateTarget(target: string): string {
  return target.replace(/\\(.)/g, "$1");
}
