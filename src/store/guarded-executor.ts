import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Protocol, ValidatedCall } from "../protocol/protocol.js";
import type { ToolCall, ToolDefinition, ToolResult } from "../protocol/types.js";
import { Session, type ExecutionRecord, type SessionOptions } from "../runtime/session.js";
import type { SessionPolicy } from "../runtime/session-policy.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationLog } from "../violation/violation-log.js";
import { blockedByWrite, duplicateCall, executionOf, replayOf, reportedLate, runImpl, type GuardedExecution, type GuardedToolImpl } from "./call-replay.js";
import { OutcomeNotRecordedError, SessionNotFoundError, StoreUnavailableError } from "./guard-errors.js";
import { HighWaterMarks } from "./high-water-marks.js";
import { CONFLICT, retryOnConflict } from "./retry-on-conflict.js";
import { IncrementalRowEncoder } from "./row-encoding.js";
import { footprint, SessionCache } from "./session-cache.js";
import { SessionLanes } from "./session-lanes.js";
import { ClaimConflictError, headState, SessionExistsError, type FoundCall, type LedgerEntry, type RecordedCalls, type SaveOptions, type SessionStore, type StoredSession, type StoredState } from "./session-store.js";
import { findInHead } from "./signed-session-store.js";
import { SingleFlightLoads } from "./single-flight.js";
import { UnrecordedOutcomes } from "./unrecorded-outcomes.js";
import { claimKeys, claimsOf, finishedEntry, newIntent, ownerGone, policyStates, recordedResult, revalidated, sameCall } from "./write-ledger.js";

export type { GuardedExecution, GuardedToolContext, GuardedToolImpl } from "./call-replay.js";
export { OutcomeNotRecordedError, SessionNotFoundError, StoreContentionError, StoreUnavailableError } from "./guard-errors.js";

/** What happened to a write whose outcome was not recorded. */
export type ReconcileResolution = { readonly executed: true; readonly result: ToolResult; readonly by?: string } | { readonly executed: false; readonly by?: string };

/**
 * Looks a pending write up in the target system (e.g. by `intent.idempotencyKey`) and says
 * whether it happened. Return `undefined` when it cannot tell: the session stays blocked for
 * an operator.
 */
export type ReconcileHook = (intent: LedgerEntry, context: { readonly sessionId: string; readonly protocol: string }) => ReconcileResolution | undefined | Promise<ReconcileResolution | undefined>;

