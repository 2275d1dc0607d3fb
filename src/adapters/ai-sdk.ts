/**
 * `concordat/ai-sdk`: enforce a Concordat protocol inside the Vercel AI SDK (`ai` v7).
 *
 * - the model sees only the tools the session's state allows (`prepareStep` → `activeTools`);
 * - every call is validated by the session before its `execute` runs; a refused call reaches
 *   the model as a tool error whose text is `violation.toModelMessage()`;
 * - a call to a tool the step did not offer (or with unparsable input) is answered the same
 *   way through `repairToolCall`;
 * - a `requiresConfirmation` write without a grant becomes an AI SDK approval request bound
 *   to a Concordat pending action for that very tool call: `approve()` confirms it (a grant
 *   that authorizes that call only) and answers the SDK; an SDK approval alone never runs it;
 * - a tool with a protocol tool's name that did not come from this guard (a raw tool spread
 *   next to `guard.settings.tools`) is refused with an `AdapterSetupError` before it can run;
 * - an error thrown by your tool code reaches the model redacted (the full error goes to
 *   `onToolError`), unless `toolErrors: "expose"`.
 *
 * `ai` is an optional peer dependency: only this module imports it.
 */
import {
  jsonSchema,
  tool as aiTool,
  type GenericToolApprovalFunction,
  type PrepareStepFunction,
  type PrepareStepResult,
  type Tool,
  type ToolApprovalResponse,
  type ToolApprovalStatus,
  type ToolCallRepairFunction,
  type ToolExecutionOptions,
  type ToolSet,
} from "ai";
import type { Protocol, ToolArgs, ToolNameOf } from "../protocol/protocol.js";
import type { Session } from "../runtime/session.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { AdapterSetupError, assertProtocolTools } from "./adapter-setup-error.js";
import { actionForCall, approveCall, decideApproval, denyCall, pendingActionFor, type ApprovalCall } from "./approval-gate.js";
import type { PendingActionRef } from "./confirmation-access.js";
import { parseArguments } from "./parse-arguments.js";
import { ToolCallRejectedError } from "./tool-call-rejected-error.js";
import { toolErrorReporter, ToolExecutionError, type ToolErrorOptions } from "./tool-errors.js";

/** A plain implementation: receives the arguments after the protocol's schema parsed them. */
export type AiSdkToolImplementation<TArgs = any> = (args: TArgs, options: ToolExecutionOptions<any>) => unknown;

/** Per protocol tool: an existing AI SDK tool (its `execute` gets wrapped) or a plain function. */
export type AiSdkToolSource<P extends Protocol<any, any, any>> = {
  readonly [K in ToolNameOf<P>]?: Tool<any, any, any> | AiSdkToolImplementation<ToolArgs<P, K>>;
};

type OutputOf<S> = S extends Tool<any, infer O, any> ? O : S extends (...args: any[]) => infer R ? Awaited<R> : unknown;

/** The guarded tool set: one AI SDK tool per implemented protocol tool, typed by the protocol's argument schema. */
export type AiSdkGuardedTools<P extends Protocol<any, any, any>, S> = {
  [K in keyof S & ToolNameOf<P> as S[K] extends undefined ? never : K]: Tool<ToolArgs<P, K>, OutputOf<S[K]>>;
};

export interface AiSdkGuardOptions<P extends Protocol<any, any, any>, S extends AiSdkToolSource<P> = AiSdkToolSource<P>> extends ToolErrorOptions {
  /** The implementation of each tool the agent may run. Tools without one are never offered. */
  readonly tools: S;
}

/** An SDK approval request as this adapter reads it: a `result.content` part, or an entry of `pendingApprovals()`. */
export type AiSdkApprovalRequestRef =
  | { readonly approvalId: string; readonly toolCall: { readonly toolCallId: string; readonly toolName?: string; readonly input?: unknown } }
  | { readonly approvalId: string; readonly toolCallId: string };

/** An approval request the application must show to the user, with the Concordat pending action behind it. */
export interface AiSdkPendingApproval<TName extends string = string> {
  readonly approvalId: string;
  readonly toolCallId: string;
  readonly toolName: TName;
  /** The pending action: the exact tool and arguments the user is asked about. */
  readonly action: PendingActionRef;
}

