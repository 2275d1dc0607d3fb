import { basename } from "node:path";
import { z } from "zod";
import type { RecordedMessage, RecordedRun } from "../recorded-run.js";
import { describeIssues } from "./issue-path.js";
import { domainFromPolicy, messageContentSchema, readReward, taskIdSchema, toolCallSchema, toolContentSchema, trialSchema } from "./message-fields.js";
import type { ParsedRuns } from "./parse-result.js";
import { recordedMessages } from "./recorded-messages.js";
import { fromReactTrajectory, isReactTrajectory } from "./react-trajectory.js";

// "developer" is the newer chat-completions name of the system role
const roleSchema = z.object({ role: z.enum(["system", "developer", "user", "assistant", "tool"]) });
const toolMessageSchema = z.object({
  role: z.literal("tool"),
  content: toolContentSchema,
  tool_call_id: z.union([z.string(), z.number()]).nullish(),
  id: z.union([z.string(), z.number()]).nullish(),
  name: z.string().nullish(),
});
const chatMessageSchema = z.object({
  role: z.enum(["system", "developer", "user", "assistant"]).transform((r) => (r === "developer" ? "system" : r)),
  content: messageContentSchema,
  tool_calls: z.array(toolCallSchema).nullish(),
});

const entrySchema = z.object({
  task_id: taskIdSchema,
  trial: trialSchema,
  reward: z.unknown().optional(),
  info: z
    .object({ reward_info: z.object({ reward: z.unknown().optional() }).loose().nullish() })
    .loose()
    .nullish(),
  traj: z.array(z.unknown().optional()),
});

/** A tau-bench v1 trajectory list: a JSON array of `{task_id, traj: [...]}`. */
export function isTau1Trajectories(data: unknown): boolean {
  // any entry with a traj[] (a malformed first entry is then reported, not the whole file)
  return Array.isArray(data) && data.some((e: unknown) => e !== null && typeof e === "object" && Array.isArray((e as { traj?: unknown }).traj));
}

/** tau-bench v1 files carry no model name; take it from the file name (`gpt-4o-airline-….json` → `gpt-4o`). */
export function modelFromFileName(file: string): string {
  const name = basename(file).replace(/\.json$/i, "");
  const m = /^(.+?)[-_](airline|retail)\b/i.exec(name) ?? /^(?:airline|retail)[-_](.+)$/i.exec(name);
  return m?.[1] ?? "unknown";
}

/** The domain named by the file (`…-airline-…`), else by the policy in the system message (`# Airline Agent Policy`). */
function domainOf(file: string, messages: readonly RecordedMessage[]): string | undefined {
  const name = basename(file);
  if (/airline/i.test(name)) return "airline";
  if (/retail/i.test(name)) return "retail";
  const system = messages.find((m) => m.role === "system");
  return system ? domainFromPolicy(system.content) : undefined;
}

/**
 * Reads every entry of a tau-bench v1 trajectory list. A malformed entry (or an entry with a
 * malformed message: a missing message could hide a yes or a write) is reported, the others kept.
 */
export function parseTau1Trajectories(file: string, data: unknown): ParsedRuns {
  const list = data as unknown[];
  const model = modelFromFileName(file);
  const runs: RecordedRun[] = [];
  const problems: ParsedRuns["problems"] = [];
  list.forEach((raw, i) => {
    const at = `[${i}]`;
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      problems.push({
        file,
        at,
        message: `not a tau-bench v1 trajectory (expected an object with traj[] of chat messages and optionally task_id, trial, reward): ${describeIssues(at, entry.error).slice(0, 5).join("; ")}`,
      });
      return;
    }
    const e = entry.data;
    const bad: string[] = [];
    const traj = isReactTrajectory(e.traj) ? fromReactTrajectory(e.traj) : e.traj;
    const parsed = traj.flatMap((m, mi) => {
      const role = roleSchema.safeParse(m);
      const r = !role.success ? role : role.data.role === "tool" ? toolMessageSchema.safeParse(m) : chatMessageSchema.safeParse(m);
      if (r.success) return [r.data as z.infer<typeof toolMessageSchema> | z.infer<typeof chatMessageSchema>];
      bad.push(...describeIssues(`${at}.traj[${mi}]`, r.error));
      return [];
    });
    if (bad.length > 0) {
      problems.push({
        file,
        at,
        message: `not audited: malformed messages (a message needs role system/user/assistant/tool, content as text, null or text parts, tool_calls as [{id, type, function: {name, arguments}}]): ${bad.slice(0, 5).join("; ")}`,
      });
      return;
    }
    if (parsed.length === 0) {
      problems.push({ file, at, message: "not audited: the trajectory has no messages (traj is empty)" });
      return;
    }
    const messages = recordedMessages(parsed);
    runs.push({
      file,
      format: "tau1-trajectories",
      id: `${basename(file)}#${i}`,
      taskId: e.task_id,
      trial: e.trial,
      reward: readReward(e.reward, e.info?.reward_info?.reward),
      model,
      domain: domainOf(file, messages),
      messages,
    });
  });
  return { runs, problems };
}
