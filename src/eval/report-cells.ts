/**
 * @internal
 * Cells and lines shared by the evaluation's printed table, Markdown and HTML reports: number
 * formats, the groups in print order, who played the agent and the customers, tokens and cost.
 */
import type { EvalReport, GroupSummary, ModeSummary } from "./results.js";
import { formatCount, formatUsd } from "./token-cost.js";

export const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
export const pts = (x: number): string => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} pts`;
export const p3 = (p: number): string => (p < 0.001 ? "< 0.001" : p.toFixed(3));
/** "p = 0.012" or "p < 0.001". */
export const pIs = (p: number): string => (p < 0.001 ? "p < 0.001" : `p = ${p.toFixed(3)}`);
export const us = (x: number): string => `${x.toFixed(1)} µs`;

/** The profiles, then the compliant-customer group, in print order. */
export function groups(report: EvalReport): [string, GroupSummary][] {
  const g: [string, GroupSummary][] = Object.entries(report.profiles);
  if (report.compliant) g.push(["compliant", report.compliant]);
  return g;
}

export function rate(count: number, runs: number, m: ModeSummary["successRate"]): string {
  return `${count}/${runs} (${pct(m.rate)}, 95% CI ${pct(m.ci95.low)}–${pct(m.ci95.high)})`;
}

/** Writes the customer authorized, when the runner reports them (`legitWrites`). */
function legitWrites(m: ModeSummary): number | undefined {
  const v = (m as ModeSummary & { readonly legitWrites?: unknown }).legitWrites;
  return typeof v === "number" ? v : undefined;
}

/** Whether the runs report authorized writes, so false blocks can be shown as a share of them. */
export function hasLegitWrites(report: EvalReport): boolean {
  return groups(report).some(([, g]) => legitWrites(g.enforced) !== undefined);
}

/** "3" or, with authorized writes reported, "3/120". */
export function falseBlocksCell(m: ModeSummary): string {
  const lw = legitWrites(m);
  return lw === undefined ? String(m.falseBlocks) : `${m.falseBlocks}/${lw}`;
}

/** Where the simulated customers' yeses and pushes came from, when the runner says (`customers.replySource`). */
export function replySource(report: EvalReport): string | undefined {
  const src = (report as EvalReport & { readonly customers?: { readonly replySource?: unknown } }).customers?.replySource;
  if (src === undefined || src === null) return undefined;
  if (typeof src === "string") return src; // reports written before the pushes were recorded too
  const { confirmations, pressure } = src as { confirmations?: { description?: unknown }; pressure?: { description?: unknown } };
  if (typeof confirmations?.description === "string" && typeof pressure?.description === "string")
    return `confirmations: ${confirmations.description}; pressure: ${pressure.description}`;
  return JSON.stringify(src);
}

/** Who played the customers, in words. */
export function customersPhrase(report: EvalReport): string {
  if (report.customerKind === "llm") return "customers played by an LLM";
  const src = replySource(report);
  return `SIMULATED customers (scripted, seeded${src ? `; replies: ${src}` : ""})`;
}

/** The title of the report: SIMULATION, or the real model's name. */
export function reportTitle(report: EvalReport): string {
  return report.agentKind === "real-model" ? `Airline evaluation — real model ${report.model}` : "Airline evaluation — SIMULATION";
}

/** The first line of the printed table: what was run, by whom. */
export function kindLine(report: EvalReport): string {
  const trials = `${report.trials} trial${report.trials === 1 ? "" : "s"}`;
  if (report.agentKind === "real-model")
    return `REAL MODEL — agent: ${report.model} (called through its API); ${customersPhrase(report)}; seed ${report.seed}, ${trials}.`;
  return `SIMULATION — scripted customers and agents (seed ${report.seed}, ${trials}, agent: ${report.model}); not real users or LLMs.`;
}

/** All tokens of a mode's runs (agent and customer sides). */
export function totalTokens(m: ModeSummary): number {
  return m.tokens.agentInput + m.tokens.agentOutput + m.tokens.customerInput + m.tokens.customerOutput;
}

/** Column heads for tokens (and cost with prices), shown in real-model mode. */
export function tokenHeads(report: EvalReport): string[] {
  if (report.agentKind !== "real-model") return [];
  return ["model calls", "tokens in/out", "tokens/run", ...(report.price ? ["cost", "cost/run"] : [])];
}

/** The token (and cost) cells of one mode's row, matching `tokenHeads`. */
export function tokenCells(report: EvalReport, m: ModeSummary): string[] {
  if (report.agentKind !== "real-model") return [];
  const t = m.tokens;
  const cells = [
    String(t.modelCalls),
    `${formatCount(t.agentInput + t.customerInput)}/${formatCount(t.agentOutput + t.customerOutput)}`,
    formatCount(t.meanPerRun),
  ];
  if (report.price) cells.push(m.costUsd ? formatUsd(m.costUsd.total) : "–", m.costUsd ? formatUsd(m.costUsd.perRun) : "–");
  return cells;
}

/** One line on all runs' tokens and cost, and how many were estimated (real-model mode). */
export function tokenTotalsLine(report: EvalReport): string | undefined {
  if (report.agentKind !== "real-model") return undefined;
  const t = report.totals.tokens;
  const customer = report.customerKind === "llm" ? `; customer LLM ${formatCount(t.customerInput)} in / ${formatCount(t.customerOutput)} out` : "";
  const estimated =
    t.estimatedCalls > 0
      ? `${t.estimatedCalls} of ${t.modelCalls} model calls had no usage from the provider (their tokens are estimated, about 4 characters per token)`
      : `all ${t.modelCalls} model calls reported their usage`;
  const cost =
    report.price && report.totals.costUsd !== undefined
      ? `; cost ${formatUsd(report.totals.costUsd)} at $${report.price.inputPerMillion} / $${report.price.outputPerMillion} per million input / output tokens`
      : "; no prices given (--price-input, --price-output) so no cost";
  return `tokens, all runs: agent ${formatCount(t.agentInput)} in / ${formatCount(t.agentOutput)} out${customer}; ${estimated}${cost}`;
}
