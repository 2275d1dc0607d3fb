import type { ValidatedCall } from "../protocol/protocol.js";
import type { ToolCall, ToolDefinition, ToolResult } from "../protocol/types.js";
import type { ExecutionRecord, Session } from "../runtime/session.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { estimateInputTokens, estimateOutputTokens } from "./estimate-tokens.js";
import type { ChatMessage, ModelClient, ModelToolCall, ModelUsage } from "./model-client.js";
import { RetryPolicy } from "./retry-policy.js";
import { runInToolFrame } from "./tool-context.js";

/**
 * Runs tool calls through something that validates them itself (a decorated agent's guarded
 * methods) instead of plain implementations.
 * @internal
 */
export interface ToolDispatch {
  /** The tools it implements. */
  readonly tools: readonly string[];
  /** Validates the call on the loop's session, runs it, advances; calls `started` when the body starts. */
  run(call: ToolCall, started: () => void): Promise<ExecutionRecord>;
}

export interface AgentLoopOptions {
  readonly session: Session<any>;
  readonly model: ModelClient;
  /** Tool implementations by tool name. They receive the arguments parsed by the tool's schema. */
  readonly tools?: Readonly<Record<string, (args: any) => unknown>>;
  /** @internal Instead of `tools`: a dispatcher that validates and runs calls itself. */
  readonly dispatch?: ToolDispatch;
  /** The system prompt, sent first in every request. */
  readonly system?: string;
  /** How many refused turns in a row the model may retry before the loop stops. Default 2. */
  readonly maxRetries?: number;
  /** Most model calls in one `step` (a runaway guard). Default 16. */
  readonly maxToolSteps?: number;
  /** How many of the last messages a violation record carries. Default 6. */
  readonly lastMessagesForLog?: number;
  /** Output tokens assumed before a model call, for budget checks. Default 256. */
  readonly expectedOutputTokens?: number;
}

/** One tool call that ran: its result (value or error) and the transition it made. */
export interface ExecutedCall {
  readonly call: ModelToolCall;
  /** The tool's value (when it returned). */
  readonly result?: unknown;
  /** What it threw (when it failed); `from`/`to` tell whether the failure moved the state. */
  readonly error?: unknown;
  readonly from: string;
  readonly to: string;
}

export interface StepResult {
  /** The model's final text for this step (absent when it stopped at `maxToolSteps`). */
  readonly text?: string;
  readonly executed: ExecutedCall[];
  /** Calls refused before they ran (the model was told each time). */
  readonly rejections: ProtocolViolation[];
  readonly usage: { inputTokens: number; outputTokens: number };
  readonly modelCalls: number;
  /** Why the step ended: the model answered without tool calls, or `maxToolSteps` was reached. */
  readonly stopReason: "answered" | "max_tool_steps";
}

const DEFAULT_MAX_TOOL_STEPS = 16;

/**
 * A provider-agnostic agent loop over one session. Each model call sees only the tools the
 * session allows now (and that have an implementation); every tool call the model makes is
 * validated by the session before it runs, one at a time in order; results advance the
 * state. A refused call goes back to the model as a tool message with
 * `violation.toModelMessage()`, and the remaining calls of that turn are skipped. The model
 * may retry up to `maxRetries` refused turns in a row; one more and `step` **throws** a
 * `ProtocolViolation` with code `retries_exhausted` (its `data.step` holds what the step did
 * until then). Budget refusals before a model call (`session.beforeModelCall`) are thrown as
 * they are.
 */
export class AgentLoop {
  readonly session: Session<any>;
  readonly model: ModelClient;
  readonly tools: Readonly<Record<string, (args: any) => unknown>>;
  readonly #dispatch: ToolDispatch | undefined;
  readonly system: string | undefined;
  readonly maxRetries: number;
  readonly maxToolSteps: number;
  readonly lastMessagesForLog: number;
  readonly expectedOutputTokens: number;
  /** The conversation so far (without the system prompt). */
  readonly messages: ChatMessage[] = [];

