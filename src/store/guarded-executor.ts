import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { canonicalHash } from "../confirmation/canonical-json.js";
import type { Protocol, ValidatedCall } from "../protocol/protocol.js";
import type { ToolCall, ToolDefinition, ToolResult } from "../protocol/types.js";
import { Session, type ExecutionRecord, type SessionOptions, type SessionStatus } from "../runtime/session.js";
import { SessionStateError } from "../runtime/session-snapshot.js";
import type { SessionPolicy } from "../runtime/session-policy.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationLog } from "../violation/violation-log.js";
import { IncrementalRowEncoder } from "./row-encoding.js";
import type { EncodedState, LedgerEntry, SessionStore, StoredSession, StoredState } from "./session-store.js";
import { ConcordatError } from "../errors/concordat-error.js";
import { SessionConflictError } from "./session-conflict-error.js";

/** What a tool implementation receives besides its arguments. */
export interface GuardedToolContext {
  readonly sessionId: string;
  readonly callId: string;
  /** `${sessionId}:${callId}`: give it to the target system so a reconcile hook can find the write later. */
  readonly idempotencyKey: string;
  readonly call: ValidatedCall;
}

export type GuardedToolImpl = (args: any, context: GuardedToolContext) => unknown;

/** What happened to a write whose outcome was not recorded. */
export type ReconcileResolution =
  | { readonly executed: true; readonly result: ToolResult; readonly by?: string }
  | { readonly executed: false; readonly by?: string };

/**
 * Looks a pending write up in the target system (e.g. by `intent.idempotencyKey`) and says
 * whether it happened. Return `undefined` when it cannot tell: the session stays blocked for
 * an operator.
 */
export type ReconcileHook = (intent: LedgerEntry, context: { readonly sessionId: string; readonly protocol: string }) => ReconcileResolution | undefined | Promise<ReconcileResolution | undefined>;

export interface GuardedExecutorOptions<P extends Protocol<any, any, any>> {
  readonly protocol: P;
  readonly store: SessionStore;
  /**
   * Fresh policy instances (confirmation, budget, …) for each session restored from the store;
   * their state is restored from the stored snapshot. Default: none.
   */
  readonly policies?: (sessionId: string) => readonly SessionPolicy[];
  /**
   * Options for every session created or restored (e.g. `{ confirmation: { key } }`: the grant
   * key must be the same in every process that shares the store, or restored grants do not verify).
   */
  readonly sessionOptions?: Omit<SessionOptions, "id" | "policies" | "log">;
  /** Receives every refusal (once, after the latest stored state confirmed it). */
  readonly log?: ViolationLog;
  /** Decides what an interrupted write did; used by `reconcile(id)` without a resolution. */
  readonly reconcile?: ReconcileHook;
  readonly now?: () => Date;
  /**
   * Keep the last row this process wrote or read and validate against it; a stale copy is
   * caught by compare-and-set (conflict → reload) and a refusal is re-checked against a
   * fresh load. Default true.
   */
  readonly cache?: boolean;
  /** Most sessions kept in that cache; the least recently saved are dropped first. Default 10000. */
  readonly cacheSize?: number;
  /** Run this process's calls on one session one after another (fewer conflicts). Default true. */
  readonly serializeLocally?: boolean;
  /** Compare-and-set conflicts tolerated for one operation before giving up. Default 10000. */
  readonly maxConflicts?: number;
  /**
   * How a read validated against this process's cached copy of the session is made safe. Writes
   * are the same in both modes: they are validated and claimed in one compare-and-set before
   * the tool runs.
   *
   * `"optimistic"` (default): the read runs, and its transition is saved with compare-and-set
   * on the version it was validated against. When another process changed the session in the
   * meantime the save fails, the call is validated again against the latest state and either
   * recorded (the result already obtained; a read never runs twice for one call) or refused
   * with its result discarded. So every result the model receives is from a call that is valid
   * in the stored history at the moment it was recorded; a read may have *run* on a stale copy
   * and been discarded. One database round trip per read.
   *
   * `"strict"`: before the read runs, a version probe (`store.version`) confirms the cached
   * copy is still the latest, so a copy already stale when the call arrives never runs a read.
   * (A change committed between the probe and the save is still caught as above.) It costs a
   * second round trip per read; use it when reads are served by several processes in turn and
   * running a read that is then discarded matters (metered or audited reads).
   */
  readonly consistency?: "optimistic" | "strict";
  /** Tag stored with each intent (which process claimed it). Default host:pid:random. */
  readonly owner?: string;
}

