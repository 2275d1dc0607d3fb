/**
 * The names Concordat's spans use: GenAI semantic-convention attributes for tool execution
 * (development status in the conventions, so they are kept here in one place) and Concordat's
 * own, under `concordat.`.
 * @see https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/#execute-tool-span
 */
export const ATTR = {
  operationName: "gen_ai.operation.name",
  toolName: "gen_ai.tool.name",
  toolCallId: "gen_ai.tool.call.id",
  toolType: "gen_ai.tool.type",
  toolDescription: "gen_ai.tool.description",
  toolArguments: "gen_ai.tool.call.arguments",
  toolResult: "gen_ai.tool.call.result",
  conversationId: "gen_ai.conversation.id",
  errorType: "error.type",
  protocol: "concordat.protocol",
  stateBefore: "concordat.state.before",
  stateAfter: "concordat.state.after",
  toolEffect: "concordat.tool.effect",
  outcome: "concordat.tool.outcome",
  callStatus: "concordat.call.status",
  violationCode: "concordat.violation.code",
  violationMessage: "concordat.violation.message",
  allowedTools: "concordat.allowed_tools",
  grantId: "concordat.grant.id",
  grantActionId: "concordat.grant.action_id",
} as const;

/** Values of `concordat.call.status`. */
export const CALL_STATUS = {
  /** Validated by `check` only (the event on the active span). */
  allowed: "allowed",
  /** Ran, and its result moved the session on. */
  executed: "executed",
  /** Refused before it ran (or its outcome had no transition). */
  refused: "refused",
  /** Ran, but its result could not be applied (an error with no outcome): the session did not move. */
  failed: "failed",
} as const;

/** The event `session.check` adds to the active span. */
export const EVENT_CHECKED = "concordat.tool_call.checked";

/** The instrumentation scope name. */
export const TRACER_NAME = "concordat";

/** `toolCalls` → `tool_calls`. @internal */
export function snakeCase(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
