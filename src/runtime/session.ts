import { randomUUID } from "node:crypto";
import type { AnyToolSpec, ToolCall, ToolDefinition, ToolResult } from "../protocol/types.js";
import type { Protocol, ValidatedCall } from "../protocol/protocol.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationLog } from "../violation/violation-log.js";
import { BudgetAccount } from "../budget/budget-account.js";
import { BudgetPolicy } from "../budget/budget-policy.js";
import type { SessionPolicy, TokenUsage } from "./session-policy.js";
import { ConfirmationPolicy, type ConfirmationOptions, type ConfirmationRequest, type ReplyOutcome, type RequestManyOptions, type RequestOptions } from "../confirmation/confirmation-policy.js";
import type { ConfirmationDecider } from "../confirmation/decider.js";
import type { Grant } from "../confirmation/grant.js";
import { SessionStateError, parseSessionSnapshot, type SessionSnapshot, type TraceEntry } from "./session-snapshot.js";

export type SessionStatus = "active" | "ended" | "needs_reconciliation";

export interface SessionOptions {
  readonly id?: string;
  readonly log?: ViolationLog;
  readonly policies?: readonly SessionPolicy[];
  /** Supplies the last messages of the conversation for violation records. */
  readonly lastMessages?: () => readonly unknown[];
  readonly now?: () => Date;
  /**
   * This run's budget account (e.g. a share handed off by another agent with
   * `account.handoff()`). Without it, a protocol that declares budgets gets its own account.
   */
  readonly budget?: BudgetAccount;
  /**
   * Confirmation grants (key, TTL, stale check, clock, decider, prior consent). A protocol with a
   * `requiresConfirmation` tool always gets the confirmation policy; these options tune it.
   */
  readonly confirmation?: ConfirmationOptions;
}

export type CheckResult<TTool extends string = string> =
  | { readonly ok: true; readonly call: ValidatedCall<TTool> }
  | { readonly ok: false; readonly violation: ProtocolViolation };

/** What one executed call did. */
export interface ExecutionRecord {
  readonly call: ValidatedCall;
  readonly result: ToolResult;
  readonly outcome: string;
  readonly from: string;
  readonly to: string;
}

/**
 * The runtime monitor of one conversation: the current state, the context, the trace.
 * Calls are processed one at a time (several tool calls from one model turn are each
 * validated against the state the previous one left). A refused call never runs its
 * implementation and leaves the state unchanged.
 */
export class Session<P extends Protocol<any, any, any> = Protocol> {
  readonly id: string;
  readonly protocol: P;
  private _state: string;
  private _status: SessionStatus;
  private _context: unknown;
  private readonly _trace: TraceEntry[];
  private _version: number;
  private readonly policies: SessionPolicy[];
  private readonly log: ViolationLog | undefined;
  private lastMessages: (() => readonly unknown[]) | undefined;
  readonly now: () => Date;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(protocol: P, options: SessionOptions = {}) {
    this.protocol = protocol;
    this.id = options.id ?? randomUUID();
    this._state = protocol.initial;
    this._status = protocol.isTerminal(protocol.initial) ? "ended" : "active";
    this._context = structuredClone(protocol.config.initialContext);
    this._trace = [];
    this._version = 0;
    this.policies = [...(options.policies ?? [])];
    const hasBudget = options.budget !== undefined || protocol.config.budget !== undefined || Object.values(protocol.graph.states).some((st) => st.budget !== undefined);
    if (hasBudget && !this.policies.some((p) => p.key === "budget")) {
      this.policies.push(new BudgetPolicy(options.budget ?? BudgetPolicy.accountFor(protocol.config.budget, protocol.name)));
    }
    const needsConfirmation = options.confirmation !== undefined || Object.values<AnyToolSpec>(protocol.config.tools).some((t) => t.requiresConfirmation === true);
    if (needsConfirmation && !this.policies.some((p) => p.key === "confirmation")) this.policies.push(new ConfirmationPolicy(options.confirmation));
    this.log = options.log;
    this.lastMessages = options.lastMessages;
    this.now = options.now ?? (() => new Date());
  }

