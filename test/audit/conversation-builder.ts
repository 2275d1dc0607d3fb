import { parseTau2Results } from "../../src/audit/formats/tau2-results.js";
import type { RecordedRun } from "../../src/audit/recorded-run.js";
import { airlineAuditDomain } from "../../src/audit/domains/airline-audit-domain.js";
import { replayRun, type AuditedWrite } from "../../src/audit/replay.js";
import { consentJudge } from "../../src/confirmation/consent-judge.js";

/** A message of a hand-made conversation, written the way tau2-bench records it. */
export type Turn =
  | { role: "assistant"; content: string | null; tool_calls?: { id: string; name: string; arguments: Record<string, unknown> }[] }
  | { role: "user"; content: string }
  | { role: "tool"; id: string; content: string; error?: boolean };

export const agent = (content: string): Turn => ({ role: "assistant", content });
export const user = (content: string): Turn => ({ role: "user", content });

let nextId = 0;
/** An assistant message making one or more tool calls; results follow with `results`. */
export function calls(content: string | null, ...list: [name: string, args: Record<string, unknown>][]): Turn {
  return { role: "assistant", content, tool_calls: list.map(([name, args]) => ({ id: `call_${nextId++}`, name, arguments: args })) };
}
/** Tool messages answering the calls of `turn`, in order (`ok` results, or `Error: …` when the text starts with it). */
export function results(turn: Turn, ...contents: string[]): Turn[] {
  if (turn.role !== "assistant" || !turn.tool_calls) throw new Error("results() needs a turn with tool calls");
  return turn.tool_calls.map((c, i) => {
    const content = contents[i] ?? "{}";
    return { role: "tool", id: c.id, content, error: content.startsWith("Error") };
  });
}
/** A call and its (successful) result. */
export function callAndResult(content: string | null, name: string, args: Record<string, unknown>, result = "{}"): Turn[] {
  const t = calls(content, [name, args]);
  return [t, ...results(t, result)];
}

/** A tau2-bench results file holding these conversations (one simulation each). */
export function tau2File(conversations: readonly (readonly Turn[])[], options: { reward?: number; model?: string } = {}): Record<string, unknown> {
  return {
    info: { agent_info: { llm: options.model ?? "test-model" }, user_info: { llm: "test-user" }, environment_info: { domain_name: "airline" }, num_trials: 1 },
    tasks: [],
    simulations: conversations.map((messages, i) => ({
      id: `sim-${i}`,
      task_id: String(i),
      trial: 0,
      termination_reason: "user_stop",
      reward_info: { reward: options.reward ?? 1 },
      messages: messages.map((m, turn_idx) => ({ tool_calls: null, ...m, turn_idx })),
    })),
  };
}

/** One hand-made conversation, read through the tau2 parser as the audit reads a file. */
export type Turns = Turn | readonly Turns[];
export function conversation(...turns: Turns[]): RecordedRun {
  const parsed = parseTau2Results("hand-made.json", tau2File([(turns as unknown[]).flat(Infinity) as Turn[]]));
  if (parsed.problems.length > 0 || !parsed.runs[0]) throw new Error(`bad hand-made conversation: ${JSON.stringify(parsed.problems)}`);
  return parsed.runs[0];
}

/** The airline audit's verdict on every write of a hand-made conversation, under the default judge. */
export async function auditAirlineWrites(...turns: Turns[]): Promise<AuditedWrite[]> {
  return (await replayRun(conversation(...turns), { domain: airlineAuditDomain, decider: consentJudge })).writes;
}
