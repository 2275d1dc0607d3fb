import type { Protocol } from "../protocol/protocol.js";
import type { ToolCall, ToolResult } from "../protocol/types.js";
import { Session, type SessionOptions } from "../runtime/session.js";
import type { SessionPolicy } from "../runtime/session-policy.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { SessionNotFoundError, StoreUnavailableError } from "./guard-errors.js";
import { HighWaterMarks } from "./high-water-marks.js";
import { CONFLICT } from "./retry-on-conflict.js";
import { IncrementalRowEncoder } from "./row-encoding.js";
import { footprint, SessionCache } from "./session-cache.js";
import {
  ClaimConflictError,
  headState,
  type EncodedState,
  type FoundCall,
  type RecordedCalls,
  type SaveOptions,
  type SessionStore,
  type StoredSession,
  type StoredState,
} from "./session-store.js";
import { SingleFlightLoads } from "./single-flight.js";
import { recordedResult } from "./write-ledger.js";

/** The stored row to validate against and the session restored from it. @internal */
export interface Current<P extends Protocol<any, any, any>> {
  readonly stored: StoredSession;
  readonly session: Session<P>;
  /** From this process's cache (may be stale: a refusal or conflict is checked on a fresh load). */
  readonly cached: boolean;
  /** The call ids of the stored head's unsealed calls, when this process encoded that row (see `findInHead`). */
  readonly callIds?: ReadonlySet<string> | undefined;
}

/** What a save that may meet a claimed call id is saving (to answer the retry instead). @internal */
export interface SaveContext {
  readonly callId: string;
  readonly toolRan: boolean;
  readonly call: ToolCall;
  readonly freshId?: boolean;
}

/** Construction options of `StoredSessions`. @internal */
export interface StoredSessionsOptions<P extends Protocol<any, any, any>> {
  readonly protocol: P;
  readonly store: SessionStore;
  readonly policies: (sessionId: string) => readonly SessionPolicy[];
  readonly sessionOptions: Omit<SessionOptions, "id" | "policies" | "log">;
  /**
   * The sessions' clock as the executor was given it; undefined leaves the session's own default
   * (`Date.now` for the trace: no `Date` object per call).
   */
  readonly now: (() => Date) | undefined;
  readonly cache: SessionCache<Session<P>> | undefined;
  readonly report: (v: ProtocolViolation) => ProtocolViolation;
}

/**
 * The guard's access to stored sessions: loads (shared between concurrent callers, checked
 * against the rollback high-water marks), restores, the row cache, incremental encoding and
 * compare-and-set saves that turn store failures and claim conflicts into the guard's answers.
 * @internal
 */
export class StoredSessions<P extends Protocol<any, any, any>> {
  readonly protocol: P;
  readonly store: SessionStore;
  readonly cache: SessionCache<Session<P>> | undefined;
  readonly marks = new HighWaterMarks();
  readonly loads = new SingleFlightLoads<StoredSession | undefined>();
  private readonly encoders = new WeakMap<Session<any>, IncrementalRowEncoder>();
  private readonly policies: (sessionId: string) => readonly SessionPolicy[];
  private readonly sessionOptions: Omit<SessionOptions, "id" | "policies" | "log">;
  /** What every session is created or restored with before `sessionOptions` (the executor's clock, when it was given one). */
  private readonly clockOptions: { readonly now?: () => Date };
  readonly report: (v: ProtocolViolation) => ProtocolViolation;

  constructor(options: StoredSessionsOptions<P>) {
    this.protocol = options.protocol;
    this.store = options.store;
    this.cache = options.cache;
    this.policies = options.policies;
    this.sessionOptions = options.sessionOptions;
    this.clockOptions = options.now ? { now: options.now } : {};
    this.report = options.report;
  }

  /** A new session object for `id`. */
  fresh(id: string): Session<P> {
    return new Session(this.protocol, { ...this.clockOptions, ...this.sessionOptions, id, policies: [...this.policies(id)] });
  }

