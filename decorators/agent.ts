import { AgentLoop, type StepResult, type ToolDispatch } from "../src/agent/agent-loop.js";
import type { ChatMessage, ModelClient } from "../src/agent/model-client.js";
import type { ToolDefinition } from "../src/protocol/types.js";
import type { Session, SessionOptions } from "../src/runtime/session.js";
import { ownOptions } from "../src/util/own-options.js";
import { infoFor } from "./class-info.js";
import { guardedToolOf, runGuardedCall } from "./guarded-method.js";
import { ConstructedInstance, attachSession, configureSession, sessionOf } from "./instance-session.js";
import { ConfigurationError } from "../src/errors/configuration-error.js";

export interface AgentOptions {
  /** Run on this session (restored from a store, or shared). Default: the instance creates its own. */
  readonly session?: Session<any>;
  /** Options for the session the instance creates (log, policies, id, budget, confirmation). */
  readonly sessionOptions?: SessionOptions;
  /** The model `step` talks to. */
  readonly model?: ModelClient;
  readonly system?: string;
  /** Refused turns in a row the model may retry (default 2); see `AgentLoop`. */
  readonly maxRetries?: number;
  readonly maxToolSteps?: number;
  readonly lastMessagesForLog?: number;
}

/**
 * Base class for decorated agents: `@enforce(refundProtocol) class RefundAgent extends Agent`.
 * `step(message)` runs the agent loop with the instance's tool methods: the model sees only
 * `availableTools()`, every call is validated by the instance's session before it runs, a
 * refusal goes back to the model (bounded retries), and results advance the state.
 */
export class Agent extends ConstructedInstance {
  readonly #options: AgentOptions;
  #loop: AgentLoop | undefined;

  constructor(given: AgentOptions = {}) {
    super();
    const options = ownOptions(given);
    this.#options = options;
    if (options.session) attachSession(this, options.session);
    else if (options.sessionOptions) configureSession(this, options.sessionOptions);
  }

  /** The instance's session (created on first use). */
  get session(): Session<any> {
    return sessionOf(this);
  }

  /** Tool definitions (JSON Schema parameters) allowed in the current state. */
  availableTools(): ToolDefinition[] {
    return sessionOf(this).toolsForModel();
  }

  /** The conversation of `step` so far (without the system prompt). */
  get messages(): readonly ChatMessage[] {
    return this.#loop?.messages ?? [];
  }

  /** Sends a user message to the model and runs the tool calls it makes, within the protocol. */
  async step(message: string): Promise<StepResult> {
    return this.loop().step(message);
  }

  /** The agent loop (created on first use, bound to the current session). */
  protected loop(): AgentLoop {
    const session = sessionOf(this);
    if (this.#loop && this.#loop.session === session) return this.#loop;
    const model = this.#options.model;
    if (!model)
      throw new ConfigurationError(
        "model_missing",
        `${this.constructor.name}.step(message) needs a model: pass { model } to the constructor (any ModelClient, e.g. ScriptedModelClient in tests).`,
      );
    const previous = this.#loop?.messages ?? [];
    this.#loop = new AgentLoop({
      session,
      model,
      dispatch: toolDispatch(this),
      ...(this.#options.system !== undefined ? { system: this.#options.system } : {}),
      ...(this.#options.maxRetries !== undefined ? { maxRetries: this.#options.maxRetries } : {}),
      ...(this.#options.maxToolSteps !== undefined ? { maxToolSteps: this.#options.maxToolSteps } : {}),
      ...(this.#options.lastMessagesForLog !== undefined ? { lastMessagesForLog: this.#options.lastMessagesForLog } : {}),
    });
    this.#loop.messages.push(...previous);
    return this.#loop;
  }
}

/**
 * The decorated instance's tool methods, for its agent loop: every call goes through the
 * guarded method, so the session validates it before the body runs (nothing here runs a body
 * without the session).
 */
function toolDispatch(instance: object): ToolDispatch {
  const info = infoFor(instance.constructor);
  if (!info) throw new TypeError(`${instance.constructor.name} is not decorated with @enforce(protocol), so it has no tools.`);
  const tools: string[] = [];
  for (const [tool, key] of info.implementations) {
    if (guardedToolOf((instance as Record<PropertyKey, unknown>)[key as string]) === tool) tools.push(tool);
  }
  return { tools, run: (call, started) => runGuardedCall(instance, call, started) };
}
