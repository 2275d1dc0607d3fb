import type { Protocol } from "../protocol/protocol.js";
import type { ToolResult } from "../protocol/types.js";
import type { ExecutionRecord } from "../runtime/session.js";
import { retryOnConflict } from "./retry-on-conflict.js";
import type { LedgerEntry, StoredState } from "./session-store.js";
import { isStored, nextState, withResult, type StoredSessions } from "./stored-sessions.js";
import { ownerGone, revalidated } from "./write-ledger.js";
import type { WriteRunner } from "./write-runner.js";

/** What happened to a write whose outcome was not recorded. */
export type ReconcileResolution =
  { readonly executed: true; readonly result: ToolResult; readonly by?: string } | { readonly executed: false; readonly by?: string };

/**
 * Looks a pending write up in the target system (e.g. by `intent.idempotencyKey`) and says
 * whether it happened. Return `undefined` when it cannot tell: the session stays blocked for
 * an operator.
 */
export type ReconcileHook = (
  intent: LedgerEntry,
  context: { readonly sessionId: string; readonly protocol: string },
) => ReconcileResolution | undefined | Promise<ReconcileResolution | undefined>;

/** What `reconcile` did. */
export interface ReconcileReport {
  readonly resolved: boolean;
  /** The intent that was pending (when there was one). */
  readonly intent?: LedgerEntry;
  readonly resolution?: ReconcileResolution;
  readonly record?: ExecutionRecord;
  readonly version?: number;
}

/**
 * Records what an interrupted write did: an operator's resolution, or the reconcile hook's —
 * the latter also on its own, when a call meets a write whose process is gone (same host, pid not
 * running), whose lease expired, or whose tool failed without an outcome.
 * @internal
 */
export class Reconciler<P extends Protocol<any, any, any>> {
  constructor(
    private readonly sessions: StoredSessions<P>,
    private readonly writes: WriteRunner<P>,
    private readonly hook: ReconcileHook | undefined,
    private readonly now: () => Date,
    private readonly leaseMs: number,
    private readonly maxConflicts: number,
  ) {}

  /** Runs the hook on an unfinished write nobody is running any more; true when it resolved it. */
  async resolveAbandoned(sessionId: string, pending: LedgerEntry): Promise<boolean> {
    if (!this.hook || this.writes.isRunning(sessionId, pending.callId)) return false;
    const age = this.now().getTime() - Date.parse(pending.intentAt);
    if (pending.status !== "unknown_outcome" && !ownerGone(pending) && !(age > this.leaseMs)) return false;
    return (await this.reconcile(sessionId, undefined)).resolved;
  }

  reconcile(sessionId: string, resolution: ReconcileResolution | undefined): Promise<ReconcileReport> {
    const protocol = this.sessions.protocol;
    return retryOnConflict(sessionId, this.maxConflicts, async () => {
      const stored = await this.sessions.fetch(sessionId);
      const session = this.sessions.restore(stored);
      const pendingId = stored.state.pending;
      const intent = pendingId !== undefined ? stored.state.ledger[pendingId] : undefined;
      if (session.status !== "needs_reconciliation" && intent === undefined) return { resolved: false };
      let decided = resolution;
      if (decided === undefined && intent !== undefined && this.hook) decided = await this.hook(intent, { sessionId, protocol: protocol.name });
      if (decided === undefined) return { resolved: false, ...(intent ? { intent } : {}) };
      if (decided.executed && (decided.result === undefined || typeof decided.result !== "object")) {
        throw new TypeError(
          `reconcile(${JSON.stringify(sessionId)}): an executed resolution needs the write's result ({ ok: true, value } or { ok: false, error }).`,
        );
      }
      const by = decided.by ?? (resolution ? "operator" : "reconcile-hook");
      const finishedAt = this.now().toISOString();
      let record: ExecutionRecord | undefined;
      let state: StoredState;
      if (intent && decided.executed) {
        record = session.reconciled({ validated: revalidated(protocol, intent), result: decided.result });
        const entry: LedgerEntry = {
          ...intent,
          status: "reconciled_executed",
          outcome: record!.outcome,
          from: record!.from,
          to: record!.to,
          finishedAt,
          resolvedBy: by,
        };
        state = nextState(
          stored.state,
          session.toJSON(),
          { ...stored.state.ledger, [intent.callId]: entry },
          undefined,
          withResult(stored.state.results, intent.callId, stored.version + 1, decided.result),
        );
      } else {
        session.reconciled();
        const ledger = intent
          ? { ...stored.state.ledger, [intent.callId]: { ...intent, status: "reconciled_not_executed" as const, finishedAt, resolvedBy: by } }
          : stored.state.ledger;
        state = nextState(stored.state, session.toJSON(), ledger, undefined, stored.state.results);
      }
      const saved = await this.sessions.save(sessionId, stored, state, session, undefined, undefined);
      if (!isStored(saved)) return saved;
      if (intent) this.writes.unrecorded.drop(sessionId, intent.callId);
      return { resolved: true, resolution: decided, version: saved.version, ...(intent ? { intent } : {}), ...(record ? { record } : {}) };
    });
  }
}
