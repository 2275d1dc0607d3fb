import { z } from "zod";
import type { RecordedMessage, RecordedRun, RecordedToolCall } from "../recorded-run.js";
import { describeIssues } from "./issue-path.js";
import { linkToolResults, readArguments } from "./link-tool-results.js";
import type { ParsedRuns } from "./parse-result.js";

const toolCallSchema = z.object({
  id: z.string().nullish(),
  name: z.string(),
  arguments: z.unknown(),
  requestor: z.string().nullish(),
});

const messageSchema = z.object({
  role: z.enum(["assistant", "user", "tool", "system"]),
  content: z.string().nullish(),
  tool_calls: z.array(toolCallSchema).nullish(),
  id: z.string().nullish(),
  error: z.boolean().nullish(),
});

const simulationSchema = z.object({
  id: z.string(),
  task_id: z.union([z.string(), z.number()]),
  trial: z.number().int().nullish(),
  reward_info: z.object({ reward: z.number().nullish() }).nullish(),
  messages: z.array(messageSchema),
});

const infoSchema = z
  .object({
    agent_info: z.object({ llm: z.string().nullish() }).nullish(),
    environment_info: z.object({ domain_name: z.string().nullish() }).nullish(),
  })
  .nullish();

/** A tau2-bench results file: one object with `simulations: [...]`. */
export function isTau2Results(data: unknown): boolean {
  return data !== null && typeof data === "object" && !Array.isArray(data) && Array.isArray((data as { simulations?: unknown }).simulations);
}

/** Reads every simulation of a tau2-bench results file; a malformed simulation is reported, the others kept. */
export function parseTau2Results(file: string, data: unknown): ParsedRuns {
  const root = data as { info?: unknown; simulations: unknown[] };
  const info = infoSchema.safeParse(root.info);
  const model = (info.success ? info.data?.agent_info?.llm : undefined) ?? "unknown";
  const domain = (info.success ? info.data?.environment_info?.domain_name : undefined) ?? undefined;
  const runs: RecordedRun[] = [];
  const problems: ParsedRuns["problems"] = [];
  root.simulations.forEach((raw, i) => {
    const at = `simulations[${i}]`;
    const sim = simulationSchema.safeParse(raw);
    if (!sim.success) {
      problems.push({ file, at, message: `not a tau2 simulation (expected id, task_id, messages[] with role/content/tool_calls): ${describeIssues(at, sim.error).slice(0, 5).join("; ")}` });
      return;
    }
    const s = sim.data;
    let callIndex = 0;
    const messages: RecordedMessage[] = s.messages.map((m, mi) => {
      const toolCalls: RecordedToolCall[] = (m.tool_calls ?? []).map((tc) => {
        const args = readArguments(tc.arguments);
        return {
          index: callIndex++,
          id: tc.id ?? undefined,
          name: tc.name,
          arguments: args.arguments,
          ...(args.argumentsError ? { argumentsError: args.argumentsError } : {}),
          requestor: tc.requestor === "user" || (tc.requestor == null && m.role === "user") ? "user" : "assistant",
          messageIndex: mi,
        };
      });
      return {
        role: m.role,
        content: m.content ?? "",
        toolCalls,
        ...(m.role === "tool" && m.id != null ? { toolCallId: m.id } : {}),
        ...(m.role === "tool" ? { error: m.error === true } : {}),
      };
    });
    linkToolResults(messages);
    runs.push({
      file,
      format: "tau2-results",
      id: s.id,
      taskId: String(s.task_id),
      trial: s.trial ?? null,
      reward: s.reward_info?.reward ?? null,
      model,
      domain,
      messages,
    });
  });
  return { runs, problems };
}
