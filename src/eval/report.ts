import type { BudgetLimits } from "../protocol/types.js";
import { loadOptional } from "../util/optional-dependency.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { headline } from "./headline.js";
import { formatHtml } from "./report-html.js";
import { falseBlocksCell, groups, hasLegitWrites, kindLine, p3, pIs, pts, rate, tokenCells, tokenHeads, tokenTotalsLine, us } from "./report-cells.js";
import { readingNotes } from "./report-notes.js";
import type { EvalReport, RunRecord } from "./results.js";
import { formatCount, formatUsd } from "./token-cost.js";

const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;

/** The per-mode rows' heads, shared by the table and the Markdown. */
function rowHeads(report: EvalReport): string[] {
  return [
    "profile",
    "mode",
    "runs",
    "unauthorized runs",
    "task success (DB judge)",
    hasLegitWrites(report) ? "false blocks/authorized writes" : "false blocks",
    "rejections",
    "retries",
    "turns/run",
    ...tokenHeads(report),
  ];
}

function rows(report: EvalReport): string[][] {
  const out: string[][] = [];
  for (const [name, g] of groups(report)) {
    for (const mode of ["unenforced", "enforced"] as const) {
      const m = g[mode];
      out.push([
        name,
        mode,
        String(m.runs),
        `${m.unauthorized} (${pct(m.unauthorizedRate.rate)})`,
        rate(m.success, m.runs, m.successRate),
        falseBlocksCell(m),
        String(m.rejections),
        String(m.retries),
        m.meanCustomerTurns.toFixed(1),
        ...tokenCells(report, m),
      ]);
    }
  }
  return out;
}

/**
 * The table `concordat eval` prints: what ran (SIMULATION or the real model), the headline,
 * a row per profile and mode, the statistics per profile, tokens (real-model mode) and budgets.
 *
 * @example
 * process.stdout.write(formatTable(await runEvaluation({ seed: 1, trials: 1, profiles: AGENT_PROFILES, compliant: true })));
 * @param report - the evaluation's results
 */
