import type { Protocol, ValidatedCall } from "../protocol/protocol.js";
import type { ToolCall, ToolResult } from "../protocol/types.js";
import type { ExecutionRecord, Session, SessionStatus } from "../runtime/session.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { FoundCall, LedgerEntry } from "./session-store.js";
import { resultOfRecord } from "./write-ledger.js";

/** What a tool implementation receives besides its arguments. */
export interface GuardedToolContext {
  readonly sessionId: string;
  readonly callId: string;
  /** `${sessionId}:${callId}`: give it to the target system so a reconcile hook can find the write later. */
  readonly idempotencyKey: string;
  readonly call: ValidatedCall;
}

/** A tool implementation run by the guard (synchronous, promise-returning or thenable). */
export type GuardedToolImpl = (args: any, context: GuardedToolContext) => unknown;

/** A call the guard executed: the session's execution record plus the call id and stored version. */
export interface GuardedExecution extends ExecutionRecord {
  readonly callId: string;
  readonly sessionId: string;
  /** Store version after the call. */
  readonly version: number;
  /** The session's state and status after the call, and the tools it allows now. */
  readonly state: string;
  readonly status: SessionStatus;
  readonly allowedTools: readonly string[];
  /**
   * True when this is a retry of a call already recorded under the same call id: nothing ran;
   * the result, transition and version are the recorded ones (state and tools as of that call).
   */
  readonly replayed?: boolean;
  /** Why the recorded result has no value (not JSON, or too long to keep). */
  readonly resultOmitted?: string;
}

/**
 * Helpers that answer a call from what is recorded (a retry) or refuse it: one module so the
 * executor's paths build the same answers.
 * @internal
 */

/** What `execute` returns (built field by field: a spread of the record is several times slower on this hot path). */
export function executionOf(record: ExecutionRecord, callId: string, sessionId: string, version: number, session: Session<any>): GuardedExecution {
  return {
    call: record.call,
    result: record.result,
    outcome: record.outcome,
    from: record.from,
    to: record.to,
    callId,
    sessionId,
    version,
    state: session.state,
    status: session.status,
    allowedTools: session.allowedTools(),
  };
}

/**
 * The recorded answer to a retried call, or undefined when no result was recorded for it (a
 * call from before results were kept, or one made without a call id).
 */
export function replayOf(
  protocol: Protocol<any, any, any>,
  sessionId: string,
  callId: string,
  found: FoundCall,
  fallbackVersion: number,
): GuardedExecution | undefined {
  const { entry, ledger, recorded } = found;
  if (!recorded || (!entry && !ledger)) return undefined;
  const tool = entry?.tool ?? ledger!.tool;
  const to = entry?.to ?? ledger?.to ?? "";
  const status: SessionStatus = protocol.isTerminal(to) ? "ended" : "active";
  const result: ToolResult = resultOfRecord(recorded.result);
  return {
    call: { id: callId, name: tool, arguments: entry?.arguments ?? ledger?.arguments, spec: protocol.tools[tool] },
    result,
    outcome: entry?.outcome ?? ledger?.outcome ?? "",
    from: entry?.from ?? ledger?.from ?? "",
    to,
    callId,
    sessionId,
    version: recorded.version || fallbackVersion,
    state: to,
    status,
    allowedTools: status === "active" && protocol.stateNames.includes(to) ? protocol.allowedTools(to) : [],
    replayed: true,
    ...(recorded.result.omitted !== undefined ? { resultOmitted: recorded.result.omitted } : {}),
  };
}

