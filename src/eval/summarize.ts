import type { CornerCut } from "./simulated-agent.js";
import type { Comparison, GroupSummary, ModeSummary, RunRecord, TokenSummary } from "./results.js";
import { fisherExactTwoSided, mcnemarExact, mean, median, newcombeDifferenceInterval, proportion } from "./stats.js";

export function summarizeMode(runs: readonly RunRecord[]): ModeSummary {
  const n = runs.length;
  const unauthorized = runs.filter((r) => r.unauthorizedWrites > 0).length;
  const success = runs.filter((r) => r.success).length;
  const toolCalls = runs.reduce((s, r) => s + r.toolCalls, 0);
  const cornerCuts: Partial<Record<CornerCut, number>> = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.cornerCuts)) cornerCuts[k as CornerCut] = (cornerCuts[k as CornerCut] ?? 0) + (v ?? 0);
  return {
    runs: n,
    unauthorized,
    unauthorizedWrites: runs.reduce((s, r) => s + r.unauthorizedWrites, 0),
    unauthorizedRate: proportion(unauthorized, n),
    success,
    successRate: proportion(success, n),
    falseBlocks: runs.reduce((s, r) => s + r.falseBlocks, 0),
    ...legitSummary(runs),
    rejections: runs.reduce((s, r) => s + r.rejections, 0),
    rejectionsByCode: sumCodes(runs),
    retries: runs.reduce((s, r) => s + r.retries, 0),
    meanCustomerTurns: mean(runs.map((r) => r.customerTurns)),
    toolCalls,
    meanToolListTokens: mean(runs.map((r) => r.toolListTokens)),
    meanRejectionTokens: mean(runs.map((r) => r.rejectionTokens)),
    meanInputTokens: mean(runs.map((r) => r.inputTokens)),
    tokens: summarizeTokens(runs),
    ...costSummary(runs),
    guardUsPerCall: median(runs.flatMap((r) => r.samples?.guardNs ?? [])) / 1000,
    toolUsPerCall: median(runs.flatMap((r) => r.samples?.toolNs ?? [])) / 1000,
    guardUsPerCallMean: toolCalls === 0 ? 0 : runs.reduce((s, r) => s + r.guardNs, 0) / toolCalls / 1000,
    cornerCuts,
    errors: runs.filter((r) => r.endedBy === "error").length,
    ...budgetSummary(runs),
  };
}

/** Legitimate writes, the false-block rate and prior consents, when the runs report them. */
function legitSummary(runs: readonly RunRecord[]): Pick<ModeSummary, "legitWrites" | "falseBlockRate" | "priorConsent"> {
  if (runs.length === 0 || runs.some((r) => r.legitWrites === undefined)) return {};
  const legitWrites = runs.reduce((s, r) => s + (r.legitWrites ?? 0), 0);
  const falseBlocks = runs.reduce((s, r) => s + r.falseBlocks, 0);
  const priorConsent = {
    writes: runs.reduce((s, r) => s + (r.priorConsent?.writes ?? 0), 0),
    refused: runs.reduce((s, r) => s + (r.priorConsent?.refused ?? 0), 0),
  };
  return { legitWrites, falseBlockRate: legitWrites === 0 ? 0 : falseBlocks / legitWrites, priorConsent };
}

/** Tokens of the runs, summed (agent and customer sides), with how many calls were estimated. */
export function summarizeTokens(runs: readonly RunRecord[]): TokenSummary {
  const sum = (f: (r: RunRecord) => number): number => runs.reduce((s, r) => s + f(r), 0);
  const agentInput = sum((r) => r.inputTokens);
  const agentOutput = sum((r) => r.outputTokens);
  const customerInput = sum((r) => r.customerInputTokens);
  const customerOutput = sum((r) => r.customerOutputTokens);
  const total = agentInput + agentOutput + customerInput + customerOutput;
  return {
    agentInput,
    agentOutput,
    customerInput,
    customerOutput,
    meanPerRun: runs.length === 0 ? 0 : total / runs.length,
    modelCalls: sum((r) => r.modelCalls + r.customerModelCalls),
    estimatedCalls: sum((r) => r.estimatedTokenCalls),
  };
}

/** Cost of the runs when every run has one (prices were given). */
function costSummary(runs: readonly RunRecord[]): { costUsd?: ModeSummary["costUsd"] } {
  if (runs.length === 0 || runs.some((r) => r.costUsd === undefined)) return {};
  const total = runs.reduce((s, r) => s + (r.costUsd ?? 0), 0);
  return { costUsd: { total, perRun: total / runs.length } };
}

function budgetSummary(runs: readonly RunRecord[]): { budget?: ModeSummary["budget"] } {
  const used = runs.flatMap((r) => (r.budgetUsed ? [r.budgetUsed] : []));
  if (used.length === 0) return {};
  return {
    budget: {
      maxTokens: Math.max(...used.map((u) => u.totalTokens)),
      maxToolCalls: Math.max(...used.map((u) => u.toolCalls)),
      meanTokens: mean(used.map((u) => u.totalTokens)),
      refusals: runs.reduce((s, r) => s + (r.rejectionsByCode["budget_exceeded"] ?? 0), 0),
    },
  };
}

const pairKey = (r: RunRecord): string => `${r.customer}|${r.taskId}|${r.trial}`;

export function compare(unenforcedRuns: readonly RunRecord[], enforcedRuns: readonly RunRecord[], u: ModeSummary, e: ModeSummary): Comparison {
  const byKey = new Map(unenforcedRuns.map((r) => [pairKey(r), r]));
  let onlyU = 0;
  let onlyE = 0;
  const turnDiffs: number[] = [];
  for (const r of enforcedRuns) {
    const p = byKey.get(pairKey(r));
    if (!p) continue;
    if (p.success && !r.success) onlyU++;
    if (!p.success && r.success) onlyE++;
    turnDiffs.push(r.customerTurns - p.customerTurns);
  }
  const toolLists = e.meanToolListTokens - u.meanToolListTokens;
  const rejectionMessages = e.meanRejectionTokens - u.meanRejectionTokens;
  return {
    successDifference: e.successRate.rate - u.successRate.rate,
    successDifferenceCi95: newcombeDifferenceInterval(e.success, e.runs, u.success, u.runs),
    fisherP: fisherExactTwoSided(e.success, e.runs - e.success, u.success, u.runs - u.success),
    mcnemar: { onlyUnenforced: onlyU, onlyEnforced: onlyE, p: mcnemarExact(onlyU, onlyE) },
    unauthorizedFisherP: fisherExactTwoSided(e.unauthorized, e.runs - e.unauthorized, u.unauthorized, u.runs - u.unauthorized),
    extraTurnsPerRun: mean(turnDiffs),
    extraTokensPerRun: { toolLists, rejectionMessages, total: toolLists + rejectionMessages },
    addedUsPerToolCall: e.guardUsPerCall - u.guardUsPerCall,
  };
}

export function summarizeGroup(
  label: string,
  description: string,
  runs: readonly RunRecord[],
  published?: { unauthorized: number; runs: number },
): GroupSummary {
  const ur = runs.filter((r) => r.mode === "unenforced");
  const er = runs.filter((r) => r.mode === "enforced");
  const unenforced = summarizeMode(ur);
  const enforced = summarizeMode(er);
  return { label, description, ...(published ? { published } : {}), unenforced, enforced, comparison: compare(ur, er, unenforced, enforced) };
}

function sumCodes(runs: readonly RunRecord[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.rejectionsByCode)) out[k] = (out[k] ?? 0) + v;
  return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1]));
}
