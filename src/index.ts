import "./polyfill/symbol-metadata.js";

export { defineProtocol, defineTool } from "./protocol/define-protocol.js";
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
