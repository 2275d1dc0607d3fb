/**
 * `concordat/ai-sdk`: enforce a Concordat protocol inside the Vercel AI SDK (`ai` v7).
 *
 * - the model sees only the tools the session's state allows (`prepareStep` → `activeTools`);
 * - every call is validated by the session before its `execute` runs; a refused call reaches
 *   the model as a tool error whose text is `violation.toModelMessage()`;
 * - a call to a tool the step did not offer (or with unparsable input) is answered the same
 *   way through `repairToolCall`;
 * - a `requiresConfirmation` write without a grant becomes an AI SDK approval request bound
 *   to a Concordat pending action: `approve()` confirms that action (a grant for the exact
 *   arguments) and answers the SDK; an SDK approval without a grant still cannot run.
 *
 * `ai` is an optional peer dependency: only this module imports it.
 */
import {
  jsonSchema,
  tool as aiTool,
  type GenericToolApprovalFunction,
  type PrepareStepFunction,
  type Tool,
  type ToolApprovalResponse,
  type ToolCallRepairFunction,
  type ToolExecutionOptions,
  type ToolSet,
} from "ai";
import type { Protocol, ToolArgs, ToolNameOf } from "../protocol/protocol.js";
import type { ToolCall } from "../protocol/types.js";
import type { Session } from "../runtime/session.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { confirmationApi, type PendingActionRef } from "./confirmation-access.js";
import { parseArguments } from "./parse-arguments.js";
import { ToolCallRejectedError } from "./tool-call-rejected-error.js";

/** A plain implementation: receives the arguments after the protocol's schema parsed them. */
export type AiSdkToolImplementation<TArgs = any> = (args: TArgs, options: ToolExecutionOptions<any>) => unknown;

/** Per protocol tool: an existing AI SDK tool (its `execute` gets wrapped) or a plain function. */
export type AiSdkToolSource<P extends Protocol<any, any, any>> = {
  readonly [K in ToolNameOf<P>]?: Tool<any, any, any> | AiSdkToolImplementation<ToolArgs<P, K>>;
};

export interface AiSdkGuardOptions<P extends Protocol<any, any, any>> {
  /** The implementation of each tool the agent may run. Tools without one are never offered. */
  readonly tools: AiSdkToolSource<P>;
}

/** An SDK approval request as this adapter reads it: a `result.content` part, or an entry of `pendingApprovals()`. */
export type AiSdkApprovalRequestRef =
  | { readonly approvalId: string; readonly toolCall: { readonly toolCallId: string } }
  | { readonly approvalId: string; readonly toolCallId: string };

/** An approval request the application must show to the user, with the Concordat pending action behind it. */
export interface AiSdkPendingApproval {
  readonly approvalId: string;
  readonly toolCallId: string;
  readonly action: PendingActionRef;
}

/** The settings to spread into `generateText` / `streamText` / `ToolLoopAgent`. */
export interface AiSdkGuardSettings {
  readonly tools: ToolSet;
  readonly prepareStep: PrepareStepFunction<ToolSet>;
  readonly toolApproval: GenericToolApprovalFunction<ToolSet, any, any>;
  readonly repairToolCall: ToolCallRepairFunction<ToolSet>;
}

export interface AiSdkGuard<P extends Protocol<any, any, any>> extends AiSdkGuardSettings {
  readonly session: Session<P>;
  /** Everything to spread into `generateText({ model, ...guard.settings, … })`. */
  readonly settings: AiSdkGuardSettings;
  /** The tools offered in the session's current state (those with an implementation). */
  activeTools(): string[];
  /** The approval requests in a result's content that wait for the user, each with its pending action. */
  pendingApprovals(content: readonly unknown[]): AiSdkPendingApproval[];
  /**
   * The user approved: confirms the pending action (a Concordat grant for the exact arguments)
   * and returns the SDK response to append as `{ role: "tool", content: [response] }`.
   */
  approve(request: AiSdkApprovalRequestRef, reason?: string): Promise<ToolApprovalResponse>;
  /** The user declined: denies the pending action and returns the SDK response. */
  deny(request: AiSdkApprovalRequestRef, reason?: string): Promise<ToolApprovalResponse>;
}