/**
 * The guard's `toolApproval`, `prepareStep` and `repairToolCall` are generic in the tool set,
 * so they fit whatever tool set you pass (yours may add tools next to the guarded ones) without
 * widening its type: the result's tool names stay typed.
 */
export type AiSdkGuardToolApproval = <TOOLS extends ToolSet>(
  options: Parameters<GenericToolApprovalFunction<TOOLS, any, any>>[0],
) => Promise<ToolApprovalStatus>;
/** @see AiSdkGuardToolApproval */
export type AiSdkGuardPrepareStep = <TOOLS extends ToolSet>(options: Parameters<PrepareStepFunction<TOOLS>>[0]) => PrepareStepResult<TOOLS>;
/** @see AiSdkGuardToolApproval */
export type AiSdkGuardRepairToolCall = <TOOLS extends ToolSet>(
  options: Parameters<ToolCallRepairFunction<TOOLS>>[0],
) => ReturnType<ToolCallRepairFunction<TOOLS>>;

/** The settings to spread into `generateText` / `streamText` / `ToolLoopAgent`. */
export interface AiSdkGuardSettings<TOOLS extends ToolSet = ToolSet> {
  readonly tools: TOOLS;
  readonly prepareStep: AiSdkGuardPrepareStep;
  readonly toolApproval: AiSdkGuardToolApproval;
  readonly repairToolCall: AiSdkGuardRepairToolCall;
}

export interface AiSdkGuard<P extends Protocol<any, any, any>, TOOLS extends ToolSet = ToolSet> extends AiSdkGuardSettings<TOOLS> {
  readonly session: Session<P>;
  /** Everything to spread into `generateText({ model, ...guard.settings, … })`. */
  readonly settings: AiSdkGuardSettings<TOOLS>;
  /** The tools offered in the session's current state (those with an implementation). */
  activeTools(): (keyof TOOLS & string)[];
  /**
   * The approval requests in a result's content that wait for the user, each with its pending
   * action (asked now when this process did not ask, e.g. after a restart).
   */
  pendingApprovals(content: readonly unknown[]): AiSdkPendingApproval<keyof TOOLS & string>[];
  /**
   * The user approved: confirms the pending action of that tool call (a grant for its exact
   * arguments that only this call can use) and returns the SDK response to append as
   * `{ role: "tool", content: [response] }`. Any order, any number of approvals of one step.
   * @throws ProtocolViolation when the call's arguments do not fit the tool's schema.
   * @throws Error when the reference names a call this guard's session knows nothing about and carries no tool call.
   */
  approve(request: AiSdkApprovalRequestRef, reason?: string): Promise<ToolApprovalResponse>;
  /** The user declined: denies the pending action (the same call is then refused) and returns the SDK response. */
  deny(request: AiSdkApprovalRequestRef, reason?: string): Promise<ToolApprovalResponse>;
}

/**
 * Wraps a session's tools for the AI SDK. Spread `guard.settings` into `generateText`,
 * `streamText` or `new ToolLoopAgent(...)`.
 *
 * @example
 * ```ts
 * const guard = guardAiSdk(session, {
 *   tools: { lookup_booking: async ({ bookingId }) => db.find(bookingId), issue_refund: async (a) => payments.refund(a) },
 * });
 * const result = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(8), messages });
 * for (const p of guard.pendingApprovals(result.content)) messages.push({ role: "tool", content: [await guard.approve(p)] });
 * ```
 * @param session The conversation's session; its protocol names the tools.
 * @param options The implementation of each tool (a function or an AI SDK tool), and how tool errors reach the model.
 * @throws AdapterSetupError (`unknown_tool`) for an implementation of a tool the protocol does not have, and
 *   (`foreign_tool`, from `generateText`/`streamText`, before the tool runs) when the tool set holds a tool with a
 *   protocol tool's name that this guard did not make.
 */