/** A call the guard executed: the session's execution record plus the call id and stored version. */
export interface GuardedExecution extends ExecutionRecord {
  readonly callId: string;
  readonly sessionId: string;
  /** Store version after the call. */
  readonly version: number;
  /** The session's state and status after the call, and the tools it allows now. */
  readonly state: string;
  readonly status: SessionStatus;
  readonly allowedTools: readonly string[];
}

/** What `reconcile` did. */
export interface ReconcileReport {
  readonly resolved: boolean;
  /** The intent that was pending (when there was one). */
  readonly intent?: LedgerEntry;
  readonly resolution?: ReconcileResolution;
  readonly record?: ExecutionRecord;
  readonly version?: number;
}

/** The current stored row of a session with the session restored from it. */
export interface LoadedSession<P extends Protocol<any, any, any>> {
  readonly session: Session<P>;
  readonly stored: StoredSession;
}

/** An operation could not win compare-and-set within `maxConflicts` attempts (code `store_contention`). */
export class StoreContentionError extends ConcordatError<"store_contention"> {
  constructor(sessionId: string, attempts: number) {
    super("store_contention", `Session "${sessionId}": gave up after ${attempts} compare-and-set conflicts. Another writer is changing it continuously. Fix: retry later, or raise maxConflicts.`);
    this.name = "StoreContentionError";
  }
}

/** A session id with no stored row (code `session_not_found`). */
export class SessionNotFoundError extends ConcordatError<"session_not_found"> {
  /**
   * @param sessionId - the id looked up
   * @param message - what looked it up and the fix (by default: create it first)
   */
  constructor(
    readonly sessionId: string,
    message = `Session "${sessionId}" is not in the store. Fix: create it first (POST /sessions or executor.create()).`,
  ) {
    super("session_not_found", message);
    this.name = "SessionNotFoundError";
  }
}

interface CacheEntry {
  readonly stored: StoredSession;
  session: Session<any> | undefined;
}

/**
 * Runs tool calls against sessions persisted in a `SessionStore`, so any process sharing the
 * store serves any session:
 * - a read is validated, run, and its transition saved with compare-and-set (on a conflict it
 *   is validated and run again against the newer state);
 * - a write is validated and its grant claimed in the same compare-and-set that records its
 *   intent (call id, tool, canonical arguments, claims) and marks the stored session
 *   `needs_reconciliation`; only then does the tool run; its outcome is recorded and the session
 *   advanced in a second compare-and-set. A process dying in between leaves the intent and the
 *   mark: no call runs until `reconcile` resolves it. A call id never executes twice.
 */
export class GuardedExecutor<P extends Protocol<any, any, any> = Protocol> {
  readonly protocol: P;
  readonly store: SessionStore;
  readonly owner: string;
  private readonly policies: (sessionId: string) => readonly SessionPolicy[];
  private readonly sessionOptions: Omit<SessionOptions, "id" | "policies" | "log">;
  private readonly log: ViolationLog | undefined;
  private readonly hook: ReconcileHook | undefined;
  private readonly now: () => Date;
  private readonly useCache: boolean;
  private readonly cacheSize: number;
  private readonly serialize: boolean;
  private readonly maxConflicts: number;
  private readonly strict: boolean;
  private readonly cache = new Map<string, CacheEntry>();
  /** The highest stored version this process has seen, by session (rollback detection). */
  private readonly highWater = new Map<string, number>();
  private readonly lanes = new Map<string, Promise<unknown>>();
  private readonly loads = new Map<string, { started: boolean; promise: Promise<StoredSession | undefined> }>();
  private readonly encoders = new WeakMap<Session<any>, IncrementalRowEncoder>();

