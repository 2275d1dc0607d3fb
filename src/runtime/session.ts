// One concept, the runtime monitor of a conversation; over 400 lines because its state (kept
// in ES private fields, so no code outside can reach it), its serialized call queue and its
// snapshot format must change together. The trace lives in session-trace.ts.
import { randomUUID } from "node:crypto";
import type { AnyToolSpec, ToolCall, ToolDefinition, ToolResult } from "../protocol/types.js";
import { Protocol, type ValidatedCall } from "../protocol/protocol.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import type { ViolationLog } from "../violation/violation-log.js";
import { BudgetAccount } from "../budget/budget-account.js";
import { BudgetPolicy } from "../budget/budget-policy.js";
import type { SessionPolicy, TokenUsage } from "./session-policy.js";
import {
  ConfirmationPolicy,
  type ConfirmationOptions,
  type ConfirmationRequest,
  type ReplyOutcome,
  type RequestManyOptions,
  type RequestOptions,
} from "../confirmation/confirmation-policy.js";
import type { ConfirmationDecider } from "../confirmation/decider.js";
import type { Grant } from "../confirmation/grant.js";
import { SessionStateError, parseSessionSnapshot, type SessionSnapshot } from "./session-snapshot.js";
import { SessionTrace, keepOf, type DroppedTrace, type TraceEntry, type TraceRetention } from "./session-trace.js";
import { observerFor, type SessionObserver } from "./session-observer.js";
import { ownOptions } from "../util/own-options.js";

export type SessionStatus = "active" | "ended" | "needs_reconciliation";

export interface SessionOptions {
  readonly id?: string;
  readonly log?: ViolationLog;
  readonly policies?: readonly SessionPolicy[];
  /** Supplies the last messages of the conversation for violation records. */
  readonly lastMessages?: () => readonly unknown[];
  /** The clock of policies that need a `Date` (grant expiry). Also the trace's clock when `clock` is not given. */
  readonly now?: () => Date;
  /**
   * The trace's clock, in milliseconds since the epoch.
   * @default `now().getTime()` when `now` is given, else `Date.now`
   */
  readonly clock?: () => number;
  /** How much of the trace is kept in full (see `TraceRetention`). @default { keep: 1000 } */
  readonly trace?: TraceRetention;
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
  /**
   * Reports validated, executed and refused calls to a tracer (e.g. `openTelemetryObserver()`
   * from `concordat/opentelemetry`); `null` for none.
   * @default the observer set with `setDefaultSessionObserver` (`instrumentSessions()`), if any
   */
  readonly observer?: SessionObserver | null;
}

export type CheckResult<TTool extends string = string> =
  { readonly ok: true; readonly call: ValidatedCall<TTool> } | { readonly ok: false; readonly violation: ProtocolViolation };

/** What one executed call did. */
export interface ExecutionRecord {
  readonly call: ValidatedCall;
  readonly result: ToolResult;
  readonly outcome: string;
  readonly from: string;
  readonly to: string;
}

type Impl = (args: any, call: ValidatedCall) => unknown;
interface Waiting {
  readonly call: ToolCall;
  readonly impl: Impl;
  readonly unwrap: boolean;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
  /** The caller's tracing context (only when an observer is set). */
  readonly context: unknown;
}

const defaultNow = (): Date => new Date();
/** Calls validated with `claim` a session remembers until they advance. */
const MAX_CLAIMED = 16;

/**
 * A policy's hooks, taken once when it joins the session: for the runtime's own policies from
 * their (frozen) class, so a property set on the instance later cannot replace a check.
 */
interface Hooks {
  readonly policy: SessionPolicy;
  readonly offered: SessionPolicy["offered"];
  readonly beforeCall: SessionPolicy["beforeCall"];
  readonly afterCall: SessionPolicy["afterCall"];
  readonly beforeModelCall: SessionPolicy["beforeModelCall"];
  readonly afterModelCall: SessionPolicy["afterModelCall"];
  readonly serialize: SessionPolicy["serialize"];
  readonly restore: SessionPolicy["restore"];
}

