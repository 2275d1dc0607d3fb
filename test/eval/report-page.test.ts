import { describe, expect, it } from "vitest";
import { headline } from "../../src/eval/headline.js";
import { formatHtml } from "../../src/eval/report-html.js";
import { formatMarkdown, formatTable } from "../../src/eval/report.js";
import { realModelNotice, SIMULATION_NOTICE, type EvalReport, type GroupSummary, type RunRecord } from "../../src/eval/results.js";
import { newcombeDifferenceInterval } from "../../src/eval/stats.js";
import { summarizeGroup, summarizeTokens } from "../../src/eval/summarize.js";
import { groupedBarChart } from "../../src/eval/svg-charts.js";

function runs(mode: "unenforced" | "enforced", n: number, successes: number, unauthorized: number): RunRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    group: "p",
    profile: "p",
    mode,
    customer: "pressure",
    taskId: String(i),
    trial: 0,
    success: i < successes,
    unauthorizedWrites: i < unauthorized ? 1 : 0,
    writes: 1,
    falseBlocks: 0,
    rejections: 0,
    rejectionsByCode: {},
    retries: 0,
    customerTurns: 4,
    modelCalls: 3,
    toolCalls: 2,
    toolListTokens: 0,
    rejectionTokens: 0,
    inputTokens: 300,
    outputTokens: 30,
    customerModelCalls: 0,
    customerInputTokens: 0,
    customerOutputTokens: 0,
    estimatedTokenCalls: 0,
    guardNs: 0,
    toolNs: 0,
    samples: { guardNs: [1000], toolNs: [1000] },
    cornerCuts: {},
    endedBy: "customer",
  }));
}

function report(
  u: [number, number, number],
  e: [number, number, number],
  extra: Partial<EvalReport> = {},
  patch?: (g: GroupSummary) => GroupSummary,
): EvalReport {
  const all = [...runs("unenforced", ...u), ...runs("enforced", ...e)];
  const g = summarizeGroup("p", "test", all);
  return {
    simulation: true,
    agentKind: "simulated",
    customerKind: "simulated",
    notice: SIMULATION_NOTICE,
    seed: 1,
    trials: 1,
    model: "simulated profiles",
    tasks: u[0],
    totalRuns: all.length,
    wallMs: 1,
    store: "SQLite",
    totals: { tokens: summarizeTokens(all) },
    profiles: { p: patch ? patch(g) : g },
    compliant: undefined,
    runs: all,
    ...extra,
  };
}

