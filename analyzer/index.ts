/**
 * The static analyzer behind `concordat check`: finds agent classes, extracts their protocols
 * from source, and reports weakened subclasses and paths around guarded tools.
 */
export { check, applySuppressions, type CheckOptions } from "./check.js";
export { CheckConfigError, type CheckResult, type CheckSummary, type Diagnostic, type Severity, type RuleId } from "./types.js";
export { rules, ruleMetas } from "./rules/index.js";
export type { Rule, RuleMeta, Finding } from "./rules/rule.js";
export { format, formatJson, formatSarif, formatStylish, formatNames, type FormatName } from "./formatters/index.js";
export { extractFileFacts } from "./facts/extract-file-facts.js";
