/**
 * `concordat/openai-agents`: enforce a Concordat protocol inside the OpenAI Agents SDK
 * (`@openai/agents`).
 *
 * - `isEnabled` offers a tool only while the session's state allows it;
 * - a tool input guardrail validates every call before it executes, and the tool's `execute`
 *   validates again atomically with the run (grants are consumed there); a refusal is the
 *   tool output the model reads (`violation.toModelMessage()`);
 * - a call to a tool that is not enabled is answered with the same message (through
 *   `toolErrorFormatter`, with `toolNotFoundBehavior: "return_error_to_model"`, both in
 *   `guard.runOptions`);
 * - `needsApproval` is true exactly when a `requiresConfirmation` write has no grant this call
 *   may use; each interruption is a pending action bound to its tool call, so the calls of one
 *   turn are approved or rejected in any order and an SDK-only approval never runs a write;
 * - the run context carries the session id, so a serialized `RunState` names its session; a
 *   run without it, a run of another session, or a tool with a protocol tool's name that this
 *   guard did not make is stopped with an `AdapterSetupError` before the model is called.
 *
 * `@openai/agents` is an optional peer dependency: only this module imports it.
 */
import {
  RunState,
  tool as agentsTool,
  type Agent,
  type FunctionTool,
  type RunConfig,
  type RunContext,
  type RunToolApprovalItem,
  type ToolErrorFormatter,
  type ToolInputGuardrailDefinition,
} from "@openai/agents";
import type { Protocol, ToolArgs, ToolNameOf } from "../protocol/protocol.js";
import type { ToolCall } from "../protocol/types.js";
import type { Session } from "../runtime/session.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { AdapterSetupError, assertProtocolTools } from "./adapter-setup-error.js";
import { approveCall, decideApproval, denyCall, pendingActionFor, type ApprovalCall } from "./approval-gate.js";
import type { PendingActionRef } from "./confirmation-access.js";
import { parseArguments } from "./parse-arguments.js";
import { toolErrorReporter, type ToolErrorOptions } from "./tool-errors.js";

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

export interface OpenAIAgentsGuardOptions<P extends Protocol<any, any, any>> extends ToolErrorOptions {
  /** The implementation of each tool the agent may run. Tools without one are not given to the agent. */
  readonly tools: AgentsToolSource<P>;
  /** @deprecated Use `toolErrors: (error, info) => text`. What the model reads when an implementation throws. */
  readonly errorMessage?: (error: unknown, tool: string) => string;
}

/** An interruption waiting for the user, with its Concordat pending action (or, for unusable arguments, the violation to `reject` it with). */
export type AgentsPendingApproval =
  | { readonly item: RunToolApprovalItem; readonly action: PendingActionRef; readonly violation?: undefined }
  | { readonly item: RunToolApprovalItem; readonly action?: undefined; readonly violation: ProtocolViolation };

/** The run options the guard needs: its context and the answer to calls of disabled tools. */
export interface OpenAIAgentsRunOptions<TContext extends object = ConcordatRunContext> {
  readonly context: TContext & ConcordatRunContext;
  readonly toolNotFoundBehavior: "return_error_to_model";
  readonly toolErrorFormatter: ToolErrorFormatter;
}

export interface OpenAIAgentsGuard<P extends Protocol<any, any, any>> {
  readonly session: Session<P>;
  /** Function tools for `new Agent({ tools })`. */
  readonly tools: FunctionTool<any, any, any>[];
  /** The run context carrying the session id (already in `runOptions`; merge it into your own context with `runOptionsWith`). */
  readonly context: ConcordatRunContext;
  /**
   * Everything a run needs: `run(agent, input, guard.runOptions)` or `{ ...guard.runOptions, maxTurns: 8 }`.
   * It holds the context (with the session id) and the options that answer calls of disabled
   * tools in Concordat's words instead of failing the run.
   */
  readonly runOptions: OpenAIAgentsRunOptions;
  /** `runOptions` with your own context object (a shallow copy of it plus the session id). */
  runOptionsWith<TContext extends object>(context: TContext): OpenAIAgentsRunOptions<TContext>;
  /** The tool options of `runOptions`, for `new Runner(guard.runConfig)` (pass `context: guard.context` to each run). */
  readonly runConfig: Partial<RunConfig>;
  /** The tools the session's state allows now (those with an implementation). */
  activeTools(): string[];
  /** The interruptions of a result that wait for the user, each with its Concordat pending action. */
  pendingApprovals(interruptions: readonly RunToolApprovalItem[]): Promise<AgentsPendingApproval[]>;
  /**
   * The user approved: confirms the pending action of that call (a grant for its exact
   * arguments that only this call can use) and approves the interruption. Any order.
   * @throws ProtocolViolation when the call's arguments do not fit the tool's schema.
   */
  approve(state: RunState<any, any>, item: RunToolApprovalItem): Promise<void>;
  /** The user declined: denies the pending action and rejects the interruption with a message for the model. */
  reject(state: RunState<any, any>, item: RunToolApprovalItem, message?: string): Promise<void>;
  /** `state.toString()`, after checking that the state's context carries this session's id. */
  serialize(state: RunState<any, any>): string;
  /**
   * `RunState.fromString(agent, saved)`, after checking that the saved run belongs to this session.
   * @throws AdapterSetupError (`other_session`) naming the run's session when it is another one.
   */
  restore<TAgent extends Agent<any, any>>(agent: TAgent, saved: string): Promise<RunState<any, TAgent>>;
}