  constructor(options: GuardedExecutorOptions<P>) {
    if (!options?.protocol || !options.store) throw new TypeError("GuardedExecutor: pass { protocol, store }.");
    this.protocol = options.protocol;
    this.store = options.store;
    this.policies = options.policies ?? (() => []);
    this.sessionOptions = options.sessionOptions ?? {};
    this.log = options.log;
    this.hook = options.reconcile;
    this.now = options.now ?? (() => new Date());
    this.useCache = options.cache ?? true;
    this.cacheSize = options.cacheSize ?? 10_000;
    if (!Number.isInteger(this.cacheSize) || this.cacheSize < 1) throw new TypeError(`GuardedExecutor: cacheSize must be a positive integer; got ${String(options.cacheSize)}. Fix: pass a session count, or cache: false.`);
    this.serialize = options.serializeLocally ?? true;
    this.maxConflicts = options.maxConflicts ?? 10_000;
    const consistency = options.consistency ?? "optimistic";
    if (consistency !== "optimistic" && consistency !== "strict") throw new TypeError(`GuardedExecutor: consistency ${JSON.stringify(consistency)} is not one of "optimistic" (default) or "strict".`);
    this.strict = consistency === "strict";
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /** Creates and stores a new session; `init` may set it up (e.g. add a pending confirmation) before the first save. */
  async create(options: { readonly id?: string; readonly init?: (session: Session<P>) => void | Promise<void> } = {}): Promise<LoadedSession<P>> {
    const id = options.id ?? randomUUID();
    const session = new Session(this.protocol, { now: this.now, ...this.sessionOptions, id, policies: [...this.policies(id)] });
    await options.init?.(session);
    const stored = await this.store.create(id, { session: session.toJSON(), ledger: {} });
    this.noteVersion(id, stored.version, true); // a new session: forget what an earlier one under this id reached
    this.remember(stored, session);
    return { session, stored };
  }

  /** The latest stored state of a session (verified), restored. Throws `SessionNotFoundError`, or `state_tampered`. */
  async load(sessionId: string): Promise<LoadedSession<P>> {
    const stored = await this.fetch(sessionId, true);
    return { stored, session: this.restore(stored) };
  }

  /** Tool definitions the session allows now (from the latest stored state). */
  async toolsAllowed(sessionId: string): Promise<ToolDefinition[]> {
    const { stored, session } = await this.load(sessionId);
    if (stored.state.pending !== undefined) return [];
    return session.toolsForModel();
  }

  /**
   * Validates a call against the stored session, runs it, advances and saves. Throws
   * `ProtocolViolation` before `impl` runs when refused (including `duplicate_call` for a call
   * id already seen and `needs_reconciliation` while a write's outcome is unknown).
   */
  execute(sessionId: string, call: ToolCall, impl: GuardedToolImpl): Promise<GuardedExecution> {
    const given = call.id !== undefined && call.id !== "";
    const withId: ToolCall = given ? call : { ...call, id: randomUUID() };
    return this.inLane(sessionId, () => this.executeNow(sessionId, withId, impl, !given));
  }

  /**
   * Changes a stored session outside a tool call (confirm or deny a pending action, request
   * confirmation, …) with compare-and-set; `change` may run more than once on conflicts, so it
   * must only touch the session it is given.
   */
  update<T>(sessionId: string, change: (session: Session<P>) => T | Promise<T>): Promise<{ readonly value: Awaited<T>; readonly session: Session<P>; readonly version: number }> {
    return this.inLane(sessionId, async () => {
      for (let attempt = 0; attempt <= this.maxConflicts; attempt++) {
        const stored = await this.fetch(sessionId, attempt > 0 || !this.useCache);
        const session = this.restore(stored);
        let value: Awaited<T>;
        try {
          value = await change(session);
        } catch (e) {
          if (e instanceof ProtocolViolation) throw this.report(session.reject(e));
          throw e;
        }
        const saved = await this.store.compareAndSet(sessionId, stored.version, { ...stored.state, session: session.toJSON() });
        if (saved) {
          this.remember(saved, session);
          return { value, session, version: saved.version };
        }
        this.forget(sessionId);
      }
      throw new StoreContentionError(sessionId, this.maxConflicts);
    });
  }

  /**
   * Resolves a write whose outcome is unknown: with `resolution` (an operator's decision) or
   * else the configured reconcile hook. `executed: true` records the result and advances the
   * session along the tool's outcome; `executed: false` records that it did not happen (the
   * claimed grant stays consumed: ask the user again). Either way the session accepts calls again.
   */
  reconcile(sessionId: string, resolution?: ReconcileResolution): Promise<ReconcileReport> {
    return this.inLane(sessionId, async () => {
      for (let attempt = 0; attempt <= this.maxConflicts; attempt++) {
        const stored = await this.fetch(sessionId, true);
        const session = this.restore(stored);
        const pendingId = stored.state.pending;
        const intent = pendingId !== undefined ? stored.state.ledger[pendingId] : undefined;
        if (session.status !== "needs_reconciliation" && intent === undefined) return { resolved: false };
        let decided = resolution;
        if (decided === undefined && intent !== undefined && this.hook) decided = await this.hook(intent, { sessionId, protocol: this.protocol.name });
        if (decided === undefined) return { resolved: false, ...(intent ? { intent } : {}) };
        if (decided.executed && (decided.result === undefined || typeof decided.result !== "object")) {
          throw new TypeError(`reconcile(${JSON.stringify(sessionId)}): an executed resolution needs the write's result ({ ok: true, value } or { ok: false, error }).`);
        }
        const by = decided.by ?? (resolution ? "operator" : "reconcile-hook");
        let record: ExecutionRecord | undefined;
        let ledger = stored.state.ledger;
        if (intent && decided.executed) {
          record = session.reconciled({ validated: this.revalidated(intent), result: decided.result });
          ledger = { ...ledger, [intent.callId]: { ...intent, status: "reconciled_executed", outcome: record!.outcome, from: record!.from, to: record!.to, finishedAt: this.now().toISOString(), resolvedBy: by } };
        } else {
          session.reconciled();
          if (intent) ledger = { ...ledger, [intent.callId]: { ...intent, status: "reconciled_not_executed", finishedAt: this.now().toISOString(), resolvedBy: by } };
        }
        const saved = await this.store.compareAndSet(sessionId, stored.version, { session: session.toJSON(), ledger });
        if (saved) {
          this.remember(saved, session);
          return { resolved: true, resolution: decided, version: saved.version, ...(intent ? { intent } : {}), ...(record ? { record } : {}) };
        }
      }
      throw new StoreContentionError(sessionId, this.maxConflicts);
    });
  }

  // ---------------------------------------------------------------------------------------

  private async executeNow(sessionId: string, call: ToolCall, impl: GuardedToolImpl, freshId = false): Promise<GuardedExecution> {
    const callId = call.id as string;
    const isWrite = this.protocol.tools[call.name]?.effect === "write";
    let obtained: ToolResult | undefined;
    for (let attempt = 0; attempt <= this.maxConflicts; attempt++) {
      const fresh = attempt > 0 || !this.useCache;
      const { stored, session, cached } = this.cachedCurrent(sessionId, fresh) ?? (await this.loadCurrent(sessionId));
      let validated: ValidatedCall;
      let claims: Record<string, unknown> = {};
      try {
        this.precheck(stored, session, call, freshId);
        const before = isWrite ? this.policyStates(session) : undefined;
        validated = session.validate(call, true);
        if (before) claims = this.claimsOf(session, before, validated);
      } catch (e) {
        this.forget(sessionId);
        if (e instanceof ProtocolViolation) {
          if (cached) continue; // a stale copy may refuse what the latest state allows: check again
          this.rememberRow(stored);
          throw this.report(obtained !== undefined ? this.reportedLate(e, session) : e);
        }
        throw e;
      }
      if (validated.spec.effect === "write") {
        const outcome = await this.claimAndRunWrite(sessionId, stored, session, validated, claims, impl);
        if (outcome === "conflict") continue;
        return outcome;
      }
      // read: make sure a cached copy is still the latest (strict), run once, then save the
      // transition (and whatever policies claimed) in one compare-and-set
      if (cached && this.strict && obtained === undefined) {
        const latest = await this.store.version(sessionId);
        if (latest !== stored.version) {
          this.forget(sessionId);
          continue;
        }
      }
      let result = obtained ?? runImpl(impl, validated, { sessionId, callId, idempotencyKey: `${sessionId}:${callId}`, call: validated });
      if (result instanceof Promise) result = await result;
      obtained = result;
      let record: ExecutionRecord;
      try {
        record = session.advance(validated, result);
      } catch (e) {
        this.forget(sessionId);
        // a read error with no outcome: nothing happened, nothing is saved
        if (e instanceof ProtocolViolation) throw this.report(e);
        throw e;
      }
      // a read runs only when nothing is pending (precheck), so the state is the session and the ledger
      const next: StoredState = { session: session.toJSON(), ledger: stored.state.ledger };
      const saved = await this.store.compareAndSet(sessionId, stored.version, next, this.encode(next, session));
      if (!saved) {
        // another process changed the session while the read ran: validate the call again
        // against the latest state and record the result already obtained (never run it twice)
        this.forget(sessionId);
        continue;
      }
      this.remember(saved, session);
      return executionOf(record, callId, sessionId, saved.version, session);
    }
    throw new StoreContentionError(sessionId, this.maxConflicts);
  }

  private async claimAndRunWrite(sessionId: string, stored: StoredSession, session: Session<P>, validated: ValidatedCall, claims: Record<string, unknown>, impl: GuardedToolImpl): Promise<GuardedExecution | "conflict"> {
    const callId = validated.id as string;
    const intent: LedgerEntry = {
      callId,
      tool: validated.name,
      arguments: validated.arguments,
      argsHash: canonicalHash(validated.arguments ?? null),
      claims,
      status: "intent",
      idempotencyKey: `${sessionId}:${callId}`,
      intentAt: this.now().toISOString(),
      owner: this.owner,
    };
    // the stored copy says "outcome unknown" until the outcome is recorded: a crash leaves it so
    session.markNeedsReconciliation();
    const intentState: StoredState = { session: session.toJSON(), ledger: { ...stored.state.ledger, [callId]: intent }, pending: callId };
    const claimed = await this.store.compareAndSet(sessionId, stored.version, intentState, this.encode(intentState, session));
    if (!claimed) {
      this.forget(sessionId);
      return "conflict";
    }
    this.forget(sessionId);
    const result = await runImpl(impl, validated, { sessionId, callId, idempotencyKey: intent.idempotencyKey, call: validated });
    return this.recordOutcome(sessionId, claimed, session, validated, intent, result);
  }

  private async recordOutcome(sessionId: string, claimed: StoredSession, claimedSession: Session<P>, validated: ValidatedCall, intent: LedgerEntry, result: ToolResult): Promise<GuardedExecution> {
    let base = claimed;
    let session = claimedSession;
    for (let attempt = 0; attempt <= this.maxConflicts; attempt++) {
      let record: ExecutionRecord | undefined;
      let failure: unknown;
      try {
        record = session.reconciled({ validated, result });
      } catch (e) {
        failure = e; // the result maps to no outcome: the session stays needs_reconciliation
      }
      const finishedAt = this.now().toISOString();
      const entry: LedgerEntry = record
        ? { ...intent, status: "done", outcome: record.outcome, from: record.from, to: record.to, finishedAt }
        : { ...intent, status: "unknown_outcome", error: describe(failure), finishedAt };
      const next: StoredState = record
        ? { session: session.toJSON(), ledger: { ...base.state.ledger, [intent.callId]: entry } }
        : { session: session.toJSON(), ledger: { ...base.state.ledger, [intent.callId]: entry }, pending: intent.callId };
      const saved = await this.store.compareAndSet(sessionId, base.version, next, this.encode(next, session));
      if (saved) {
        if (record) this.remember(saved, session);
        if (!record) {
          if (failure instanceof ProtocolViolation) throw this.report(failure);
          throw failure;
        }
        return executionOf(record, intent.callId, sessionId, saved.version, session);
      }
      // someone changed the row while the tool ran (a confirmation, an operator): apply to theirs
      const latest = await this.store.load(sessionId);
      if (latest) this.checkNotRolledBack(latest);
      const still = latest?.state.pending === intent.callId && latest.state.ledger[intent.callId]?.status === "intent";
      if (!latest || !still) {
        throw new SessionConflictError(sessionId, `Session "${sessionId}": the write "${intent.tool}" (call ${intent.callId}) finished with ${result.ok ? "a result" : "an error"} after its intent was resolved elsewhere (${latest ? `ledger status ${latest.state.ledger[intent.callId]?.status ?? "missing"}` : "session deleted"}). The outcome was not recorded. Fix: an operator must compare the target system with the session.`);
      }
      base = latest;
      session = this.restore(latest);
    }
    throw new StoreContentionError(sessionId, this.maxConflicts);
  }

  /** Refusals the guard adds before the protocol check: duplicate call ids and unresolved writes. */
  private precheck(stored: StoredSession, session: Session<P>, call: ToolCall, freshId: boolean): void {
    const callId = call.id as string;
    // a random id this executor just generated cannot be in the ledger; nor can anything be in
    // an empty one (looking a new string up in an object costs about a microsecond)
    const seen = freshId || isEmpty(stored.state.ledger) ? undefined : stored.state.ledger[callId];
    // a random id this executor just generated cannot be in the trace: skip the scan
    if (seen !== undefined || (!freshId && traceHasCall(session.trace, callId))) {
      throw session.reject(
        new ProtocolViolation({
          code: "duplicate_call",
          message: `Call id "${callId}" was already ${seen ? `claimed by "${seen.tool}" (status ${seen.status}${seen.outcome ? `, outcome ${seen.outcome}` : ""})` : "executed"} in session "${session.id}"; a call id never executes twice.`,
          protocol: this.protocol.name,
          state: session.state,
          sessionId: session.id,
          tool: call.name,
          arguments: call.arguments,
          data: seen ? { callId, status: seen.status, ...(seen.outcome ? { outcome: seen.outcome } : {}) } : { callId },
          hint: "Use a new call id for a new call; to learn what the earlier call did, read the session.",
        }),
      );
    }
    const pendingId = stored.state.pending;
    if (pendingId !== undefined) {
      const p = stored.state.ledger[pendingId];
      throw session.reject(
        new ProtocolViolation({
          code: "needs_reconciliation",
          message: `Session "${session.id}" has a write whose outcome is not recorded: "${p?.tool ?? "?"}" (call ${pendingId}), claimed at ${p?.intentAt ?? "?"} by ${p?.owner ?? "?"}. It is running now, or its process died; no call runs until it is resolved.`,
          protocol: this.protocol.name,
          state: session.state,
          sessionId: session.id,
          tool: call.name,
          arguments: call.arguments,
          allowedTools: [],
          data: { pendingCallId: pendingId, pendingTool: p?.tool, status: p?.status },
          hint: "Wait for the running write, or have an operator or the reconcile hook record what it did (executor.reconcile).",
        }),
      );
    }
  }

  private policyStates(session: Session<P>): Map<string, string> {
    const out = new Map<string, string>();
    for (const key of Object.keys(session.toJSON().extensions)) {
      const p = session.policy(key);
      if (p?.serialize) out.set(key, JSON.stringify(p.serialize() ?? null));
    }
    return out;
  }

  /**
   * What each policy claimed for a write: the policy's own description when it has a
   * `claimed(session, call)` method; the entries it added to a `consumed` list (the confirmation
   * policy's consumed grants); else the hash of its new state.
   */
  private claimsOf(session: Session<P>, before: Map<string, string>, call: ValidatedCall): Record<string, unknown> {
    const claims: Record<string, unknown> = {};
    for (const [key, was] of before) {
      const p = session.policy(key) as (SessionPolicy & { claimed?: (s: Session<any>, c: ValidatedCall) => unknown }) | undefined;
      if (!p?.serialize) continue;
      const nowState = p.serialize() ?? null;
      const now = JSON.stringify(nowState);
      if (now === was) continue;
      if (typeof p.claimed === "function") {
        claims[key] = p.claimed(session, call);
        continue;
      }
      const consumedBefore = (JSON.parse(was) as { consumed?: unknown } | null)?.consumed;
      const consumedNow = (nowState as { consumed?: unknown }).consumed;
      if (Array.isArray(consumedBefore) && Array.isArray(consumedNow)) {
        const had = new Set(consumedBefore.map((c) => JSON.stringify(c)));
        claims[key] = { consumed: consumedNow.filter((c) => !had.has(JSON.stringify(c))) };
      } else {
        claims[key] = { stateHash: canonicalHash(JSON.parse(now)) };
      }
    }
    return claims;
  }

  /**
   * The row of a stored state, encoded incrementally per Session object: its trace only grows,
   * so the encoder keeps what it already encoded and signed. Keyed by object identity, never by
   * session id, so a diverging copy of the session cannot be mixed in.
   */
  private encode(state: StoredState, session: Session<P>): EncodedState {
    let encoder = this.encoders.get(session);
    if (!encoder || encoder.entries > state.session.trace.length) {
      encoder = new IncrementalRowEncoder(this.store.rowSigner?.(state.session.id));
      this.encoders.set(session, encoder);
    }
    return encoder.encode(state);
  }

  private revalidated(intent: LedgerEntry): ValidatedCall {
    const spec = this.protocol.tools[intent.tool];
    if (!spec) throw new SessionStateError(`Pending write "${intent.tool}" (call ${intent.callId}) is not a tool of protocol "${this.protocol.name}". Fix: reconcile with the protocol version that created it.`);
    return { id: intent.callId, name: intent.tool, arguments: intent.arguments, spec };
  }

  private restore(stored: StoredSession): Session<P> {
    return Session.fromJSON(this.protocol, stored.state.session, { now: this.now, ...this.sessionOptions, policies: [...this.policies(stored.id)] });
  }

  private async fetch(sessionId: string, fresh: boolean): Promise<StoredSession> {
    const c = fresh ? undefined : this.cache.get(sessionId);
    if (c) return c.stored;
    let stored: StoredSession | undefined;
    try {
      stored = await this.sharedLoad(sessionId);
    } catch (e) {
      this.forget(sessionId);
      if (e instanceof ProtocolViolation) throw this.report(e);
      throw e;
    }
    if (!stored) throw new SessionNotFoundError(sessionId);
    if (stored.state.session.id !== sessionId) {
      throw this.report(new ProtocolViolation({ code: "state_tampered", sessionId, message: `Stored row "${sessionId}" holds session "${stored.state.session.id}". Nothing was executed.`, hint: "Restore the row from a backup." }));
    }
    this.checkNotRolledBack(stored);
    return stored;
  }

  /**
   * A validly signed row older than one this process has already seen is a rollback (e.g. an
   * old row written back to bring a consumed grant back): refused as `state_tampered`.
   */
  private checkNotRolledBack(stored: StoredSession): void {
    const seen = this.highWater.get(stored.id);
    if (seen !== undefined && stored.version < seen) {
      this.forget(stored.id);
      throw this.report(
        new ProtocolViolation({
          code: "state_tampered",
          sessionId: stored.id,
          message: `Stored session "${stored.id}" is at version ${stored.version}, but this process has already seen version ${seen}: an older row was written back (a rollback). Nothing was executed.`,
          data: { storedVersion: stored.version, seenVersion: seen },
          hint: "Restore the latest row from a backup or an audit log. If the session was deleted and created again under the same id, use a new id instead.",
        }),
      );
    }
    this.noteVersion(stored.id, stored.version);
  }

  /**
   * Remembers the highest version seen of a session. Bounded: past HIGH_WATER_SESSIONS the
   * session first noted longest ago is dropped (an active one is noted again at its next save).
   */
  private noteVersion(sessionId: string, version: number, reset = false): void {
    const seen = this.highWater.get(sessionId);
    if (seen === undefined) {
      this.highWater.set(sessionId, version);
      if (this.highWater.size > HIGH_WATER_SESSIONS) this.highWater.delete(this.highWater.keys().next().value!);
    } else if (version > seen || reset) this.highWater.set(sessionId, version);
  }

  /**
   * Loads a row; concurrent callers in this process share loads. A caller joins a load that
   * has not started yet, never one already running (which may predate its call), so every
   * caller sees a state read after it asked: at most one load runs and one waits per session.
   */
  private sharedLoad(sessionId: string): Promise<StoredSession | undefined> {
    const running = this.loads.get(sessionId);
    if (running && !running.started) return running.promise;
    const entry: { started: boolean; promise: Promise<StoredSession | undefined> } = { started: false, promise: Promise.resolve(undefined) };
    entry.promise = (async () => {
      if (running) await running.promise.catch(() => undefined);
      entry.started = true;
      try {
        return await this.store.load(sessionId);
      } finally {
        if (this.loads.get(sessionId) === entry) this.loads.delete(sessionId);
      }
    })();
    this.loads.set(sessionId, entry);
    return entry.promise;
  }

  /** The session to validate against: the cached one when allowed, else freshly loaded. */
  private cachedCurrent(sessionId: string, fresh: boolean): { stored: StoredSession; session: Session<P>; cached: true } | undefined {
    if (fresh || !this.useCache) return undefined;
    const c = this.cache.get(sessionId);
    if (c?.session) {
      const session = c.session as Session<P>;
      c.session = undefined; // handed out: it will be mutated; re-cached after a successful save
      return { stored: c.stored, session, cached: true };
    }
    if (c) return { stored: c.stored, session: this.restore(c.stored), cached: true };
    return undefined;
  }

  /** The latest stored row, freshly loaded, and the session restored from it. */
  private async loadCurrent(sessionId: string): Promise<{ stored: StoredSession; session: Session<P>; cached: false }> {
    const stored = await this.fetch(sessionId, true);
    return { stored, session: this.restore(stored), cached: false };
  }

  private remember(stored: StoredSession, session: Session<P>): void {
    this.noteVersion(stored.id, stored.version);
    if (this.useCache) this.cacheSet(stored.id, { stored, session });
  }

  /** Caches a row without a session object (the next call restores its own copy). */
  private rememberRow(stored: StoredSession): void {
    if (!this.useCache) return;
    const c = this.cache.get(stored.id);
    if (!c || c.stored.version <= stored.version) this.cacheSet(stored.id, { stored, session: undefined });
  }

  /** Map order is insertion order: re-inserting on every save keeps the least recently saved first. */
  private cacheSet(sessionId: string, entry: CacheEntry): void {
    this.cache.delete(sessionId);
    this.cache.set(sessionId, entry);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  private forget(sessionId: string): void {
    this.cache.delete(sessionId);
  }

  /** A refusal that came after the read ran (another process changed the session meanwhile). */
  private reportedLate(v: ProtocolViolation, session: Session<P>): ProtocolViolation {
    return new ProtocolViolation({
      code: v.code,
      message: `${v.message} (Another process changed session "${session.id}" while this read ran; its result was discarded and nothing was recorded.)`,
      ...(v.protocol !== undefined ? { protocol: v.protocol } : {}),
      ...(v.state !== undefined ? { state: v.state } : {}),
      sessionId: session.id,
      ...(v.tool !== undefined ? { tool: v.tool } : {}),
      arguments: v.arguments,
      allowedTools: v.allowedTools,
      data: { ...v.data, readRanConcurrently: true },
      ...(v.hint !== undefined ? { hint: v.hint } : {}),
    });
  }

  private report(v: ProtocolViolation): ProtocolViolation {
    this.log?.report(v);
    return v;
  }

  private inLane<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
    if (!this.serialize) return fn();
    const prev = this.lanes.get(sessionId);
    const next = prev ? prev.then(fn, fn) : fn();
    this.lanes.set(sessionId, next);
    const done = () => {
      if (this.lanes.get(sessionId) === next) this.lanes.delete(sessionId);
    };
    next.then(done, done);
    return next;
  }
}

/** Sessions whose highest seen version an executor remembers (~100 bytes each). */
const HIGH_WATER_SESSIONS = 100_000;

function traceHasCall(trace: readonly { readonly callId?: string }[], callId: string): boolean {
  for (let i = trace.length - 1; i >= 0; i--) if (trace[i]!.callId === callId) return true;
  return false;
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

/** What `execute` returns (built field by field: a spread of the record is several times slower on this hot path). */
function executionOf(record: ExecutionRecord, callId: string, sessionId: string, version: number, session: Session<any>): GuardedExecution {
  return { call: record.call, result: record.result, outcome: record.outcome, from: record.from, to: record.to, callId, sessionId, version, state: session.state, status: session.status, allowedTools: session.allowedTools() };
}

/** Runs a tool implementation; a synchronous one is not sent through the microtask queue. */
function runImpl(impl: GuardedToolImpl, validated: ValidatedCall, context: GuardedToolContext): ToolResult | Promise<ToolResult> {
  let value: unknown;
  try {
    value = impl(validated.arguments, context);
  } catch (error) {
    return { ok: false, error };
  }
  if (value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as PromiseLike<unknown>).then === "function") {
    return Promise.resolve(value).then(
      (v): ToolResult => ({ ok: true, value: v }),
      (error): ToolResult => ({ ok: false, error }),
    );
  }
  return { ok: true, value };
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
