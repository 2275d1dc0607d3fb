import { ConcordatError } from "../errors/concordat-error.js";

/**
 * Another process (or an operator) changed a stored session under this one: a compare-and-set
 * found a newer version, or a write's intent was resolved elsewhere while the write ran. Nothing
 * was saved; the message says what to do (usually: load the session again and redo the step).
 */
export class SessionConflictError extends ConcordatError<"session_conflict"> {
  constructor(
    readonly sessionId: string,
    message: string,
  ) {
    super("session_conflict", message);
    this.name = "SessionConflictError";
  }
}
