import type { ViolationCode } from "./violation-codes.js";

const BRAND = Symbol.for("concordat.ProtocolViolation");

export interface ViolationDetails {
  readonly code: ViolationCode;
  readonly message: string;
  readonly protocol?: string;
  readonly state?: string;
  readonly sessionId?: string;
  readonly tool?: string;
  readonly arguments?: unknown;
  readonly allowedTools?: readonly string[];
  /** Code-specific facts (schema issues, argument diff, budget numbers, counterexample trace). */
  readonly data?: Readonly<Record<string, unknown>>;
  /** What the caller (or the model) can do instead. */
  readonly hint?: string;
}

/**
 * A call, definition or class that breaks its protocol. Thrown before anything executes.
 * `instanceof` works across duplicate copies of the package (the class is branded with a
 * registry symbol).
 */
export class ProtocolViolation extends Error {
  declare readonly [BRAND]: true;
  readonly code: ViolationCode;
  readonly protocol: string | undefined;
  readonly state: string | undefined;
  readonly sessionId: string | undefined;
  readonly tool: string | undefined;
  readonly arguments: unknown;
  readonly allowedTools: readonly string[];
  readonly data: Readonly<Record<string, unknown>>;
  readonly hint: string | undefined;

  constructor(details: ViolationDetails) {
    super(details.message);
    this.name = "ProtocolViolation";
    Object.defineProperty(this, BRAND, { value: true });
    this.code = details.code;
    this.protocol = details.protocol;
    this.state = details.state;
    this.sessionId = details.sessionId;
    this.tool = details.tool;
    this.arguments = details.arguments;
    this.allowedTools = details.allowedTools ?? [];
    this.data = details.data ?? {};
    this.hint = details.hint;
  }

  static override [Symbol.hasInstance](x: unknown): boolean {
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

export function isProtocolViolation(x: unknown): x is ProtocolViolation {
  return x instanceof ProtocolViolation;
}
