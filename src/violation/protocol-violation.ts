import { ConcordatError } from "../errors/concordat-error.js";
import type { ViolationCode } from "./violation-codes.js";
import type { ViolationData } from "./violation-data.js";

const BRAND = Symbol.for("concordat.ProtocolViolation");

/** What every violation says besides its code and facts. */
export interface ViolationFields {
  readonly message: string;
  readonly protocol?: string;
  readonly state?: string;
  readonly sessionId?: string;
  readonly tool?: string;
  readonly arguments?: unknown;
  readonly allowedTools?: readonly string[];
  /** What the caller (or the model) can do instead. */
  readonly hint?: string;
}

/**
 * What `new ProtocolViolation(...)` takes: the code, its facts (`data`, typed by the code:
 * required when the code has required facts) and the common fields.
 * @typeParam C - the code; with one literal code, `data` is checked against `ViolationData[C]`
 */
export type ViolationDetails<C extends ViolationCode = ViolationCode> = ViolationFields & { readonly code: C } & ({} extends ViolationData[C]
    ? { /** The code's facts (schema issues, argument diff, budget figures, counterexample trace). */ readonly data?: ViolationData[C] }
    : { /** The code's facts (schema issues, argument diff, budget figures, counterexample trace). */ readonly data: ViolationData[C] });

/**
 * A call, definition or class that breaks its protocol. Thrown before anything executes.
 * `instanceof` works across duplicate copies of the package (the class is branded with a
 * registry symbol), and narrows to `AnyProtocolViolation`, so `code` narrows `data`.
 *
 * @example
 * ```ts
 * try {
 *   await session.run(call, impl);
 * } catch (e) {
 *   if (isProtocolViolation(e, "budget_exceeded")) console.log(e.data.limit, e.data.used);
 *   else if (e instanceof ProtocolViolation && e.code === "guard_failed") console.log(e.data.guard);
 * }
 * ```
 * @typeParam C - the violation code (`ProtocolViolation` alone: any code, facts not narrowed)
 */
export class ProtocolViolation<C extends ViolationCode = ViolationCode> extends ConcordatError<C> {
  declare readonly [BRAND]: true;
  readonly protocol: string | undefined;
  readonly state: string | undefined;
  readonly sessionId: string | undefined;
  readonly tool: string | undefined;
  readonly arguments: unknown;
  readonly allowedTools: readonly string[];
  /** The code's facts, typed by `ViolationData[C]` (empty when the site had none). */
  readonly data: ViolationData[C];
  readonly hint: string | undefined;

  /**
   * @param details - the code, its `data` (checked against the code's interface) and the common fields
   */
  constructor(details: ViolationDetails<C>) {
    super(details.code, details.message);
    this.name = "ProtocolViolation";
    Object.defineProperty(this, BRAND, { value: true });
    this.protocol = details.protocol;
    this.state = details.state;
    this.sessionId = details.sessionId;
    this.tool = details.tool;
    this.arguments = details.arguments;
    this.allowedTools = details.allowedTools ?? [];
    this.data = details.data ?? ({} as ViolationData[C]);
    this.hint = details.hint;
  }

  static override [Symbol.hasInstance](x: unknown): x is AnyProtocolViolation {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
  }

  /** Text for the model: what was refused, why, and what it may do instead. */
  toModelMessage(): string {
    const parts = [`Tool call refused (${this.code}): ${this.message}`];
    if (this.hint) parts.push(this.hint);
    if (this.allowedTools.length > 0) parts.push(`Tools you may call now: ${this.allowedTools.join(", ")}.`);
    else if (this.code !== "protocol_weakened") parts.push("No tools may be called now.");
    return parts.join("\n");
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      protocol: this.protocol,
      state: this.state,
      sessionId: this.sessionId,
      tool: this.tool,
      arguments: this.arguments,
      allowedTools: this.allowedTools,
      data: this.data,
      hint: this.hint,
    };
  }
}

/**
 * A violation of any code, as a union discriminated by `code`: checking the code narrows `data`
 * (`if (v.code === "budget_exceeded") v.data.limit`). `instanceof ProtocolViolation` and
 * `isProtocolViolation` narrow to it.
 */
export type AnyProtocolViolation = { [C in ViolationCode]: ProtocolViolation<C> }[ViolationCode];

/**
 * Whether `x` is a `ProtocolViolation` (from any copy of the package), optionally with one of the
 * given codes; narrows `code` and `data`.
 *
 * @example
 * ```ts
 * if (isProtocolViolation(e, "confirmation_args_mismatch")) showDiff(e.data.diff);
 * ```
 * @param x - anything caught
 * @param codes - the codes to match (any code when none is given)
 */
export function isProtocolViolation<C extends ViolationCode = ViolationCode>(x: unknown, ...codes: readonly C[]): x is ViolationOf<C> {
  return x instanceof ProtocolViolation && (codes.length === 0 || (codes as readonly ViolationCode[]).includes(x.code));
}

/** The violation union narrowed to the codes `C` (distributes, so each member keeps its own facts). */
export type ViolationOf<C extends ViolationCode> = C extends ViolationCode ? ProtocolViolation<C> : never;
