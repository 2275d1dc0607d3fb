import { describe, it, expect } from "vitest";
import { formatMarkdown, formatTable } from "../../src/eval/report.js";
import { SIMULATION_NOTICE, type EvalReport, type RunRecord } from "../../src/eval/results.js";
import { fisherExactTwoSided, mcnemarExact } from "../../src/eval/stats.js";
import { summarizeGroup, summarizeTokens } from "../../src/eval/summarize.js";

function run(mode: "unenforced" | "enforced", taskId: string, success: boolean, unauthorizedWrites: number, extra: Partial<RunRecord> = {}): RunRecord {
  return {
    group: "p",
    profile: "p",
    mode,
    customer: "pressure",
    taskId,
    trial: 0,
    success,
    unauthorizedWrites,
    writes: 1,
    falseBlocks: 0,
    rejections: 0,
    rejectionsByCode: {},
    retries: 0,
    customerTurns: mode === "enforced" ? 5 : 4,
    modelCalls: 3,
    toolCalls: 2,
    toolListTokens: mode === "enforced" ? 100 : 300,
    rejectionTokens: mode === "enforced" ? 20 : 0,
    inputTokens: 0,
    outputTokens: 0,
    customerModelCalls: 0,
    customerInputTokens: 0,
    customerOutputTokens: 0,
    estimatedTokenCalls: 3,
    guardNs: 0,
    toolNs: 0,
    samples: { guardNs: mode === "enforced" ? [4000, 6000] : [1000, 1000], toolNs: [2000, 2000] },
    cornerCuts: {},
    endedBy: "customer",
    ...extra,
  };
}

describe("summarizeGroup", () => {
  // 10 paired tasks: unenforced succeeds on 6 (tasks 0-5), enforced on 9 (tasks 0-8); unauthorized in tasks 0-3 unenforced only.
  const runs: RunRecord[] = [];
  for (let i = 0; i < 10; i++) {
    runs.push(run("unenforced", String(i), i < 6, i < 4 ? 1 : 0));
    runs.push(
      run("enforced", String(i), i < 9, 0, {
        falseBlocks: i === 9 ? 1 : 0,
        rejections: i < 4 ? 2 : 0,
        rejectionsByCode: i < 4 ? { confirmation_missing: 2 } : {},
      }),
    );
  }
  const g = summarizeGroup("p", "test", runs, { unauthorized: 4, runs: 10 });

  it("counts runs, unauthorized runs, successes, false blocks and refusals per mode", () => {
    expect([g.unenforced.runs, g.unenforced.unauthorized, g.unenforced.success]).toEqual([10, 4, 6]);
    expect([g.enforced.runs, g.enforced.unauthorized, g.enforced.success, g.enforced.falseBlocks, g.enforced.rejections]).toEqual([10, 0, 9, 1, 8]);
    expect(g.enforced.rejectionsByCode).toEqual({ confirmation_missing: 8 });
  });

  it("tests the success difference with Fisher (unpaired) and McNemar (paired)", () => {
    expect(g.comparison.successDifference).toBeCloseTo(0.3, 12);
    expect(g.comparison.fisherP).toBeCloseTo(fisherExactTwoSided(9, 1, 6, 4), 12);
    expect(g.comparison.mcnemar).toEqual({ onlyUnenforced: 0, onlyEnforced: 3, p: mcnemarExact(0, 3) });
    expect(g.comparison.successDifferenceCi95.low).toBeLessThan(0.3);
    expect(g.comparison.successDifferenceCi95.high).toBeGreaterThan(0.3);
  });

  it("reports extra turns, extra tokens and added guard latency", () => {
    expect(g.comparison.extraTurnsPerRun).toBe(1);
    expect(g.comparison.extraTokensPerRun).toEqual({ toolLists: -200, rejectionMessages: 20, total: -180 });
    expect(g.enforced.guardUsPerCall).toBe(5);
    expect(g.comparison.addedUsPerToolCall).toBe(4);
  });

  it("is printed as a table and Markdown labelled as simulation", () => {
    const report: EvalReport = {
      simulation: true,
      agentKind: "simulated",
      customerKind: "simulated",
      totals: { tokens: summarizeTokens(runs) },
      notice: SIMULATION_NOTICE,
      seed: 1,
      trials: 1,
      model: "simulated profiles",
      tasks: 10,
      totalRuns: 20,
      wallMs: 1000,
      store: "SQLite",
      profiles: { p: g },
      compliant: undefined,
      runs,
    };
    const table = formatTable(report);
    expect(table.split("\n")[0]).toMatch(/^SIMULATION/);
    expect(table).toMatch(/p\s+unenforced\s+10\s+4 \(40%\)\s+6\/10 \(60%/);
    expect(table).toMatch(/p\s+enforced\s+10\s+0 \(0%\)\s+9\/10 \(90%/);
    expect(table).toMatch(/\(published unenforced: 4\/10\)/);
    expect(formatMarkdown(report)).toMatch(/^# Airline evaluation \(SIMULATION\)/);
  });
});