export interface GuardedExecutorOptions<P extends Protocol<any, any, any>> {
  readonly protocol: P;
  readonly store: SessionStore;
  /** Fresh policy instances (confirmation, budget, …) for each session restored from the store. @default none */
  readonly policies?: (sessionId: string) => readonly SessionPolicy[];
  /**
   * Options for every session created or restored (e.g. `{ confirmation: { key } }`: the grant
   * key must be the same in every process that shares the store, or restored grants do not verify).
   */
  readonly sessionOptions?: Omit<SessionOptions, "id" | "policies" | "log">;
  /** Receives every refusal (once, after the latest stored state confirmed it). */
  readonly log?: ViolationLog;
  /**
   * Decides what an interrupted write did. Used by `reconcile(id)` without a resolution, and
   * automatically when a call meets a write whose process is gone (same host, pid no longer
   * running), whose lease (`inFlightLeaseMs`) expired, or whose tool failed without an outcome.
   */
  readonly reconcile?: ReconcileHook;
  readonly now?: () => Date;
  /** Keep the last row this process wrote or read and validate against it (a stale copy is caught by compare-and-set). @default true */
  readonly cache?: boolean;
  /** Bytes the cache may count (estimated per session, see `footprint`); least recently saved dropped first. @default 32 MiB */
  readonly cacheBytes?: number;
  /** Most sessions in the cache. @default 10000 */
  readonly cacheSize?: number;
  /** Run this process's calls on one session one after another (fewer conflicts). @default true */
  readonly serializeLocally?: boolean;
  /** Compare-and-set conflicts tolerated for one operation before `StoreContentionError`. @default 10000 */
  readonly maxConflicts?: number;
  /**
   * How a read validated against this process's cached copy is made safe: `"optimistic"` runs it
   * and saves with compare-and-set on the version it was validated against (on a conflict it is
   * validated again against the latest state, and recorded with the result already obtained or
   * refused with it discarded); `"strict"` first probes the stored version, so a copy already
   * stale never runs a read (a second round trip). Writes are the same in both. @default "optimistic"
   */
  readonly consistency?: "optimistic" | "strict";
  /** Tag stored with each intent (which process claimed it). @default host:pid:random */
  readonly owner?: string;
  /** After this long an unfinished write claimed by a process that cannot be checked is taken as abandoned (for the reconcile hook). @default 300000 */
  readonly inFlightLeaseMs?: number;
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

/** Options of `create`. */
export interface CreateOptions<P extends Protocol<any, any, any>> {
  readonly id?: string;
  /** Sets the session up (e.g. adds a pending confirmation) before the first save. */
  readonly init?: (session: Session<P>) => void | Promise<void>;
  /** A keyed hash of the creator's idempotency key: a retry with the same one returns the stored session (`created: false`). */
  readonly idempotencyKey?: string;
  /** Stored with the creation (e.g. when its tokens expire), returned to a retry. */
  readonly expiresAt?: number;
}

interface Current<P extends Protocol<any, any, any>> {
  readonly stored: StoredSession;
  readonly session: Session<P>;
  readonly cached: boolean;
}

/**
 * Runs tool calls against sessions persisted in a `SessionStore`, so any process sharing the
 * store serves any session:
 * - a read is validated, run, and its transition saved with compare-and-set (on a conflict it is
 *   validated again against the newer state; its result is recorded for retries);
 * - a write is validated and its grant claimed in the same compare-and-set that records its
 *   intent (call id, tool, canonical arguments, claims) in the head and its claims in the store's
 *   append-only claim table; only then does the tool run; its outcome is recorded in a second
 *   compare-and-set. A process dying in between leaves the intent: no call runs until it is
 *   resolved (by the reconcile hook, automatically once its process is known gone, or by an
 *   operator). A call id never executes twice; a retry with it gets the recorded result.
 *
 * @example
 * ```ts
 * const executor = new GuardedExecutor({ protocol: refund, store, sessionOptions: { confirmation: { key } } });
 * const { session } = await executor.create();
 * const r = await executor.execute(session.id, { id: "c1", name: "lookup_booking", arguments: { bookingId: "B1" } }, lookup);
 * ```
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
  private readonly maxConflicts: number;
  private readonly strict: boolean;
  private readonly leaseMs: number;
  private readonly cache: SessionCache<Session<P>> | undefined;
  private readonly marks = new HighWaterMarks();
  private readonly lanes: SessionLanes;
  private readonly loads = new SingleFlightLoads<StoredSession | undefined>();
  private readonly encoders = new WeakMap<Session<any>, IncrementalRowEncoder>();
  /** Writes running in this executor, by `${sessionId}\0${callId}`. */
  private readonly inFlight = new Set<string>();
  private readonly unrecorded: UnrecordedOutcomes;

  /**
   * @param options `protocol` and `store` are required; see `GuardedExecutorOptions`.
   * @throws TypeError for a missing protocol or store, or a bad `cacheSize`, `cacheBytes` or `consistency`.
   */
  constructor(options: GuardedExecutorOptions<P>) {
    if (!options?.protocol || !options.store) throw new TypeError("GuardedExecutor: pass { protocol, store }.");
    this.protocol = options.protocol;
    this.store = options.store;
    this.policies = options.policies ?? (() => []);
    this.sessionOptions = options.sessionOptions ?? {};
    this.log = options.log;
    this.hook = options.reconcile;
    this.now = options.now ?? (() => new Date());
    const size = options.cacheSize ?? 10_000;
    if (!Number.isInteger(size) || size < 1) throw new TypeError(`GuardedExecutor: cacheSize must be a positive integer; got ${String(options.cacheSize)}. Fix: pass a session count, or cache: false.`);
    const bytes = options.cacheBytes ?? 32 * 1024 * 1024;
    if (!Number.isFinite(bytes) || bytes < 0) throw new TypeError(`GuardedExecutor: cacheBytes must be a non-negative number of bytes; got ${String(options.cacheBytes)}.`);
    this.cache = (options.cache ?? true) ? new SessionCache(bytes, size) : undefined;
    this.lanes = new SessionLanes(options.serializeLocally ?? true);
    this.maxConflicts = options.maxConflicts ?? 10_000;
    const consistency = options.consistency ?? "optimistic";
    if (consistency !== "optimistic" && consistency !== "strict") throw new TypeError(`GuardedExecutor: consistency ${JSON.stringify(consistency)} is not one of "optimistic" (default) or "strict".`);
    this.strict = consistency === "strict";
    this.leaseMs = options.inFlightLeaseMs ?? 300_000;
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const keep = this.sessionOptions.trace?.keep;
    const seal = this.store.sealPolicy?.records;
    if (keep !== undefined && seal !== undefined && keep < seal) {
      throw new TypeError(`GuardedExecutor: sessionOptions.trace.keep is ${keep}, below the store's seal size (${seal} calls): calls could leave memory before they are stored. Fix: keep at least ${seal} entries (the default keeps 1000).`);
    }
    this.unrecorded = new UnrecordedOutcomes((sessionId) => this.lanes.run(sessionId, () => this.recordHeld(sessionId)));
  }

