import { ConcordatError } from "../errors/concordat-error.js";
import type { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationCode } from "../violation/violation-codes.js";

const BRAND = Symbol.for("concordat.ToolCallRejectedError");

/**
 * What an adapter throws (or returns) in place of a refused tool call: its `message` is the
 * violation's `toModelMessage()`, the text a framework hands back to the model as the tool's
 * error, and `violation` keeps the structured facts for the application. `code` is the
 * violation's code.
 */
export class ToolCallRejectedError extends ConcordatError<ViolationCode> {
  declare readonly [BRAND]: true;
  readonly violation: ProtocolViolation;

  constructor(violation: ProtocolViolation) {
    super(violation.code, violation.toModelMessage(), { cause: violation });
    this.name = "ToolCallRejectedError";
    Object.defineProperty(this, BRAND, { value: true });
    this.violation = violation;
  }

  /** The model-facing text alone (frameworks such as the AI SDK hand `String(error)` to the model). */
  override toString(): string {
    return this.message;
  }

  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
  }
}
