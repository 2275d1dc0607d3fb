import type { ValidatedCall } from "../protocol/protocol.js";
import type { ToolResult } from "../protocol/types.js";
import type { LedgerEntry } from "./session-store.js";

/** A write that ran in this process whose outcome the store did not take. @internal */
export interface HeldOutcome {
  readonly validated: ValidatedCall;
  readonly intent: LedgerEntry;
  readonly result: ToolResult;
  readonly freshId: boolean;
}

/** Most outcomes held at once (each holds a tool result); past it the oldest session's are dropped (they stay blocked for an operator). */
const MAX_HELD = 10_000;
/** Retries with backoff from 250 ms doubling to 30 s; after this many the outcome waits for a retry of its call or an operator. */
const MAX_ATTEMPTS = 20;

/**
 * Outcomes of writes that ran here but could not be recorded (the store failed): the answer is
 * knowable — this process holds the result — so it keeps trying to record it, on a backoff timer
 * and whenever a call for that session arrives, instead of leaving the session for an operator.
 * @internal
 */
export class UnrecordedOutcomes {
  private readonly held = new Map<string, Map<string, HeldOutcome>>();
  private readonly attempts = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private count = 0;

  constructor(private readonly flush: (sessionId: string) => Promise<void>) {}

  has(sessionId: string): boolean {
    return this.held.has(sessionId);
  }

  holds(sessionId: string, callId: string): boolean {
    return this.held.get(sessionId)?.has(callId) ?? false;
  }

  of(sessionId: string): HeldOutcome[] {
    return [...(this.held.get(sessionId)?.values() ?? [])];
  }

  /** Keeps an outcome to record later and schedules a retry; returns `error` (to throw). */
  hold<E>(sessionId: string, outcome: HeldOutcome, error: E): E {
    let m = this.held.get(sessionId);
    if (!m) this.held.set(sessionId, (m = new Map()));
    if (!m.has(outcome.intent.callId)) this.count++;
    m.set(outcome.intent.callId, outcome);
    while (this.count > MAX_HELD) this.dropSession(this.held.keys().next().value!);
    this.retryLater(sessionId);
    return error;
  }

  drop(sessionId: string, callId: string): void {
    const m = this.held.get(sessionId);
    if (!m?.delete(callId)) return;
    this.count--;
    if (m.size === 0) this.dropSession(sessionId);
  }

  /** Schedules the next attempt for a session (backoff; unref'd, so it never keeps a process alive). */
  retryLater(sessionId: string): void {
    if (!this.held.has(sessionId) || this.timers.has(sessionId)) return;
    const n = this.attempts.get(sessionId) ?? 0;
    if (n >= MAX_ATTEMPTS) return;
    this.attempts.set(sessionId, n + 1);
    const t = setTimeout(
      () => {
        this.timers.delete(sessionId);
        this.flush(sessionId).catch(() => this.retryLater(sessionId));
      },
      Math.min(250 * 2 ** n, 30_000),
    );
    t.unref?.();
    this.timers.set(sessionId, t);
  }

  get size(): number {
    return this.count;
  }

  private dropSession(sessionId: string): void {
    this.count -= this.held.get(sessionId)?.size ?? 0;
    this.held.delete(sessionId);
    this.attempts.delete(sessionId);
    const t = this.timers.get(sessionId);
    if (t) clearTimeout(t);
    this.timers.delete(sessionId);
  }
}