export function formatTable(report: EvalReport): string {
  const lines: string[] = [];
  lines.push(kindLine(report));
  lines.push(
    `${report.totalRuns} runs on ${report.tasks} tau2 airline tasks in ${(report.wallMs / 1000).toFixed(1)} s; sessions on SQLite (the embedded default store).`,
  );
  lines.push(headline(report));
  lines.push("");
  const head = rowHeads(report);
  const body = rows(report);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] as string).length)));
  const fmtRow = (r: readonly string[]): string =>
    r
      .map((c, i) => (i >= 2 && i !== 4 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join("  ")
      .trimEnd();
  lines.push(fmtRow(head));
  lines.push(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of body) lines.push(fmtRow(r));
  lines.push("");
  const errors = report.runs.filter((r) => r.endedBy === "error");
  if (errors.length > 0)
    lines.push(
      `WARNING: ${errors.length} run(s) ended with an error; ${errors.filter((r) => !r.success).length} of them count as failed (task success is judged on the database a run left, as tau2 judges it) (first: ${errors[0]?.group} ${errors[0]?.mode} task ${errors[0]?.taskId}: ${errors[0]?.error}). See runs[].error in report/eval.json.`,
      "",
    );
  for (const [name, g] of groups(report)) {
    const c = g.comparison;
    const pub = g.published ? ` (published unenforced: ${g.published.unauthorized}/${g.published.runs})` : "";
    lines.push(
      `${name}: success difference (enforced − unenforced) ${pts(c.successDifference)}, 95% CI ${pts(c.successDifferenceCi95.low)} to ${pts(c.successDifferenceCi95.high)}; Fisher exact ${pIs(c.fisherP)}; McNemar exact ${pIs(c.mcnemar.p)} (${c.mcnemar.onlyUnenforced} pairs only unenforced succeeded, ${c.mcnemar.onlyEnforced} only enforced)${pub}`,
    );
    lines.push(
      `${" ".repeat(name.length)}  unauthorized: Fisher exact ${pIs(c.unauthorizedFisherP)}; extra turns/run ${c.extraTurnsPerRun.toFixed(2)}; extra tokens/run ${c.extraTokensPerRun.total.toFixed(0)} (tool lists ${c.extraTokensPerRun.toolLists.toFixed(0)}, refusals ${c.extraTokensPerRun.rejectionMessages.toFixed(0)}); guard ${us(g.enforced.guardUsPerCall)}/tool call enforced vs ${us(g.unenforced.guardUsPerCall)} unenforced (tool body ${us(g.enforced.toolUsPerCall)})`,
    );
  }
  const t = tokenTotalsLine(report);
  if (t) lines.push(t);
  const b = budgetLine(report);
  if (b) lines.push(b);
  return lines.join("\n") + "\n";
}

/** One line on the enforced runs' budgets: the limits, what the largest run used, refusals. */
export function budgetLine(report: EvalReport): string | undefined {
  if (!report.budget) return undefined;
  const lim = (o: BudgetLimits | undefined) => `${(o?.totalTokens ?? Infinity).toLocaleString("en-US")} tokens / ${o?.toolCalls ?? "∞"} tool calls`;
  const per = [...groups(report)]
    .flatMap(([name, g]) =>
      g.enforced.budget
        ? [
            `${name} mean ${Math.round(g.enforced.budget.meanTokens).toLocaleString("en-US")}, max ${g.enforced.budget.maxTokens.toLocaleString("en-US")} tokens / ${g.enforced.budget.maxToolCalls} calls, ${g.enforced.budget.refusals} refusals`,
          ]
        : [],
    )
    .join("; ");
  return `budget per enforced run: ${lim(report.budget.limits)}, exit-path reserve ${lim(report.budget.reserve)} — ${per}`;
}

/**
 * JSON written by `--json` and to report/eval.json (runs included only in the report file):
 * the report with its headline, the compliant-customer group also listed under `profiles`.
 */
export function reportJson(report: EvalReport, includeRuns: boolean): unknown {
  const { runs, ...rest } = report;
  // the compliant-customer group is listed under profiles too, as the printed table shows it
  const withCompliant = { headline: headline(report), ...rest, profiles: { ...rest.profiles, ...(rest.compliant ? { compliant: rest.compliant } : {}) } };
  return includeRuns ? { ...withCompliant, runs: runs.map(({ samples: _samples, ...r }) => r) } : withCompliant;
}

/** A Markdown table of every run (real-model mode: each run is a conversation worth reading about). */
export function runsMarkdown(report: EvalReport): string[] {
  const cost = report.price !== undefined;
  const out = [
    `| group | mode | customer | task | trial | success | unauthorized writes | refusals | model calls | tokens in/out${cost ? " | cost" : ""} | ended by |`,
    `|---|---|---|---|---:|---|---:|---:|---:|---:|${cost ? "---:|" : ""}---|`,
  ];
  for (const r of report.runs)
    out.push(
      `| ${r.group} | ${r.mode} | ${r.customer} | ${r.taskId} | ${r.trial} | ${r.success ? "yes" : "no"} | ${r.unauthorizedWrites} | ${r.rejections} | ${r.modelCalls + r.customerModelCalls} | ${runTokensCell(r)}${cost ? ` | ${r.costUsd !== undefined ? formatUsd(r.costUsd) : "–"}` : ""} | ${r.endedBy}${r.error ? ` (${r.error.replace(/\|/g, "/")})` : ""} |`,
    );
  return out;
}

/** @internal "1,234/56" input/output tokens of one run, both sides together. */
export function runTokensCell(r: RunRecord): string {
  return `${formatCount(r.inputTokens + r.customerInputTokens)}/${formatCount(r.outputTokens + r.customerOutputTokens)}`;
}

/** report/eval.md: the notice, the headline, the tables, refusals by code and how to read them. */
export function formatMarkdown(report: EvalReport): string {
  const out: string[] = [];
  out.push(report.agentKind === "real-model" ? `# Airline evaluation (REAL MODEL: ${report.model})` : "# Airline evaluation (SIMULATION)", "");
  out.push(`**${headline(report)}**`, "");
  out.push(`> ${report.notice}`, "");
  out.push(
    `Seed ${report.seed}, ${report.trials} trial(s), agent ${report.model}, ${report.totalRuns} runs on ${report.tasks} tau2 airline tasks, ${(report.wallMs / 1000).toFixed(1)} s. Sessions: ${report.store}.`,
    "",
  );
  const head = rowHeads(report);
  out.push(
    `| ${head.join(" | ")} |`,
    `|---|---|${head
      .slice(2)
      .map((_, i) => (i === 2 ? "---|" : "---:|"))
      .join("")}`,
  );
  for (const r of rows(report)) out.push(`| ${r.join(" | ")} |`);
  out.push(
    "",
    "| profile | success difference (95% CI) | Fisher p | McNemar p | extra turns/run | extra tokens/run | guard µs/tool call | tool body µs/call |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
  );
  for (const [name, g] of groups(report)) {
    const c = g.comparison;
    out.push(
      `| ${name} | ${pts(c.successDifference)} (${pts(c.successDifferenceCi95.low)} to ${pts(c.successDifferenceCi95.high)}) | ${p3(c.fisherP)} | ${p3(c.mcnemar.p)} | ${c.extraTurnsPerRun.toFixed(2)} | ${c.extraTokensPerRun.total.toFixed(0)} | ${g.enforced.guardUsPerCall.toFixed(1)} | ${g.enforced.toolUsPerCall.toFixed(1)} |`,
    );
  }
  const t = tokenTotalsLine(report);
  if (t) out.push("", t[0]!.toUpperCase() + t.slice(1) + ".");
  const b = budgetLine(report);
  if (b) out.push("", b[0]!.toUpperCase() + b.slice(1) + ".");
  out.push("", "Refusals by code (enforced):", "");
  for (const [name, g] of groups(report))
    out.push(
      `- ${name}: ${
        Object.entries(g.enforced.rejectionsByCode)
          .map(([c, n]) => `${c} ${n}`)
          .join(", ") || "none"
      }`,
    );
  if (report.agentKind === "real-model") out.push("", "## Runs", "", ...runsMarkdown(report));
  out.push("", "## How to read this", "", ...readingNotes(report).map((n) => `- ${n}`), "");
  return out.join("\n");
}

/** Renders a DOT string to SVG with the bundled WASM Graphviz (no network). */
export async function renderDotToSvg(dot: string): Promise<string> {
  const { instance } = await loadOptional("@viz-js/viz", "The evaluation report's protocol graph", "npm i -D @viz-js/viz@3", () => import("@viz-js/viz"));
  const viz = await instance();
  const svg = viz.renderString(dot, { format: "svg" });
  return svg.replace(/^<\?xml[^>]*>\s*/, "").replace(/<!DOCTYPE[^>]*>\s*/, "");
}

/** Writes report/eval.json, report/eval.md and report/index.html. */
export function writeReport(dir: string, report: EvalReport, protocolSvg: string, protocolDot: string): { json: string; markdown: string; html: string } {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, "eval.json");
  const markdown = join(dir, "eval.md");
  const html = join(dir, "index.html");
  writeFileSync(json, JSON.stringify(reportJson(report, true), null, 2) + "\n");
  writeFileSync(markdown, formatMarkdown(report));
  writeFileSync(html, formatHtml(report, protocolSvg));
  writeFileSync(join(dir, "airline-protocol.dot"), protocolDot);
  return { json, markdown, html };
}
