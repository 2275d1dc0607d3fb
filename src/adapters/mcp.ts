/**
 * `concordat/mcp`: guard an MCP server (`@modelcontextprotocol/sdk`) with a Concordat protocol.
 *
 * The server itself is the persistence layer's guard (`src/server/mcp-guard.ts`), re-exported
 * here: `tools/list` shows only the tools the stored session allows now, `tools/call` is
 * validated against the stored session (grant claimed, intent recorded) before the handler
 * runs, and a refusal is a tool error (`isError: true`) whose text is the violation's
 * `toModelMessage()`. This module adds the host side of the structured confirmation: register
 * the action the model described, and record the user's yes or no, on the stored session.
 *
 * `@modelcontextprotocol/sdk` is an optional peer dependency: only this module (and the
 * server guard) import it.
 */
import type { RequestManyOptions, RequestOptions } from "../confirmation/confirmation-policy.js";
import type { Protocol, ToolArgs, ToolNameOf } from "../protocol/protocol.js";
import type { GuardedExecutor } from "../store/guarded-executor.js";
import type { PendingActionRef } from "./confirmation-access.js";
import { confirmationApi } from "./confirmation-access.js";
import { ProtocolViolation, type AnyProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationCode } from "../violation/violation-codes.js";
import type { ViolationData } from "../violation/violation-data.js";
import { MCP_VIOLATION_META } from "../server/mcp-guard.js";

export {
  createMcpGuardServer,
  McpGuardServer,
  MCP_CALL_ID_META,
  MCP_TRANSITION_META,
  MCP_VIOLATION_META,
  type McpGuardOptions,
  type McpToolImplementation,
  type McpToolSource,
} from "../server/mcp-guard.js";
export { AdapterSetupError, type AdapterSetupProblem } from "./adapter-setup-error.js";
export type { ToolErrorInfo, ToolErrorOptions } from "./tool-errors.js";

/** A call of protocol P's tool K, with arguments typed by its schema. */
export type McpToolCall<P extends Protocol<any, any, any>, K extends ToolNameOf<P> = ToolNameOf<P>> = {
  [N in K]: { readonly id?: string; readonly name: N; readonly arguments: ToolArgs<P, N> };
}[K];

/**
 * Registers, on the stored session, an action that waits for the user's consent (e.g. the
 * refused call the model then described to the user). Returns the pending action whose id the
 * UI confirms with `confirmMcpAction`. A new identical action after a used grant is simply
 * requested again. Several actions asked in one message: `requestMcpConfirmations`, or
 * `{ together: true }` (otherwise a request for a tool that is already waiting replaces it).
 *
 * @example
 * const action = await requestMcpConfirmation(executor, sessionId, { name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
 * @throws ProtocolViolation when the arguments do not fit the tool's schema, or the tool needs no confirmation.
 */
export async function requestMcpConfirmation<P extends Protocol<any, any, any>, K extends ToolNameOf<P>>(
  executor: GuardedExecutor<P>,
  sessionId: string,
  call: McpToolCall<P, K>,
  options?: RequestOptions,
): Promise<PendingActionRef> {
  const { value } = await executor.update(sessionId, (session) => session.requestConfirmation(call, options));
  return value;
}

/** Registers several actions asked about in one message (one request round): each can then be confirmed or denied, in any order. */
export async function requestMcpConfirmations<P extends Protocol<any, any, any>>(
  executor: GuardedExecutor<P>,
  sessionId: string,
  calls: readonly McpToolCall<P>[],
  options?: RequestManyOptions,
): Promise<PendingActionRef[]> {
  const { value } = await executor.update(sessionId, (session) => session.requestConfirmations(calls, options));
  return value;
}

/** The user confirmed the pending action (structured path): its single-use grant is stored with the session. */
export async function confirmMcpAction<P extends Protocol<any, any, any>>(executor: GuardedExecutor<P>, sessionId: string, actionId: string): Promise<void> {
  await executor.update(sessionId, (session) => void confirmationApi(session).confirm(actionId));
}

/** The user refused the pending action. */
export async function denyMcpAction<P extends Protocol<any, any, any>>(executor: GuardedExecutor<P>, sessionId: string, actionId: string): Promise<void> {
  await executor.update(sessionId, (session) => void confirmationApi(session).deny(actionId));
}

/**
 * The violation a refused `tools/call` result carries under `_meta["concordat/violation"]`
 * (as plain JSON), or undefined for a result that was not a Concordat refusal.
 */
export function violationOfMcpResult(result: {
  readonly isError?: boolean;
  readonly _meta?: Readonly<Record<string, unknown>>;
}): AnyProtocolViolation | undefined {
  const v = result._meta?.[MCP_VIOLATION_META];
  if (result.isError !== true || typeof v !== "object" || v === null) return undefined;
  const j = v as Record<string, unknown>;
  if (typeof j["code"] !== "string" || typeof j["message"] !== "string") return undefined;
  // the guard wrote this JSON from a ProtocolViolation: its code's facts are in data
  return new ProtocolViolation({
    code: j["code"] as ViolationCode,
    message: j["message"],
    ...(typeof j["protocol"] === "string" ? { protocol: j["protocol"] } : {}),
    ...(typeof j["state"] === "string" ? { state: j["state"] } : {}),
    ...(typeof j["sessionId"] === "string" ? { sessionId: j["sessionId"] } : {}),
    ...(typeof j["tool"] === "string" ? { tool: j["tool"] } : {}),
    arguments: j["arguments"],
    allowedTools: Array.isArray(j["allowedTools"]) ? (j["allowedTools"] as string[]) : [],
    data: typeof j["data"] === "object" && j["data"] !== null ? (j["data"] as ViolationData[ViolationCode]) : {},
    ...(typeof j["hint"] === "string" ? { hint: j["hint"] } : {}),
  }) as AnyProtocolViolation;
}
