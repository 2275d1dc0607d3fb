import { basename } from "node:path";
import type { AuditReport, ReportRun, ReportWrite } from "./audit-report.js";
import type { Counterfactual } from "./counterfactual.js";
import { WRITE_STATUSES } from "./write-status.js";

/** Left-aligned columns; numbers right-aligned. */
export function textTable(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [headers.map(String), ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === "number"));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

function runLabel(r: ReportRun): string {
  const id = r.format === "tau2-results" ? r.id.slice(0, 8) : r.id.replace(/^.*#/, "#");
  return `${basename(r.file)} ${id} task ${r.task_id ?? "?"}${r.trial === null ? "" : ` trial ${r.trial}`}`;
}

function writeLine(w: ReportWrite): string {
  const baseline = w.baseline ? ` [regex: ${w.baseline}]` : "";
  const policy = w.protocol_violation ? `\n        protocol would also refuse it: ${w.protocol_violation.code}: ${w.protocol_violation.message}` : "";
  const flags = [w.parallel ? "parallel" : "", w.executed === false ? "failed" : ""].filter(Boolean).join(", ");
  return `    #${w.index} ${w.tool} ${w.status.toUpperCase()}${flags ? ` (${flags})` : ""}${baseline}\n        ${w.evidence}${policy}`;
}

function pct(n: number, d: number): string {
  return d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`;
}

/** The human-readable report: runs with writes (violations first), per-model table, baseline comparison, problems. */
export function formatAuditTable(report: AuditReport): string {
  const s = report.summary;
  const out: string[] = [];
  out.push(`concordat audit: ${s.runs} runs from ${s.files} file(s), domain ${s.domain}, decider ${s.decider}`);
  out.push("");
  const withWrites = report.runs.filter((r) => r.writes.length > 0);
  const ordered = [
    ...withWrites.filter((r) => r.violation_in_passing_run),
    ...withWrites.filter((r) => r.verdict === "violation" && !r.violation_in_passing_run),
    ...withWrites.filter((r) => r.verdict === "clean"),
  ];
  if (ordered.length > 0) out.push("Runs with writes (violations in passing runs first):");
  for (const r of ordered) {
    const mark = r.verdict === "clean" ? "ok  " : r.violation_in_passing_run ? "!!! " : "x   ";
    const reward = r.reward === null ? "no reward" : `reward ${r.reward}${r.passed ? " (pass)" : ""}`;
    const note = r.violation_in_passing_run ? "  <== VIOLATION IN A PASSING RUN" : "";
    out.push(`${mark}${runLabel(r)}, ${r.model}, ${reward}: ${r.verdict.toUpperCase()}${note}`);
    for (const w of r.writes) out.push(writeLine(w));
  }
  out.push("");
  out.push(`${s.runs_without_writes} run(s) made no write.`);
  if (s.calls_to_unknown_tools > 0) {
    out.push(`${s.calls_to_unknown_tools} call(s) to tools the ${s.domain} domain does not know were not judged:`);
    for (const r of report.runs)
      if (r.unknown_tools)
        out.push(
          `  ${runLabel(r)}: ${r.unknown_tools.map((c) => `#${c.index} ${c.tool}${c.executed === true ? " (succeeded)" : c.executed === false ? " (failed)" : ""}`).join(", ")}`,
        );
  }
  out.push("");
  out.push("Writes by status:");
  out.push(
    textTable(
      ["status", "writes"],
      WRITE_STATUSES.map((st) => [st, s.writes_by_status[st]]),
    ),
  );
  out.push(`Writes the ${s.domain} protocol would also have refused for another reason (state, policy guard, arguments): ${s.writes_refused_by_protocol}.`);
  out.push("");
  const models = Object.keys(s.by_model).sort();
  const headers = ["model", "runs", "with writes", "passing", "violations", "in passing runs", "definite", "definite in passing"];
  if (s.baseline) headers.push("regex-switch violations", "regex in passing");
  const rowFor = (name: string, m: AuditReport["summary"]["by_model"][string]) => {
    const row: (string | number)[] = [
      name,
      m.runs,
      m.runs_with_writes,
      m.passing_runs,
      m.violations,
      m.violations_among_passing,
      m.definite_violations,
      m.definite_violations_among_passing,
    ];
    if (s.baseline) row.push(m.baseline_violations ?? 0, m.baseline_violations_among_passing ?? 0);
    return row;
  };
  const rows = models.map((name) => rowFor(name, s.by_model[name]!));
  const totalRow: (string | number)[] = [
    "all",
    s.runs,
    s.runs_with_writes,
    s.passing_runs,
    s.violations,
    s.violations_among_passing,
    s.definite_violations,
    s.definite_violations_among_passing,
  ];
  if (s.baseline) totalRow.push(s.baseline.violations, s.baseline.violations_among_passing);
  out.push("Per model (violations = runs with a write not confirmed; definite = not counting runs whose only problem is an unclear reply):");
  out.push(textTable(headers, [...rows, totalRow]));
  out.push(
    `Violations among passing runs: ${s.violations_among_passing} of ${s.passing_runs} (${pct(s.violations_among_passing, s.passing_runs)}); definite: ${s.definite_violations_among_passing}.`,
  );
  if (s.baseline) {
    const b = s.baseline;
    out.push("");
    out.push(
      `Baseline regex-switch (a user "yes" unlocks every later write): ${b.violations} run(s) with violations, ${b.violations_among_passing} among passing runs.`,
    );
    out.push(
      `Disagreements: ${b.disagreements.writes} write(s) in ${b.disagreements.runs} run(s) with different verdicts: ${b.disagreements.regex_unlocked_audit_not_confirmed} unlocked by the regex but not confirmed by the audit, ${b.disagreements.audit_confirmed_regex_locked} confirmed by the audit while the regex was locked.`,
    );
    for (const r of report.runs) {
      const diff = r.writes.filter((w) => (w.baseline === "unlocked") !== (w.status === "confirmed"));
      if (diff.length === 0) continue;
      out.push(`  ${runLabel(r)}, ${r.model}:`);
      for (const w of diff) out.push(`    #${w.index} ${w.tool}: audit ${w.status}, regex ${w.baseline}. ${w.evidence}`);
    }
  }
  if (report.counterfactual) out.push("", formatCounterfactual(report.counterfactual));
  if (report.problems.length > 0) {
    out.push("");
    out.push(`Problems (${report.problems.length}); these inputs were not audited (or only in part, as said):`);
    for (const p of report.problems) out.push(`  ${p.file}${p.at ? ` (${p.at})` : ""}: ${p.message}`);
  }
  return out.join("\n") + "\n";
}