/**
 * Wraps a session's tools for the AI SDK. Spread `guard.settings` into `generateText`:
 *
 * ```ts
 * const guard = guardAiSdk(session, { tools: { lookup_booking: async ({ bookingId }) => db.find(bookingId) } });
 * const result = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(8), messages });
 * ```
 */
export function guardAiSdk<P extends Protocol<any, any, any>>(session: Session<P>, options: AiSdkGuardOptions<P>): AiSdkGuard<P> {
  const protocol = session.protocol as Protocol;
  const sources = options.tools as Readonly<Record<string, Tool<any, any, any> | AiSdkToolImplementation | undefined>>;
  const unknown = Object.keys(sources).filter((name) => !protocol.toolNames.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `guardAiSdk: ${unknown.map((n) => JSON.stringify(n)).join(", ")} ${unknown.length === 1 ? "is" : "are"} not a tool of protocol "${protocol.name}" (tools: ${protocol.toolNames.join(", ")}). Fix: rename the implementation or add the tool to the protocol.`,
    );
  }

  const tools: Record<string, Tool<any, any, any>> = {};
  for (const [name, source] of Object.entries(sources)) {
    if (source === undefined) continue;
    tools[name] = wrapTool(session, name, source);
  }

  /** toolCallId → the pending action created when the SDK asked for approval. */
  const pendingByCall = new Map<string, PendingActionRef>();

  const activeTools = (): string[] => session.allowedTools().filter((t) => t in tools);

  const prepareStep: PrepareStepFunction<ToolSet> = () => ({ activeTools: activeTools() });

  const toolApproval: GenericToolApprovalFunction<ToolSet, any, any> = async ({ toolCall }) => {
    const spec = protocol.tools[toolCall.toolName];
    if (!spec?.requiresConfirmation || !(toolCall.toolName in tools)) return undefined;
    const call: ToolCall = { id: toolCall.toolCallId, name: toolCall.toolName, arguments: toolCall.input };
    const checked = session.check(call);
    // a grant for these exact arguments exists: `execute` consumes it atomically with the call
    if (checked.ok) return undefined;
    const v = checked.violation;
    if (v.code === "confirmation_missing") {
      const action = pendingByCall.get(toolCall.toolCallId) ?? (await confirmationApi(session).requestConfirmation(call));
      // prior consent may have granted it already: then `execute` consumes that grant
      if (action.status === "confirmed") return undefined;
      pendingByCall.set(toolCall.toolCallId, action);
      return { type: "user-approval", reason: describeAction(action) };
    }
    // refused for another reason (wrong state, changed arguments, expired grant…): never ask the user
    return { type: "denied", reason: v.toModelMessage() };
  };

  const repairToolCall: ToolCallRepairFunction<ToolSet> = async ({ toolCall }) => {
    if (!protocol.toolNames.includes(toolCall.toolName)) return null;
    const checked = session.check({ id: toolCall.toolCallId, name: toolCall.toolName, arguments: parseArguments(toolCall.input) });
    // the SDK reports the repair failure to the model as a tool error carrying this message
    if (!checked.ok) throw new ToolCallRejectedError(checked.violation);
    return null;
  };

  const callIdOf = (request: AiSdkApprovalRequestRef): string => ("toolCallId" in request ? request.toolCallId : request.toolCall.toolCallId);
  const lookup = async (request: AiSdkApprovalRequestRef): Promise<PendingActionRef> => {
    const callId = callIdOf(request);
    const known = pendingByCall.get(callId);
    if (known) return known;
    // e.g. another process asked: the request part names the exact call, so ask for exactly that
    const tc = "toolCall" in request ? (request.toolCall as { toolName?: unknown; input?: unknown }) : undefined;
    if (tc && typeof tc.toolName === "string" && protocol.tools[tc.toolName]?.requiresConfirmation) {
      const action = await confirmationApi(session).requestConfirmation({ id: callId, name: tc.toolName, arguments: tc.input });
      pendingByCall.set(callId, action);
      return action;
    }
    throw new Error(
      `guardAiSdk: approval ${request.approvalId} (tool call ${callId}) was not requested by this guard for session ${session.id}, and names no tool that requires confirmation. Fix: pass the tool-approval-request part from the result of a generateText call that used this guard's settings.`,
    );
  };

  const settings: AiSdkGuardSettings = { tools, prepareStep, toolApproval, repairToolCall };
  return {
    session,
    settings,
    ...settings,
    activeTools,
    pendingApprovals(content) {
      const out: AiSdkPendingApproval[] = [];
      for (const part of content) {
        if (!isApprovalRequestPart(part)) continue;
        const action = pendingByCall.get(part.toolCall.toolCallId);
        if (action) out.push({ approvalId: part.approvalId, toolCallId: part.toolCall.toolCallId, action });
      }
      return out;
    },
    async approve(request, reason) {
      const action = await lookup(request);
      await confirmationApi(session).confirm(action.id);
      pendingByCall.delete(callIdOf(request));
      return { type: "tool-approval-response", approvalId: request.approvalId, approved: true, reason: reason ?? `Confirmed by the user (Concordat action ${action.id}).` };
    },
    async deny(request, reason) {
      const action = await lookup(request);
      await confirmationApi(session).deny(action.id);
      pendingByCall.delete(callIdOf(request));
      return { type: "tool-approval-response", approvalId: request.approvalId, approved: false, reason: reason ?? `The user declined ${action.tool}. Do not retry it unless the user asks again.` };
    },
  };
}

