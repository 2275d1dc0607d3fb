import { z } from "zod";
import type { RecordedRun } from "../recorded-run.js";
import { describeIssues } from "./issue-path.js";
import { messageContentSchema, readReward, taskIdSchema, toolCallSchema, toolContentSchema, trialSchema } from "./message-fields.js";
import type { ParsedRuns } from "./parse-result.js";
import { recordedMessages } from "./recorded-messages.js";

const roleSchema = z.object({ role: z.enum(["assistant", "user", "tool", "system"]) });
const toolMessageSchema = z.object({
  role: z.literal("tool"),
  content: toolContentSchema,
  id: z.union([z.string(), z.number()]).nullish(),
  tool_call_id: z.union([z.string(), z.number()]).nullish(),
  error: z.boolean().nullish(),
});
const chatMessageSchema = z.object({
  role: z.enum(["assistant", "user", "system"]),
  content: messageContentSchema,
  tool_calls: z.array(toolCallSchema).nullish(),
});
/** The role decides the shape (so an error names the bad field, not "no shape matched"). */
const messageSchema = {
  safeParse(m: unknown) {
    const role = roleSchema.safeParse(m);
    if (!role.success) return role;
    return role.data.role === "tool" ? toolMessageSchema.safeParse(m) : chatMessageSchema.safeParse(m);
  },
};

const simulationSchema = z.object({
  id: z.union([z.string(), z.number()]).nullish(),
  task_id: taskIdSchema,
  trial: trialSchema,
  reward_info: z.object({ reward: z.unknown().optional() }).loose().nullish(),
  reward: z.unknown().optional(),
  messages: z.array(z.unknown().optional()),
});

const infoSchema = z
  .object({
    agent_info: z.object({ llm: z.string().nullish() }).nullish(),
    environment_info: z.object({ domain_name: z.string().nullish() }).nullish(),
  })
  .nullish();

/**
 * tau2's in-memory `MultiToolMessage` (`{role: "tool", tool_messages: [...]}`) is written as
 * consecutive tool messages in results files; should a log hold one as is, its messages are read in order.
 */
function flattenMultiToolMessages(messages: readonly unknown[]): unknown[] {
  return messages.flatMap((m) => {
    const inner = m !== null && typeof m === "object" ? (m as { tool_messages?: unknown }).tool_messages : undefined;
    return Array.isArray(inner) ? inner : [m];
  });
}

/** A tau2-bench results file: one object with `simulations: [...]`. */
export function isTau2Results(data: unknown): boolean {
  return data !== null && typeof data === "object" && !Array.isArray(data) && Array.isArray((data as { simulations?: unknown }).simulations);
}

/**
 * Reads every simulation of a tau2-bench results file. A malformed simulation is reported and the
 * others kept; within a simulation, a malformed message is reported (by path) and the run is not
 * audited, since a missing message could hide a yes or a write.
 */
export function parseTau2Results(file: string, data: unknown): ParsedRuns {
  const root = data as { info?: unknown; simulations: unknown[] };
  const info = infoSchema.safeParse(root.info);
  const model = (info.success ? info.data?.agent_info?.llm : undefined) ?? "unknown";
  const domain = (info.success ? info.data?.environment_info?.domain_name : undefined) ?? undefined;
  const runs: RecordedRun[] = [];
  const problems: ParsedRuns["problems"] = [];
  if (root.simulations.length === 0) problems.push({ file, message: 'the tau2 results file holds no runs ("simulations" is empty)' });
  root.simulations.forEach((raw, i) => {
    const at = `simulations[${i}]`;
    const sim = simulationSchema.safeParse(raw);
    if (!sim.success) {
      problems.push({
        file,
        at,
        message: `not a tau2 simulation (expected an object with messages[] and optionally id, task_id, trial, reward_info.reward): ${describeIssues(at, sim.error).slice(0, 5).join("; ")}`,
      });
      return;
    }
    const s = sim.data;
    const bad: string[] = [];
    const parsed = flattenMultiToolMessages(s.messages).flatMap((m, mi) => {
      const r = messageSchema.safeParse(m);
      if (r.success) return [r.data];
      bad.push(...describeIssues(`${at}.messages[${mi}]`, r.error));
      return [];
    });
    if (bad.length > 0) {
      problems.push({
        file,
        at,
        message: `not audited: malformed messages (a message needs role assistant/user/tool/system, content as text, null or text parts, tool_calls as [{id, name, arguments}] or [{id, function: {name, arguments}}]): ${bad.slice(0, 5).join("; ")}`,
      });
      return;
    }
    if (parsed.length === 0) {
      problems.push({ file, at, message: "not audited: the run has no messages (nothing was recorded)" });
      return;
    }
    const messages = recordedMessages(parsed);
    runs.push({
      file,
      format: "tau2-results",
      id: s.id === null || s.id === undefined ? `${file}#${at}` : String(s.id),
      taskId: s.task_id,
      trial: s.trial,
      reward: readReward(s.reward_info?.reward, s.reward),
      model,
      domain,
      messages,
    });
  });
  return { runs, problems };
}