  get state(): P extends Protocol<any, infer S, any> ? S : string {
    return this._state as never;
  }
  get status(): SessionStatus {
    return this._status;
  }
  get context(): P extends Protocol<any, any, infer C> ? C : unknown {
    return this._context as never;
  }
  get trace(): readonly TraceEntry[] {
    return this._trace;
  }
  /** Increments on every change; stores compare-and-set on it. */
  get version(): number {
    return this._version;
  }
  get ended(): boolean {
    return this._status === "ended";
  }

  /** Adds a policy (confirmation, budget, …) to this session. */
  use(policy: SessionPolicy): this {
    if (this.policies.some((p) => p.key === policy.key)) throw new Error(`Session ${this.id} already has a policy "${policy.key}".`);
    this.policies.push(policy);
    return this;
  }

  /** Supplies the last messages of the conversation for violation records (an agent loop sets this). */
  setLastMessages(source: (() => readonly unknown[]) | undefined): this {
    this.lastMessages = source;
    return this;
  }

  policy<T extends SessionPolicy>(key: string): T | undefined {
    return this.policies.find((p) => p.key === key) as T | undefined;
  }

  /** The confirmation policy; a clear error when the protocol has no tool that requires confirmation. */
  confirmationPolicy(): ConfirmationPolicy {
    const p = this.policies.find((x) => x.key === "confirmation");
    if (!(p instanceof ConfirmationPolicy)) {
      throw new Error(`Session ${this.id} (protocol "${this.protocol.name}") has no confirmation policy. Fix: declare the write tool with requiresConfirmation: true, or pass confirmation: {} in the session options.`);
    }
    return p;
  }

  /**
   * Registers an action (a call of a `requiresConfirmation` tool, arguments checked) that waits for the user's consent.
   * A request after the user's last message starts a new round and supersedes every action still waiting (see `RequestOptions`).
   */
  requestConfirmation(call: ToolCall, options?: RequestOptions): ConfirmationRequest {
    return this.confirmationPolicy().request(this, call, options);
  }

  /** Registers several actions asked about in one agent message: one new round, answered by one reply. */
  requestConfirmations(calls: readonly ToolCall[], options?: RequestManyOptions): ConfirmationRequest[] {
    return this.confirmationPolicy().requestMany(this, calls, options);
  }

  /** The user confirmed a pending action (structured path, for UIs). Returns the single-use grant. */
  confirm(actionId: string): Grant {
    return this.confirmationPolicy().confirm(this, actionId);
  }

  /** The user refused a pending action; any unused grant for it is revoked. */
  deny(actionId: string): void {
    this.confirmationPolicy().deny(this, actionId);
  }

  /** Judges the user's own reply against the pending actions (`unclear` and `denied` never grant). User channel only. */
  receiveUserReply(text: string, decider?: ConfirmationDecider): Promise<ReplyOutcome> {
    return this.confirmationPolicy().receiveUserReply(this, text, decider);
  }

  /** Accepts a signed grant token from outside (e.g. over HTTP) after verifying it; throws `ProtocolViolation` when it is not valid here. */
  presentGrant(token: string): Grant {
    return this.confirmationPolicy().present(this, token);
  }

  /** Names of the tools the model may call now. */
  allowedTools(): (P extends Protocol<infer T, any, any> ? keyof T & string : string)[] {
    if (this._status !== "active") return [];
    const permitted: string[] = this.protocol.permittedTools(this._state, this._context);
    let tools: readonly string[] = permitted;
    for (const p of this.policies) if (p.offered) tools = p.offered(this, tools);
    return (tools === permitted ? permitted : [...tools]) as never; // a fresh array either way
  }

  /** Tool definitions for the model's tools list, for the current state. */
  toolsForModel(): ToolDefinition[] {
    return this.allowedTools().map((t) => this.protocol.toolDefinition(t));
  }