export function guardAiSdk<P extends Protocol<any, any, any>, const S extends AiSdkToolSource<P>>(
  session: Session<P>,
  options: AiSdkGuardOptions<P, S>,
): AiSdkGuard<P, AiSdkGuardedTools<P, S>> {
  type TOOLS = AiSdkGuardedTools<P, S>;
  const protocol = session.protocol as Protocol;
  const sources = options.tools as Readonly<Record<string, Tool<any, any, any> | AiSdkToolImplementation | undefined>>;
  assertProtocolTools("guardAiSdk", protocol, Object.keys(sources));
  const toolError = toolErrorReporter(options);

  const tools: Record<string, Tool<any, any, any>> = {};
  for (const [name, source] of Object.entries(sources)) {
    if (source === undefined) continue;
    tools[name] = wrapTool(session, name, source, toolError);
  }

  const activeTools = (): (keyof TOOLS & string)[] => session.allowedTools().filter((t) => t in tools) as (keyof TOOLS & string)[];
  const prepareStep: AiSdkGuardPrepareStep = () => ({ activeTools: activeTools() as never });

  /** A tool with a protocol tool's name that is not this guard's would run around the session. */
  const assertOwnTool = (given: unknown, name: string): void => {
    if (!protocol.toolNames.includes(name)) return;
    const actual = typeof given === "object" && given !== null ? ((given as Record<string, unknown>)[name] as { execute?: unknown } | undefined) : undefined;
    // a copy of the guarded tool (e.g. with another description) still executes through the guard
    if (actual === undefined || actual === tools[name] || (tools[name] !== undefined && actual?.execute === tools[name]!.execute)) return;
    throw new AdapterSetupError(
      "foreign_tool",
      `guardAiSdk: the tool "${name}" passed to the AI SDK is not the one guardAiSdk made for session ${session.id} (protocol "${protocol.name}"), so its execute would run without Concordat's check (no state check, no confirmation). Nothing ran. Fix: give your tool to guardAiSdk(session, { tools: { ${name}: yourTool } }) (its execute is wrapped) and pass guard.settings.tools unchanged.`,
      name,
    );
  };

  const toolApproval: AiSdkGuardToolApproval = async ({ toolCall, tools: given }) => {
    assertOwnTool(given, toolCall.toolName);
    const spec = protocol.tools[toolCall.toolName];
    if (!spec?.requiresConfirmation || !(toolCall.toolName in tools)) return undefined;
    const decision = decideApproval(session, { id: toolCall.toolCallId, name: toolCall.toolName, arguments: toolCall.input });
    switch (decision.kind) {
      case "run":
        return undefined; // a grant this call may use exists: execute consumes it atomically with the call
      case "ask":
        return { type: "user-approval", reason: describeAction(decision.action) };
      case "asked-before": {
        // the SDK re-checks an approval: only a Concordat confirmation (guard.approve) makes it runnable
        const sdkOnly = decision.action.status === "pending" || decision.action.status === "superseded";
        return {
          type: "denied",
          reason:
            decision.violation.toModelMessage() +
            (sdkOnly ? "\nThe approval of this call was not recorded with Concordat (guard.approve), so it does not authorize it." : ""),
        };
      }
      case "refuse":
        return { type: "denied", reason: decision.violation.toModelMessage() };
    }
  };

  const repairToolCall: AiSdkGuardRepairToolCall = async ({ toolCall }) => {
    if (!protocol.toolNames.includes(toolCall.toolName)) return null;
    const checked = session.check({ id: toolCall.toolCallId, name: toolCall.toolName, arguments: parseArguments(toolCall.input) });
    // the SDK reports the repair failure to the model as a tool error carrying this message
    if (!checked.ok) throw new ToolCallRejectedError(checked.violation);
    return null;
  };

  /** The call an approval reference is about: from the part itself, or from the session's record of it. */
  const callOf = (request: AiSdkApprovalRequestRef): ApprovalCall => {
    const callId = "toolCallId" in request ? request.toolCallId : request.toolCall.toolCallId;
    const tc = "toolCall" in request ? request.toolCall : undefined;
    if (tc && typeof tc.toolName === "string" && protocol.tools[tc.toolName]?.requiresConfirmation)
      return { id: callId, name: tc.toolName, arguments: tc.input };
    const known = actionForCall(session, callId);
    if (known) return { id: callId, name: known.tool, arguments: known.arguments };
    throw new TypeError(
      `guardAiSdk: approval ${request.approvalId} (tool call ${callId}) was not requested for session ${session.id}, and names no tool that requires confirmation. Fix: pass the tool-approval-request part from the result of a generateText call that used this guard's settings (or an entry of guard.pendingApprovals(result.content)).`,
    );
  };

  const settings: AiSdkGuardSettings<TOOLS> = { tools: tools as TOOLS, prepareStep, toolApproval, repairToolCall };
  return {
    session,
    settings,
    ...settings,
    activeTools,
    pendingApprovals(content) {
      const out: AiSdkPendingApproval<keyof TOOLS & string>[] = [];
      for (const part of content) {
        if (!isApprovalRequestPart(part)) continue;
        const { toolCallId, toolName, input } = part.toolCall;
        if (!protocol.tools[toolName]?.requiresConfirmation) continue;
        let action: PendingActionRef;
        try {
          action = pendingActionFor(session, { id: toolCallId, name: toolName, arguments: input });
        } catch (e) {
          if (e instanceof ProtocolViolation) continue; // arguments that fit no confirmation: nothing the user could approve
          throw e;
        }
        out.push({ approvalId: part.approvalId, toolCallId, toolName: toolName as keyof TOOLS & string, action });
      }
      return out;
    },
    async approve(request, reason) {
      const action = approveCall(session, callOf(request));
      return {
        type: "tool-approval-response",
        approvalId: request.approvalId,
        approved: true,
        reason: reason ?? `Confirmed by the user (Concordat action ${action.id}).`,
      };
    },
    async deny(request, reason) {
      const action = denyCall(session, callOf(request));
      return {
        type: "tool-approval-response",
        approvalId: request.approvalId,
        approved: false,
        reason: reason ?? `The user declined ${action.tool}. Do not retry it unless the user asks again.`,
      };
    },
  };
}

