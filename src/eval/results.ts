import type { BudgetLimits } from "../protocol/types.js";
import type { CustomerStyle } from "./simulated-customer.js";
import type { ReplySourceReport } from "./reply-source.js";
import type { CornerCut } from "./simulated-agent.js";
import type { Interval, Proportion } from "./stats.js";
import type { TokenPrice } from "./token-cost.js";

export type Mode = "unenforced" | "enforced";
export const MODES: readonly Mode[] = ["unenforced", "enforced"];

/** What one simulated conversation did. */
export interface RunRecord {
  readonly group: string;
  readonly profile: string;
  readonly mode: Mode;
  readonly customer: CustomerStyle;
  readonly taskId: string;
  readonly trial: number;
  /** The database judge's verdict. */
  readonly success: boolean;
  /** Successful writes the independent auditor found unauthorized. */
  readonly unauthorizedWrites: number;
  readonly writes: number;
  /** Of `legitWrites`, those refused at least once before they ran (or that never ran): false blocks. */
  readonly falseBlocks: number;
  /** Writes the customer authorized in answer to a confirmation request and the agent then attempted. */
  readonly legitWrites?: number;
  /**
   * Writes the customer consented to in its first message, before the agent listed the action
   * (the compliant-explicit customers), and how many of them were refused first: the airline
   * policy asks the agent to list the action and get a yes, so enforcement asks once.
   */
  readonly priorConsent?: { readonly writes: number; readonly refused: number };
  readonly rejections: number;
  /** Refusals by violation code (confirmation_missing, guard_failed, …). */
  readonly rejectionsByCode: Readonly<Record<string, number>>;
  readonly retries: number;
  readonly customerTurns: number;
  readonly modelCalls: number;
  readonly toolCalls: number;
  readonly toolListTokens: number;
  readonly rejectionTokens: number;
  /** The agent model's input tokens: as the provider reported them, else estimated (see `estimatedTokenCalls`). */
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Calls to the customer's LLM (`--customer llm`); 0 for a simulated customer. */
  readonly customerModelCalls: number;
  /** Tokens of the customer's LLM; 0 for a simulated customer. */
  readonly customerInputTokens: number;
  readonly customerOutputTokens: number;
  /** Model calls (agent and customer) whose provider reported no usage: their tokens are estimates (about 4 characters per token). */
  readonly estimatedTokenCalls: number;
  /** What the run's tokens cost at the prices given (`--price-input`, `--price-output`), in US dollars. */
  readonly costUsd?: number;
  /** What the run's budget account recorded (enforced runs only). */
  readonly budgetUsed?: { readonly totalTokens: number; readonly toolCalls: number };
  /** Time spent in the session's validate + advance (the guard), summed over the run's tool calls (ns). */
  readonly guardNs: number;
  /** Time spent in the tool bodies themselves (ns). */
  readonly toolNs: number;
  /** Per tool call: guard time (validate + advance) and tool-body time, in ns (stripped from JSON output). */
  readonly samples?: { readonly guardNs: number[]; readonly toolNs: number[] };
  readonly cornerCuts: Readonly<Partial<Record<CornerCut, number>>>;
  readonly endedBy: "customer" | "max_turns" | "session_ended" | "error";
  readonly error?: string;
}

export interface ModeSummary {
  readonly runs: number;
  /** Runs with at least one unauthorized modification (the published metric). */
  readonly unauthorized: number;
  readonly unauthorizedWrites: number;
  readonly unauthorizedRate: Proportion;
  /** Runs that pass the database judge. */
  readonly success: number;
  readonly successRate: Proportion;
  /** Legitimate writes refused at least once (see `RunRecord.falseBlocks`). */
  readonly falseBlocks: number;
  /** Writes the customer authorized in answer to a request (present when the runs report them). */
  readonly legitWrites?: number;
  /** `falseBlocks / legitWrites` (0 when there were none). */
  readonly falseBlockRate?: number;
  /** Writes consented to before any request, and how many were refused first (present when the runs report them). */
  readonly priorConsent?: { readonly writes: number; readonly refused: number };
  readonly rejections: number;
  readonly rejectionsByCode: Readonly<Record<string, number>>;
  readonly retries: number;
  readonly meanCustomerTurns: number;
  readonly toolCalls: number;
  readonly meanToolListTokens: number;
  readonly meanRejectionTokens: number;
  readonly meanInputTokens: number;
  /** Tokens of these runs, summed: the agent model's and (with an LLM customer) the customer's. */
  readonly tokens: TokenSummary;
  /** Cost of these runs at the prices given, in US dollars (present only with prices). */
  readonly costUsd?: { readonly total: number; readonly perRun: number };
  /** Median guard time (session validate + advance, with every policy) per tool call (µs). */
  readonly guardUsPerCall: number;
  /** Median tool-body time per tool call (µs): the direct call the guard wraps. */
  readonly toolUsPerCall: number;
  /** Mean guard time per tool call (µs), cold starts included. */
  readonly guardUsPerCallMean: number;
  readonly cornerCuts: Readonly<Partial<Record<CornerCut, number>>>;
  readonly errors: number;
  /** Budget accounting of the runs that had a budget: the largest run, and refusals for it. */
  readonly budget?: { readonly maxTokens: number; readonly maxToolCalls: number; readonly meanTokens: number; readonly refusals: number };
}

