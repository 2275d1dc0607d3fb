import { headline } from "./headline.js";
import { falseBlocksCell, groups, hasLegitWrites, p3, pct, pts, reportTitle, tokenCells, tokenHeads, tokenTotalsLine } from "./report-cells.js";
import { readingNotes } from "./report-notes.js";
import type { EvalReport, GroupSummary } from "./results.js";
import { escapeXml, groupedBarChart } from "./svg-charts.js";
import { formatUsd } from "./token-cost.js";

const COLORS = { unenforced: "#d9534f", enforced: "#2e7d32" };

/**
 * Page style. The page must not scroll sideways at 1,400 px: the body is capped below that,
 * tables wrap their cells, and charts and the protocol graph scale down to the column (the
 * graph's edge labels are drawn large enough to stay readable when scaled).
 */
const STYLE = [
  "body{font-family:system-ui,sans-serif;margin:2rem auto;padding:0 2rem;max-width:1240px;color:#222;line-height:1.4}",
  "h1{margin-bottom:.4rem}",
  ".headline{font-size:1.2rem;font-weight:600;margin:.2rem 0 1rem;padding:.6rem 1rem;border-left:5px solid #2e7d32;background:#f1f8f1}",
  ".banner{background:#fff3cd;border:1px solid #e0c36b;padding:.6rem 1rem;font-weight:600}",
  ".banner.real{background:#e3f2fd;border-color:#90caf9}",
  "table{border-collapse:collapse;margin:1rem 0;max-width:100%}",
  "td,th{border:1px solid #ccc;padding:4px 8px;font-size:13px;text-align:right;overflow-wrap:break-word}",
  "td:first-child,td:nth-child(2),th{text-align:left}",
  ".charts{display:flex;flex-wrap:wrap;gap:2rem}",
  ".charts svg{max-width:100%;height:auto}",
  "#protocol-graph svg{max-width:100%;height:auto}",
  // the graph is laid out with DejaVu Sans metrics (eval.ts): show it in that font or one as wide
  '#protocol-graph text{font-family:"DejaVu Sans","Bitstream Vera Sans",Verdana,sans-serif}',
  ".graph-legend{display:flex;flex-wrap:wrap;gap:.4rem 1.6rem;list-style:none;padding:0;font-size:14px}",
  ".graph-legend li{display:flex;align-items:center;gap:.4rem}",
  "details{margin:1rem 0}",
].join("\n");

function modeBars(g: GroupSummary, pick: "unauthorized" | "success") {
  return (["unenforced", "enforced"] as const).map((m) => {
    const s = g[m];
    const r = pick === "unauthorized" ? s.unauthorizedRate : s.successRate;
    const count = pick === "unauthorized" ? s.unauthorized : s.success;
    return { label: m, value: r.rate * 100, low: r.ci95.low * 100, high: r.ci95.high * 100, color: COLORS[m], text: `${count}/${s.runs}` };
  });
}

/** The legend of the protocol graph: what its shapes, colours and line styles mean. */
function graphLegend(): string {
  const item = (svg: string, text: string): string =>
    `<li><svg width="44" height="22" viewBox="0 0 44 22" aria-hidden="true">${svg}</svg><span>${escapeXml(text)}</span></li>`;
  const arrow = (color: string, dash: string): string =>
    `<line x1="2" y1="11" x2="34" y2="11" stroke="${color}" stroke-width="1.5"${dash}/><path d="M34 6 L42 11 L34 16 Z" fill="${color}"/>`;
  return `<ul class="graph-legend" id="protocol-legend">${[
    item(`<circle cx="22" cy="11" r="9" fill="none" stroke="#222"/>`, "state of the conversation"),
    item(
      `<circle cx="22" cy="11" r="9" fill="none" stroke="#222"/><circle cx="22" cy="11" r="6" fill="none" stroke="#222"/>`,
      "terminal state (the session ends)",
    ),
    item(`<circle cx="6" cy="11" r="3" fill="#222"/>${arrow("#222", "").replace('x1="2"', 'x1="9"')}`, "where a session starts"),
    item(arrow("#222", ""), "read tools; a label tool[outcome] means the outcome decides the next state"),
    item(
      `<text x="2" y="15" font-size="13" fill="#c62828" font-family="sans-serif">write</text>`,
      "write tool (red): runs only after the user confirmed that exact action and its arguments",
    ),
    item(arrow("#c62828", ' stroke-dasharray="4 3"'), "(guarded), dashed: also checked against the airline policy before it runs"),
  ].join("")}</ul>`;
}

function runsTable(report: EvalReport): string {
  const cost = report.price !== undefined;
  const head = [
    "group",
    "mode",
    "customer",
    "task",
    "trial",
    "success",
    "unauthorized writes",
    "refusals",
    "model calls",
    "tokens in",
    "tokens out",
    ...(cost ? ["cost"] : []),
    "ended by",
  ];
  const rows = report.runs.map((r) => {
    const cells = [
      r.group,
      r.mode,
      r.customer,
      r.taskId,
      String(r.trial),
      r.success ? "yes" : "no",
      String(r.unauthorizedWrites),
      String(r.rejections),
      String(r.modelCalls + r.customerModelCalls),
      String(r.inputTokens + r.customerInputTokens),
      String(r.outputTokens + r.customerOutputTokens),
      ...(cost ? [r.costUsd !== undefined ? formatUsd(r.costUsd) : "–"] : []),
      r.endedBy + (r.error ? `: ${r.error}` : ""),
    ];
    return `<tr>${cells.map((c) => `<td>${escapeXml(c)}</td>`).join("")}</tr>`;
  });
  return `<details id="runs"><summary>Every run (${report.runs.length}): outcome, tokens${cost ? ", cost" : ""}</summary><table id="runs-table"><thead><tr>${head.map((h) => `<th>${h}</th>`).join("")}</tr></thead><tbody>\n${rows.join("\n")}\n</tbody></table></details>`;
}

