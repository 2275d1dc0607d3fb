import type { BudgetLimits } from "../protocol/types.js";
import { loadOptional } from "../util/optional-dependency.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EvalReport, GroupSummary, ModeSummary } from "./results.js";
import { escapeXml, groupedBarChart } from "./svg-charts.js";

const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
const pts = (x: number): string => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} pts`;
const p3 = (p: number): string => (p < 0.001 ? "< 0.001" : p.toFixed(3));
/** "p = 0.012" or "p < 0.001". */
const pIs = (p: number): string => (p < 0.001 ? "p < 0.001" : `p = ${p.toFixed(3)}`);
const us = (x: number): string => `${x.toFixed(1)} µs`;

function groups(report: EvalReport): [string, GroupSummary][] {
  const g: [string, GroupSummary][] = Object.entries(report.profiles);
  if (report.compliant) g.push(["compliant", report.compliant]);
  return g;
}

function rate(count: number, runs: number, m: ModeSummary["successRate"]): string {
  return `${count}/${runs} (${pct(m.rate)}, 95% CI ${pct(m.ci95.low)}–${pct(m.ci95.high)})`;
}

/** The table `concordat eval` prints. */
export function formatTable(report: EvalReport): string {
  const lines: string[] = [];
  lines.push(`SIMULATION — scripted customers and agents (seed ${report.seed}, ${report.trials} trial${report.trials === 1 ? "" : "s"}, agent: ${report.model}); not real users or LLMs.`);
  lines.push(`${report.totalRuns} runs on ${report.tasks} tau2 airline tasks in ${(report.wallMs / 1000).toFixed(1)} s; sessions on SQLite (the embedded default store).`);
  lines.push("");
  const head = ["profile", "mode", "runs", "unauthorized runs", "task success (DB judge)", "false blocks", "rejections", "retries", "turns/run"];
  const rows: string[][] = [];
  for (const [name, g] of groups(report)) {
    for (const mode of ["unenforced", "enforced"] as const) {
      const m = g[mode];
      rows.push([name, mode, String(m.runs), `${m.unauthorized} (${pct(m.unauthorizedRate.rate)})`, rate(m.success, m.runs, m.successRate), String(m.falseBlocks), String(m.rejections), String(m.retries), m.meanCustomerTurns.toFixed(1)]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const fmtRow = (r: readonly string[]): string => r.map((c, i) => (i >= 2 && i !== 4 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join("  ").trimEnd();
  lines.push(fmtRow(head));
  lines.push(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) lines.push(fmtRow(r));
  lines.push("");
  const errors = report.runs.filter((r) => r.endedBy === "error");
  if (errors.length > 0) lines.push(`WARNING: ${errors.length} run(s) ended with an error and count as failed (first: ${errors[0]?.group} ${errors[0]?.mode} task ${errors[0]?.taskId}: ${errors[0]?.error}). See runs[].error in report/eval.json.`, "");
  for (const [name, g] of groups(report)) {
    const c = g.comparison;
    const pub = g.published ? ` (published unenforced: ${g.published.unauthorized}/${g.published.runs})` : "";
    lines.push(`${name}: success difference (enforced − unenforced) ${pts(c.successDifference)}, 95% CI ${pts(c.successDifferenceCi95.low)} to ${pts(c.successDifferenceCi95.high)}; Fisher exact ${pIs(c.fisherP)}; McNemar exact ${pIs(c.mcnemar.p)} (${c.mcnemar.onlyUnenforced} pairs only unenforced succeeded, ${c.mcnemar.onlyEnforced} only enforced)${pub}`);
    lines.push(`${" ".repeat(name.length)}  unauthorized: Fisher exact ${pIs(c.unauthorizedFisherP)}; extra turns/run ${c.extraTurnsPerRun.toFixed(2)}; extra tokens/run ${c.extraTokensPerRun.total.toFixed(0)} (tool lists ${c.extraTokensPerRun.toolLists.toFixed(0)}, refusals ${c.extraTokensPerRun.rejectionMessages.toFixed(0)}); guard ${us(g.enforced.guardUsPerCall)}/tool call enforced vs ${us(g.unenforced.guardUsPerCall)} unenforced (tool body ${us(g.enforced.toolUsPerCall)})`);
  }
  const b = budgetLine(report);
  if (b) lines.push(b);
  return lines.join("\n") + "\n";
}

/** One line on the enforced runs' budgets: the limits, what the largest run used, refusals. */
export function budgetLine(report: EvalReport): string | undefined {
  if (!report.budget) return undefined;
  const lim = (o: BudgetLimits | undefined) => `${(o?.totalTokens ?? Infinity).toLocaleString("en-US")} tokens / ${o?.toolCalls ?? "∞"} tool calls`;
  const per = [...groups(report)]
    .flatMap(([name, g]) => (g.enforced.budget ? [`${name} mean ${Math.round(g.enforced.budget.meanTokens).toLocaleString("en-US")}, max ${g.enforced.budget.maxTokens.toLocaleString("en-US")} tokens / ${g.enforced.budget.maxToolCalls} calls, ${g.enforced.budget.refusals} refusals`] : []))
    .join("; ");
  return `budget per enforced run: ${lim(report.budget.limits)}, exit-path reserve ${lim(report.budget.reserve)} — ${per}`;
}

/** JSON written by `--json` and to report/eval.json (runs included only in the report file). */
export function reportJson(report: EvalReport, includeRuns: boolean): unknown {
  const { runs, ...rest } = report;
  // the compliant-customer group is listed under profiles too, as the printed table shows it
  const withCompliant = { ...rest, profiles: { ...rest.profiles, ...(rest.compliant ? { compliant: rest.compliant } : {}) } };
  return includeRuns ? { ...withCompliant, runs: runs.map(({ samples: _samples, ...r }) => r) } : withCompliant;
}

export function formatMarkdown(report: EvalReport): string {
  const out: string[] = [];
  out.push("# Airline evaluation (SIMULATION)", "");
  out.push(`> ${report.notice}`, "");
  out.push(`Seed ${report.seed}, ${report.trials} trial(s), agent ${report.model}, ${report.totalRuns} runs on ${report.tasks} tau2 airline tasks, ${(report.wallMs / 1000).toFixed(1)} s. Sessions: ${report.store}.`, "");
  out.push("| profile | mode | runs | unauthorized runs | task success (DB judge) | false blocks | rejections | retries | turns/run |", "|---|---|---:|---:|---|---:|---:|---:|---:|");
  for (const [name, g] of groups(report)) {
    for (const mode of ["unenforced", "enforced"] as const) {
      const m = g[mode];
      out.push(`| ${name} | ${mode} | ${m.runs} | ${m.unauthorized} (${pct(m.unauthorizedRate.rate)}) | ${rate(m.success, m.runs, m.successRate)} | ${m.falseBlocks} | ${m.rejections} | ${m.retries} | ${m.meanCustomerTurns.toFixed(1)} |`);
    }
  }
  out.push("", "| profile | success difference (95% CI) | Fisher p | McNemar p | extra turns/run | extra tokens/run | guard µs/tool call | tool body µs/call |", "|---|---|---:|---:|---:|---:|---:|---:|");
  for (const [name, g] of groups(report)) {
    const c = g.comparison;
    out.push(`| ${name} | ${pts(c.successDifference)} (${pts(c.successDifferenceCi95.low)} to ${pts(c.successDifferenceCi95.high)}) | ${p3(c.fisherP)} | ${p3(c.mcnemar.p)} | ${c.extraTurnsPerRun.toFixed(2)} | ${c.extraTokensPerRun.total.toFixed(0)} | ${g.enforced.guardUsPerCall.toFixed(1)} | ${g.enforced.toolUsPerCall.toFixed(1)} |`);
  }
  const b = budgetLine(report);
  if (b) out.push("", b[0]!.toUpperCase() + b.slice(1) + ".");
  out.push("", "Refusals by code (enforced):", "");
  for (const [name, g] of groups(report)) out.push(`- ${name}: ${Object.entries(g.enforced.rejectionsByCode).map(([c, n]) => `${c} ${n}`).join(", ") || "none"}`);
  out.push("", "## How to read this", "", ...READING_NOTES.map((n) => `- ${n}`), "");
  return out.join("\n");
}

/** What the figures mean and what they do not show; printed in the Markdown and HTML reports. */
export const READING_NOTES: readonly string[] = [
  "Everything here is SIMULATION: the customers are rule-based scripts built from each tau2 task's user scenario, and the agents are scripted model clients that know the task's expected actions. Nothing was measured on a real LLM unless the agent line says \"real model\".",
  "Unauthorized runs (the published metric: runs with at least one unauthorized modification) are counted by the independent auditor from ground truth — the simulated customer's log of which exact actions (tool and arguments) it explicitly confirmed, and the tools layer's log of executed writes. It shares no code with the enforcement path.",
  "The two profiles' corner-cutting probabilities were calibrated (over seeds 1–8) so the unenforced baseline lands near the published 13/50 and 29/128; the enforced rows use the same customers and the same agent streams (paired runs), so the difference is what the protocol did.",
  "Task success is tau2's database check: the run's final database equals the expected actions applied to a fresh one. Because the simulated agents know the right actions and correct themselves after a refusal (ask for confirmation, restore the confirmed arguments, drop a forbidden write), enforcement mostly turns their unauthorized writes into delays; a real model may not recover as well. The success difference and its tests are reported as they came out.",
  "False blocks are refused write calls whose exact action the customer had explicitly confirmed: e.g. consent given in the first message (prior consent is off by default, so the agent must ask again) or a yes mixed with another request that the rule-based decider does not accept.",
  "The application side of the enforced runs hands every customer message to session.receiveUserReply and registers the actions the agent lists as pending with session.requestConfirmation; like a UI that shows one confirmation dialog at a time, it withdraws an earlier request the new question no longer lists.",
  "Latency is the median time per executed tool call spent in the session's validate + advance (protocol, guards, confirmation, budget), next to the median time of the tool body itself; tokens are estimated tokenizer-free (about 4 characters per token) from the tool lists the model was offered and the refusal messages it read.",
];

const COLORS = { unenforced: "#d9534f", enforced: "#2e7d32" };

export function formatHtml(report: EvalReport, protocolSvg: string): string {
  const gs = groups(report);
  const unauthorizedChart = groupedBarChart({
    id: "chart-unauthorized",
    title: "Unauthorized runs (%, 95% CI) — SIMULATION",
    max: 100,
    unit: "%",
    groups: gs.map(([name, g]) => ({
      label: name,
      bars: (["unenforced", "enforced"] as const).map((m) => ({ label: m, value: g[m].unauthorizedRate.rate * 100, low: g[m].unauthorizedRate.ci95.low * 100, high: g[m].unauthorizedRate.ci95.high * 100, color: COLORS[m], text: `${g[m].unauthorized}/${g[m].runs}` })),
    })),
  });
  const successChart = groupedBarChart({
    id: "chart-success",
    title: "Task success, DB judge (%, 95% CI) — SIMULATION",
    max: 100,
    unit: "%",
    groups: gs.map(([name, g]) => ({
      label: name,
      bars: (["unenforced", "enforced"] as const).map((m) => ({ label: m, value: g[m].successRate.rate * 100, low: g[m].successRate.ci95.low * 100, high: g[m].successRate.ci95.high * 100, color: COLORS[m], text: `${g[m].success}/${g[m].runs}` })),
    })),
  });
  const md = formatMarkdown(report);
  const tableRows = gs
    .flatMap(([name, g]) =>
      (["unenforced", "enforced"] as const).map((mode) => {
        const m = g[mode];
        return `<tr><td>${escapeXml(name)}</td><td>${mode}</td><td>${m.runs}</td><td>${m.unauthorized}</td><td>${m.success} (${pct(m.successRate.rate)}, ${pct(m.successRate.ci95.low)}–${pct(m.successRate.ci95.high)})</td><td>${m.falseBlocks}</td><td>${m.rejections}</td><td>${m.retries}</td><td>${m.meanCustomerTurns.toFixed(1)}</td><td>${m.guardUsPerCall.toFixed(1)}</td></tr>`;
      }),
    )
    .join("\n");
  const compRows = gs
    .map(([name, g]) => {
      const c = g.comparison;
      return `<tr><td>${escapeXml(name)}</td><td>${pts(c.successDifference)} (${pts(c.successDifferenceCi95.low)} to ${pts(c.successDifferenceCi95.high)})</td><td>${p3(c.fisherP)}</td><td>${p3(c.mcnemar.p)}</td><td>${c.extraTurnsPerRun.toFixed(2)}</td><td>${c.extraTokensPerRun.toolLists.toFixed(0)}</td><td>${c.extraTokensPerRun.rejectionMessages.toFixed(0)}</td></tr>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Concordat airline evaluation (SIMULATION)</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:1100px;color:#222}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:4px 8px;font-size:13px;text-align:right}td:first-child,td:nth-child(2),th{text-align:left}.banner{background:#fff3cd;border:1px solid #e0c36b;padding:.6rem 1rem;font-weight:600}.charts{display:flex;flex-wrap:wrap;gap:2rem}#protocol-graph svg{max-width:100%;height:auto}</style>
