import type { ValidatedCall } from "../protocol/protocol.js";
import type { ToolResult } from "../protocol/types.js";
import type { Protocol } from "../protocol/protocol.js";
import type { ProtocolViolation } from "../violation/protocol-violation.js";
import type { TraceEntry } from "./session-trace.js";

/** What a model call reported (or an estimate of it). */
export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * What a policy sees of the session it takes part in: a narrow view of `Session` (which
 * implements it), so that policies do not depend on the class that runs them.
 */
export interface PolicySession {
  readonly id: string;
  readonly protocol: Protocol<any, any, any>;
  /** The current state. */
  readonly state: string;
  /** The session's clock. */
  readonly now: () => Date;
  /** The retained trace entries, and how many entries were ever recorded. */
  readonly trace: readonly TraceEntry[];
  readonly traceLength: number;
  traceSince(seq: number): readonly TraceEntry[];
  /** The tools the current state allows (before any policy narrows them). */
  allowedTools(): string[];
  /** Records the violation (log, trace) and returns it, for the policy to throw. */
  reject(v: ProtocolViolation): ProtocolViolation;
}

/**
 * A concern that takes part in every call of a session (confirmation grants, budgets, …).
 * `beforeCall` runs after the protocol accepted the call and before the implementation; it
 * throws `ProtocolViolation` to refuse. A policy that narrows `offered` must also refuse the
 * narrowed-out tools in `beforeCall`. Its own state is serialized with the session under `key`.
 */
export interface SessionPolicy {
  readonly key: string;
  /** Narrows the tools offered now (e.g. only exit tools when only the reserve is left). */
  offered?(session: PolicySession, tools: readonly string[]): readonly string[];
  /** `claim` is false for a dry run (`session.check`): verify, but consume nothing. */
  beforeCall?(session: PolicySession, call: ValidatedCall, claim: boolean): void;
  afterCall?(session: PolicySession, call: ValidatedCall, result: ToolResult, outcome: string, from: string, to: string): void;
  beforeModelCall?(session: PolicySession, estimate: TokenUsage): void;
  afterModelCall?(session: PolicySession, usage: TokenUsage): void;
  serialize?(): unknown;
  restore?(data: unknown): void;
}