  /**
   * Creates and stores a new session. With `idempotencyKey`, a retry after a lost answer returns
   * the session already stored under that id and key (`created: false`); another key gets
   * `SessionExistsError`.
   * @throws SessionExistsError when the id is taken (by another creation).
   */
  async create(options: CreateOptions<P> = {}): Promise<LoadedSession<P> & { readonly created: boolean }> {
    const id = options.id ?? randomUUID();
    const session = new Session(this.protocol, { now: this.now, ...this.sessionOptions, id, policies: [...this.policies(id)] });
    await options.init?.(session);
    const creation = options.idempotencyKey !== undefined || options.expiresAt !== undefined ? { at: this.now().toISOString(), ...(options.idempotencyKey !== undefined ? { key: options.idempotencyKey } : {}), ...(options.expiresAt !== undefined ? { expiresAt: options.expiresAt } : {}) } : undefined;
    let stored: StoredSession;
    try {
      stored = await this.store.create(id, headState(session.toJSON(), {}, undefined, undefined, undefined, creation));
    } catch (e) {
      if (!(e instanceof SessionExistsError) || options.idempotencyKey === undefined) throw e;
      const existing = await this.load(id);
      if (existing.stored.state.creation?.key !== options.idempotencyKey) throw e;
      return { ...existing, created: false };
    }
    this.marks.note(id, stored.version, true); // a new session: forget what an earlier one under this id reached
    this.remember(stored, session, 0);
    return { session, stored, created: true };
  }

  /** The latest stored state of a session (verified), restored. @throws SessionNotFoundError, or `state_tampered`. */
  async load(sessionId: string): Promise<LoadedSession<P>> {
    const stored = await this.fetch(sessionId);
    this.cache?.setRow(sessionId, stored, footprint(stored, 0));
    return { stored, session: this.restore(stored) };
  }

  /** Tool definitions the session allows now (from the latest stored state). */
  async toolsAllowed(sessionId: string): Promise<ToolDefinition[]> {
    const { stored, session } = await this.load(sessionId);
    if (stored.state.pending !== undefined) return [];
    return session.toolsForModel();
  }

  /**
   * Validates a call against the stored session, runs it, advances and saves. A call id already
   * recorded returns the recorded execution (`replayed: true`) without running anything.
   * @throws ProtocolViolation before `impl` runs when refused (`needs_reconciliation` while a
   *   write's outcome is unknown, `duplicate_call` for a call id used for another call);
   *   `StoreUnavailableError` / `OutcomeNotRecordedError` when the store fails.
   */
  execute(sessionId: string, call: ToolCall, impl: GuardedToolImpl): Promise<GuardedExecution> {
    const given = call.id !== undefined && call.id !== "";
    const withId: ToolCall = given ? call : { ...call, id: randomUUID() };
    return this.lanes.run(sessionId, () => this.executeNow(sessionId, withId, impl, !given));
  }

