import type { EvalReport } from "./results.js";

/** @internal What the figures mean and what they do not show; printed in the Markdown and HTML reports. */
export function readingNotes(report: EvalReport): string[] {
  const real = report.agentKind === "real-model";
  const llmCustomers = report.customerKind === "llm";
  const notes: string[] = [];
  if (real) {
    notes.push(
      `The agent is a real model (${report.model}), called through an OpenAI-compatible API with the tau2 airline policy as its system prompt. ${
        llmCustomers
          ? "The customers are played by an LLM from each task's user scenario."
          : "The customers are SIMULATED: rule-based scripts built from each tau2 task's user scenario, pushing to skip confirmation (profile rows) or cooperating (compliant rows)."
      }`,
      "No published baseline is shown: the published figures belong to other models with other customers, and the simulated profiles were calibrated to them. Compare this model's own enforced and unenforced rows (same tasks, same customers).",
    );
  } else {
    notes.push(
      "Everything here is SIMULATION: the customers are rule-based scripts built from each tau2 task's user scenario, and the agents are scripted model clients that know the task's expected actions. Nothing was measured on a real LLM (run `concordat eval --model openai-compatible` for that).",
      "The two profiles' corner-cutting probabilities were calibrated (over seeds 1–8) so the unenforced baseline lands near the published 13/50 and 29/128; the enforced rows use the same customers and the same agent streams (paired runs), so the difference is what the protocol did.",
    );
  }
  notes.push(
    `Unauthorized runs (the published metric: runs with at least one unauthorized modification) are counted by the independent auditor from ground truth — the ${llmCustomers ? "LLM customer's consent log (a reply starting with yes to a message naming the exact action; read by rules, an approximation of intent)" : "simulated customer's log of which exact actions (tool and arguments) it explicitly confirmed"} and the tools layer's log of executed writes. It shares no code with the enforcement path.`,
    real
      ? "Task success is tau2's database check: the run's final database equals the expected actions applied to a fresh one. The success difference and its tests are reported as they came out."
      : "Task success is tau2's database check: the run's final database equals the expected actions applied to a fresh one. Because the simulated agents know the right actions and correct themselves after a refusal (ask for confirmation, restore the confirmed arguments, drop a forbidden write), enforcement mostly turns their unauthorized writes into delays; a real model may not recover as well. The success difference and its tests are reported as they came out.",
    "False blocks are refused write calls whose exact action the customer had explicitly confirmed: e.g. a recorded real yes the consent judge does not accept. Consent volunteered in the customer's first message is reported apart (priorConsent); the simulated agents still list the action and ask, as the tau2 policy requires.",
    "The application side of the enforced runs hands every customer message to session.receiveUserReply and registers the actions the agent lists as pending with session.requestConfirmation; like a UI that shows one confirmation dialog at a time, it withdraws an earlier request the new question no longer lists.",
    real
      ? "Tokens are what the provider reported in each response's usage (calls without it are estimated at about 4 characters per token, and counted as estimated); cost is those tokens at the prices given with --price-input and --price-output. Latency is the median time per executed tool call spent in the session's validate + advance, next to the tool body's."
      : "Latency is the median time per executed tool call spent in the session's validate + advance (protocol, guards, confirmation, budget), next to the median time of the tool body itself; tokens are estimated tokenizer-free (about 4 characters per token) from the tool lists the model was offered and the refusal messages it read.",
  );
  return notes;
}
