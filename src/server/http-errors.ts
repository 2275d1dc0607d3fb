import { ConcordatError } from "../errors/concordat-error.js";
import { OutcomeNotRecordedError, SessionNotFoundError, StoreContentionError, StoreUnavailableError } from "../store/guard-errors.js";
import { SessionExistsError } from "../store/session-store.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationCode } from "../violation/violation-codes.js";

/** An HTTP-level refusal with its status and JSON error code. */
export class HttpError extends ConcordatError<string> {
  constructor(
    readonly status: number,
    code: string,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(code, message);
    this.name = "HttpError";
  }
}

/**
 * HTTP status for a violation code: 422 bad arguments, 404 unknown tool, 403 consent problems,
 * 423 blocked by a write whose outcome is not recorded (a retry of that write included), 429
 * budget, 409 the rest.
 */
export function statusForViolation(code: ViolationCode): number {
  if (code === "invalid_arguments") return 422;
  if (code === "unknown_tool") return 404;
  if (code.startsWith("confirmation_")) return 403;
  if (code === "needs_reconciliation") return 423;
  if (code === "budget_exceeded") return 429;
  return 409;
}

/** A JSON error response: status, body, extra headers. @internal */
export interface ErrorResponse {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

type Emit = (level: "info" | "warn" | "error", event: string, fields: Record<string, unknown>) => void;

/**
 * The response for anything a route threw. Store failures say whether the tool ran:
 * `store_unavailable` (503) — nothing was written, a write did not run, retry with the same call
 * id; `outcome_not_recorded` (500) — the write ran (its result is included) but could not be
 * recorded, do not repeat it under a new call id. A tool that failed without an outcome is
 * `tool_failed` (502).
 * @internal
 */
export function toErrorResponse(e: unknown, requestId: string, ctx: Record<string, unknown>, emit: Emit): ErrorResponse {
  if (e instanceof ProtocolViolation) {
    const j = e.toJSON();
    delete j["name"];
    const status = statusForViolation(e.code);
    return {
      status,
      body: { error: { ...j, code: e.code, message: e.message, modelMessage: e.toModelMessage() } },
      ...(status === 423 ? { headers: { "retry-after": "1" } } : {}),
    };
  }
  if (e instanceof HttpError) return { status: e.status, body: { error: { code: e.code, message: e.message, ...e.extra } } };
  if (e instanceof SessionNotFoundError) return { status: 404, body: { error: { code: e.code, message: e.message } } };
  if (e instanceof SessionExistsError)
    return {
      status: 409,
      body: {
        error: {
          code: "session_exists",
          message: `${e.message} To make creating a session safe to retry, send an Idempotency-Key header: a retry with the same key returns the session and its tokens.`,
        },
      },
    };
  if (e instanceof StoreContentionError) return { status: 503, body: { error: { code: e.code, message: e.message } }, headers: { "retry-after": "1" } };
  if (e instanceof StoreUnavailableError) {
    emit("error", "store_unavailable", { requestId, ...ctx, toolRan: e.toolRan, error: describeCause(e) });
    return {
      status: 503,
      body: { error: { code: e.code, message: e.message, toolRan: e.toolRan, writeRan: false, ...(e.callId !== undefined ? { callId: e.callId } : {}) } },
      headers: { "retry-after": "1" },
    };
  }
  if (e instanceof OutcomeNotRecordedError) {
    emit("error", "outcome_not_recorded", { requestId, ...ctx, callId: e.callId, tool: e.tool, error: describeCause(e) });
    const result = e.result.ok ? { ok: true, value: e.result.value } : { ok: false, error: errorText(e.result.error) };
    return { status: 500, body: { error: { code: e.code, message: e.message, toolRan: true, writeRan: true, callId: e.callId, tool: e.tool, result } } };
  }
  if (ctx["route"] === "call_tool" && ctx["tool"] !== undefined) {
    // the tool itself failed in a way its protocol does not map to an outcome
    emit("error", "tool_failed", { requestId, ...ctx, error: errorText(e) });
    return {
      status: 502,
      body: {
        error: {
          code: "tool_failed",
          message: `Tool "${String(ctx["tool"])}" failed: ${errorText(e)}. For a write, its outcome is unknown: the session is blocked (423) until the reconcile hook or an operator records what happened.`,
          toolRan: true,
        },
      },
    };
  }
  emit("error", "internal_error", { requestId, ...ctx, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  return { status: 500, body: { error: { code: "internal_error", message: `Internal error (request ${requestId}); see the service log.` } } };
}

/** The text of an error (its message), of a string, or the JSON of anything else. @internal */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : typeof e === "string" ? e : (JSON.stringify(e) ?? String(e));
}

function describeCause(e: Error): string {
  const cause = (e as { cause?: unknown }).cause;
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause ?? e.message);
}
