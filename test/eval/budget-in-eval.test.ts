import { describe, expect, it } from "vitest";
import { AGENT_PROFILES } from "../../src/eval/agent-profiles.js";
import { formatTable } from "../../src/eval/report.js";
import { runEvaluation } from "../../src/eval/runner.js";

const base = { trials: 1, profiles: AGENT_PROFILES.slice(0, 1), compliant: false, taskIds: ["0", "1", "7", "19"] } as const;

describe("budgets in the evaluation (simulation)", () => {
  it("accounts every enforced run on its budget account and reports it; unenforced runs have none", async () => {
    const report = await runEvaluation({ seed: 3, ...base });
    const enforced = report.runs.filter((r) => r.mode === "enforced");
    expect(enforced.every((r) => r.budgetUsed !== undefined && r.budgetUsed.toolCalls === r.toolCalls)).toBe(true);
    expect(report.runs.filter((r) => r.mode === "unenforced").every((r) => r.budgetUsed === undefined)).toBe(true);
    const g = Object.values(report.profiles)[0]!;
    expect(g.enforced.budget?.maxToolCalls).toBe(Math.max(...enforced.map((r) => r.toolCalls)));
    expect(formatTable(report)).toMatch(
      /^budget per enforced run: 150,000 tokens \/ 40 tool calls, exit-path reserve 4,000 tokens \/ 1 tool calls — model-A mean [\d,]+, max [\d,]+ tokens \/ \d+ calls, 0 refusals$/m,
    );
  });

  it("a tight budget refuses calls with budget_exceeded, and still no unauthorized write gets through", async () => {
    const report = await runEvaluation({ seed: 3, ...base, budget: { label: "tight", limits: { toolCalls: 3 }, reserve: { toolCalls: 1 } } });
    const g = Object.values(report.profiles)[0]!;
    expect(g.enforced.rejectionsByCode["budget_exceeded"] ?? 0).toBeGreaterThan(0);
    expect(g.enforced.budget?.refusals).toBe(g.enforced.rejectionsByCode["budget_exceeded"]);
    expect(g.enforced.budget?.maxToolCalls).toBeLessThanOrEqual(3);
    expect(g.enforced.unauthorized).toBe(0);
  });
});