  /** Validates a call against the current state without running anything. Never throws. */
  check(call: ToolCall): CheckResult {
    try {
      return { ok: true, call: this.validate(call, false) };
    } catch (e) {
      if (e instanceof ProtocolViolation) return { ok: false, violation: e };
      throw e;
    }
  }

  /**
   * Validates, runs and advances, in that order, after every earlier call on this session.
   * Returns the implementation's value; rethrows its error (after advancing when the error
   * maps to an outcome). Throws `ProtocolViolation` before running anything when refused.
   */
  async execute<R>(call: ToolCall, impl: (args: any, call: ValidatedCall) => R | Promise<R>): Promise<Awaited<R>> {
    const rec = await this.run(call, impl);
    if (rec.result.ok) return rec.result.value as Awaited<R>;
    throw rec.result.error;
  }

  /** Like `execute`, but returns what happened instead of unwrapping the result. */
  run(call: ToolCall, impl: (args: any, call: ValidatedCall) => unknown): Promise<ExecutionRecord> {
    const next = this.queue.then(() => this.runNow(call, impl));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async runNow(call: ToolCall, impl: (args: any, call: ValidatedCall) => unknown): Promise<ExecutionRecord> {
    const validated = this.validate(call, true);
    let result: ToolResult;
    try {
      result = { ok: true, value: await impl(validated.arguments, validated) };
    } catch (error) {
      result = { ok: false, error };
    }
    return this.advance(validated, result);
  }

  /**
   * Protocol check, then every policy's `beforeCall` (which claims resources such as a grant
   * only when `claim` is true; `check` passes false). Throws `ProtocolViolation` and reports it to the log.
   */
  validate(call: ToolCall, claim: boolean): ValidatedCall {
    try {
      if (this._status === "needs_reconciliation") {
        throw new ProtocolViolation({
          code: "needs_reconciliation",
          message: `Session ${this.id} needs reconciliation: an earlier write's outcome is unknown, so no call may run until it is resolved.`,
          protocol: this.protocol.name,
          state: this._state,
          sessionId: this.id,
          tool: call.name,
          arguments: call.arguments,
          hint: "An operator or a reconcile hook must record what the earlier write did.",
        });
      }
      const validated = this.protocol.validateCall(this._state, call, this._context);
      for (const p of this.policies) p.beforeCall?.(this, validated, claim);
      return validated;
    } catch (e) {
      if (e instanceof ProtocolViolation) throw this.reject(e);
      throw e;
    }
  }

  /** Applies a result to the session: outcome, transition, context, trace, policies. */
  advance(validated: ValidatedCall, result: ToolResult): ExecutionRecord {
    const from = this._state;
    let outcome: string | undefined;
    try {
      outcome = this.protocol.outcomeOf(validated.name, validated.arguments, result);
    } catch {
      outcome = undefined;
    }
    if (outcome === undefined && !result.ok && validated.spec.effect === "read") {
      // the error maps to no outcome: nothing happened as far as the protocol knows
      throw result.error;
    }
    let to: string;
    try {
      to = this.protocol.targetOf(from, validated.name, outcome);
    } catch (e) {
      if (validated.spec.effect === "write") this.markNeedsReconciliation();
      if (!result.ok && outcome === undefined) throw result.error;
      throw e instanceof ProtocolViolation ? this.reject(e) : e;
    }
    const spec = validated.spec as AnyToolSpec;
    if (spec.reduce) this._context = spec.reduce(this._context, validated.arguments as never, result, outcome as string);
    this._state = to;
    const at = this.now().toISOString();
    const seq = this._trace.length;
    // entries never change once recorded (frozen), so snapshots share them instead of copying
    this._trace.push(
      Object.freeze(
        validated.id !== undefined
          ? { seq, callId: validated.id, tool: validated.name, arguments: validated.arguments, outcome: outcome as string, from, to, at }
          : { seq, tool: validated.name, arguments: validated.arguments, outcome: outcome as string, from, to, at },
      ),
    );
    if (this.protocol.isTerminal(to)) this._status = "ended";
    this._version++;
    for (const p of this.policies) p.afterCall?.(this, validated, result, outcome as string, from, to);
    return { call: validated, result, outcome: outcome as string, from, to };
  }

  /** Checks a model call's estimated usage against every policy (budgets). */
  beforeModelCall(estimate: TokenUsage): void {
    try {
      for (const p of this.policies) p.beforeModelCall?.(this, estimate);
    } catch (e) {
      if (e instanceof ProtocolViolation) throw this.reject(e);
      throw e;
    }
  }

  /** Accounts a model call's reported usage. */
  afterModelCall(usage: TokenUsage): void {
    for (const p of this.policies) p.afterModelCall?.(this, usage);
    this._version++;
  }

  /** Marks the session as blocked until an earlier write is reconciled. */
  markNeedsReconciliation(): void {
    this._status = "needs_reconciliation";
    this._version++;
  }

  /** Clears `needs_reconciliation` after an operator or hook recorded what happened. */
  reconciled(resolution?: { readonly validated: ValidatedCall; readonly result: ToolResult }): ExecutionRecord | undefined {
    if (this._status !== "needs_reconciliation") return undefined;
    this._status = this.protocol.isTerminal(this._state) ? "ended" : "active";
    this._version++;
    return resolution ? this.advance(resolution.validated, resolution.result) : undefined;
  }

  /** Records a violation with the session's facts and delivers it to the log. */
  reject(v: ProtocolViolation): ProtocolViolation {
    const enriched =
      v.sessionId === this.id
        ? v
        : new ProtocolViolation({
            code: v.code,
            message: v.message,
            protocol: v.protocol ?? this.protocol.name,
            state: v.state ?? this._state,
            sessionId: this.id,
            ...(v.tool !== undefined ? { tool: v.tool } : {}),
            arguments: v.arguments,
            allowedTools: v.allowedTools.length > 0 ? v.allowedTools : this.allowedTools(),
            data: v.data,
            ...(v.hint !== undefined ? { hint: v.hint } : {}),
          });
    this.log?.report(enriched, this.lastMessages?.());
    return enriched;
  }

  /** Versioned JSON of everything the session knows. */
  toJSON(): SessionSnapshot {
    const extensions: Record<string, unknown> = {};
    for (const p of this.policies) if (p.serialize) extensions[p.key] = p.serialize();
    return {
      format: "concordat.session",
      formatVersion: 1,
      id: this.id,
      protocol: this.protocol.name,
      state: this._state,
      status: this._status,
      context: this._context,
      trace: this._trace.slice(),
      version: this._version,
      extensions,
    };
  }

  /**
   * Restores a session from `toJSON()` output. Malformed data, another protocol's session or
   * an unknown state throws `SessionStateError` naming the problem; nothing is half-restored.
   */
  static fromJSON<P extends Protocol<any, any, any>>(protocol: P, data: unknown, options: SessionOptions = {}): Session<P> {
    const snap = parseSessionSnapshot(data);
    if (snap.protocol !== protocol.name) {
      throw new SessionStateError(`Session ${snap.id} belongs to protocol "${snap.protocol}", not "${protocol.name}". Fix: restore it with the protocol it was created with.`);
    }
    if (!protocol.stateNames.includes(snap.state)) {
      throw new SessionStateError(`Session ${snap.id} is in state "${snap.state}", which protocol "${protocol.name}" does not declare (states: ${protocol.stateNames.join(", ")}). Fix: migrate the stored session or restore it with the matching protocol version.`);
    }
    if (protocol.config.context) {
      const parsed = protocol.config.context.safeParse(snap.context);
      if (!parsed.success) throw new SessionStateError(`Session ${snap.id} has a context that does not match protocol "${protocol.name}"'s context schema: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}.`);
    }
    const s = new Session(protocol, { ...options, id: snap.id });
    for (const p of s.policies) {
      if (p.restore && snap.extensions[p.key] !== undefined) p.restore(snap.extensions[p.key]);
    }
    s._state = snap.state;
    s._status = snap.status;
    s._context = snap.context;
    for (const t of snap.trace) s._trace.push(Object.freeze({ ...t }));
    s._version = snap.version;
    return s;
  }
}