  /**
   * Changes a stored session outside a tool call (confirm or deny a pending action, request
   * confirmation, …) with compare-and-set, validated against the latest stored version: a
   * refusal on a cached copy is checked again on a fresh load. `change` may run more than once,
   * so it must only touch the session it is given.
   */
  update<T>(sessionId: string, change: (session: Session<P>) => T | Promise<T>): Promise<{ readonly value: Awaited<T>; readonly session: Session<P>; readonly version: number }> {
    return this.lanes.run(sessionId, () =>
      retryOnConflict(sessionId, this.maxConflicts, async (attempt) => {
        const { stored, session, cached } = await this.current(sessionId, attempt > 0, undefined, false);
        let value: Awaited<T>;
        try {
          value = await change(session);
        } catch (e) {
          this.forget(sessionId);
          if (!(e instanceof ProtocolViolation)) throw e;
          if (cached) return CONFLICT; // a stale copy may refuse what the latest state allows
          throw this.report(session.reject(e));
        }
        const saved = await this.save(sessionId, stored, next(stored.state, session.toJSON(), stored.state.ledger, stored.state.pending, stored.state.results), session, NO_EXTRA, undefined);
        return isStored(saved) ? { value, session, version: saved.version } : CONFLICT;
      }),
    );
  }

  /**
   * Resolves a write whose outcome is unknown: with `resolution` (an operator's decision) or
   * else the configured reconcile hook. `executed: true` records the result and advances the
   * session along the tool's outcome; `executed: false` records that it did not happen (the
   * claimed grant stays consumed: ask the user again). Either way the session accepts calls again.
   * @throws TypeError for an executed resolution without a result.
   */
  reconcile(sessionId: string, resolution?: ReconcileResolution): Promise<ReconcileReport> {
    return this.lanes.run(sessionId, () => this.reconcileNow(sessionId, resolution));
  }

  /** What this executor holds in memory (for soak tests and metrics). */
  stats(): { readonly cachedSessions: number; readonly cachedBytes: number; readonly lanes: number; readonly loads: number; readonly highWaterMarks: number; readonly unrecordedOutcomes: number; readonly inFlight: number } {
    return { cachedSessions: this.cache?.size ?? 0, cachedBytes: this.cache?.bytes ?? 0, lanes: this.lanes.size, loads: this.loads.size, highWaterMarks: this.marks.size, unrecordedOutcomes: this.unrecorded.size, inFlight: this.inFlight.size };
  }

  // ---------------------------------------------------------------------------------------