function wrapTool(session: Session<any>, name: string, source: Tool<any, any, any> | AiSdkToolImplementation): Tool<any, any, any> {
  const protocol = session.protocol as Protocol;
  const run = async (impl: (args: unknown) => unknown, input: unknown, options: ToolExecutionOptions<any>) => {
    try {
      return await session.execute({ id: options.toolCallId, name, arguments: input }, (args) => impl(args));
    } catch (e) {
      if (e instanceof ProtocolViolation) throw new ToolCallRejectedError(e);
      throw e;
    }
  };
  if (typeof source === "function") {
    const def = protocol.toolDefinition(name);
    return aiTool({
      description: def.description,
      // the session validates with the protocol's zod schema, so refusals carry Concordat's message
      inputSchema: jsonSchema<any>(structuredClone(def.parameters) as Parameters<typeof jsonSchema>[0]),
      execute: (input: unknown, options: ToolExecutionOptions<any>) => run((args) => source(args, options), input, options),
    });
  }
  const execute = source.execute;
  if (typeof execute !== "function") {
    throw new Error(`guardAiSdk: the AI SDK tool given for "${name}" has no execute function. Fix: pass a tool with execute, or a plain function (args) => result.`);
  }
  return { ...source, execute: (input: unknown, options: ToolExecutionOptions<any>) => run((args) => execute.call(source, args, options), input, options) } as Tool<any, any, any>;
}

function describeAction(action: PendingActionRef): string {
  return `${action.tool} ${JSON.stringify(action.arguments)} needs the user's confirmation (Concordat action ${action.id}).`;
}

function isApprovalRequestPart(x: unknown): x is { type: "tool-approval-request"; approvalId: string; toolCall: { toolCallId: string }; isAutomatic?: boolean } {
  if (typeof x !== "object" || x === null) return false;
  const p = x as Record<string, unknown>;
  return p["type"] === "tool-approval-request" && p["isAutomatic"] !== true && typeof p["approvalId"] === "string" && typeof p["toolCall"] === "object" && p["toolCall"] !== null;
}

export { ToolCallRejectedError };