function wrapTool(
  session: Session<any>,
  name: string,
  source: Tool<any, any, any> | AiSdkToolImplementation,
  toolError: (error: unknown, info: { tool: string; sessionId: string; callId?: string }) => string,
): Tool<any, any, any> {
  const protocol = session.protocol as Protocol;
  const run = async (impl: (args: unknown) => unknown, input: unknown, options: ToolExecutionOptions<any>) => {
    try {
      return await session.execute({ id: options.toolCallId, name, arguments: input }, (args) => impl(args));
    } catch (e) {
      if (e instanceof ProtocolViolation) throw new ToolCallRejectedError(e);
      // the model reads the redacted text (the SDK hands it the error's message); the app keeps the original as `cause`
      throw new ToolExecutionError(toolError(e, { tool: name, sessionId: session.id, callId: options.toolCallId }), {
        tool: name,
        sessionId: session.id,
        callId: options.toolCallId,
        cause: e,
      });
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
    throw new TypeError(
      `guardAiSdk: the AI SDK tool given for "${name}" has no execute function. Fix: pass a tool with execute, or a plain function (args) => result.`,
    );
  }
  return {
    ...source,
    execute: (input: unknown, options: ToolExecutionOptions<any>) => run((args) => execute.call(source, args, options), input, options),
  } as Tool<any, any, any>;
}

function describeAction(action: PendingActionRef): string {
  return `${action.tool} ${JSON.stringify(action.arguments)} needs the user's confirmation (Concordat action ${action.id}).`;
}

function isApprovalRequestPart(
  x: unknown,
): x is { type: "tool-approval-request"; approvalId: string; toolCall: { toolCallId: string; toolName: string; input: unknown }; isAutomatic?: boolean } {
  if (typeof x !== "object" || x === null) return false;
  const p = x as Record<string, unknown>;
  if (p["type"] !== "tool-approval-request" || p["isAutomatic"] === true || typeof p["approvalId"] !== "string") return false;
  const tc = p["toolCall"] as Record<string, unknown> | null | undefined;
  return typeof tc === "object" && tc !== null && typeof tc["toolCallId"] === "string" && typeof tc["toolName"] === "string";
}

export { AdapterSetupError, ToolCallRejectedError, ToolExecutionError };
export type { ToolErrorInfo, ToolErrorOptions } from "./tool-errors.js";
