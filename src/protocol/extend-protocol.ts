import type { z } from "zod";
import { assertValidDefinition } from "./checked-definition.js";
import type { AnyProtocolConfig, BudgetLimits, OutcomeMapOf, StateSpec, ToolsOf } from "./types.js";

/** The tools of a derived protocol: the parent's, with the changed ones replaced and new ones added. */
export type ExtendedTools<TTools, TO extends Record<string, string>, TI extends Record<string, z.ZodType>> = Omit<TTools, keyof TO & keyof TI> &
  ToolsOf<TO, TI>;

/**
 * What a derived protocol changes (everything else is the parent's). `states` replaces whole
 * states by name (a state's `on`, `guards` and `budget` together) and adds new ones; `null`
 * removes a parent state. `tools` replaces tools by name and adds new ones.
 */
export interface ProtocolExtension<
  TTools,
  TState extends string,
  TContext,
  TO extends Record<string, string>,
  TI extends Record<string, z.ZodType>,
  TNewState extends string,
> {
  /** The derived protocol's own name (required: messages and traces name it). */
  readonly name: string;
  readonly description?: string;
  readonly initial?: NoInfer<TState | TNewState>;
  readonly terminal?: readonly NoInfer<TState | TNewState>[];
  readonly tools?: ToolsOf<TO, TI>;
  readonly states?: { readonly [S in TNewState]: StateSpec<NoInfer<OutcomeMapOf<ExtendedTools<TTools, TO, TI>>>, NoInfer<TState | TNewState>> | null };
  readonly budget?: BudgetLimits & { readonly reserve?: BudgetLimits };
  readonly context?: z.ZodType<TContext>;
  readonly initialContext?: TContext;
}

const KEYS = new Set(["name", "description", "initial", "terminal", "tools", "states", "budget", "context", "initialContext"]);

/**
 * The definition `parent.extend(changes)` builds: the parent's, with the changes applied, checked
 * (`ProtocolDefinitionError`). Kept out of `Protocol` so that `Protocol` does not import
 * `defineProtocol` (which imports `Protocol`).
 *
 * @throws TypeError when `changes` is not an object with a name or names an unknown option.
 * @throws ProtocolDefinitionError when the derived definition is not a valid protocol.
 * @internal
 */
export function extendedDefinition(
  parent: { readonly name: string; readonly config: AnyProtocolConfig },
  changes: ProtocolExtension<any, any, any, any, any, any>,
): AnyProtocolConfig {
  if (typeof changes !== "object" || changes === null || Array.isArray(changes)) {
    throw new TypeError(
      `extend(changes) on protocol "${parent.name}": changes must be an object such as { name: "${parent.name}-strict", states: {...} }, got ${changes === null ? "null" : typeof changes}.`,
    );
  }
  if (typeof changes.name !== "string" || changes.name.trim() === "") {
    throw new TypeError(
      `extend(changes) on protocol "${parent.name}": the derived protocol needs its own name, got ${JSON.stringify(changes.name) ?? "undefined"}. Fix: e.g. { name: "${parent.name}-strict", ... }.`,
    );
  }
  const unknown = Object.keys(changes).filter((k) => !KEYS.has(k));
  if (unknown.length > 0)
    throw new TypeError(
      `extend(changes) on protocol "${parent.name}": unknown option${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => `"${k}"`).join(", ")}. Known: ${[...KEYS].join(", ")}.`,
    );
  const base = parent.config as unknown as Record<string, unknown> & { tools: Record<string, unknown>; states: Record<string, unknown> };
  const states: Record<string, unknown> = { ...base.states };
  for (const [name, spec] of Object.entries(changes.states ?? {})) {
    if (spec === null) delete states[name];
    else states[name] = spec;
  }
  const config: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(changes)) if (v !== undefined && k !== "tools" && k !== "states") config[k] = v;
  config["tools"] = { ...base.tools, ...(changes.tools ?? {}) };
  config["states"] = states;
  assertValidDefinition(config);
  return config as unknown as AnyProtocolConfig;
}