function hooksOf(policy: SessionPolicy): Hooks {
  const proto = Object.getPrototypeOf(policy) as object | null;
  const src = (proto === ConfirmationPolicy.prototype || proto === BudgetPolicy.prototype ? proto : policy) as SessionPolicy;
  return Object.freeze({
    policy,
    offered: src.offered,
    beforeCall: src.beforeCall,
    afterCall: src.afterCall,
    beforeModelCall: src.beforeModelCall,
    afterModelCall: src.afterModelCall,
    serialize: src.serialize,
    restore: src.restore,
  });
}

/**
 * The runtime monitor of one conversation: the current state, the context, the trace.
 * Calls are processed one at a time (several tool calls from one model turn are each
 * validated against the state the previous one left). A refused call never runs its
 * implementation and leaves the state unchanged.
 *
 * Observability: every executed call passes through `advance` and every refusal through
 * `reject`; those are the two places an observer hooks in.
 *
 * @example
 * const session = new Session(refundProtocol);
 * await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, lookup);
 */
export class Session<P extends Protocol<any, any, any> = Protocol> {
  readonly #id: string;
  readonly #protocol: P;
  #state: string;
  #status: SessionStatus;
  #context: unknown;
  #trace: SessionTrace;
  #version = 0;
  readonly #policies: SessionPolicy[];
  readonly #hooks: Hooks[] = [];
  /**
   * The hooks that have a `beforeCall` / an `afterCall`, kept apart when a policy joins (at
   * construction or `use`), so a session whose policies have none does no per-call work for them.
   */
  readonly #beforeHooks: Hooks[] = [];
  readonly #afterHooks: Hooks[] = [];
  readonly #log: ViolationLog | undefined;
  #lastMessages: (() => readonly unknown[]) | undefined;
  readonly #now: () => Date;
  readonly #clock: () => number;
  /**
   * The last transition taken (`from`, tool, outcome → `to`, and whether `to` is terminal): a
   * conversation mostly repeats a few, and the protocol is immutable, so the lookups are skipped
   * when the next call repeats it.
   */
  #lastFrom: string | undefined;
  #lastTool: string | undefined;
  #lastOutcome: string | undefined;
  #lastTo = "";
  #lastTerminal = false;
  /**
   * Calls validated with `claim` (resources claimed) and not advanced yet: only these may advance.
   * The latest in a field, older ones in a short list (not a WeakSet: an entry per call costs
   * microseconds of GC work); a call is normally advanced right after it ran, and the oldest of
   * more than `MAX_CLAIMED` is forgotten.
   */
  #claim: ValidatedCall | undefined;
  readonly #olderClaims: ValidatedCall[] = [];
  /** A call is between validation and its result; later calls wait in `#waiting`. */
  #busy = false;
  #waiting: Waiting[] | undefined;
  /** The call whose implementation is running now (its body's promise has not settled). */
  #active: ValidatedCall | undefined;
  /** Whether the running call's caller gets the value (`execute`) or the record (`run`). */
  #unwrapActive = false;
  /**
   * What a running call's promise settles into: made once per session (not two closures per
   * call); calls are serialized, so the call they finish is always `#active`.
   */
  readonly #settled = (v: unknown): unknown => this.#finish(this.#active!, { ok: true, value: v }, this.#unwrapActive);
  readonly #failed = (error: unknown): unknown => this.#finish(this.#active!, { ok: false, error }, this.#unwrapActive);
  /** Where validated, executed and refused calls are reported (tracing); undefined: nowhere, at no cost. */
  readonly #observer: SessionObserver | undefined;

