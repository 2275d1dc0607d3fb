import type { ValidatedCall } from "../protocol/protocol.js";
import type { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ExecutionRecord, Session } from "./session.js";

/**
 * What a session reports about the tool calls it validates, runs and refuses: the hooks a
 * tracer implements (`concordat/opentelemetry` is one). A session without an observer makes
 * no call of these and does no work for them: each hook site is one field check.
 *
 * The hooks are synchronous and must not throw: a failing observer must not change what the
 * session decides. `concordat/opentelemetry`'s observer catches its own errors.
 *
 * @example
 * ```ts
 * import { instrumentSessions } from "concordat/opentelemetry";
 * instrumentSessions(); // every session created from now on reports to OpenTelemetry
 * ```
 * @see setDefaultSessionObserver
 */
export interface SessionObserver {
  /** A call passed validation and was claimed (`execute`, `run`, or `validate(call, true)`): it runs next, then advances. */
  callValidated(session: Session<any>, call: ValidatedCall, from: string): void;
  /** Runs a validated call's implementation; a tracer makes the call's span current while it runs. */
  runCall<T>(call: ValidatedCall, body: () => T): T;
  /** A call was validated without being claimed (`check`): nothing runs. */
  callChecked(session: Session<any>, call: ValidatedCall): void;
  /** A call's result moved the session on. */
  callAdvanced(session: Session<any>, record: ExecutionRecord): void;
  /** A call ran, but its result could not be applied (its error maps to no outcome); the session did not move. */
  callFailed(session: Session<any>, call: ValidatedCall, error: unknown): void;
  /**
   * The session refused something (every refusal the violation log gets). `call` is the claimed
   * call the refusal ends, when there is one (an outcome with no transition).
   */
  refused(session: Session<any>, violation: ProtocolViolation, call: ValidatedCall | undefined): void;
  /** The caller's context, for a call that waits behind another on the same session. */
  capture(): unknown;
  /** Runs `body` in a context `capture` returned (the waiting call then starts where it was made). */
  within<T>(captured: unknown, body: () => T): T;
}

let defaultObserver: SessionObserver | undefined;

/**
 * Sets the observer every session created from now on reports to, unless its options name
 * another (`observer`) or none (`observer: null`). Sessions created before keep theirs.
 *
 * @example
 * ```ts
 * const previous = setDefaultSessionObserver(myObserver);
 * // ...
 * setDefaultSessionObserver(previous);
 * ```
 * @param observer The observer, or undefined for none.
 * @returns The observer that was the default before.
 */
export function setDefaultSessionObserver(observer: SessionObserver | undefined): SessionObserver | undefined {
  const previous = defaultObserver;
  defaultObserver = observer;
  return previous;
}

/** The observer a new session reports to, given its options. @internal */
export function observerFor(option: SessionObserver | null | undefined): SessionObserver | undefined {
  return option === null ? undefined : (option ?? defaultObserver);
}
