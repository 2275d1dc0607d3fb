import type { RuleId } from "./rules/rule.js";
import { ConcordatError } from "../src/errors/concordat-error.js";

export type { RuleId } from "./rules/rule.js";

export type Severity = "error" | "warning";

/** One finding, as the JSON formatter prints it (`file` relative to the working directory, 1-based positions). */
export interface Diagnostic {
  readonly rule: RuleId;
  readonly severity: Severity;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly message: string;
  readonly class?: string;
  readonly parent?: string;
  readonly trace?: readonly string[];
}

export interface CheckSummary {
  readonly files: number;
  readonly classes: number;
  readonly protocols: number;
  readonly errors: number;
  readonly warnings: number;
  readonly durationMs: number;
}

export interface CheckResult {
  readonly diagnostics: readonly Diagnostic[];
  readonly summary: CheckSummary;
  /** The directory `file` paths are relative to. */
  readonly cwd: string;
  /** Cache statistics when a cache was used. */
  readonly cache?: { readonly hits: number; readonly misses: number; readonly incremental: boolean; readonly reanalyzed: number };
}

/** A problem with the configuration (missing tsconfig, no files, no type information; code `invalid_check_config`): `concordat check` exits 2. */
export class CheckConfigError extends ConcordatError<"invalid_check_config"> {
  constructor(message: string) {
    super("invalid_check_config", message);
    this.name = "CheckConfigError";
  }
}