  constructor(options: AgentLoopOptions) {
    if (!options || typeof options !== "object") throw new TypeError("new AgentLoop(options): options with session, model and tools are required.");
    if (!options.session) throw new TypeError("new AgentLoop(options): options.session is required (a Session of the agent's protocol).");
    if (!options.model || typeof options.model.generate !== "function")
      throw new TypeError("new AgentLoop(options): options.model must be a ModelClient (an object with generate({ messages, tools })).");
    if (options.dispatch !== undefined) {
      if (options.tools !== undefined) throw new TypeError("new AgentLoop(options): pass options.tools or options.dispatch, not both.");
    } else if (!options.tools || typeof options.tools !== "object")
      throw new TypeError("new AgentLoop(options): options.tools must map tool names to implementations.");
    for (const [name, impl] of Object.entries(options.tools ?? {})) {
      if (typeof impl !== "function") throw new TypeError(`new AgentLoop(options): options.tools.${name} must be a function, got ${typeof impl}.`);
    }
    const maxToolSteps = options.maxToolSteps ?? DEFAULT_MAX_TOOL_STEPS;
    if (!Number.isInteger(maxToolSteps) || maxToolSteps < 1)
      throw new RangeError(`new AgentLoop(options): maxToolSteps must be a positive integer, got ${String(maxToolSteps)}.`);
    this.session = options.session;
    this.model = options.model;
    this.#dispatch = options.dispatch;
    this.tools = options.tools ?? {};
    this.system = options.system;
    this.maxRetries = options.maxRetries ?? 2;
    new RetryPolicy(this.maxRetries); // validates
    this.maxToolSteps = maxToolSteps;
    this.lastMessagesForLog = options.lastMessagesForLog ?? 6;
    this.expectedOutputTokens = options.expectedOutputTokens ?? 256;
    const setter = (this.session as { setLastMessages?: (f: () => readonly unknown[]) => unknown }).setLastMessages;
    if (typeof setter === "function") setter.call(this.session, () => this.recentMessages());
  }

  /** The last `lastMessagesForLog` messages (what violation records carry). */
  recentMessages(): ChatMessage[] {
    return this.lastMessagesForLog > 0 ? this.messages.slice(-this.lastMessagesForLog) : [];
  }

  /** Tool definitions offered to the model now: allowed by the session and implemented. */
  offeredTools(): ToolDefinition[] {
    const d = this.#dispatch;
    return this.session.toolsForModel().filter((t) => (d ? d.tools.includes(t.name) : Object.prototype.hasOwnProperty.call(this.tools, t.name)));
  }

  /** Sends a user message and runs model calls and tool calls until the model answers. */
  async step(userMessage: string): Promise<StepResult> {
    if (typeof userMessage !== "string") throw new TypeError(`AgentLoop.step(message): message must be a string, got ${typeof userMessage}.`);
    this.messages.push({ role: "user", content: userMessage });
    const retry = new RetryPolicy(this.maxRetries);
    const executed: ExecutedCall[] = [];
    const rejections: ProtocolViolation[] = [];
    const usage = { inputTokens: 0, outputTokens: 0 };
    let modelCalls = 0;
    const snapshot = (): Omit<StepResult, "stopReason"> => ({ executed: [...executed], rejections: [...rejections], usage: { ...usage }, modelCalls });

    while (modelCalls < this.maxToolSteps) {
      const tools = this.offeredTools();
      const messages: ChatMessage[] = this.system !== undefined ? [{ role: "system", content: this.system }, ...this.messages] : [...this.messages];
      const estimate = { inputTokens: estimateInputTokens(messages, tools), outputTokens: this.expectedOutputTokens };
      this.session.beforeModelCall(estimate);
      const response = await this.model.generate({ messages, tools });
      modelCalls++;
      const toolCalls = Array.isArray(response?.toolCalls) ? response.toolCalls : [];
      const reported: ModelUsage = response?.usage ?? {
        inputTokens: estimate.inputTokens,
        outputTokens: estimateOutputTokens({ ...(response?.text !== undefined ? { text: response.text } : {}), toolCalls }),
      };
      this.session.afterModelCall(reported);
      usage.inputTokens += reported.inputTokens;
      usage.outputTokens += reported.outputTokens;
      this.messages.push({ role: "assistant", content: response?.text ?? "", ...(toolCalls.length > 0 ? { toolCalls } : {}) });

      if (toolCalls.length === 0) {
        return { ...snapshot(), ...(response?.text !== undefined ? { text: response.text } : {}), stopReason: "answered" };
      }

      let refused: ProtocolViolation | undefined;
      for (const call of toolCalls) {
        if (refused) {
          this.messages.push({
            role: "tool",
            toolCallId: call.id,
            name: call.name,
            content: `Not run: an earlier tool call in this turn (${refused.tool ?? "?"}) was refused. Decide again from the current state.`,
          });
          continue;
        }
        const outcome = await this.runCall(call);
        if (outcome.kind === "refused") {
          refused = outcome.violation;
          rejections.push(outcome.violation);
          this.messages.push({ role: "tool", toolCallId: call.id, name: call.name, content: outcome.violation.toModelMessage() });
        } else {
          executed.push(outcome.executed);
          this.messages.push({ role: "tool", toolCallId: call.id, name: call.name, content: outcome.content });
        }
      }
      if (refused) {
        if (retry.onRejectedTurn() === "stop") {
          throw this.session.reject(retry.exhausted(refused, { step: snapshot() }));
        }
      } else {
        retry.onCleanTurn();
      }
    }
    return { ...snapshot(), stopReason: "max_tool_steps" };
  }

