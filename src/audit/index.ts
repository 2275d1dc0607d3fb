/** `concordat/audit`: audit recorded agent runs for writes the user never authorized. */
export { auditRuns, type AuditReport, type AuditSummary, type ReportRun, type ReportWrite, type AuditOptions } from "./audit-report.js";
export { replayRun, type AuditedWrite, type ReplayedRun, type ReplayOptions } from "./replay.js";
export { loadRecordedRuns, expandInputPaths } from "./load-recorded-runs.js";
export { readRecordedRuns } from "./formats/read-recorded-runs.js";
export type { RecordedRun, RecordedMessage, RecordedToolCall, RecordedFormat, InputProblem } from "./recorded-run.js";
export type { AuditDomain, ActionDetail } from "./audit-domain.js";
export { airlineAuditDomain } from "./domains/airline-audit-domain.js";
export { AUDIT_DOMAINS } from "./audit-domains.js";
export { auditDecider } from "./audit-decider.js";
export { memoizedDecider } from "./memoized-decider.js";
export { regexSwitchBaseline } from "./regex-switch-baseline.js";
export { replayThroughProtocol } from "./protocol-replay.js";
export { WRITE_STATUSES, type WriteStatus, type RunVerdict } from "./write-status.js";
export { parseWriteLabels, LabelsFileError, type WriteLabel } from "./write-labels.js";
export { scoreCounterfactual, type Counterfactual, type CounterfactualWrite, type CounterfactualResult } from "./counterfactual.js";
export type { DetailField, DetailMismatch } from "./audit-domain.js";
export { domainFit, type DomainFit, type UnknownToolCall } from "./unknown-tools.js";
