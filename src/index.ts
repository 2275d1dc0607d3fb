/**
 * `concordat`: the protocol model, sessions (the runtime monitor), violations, confirmations and
 * budgets. Runs anywhere Node.js 20+ runs; its types need no `@types/node`. Everything else is
 * behind a subpath: `concordat/decorators`, `concordat/agent`, `concordat/testing`,
 * `concordat/store`, `concordat/sqlite`, `concordat/xstate`, `concordat/postgres`, `concordat/server`,
 * `concordat/cli`, `concordat/analyzer`, the framework adapters (`concordat/ai-sdk`,
 * `concordat/openai-agents`, `concordat/mcp`) and the evaluation's domain and auditor
 * (`concordat/airline`, `concordat/audit`).
 * @module
 */
import "./polyfill/symbol-metadata.js";

export { defineProtocol, defineTool } from "./protocol/define-protocol.js";
export { extendProtocol } from "./protocol/define-protocol.js";
export type { ProtocolExtension, ExtendedTools } from "./protocol/extend-protocol.js";
export { Protocol, type ValidatedCall, type ToolNameOf, type StateNameOf, type ContextOf, type ToolArgs } from "./protocol/protocol.js";
export type * from "./protocol/types.js";
export { guard, allOf, type Guard, type GuardConjunct } from "./protocol/guard.js";
export { ProtocolDefinitionError, DEFINITION_ISSUE_CODES, type DefinitionIssue, type DefinitionIssueCode } from "./protocol/definition-error.js";
export { validateDefinition } from "./protocol/validate-definition.js";
export { ConcordatError, type ConcordatErrorOptions } from "./errors/concordat-error.js";
export { ConfigurationError, type ConfigurationProblem } from "./errors/configuration-error.js";
export {
  ProtocolViolation,
  isProtocolViolation,
  type ViolationDetails,
  type ViolationFields,
  type AnyProtocolViolation,
  type ViolationOf,
} from "./violation/protocol-violation.js";
export type * from "./violation/violation-data.js";
export { VIOLATION_CODES, type ViolationCode } from "./violation/violation-codes.js";
export {
  ViolationLog,
  MemoryViolationSink,
  JsonLinesViolationSink,
  ConsoleViolationSink,
  toViolationRecord,
  type ViolationRecord,
  type ViolationSink,
  type MemoryViolationSinkOptions,
} from "./violation/violation-log.js";
export { Session, type SessionOptions, type SessionStatus, type CheckResult, type ExecutionRecord } from "./runtime/session.js";
export { setDefaultSessionObserver, type SessionObserver } from "./runtime/session-observer.js";
export type { SessionPolicy, TokenUsage } from "./runtime/session-policy.js";
export { SessionStateError, parseSessionSnapshot, type SessionSnapshot } from "./runtime/session-snapshot.js";
export {
  verifyTraceHistory,
  traceTime,
  DEFAULT_TRACE_KEEP,
  type TraceEntry,
  type DroppedTrace,
  type TraceRetention,
  type TraceHistoryCheck,
} from "./runtime/session-trace.js";

// confirmation
export {
  ConfirmationPolicy,
  type ConfirmationOptions,
  type ConfirmationRequest,
  type ReplyOutcome,
  type RequestOptions,
} from "./confirmation/confirmation-policy.js";
export type { ConfirmationDecider, ConfirmationDecision, DeciderInput, DeciderVerdict, PendingAction } from "./confirmation/decider.js";
export { ruleDecider, type ReplyRule } from "./confirmation/rule-decider.js";
export { judgeConsent, consentJudge, type ConsentJudgeInput, type ConsentAction, type ConsentVerdict } from "./confirmation/consent-judge.js";
export { llmJudgeDecider, composeDeciders, type LlmJudgeOptions, type ComposeOptions } from "./confirmation/llm-judge-decider.js";
export {
  canonicalJson,
  canonicalHash,
  canonicallyEqual,
  argumentDiff,
  formatArgumentDiff,
  CanonicalJsonError,
  type ArgumentChange,
} from "./confirmation/canonical-json.js";
export { grantSchema, subjectsOf, type Grant, type PendingActionRecord } from "./confirmation/grant.js";
export { signGrant, verifyGrant, GRANT_TOKEN_PREFIX } from "./confirmation/grant-token.js";
export { priorConsentVerdict } from "./confirmation/prior-consent.js";
export { confirmationFlow, type ConfirmationFlow, type ConfirmationFlowOptions } from "./confirmation/confirmation-flow.js";
export { renderActionRequest, unstatedValues, type RequestTextOptions, type UnstatedValue } from "./confirmation/request-text.js";
export { extractDescribedValues, type DescribedValues } from "./confirmation/described-values.js";

// budgets
export {
  BudgetAccount,
  BUDGET_DIMENSIONS,
  type BudgetDimension,
  type Usage,
  type HandoffOptions,
  type AccountOptions,
  type AccountSnapshot,
  type Shortfall,
} from "./budget/budget-account.js";
export { BudgetPolicy } from "./budget/budget-policy.js";

// graphs
export { toDot } from "./graph/to-dot.js";
export { toMermaid } from "./graph/to-mermaid.js";
export type { GraphOptions } from "./graph/graph-options.js";

// refinement (decorators live in concordat/decorators)
export {
  checkRefinement,
  mapChildTools,
  eventLabel,
  verifyWith,
  type RefinementResult,
  type RefinementKind,
  type RefinementNames,
  type RefinementOptions,
} from "./protocol/refinement.js";
export type { ArgumentSchema } from "./protocol/argument-schema.js";
export type { SchemaContainment } from "./protocol/schema-containment.js";
export type { EnforceDecorator, CheckEnforcedClass } from "./protocol/enforce-hook.js";