/**
 * Wraps a session's tools for the OpenAI Agents SDK.
 *
 * @example
 * ```ts
 * const guard = guardOpenAIAgents(session, { tools: { lookup_booking: async ({ bookingId }) => db.find(bookingId) } });
 * const agent = new Agent({ name: "Refunds", instructions, tools: guard.tools });
 * const result = await run(agent, "Refund booking B1", guard.runOptions);
 * ```
 * @param session The conversation's session; its protocol names the tools.
 * @param options The implementation of each tool, and how tool errors reach the model.
 * @throws AdapterSetupError (`unknown_tool`) for an implementation of a tool the protocol does not have; and
 *   from `run()` / `RunState.fromString()`, before the model is called: `missing_run_context` (a run without
 *   `guard.runOptions`), `other_session` (a run of another session), `foreign_tool` (the agent holds a tool with a
 *   protocol tool's name that this guard did not make).
 */
export function guardOpenAIAgents<P extends Protocol<any, any, any>>(session: Session<P>, options: OpenAIAgentsGuardOptions<P>): OpenAIAgentsGuard<P> {
  const protocol = session.protocol as Protocol;
  const sources = options.tools as Readonly<Record<string, AgentsToolImplementation | undefined>>;
  assertProtocolTools("guardOpenAIAgents", protocol, Object.keys(sources));
  const legacy = options.errorMessage;
  const toolError = toolErrorReporter(options.toolErrors === undefined && legacy ? { ...options, toolErrors: (e, info) => legacy(e, info.tool) } : options);

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

  const own = new Set<FunctionTool<any, any, any>>();
  const ownInvoke = new Map<string, unknown>();
  /** Before every model call (the SDK asks each tool whether it is enabled): the run and the agent must be this guard's. */
  const assertWiring = (runContext: RunContext<any> | undefined, agent: Agent<any, any> | undefined): void => {
    const id = sessionIdOfContext(runContext?.context);
    if (id === undefined) {
      throw new AdapterSetupError(
        "missing_run_context",
        `guardOpenAIAgents: this run was started without guard.runOptions (its context carries no Concordat session id, and without the options in it a call to a tool the state does not allow ends the run with "Tool … not found"). Nothing ran. Fix: run(agent, input, guard.runOptions), or run(agent, input, guard.runOptionsWith(yourContext)); with a Runner, new Runner(guard.runConfig) and { context: guard.context }.`,
      );
    }
    if (id !== session.id) {
      throw new AdapterSetupError(
        "other_session",
        `guardOpenAIAgents: this run belongs to Concordat session ${id}, but the agent's tools are bound to session ${session.id}, so none of them may act for it. Nothing ran. Fix: restore the run with the agent whose tools come from the guard of session ${id} (sessionIdOfRunState(saved) names it; guard.restore(agent, saved) checks it).`,
      );
    }
    for (const t of agent?.tools ?? []) {
      const candidate = t as { type?: string; name?: string; invoke?: unknown };
      if (candidate.type !== "function" || candidate.name === undefined || !protocol.toolNames.includes(candidate.name)) continue;
      // this guard's tool, or a copy of it (same invoke: it still runs through the guard)
      if (own.has(t as FunctionTool<any, any, any>) || ownInvoke.get(candidate.name) === candidate.invoke) continue;
      throw new AdapterSetupError(
        "foreign_tool",
        `guardOpenAIAgents: agent "${agent!.name}" has a tool "${candidate.name}" that is not the one guardOpenAIAgents made for session ${session.id} (protocol "${protocol.name}"), so it would run without Concordat's check (no state check, no confirmation). Nothing ran. Fix: pass your implementation to guardOpenAIAgents(session, { tools: { ${candidate.name}: yourFunction } }) and give the agent guard.tools only for the protocol's tools.`,
        candidate.name,
      );
    }
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
      errorFunction: (_runContext, error) => toolError(error, { tool: name, sessionId: session.id }),
      isEnabled: ({ runContext, agent }) => {
        assertWiring(runContext, agent);
        return (session.allowedTools() as string[]).includes(name);
      },
      // static for other tools: the SDK forces an approval when a dynamic policy meets unparsable input
      needsApproval: !spec.requiresConfirmation
        ? false
        : async (_runContext, input, callId) => {
            if (callId === undefined) return !session.check({ name, arguments: input }).ok;
            const decision = decideApproval(session, { id: callId, name, arguments: input });
            switch (decision.kind) {
              case "run":
                return false; // a grant this call may use exists: execute consumes it
              case "ask":
              case "asked-before":
                return true; // approve() confirms (or asks and confirms) exactly this call
              case "refuse":
                // refused for another reason: the guardrail answers the model with this (already logged) refusal
                refusedByApproval.set(callId, { version: session.version, violation: decision.violation });
                return false;
            }
          },
      inputGuardrails: [guardrail],
    });
    own.add(built);
    ownInvoke.set(name, built.invoke);
    tools.push(built);
  }

  const toolErrorFormatter: ToolErrorFormatter = ({ kind, toolName, callId }) => {
    if (kind !== "tool_not_found" || !protocol.toolNames.includes(toolName)) return undefined;
    const checked = session.check({ id: callId, name: toolName, arguments: undefined });
    return checked.ok ? undefined : checked.violation.toModelMessage();
  };
  const context: ConcordatRunContext = { [SESSION_ID_KEY]: session.id };
  const toolOptions = { toolNotFoundBehavior: "return_error_to_model" as const, toolErrorFormatter };

  const callOf = (item: RunToolApprovalItem): ApprovalCall => {
    const raw = item.rawItem as { callId?: string; name?: string; arguments?: string };
    const name = item.name ?? raw.name;
    if (name === undefined || !protocol.toolNames.includes(name)) {
      throw new TypeError(
        `guardOpenAIAgents: interruption for ${JSON.stringify(name)} is not a tool of protocol "${protocol.name}". Fix: approve it with state.approve().`,
      );
    }
    if (raw.callId === undefined)
      throw new TypeError(`guardOpenAIAgents: interruption for "${name}" has no call id. Fix: pass an item from result.interruptions.`);
    return { id: raw.callId, name, arguments: parseArguments(raw.arguments ?? item.arguments ?? "") };
  };

  return {
    session,
    tools,
    context,
    runOptions: { context, ...toolOptions },
    runOptionsWith: (ctx) => ({ context: { ...ctx, [SESSION_ID_KEY]: session.id }, ...toolOptions }),
    runConfig: { ...toolOptions },
    activeTools: () => session.allowedTools().filter((t) => tools.some((x) => x.name === t)),
    async pendingApprovals(interruptions) {
      const out: AgentsPendingApproval[] = [];
      for (const item of interruptions) {
        const name = item.name;
        if (name === undefined || !protocol.tools[name]?.requiresConfirmation) continue;
        try {
          out.push({ item, action: pendingActionFor(session, callOf(item)) });
        } catch (e) {
          // e.g. unparsable arguments (the SDK interrupts before it can evaluate needsApproval): nothing to confirm
          if (!(e instanceof ProtocolViolation)) throw e;
          out.push({ item, violation: e });
        }
      }
      return out;
    },
    async approve(state, item) {
      approveCall(session, callOf(item));
      state.approve(item);
    },
    async reject(state, item, message) {
      let action: PendingActionRef;
      try {
        action = denyCall(session, callOf(item));
      } catch (e) {
        if (!(e instanceof ProtocolViolation)) throw e;
        // nothing the user could confirm (e.g. unparsable arguments): tell the model why
        state.reject(item, { message: message ?? e.toModelMessage() });
        return;
      }
      state.reject(item, { message: message ?? `The user declined ${action.tool}. Do not retry it unless the user asks again.` });
    },
    serialize(state) {
      const id = sessionIdOfContext(state._context?.context);
      if (id !== session.id) {
        throw new AdapterSetupError(
          "other_session",
          `guardOpenAIAgents: the run state's context carries session id ${JSON.stringify(id)}, not ${session.id}. Fix: start the run with guard.runOptions (or merge guard.context into your context).`,
        );
      }
      return state.toString();
    },
    async restore(agent, saved) {
      const id = sessionIdOfRunState(saved);
      if (id !== session.id) {
        throw new AdapterSetupError(
          "other_session",
          `guardOpenAIAgents: the saved run belongs to ${id === undefined ? "no Concordat session (its context has no session id)" : `Concordat session ${id}`}, not to this guard's session ${session.id}. Fix: restore it with the guard (and agent tools) of session ${id ?? "it was started with"}.`,
        );
      }
      return RunState.fromString(agent, saved);
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
    throw new TypeError(
      `sessionIdOfRunState: the serialized run state is not JSON (starts with ${JSON.stringify(state.slice(0, 40))}). Fix: pass the string from guard.serialize(state) or state.toString().`,
    );
  }
  const ctx = (parsed as { context?: { context?: unknown } } | null)?.context?.context;
  return sessionIdOfContext(ctx);
}

function sessionIdOfContext(ctx: unknown): string | undefined {
  if (typeof ctx !== "object" || ctx === null) return undefined;
  const id = (ctx as Record<string, unknown>)[SESSION_ID_KEY];
  return typeof id === "string" ? id : undefined;
}

export { AdapterSetupError };
export { ToolExecutionError, type ToolErrorInfo, type ToolErrorOptions } from "./tool-errors.js";
