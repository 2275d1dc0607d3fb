import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { RetriesExhaustedData } from "../violation/violation-data.js";

/**
 * The bounded re-ask policy of an agent loop: after a model turn with a refused tool call,
 * the model is re-asked with the refusal (`violation.toModelMessage()`), at most
 * `maxRetries` times in a row. A turn without refusals resets the count. One more refusal
 * after that stops the loop with a `retries_exhausted` violation.
 */
export class RetryPolicy {
  readonly maxRetries: number;
  private consecutive = 0;

  constructor(maxRetries = 2) {
    if (!Number.isInteger(maxRetries) || maxRetries < 0)
      throw new RangeError(`RetryPolicy: maxRetries must be a non-negative integer, got ${String(maxRetries)}.`);
    this.maxRetries = maxRetries;
  }

  /** Refusals in a row so far. */
  get retriesUsed(): number {
    return this.consecutive;
  }

  /** A turn had a refusal: `"retry"` to re-ask the model, `"stop"` when the retries are used up. */
  onRejectedTurn(): "retry" | "stop" {
    if (this.consecutive >= this.maxRetries) return "stop";
    this.consecutive++;
    return "retry";
  }

  /** A turn went through without refusals. */
  onCleanTurn(): void {
    this.consecutive = 0;
  }

  /** The error that stops the loop, naming the last refusal. */
  exhausted(last: ProtocolViolation, extra: Pick<RetriesExhaustedData, "step"> = {}): ProtocolViolation<"retries_exhausted"> {
    return new ProtocolViolation({
      code: "retries_exhausted",
      message: `The model kept making refused tool calls: ${this.maxRetries + 1} turns in a row were refused (maxRetries = ${this.maxRetries}). Last refusal: ${last.message}`,
      ...(last.protocol !== undefined ? { protocol: last.protocol } : {}),
      ...(last.state !== undefined ? { state: last.state } : {}),
      ...(last.sessionId !== undefined ? { sessionId: last.sessionId } : {}),
      ...(last.tool !== undefined ? { tool: last.tool } : {}),
      arguments: last.arguments,
      allowedTools: last.allowedTools,
      data: { maxRetries: this.maxRetries, lastCode: last.code, ...extra },
      hint: "Stop here and hand the conversation to a person, or start over; the protocol state is unchanged by the refused calls.",
    });
  }
}