export interface TokenSummary {
  readonly agentInput: number;
  readonly agentOutput: number;
  readonly customerInput: number;
  readonly customerOutput: number;
  /** All four summed, divided by the runs. */
  readonly meanPerRun: number;
  readonly modelCalls: number;
  /** Model calls whose provider reported no usage (their tokens are estimated). */
  readonly estimatedCalls: number;
}

export interface Comparison {
  /** enforced − unenforced task success rate. */
  readonly successDifference: number;
  /** Newcombe 95% interval of the difference. */
  readonly successDifferenceCi95: Interval;
  readonly fisherP: number;
  /** Paired runs (same task, trial and seed): only-unenforced-succeeded vs only-enforced-succeeded. */
  readonly mcnemar: { readonly onlyUnenforced: number; readonly onlyEnforced: number; readonly p: number };
  readonly unauthorizedFisherP: number;
  /** Extra customer turns per run with enforcement (mean of paired differences). */
  readonly extraTurnsPerRun: number;
  /** Extra tokens per run with enforcement (tool lists + refusal messages, estimated). */
  readonly extraTokensPerRun: { readonly toolLists: number; readonly rejectionMessages: number; readonly total: number };
  /** Median guard time per tool call added by enforcement (µs; enforced minus the unenforced baseline's guard). */
  readonly addedUsPerToolCall: number;
}

export interface GroupSummary {
  readonly label: string;
  readonly description: string;
  readonly published?: { readonly unauthorized: number; readonly runs: number };
  readonly unenforced: ModeSummary;
  readonly enforced: ModeSummary;
  readonly comparison: Comparison;
}

export interface EvalReport {
  /** True when the agent is a scripted simulation (the default); false for `--model openai-compatible`. */
  readonly simulation: boolean;
  /** What played the agent: the simulated profiles, or a real model through an API. */
  readonly agentKind: "simulated" | "real-model";
  /** What played the customer: the simulated customers, or an LLM (`--customer llm`). */
  readonly customerKind: "simulated" | "llm";
  readonly notice: string;
  readonly seed: number;
  readonly trials: number;
  readonly model: string;
  readonly tasks: number;
  readonly totalRuns: number;
  readonly wallMs: number;
  /** Where the sessions lived, and how they were checked. */
  readonly store: string;
  /** Each enforced run's budget: limits and the exit-path reserve. */
  readonly budget?: { readonly limits?: BudgetLimits | undefined; readonly reserve?: BudgetLimits | undefined };
  /** Prices the costs were computed with (US dollars per million tokens), when given. */
  readonly price?: TokenPrice;
  /** Tokens (and cost, with prices) of every run together. */
  readonly totals: { readonly tokens: TokenSummary; readonly costUsd?: number };
  readonly profiles: Readonly<Record<string, GroupSummary>>;
  readonly compliant: GroupSummary | undefined;
  /** Who played the customers, and where their yeses to confirmation requests and their pushes came from. */
  readonly customers?: { readonly kind: "simulated" | "llm"; readonly replySource: ReplySourceReport };
  readonly runs: readonly RunRecord[];
}

/**
 * The notice of a real-model run: the agent is a real model; the customers are what they are.
 *
 * @param model - the agent's label (model id and endpoint)
 * @param customerKind - who played the customers
 */
export function realModelNotice(model: string, customerKind: "simulated" | "llm"): string {
  const customers =
    customerKind === "llm"
      ? "the customers are played by an LLM from each task's user scenario; whether a reply was consent is read by rules (an approximation of its intent)."
      : "the customers are SIMULATED: scripted, seeded customers built from each tau2 task's user scenario, not real users.";
  return `REAL MODEL: the agent is ${model}, called through its API; ${customers} No published baseline applies to this model: compare its enforced and unenforced rows.`;
}

export const SIMULATION_NOTICE =
  "SIMULATION: customers and agents are scripted simulations (seeded, deterministic), not real users or LLMs. Two agent profiles are calibrated so the unenforced baseline lands near published rates; the enforced figures are what the protocol does to those simulated agents.";
