/**
 * `concordat/openai-agents`: enforce a Concordat protocol inside the OpenAI Agents SDK
 * (`@openai/agents`).
 *
 * - `isEnabled` offers a tool only while the session's state allows it;
 * - a tool input guardrail validates every call before it executes, and the tool's `execute`
 *   validates again atomically with the run (grants are consumed there); a refusal is the
 *   tool output the model reads (`violation.toModelMessage()`);
 * - a call to a tool that is not enabled is answered with the same message (through
 *   `toolErrorFormatter`, with `toolNotFoundBehavior: "return_error_to_model"`);
 * - `needsApproval` is true exactly when a `requiresConfirmation` write has no grant for its
 *   exact arguments; `approve()` confirms the pending action and approves the interruption;
 * - the run context carries the session id, so a serialized `RunState` names its session and
 *   a restored run cannot drive another session's tools.
 *
 * `@openai/agents` is an optional peer dependency: only this module imports it.
 */
import {
  tool as agentsTool,
  type FunctionTool,
  type RunConfig,
  type RunContext,
  type RunState,
  type RunToolApprovalItem,
  type ToolErrorFormatter,
  type ToolInputGuardrailDefinition,
} from "@openai/agents";
import type { Protocol, ToolArgs, ToolNameOf } from "../protocol/protocol.js";
import type { ToolCall } from "../protocol/types.js";
import type { Session } from "../runtime/session.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { confirmationApi, type PendingActionRef } from "./confirmation-access.js";
import { parseArguments } from "./parse-arguments.js";

/** The key under which the run context carries the Concordat session id. */
export const SESSION_ID_KEY = "concordatSessionId";

/** What the run context must contain (merge it into your own context object). */
export interface ConcordatRunContext {
  readonly [SESSION_ID_KEY]: string;
}

/** A plain implementation: receives the arguments after the protocol's schema parsed them. */
export type AgentsToolImplementation<TArgs = any> = (args: TArgs, runContext: RunContext<any> | undefined) => unknown;

export type AgentsToolSource<P extends Protocol<any, any, any>> = {
  readonly [K in ToolNameOf<P>]?: AgentsToolImplementation<ToolArgs<P, K>>;
};

export interface OpenAIAgentsGuardOptions<P extends Protocol<any, any, any>> {
  /** The implementation of each tool the agent may run. Tools without one are not given to the agent. */
  readonly tools: AgentsToolSource<P>;
  /** What the model reads when an implementation throws (its details are not shown). */
  readonly errorMessage?: (error: unknown, tool: string) => string;
}

/** An interruption waiting for the user, with its Concordat pending action (or, for unusable arguments, the violation to `reject` it with). */
export type AgentsPendingApproval =
  | { readonly item: RunToolApprovalItem; readonly action: PendingActionRef; readonly violation?: undefined }
  | { readonly item: RunToolApprovalItem; readonly action?: undefined; readonly violation: ProtocolViolation };

export interface OpenAIAgentsGuard<P extends Protocol<any, any, any>> {
  readonly session: Session<P>;
  /** Function tools for `new Agent({ tools })`. */
  readonly tools: FunctionTool<any, any, any>[];
  /** The run context carrying the session id: `run(agent, input, { context: guard.context })`, or merge it into yours. */
  readonly context: ConcordatRunContext;
  /** Run options (also valid `RunConfig` fields): return refusals of disabled tools to the model in Concordat's words. */
  readonly runOptions: { readonly toolNotFoundBehavior: "return_error_to_model"; readonly toolErrorFormatter: ToolErrorFormatter };
  /** Same as `runOptions`, for `new Runner(guard.runConfig)`. */
  readonly runConfig: Partial<RunConfig>;
  /** The tools the session's state allows now (those with an implementation). */
  activeTools(): string[];
  /** The interruptions of a result that wait for the user, each with its Concordat pending action. */
  pendingApprovals(interruptions: readonly RunToolApprovalItem[]): Promise<AgentsPendingApproval[]>;
  /** The user approved: confirms the pending action (a grant for the exact arguments) and approves the interruption. */
  approve(state: RunState<any, any>, item: RunToolApprovalItem): Promise<void>;
  /** The user declined: denies the pending action and rejects the interruption with a message for the model. */
  reject(state: RunState<any, any>, item: RunToolApprovalItem, message?: string): Promise<void>;
  /** `state.toString()`, after checking that the state's context carries this session's id. */
  serialize(state: RunState<any, any>): string;
}

/**
 * Wraps a session's tools for the OpenAI Agents SDK:
 *
 * ```ts
 * const guard = guardOpenAIAgents(session, { tools: { lookup_booking: async ({ bookingId }) => db.find(bookingId) } });
 * const agent = new Agent({ name: "Refunds", instructions, tools: guard.tools });
 * const result = await run(agent, "Refund booking B1", { context: guard.context, ...guard.runOptions });
 * ```
 */
