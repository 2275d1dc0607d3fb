import type { ToolResult } from "../protocol/types.js";
import { ConcordatError } from "../errors/concordat-error.js";

/**
 * An operation could not win compare-and-set within `maxConflicts` attempts.
 *
 * @example
 * ```ts
 * try { await executor.execute(id, call, impl); } catch (e) { if (e instanceof StoreContentionError) retryLater(); }
 * ```
 */
export class StoreContentionError extends ConcordatError<"store_contention"> {
  constructor(
    readonly sessionId: string,
    readonly attempts: number,
  ) {
    super(
      "store_contention",
      `Session "${sessionId}": gave up after ${attempts} compare-and-set conflicts. Another writer is changing it continuously. Fix: retry later, or raise maxConflicts.`,
    );
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

/**
 * The store failed (unreachable, read-only, disk full) before anything was recorded. No write
 * ran. `toolRan` is true only for a read that ran and whose result was then not recorded (it
 * changed nothing). Retrying with the same call id is safe.
 */
export class StoreUnavailableError extends ConcordatError<"store_unavailable"> {
  constructor(
    readonly sessionId: string,
    readonly callId: string | undefined,
    readonly toolRan: boolean,
    cause: unknown,
  ) {
    super(
      "store_unavailable",
      `Session "${sessionId}": the session store failed (${describe(cause)}) ${toolRan ? "after the read ran; its result was not recorded and nothing changed" : "before anything ran; nothing happened"}. Fix: retry ${callId !== undefined ? `with the same call id ("${callId}")` : "the request"} once the store is back.`,
      { cause },
    );
    this.name = "StoreUnavailableError";
  }
}

/**
 * A write ran (the target system may have changed) but its outcome could not be stored. The
 * session stays blocked (`needs_reconciliation`) until the outcome is recorded: this process
 * keeps retrying with the result it holds, and a retry of the same call id (here, or on any
 * instance once recorded) returns it. Do not repeat the write under a new call id.
 */
export class OutcomeNotRecordedError extends ConcordatError<"outcome_not_recorded"> {
  constructor(
    readonly sessionId: string,
    readonly callId: string,
    readonly tool: string,
    readonly result: ToolResult,
    cause: unknown,
  ) {
    super(
      "outcome_not_recorded",
      `Session "${sessionId}": the write "${tool}" (call ${callId}) ran, but its outcome could not be recorded (${describe(cause)}). The session is blocked until it is. Fix: do not repeat the write under a new call id; retry call "${callId}" later to get its recorded result, or have an operator reconcile it.`,
      { cause },
    );
    this.name = "OutcomeNotRecordedError";
  }
}

/** `Name: message` of an error (or its text). @internal */
export function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
