const BRAND = Symbol.for("concordat.ConcordatError");

/** Options every Concordat error takes. */
export interface ConcordatErrorOptions {
  /** The error that led to this one (kept as the standard `Error.cause`). */
  readonly cause?: unknown;
}

/**
 * The base class of every error Concordat throws on purpose: a refused call
 * (`ProtocolViolation`), a malformed protocol, a missing session, corrupted stored state, a
 * wrong setup. `code` is a stable, machine-readable string (snake_case) that says what went wrong;
 * the message says it for people, naming the thing, the bad value and the fix. Switch on the
 * class first, then on `code` (a code is unique within its class).
 *
 * Invalid arguments are the exception: a wrong type or a value outside its range (a NaN budget
 * figure, an empty tool name) throws the built-in `TypeError` or `RangeError`, as the platform
 * does; those are bugs to fix at the call site, not conditions to handle.
 *
 * `instanceof ConcordatError` works across duplicate copies of the package (instances are
 * branded with a registry symbol); for a subclass it is the ordinary prototype check unless the
 * subclass brands itself too.
 *
 * @example
 * ```ts
 * import { ConcordatError, isProtocolViolation } from "concordat";
 * try {
 *   await session.run(call, impl);
 * } catch (e) {
 *   if (isProtocolViolation(e)) return e.toModelMessage(); // the model may try something else
 *   if (e instanceof ConcordatError) console.error(`[${e.code}] ${e.message}`);
 *   throw e;
 * }
 * ```
 * @typeParam Code - the codes this class uses
 */
export class ConcordatError<Code extends string = string> extends Error {
  declare readonly [BRAND]: true;
  /** What went wrong, stable across versions (e.g. `"session_not_found"`, `"budget_exceeded"`). */
  readonly code: Code;

  /**
   * @param code - the stable code
   * @param message - what went wrong: the thing, the bad value and the fix
   * @param options - `cause`, the error that led to this one
   */
  constructor(code: Code, message: string, options?: ConcordatErrorOptions) {
    super(message, options !== undefined && "cause" in options ? { cause: options.cause } : undefined);
    this.name = "ConcordatError";
    Object.defineProperty(this, BRAND, { value: true });
    this.code = code;
  }

  /** `ConcordatError` itself matches any branded instance (any copy of the package); subclasses match by prototype. */
  static override [Symbol.hasInstance](this: Function, x: unknown): boolean {
    if (this === ConcordatError) return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
    return Function.prototype[Symbol.hasInstance].call(this, x);
  }
}