  private async executeNow(sessionId: string, call: ToolCall, impl: GuardedToolImpl, freshId: boolean): Promise<GuardedExecution> {
    const callId = call.id as string;
    const isWrite = this.protocol.tools[call.name]?.effect === "write";
    let obtained: ToolResult | undefined;
    if (this.unrecorded.has(sessionId)) await this.recordHeld(sessionId);
    return retryOnConflict(sessionId, this.maxConflicts, async (attempt) => {
      const { stored, session, cached } = await this.current(sessionId, attempt > 0, callId, obtained !== undefined);
      if (!freshId) {
        const prior = findInHead(stored.state, callId);
        if (prior) return this.answerRetry(sessionId, stored, session, cached, call, prior);
      }
      const pendingId = stored.state.pending;
      if (pendingId !== undefined) {
        if (cached) return this.stale(sessionId);
        const pending = stored.state.ledger[pendingId];
        if (pending && (await this.resolveAbandoned(sessionId, pending))) return CONFLICT;
        throw this.report(blockedByWrite(session, this.protocol, sessionId, call, pending, pendingId, this.inFlight.has(key(sessionId, pendingId))));
      }
      let validated: ValidatedCall;
      let claims: Record<string, unknown> = {};
      try {
        const before = isWrite ? policyStates(session) : undefined;
        validated = session.validate(call, true);
        if (before) claims = claimsOf(session, before, validated);
      } catch (e) {
        this.forget(sessionId);
        if (!(e instanceof ProtocolViolation)) throw e;
        if (cached) return CONFLICT; // a stale copy may refuse what the latest state allows: check again
        // a refused call may be a retry of one sealed into the log: answer it from there
        const found = freshId || (stored.state.log?.chunks ?? 0) === 0 ? undefined : await this.lookup(sessionId, callId, obtained !== undefined);
        if (found) return this.answerRetry(sessionId, stored, session, false, call, found);
        this.cache?.setRow(sessionId, stored, footprint(stored, 0));
        throw this.report(obtained !== undefined ? reportedLate(e, sessionId) : e);
      }
      if (validated.spec.effect === "write") return this.claimAndRunWrite(sessionId, stored, session, validated, claims, impl, freshId);
      // read: make sure a cached copy is still the latest (strict), run once, then save
      if (cached && this.strict && obtained === undefined) {
        const latest = await this.store.version(sessionId);
        if (latest !== stored.version) return this.stale(sessionId);
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
      const state = stored.state;
      const results = freshId ? state.results : withResult(state.results, callId, stored.version + 1, result);
      const saved = await this.save(sessionId, stored, next(state, session.toJSON(), state.ledger, state.pending, results), session, NO_EXTRA, { callId, toolRan: true, call });
      if (!isStored(saved)) return saved;
      return executionOf(record, callId, sessionId, saved.version, session);
    });
  }

  private async claimAndRunWrite(sessionId: string, stored: StoredSession, session: Session<P>, validated: ValidatedCall, claims: Record<string, unknown>, impl: GuardedToolImpl, freshId: boolean): Promise<GuardedExecution | typeof CONFLICT> {
    const callId = validated.id as string;
    const intent = newIntent(sessionId, validated, claims, this.owner, this.now());
    // the stored copy says "outcome unknown" until the outcome is recorded: a crash leaves it so
    session.markNeedsReconciliation();
    const intentState = next(stored.state, session.toJSON(), { ...stored.state.ledger, [callId]: intent }, callId, stored.state.results);
    const call: ToolCall = { id: callId, name: validated.name, arguments: validated.arguments };
    const claimed = await this.save(sessionId, stored, intentState, session, { claims: claimKeys(callId, claims) }, { callId, toolRan: false, call, freshId });
    if (!isStored(claimed)) return claimed;
    this.forget(sessionId);
    const k = key(sessionId, callId);
    this.inFlight.add(k);
    try {
      const result = await runImpl(impl, validated, { sessionId, callId, idempotencyKey: intent.idempotencyKey, call: validated });
      return await this.recordOutcome(sessionId, claimed, session, validated, intent, result, freshId);
    } finally {
      this.inFlight.delete(k);
    }
  }

  /** Records a write's outcome (or that it has none) against the latest row that still holds its intent. */
  private recordOutcome(sessionId: string, claimed: StoredSession, claimedSession: Session<P>, validated: ValidatedCall, intent: LedgerEntry, result: ToolResult, freshId: boolean): Promise<GuardedExecution> {
    let base = claimed;
    let session = claimedSession;
    return retryOnConflict(sessionId, this.maxConflicts, async (attempt) => {
      if (attempt > 0) {
        // someone changed the row while the tool ran (a confirmation, an operator): apply to theirs
        let latest: StoredSession | undefined;
        const floor = this.marks.floor(sessionId);
        try {
          latest = await this.store.load(sessionId);
        } catch (e) {
          if (e instanceof ProtocolViolation) throw this.report(e);
          throw this.unrecorded.hold(sessionId, { validated, intent, result, freshId }, new OutcomeNotRecordedError(sessionId, intent.callId, intent.tool, result, e));
        }
        if (!latest) {
          this.unrecorded.drop(sessionId, intent.callId);
          throw new OutcomeNotRecordedError(sessionId, intent.callId, intent.tool, result, new Error("the session was deleted while the write ran"));
        }
        this.marks.check(sessionId, latest.version, floor);
        base = latest;
        session = this.restore(latest);
      }
      if (base.state.pending !== intent.callId || base.state.ledger[intent.callId]?.status !== "intent") {
        this.unrecorded.drop(sessionId, intent.callId);
        throw new OutcomeNotRecordedError(sessionId, intent.callId, intent.tool, result, new Error(`its intent was resolved elsewhere (ledger status ${base.state.ledger[intent.callId]?.status ?? "sealed"}); an operator must compare the target system with the session`));
      }
      let record: ExecutionRecord | undefined;
      let failure: unknown;
      try {
        record = session.reconciled({ validated, result });
      } catch (e) {
        failure = e; // the result maps to no outcome: the session stays needs_reconciliation
      }
      const ledger = { ...base.state.ledger, [intent.callId]: finishedEntry(intent, record, failure, this.now()) };
      const results = record && !freshId ? withResult(base.state.results, intent.callId, base.version + 1, result) : base.state.results;
      const state = next(base.state, session.toJSON(), ledger, record ? undefined : base.state.pending, results);
      let saved: StoredSession | undefined;
      try {
        const encoded = this.encode(state, session);
        saved = await this.store.compareAndSet(sessionId, base.version, encoded?.stored ?? state, encoded ? { encoded } : undefined);
      } catch (e) {
        this.forget(sessionId);
        if (e instanceof ProtocolViolation) throw this.report(e);
        throw this.unrecorded.hold(sessionId, { validated, intent, result, freshId }, new OutcomeNotRecordedError(sessionId, intent.callId, intent.tool, result, e));
      }
      if (!saved) {
        this.forget(sessionId);
        return CONFLICT;
      }
      this.unrecorded.drop(sessionId, intent.callId);
      if (!record) {
        this.forget(sessionId);
        if (failure instanceof ProtocolViolation) throw this.report(failure);
        throw failure;
      }
      this.remember(saved, session, 0);
      return executionOf(record, intent.callId, sessionId, saved.version, session);
    });
  }

  /** Records the outcomes this process holds for a session whose store failed earlier (the next attempt is scheduled when it fails again). */
  private async recordHeld(sessionId: string): Promise<void> {
    for (const held of this.unrecorded.of(sessionId)) {
      let latest: StoredSession;
      try {
        latest = await this.fetch(sessionId);
      } catch {
        this.unrecorded.retryLater(sessionId);
        return;
      }
      // recorded, resolved elsewhere, or failed again (then held again): each path updates `unrecorded`
      await this.recordOutcome(sessionId, latest, this.restore(latest), held.validated, held.intent, held.result, held.freshId).catch(() => undefined);
      if (this.unrecorded.holds(sessionId, held.intent.callId)) return;
    }
  }

  /** The answer to a call whose id is already recorded: its result, or a refusal saying why not. */
  private async answerRetry(sessionId: string, stored: StoredSession, session: Session<P> | undefined, cached: boolean, call: ToolCall, found: FoundCall): Promise<GuardedExecution | typeof CONFLICT> {
    const callId = call.id as string;
    const ledger = found.ledger;
    const tool = ledger?.tool ?? found.entry?.tool ?? call.name;
    const args = ledger ? ledger.arguments : found.entry?.arguments;
    if (!sameCall(this.protocol, call, tool, args)) throw this.report(duplicateCall(this.protocol, sessionId, call, found, "different_call"));
    if (ledger && (ledger.status === "intent" || ledger.status === "unknown_outcome")) {
      if (cached) return this.stale(sessionId); // it may be recorded by now
      if (this.unrecorded.holds(sessionId, callId)) {
        await this.recordHeld(sessionId);
        if (!this.unrecorded.holds(sessionId, callId)) return CONFLICT;
      }
      if (await this.resolveAbandoned(sessionId, ledger)) return CONFLICT;
      throw this.report(blockedByWrite(session, this.protocol, sessionId, call, ledger, callId, this.inFlight.has(key(sessionId, callId))));
    }
    if (ledger?.status === "reconciled_not_executed") throw this.report(duplicateCall(this.protocol, sessionId, call, found, "not_executed"));
    const replay = replayOf(this.protocol, sessionId, callId, found, stored.version);
    if (!replay) throw this.report(duplicateCall(this.protocol, sessionId, call, found, "no_result"));
    return replay;
  }

  /** Runs the reconcile hook on an unfinished write whose process is gone, whose lease expired, or whose tool failed. */
  private async resolveAbandoned(sessionId: string, pending: LedgerEntry): Promise<boolean> {
    if (!this.hook || this.inFlight.has(key(sessionId, pending.callId))) return false;
    const age = this.now().getTime() - Date.parse(pending.intentAt);
    if (pending.status !== "unknown_outcome" && !ownerGone(pending) && !(age > this.leaseMs)) return false;
    return (await this.reconcileNow(sessionId, undefined)).resolved;
  }

  private reconcileNow(sessionId: string, resolution: ReconcileResolution | undefined): Promise<ReconcileReport> {
    return retryOnConflict(sessionId, this.maxConflicts, async () => {
      const stored = await this.fetch(sessionId);
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
      const finishedAt = this.now().toISOString();
      let record: ExecutionRecord | undefined;
      let state: StoredState;
      if (intent && decided.executed) {
        record = session.reconciled({ validated: revalidated(this.protocol, intent), result: decided.result });
        const entry: LedgerEntry = { ...intent, status: "reconciled_executed", outcome: record!.outcome, from: record!.from, to: record!.to, finishedAt, resolvedBy: by };
        state = next(stored.state, session.toJSON(), { ...stored.state.ledger, [intent.callId]: entry }, undefined, withResult(stored.state.results, intent.callId, stored.version + 1, decided.result));
      } else {
        session.reconciled();
        const ledger = intent ? { ...stored.state.ledger, [intent.callId]: { ...intent, status: "reconciled_not_executed" as const, finishedAt, resolvedBy: by } } : stored.state.ledger;
        state = next(stored.state, session.toJSON(), ledger, undefined, stored.state.results);
      }
      const saved = await this.save(sessionId, stored, state, session, NO_EXTRA, undefined);
      if (!isStored(saved)) return CONFLICT;
      if (intent) this.unrecorded.drop(sessionId, intent.callId);
      return { resolved: true, resolution: decided, version: saved.version, ...(intent ? { intent } : {}), ...(record ? { record } : {}) };
    });
  }

  // --- saving and loading --------------------------------------------------------------

  /**
   * Saves `next` over `stored` with compare-and-set (and `extra` claims). CONFLICT when another
   * writer won; a claimed call id is answered from the record (`GuardedExecution`); a consumed
   * claim or log chunk that exists means the head was rolled back (`state_tampered`); a store
   * failure becomes `StoreUnavailableError`.
   */
  private async save(sessionId: string, stored: StoredSession, next: StoredState, session: Session<P>, extra: { claims?: readonly string[] }, ctx: { callId: string; toolRan: boolean; call: ToolCall; freshId?: boolean } | undefined): Promise<StoredSession | GuardedExecution | typeof CONFLICT> {
    let saved: StoredSession | undefined;
    let bytes = 0;
    try {
      const encoded = this.encode(next, session);
      let options: SaveOptions | undefined;
      if (encoded) {
        bytes = encoded.bytes.length;
        options = { encoded, claims: extra.claims };
      } else if (extra !== NO_EXTRA) options = extra;
      saved = await this.store.compareAndSet(sessionId, stored.version, encoded?.stored ?? next, options);
    } catch (e) {
      this.forget(sessionId);
      if (e instanceof ClaimConflictError) {
        if (ctx && !ctx.freshId && e.claim === `call:${ctx.callId}`) {
          const found = await this.lookup(sessionId, ctx.callId, ctx.toolRan);
          if (found) return this.answerRetry(sessionId, stored, undefined, false, ctx.call, found);
        }
        throw this.report(
          new ProtocolViolation({
            code: "state_tampered",
            sessionId,
            message: `Stored session "${sessionId}" was rolled back: "${e.claim}" is already recorded in the store's append-only ${e.claim.startsWith("chunk:") ? "log" : "claims"}, but the head row does not know it. Nothing was executed.`,
            data: { claim: e.claim, rollback: true },
            hint: "Restore the latest head row from a backup; a call id or grant consumed once is never consumed again.",
          }),
        );
      }
      if (e instanceof ProtocolViolation) throw this.report(e);
      throw new StoreUnavailableError(sessionId, ctx?.callId, ctx?.toolRan ?? false, e);
    }
    if (!saved) {
      this.forget(sessionId);
      return CONFLICT;
    }
    this.remember(saved, session, bytes);
    return saved;
  }

  /**
   * The head row of a state, encoded incrementally per Session object: its recorded calls only
   * grow, so the encoder keeps what it already encoded and signed. Keyed by object identity,
   * never by session id, so a diverging copy of the session cannot be mixed in.
   */
  private encode(state: StoredState, session: Session<P>) {
    if (!this.store.rowSigner || !Array.isArray(state.session.trace)) return undefined;
    let encoder = this.encoders.get(session);
    if (!encoder) {
      encoder = new IncrementalRowEncoder(this.store.rowSigner(state.session.id), this.store.sealPolicy);
      this.encoders.set(session, encoder);
    }
    return encoder.encode(state);
  }

  /** A recorded call looked up in the store (the sealed log included). */
  private async lookup(sessionId: string, callId: string, toolRan: boolean): Promise<FoundCall | undefined> {
    try {
      return await this.store.findCall(sessionId, callId);
    } catch (e) {
      if (e instanceof ProtocolViolation) throw this.report(e);
      throw new StoreUnavailableError(sessionId, callId, toolRan, e);
    }
  }

  /** The session to validate against: the cached one when allowed, else freshly loaded. */
  private async current(sessionId: string, fresh: boolean, callId: string | undefined, toolRan: boolean): Promise<Current<P>> {
    if (!fresh && this.cache) {
      const c = this.cache.take(sessionId);
      if (c) return { stored: c.stored, session: c.session ?? this.restore(c.stored), cached: true };
    }
    let stored: StoredSession;
    try {
      stored = await this.fetch(sessionId);
    } catch (e) {
      if (e instanceof ProtocolViolation || e instanceof SessionNotFoundError) throw e;
      throw new StoreUnavailableError(sessionId, callId, toolRan, e);
    }
    return { stored, session: this.restore(stored), cached: false };
  }

  private async fetch(sessionId: string): Promise<StoredSession> {
    let stored: StoredSession | undefined;
    try {
      let floor: number | undefined;
      stored = await this.loads.load(sessionId, () => {
        floor = this.marks.floor(sessionId); // taken before the read starts (see HighWaterMarks.check)
        return this.store.load(sessionId);
      });
      if (!stored) throw new SessionNotFoundError(sessionId);
      if (stored.state.session.id !== sessionId) {
        throw new ProtocolViolation({ code: "state_tampered", sessionId, message: `Stored row "${sessionId}" holds session "${stored.state.session.id}". Nothing was executed.`, hint: "Restore the row from a backup." });
      }
      this.marks.check(sessionId, stored.version, floor);
    } catch (e) {
      this.forget(sessionId);
      if (e instanceof ProtocolViolation) throw this.report(e);
      throw e;
    }
    return stored;
  }

  private restore(stored: StoredSession): Session<P> {
    return Session.fromJSON(this.protocol, stored.state.session, { now: this.now, ...this.sessionOptions, policies: [...this.policies(stored.id)] });
  }

  /** Caches a saved row with its live session; a finished session leaves the cache. */
  private remember(stored: StoredSession, session: Session<P>, headBytes: number): void {
    this.marks.note(stored.id, stored.version);
    if (!this.cache) return;
    if (session.status === "ended" && stored.state.pending === undefined) this.cache.forget(stored.id);
    else this.cache.set(stored.id, stored, session, footprint(stored, headBytes));
  }

  private stale(sessionId: string): typeof CONFLICT {
    this.forget(sessionId);
    return CONFLICT;
  }

  private forget(sessionId: string): void {
    this.cache?.forget(sessionId);
  }

  private report(v: ProtocolViolation): ProtocolViolation {
    this.log?.report(v);
    return v;
  }
}

const NO_EXTRA: { claims?: readonly string[] } = {};

/** The state after `base` with this session snapshot, ledger, pending call and results (log and creation carried over), in one shape. */
function next(base: StoredState, session: StoredState["session"], ledger: StoredState["ledger"], pending: string | undefined, results: RecordedCalls | undefined): StoredState {
  return headState(session, ledger, pending, results, base.log, base.creation);
}

/** `results` with one more call's result recorded for retries. */
function withResult(results: RecordedCalls | undefined, callId: string, version: number, result: ToolResult): RecordedCalls {
  return { callId, version, result: recordedResult(result), prev: results };
}

function isStored(x: StoredSession | GuardedExecution | typeof CONFLICT): x is StoredSession {
  return x !== CONFLICT && typeof (x as StoredSession).state === "object";
}

function key(sessionId: string, callId: string): string {
  return `${sessionId}\u0000${callId}`;
}