/** `duplicate_call`: the call id is recorded for a different call, or for one whose result cannot be given back. */
export function duplicateCall(
  protocol: Protocol<any, any, any>,
  sessionId: string,
  call: ToolCall,
  found: FoundCall,
  why: "different_call" | "not_executed" | "no_result",
): ProtocolViolation {
  const callId = call.id as string;
  const seen: Partial<LedgerEntry> & { tool?: string } = found.ledger ?? found.entry ?? {};
  const status = found.ledger?.status ?? "done";
  const message =
    why === "different_call"
      ? `Call id "${callId}" was already used in session "${sessionId}" for another call ("${seen.tool}" with other arguments); a call id names one call.`
      : why === "not_executed"
        ? `Call id "${callId}" ("${seen.tool}") was recorded as not executed (its process died before the write ran, and it was reconciled); its grant stays used.`
        : `Call id "${callId}" ("${seen.tool}") already executed in session "${sessionId}" (outcome ${found.entry?.outcome ?? seen.outcome ?? "?"}), but its result was not recorded, so it cannot be returned again.`;
  const hint =
    why === "different_call"
      ? "Use a new call id for a new call; retry a call only with its own tool and arguments."
      : why === "not_executed"
        ? "Ask the user to confirm again, then make the call under a new call id."
        : "Read the session (GET /sessions/:id) to see what the call did.";
  return new ProtocolViolation({
    code: "duplicate_call",
    message,
    protocol: protocol.name,
    sessionId,
    tool: call.name,
    arguments: call.arguments,
    data: {
      callId,
      status,
      reason: why,
      ...(found.entry
        ? { outcome: found.entry.outcome, from: found.entry.from, to: found.entry.to }
        : found.ledger?.outcome
          ? { outcome: found.ledger.outcome }
          : {}),
    },
    hint,
  });
}

/** `needs_reconciliation`: a write's outcome is not recorded (it is running, or its process died). */
export function blockedByWrite(
  session: Session<any> | undefined,
  protocol: Protocol<any, any, any>,
  sessionId: string,
  call: ToolCall,
  pending: LedgerEntry | undefined,
  pendingId: string,
  inFlightHere: boolean,
): ProtocolViolation {
  const retry = pendingId === call.id;
  const v = new ProtocolViolation({
    code: "needs_reconciliation",
    message: retry
      ? `Call "${pendingId}" ("${pending?.tool ?? "?"}") is a write whose outcome is not recorded yet: ${inFlightHere ? "it is running now" : `claimed at ${pending?.intentAt ?? "?"} by ${pending?.owner ?? "?"}; it is running, or its process died`}. Its result is returned to a retry once it is recorded.`
      : `Session "${sessionId}" has a write whose outcome is not recorded: "${pending?.tool ?? "?"}" (call ${pendingId}), claimed at ${pending?.intentAt ?? "?"} by ${pending?.owner ?? "?"}. It is running now, or its process died; no call runs until it is resolved.`,
    protocol: protocol.name,
    ...(session ? { state: session.state } : {}),
    sessionId,
    tool: call.name,
    arguments: call.arguments,
    allowedTools: [],
    data: { pendingCallId: pendingId, pendingTool: pending?.tool, status: pending?.status, retryOfPending: retry, inFlight: inFlightHere },
    hint: "Retry later with the same call id; if it stays blocked, an operator or the reconcile hook records what the write did (POST /sessions/:id/reconcile, executor.reconcile).",
  });
  return session ? session.reject(v) : v;
}

/** A refusal that came after the read ran (another process changed the session meanwhile). */
export function reportedLate(v: ProtocolViolation, sessionId: string): ProtocolViolation {
  return new ProtocolViolation({
    code: v.code,
    message: `${v.message} (Another process changed session "${sessionId}" while this read ran; its result was discarded and nothing was recorded.)`,
    ...(v.protocol !== undefined ? { protocol: v.protocol } : {}),
    ...(v.state !== undefined ? { state: v.state } : {}),
    sessionId,
    ...(v.tool !== undefined ? { tool: v.tool } : {}),
    arguments: v.arguments,
    allowedTools: v.allowedTools,
    data: { ...v.data, readRanConcurrently: true },
    ...(v.hint !== undefined ? { hint: v.hint } : {}),
  });
}

/** Runs a tool implementation; a synchronous one is not sent through the microtask queue. */
export function runImpl(impl: GuardedToolImpl, validated: ValidatedCall, context: GuardedToolContext): ToolResult | Promise<ToolResult> {
  let value: unknown;
  try {
    value = impl(validated.arguments, context);
  } catch (error) {
    return { ok: false, error };
  }
  if (value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as PromiseLike<unknown>).then === "function") {
    return Promise.resolve(value).then(
      (v): ToolResult => ({ ok: true, value: v }),
      (error): ToolResult => ({ ok: false, error }),
    );
  }
  return { ok: true, value };
}
