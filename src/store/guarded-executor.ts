import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Protocol, ValidatedCall } from "../protocol/protocol.js";
import type { ToolCall, ToolDefinition, ToolResult } from "../protocol/types.js";
import type { ExecutionRecord, Session, SessionOptions } from "../runtime/session.js";
import type { SessionPolicy } from "../runtime/session-policy.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationLog } from "../violation/violation-log.js";
import { blockedByWrite, duplicateCall, executionOf, replayOf, reportedLate, runImpl, type GuardedExecution, type GuardedToolImpl } from "./call-replay.js";
import { Reconciler, type ReconcileHook, type ReconcileReport, type ReconcileResolution } from "./reconciler.js";
import { CONFLICT, retryOnConflict } from "./retry-on-conflict.js";
import { SessionCache } from "./session-cache.js";
import { SessionLanes } from "./session-lanes.js";
import { headState, SessionExistsError, type FoundCall, type SessionStore, type StoredSession } from "./session-store.js";
import { findInHead } from "./signed-session-store.js";
import { isStored, nextState, StoredSessions, withResult } from "./stored-sessions.js";
import { claimsOf, policyStates, sameCall, withdrawalKeys } from "./write-ledger.js";
import { WriteRunner } from "./write-runner.js";

export type { GuardedExecution, GuardedToolContext, GuardedToolImpl } from "./call-replay.js";
export type { ReconcileHook, ReconcileReport, ReconcileResolution } from "./reconciler.js";
export { OutcomeNotRecordedError, SessionNotFoundError, StoreContentionError, StoreUnavailableError } from "./guard-errors.js";

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
  private readonly log: ViolationLog | undefined;
  private readonly now: () => Date;
  private readonly maxConflicts: number;
  private readonly strict: boolean;
  private readonly lanes: SessionLanes;
  private readonly sessions: StoredSessions<P>;
  private readonly writes: WriteRunner<P>;
  private readonly reconciler: Reconciler<P>;

  /**
   * @param options `protocol` and `store` are required; see `GuardedExecutorOptions`.
   * @throws TypeError for a missing protocol or store, or a bad `cacheSize`, `cacheBytes`, `consistency` or `trace.keep`.
   */
  constructor(options: GuardedExecutorOptions<P>) {
    if (!options?.protocol || !options.store) throw new TypeError("GuardedExecutor: pass { protocol, store }.");
    this.protocol = options.protocol;
    this.store = options.store;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
    const size = options.cacheSize ?? 10_000;
    if (!Number.isInteger(size) || size < 1)
      throw new TypeError(
        `GuardedExecutor: cacheSize must be a positive integer; got ${String(options.cacheSize)}. Fix: pass a session count, or cache: false.`,
      );
    const bytes = options.cacheBytes ?? 32 * 1024 * 1024;
    if (!Number.isFinite(bytes) || bytes < 0)
      throw new TypeError(`GuardedExecutor: cacheBytes must be a non-negative number of bytes; got ${String(options.cacheBytes)}.`);
    const consistency = options.consistency ?? "optimistic";
    if (consistency !== "optimistic" && consistency !== "strict")
      throw new TypeError(`GuardedExecutor: consistency ${JSON.stringify(consistency)} is not one of "optimistic" (default) or "strict".`);
    this.strict = consistency === "strict";
    const sessionOptions = options.sessionOptions ?? {};
    const keep = sessionOptions.trace?.keep;
    const seal = this.store.sealPolicy?.records;
    if (keep !== undefined && seal !== undefined && keep < seal) {
      throw new TypeError(
        `GuardedExecutor: sessionOptions.trace.keep is ${keep}, below the store's seal size (${seal} calls): calls could leave memory before they are stored. Fix: keep at least ${seal} entries (the default keeps 1000).`,
      );
    }
    this.maxConflicts = options.maxConflicts ?? 10_000;
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.lanes = new SessionLanes(options.serializeLocally ?? true);
    this.sessions = new StoredSessions({
      protocol: this.protocol,
      store: this.store,
      policies: options.policies ?? (() => []),
      sessionOptions,
      now: options.now, // (none given: the sessions keep their own clock, Date.now, and build no Date per call)
      cache: (options.cache ?? true) ? new SessionCache(bytes, size) : undefined,
      report: (v) => this.report(v),
    });
    this.writes = new WriteRunner(this.sessions, this.owner, this.now, this.maxConflicts, (id, fn) => this.lanes.run(id, fn));
    this.reconciler = new Reconciler(this.sessions, this.writes, options.reconcile, this.now, options.inFlightLeaseMs ?? 300_000, this.maxConflicts);
  }

  /**
   * Creates and stores a new session. With `idempotencyKey`, a retry after a lost answer returns
   * the session already stored under that id and key (`created: false`); another key gets
   * `SessionExistsError`.
   * @throws SessionExistsError when the id is taken (by another creation).
   */
  async create(options: CreateOptions<P> = {}): Promise<LoadedSession<P> & { readonly created: boolean }> {
    const id = options.id ?? randomUUID();
    const session = this.sessions.fresh(id);
    await options.init?.(session);
    const creation =
      options.idempotencyKey !== undefined || options.expiresAt !== undefined
        ? {
            at: this.now().toISOString(),
            ...(options.idempotencyKey !== undefined ? { key: options.idempotencyKey } : {}),
            ...(options.expiresAt !== undefined ? { expiresAt: options.expiresAt } : {}),
          }
        : undefined;
    let stored: StoredSession;
    try {
      stored = await this.store.create(id, headState(session.toJSON(), {}, undefined, undefined, undefined, creation));
    } catch (e) {
      if (!(e instanceof SessionExistsError) || options.idempotencyKey === undefined) throw e;
      const existing = await this.load(id);
      if (existing.stored.state.creation?.key !== options.idempotencyKey) throw e;
      return { ...existing, created: false };
    }
    this.sessions.created(stored, session);
    return { session, stored, created: true };
  }

  /** The latest stored state of a session (verified), restored. @throws SessionNotFoundError, or `state_tampered`. */
  async load(sessionId: string): Promise<LoadedSession<P>> {
    const stored = await this.sessions.fetch(sessionId);
    this.sessions.rememberRow(stored);
    return { stored, session: this.sessions.restore(stored) };
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
  update<T>(
    sessionId: string,
    change: (session: Session<P>) => T | Promise<T>,
  ): Promise<{ readonly value: Awaited<T>; readonly session: Session<P>; readonly version: number }> {
    return this.lanes.run(sessionId, () =>
      retryOnConflict(sessionId, this.maxConflicts, async (attempt) => {
        const { stored, session, cached } = await this.sessions.current(sessionId, attempt > 0, undefined, false);
        const before = policyStates(session);
        let value: Awaited<T>;
        try {
          value = await change(session);
        } catch (e) {
          this.sessions.forget(sessionId);
          if (!(e instanceof ProtocolViolation)) throw e;
          if (cached) return CONFLICT; // a stale copy may refuse what the latest state allows
          throw this.report(session.reject(e));
        }
        const state = stored.state;
        const withdrawn = withdrawalKeys(session, before);
        const saved = await this.sessions.save(
          sessionId,
          stored,
          nextState(state, session.toJSON(), state.ledger, state.pending, state.results),
          session,
          // a withdrawn grant is claimed in the append-only table: a rolled-back head cannot bring it back
          withdrawn.length > 0 ? withdrawn : undefined,
          undefined,
        );
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
    return this.lanes.run(sessionId, () => this.reconciler.reconcile(sessionId, resolution));
  }

  /** What this executor holds in memory (for soak tests and metrics). */
  stats(): {
    readonly cachedSessions: number;
    readonly cachedBytes: number;
    readonly lanes: number;
    readonly loads: number;
    readonly highWaterMarks: number;
    readonly unrecordedOutcomes: number;
    readonly inFlight: number;
  } {
    const cache = this.sessions.cache;
    return {
      cachedSessions: cache?.size ?? 0,
      cachedBytes: cache?.bytes ?? 0,
      lanes: this.lanes.size,
      loads: this.sessions.loads.size,
      highWaterMarks: this.sessions.marks.size,
      unrecordedOutcomes: this.writes.unrecorded.size,
      inFlight: this.writes.inFlight,
    };
  }

  // ---------------------------------------------------------------------------------------

  private async executeNow(sessionId: string, call: ToolCall, impl: GuardedToolImpl, freshId: boolean): Promise<GuardedExecution> {
    const callId = call.id as string;
    const isWrite = this.protocol.tools[call.name]?.effect === "write";
    const sessions = this.sessions;
    let obtained: ToolResult | undefined;
    if (this.writes.unrecorded.has(sessionId)) await this.writes.recordHeld(sessionId);
    return retryOnConflict(sessionId, this.maxConflicts, async (attempt) => {
      const { stored, session, cached, callIds } = await sessions.current(sessionId, attempt > 0, callId, obtained !== undefined);
      if (!freshId) {
        const prior = findInHead(stored.state, callId, callIds);
        if (prior) return this.answerRetry(sessionId, session, cached, call, prior, stored.version);
      }
      const pendingId = stored.state.pending;
      if (pendingId !== undefined) {
        if (cached) return sessions.stale(sessionId);
        const pending = stored.state.ledger[pendingId];
        if (pending && (await this.reconciler.resolveAbandoned(sessionId, pending))) return CONFLICT;
        throw this.report(blockedByWrite(session, this.protocol, sessionId, call, pending, pendingId, this.writes.isRunning(sessionId, pendingId)));
      }
      let validated: ValidatedCall;
      let claims: Record<string, unknown> = {};
      try {
        const before = isWrite ? policyStates(session) : undefined;
        validated = session.validate(call, true);
        if (before) claims = claimsOf(session, before, validated);
      } catch (e) {
        sessions.forget(sessionId);
        if (!(e instanceof ProtocolViolation)) throw e;
        if (cached) return CONFLICT; // a stale copy may refuse what the latest state allows: check again
        // a refused call may be a retry of one sealed into the log: answer it from there
        const found = freshId || (stored.state.log?.chunks ?? 0) === 0 ? undefined : await sessions.lookup(sessionId, callId, obtained !== undefined);
        if (found) return this.answerRetry(sessionId, session, false, call, found, stored.version);
        sessions.rememberRow(stored);
        throw this.report(obtained !== undefined ? reportedLate(e, sessionId) : e);
      }
      const onClaimed = (found: FoundCall) => this.answerRetry(sessionId, undefined, false, call, found, stored.version);
      if (validated.spec.effect === "write") return this.writes.claimAndRun(sessionId, stored, session, validated, claims, impl, freshId, onClaimed);
      // read: make sure a cached copy is still the latest (strict), run once, then save
      if (cached && this.strict && obtained === undefined) {
        const latest = await this.store.version(sessionId);
        if (latest !== stored.version) return sessions.stale(sessionId);
      }
      let result = obtained ?? runImpl(impl, validated, { sessionId, callId, idempotencyKey: `${sessionId}:${callId}`, call: validated });
      if (result instanceof Promise) result = await result;
      obtained = result;
      let record: ExecutionRecord;
      try {
        record = session.advance(validated, result);
      } catch (e) {
        sessions.forget(sessionId);
        // a read error with no outcome: nothing happened, nothing is saved
        if (e instanceof ProtocolViolation) throw this.report(e);
        throw e;
      }
      const state = stored.state;
      const results = freshId ? state.results : withResult(state.results, callId, stored.version + 1, result);
      const saved = await sessions.save(sessionId, stored, nextState(state, session.toJSON(), state.ledger, state.pending, results), session, undefined, {
        callId,
        toolRan: true,
        call,
      });
      if (!isStored(saved)) return saved;
      return executionOf(record, callId, sessionId, saved.version, session);
    });
  }

  /** The answer to a call whose id is already recorded: its result, or a refusal saying why not. */
  private async answerRetry(
    sessionId: string,
    session: Session<P> | undefined,
    cached: boolean,
    call: ToolCall,
    found: FoundCall,
    version: number,
  ): Promise<GuardedExecution | typeof CONFLICT> {
    const callId = call.id as string;
    const ledger = found.ledger;
    const tool = ledger?.tool ?? found.entry?.tool ?? call.name;
    const args = ledger ? ledger.arguments : found.entry?.arguments;
    if (!sameCall(this.protocol, call, tool, args)) throw this.report(duplicateCall(this.protocol, sessionId, call, found, "different_call"));
    if (ledger && (ledger.status === "intent" || ledger.status === "unknown_outcome")) {
      if (cached) return this.sessions.stale(sessionId); // it may be recorded by now
      if (this.writes.unrecorded.holds(sessionId, callId)) {
        await this.writes.recordHeld(sessionId);
        if (!this.writes.unrecorded.holds(sessionId, callId)) return CONFLICT;
      }
      if (await this.reconciler.resolveAbandoned(sessionId, ledger)) return CONFLICT;
      throw this.report(blockedByWrite(session, this.protocol, sessionId, call, ledger, callId, this.writes.isRunning(sessionId, callId)));
    }
    if (ledger?.status === "reconciled_not_executed") throw this.report(duplicateCall(this.protocol, sessionId, call, found, "not_executed"));
    const replay = replayOf(this.protocol, sessionId, callId, found, version);
    if (!replay) throw this.report(duplicateCall(this.protocol, sessionId, call, found, "no_result"));
    return replay;
  }

  private report(v: ProtocolViolation): ProtocolViolation {
    this.log?.report(v);
    return v;
  }
}
