import type { z } from "zod";
import { assertValidDefinition } from "./checked-definition.js";
import { Protocol } from "./protocol.js";
import type { AnyProtocolConfig, ProtocolConfig, ToolSpec, ToolsOf } from "./types.js";

/**
 * Defines a protocol. State and tool names are literal types, so naming an undeclared state
 * or tool is a compile error; at run time every problem is reported at once as a
 * `ProtocolDefinitionError` (for JavaScript callers and dynamic definitions).
 */
export function defineProtocol<
  const TO extends Record<string, string>,
  TI extends Record<string, z.ZodType>,
  const TState extends string,
  TContext = unknown,
>(config: ProtocolConfig<TO, TI, TState, TContext>): Protocol<ToolsOf<TO, TI>, TState, TContext> {
  assertValidDefinition(config);
  return new Protocol<ToolsOf<TO, TI>, TState, TContext>(config as unknown as AnyProtocolConfig);
}

/** Declares one tool with its outcome labels and argument type checked against each other. */
export function defineTool<const TOutcome extends string = "ok", TInput extends z.ZodType = z.ZodType>(spec: ToolSpec<TOutcome, TInput> & { readonly outcomes?: readonly TOutcome[] }): ToolSpec<TOutcome, TInput> & { readonly outcomes: readonly TOutcome[] } {
  return { ...spec, outcomes: spec.outcomes ?? (["ok"] as unknown as readonly TOutcome[]) };
}