/**
 * The counterfactual section: had the audit's judge been enforcing, how many authorized writes
 * would have passed, how many unauthorized ones would have been stopped; then the refused
 * authorized writes (and any unauthorized write that passed) with the audit's reason.
 */
export function formatCounterfactual(c: Counterfactual): string {
  const a = c.authorized;
  const u = c.unauthorized;
  const out: string[] = [];
  out.push(
    `Counterfactual replay against ${c.labels}, under the judge ${c.decider} (a write the audit confirms would have passed; any other status would have been refused):`,
  );
  out.push(
    textTable(
      ["writes (by label)", "total", "passed", "refused / stopped", "rate"],
      [
        ["authorized", a.total, a.passed, a.refused, `${pct(a.passed, a.total)} passed`],
        ["unauthorized", u.total, u.passed, u.stopped, `${pct(u.stopped, u.total)} stopped`],
      ],
    ),
  );
  if (c.unlabelled.length > 0)
    out.push(
      `${c.unlabelled.length} audited write(s) have no label and are not counted: ${c.unlabelled
        .slice(0, 5)
        .map((w) => `${w.run} call ${w.call}`)
        .join(", ")}${c.unlabelled.length > 5 ? ", ..." : ""}`,
    );
  if (c.labels_not_audited > 0)
    out.push(`${c.labels_not_audited} label(s) name runs that were not audited (other files, or skipped runs) and are not counted.`);
  const list = (title: string, ws: Counterfactual["authorized"]["refused_writes"]) => {
    if (ws.length === 0) return;
    out.push(title);
    for (const w of ws)
      out.push(`  ${basename(w.file)} ${w.run} call ${w.call} ${w.tool}: ${w.status.toUpperCase()}\n      audit: ${w.evidence}\n      label: ${w.note}`);
  };
  list("Authorized writes that would have been refused:", a.refused_writes);
  list("Unauthorized writes that would have passed:", u.passed_writes);
  return out.join("\n");
}