/**
 * report/index.html: a self-contained page (no scripts, no network) with the one-sentence
 * headline at the top, what ran (SIMULATION or the real model), the tables, two charts with
 * legends, the reading notes, and the protocol graph with its legend.
 *
 * @param report - the evaluation's results
 * @param protocolSvg - the airline protocol rendered by Graphviz (`renderDotToSvg`)
 */
export function formatHtml(report: EvalReport, protocolSvg: string): string {
  const gs = groups(report);
  const real = report.agentKind === "real-model";
  const suffix = real ? "real model" : "SIMULATION";
  const unauthorizedChart = groupedBarChart({
    id: "chart-unauthorized",
    title: `Runs with an unauthorized change (%, 95% CI) — ${suffix}`,
    max: 100,
    unit: "%",
    groups: gs.map(([name, g]) => ({ label: name, bars: modeBars(g, "unauthorized") })),
  });
  const successChart = groupedBarChart({
    id: "chart-success",
    title: `Task success, DB judge (%, 95% CI) — ${suffix}`,
    max: 100,
    unit: "%",
    groups: gs.map(([name, g]) => ({ label: name, bars: modeBars(g, "success") })),
  });
  const heads = [
    "profile",
    "mode",
    "runs",
    "unauthorized runs",
    "task success (95% CI)",
    hasLegitWrites(report) ? "false blocks / authorized writes" : "false blocks",
    "rejections",
    "retries",
    "turns/run",
    "guard µs/tool call",
    ...tokenHeads(report),
  ];
  const tableRows = gs
    .flatMap(([name, g]) =>
      (["unenforced", "enforced"] as const).map((mode) => {
        const m = g[mode];
        const cells = [
          escapeXml(name),
          mode,
          String(m.runs),
          String(m.unauthorized),
          `${m.success} (${pct(m.successRate.rate)}, ${pct(m.successRate.ci95.low)}–${pct(m.successRate.ci95.high)})`,
          falseBlocksCell(m),
          String(m.rejections),
          String(m.retries),
          m.meanCustomerTurns.toFixed(1),
          m.guardUsPerCall.toFixed(1),
          ...tokenCells(report, m).map(escapeXml),
        ];
        return `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
      }),
    )
    .join("\n");
  const compRows = gs
    .map(([name, g]) => {
      const c = g.comparison;
      const pub = g.published ? `${g.published.unauthorized}/${g.published.runs}` : "–";
      return `<tr><td>${escapeXml(name)}</td><td>${pts(c.successDifference)} (${pts(c.successDifferenceCi95.low)} to ${pts(c.successDifferenceCi95.high)})</td><td>${p3(c.fisherP)}</td><td>${p3(c.mcnemar.p)}</td><td>${c.extraTurnsPerRun.toFixed(2)}</td><td>${c.extraTokensPerRun.toolLists.toFixed(0)}</td><td>${c.extraTokensPerRun.rejectionMessages.toFixed(0)}</td>${real ? "" : `<td>${pub}</td>`}</tr>`;
    })
    .join("\n");
  const tokens = tokenTotalsLine(report);
  const title = reportTitle(report);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Concordat ${escapeXml(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<style>${STYLE}</style>
</head><body>
<h1>${escapeXml(title)}</h1>
<p class="headline" id="headline">${escapeXml(headline(report))}</p>
<p class="banner${real ? " real" : ""}" id="${real ? "real-model-banner" : "simulation-banner"}">${escapeXml(report.notice)}</p>
<p>Seed ${report.seed}, ${report.trials} trial(s), agent ${escapeXml(report.model)}; ${report.totalRuns} runs on ${report.tasks} tau2 airline tasks; sessions: ${escapeXml(report.store)}; ${(report.wallMs / 1000).toFixed(1)} s.</p>
<table id="results-table"><thead><tr>${heads.map((h) => `<th>${escapeXml(h)}</th>`).join("")}</tr></thead><tbody>
${tableRows}
</tbody></table>
<table id="comparison-table"><thead><tr><th>profile</th><th>success difference (95% CI)</th><th>Fisher p</th><th>McNemar p</th><th>extra turns/run</th><th>extra tool-list tokens/run</th><th>refusal tokens/run</th>${real ? "" : "<th>published unenforced</th>"}</tr></thead><tbody>
${compRows}
</tbody></table>
${tokens ? `<p id="token-totals">${escapeXml(tokens[0]!.toUpperCase() + tokens.slice(1))}.</p>\n` : ""}<div class="charts">${unauthorizedChart}${successChart}</div>
${real ? runsTable(report) + "\n" : ""}<h2>How to read this</h2>
<ul id="reading-notes">${readingNotes(report)
    .map((n) => `<li>${escapeXml(n)}</li>`)
    .join("")}</ul>
<h2>The airline protocol</h2>
${graphLegend()}
<div id="protocol-graph">${protocolSvg}</div>
<p>The same figures as Markdown: <a href="eval.md">eval.md</a>; as JSON: <a href="eval.json">eval.json</a>; the graph as DOT: <a href="airline-protocol.dot">airline-protocol.dot</a>.</p>
</body></html>
`;
}
