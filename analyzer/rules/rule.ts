import type { Loc } from "../facts/file-facts.js";
import type { Analysis } from "../model/analysis.js";

export type RuleId =
  | "protocol-weakening"
  | "bypass-call"
  | "dynamic-dispatch"
  | "unguarded-override"
  | "unknown-tool"
  | "unanalyzable-protocol"
  | "invalid-protocol"
  | "syntax-error"
  | "invalid-suppression";

export interface RuleMeta {
  readonly id: RuleId;
  /** One line: what the rule reports. */
  readonly description: string;
  /** What to do about it (shown in SARIF help and `--format stylish` docs). */
  readonly help: string;
}

/** A finding before suppressions and formatting. */
export interface Finding {
  readonly rule: RuleId;
  readonly file: string;
  readonly loc: Loc;
  readonly message: string;
  readonly class?: string;
  readonly parent?: string;
  readonly trace?: readonly string[];
}

export interface Rule {
  readonly meta: RuleMeta;
  run(analysis: Analysis): Finding[];
}