  constructor(protocol: P, given: SessionOptions = {}) {
    const options = ownOptions(given);
    if (!Protocol.isProtocol(protocol)) {
      throw new TypeError(
        `new Session(protocol): expected a protocol made by defineProtocol(...) (this copy of concordat's Protocol), got ${protocol === null ? "null" : typeof protocol}. Fix: pass the protocol object.`,
      );
    }
    this.#protocol = protocol;
    this.#id = options.id ?? randomUUID();
    this.#state = protocol.initial;
    this.#status = protocol.isTerminal(protocol.initial) ? "ended" : "active";
    this.#context = structuredClone(protocol.config.initialContext);
    this.#trace = new SessionTrace(this.#id, keepOf(ownOptions(options.trace)));
    this.#policies = [...(options.policies ?? [])];
    const hasBudget =
      options.budget !== undefined || protocol.config.budget !== undefined || Object.values(protocol.graph.states).some((st) => st.budget !== undefined);
    const needsConfirmation =
      options.confirmation !== undefined || Object.values<AnyToolSpec>(protocol.config.tools).some((t) => t.requiresConfirmation === true);
    requireGenuine(this.#policies, "budget", hasBudget, BudgetPolicy, protocol.name);
    requireGenuine(this.#policies, "confirmation", needsConfirmation, ConfirmationPolicy, protocol.name);
    if (hasBudget && !this.#policies.some((p) => p.key === "budget")) {
      this.#policies.push(new BudgetPolicy(options.budget ?? BudgetPolicy.accountFor(protocol.config.budget, protocol.name)));
    }
    if (needsConfirmation && !this.#policies.some((p) => p.key === "confirmation")) this.#policies.push(new ConfirmationPolicy(options.confirmation));
    for (const p of this.#policies) this.#addHooks(hooksOf(p));
    this.#log = options.log;
    this.#lastMessages = options.lastMessages;
    const now = options.now;
    this.#now = now ?? defaultNow;
    this.#clock = options.clock ?? (now ? () => now().getTime() : Date.now);
    this.#observer = observerFor(options.observer);
  }

  get id(): string {
    return this.#id;
  }
  get protocol(): P {
    return this.#protocol;
  }
  /** The clock policies read (grant expiry). */
  get now(): () => Date {
    return this.#now;
  }
  get state(): P extends Protocol<any, infer S, any> ? S : string {
    return this.#state as never;
  }
  get status(): SessionStatus {
    return this.#status;
  }
  get context(): P extends Protocol<any, any, infer C> ? C : unknown {
    return this.#context as never;
  }
  /** The trace entries kept in full, oldest first (a frozen array; see `traceDropped` for older ones). */
  get trace(): readonly TraceEntry[] {
    return this.#trace.view();
  }
  /** How many calls the trace has recorded in all (the `seq` of the next entry), dropped ones included. */
  get traceLength(): number {
    return this.#trace.length;
  }
  /** Increments on every change; stores compare-and-set on it. */
  get version(): number {
    return this.#version;
  }
  get ended(): boolean {
    return this.#status === "ended";
  }
  /**
   * The call whose implementation is running now, until its promise settles.
   * @internal (the decorators use it to tell a `super` call inside a body from a later one)
   */
  get activeCall(): ValidatedCall | undefined {
    return this.#active;
  }

  /**
   * Trace entries with `seq ≥ seq`, oldest first: what was recorded since a store last saved
   * `traceLength`. Throws `RangeError` when some of them were dropped by the retention.
   * @param seq A `traceLength` read earlier.
   */
  traceSince(seq: number): readonly TraceEntry[] {
    return this.#trace.since(seq);
  }

  /** The summary (count, counters, hash chain) of the entries dropped by the retention; undefined when none were. */
  traceDropped(): DroppedTrace | undefined {
    return this.#trace.dropped();
  }

  /** Adds a policy (confirmation, budget, …) to this session. */
  use(policy: SessionPolicy): this {
    if (this.#policies.some((p) => p.key === policy.key)) {
      throw new ConfigurationError(
        "policy_conflict",
        `Session ${this.#id} already has a policy "${policy.key}". Fix: add one policy per key (the confirmation and budget policies come from the protocol and the session options).`,
      );
    }
    requireGenuine([policy], "budget", true, BudgetPolicy, this.#protocol.name);
    requireGenuine([policy], "confirmation", true, ConfirmationPolicy, this.#protocol.name);
    this.#policies.push(policy);
    this.#addHooks(hooksOf(policy));
    return this;
  }

  #addHooks(h: Hooks): void {
    this.#hooks.push(h);
    if (typeof h.beforeCall === "function") this.#beforeHooks.push(h);
    if (typeof h.afterCall === "function") this.#afterHooks.push(h);
  }

  /** Supplies the last messages of the conversation for violation records (an agent loop sets this). */
  setLastMessages(source: (() => readonly unknown[]) | undefined): this {
    this.#lastMessages = source;
    return this;
  }

  policy<T extends SessionPolicy>(key: string): T | undefined {
    return this.#policies.find((p) => p.key === key) as T | undefined;
  }

  /** The confirmation policy; a clear error when the protocol has no tool that requires confirmation. */
  confirmationPolicy(): ConfirmationPolicy {
    const p = this.#policies.find((x) => x.key === "confirmation");
    if (!(p instanceof ConfirmationPolicy)) {
      throw new ConfigurationError(
        "confirmation_not_configured",
        `Session ${this.#id} (protocol "${this.#protocol.name}") has no confirmation policy. Fix: declare the write tool with requiresConfirmation: true, or pass confirmation: {} in the session options.`,
      );
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
    if (this.#status !== "active") return [];
    const permitted: string[] = this.#protocol.permittedTools(this.#state, this.#context);
    let tools: readonly string[] = permitted;
    for (const h of this.#hooks) if (h.offered) tools = h.offered.call(h.policy, this, tools);
    return (tools === permitted ? permitted : [...tools]) as never; // a fresh array either way
  }

  /** Tool definitions for the model's tools list, for the current state. */
  toolsForModel(): ToolDefinition[] {
    return this.allowedTools().map((t) => this.#protocol.toolDefinition(t));
  }

  /** Validates a call against the current state without running anything or claiming anything. Never throws. */
  check(call: ToolCall): CheckResult {
    try {
      return { ok: true, call: this.#validate(call, false) };
    } catch (e) {
      if (e instanceof ProtocolViolation) return { ok: false, violation: e };
      throw e;
    }
  }

  /**
   * Validates, runs and advances, in that order, after every earlier call on this session.
   * Returns the implementation's value; rethrows its error (after advancing when the error
   * maps to an outcome). Rejects with `ProtocolViolation` before running anything when refused.
   */
  execute<R>(call: ToolCall, impl: (args: any, call: ValidatedCall) => R | Promise<R>): Promise<Awaited<R>> {
    return this.#enqueue(call, impl, true) as Promise<Awaited<R>>;
  }

  /** Like `execute`, but resolves to what happened instead of unwrapping the result. */
  run(call: ToolCall, impl: (args: any, call: ValidatedCall) => unknown): Promise<ExecutionRecord> {
    return this.#enqueue(call, impl, false) as Promise<ExecutionRecord>;
  }

  #enqueue(call: ToolCall, impl: Impl, unwrap: boolean): Promise<unknown> {
    if (!this.#busy) return this.#start(call, impl, unwrap);
    const context = this.#observer === undefined ? undefined : this.#observer.capture();
    return new Promise((resolve, reject) => (this.#waiting ??= []).push({ call, impl, unwrap, resolve, reject, context }));
  }

  /** Validates and runs now (nothing else is in flight); settles when the result has advanced the session. */
  #start(call: ToolCall, impl: Impl, unwrap: boolean): Promise<unknown> {
    this.#busy = true;
    let validated: ValidatedCall;
    let value: unknown;
    try {
      validated = this.#validate(call, true);
    } catch (e) {
      this.#next();
      return Promise.reject(e);
    }
    this.#active = validated;
    try {
      const o = this.#observer;
      value = o === undefined ? impl(validated.arguments, validated) : o.runCall(validated, () => impl(validated.arguments, validated));
    } catch (error) {
      return this.#settleNow(validated, { ok: false, error }, unwrap);
    }
    if (typeof (value as PromiseLike<unknown> | null)?.then === "function") {
      const promise = value instanceof Promise ? value : Promise.resolve(value);
      this.#unwrapActive = unwrap;
      return promise.then(this.#settled, this.#failed);
    }
    return this.#settleNow(validated, { ok: true, value }, unwrap);
  }

  #settleNow(validated: ValidatedCall, result: ToolResult, unwrap: boolean): Promise<unknown> {
    try {
      return Promise.resolve(this.#finish(validated, result, unwrap));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** The implementation settled: advance, start the next waiting call, hand back the value or record. */
  #finish(validated: ValidatedCall, result: ToolResult, unwrap: boolean): unknown {
    this.#active = undefined;
    let rec: ExecutionRecord | undefined;
    try {
      // (the caller of `execute` gets the value: no record is made unless an observer reads it)
      rec = this.#advanceClaimed(validated, result, !unwrap);
    } finally {
      this.#next();
    }
    if (!unwrap) return rec;
    if (result.ok) return result.value;
    throw result.error;
  }

  #next(): void {
    this.#busy = false;
    const w = this.#waiting?.shift();
    if (!w) return;
    // a waiting call starts in its caller's tracing context, not in the previous call's
    const started =
      w.context === undefined ? this.#start(w.call, w.impl, w.unwrap) : this.#observer!.within(w.context, () => this.#start(w.call, w.impl, w.unwrap));
    started.then(w.resolve, w.reject);
  }

  /**
   * Protocol check, then every policy's `beforeCall` (which claims resources such as a grant
   * only when `claim` is true; `check` passes false). Throws `ProtocolViolation` and reports it to the log.
   * A call validated with `claim` may then be passed to `advance`, once.
   */
  validate(call: ToolCall, claim: boolean): ValidatedCall {
    return this.#validate(call, claim);
  }

  #validate(call: ToolCall, claim: boolean): ValidatedCall {
    try {
      if (this.#status === "needs_reconciliation") {
        throw new ProtocolViolation({
          code: "needs_reconciliation",
          message: `Session ${this.#id} needs reconciliation: an earlier write's outcome is unknown, so no call may run until it is resolved.`,
          protocol: this.#protocol.name,
          state: this.#state,
          sessionId: this.#id,
          tool: call.name,
          arguments: call.arguments,
          hint: "An operator or a reconcile hook must record what the earlier write did.",
        });
      }
      const validated = this.#protocol.validateCall(this.#state, call, this.#context);
      const before = this.#beforeHooks;
      for (let i = 0; i < before.length; i++) before[i]!.beforeCall!.call(before[i]!.policy, this, validated, claim);
      if (claim === true) {
        if (this.#claim !== undefined && this.#olderClaims.push(this.#claim) >= MAX_CLAIMED) this.#olderClaims.shift();
        this.#claim = validated;
      }
      const o = this.#observer;
      if (o !== undefined) {
        if (claim === true) o.callValidated(this, validated, this.#state);
        else o.callChecked(this, validated);
      }
      return validated;
    } catch (e) {
      if (e instanceof ProtocolViolation) throw this.#refuse(e, undefined);
      throw e;
    }
  }

  /**
   * Applies the result of a call validated by this session with `validate(call, true)`:
   * outcome, transition, context, trace, policies. A call not validated that way (a `check`
   * result, another session's, a hand-made object) or one already advanced throws `TypeError`.
   */
  advance(validated: ValidatedCall, result: ToolResult): ExecutionRecord {
    return this.#advanceClaimed(validated, result, true)!;
  }

  /** `advance`; the record is made when `record` is true or an observer reads it, else undefined. */
  #advanceClaimed(validated: ValidatedCall, result: ToolResult, record: boolean): ExecutionRecord | undefined {
    if (!this.#takeClaim(validated)) {
      throw new TypeError(
        `Session ${this.#id}: advance(call, result) takes a call this session validated with validate(call, true) and has not advanced yet; got ${validated && typeof validated === "object" ? `a call of "${String(validated.name)}" it did not issue (or already advanced)` : String(validated)}. Fix: validate the call first (a check() result claims nothing, so it cannot advance).`,
      );
    }
    const o = this.#observer;
    if (o === undefined) return this.#advance(validated, result, record);
    let rec: ExecutionRecord;
    try {
      rec = this.#advance(validated, result, true)!;
    } catch (e) {
      o.callFailed(this, validated, e);
      throw e;
    }
    o.callAdvanced(this, rec);
    return rec;
  }

  /** Removes a claimed call from the claims; false when it is not one. */
  #takeClaim(validated: ValidatedCall): boolean {
    if (this.#claim === validated) {
      this.#claim = this.#olderClaims.pop();
      return true;
    }
    const i = this.#olderClaims.lastIndexOf(validated);
    if (i < 0) return false;
    this.#olderClaims.splice(i, 1);
    return true;
  }

  #advance(validated: ValidatedCall, result: ToolResult, record: boolean): ExecutionRecord | undefined {
    const protocol = this.#protocol;
    const name = validated.name;
    const spec = protocol.tools[name] as AnyToolSpec; // the protocol's spec, never one carried by the call object
    const from = this.#state;
    let outcome: string | undefined;
    if (spec.outcome === undefined && result.ok === true)
      outcome = "ok"; // (what outcomeOf answers, without the call)
    else {
      try {
        outcome = protocol.outcomeOf(name, validated.arguments, result);
      } catch {
        outcome = undefined;
      }
    }
    if (outcome === undefined && !result.ok && spec.effect === "read") {
      // the error maps to no outcome: nothing happened as far as the protocol knows
      throw result.error;
    }
    let to: string;
    let terminal: boolean;
    if (outcome !== undefined && outcome === this.#lastOutcome && name === this.#lastTool && from === this.#lastFrom) {
      to = this.#lastTo;
      terminal = this.#lastTerminal;
    } else {
      try {
        to = protocol.targetOf(from, name, outcome);
      } catch (e) {
        if (spec.effect === "write") this.#markNeedsReconciliation();
        if (!result.ok && outcome === undefined) throw result.error;
        throw e instanceof ProtocolViolation ? this.#refuse(e, validated) : e;
      }
      terminal = protocol.isTerminal(to);
      this.#lastFrom = from;
      this.#lastTool = name;
      this.#lastOutcome = outcome;
      this.#lastTo = to;
      this.#lastTerminal = terminal;
    }
    if (spec.reduce) this.#context = spec.reduce(this.#context, validated.arguments as never, result, outcome as string);
    this.#state = to;
    this.#trace.record(validated.id, name, validated.arguments, outcome as string, from, to, this.#clock());
    if (terminal) this.#status = "ended";
    this.#version++;
    const after = this.#afterHooks;
    for (let i = 0; i < after.length; i++) after[i]!.afterCall!.call(after[i]!.policy, this, validated, result, outcome as string, from, to);
    return record ? { call: validated, result, outcome: outcome as string, from, to } : undefined;
  }

  /** Checks a model call's estimated usage against every policy (budgets). */
  beforeModelCall(estimate: TokenUsage): void {
    try {
      for (const h of this.#hooks) h.beforeModelCall?.call(h.policy, this, estimate);
    } catch (e) {
      if (e instanceof ProtocolViolation) throw this.#refuse(e, undefined);
      throw e;
    }
  }

  /** Accounts a model call's reported usage. */
  afterModelCall(usage: TokenUsage): void {
    for (const h of this.#hooks) h.afterModelCall?.call(h.policy, this, usage);
    this.#version++;
  }

  /** Marks the session as blocked until an earlier write is reconciled. */
  markNeedsReconciliation(): void {
    this.#markNeedsReconciliation();
  }

  #markNeedsReconciliation(): void {
    this.#status = "needs_reconciliation";
    this.#version++;
  }

  /**
   * Clears `needs_reconciliation` after an operator or hook recorded what happened. With a
   * resolution, records that the write ran with that result (the write's transition; nothing
   * runs). Only a write tool of this protocol can be resolved this way.
   */
  reconciled(resolution?: { readonly validated: ValidatedCall; readonly result: ToolResult }): ExecutionRecord | undefined {
    if (this.#status !== "needs_reconciliation") return undefined;
    if (resolution) {
      const name = resolution.validated?.name;
      const spec =
        typeof name === "string" && Object.prototype.hasOwnProperty.call(this.#protocol.tools, name) ? (this.#protocol.tools[name] as AnyToolSpec) : undefined;
      if (spec?.effect !== "write") {
        throw new TypeError(
          `Session ${this.#id}: reconciled(resolution) records the outcome of a write, but "${String(name)}" is not a write tool of protocol "${this.#protocol.name}". Fix: resolve the pending write's own call.`,
        );
      }
    }
    this.#status = this.#protocol.isTerminal(this.#state) ? "ended" : "active";
    this.#version++;
    if (resolution) this.#takeClaim(resolution.validated);
    return resolution ? this.#advance(resolution.validated, resolution.result, true) : undefined;
  }

  /** Records a violation with the session's facts and delivers it to the log (and the observer). */
  reject(v: ProtocolViolation): ProtocolViolation {
    return this.#refuse(v, undefined);
  }

  /** `reject`, naming the claimed call the refusal ends (for the observer). */
  #refuse(v: ProtocolViolation, during: ValidatedCall | undefined): ProtocolViolation {
    const enriched =
      v.sessionId === this.#id
        ? v
        : new ProtocolViolation({
            code: v.code,
            message: v.message,
            protocol: v.protocol ?? this.#protocol.name,
            state: v.state ?? this.#state,
            sessionId: this.#id,
            ...(v.tool !== undefined ? { tool: v.tool } : {}),
            arguments: v.arguments,
            allowedTools: v.allowedTools.length > 0 ? v.allowedTools : this.allowedTools(),
            data: v.data,
            ...(v.hint !== undefined ? { hint: v.hint } : {}),
          });
    this.#log?.report(enriched, this.#lastMessages?.());
    this.#observer?.refused(this, enriched, during);
    return enriched;
  }

  /** Versioned JSON (format 4) of everything the session knows; the trace as far as it is retained. */
  toJSON(): SessionSnapshot {
    const extensions: Record<string, unknown> = {};
    for (const h of this.#hooks) if (h.serialize) extensions[h.policy.key] = h.serialize.call(h.policy);
    const dropped = this.#trace.dropped();
    return {
      format: "concordat.session",
      formatVersion: 4,
      id: this.#id,
      protocol: this.#protocol.name,
      state: this.#state,
      status: this.#status,
      context: this.#context,
      trace: this.#trace.copy(),
      ...(dropped ? { dropped } : {}),
      version: this.#version,
      extensions,
    };
  }

  /**
   * Restores a session from `toJSON()` output (format 4, or formats 3, 2 and 1 from older versions).
   * Malformed data, another protocol's session, an unknown state, a trace that does not fit
   * together or does not end in the stored state, or policy state that does not hold (see the
   * policies' `restore`) throws `SessionStateError` or the policy's error naming the problem;
   * nothing is half-restored.
   */
  static fromJSON<P extends Protocol<any, any, any>>(protocol: P, data: unknown, options: SessionOptions = {}): Session<P> {
    const snap = parseSessionSnapshot(data);
    const bad = (why: string, fix = "restore it from a backup or start a new session") => new SessionStateError(`Session ${snap.id}: ${why}. Fix: ${fix}.`);
    if (snap.protocol !== protocol.name)
      throw bad(`belongs to protocol "${snap.protocol}", not "${protocol.name}"`, "restore it with the protocol it was created with");
    if (!protocol.stateNames.includes(snap.state)) {
      throw bad(
        `is in state "${snap.state}", which protocol "${protocol.name}" does not declare (states: ${protocol.stateNames.join(", ")})`,
        "migrate the stored session or restore it with the matching protocol version",
      );
    }
    if (protocol.config.context) {
      const parsed = protocol.config.context.safeParse(snap.context);
      if (!parsed.success)
        throw bad(
          `has a context that does not match protocol "${protocol.name}"'s context schema: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`,
        );
    }
    const s = new Session(protocol, { ...options, id: snap.id });
    const trace = SessionTrace.restore(snap.id, s.#trace.keep, snap.trace, snap.dropped);
    if (typeof trace === "string") throw bad(trace);
    const endsIn = trace.last()?.to ?? snap.dropped?.lastTo ?? protocol.initial;
    if (endsIn !== snap.state) throw bad(`is in state "${snap.state}", but its trace ends in "${endsIn}"`);
    if (snap.version < trace.length) throw bad(`has version ${snap.version}, lower than the ${trace.length} calls its trace records`);
    if ((snap.status === "ended") !== protocol.isTerminal(snap.state))
      throw bad(`has status "${snap.status}" in ${protocol.isTerminal(snap.state) ? "terminal" : "non-terminal"} state "${snap.state}"`);
    for (const h of s.#hooks) {
      if (h.restore && snap.extensions[h.policy.key] !== undefined) h.restore.call(h.policy, snap.extensions[h.policy.key]);
    }
    s.#state = snap.state;
    s.#status = snap.status;
    s.#context = snap.context;
    s.#trace = trace;
    s.#version = snap.version;
    return s;
  }
}

/**
 * A policy under a key the runtime relies on ("budget", "confirmation") must be the runtime's
 * own class, not a look-alike that could wave calls through.
 */
function requireGenuine(policies: readonly SessionPolicy[], key: string, needed: boolean, cls: Function, protocolName: string): void {
  if (!needed) return;
  for (const p of policies) {
    if (p?.key === key && Object.getPrototypeOf(p) !== cls.prototype) {
      throw new TypeError(
        `Session of protocol "${protocolName}": the policy under key "${key}" must be a ${cls.name} (the runtime's own), got ${p.constructor?.name ?? typeof p}. Fix: pass options.${key === "budget" ? "budget (a BudgetAccount)" : "confirmation (its options)"} instead of a custom policy under that key.`,
      );
    }
  }
}

// Session's methods are the enforcement: nothing may replace them on the prototype.
Object.freeze(Session.prototype);
Object.freeze(Session);