  /** The session to validate against: the cached one unless `fresh`, else the latest row, freshly loaded. */
  async current(sessionId: string, fresh: boolean, callId: string | undefined, toolRan: boolean): Promise<Current<P>> {
    if (!fresh && this.cache) {
      const c = this.cache.take(sessionId);
      if (c) {
        if (c.session) return { stored: c.stored, session: c.session, cached: true, callIds: this.encoders.get(c.session)?.callIds(c.stored.state) };
        return { stored: c.stored, session: this.restore(c.stored), cached: true };
      }
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

  /** The latest row, verified and checked against the high-water mark taken before it was read. */
  async fetch(sessionId: string): Promise<StoredSession> {
    let stored: StoredSession | undefined;
    try {
      let floor: number | undefined;
      stored = await this.loads.load(sessionId, () => {
        floor = this.marks.floor(sessionId); // taken before the read starts (see HighWaterMarks.check)
        return this.store.load(sessionId);
      });
      if (!stored) throw new SessionNotFoundError(sessionId);
      if (stored.state.session.id !== sessionId) {
        throw new ProtocolViolation({
          code: "state_tampered",
          sessionId,
          message: `Stored row "${sessionId}" holds session "${stored.state.session.id}". Nothing was executed.`,
          hint: "Restore the row from a backup.",
        });
      }
      this.marks.check(sessionId, stored.version, floor);
    } catch (e) {
      this.forget(sessionId);
      if (e instanceof ProtocolViolation) throw this.report(e);
      throw e;
    }
    return stored;
  }

  restore(stored: StoredSession): Session<P> {
    return Session.fromJSON(this.protocol, stored.state.session, { ...this.clockOptions, ...this.sessionOptions, policies: [...this.policies(stored.id)] });
  }

  /**
   * Saves `next` over `stored` with compare-and-set (and `claims`). CONFLICT when another writer
   * won; a claimed call id is handed to `onClaimed` (to answer the retry); a consumed claim or log
   * chunk that exists means the head was rolled back (`state_tampered`); a store failure becomes
   * `StoreUnavailableError`.
   */
  async save<R = never>(
    sessionId: string,
    stored: StoredSession,
    next: StoredState,
    session: Session<P>,
    claims: readonly string[] | undefined,
    ctx: SaveContext | undefined,
    onClaimed?: (found: FoundCall) => R | Promise<R>,
  ): Promise<StoredSession | R | typeof CONFLICT> {
    let saved: StoredSession | undefined;
    let bytes = 0;
    try {
      const encoded = this.encode(next, session);
      let options: SaveOptions | undefined;
      if (encoded) {
        bytes = encoded.bytes.length;
        options = { encoded, claims };
      } else if (claims) options = { claims };
      saved = await this.store.compareAndSet(sessionId, stored.version, encoded?.stored ?? next, options);
    } catch (e) {
      this.forget(sessionId);
      if (e instanceof ClaimConflictError) {
        if (ctx && onClaimed && !ctx.freshId && e.claim === `call:${ctx.callId}`) {
          const found = await this.lookup(sessionId, ctx.callId, ctx.toolRan);
          if (found) return onClaimed(found);
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

  /** A plain compare-and-set of `next` (store failures are the caller's to handle). */
  async compareAndSet(sessionId: string, stored: StoredSession, next: StoredState, session: Session<P>): Promise<StoredSession | undefined> {
    const encoded = this.encode(next, session);
    return this.store.compareAndSet(sessionId, stored.version, encoded?.stored ?? next, encoded ? { encoded } : undefined);
  }

  /** A recorded call looked up in the store (the sealed log included). */
  async lookup(sessionId: string, callId: string, toolRan: boolean): Promise<FoundCall | undefined> {
    try {
      return await this.store.findCall(sessionId, callId);
    } catch (e) {
      if (e instanceof ProtocolViolation) throw this.report(e);
      throw new StoreUnavailableError(sessionId, callId, toolRan, e);
    }
  }

  /** Caches a saved row with its live session; a finished session leaves the cache. */
  remember(stored: StoredSession, session: Session<P>, headBytes: number): void {
    this.marks.note(stored.id, stored.version);
    if (!this.cache) return;
    if (session.status === "ended" && stored.state.pending === undefined) this.cache.forget(stored.id);
    else this.cache.set(stored.id, stored, session, footprint(stored, headBytes));
  }

  /** Caches a loaded row without a session object. */
  rememberRow(stored: StoredSession): void {
    this.cache?.setRow(stored.id, stored, footprint(stored, 0));
  }

  /** Marks a session as created anew (an earlier one under this id does not make it a rollback). */
  created(stored: StoredSession, session: Session<P>): void {
    this.marks.note(stored.id, stored.version, true);
    this.remember(stored, session, 0);
  }

  /** A stale cached copy: drop it, run again on a fresh load. */
  stale(sessionId: string): typeof CONFLICT {
    this.forget(sessionId);
    return CONFLICT;
  }

  forget(sessionId: string): void {
    this.cache?.forget(sessionId);
  }

  /**
   * The head row of a state, encoded incrementally per Session object: its recorded calls only
   * grow, so the encoder keeps what it already encoded and signed. Keyed by object identity,
   * never by session id, so a diverging copy of the session cannot be mixed in.
   */
  private encode(state: StoredState, session: Session<P>): EncodedState | undefined {
    if (!this.store.rowSigner || !Array.isArray(state.session.trace)) return undefined;
    let encoder = this.encoders.get(session);
    if (!encoder) {
      encoder = new IncrementalRowEncoder(this.store.rowSigner(state.session.id), this.store.sealPolicy);
      this.encoders.set(session, encoder);
    }
    return encoder.encode(state);
  }
}

/** The state after `base` with this session snapshot, ledger, pending call and results (log and creation carried over), in one shape. @internal */
export function nextState(
  base: StoredState,
  session: StoredState["session"],
  ledger: StoredState["ledger"],
  pending: string | undefined,
  results: RecordedCalls | undefined,
): StoredState {
  return headState(session, ledger, pending, results, base.log, base.creation);
}

/** `results` with one more call's result recorded for retries. @internal */
export function withResult(results: RecordedCalls | undefined, callId: string, version: number, result: ToolResult): RecordedCalls {
  return { callId, version, result: recordedResult(result), prev: results };
}

/** True for a saved row (not CONFLICT, not an answer given instead). @internal */
export function isStored(x: unknown): x is StoredSession {
  return x !== CONFLICT && typeof (x as StoredSession | undefined)?.state === "object" && typeof (x as StoredSession).version === "number";
}