export function guardOpenAIAgents<P extends Protocol<any, any, any>>(session: Session<P>, options: OpenAIAgentsGuardOptions<P>): OpenAIAgentsGuard<P> {
  const protocol = session.protocol as Protocol;
  const sources = options.tools as Readonly<Record<string, AgentsToolImplementation | undefined>>;
  const unknown = Object.keys(sources).filter((name) => !protocol.toolNames.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `guardOpenAIAgents: ${unknown.map((n) => JSON.stringify(n)).join(", ")} ${unknown.length === 1 ? "is" : "are"} not a tool of protocol "${protocol.name}" (tools: ${protocol.toolNames.join(", ")}). Fix: rename the implementation or add the tool to the protocol.`,
    );
  }
  const errorMessage = options.errorMessage ?? ((_e: unknown, t: string) => `An error occurred while running ${t}. Please try again.`);
  const pendingByCall = new Map<string, PendingActionRef>();

  /** Refuses a run context that belongs to another session (e.g. a RunState restored against the wrong guard). */
  const sessionMismatch = (runContext: RunContext<any> | undefined, tool: string): ProtocolViolation | undefined => {
    const id = sessionIdOfContext(runContext?.context);
    if (id === undefined || id === session.id) return undefined;
    return session.reject(
      new ProtocolViolation({
        code: "state_tampered",
        message: `This run belongs to Concordat session ${id}, but the tools are bound to session ${session.id}.`,
        protocol: protocol.name,
        state: session.state as string,
        sessionId: session.id,
        tool,
        hint: "Restore the run with the guard of its own session (the session id is in the serialized run state).",
      }),
    );
  };

  /** Refusals `needsApproval` already found (and logged), by call id, valid while the session is unchanged. */
  const refusedByApproval = new Map<string, { readonly version: number; readonly violation: ProtocolViolation }>();
  const checkCall = (call: ToolCall): ReturnType<Session["check"]> => {
    const cached = call.id !== undefined ? refusedByApproval.get(call.id) : undefined;
    if (call.id !== undefined) refusedByApproval.delete(call.id);
    if (cached && cached.version === session.version) return { ok: false, violation: cached.violation };
    return session.check(call);
  };

  const guardrail: ToolInputGuardrailDefinition<any> = {
    type: "tool_input",
    name: "concordat",
    run: async ({ context, toolCall }) => {
      const mismatch = sessionMismatch(context, toolCall.name);
      if (mismatch) return { behavior: { type: "rejectContent", message: mismatch.toModelMessage() }, outputInfo: mismatch.toJSON() };
      const checked = checkCall({ id: toolCall.callId, name: toolCall.name, arguments: parseArguments(toolCall.arguments) });
      if (checked.ok) return { behavior: { type: "allow" } };
      return { behavior: { type: "rejectContent", message: checked.violation.toModelMessage() }, outputInfo: checked.violation.toJSON() };
    },
  };

  const tools: FunctionTool<any, any, any>[] = [];
  for (const [name, impl] of Object.entries(sources)) {
    if (impl === undefined) continue;
    const def = protocol.toolDefinition(name);
    const spec = protocol.tools[name]!;
    const built = agentsTool({
      name,
      description: def.description,
      // the session validates with the protocol's zod schema, so refusals carry Concordat's message;
      // a plain copy: zod attaches a non-enumerable Standard Schema marker the SDK would mistake for a schema object
      parameters: structuredClone(def.parameters) as never,
      strict: false,
      execute: async (args: unknown, runContext?: RunContext<any>, details?: { toolCall?: { callId?: string } }) => {
        const mismatch = sessionMismatch(runContext, name);
        if (mismatch) throw mismatch;
        const callId = details?.toolCall?.callId;
        // validate → run → advance, atomically; a grant is consumed here. A refusal or a failure
        // is thrown to errorFunction after the session recorded what happened.
        return session.execute({ ...(callId !== undefined ? { id: callId } : {}), name, arguments: args }, (parsed) => impl(parsed, runContext));
      },
      errorFunction: (_runContext, error) => (error instanceof ProtocolViolation ? error.toModelMessage() : errorMessage(error, name)),
      isEnabled: ({ runContext }) => sessionMismatch(runContext, name) === undefined && (session.allowedTools() as string[]).includes(name),
      // static for other tools: the SDK forces an approval when a dynamic policy meets unparsable input
      needsApproval: !spec.requiresConfirmation
        ? false
        : async (_runContext, input, callId) => {
            const call: ToolCall = { ...(callId !== undefined ? { id: callId } : {}), name, arguments: input };
            const checked = session.check(call);
            if (checked.ok) return false; // a grant for these exact arguments exists: execute consumes it
            if (checked.violation.code !== "confirmation_missing") {
              // refused for another reason: the guardrail answers the model with this (already logged) refusal
              if (callId !== undefined) refusedByApproval.set(callId, { version: session.version, violation: checked.violation });
              return false;
            }
            if (callId !== undefined && pendingByCall.has(callId)) return true;
            const action = await confirmationApi(session).requestConfirmation(call);
            // prior consent may have granted it already: then execute consumes that grant
            if (action.status === "confirmed") return false;
            if (callId !== undefined) pendingByCall.set(callId, action);
            return true;
          },
      inputGuardrails: [guardrail],
    });
    tools.push(built);
  }

  const toolErrorFormatter: ToolErrorFormatter = ({ kind, toolName, callId }) => {
    if (kind !== "tool_not_found" || !protocol.toolNames.includes(toolName)) return undefined;
    const checked = session.check({ id: callId, name: toolName, arguments: undefined });
    return checked.ok ? undefined : checked.violation.toModelMessage();
  };
  const runOptions = { toolNotFoundBehavior: "return_error_to_model" as const, toolErrorFormatter };

  const actionFor = async (item: RunToolApprovalItem): Promise<PendingActionRef> => {
    const raw = item.rawItem as { callId?: string; name?: string; arguments?: string };
    const name = item.name ?? raw.name;
    if (name === undefined || !protocol.toolNames.includes(name)) {
      throw new Error(`guardOpenAIAgents: interruption for ${JSON.stringify(name)} is not a tool of protocol "${protocol.name}". Fix: approve it with state.approve().`);
    }
    const known = raw.callId !== undefined ? pendingByCall.get(raw.callId) : undefined;
    if (known) return known;
    // e.g. after the run state was restored in another process: ask for exactly this call's arguments
    const action = await confirmationApi(session).requestConfirmation({ ...(raw.callId !== undefined ? { id: raw.callId } : {}), name, arguments: parseArguments(raw.arguments ?? item.arguments ?? "") });
    if (raw.callId !== undefined) pendingByCall.set(raw.callId, action);
    return action;
  };
  const forget = (item: RunToolApprovalItem) => {
    const callId = (item.rawItem as { callId?: string }).callId;
    if (callId !== undefined) pendingByCall.delete(callId);
  };

  return {
    session,
    tools,
    context: { [SESSION_ID_KEY]: session.id },
    runOptions,
    runConfig: { ...runOptions },
    activeTools: () => session.allowedTools().filter((t) => tools.some((x) => x.name === t)),
    async pendingApprovals(interruptions) {
      const out: AgentsPendingApproval[] = [];
      for (const item of interruptions) {
        const name = item.name;
        if (name === undefined || !protocol.tools[name]?.requiresConfirmation) continue;
        try {
          out.push({ item, action: await actionFor(item) });
        } catch (e) {
          // e.g. unparsable arguments (the SDK interrupts before it can evaluate needsApproval): nothing to confirm
          if (!(e instanceof ProtocolViolation)) throw e;
          out.push({ item, violation: e });
        }
      }
      return out;
    },
    async approve(state, item) {
      const action = await actionFor(item);
      await confirmationApi(session).confirm(action.id);
      forget(item);
      state.approve(item);
    },
    async reject(state, item, message) {
      let action: PendingActionRef;
      try {
        action = await actionFor(item);
      } catch (e) {
        if (!(e instanceof ProtocolViolation)) throw e;
        // nothing the user could confirm (e.g. unparsable arguments): tell the model why
        forget(item);
        state.reject(item, { message: message ?? e.toModelMessage() });
        return;
      }
      await confirmationApi(session).deny(action.id);
      forget(item);
      state.reject(item, { message: message ?? `The user declined ${action.tool}. Do not retry it unless the user asks again.` });
    },
    serialize(state) {
      const id = sessionIdOfContext(state._context?.context);
      if (id !== session.id) {
        throw new Error(
          `guardOpenAIAgents: the run state's context carries session id ${JSON.stringify(id)}, not ${session.id}. Fix: start the run with { context: guard.context } (or merge guard.context into your context).`,
        );
      }
      return state.toString();
    },
  };
}

/** The Concordat session id a serialized run state (or a RunState) carries, or undefined. */
export function sessionIdOfRunState(state: string | RunState<any, any>): string | undefined {
  if (typeof state !== "string") return sessionIdOfContext(state._context?.context);
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    throw new Error(`sessionIdOfRunState: the serialized run state is not JSON (starts with ${JSON.stringify(state.slice(0, 40))}). Fix: pass the string from guard.serialize(state) or state.toString().`);
  }
  const ctx = (parsed as { context?: { context?: unknown } } | null)?.context?.context;
  return sessionIdOfContext(ctx);
}

function sessionIdOfContext(ctx: unknown): string | undefined {
  if (typeof ctx !== "object" || ctx === null) return undefined;
  const id = (ctx as Record<string, unknown>)[SESSION_ID_KEY];
  return typeof id === "string" ? id : undefined;
}

