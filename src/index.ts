import "./polyfill/symbol-metadata.js";

export { defineProtocol, defineTool } from "./protocol/define-protocol.js";
export { extendProtocol, type ProtocolExtension, type ExtendedTools } from "./protocol/extend-protocol.js";
export { Protocol, type ValidatedCall, type ToolNameOf, type StateNameOf, type ContextOf, type ToolArgs } from "./protocol/protocol.js";
export type * from "./protocol/types.js";
export { guard, allOf, type Guard, type GuardConjunct } from "./protocol/guard.js";
export { ProtocolDefinitionError, DEFINITION_ISSUE_CODES, type DefinitionIssue, type DefinitionIssueCode } from "./protocol/definition-error.js";
export { validateDefinition } from "./protocol/validate-definition.js";
export { ProtocolViolation, isProtocolViolation, type ViolationDetails } from "./violation/protocol-violation.js";
export { VIOLATION_CODES, type ViolationCode } from "./violation/violation-codes.js";
export { ViolationLog, MemoryViolationSink, JsonLinesViolationSink, ConsoleViolationSink, toViolationRecord, type ViolationRecord, type ViolationSink } from "./violation/violation-log.js";
export { Session, type SessionOptions, type SessionStatus, type CheckResult, type ExecutionRecord } from "./runtime/session.js";
export type { SessionPolicy, TokenUsage } from "./runtime/session-policy.js";
export { SessionStateError, parseSessionSnapshot, type SessionSnapshot, type TraceEntry } from "./runtime/session-snapshot.js";

// confirmation
export { ConfirmationPolicy, type ConfirmationOptions, type ConfirmationRequest, type ReplyOutcome, type RequestOptions } from "./confirmation/confirmation-policy.js";
export type { ConfirmationDecider, ConfirmationDecision, DeciderInput, DeciderVerdict, PendingAction } from "./confirmation/decider.js";
export { ruleDecider, decideReply, normalizeReply, type ReplyRule } from "./confirmation/rule-decider.js";
export { llmJudgeDecider, composeDeciders, parseJudgeOutput, judgeOutputSchema, JUDGE_SYSTEM_PROMPT, type LlmJudgeOptions, type ComposeOptions } from "./confirmation/llm-judge-decider.js";
export { canonicalJson, canonicalHash, canonicallyEqual, argumentDiff, formatArgumentDiff, CanonicalJsonError, type ArgumentChange } from "./confirmation/canonical-json.js";
export { grantSchema, subjectsOf, type Grant, type PendingActionRecord } from "./confirmation/grant.js";
export { signGrant, verifyGrant, GRANT_TOKEN_PREFIX } from "./confirmation/grant-token.js";
export { priorConsentVerdict } from "./confirmation/prior-consent.js";
export { confirmationFlow, type ConfirmationFlow, type ConfirmationFlowOptions } from "./confirmation/confirmation-flow.js";
export { confusionMatrix, formatConfusionMarkdown, type ConfusionMatrix, type LabelledDecision } from "./confirmation/confusion-matrix.js";

// budgets
export { BudgetAccount, BUDGET_DIMENSIONS, type BudgetDimension, type Usage, type HandoffOptions, type AccountOptions, type AccountSnapshot, type Shortfall } from "./budget/budget-account.js";
export { BudgetPolicy } from "./budget/budget-policy.js";

// graphs
export { toDot } from "./graph/to-dot.js";
export { toMermaid } from "./graph/to-mermaid.js";
export type { GraphOptions } from "./graph/graph-options.js";

// models (no SDK is loaded by these)
export type { ModelClient, ModelRequest, ModelResponse, ModelToolCall, ModelUsage, ChatMessage } from "./agent/model-client.js";
export { OpenAICompatibleClient, DEFAULT_OPENAI_BASE_URL, type OpenAICompatibleClientOptions, type ClientUsageTotals } from "./adapters/openai-compatible-client.js";
export { ModelClientError, isRetryableStatus, type ModelClientErrorKind, type ModelClientErrorDetails } from "./adapters/model-client-error.js";
export { ToolCallRejectedError } from "./adapters/tool-call-rejected-error.js";

// command line, programmatically
export { run as runCli } from "./cli/run.js";
export { memoryIo, processIo, UsageError, type CliIo, type CliCommand } from "./cli/io.js";

// refinement and the agent loop (decorators live in concordat/decorators)
export { checkRefinement, mapChildTools, eventLabel, verifyWith, type RefinementResult, type RefinementKind, type RefinementNames, type RefinementOptions } from "./protocol/refinement.js";
export { argumentSchema, type ArgumentSchema } from "./protocol/argument-schema.js";
export { compareArgumentSchemas, type SchemaContainment } from "./protocol/schema-containment.js";
export type { EnforceDecorator, CheckEnforcedClass } from "./protocol/enforce-hook.js";
export { AgentLoop, type AgentLoopOptions, type StepResult, type ExecutedCall } from "./agent/agent-loop.js";
export { RetryPolicy } from "./agent/retry-policy.js";
export { ScriptedModelClient, call, toolCalls, say, type ScriptedTurn } from "./agent/scripted-model-client.js";
export { estimateTextTokens, estimateInputTokens, estimateOutputTokens } from "./agent/estimate-tokens.js";

// persistent sessions and the server-side guard (PostgreSQL: concordat/postgres; MCP: concordat/mcp)
export { SessionExistsError, SignedSessionStore, type SessionStore, type StoredSession, type StoredState, type LedgerEntry, type EncodedState, type RawRow, type RowWrite, type RowSigner, type SignedStoreOptions } from "./store/session-store.js";
export { MemorySessionStore } from "./store/memory-store.js";
export { SqliteSessionStore, DEFAULT_SQLITE_PATH, type SqliteSessionStoreOptions } from "./store/sqlite-store.js";
export { openSessionStore, type OpenSessionStoreOptions } from "./store/open-session-store.js";
export { GuardedExecutor, SessionNotFoundError, StoreContentionError, type GuardedExecutorOptions, type GuardedExecution, type GuardedToolContext, type GuardedToolImpl, type ReconcileHook, type ReconcileResolution, type ReconcileReport, type LoadedSession } from "./store/guarded-executor.js";
export { createHttpGuard, HttpError, statusForViolation, type HttpGuard, type HttpGuardOptions, type GuardLogRecord } from "./server/http-guard.js";
export { SessionTokens, SessionTokenError, type TokenScope, type SessionTokenClaims } from "./server/session-token.js";