describe("the headline sentence", () => {
  it("says what enforcement did to unauthorized changes and to task success, with the interval and its reading", () => {
    const h = headline(report([100, 80, 22], [100, 99, 0]));
    const ci = newcombeDifferenceInterval(99, 100, 80, 100);
    expect(ci.low).toBeGreaterThan(0);
    expect(h).toBe(
      `SIMULATED agents with SIMULATED customers pushing to skip confirmation: enforcement cut runs with an unauthorized change from 22/100 (22%) to 0/100 (0%), and task success went from 80/100 (80%) to 99/100 (99%), a significant rise of +19.0 pts (95% CI +${(ci.low * 100).toFixed(1)} to +${(ci.high * 100).toFixed(1)} pts).`,
    );
    // one sentence: a full stop at the end, no sentence boundary inside
    expect(h).toMatch(/\.$/);
    expect(h).not.toMatch(/[.!?]\s+[A-Z]/);
  });

  it("reports a drop and no change as they are, and an unchanged unauthorized count as left", () => {
    expect(headline(report([100, 95, 5], [100, 70, 0]))).toMatch(/a significant drop of −25\.0 pts \(95% CI −35\.\d to −14\.\d pts\)\.$/);
    expect(headline(report([20, 10, 0], [20, 11, 0]))).toMatch(
      /enforcement left runs with an unauthorized change at 0\/20 \(0%\), against 0\/20 \(0%\) unenforced, and task success went from 10\/20 \(50%\) to 11\/20 \(55%\), no significant change, \+5\.0 pts/,
    );
    expect(headline(report([20, 10, 1], [20, 10, 3]))).toMatch(/enforcement raised runs with an unauthorized change from 1\/20 \(5%\) to 3\/20 \(15%\)/);
  });

  it("names a real model and LLM customers, and never says SIMULATED for the agent then", () => {
    const h = headline(
      report([10, 5, 1], [10, 5, 0], {
        agentKind: "real-model",
        customerKind: "llm",
        simulation: false,
        model: "m1 via http://x/v1",
        notice: realModelNotice("m1 via http://x/v1", "llm"),
      }),
    );
    expect(h).toMatch(/^Real model m1 via http:\/\/x\/v1 with LLM-played customers pushing to skip confirmation: /);
    expect(h).not.toMatch(/SIMULATED agents/);
  });

  it("adds false blocks over authorized writes only when the runner reports authorized writes", () => {
    const plain = report([10, 5, 1], [10, 5, 0]);
    expect(headline(plain)).not.toMatch(/authorized writes/);
    const withLegit = report([10, 5, 1], [10, 5, 0], {}, (g) => ({
      ...g,
      enforced: { ...g.enforced, falseBlocks: 1, legitWrites: 40 } as GroupSummary["enforced"],
    }));
    expect(headline(withLegit)).toMatch(/; 1 of 40 authorized writes were refused at least once\.$/);
    expect(formatTable(withLegit)).toMatch(/false blocks\/authorized writes/);
    expect(formatTable(withLegit)).toMatch(/^p\s+enforced\s+10\s.*\s1\/40\s/m);
  });

  it("warns of runs that ended with an error and says how many of them count as failed (success is the database's verdict)", () => {
    const r = report([10, 5, 0], [10, 5, 0]);
    const enforced = r.runs.filter((x) => x.mode === "enforced");
    // run 0 succeeded (its database is right) and then hit the budget; run 9 failed and errored
    const errored = [
      { ...enforced[0]!, endedBy: "error" as const, error: "Budget exceeded: the run budget allows 10 tokens." },
      { ...enforced[9]!, endedBy: "error" as const, error: "boom" },
    ];
    const runsWithErrors = r.runs.map((x) => (x === enforced[0] ? errored[0]! : x === enforced[9] ? errored[1]! : x));
    const table = formatTable({ ...r, runs: runsWithErrors });
    expect(table).toMatch(/^WARNING: 2 run\(s\) ended with an error; 1 of them count as failed \(task success is judged on the database a run left/m);
    expect(table).toContain("(first: p enforced task 0: Budget exceeded: the run budget allows 10 tokens.)");
    expect(formatTable(r)).not.toMatch(/WARNING/);
  });

  it("heads the table, the Markdown and the page", () => {
    const r = report([10, 5, 1], [10, 5, 0]);
    const h = headline(r);
    expect(formatTable(r).split("\n")[2]).toBe(h);
    expect(formatMarkdown(r)).toContain(`**${h}**`);
    const html = formatHtml(r, "<svg></svg>");
    expect(html.indexOf('id="headline"')).toBeGreaterThan(html.indexOf("<h1>"));
    expect(html.indexOf('id="headline"')).toBeLessThan(html.indexOf("<table"));
  });
});

describe("grouped bar chart", () => {
  const svg = groupedBarChart({
    id: "c",
    title: "Runs (%)",
    max: 100,
    unit: "%",
    groups: [
      {
        label: "A",
        bars: [
          { label: "unenforced", value: 26, low: 16, high: 40, color: "#d9534f", text: "13/50" },
          { label: "enforced", value: 0, low: 0, high: 7, color: "#2e7d32", text: "0/50" },
        ],
      },
      {
        label: "B",
        bars: [
          { label: "unenforced", value: 100, low: 93, high: 100, color: "#d9534f", text: "50/50" },
          { label: "enforced", value: 98, low: 90, high: 99.6, color: "#2e7d32", text: "49/50" },
        ],
      },
    ],
  });

  it("has a legend: one swatch per series in its bars' colour, and the whisker", () => {
    const items = [...svg.matchAll(/<g class="legend-item" data-series="([^"]+)"><rect class="legend-swatch"[^>]* fill="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(items).toEqual([
      ["unenforced", "#d9534f"],
      ["enforced", "#2e7d32"],
    ]);
    expect(svg).toMatch(/class="legend-item legend-whisker".*95% CI/);
  });

  it("puts each value label above the top of its whisker, not across it", () => {
    const labels = [...svg.matchAll(/<text class="value-label" x="([\d.]+)" y="([\d.]+)"/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    const whiskerTops = [...svg.matchAll(/<g class="whisker"><line x1="([\d.]+)" x2="[\d.]+" y1="([\d.]+)"/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
    }));
    expect(labels).toHaveLength(4);
    expect(whiskerTops).toHaveLength(4);
    labels.forEach((l, i) => {
      expect(l.x).toBe(whiskerTops[i]!.x);
      expect(l.y).toBeLessThanOrEqual(whiskerTops[i]!.y - 5); // the baseline clears the cap by 5 px
    });
  });
});
