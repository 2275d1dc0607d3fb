/** Every code a `ProtocolViolation` can carry. One list, so formatters and docs can enumerate it. */
export const VIOLATION_CODES = [
  "tool_not_allowed",
  "unknown_tool",
  "invalid_arguments",
  "session_ended",
  "guard_failed",
  "invalid_outcome",
  "protocol_weakened",
  "confirmation_missing",
  "confirmation_args_mismatch",
  "confirmation_expired",
  "confirmation_reused",
  "confirmation_forged",
  "confirmation_other_session",
  "confirmation_stale",
  "confirmation_denied",
  "confirmation_text_mismatch",
  "budget_exceeded",
  "state_tampered",
  "needs_reconciliation",
  "duplicate_call",
  "retries_exhausted",
] as const;

export type ViolationCode = (typeof VIOLATION_CODES)[number];
