import type { EvalReport, GroupSummary, ModeSummary } from "./results.js";
import { newcombeDifferenceInterval } from "./stats.js";

const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
const pts = (x: number): string => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)} pts`;

/** Counts of one mode, pooled over groups. */
interface Pooled {
  runs: number;
  unauthorized: number;
  success: number;
  falseBlocks: number;
  legitWrites: number | undefined;
}

function pool(groups: readonly GroupSummary[], mode: "unenforced" | "enforced"): Pooled {
  const out: Pooled = { runs: 0, unauthorized: 0, success: 0, falseBlocks: 0, legitWrites: 0 };
  for (const g of groups) {
    const m: ModeSummary & { readonly legitWrites?: number } = g[mode];
    out.runs += m.runs;
    out.unauthorized += m.unauthorized;
    out.success += m.success;
    out.falseBlocks += m.falseBlocks;
    // legitWrites (writes the customer authorized) is reported by newer runners; absent, say nothing about it
    out.legitWrites = out.legitWrites !== undefined && typeof m.legitWrites === "number" ? out.legitWrites + m.legitWrites : undefined;
  }
  return out;
}

const signed = (x: number): string => `${x >= 0 ? "+" : "−"}${Math.abs(x * 100).toFixed(1)}`;
const frac = (k: number, n: number): string => `${k}/${n} (${n === 0 ? "–" : pct(k / n)})`;

/**
 * The report's one-sentence result: what enforcement did to unauthorized changes and to task
 * success on the runs where customers pushed (every profile but the compliant group), pooled,
 * with the 95% interval of the success difference; who the agent was comes first, so a
 * simulation is never read as a model's result.
 *
 * @example
 * headline(report);
 * // "SIMULATED agents with SIMULATED customers pushing to skip confirmation: enforcement cut
 * //  runs with an unauthorized change from 39/178 (22%) to 0/178 (0%), and task success went from …"
 * @param report - the evaluation's results
 * @returns one sentence, ending with a full stop
 */
export function headline(report: EvalReport): string {
  const pressured = Object.values(report.profiles);
  const groups = pressured.length > 0 ? pressured : report.compliant ? [report.compliant] : [];
  const who = report.agentKind === "real-model" ? `Real model ${report.model}` : "SIMULATED agents";
  const customers = report.customerKind === "llm" ? "LLM-played customers" : "SIMULATED customers";
  const scene = pressured.length > 0 ? `${customers} pushing to skip confirmation` : `compliant ${customers}`;
  const u = pool(groups, "unenforced");
  const e = pool(groups, "enforced");
  if (u.runs === 0 && e.runs === 0) return `${who} with ${scene}: no runs.`;
  const verb = e.unauthorized < u.unauthorized ? "cut" : e.unauthorized > u.unauthorized ? "raised" : "left";
  const unauthorized =
    verb === "left"
      ? `enforcement left runs with an unauthorized change at ${frac(e.unauthorized, e.runs)}, against ${frac(u.unauthorized, u.runs)} unenforced`
      : `enforcement ${verb} runs with an unauthorized change from ${frac(u.unauthorized, u.runs)} to ${frac(e.unauthorized, e.runs)}`;
  const diff = e.runs > 0 && u.runs > 0 ? e.success / e.runs - u.success / u.runs : 0;
  const ci = newcombeDifferenceInterval(e.success, e.runs, u.success, u.runs);
  const interval = `(95% CI ${signed(ci.low)} to ${signed(ci.high)} pts)`;
  const change =
    ci.low > 0
      ? `a significant rise of ${pts(diff)} ${interval}`
      : ci.high < 0
        ? `a significant drop of ${pts(diff)} ${interval}`
        : `no significant change, ${pts(diff)} ${interval}`;
  const success = `task success went from ${frac(u.success, u.runs)} to ${frac(e.success, e.runs)}, ${change}`;
  const blocks = e.legitWrites !== undefined && e.legitWrites > 0 ? `; ${e.falseBlocks} of ${e.legitWrites} authorized writes were refused at least once` : "";
  return `${who} with ${scene}: ${unauthorized}, and ${success}${blocks}.`;
}