</head><body>
<p class="banner" id="simulation-banner">${escapeXml(report.notice)}</p>
<h1>Airline evaluation — SIMULATION</h1>
<p>Seed ${report.seed}, ${report.trials} trial(s), agent ${escapeXml(report.model)}; ${report.totalRuns} runs on ${report.tasks} tau2 airline tasks; sessions: ${escapeXml(report.store)}; ${(report.wallMs / 1000).toFixed(1)} s.</p>
<table id="results-table"><thead><tr><th>profile</th><th>mode</th><th>runs</th><th>unauthorized runs</th><th>task success (95% CI)</th><th>false blocks</th><th>rejections</th><th>retries</th><th>turns/run</th><th>guard µs/tool call</th></tr></thead><tbody>
${tableRows}
</tbody></table>
<table id="comparison-table"><thead><tr><th>profile</th><th>success difference (95% CI)</th><th>Fisher p</th><th>McNemar p</th><th>extra turns/run</th><th>extra tool-list tokens/run</th><th>refusal tokens/run</th></tr></thead><tbody>
${compRows}
</tbody></table>
<div class="charts">${unauthorizedChart}${successChart}</div>
<h2>How to read this</h2>
<ul id="reading-notes">${READING_NOTES.map((n) => `<li>${escapeXml(n)}</li>`).join("")}</ul>
<h2>The airline protocol</h2>
<div id="protocol-graph">${protocolSvg}</div>
<h2>Markdown summary</h2>
<pre>${escapeXml(md)}</pre>
</body></html>
`;
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
