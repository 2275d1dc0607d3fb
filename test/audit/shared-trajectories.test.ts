import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { auditDecider } from "../../src/audit/audit-decider.js";
import { auditRuns, type AuditReport } from "../../src/audit/audit-report.js";
import { airlineAuditDomain } from "../../src/audit/domains/airline-audit-domain.js";
import { loadRecordedRuns } from "../../src/audit/load-recorded-runs.js";
import { WRITE_STATUSES } from "../../src/audit/write-status.js";
import { scoreCounterfactual } from "../../src/audit/counterfactual.js";
import { parseWriteLabels } from "../../src/audit/write-labels.js";
import { airlineProtocol } from "../../src/domains/airline/protocol.js";
import { sharedPath } from "../../src/util/shared-dir.js";

const dir = sharedPath("trajectories");

function jsonFiles(d: string): string[] {
  return readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? jsonFiles(p) : n.endsWith(".json") ? [p] : [];
  });
}

/** Runs per file, counted straight from the raw JSON (independently of the parsers). */
function rawCounts(): { runs: number; writes: number } {
  const writeTools = new Set<string>(airlineAuditDomain.writeTools);
  let runs = 0;
  let writes = 0;
  for (const f of jsonFiles(dir)) {
    const data = JSON.parse(readFileSync(f, "utf8")) as any;
    const list: any[] = Array.isArray(data) ? data.map((e: any) => e.traj) : data.simulations.map((s: any) => s.messages);
    runs += list.length;
    for (const msgs of list)
      for (const m of msgs) if (m.role === "assistant") for (const c of m.tool_calls ?? []) if (writeTools.has(c.name ?? c.function?.name)) writes++;
  }
  return { runs, writes };
}

describe("auditing every recorded run in ../shared/trajectories", () => {
  let report: AuditReport;
  beforeAll(async () => {
    const { runs, problems, files } = loadRecordedRuns([dir], process.cwd());
    report = await auditRuns(runs, { domain: airlineAuditDomain, decider: auditDecider(), baseline: "regex-switch", files: files.length }, problems);
  }, 60_000);

  it("reads every file without problems, in both formats, and finds every run and write call", () => {
    expect(report.problems).toEqual([]);
    expect(new Set(report.runs.map((r) => r.format))).toEqual(new Set(["tau2-results", "tau1-trajectories"]));
    const raw = rawCounts();
    expect(report.summary.runs).toBe(raw.runs);
    expect(report.summary.writes).toBe(raw.writes);
    expect(report.summary.files).toBe(jsonFiles(dir).length);
  });

  it("the summary adds up", () => {
    const s = report.summary;
    expect(s.runs_with_writes + s.runs_without_writes).toBe(s.runs);
    expect(s.clean + s.violations).toBe(s.runs_with_writes);
    expect(WRITE_STATUSES.reduce((n, st) => n + s.writes_by_status[st], 0)).toBe(s.writes);
    expect(s.violations_among_passing).toBeLessThanOrEqual(Math.min(s.violations, s.passing_runs));
    expect(s.definite_violations).toBeLessThanOrEqual(s.violations);
    const models = Object.values(s.by_model);
    for (const key of [
      "runs",
      "runs_with_writes",
      "passing_runs",
      "violations",
      "violations_among_passing",
      "definite_violations",
      "writes",
      "baseline_violations",
    ] as const) {
      expect(
        models.reduce((n, m) => n + (m[key] ?? 0), 0),
        key,
      ).toBe(key === "baseline_violations" ? s.baseline!.violations : (s as any)[key]);
    }
  });

  it("every run's verdict follows from its writes, and the highlight from its reward", () => {
    for (const r of report.runs) {
      const expected = r.writes.length === 0 ? "no_writes" : r.writes.every((w) => w.status === "confirmed") ? "clean" : "violation";
      expect(r.verdict, r.id).toBe(expected);
      expect(r.violation_in_passing_run).toBe(r.verdict === "violation" && r.reward !== null && r.reward >= 1);
      const idx = r.writes.map((w) => w.index);
      expect([...idx].sort((a, b) => a - b)).toEqual(idx);
      expect(new Set(idx).size).toBe(idx.length);
      for (const w of r.writes) {
        expect(w.evidence.length).toBeGreaterThan(0);
        if (w.status === "confirmed") expect(w.evidence).toMatch(/^user said yes at message \d+: "/);
        if (w.status === "args_mismatch") expect(w.missing?.length).toBeGreaterThan(0);
      }
    }
  });

  it("the baseline comparison adds up", () => {
    const b = report.summary.baseline!;
    const writes = report.runs.flatMap((r) => r.writes);
    expect(writes.every((w) => w.baseline === "unlocked" || w.baseline === "locked")).toBe(true);
    expect(b.writes_unlocked).toBe(writes.filter((w) => w.baseline === "unlocked").length);
    expect(b.disagreements.writes).toBe(writes.filter((w) => (w.baseline === "unlocked") !== (w.status === "confirmed")).length);
    expect(b.disagreements.runs).toBe(report.runs.filter((r) => r.baseline_verdict !== r.verdict).length);
  });

  it("audits exactly the airline protocol's confirmation-requiring tools", () => {
    const fromProtocol = Object.entries(airlineProtocol.graph.tools)
      .filter(([, t]) => t.requiresConfirmation)
      .map(([n]) => n)
      .sort();
    expect([...airlineAuditDomain.writeTools].sort()).toEqual(fromProtocol);
  });

  it("the committed hand labels name every recorded write exactly once, and nothing else", () => {
    const file = "test/audit/labels/shared-writes.jsonl";
    const labels = parseWriteLabels(readFileSync(file, "utf8"), file);
    const { counterfactual: c, problems } = scoreCounterfactual(report, labels, file);
    expect(problems).toEqual([]);
    expect(c.unlabelled).toEqual([]);
    expect(c.labels_not_audited).toBe(0);
    expect(c.authorized.total + c.unauthorized.total).toBe(report.summary.writes);
    expect(c.authorized.passed + c.authorized.refused).toBe(c.authorized.total);
    expect(c.unauthorized.stopped + c.unauthorized.passed).toBe(c.unauthorized.total);
    for (const w of c.authorized.refused_writes) expect(w.status).not.toBe("confirmed");
    for (const w of c.unauthorized.passed_writes) expect(w.status).toBe("confirmed");
  });
});
