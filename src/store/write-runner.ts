import type { Protocol, ValidatedCall } from "../protocol/protocol.js";
import type { ToolCall, ToolResult } from "../protocol/types.js";
import type { ExecutionRecord, Session } from "../runtime/session.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { executionOf, runImpl, type GuardedExecution, type GuardedToolImpl } from "./call-replay.js";
import { OutcomeNotRecordedError, SessionNotFoundError } from "./guard-errors.js";
import { CONFLICT, retryOnConflict } from "./retry-on-conflict.js";
import type { FoundCall, LedgerEntry, StoredSession } from "./session-store.js";
import { isStored, nextState, withResult, type StoredSessions } from "./stored-sessions.js";
import { UnrecordedOutcomes } from "./unrecorded-outcomes.js";
import { claimKeys, finishedEntry, newIntent } from "./write-ledger.js";

/**
 * Runs writes exactly once: claims the write (intent in the head, its call id and consumed
 * grants in the append-only claims) in one compare-and-set, runs the tool, records its outcome
 * against the latest row that still holds the intent; an outcome the store did not take is held
 * and recorded later (`UnrecordedOutcomes`).
 * @internal
 */
export class WriteRunner<P extends Protocol<any, any, any>> {
  /** Writes running in this process, by `${sessionId}\0${callId}`. */
  private readonly running = new Set<string>();
  readonly unrecorded: UnrecordedOutcomes;

  constructor(
    private readonly sessions: StoredSessions<P>,
    private readonly owner: string,
    private readonly now: () => Date,
    private readonly maxConflicts: number,
    runInLane: (sessionId: string, fn: () => Promise<void>) => Promise<void>,
  ) {
    this.unrecorded = new UnrecordedOutcomes((sessionId) => runInLane(sessionId, () => this.recordHeld(sessionId)));
  }

  /** Whether this process is running that write now. */
  isRunning(sessionId: string, callId: string): boolean {
    return this.running.has(key(sessionId, callId));
  }

  get inFlight(): number {
    return this.running.size;
  }

  /**
   * Claims a validated write on `stored` and runs it. CONFLICT when another writer changed the
   * session first; a call id already claimed is answered by `onClaimed` (its retry).
   */
  async claimAndRun(
    sessionId: string,
    stored: StoredSession,
    session: Session<P>,
    validated: ValidatedCall,
    claims: Record<string, unknown>,
    impl: GuardedToolImpl,
    freshId: boolean,
    onClaimed: (found: FoundCall) => Promise<GuardedExecution | typeof CONFLICT>,
  ): Promise<GuardedExecution | typeof CONFLICT> {
    const callId = validated.id as string;
    const intent = newIntent(sessionId, validated, claims, this.owner, this.now());
    // the stored copy says "outcome unknown" until the outcome is recorded: a crash leaves it so
    session.markNeedsReconciliation();
    const intentState = nextState(stored.state, session.toJSON(), { ...stored.state.ledger, [callId]: intent }, callId, stored.state.results);
    const call: ToolCall = { id: callId, name: validated.name, arguments: validated.arguments };
    const claimed = await this.sessions.save(
      sessionId,
      stored,
      intentState,
      session,
      claimKeys(callId, claims),
      { callId, toolRan: false, call, freshId },
      onClaimed,
    );
    if (!isStored(claimed)) return claimed;
    this.sessions.forget(sessionId);
    const k = key(sessionId, callId);
    this.running.add(k);
    try {
      const result = await runImpl(impl, validated, { sessionId, callId, idempotencyKey: intent.idempotencyKey, call: validated });
      return await this.recordOutcome(sessionId, claimed, session, validated, intent, result, freshId);
    } finally {
      this.running.delete(k);
    }
  }

  /** Records a write's outcome (or that it has none) against the latest row that still holds its intent. */
  recordOutcome(
    sessionId: string,
    claimed: StoredSession,
    claimedSession: Session<P>,
    validated: ValidatedCall,
    intent: LedgerEntry,
    result: ToolResult,
    freshId: boolean,
  ): Promise<GuardedExecution> {
    let base = claimed;
    let session = claimedSession;
    const held = () => ({ validated, intent, result, freshId });
    return retryOnConflict(sessionId, this.maxConflicts, async (attempt) => {
      if (attempt > 0) {
        // someone changed the row while the tool ran (a confirmation, an operator): apply to theirs
        let latest: StoredSession;
        try {
          latest = await this.sessions.fetch(sessionId);
        } catch (e) {
          if (e instanceof ProtocolViolation) throw e;
          if (e instanceof SessionNotFoundError) {
            this.unrecorded.drop(sessionId, intent.callId);
            throw new OutcomeNotRecordedError(sessionId, intent.callId, intent.tool, result, new Error("the session was deleted while the write ran"));
          }
          throw this.unrecorded.hold(sessionId, held(), new OutcomeNotRecordedError(sessionId, intent.callId, intent.tool, result, e));
        }
        base = latest;
        session = this.sessions.restore(latest);
      }
      if (base.state.pending !== intent.callId || base.state.ledger[intent.callId]?.status !== "intent") {
        this.unrecorded.drop(sessionId, intent.callId);
        throw new OutcomeNotRecordedError(
          sessionId,
          intent.callId,
          intent.tool,
          result,
          new Error(
            `its intent was resolved elsewhere (ledger status ${base.state.ledger[intent.callId]?.status ?? "sealed"}); an operator must compare the target system with the session`,
          ),
        );
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
      const state = nextState(base.state, session.toJSON(), ledger, record ? undefined : base.state.pending, results);
      let saved: StoredSession | undefined;
      try {
        saved = await this.sessions.compareAndSet(sessionId, base, state, session);
      } catch (e) {
        this.sessions.forget(sessionId);
        if (e instanceof ProtocolViolation) throw this.sessions.report(e);
        throw this.unrecorded.hold(sessionId, held(), new OutcomeNotRecordedError(sessionId, intent.callId, intent.tool, result, e));
      }
      if (!saved) {
        this.sessions.forget(sessionId);
        return CONFLICT;
      }
      this.unrecorded.drop(sessionId, intent.callId);
      if (!record) {
        this.sessions.forget(sessionId);
        if (failure instanceof ProtocolViolation) throw this.sessions.report(failure);
        throw failure;
      }
      this.sessions.remember(saved, session, 0);
      return executionOf(record, intent.callId, sessionId, saved.version, session);
    });
  }

  /** Records the outcomes this process holds for a session whose store failed earlier (the next attempt is scheduled when it fails again). */
  async recordHeld(sessionId: string): Promise<void> {
    for (const h of this.unrecorded.of(sessionId)) {
      let latest: StoredSession;
      try {
        latest = await this.sessions.fetch(sessionId);
      } catch {
        this.unrecorded.retryLater(sessionId);
        return;
      }
      // recorded, resolved elsewhere, or failed again (then held again): each path updates `unrecorded`
      await this.recordOutcome(sessionId, latest, this.sessions.restore(latest), h.validated, h.intent, h.result, h.freshId).catch(() => undefined);
      if (this.unrecorded.holds(sessionId, h.intent.callId)) return;
    }
  }
}

function key(sessionId: string, callId: string): string {
  return `${sessionId}\u0000${callId}`;
}