  private async runCall(
    call: ModelToolCall,
  ): Promise<{ kind: "refused"; violation: ProtocolViolation } | { kind: "ran"; executed: ExecutedCall; content: string }> {
    const dispatch = this.#dispatch;
    const impl = dispatch ? undefined : Object.prototype.hasOwnProperty.call(this.tools, call.name) ? this.tools[call.name] : undefined;
    const from = String(this.session.state);
    if (dispatch ? !dispatch.tools.includes(call.name) : !impl) {
      // validate first: a call the protocol refuses is reported as such
      const checked = this.session.check({ id: call.id, name: call.name, arguments: call.arguments });
      if (!checked.ok) return { kind: "refused", violation: checked.violation };
      const violation = this.session.reject(
        new ProtocolViolation({
          code: "unknown_tool",
          message: `"${call.name}" is in protocol "${this.session.protocol.name}", but this agent has no implementation for it, so it cannot run.`,
          protocol: this.session.protocol.name,
          state: from,
          tool: call.name,
          arguments: call.arguments,
          allowedTools: this.offeredTools().map((t) => t.name),
          hint: "Call one of the offered tools.",
        }),
      );
      return { kind: "refused", violation };
    }
    let ran = false;
    const session = this.session;
    try {
      const toolCall = { id: call.id, name: call.name, arguments: call.arguments };
      const rec = dispatch
        ? await dispatch.run(toolCall, () => (ran = true))
        : await session.run(toolCall, (args: unknown, validated: ValidatedCall) => {
            ran = true;
            return runInToolFrame({ session, tool: validated.name, call: validated, instance: undefined, wrapper: undefined }, impl!, args);
          });
      return { kind: "ran", executed: executedOf(call, rec.result, rec.from, rec.to), content: contentOf(rec.result) };
    } catch (error) {
      if (!ran && error instanceof ProtocolViolation) return { kind: "refused", violation: error };
      // the tool ran and failed without a declared outcome: the model hears about the error
      const to = String(this.session.state);
      return { kind: "ran", executed: { call, error, from, to }, content: `Error: ${errorText(error)}` };
    }
  }
}

function executedOf(call: ModelToolCall, result: ToolResult, from: string, to: string): ExecutedCall {
  return result.ok ? { call, result: result.value, from, to } : { call, error: result.error, from, to };
}

function contentOf(result: ToolResult): string {
  if (!result.ok) return `Error: ${errorText(result.error)}`;
  if (result.value === undefined) return "OK";
  if (typeof result.value === "string") return result.value;
  try {
    return JSON.stringify(result.value) ?? String(result.value);
  } catch {
    return String(result.value);
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
