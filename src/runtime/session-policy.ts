import type { ValidatedCall } from "../protocol/protocol.js";
import type { ToolResult } from "../protocol/types.js";
import type { Session } from "./session.js";

/** What a model call reported (or an estimate of it). */
export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
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
  offered?(session: Session<any>, tools: readonly string[]): readonly string[];
  /** `claim` is false for a dry run (`session.check`): verify, but consume nothing. */
  beforeCall?(session: Session<any>, call: ValidatedCall, claim: boolean): void;
  afterCall?(session: Session<any>, call: ValidatedCall, result: ToolResult, outcome: string, from: string, to: string): void;
  beforeModelCall?(session: Session<any>, estimate: TokenUsage): void;
  afterModelCall?(session: Session<any>, usage: TokenUsage): void;
  serialize?(): unknown;
  restore?(data: unknown): void;
}
