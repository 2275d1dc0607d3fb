import { ProtocolViolation } from "../violation/protocol-violation.js";

/** Sessions whose highest seen version a process remembers (~100 bytes each). */
export const HIGH_WATER_SESSIONS = 100_000;

/**
 * The highest stored version this process has seen, by session: a validly signed head row
 * older than that is a rollback, refused as `state_tampered`. (A process that never saw the
 * later version relies on the store's append-only log and claims instead, checked on load.)
 * Bounded: past `limit` sessions the one noted longest ago is dropped.
 * @internal
 */
export class HighWaterMarks {
  private readonly marks = new Map<string, number>();

  constructor(private readonly limit: number = HIGH_WATER_SESSIONS) {}

  /** The mark now: pass it to `check` with a row read after this moment. */
  floor(sessionId: string): number | undefined {
    return this.marks.get(sessionId);
  }

  /**
   * Throws `state_tampered` when `version` is below `floor` (the mark taken before the row was
   * read: a row read earlier may predate a version this process noted meanwhile); else raises
   * the mark to it.
   */
  check(sessionId: string, version: number, floor: number | undefined): void {
    const seen = floor;
    if (seen !== undefined && version < seen) {
      throw new ProtocolViolation({
        code: "state_tampered",
        sessionId,
        message: `Stored session "${sessionId}" is at version ${version}, but this process has already seen version ${seen}: an older row was written back (a rollback). Nothing was executed.`,
        data: { storedVersion: version, seenVersion: seen, rollback: true },
        hint: "Restore the latest row from a backup or an audit log. If the session was deleted and created again under the same id, use a new id instead.",
      });
    }
    this.note(sessionId, version);
  }

  /** Raises the mark (or sets it, with `reset`, for a session created anew under an old id). */
  note(sessionId: string, version: number, reset = false): void {
    const seen = this.marks.get(sessionId);
    if (seen === undefined) {
      this.marks.set(sessionId, version);
      if (this.marks.size > this.limit) this.marks.delete(this.marks.keys().next().value!);
    } else if (version > seen || reset) this.marks.set(sessionId, version);
  }

  get size(): number {
    return this.marks.size;
  }
}
