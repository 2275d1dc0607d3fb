import type { z } from "zod";
import { assertValidDefinition } from "./checked-definition.js";
import { Protocol } from "./protocol.js";
import type { ExtendedTools, ProtocolExtension } from "./extend-protocol.js";
import type { AnyProtocolConfig, AnyToolSpec, ProtocolConfig, ToolSpec, ToolsOf } from "./types.js";

/**
 * Defines a protocol. State and tool names are literal types, so naming an undeclared state
 * or tool is a compile error; at run time every problem is reported at once as a
 * `ProtocolDefinitionError` (for JavaScript callers and dynamic definitions).
 */
export function defineProtocol<const TO extends Record<string, string>, TI extends Record<string, z.ZodType>, const TState extends string, TContext = unknown>(
  config: ProtocolConfig<TO, TI, TState, TContext>,
): Protocol<ToolsOf<TO, TI>, TState, TContext> {
  assertValidDefinition(config);
  return new Protocol<ToolsOf<TO, TI>, TState, TContext>(config as unknown as AnyProtocolConfig);
}

/** Declares one tool with its outcome labels and argument type checked against each other. */
export function defineTool<const TOutcome extends string = "ok", TInput extends z.ZodType = z.ZodType>(
  spec: ToolSpec<TOutcome, TInput> & { readonly outcomes?: readonly TOutcome[] },
): ToolSpec<TOutcome, TInput> & { readonly outcomes: readonly TOutcome[] } {
  return { ...spec, outcomes: spec.outcomes ?? (["ok"] as unknown as readonly TOutcome[]) };
}

/**
 * Derives a protocol from a parent: the parent's definition with the given changes, validated
 * like any other (`ProtocolDefinitionError`). This is how a subclass protocol is written; the
 * class decorator then checks that it refines the parent's. Same as `parent.extend(changes)`.
 *
 * @example
 * const strictRefund = extendProtocol(refundProtocol, {
 *   name: "strict-refund",
 *   states: { booked: { on: { request_confirmation: { sent: "awaiting" } } } },
 *   budget: { toolCalls: 20 },
 * });
 * @param parent The protocol to derive from.
 * @param changes The derived protocol's name and what differs from the parent.
 * @throws TypeError when `changes` is not an object with a name or names an unknown option.
 * @throws ProtocolDefinitionError when the derived definition is not a valid protocol.
 * @see Protocol.extend
 */
export function extendProtocol<
  TTools extends Record<string, AnyToolSpec>,
  TState extends string,
  TContext,
  const TO extends Record<string, string> = {},
  TI extends Record<string, z.ZodType> = {},
  const TNewState extends string = never,
>(
  parent: Protocol<TTools, TState, TContext>,
  changes: ProtocolExtension<TTools, TState, TContext, TO, TI, TNewState>,
): Protocol<ExtendedTools<TTools, TO, TI>, TState | TNewState, TContext> {
  return parent.extend(changes);
}
