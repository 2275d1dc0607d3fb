import { basename } from "node:path";
import { z } from "zod";
import type { RecordedMessage, RecordedRun, RecordedToolCall } from "../recorded-run.js";
import { describeIssues } from "./issue-path.js";
import { linkToolResults, readArguments } from "./link-tool-results.js";
import type { ParsedRuns } from "./parse-result.js";

const toolCallSchema = z.object({
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string(), arguments: z.unknown() }),
});

const messageSchema = z.object({
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string().nullish(),
  tool_calls: z.array(toolCallSchema).nullish(),
  tool_call_id: z.string().nullish(),
  name: z.string().nullish(),
});

const entrySchema = z.object({
  task_id: z.union([z.number(), z.string()]),
  trial: z.number().int().nullish(),
  reward: z.number().nullish(),
  traj: z.array(messageSchema),
});

/** A tau-bench v1 trajectory list: a JSON array of `{task_id, traj: [...]}`. */
export function isTau1Trajectories(data: unknown): boolean {
  if (!Array.isArray(data) || data.length === 0) return false;
  const first: unknown = data[0];
  return first !== null && typeof first === "object" && Array.isArray((first as { traj?: unknown }).traj);
}

/** tau-bench v1 files carry no model name; take it from the file name (`gpt-4o-airline-….json` → `gpt-4o`). */
export function modelFromFileName(file: string): string {
  const name = basename(file).replace(/\.json$/i, "");
  const m = /^(.+?)[-_](airline|retail)\b/i.exec(name);
  return m?.[1] ?? "unknown";
}

/** Reads every entry of a tau-bench v1 trajectory list; a malformed entry is reported, the others kept. */
export function parseTau1Trajectories(file: string, data: unknown): ParsedRuns {
  const list = data as unknown[];
  const model = modelFromFileName(file);
  const domain = /airline/i.test(basename(file)) ? "airline" : /retail/i.test(basename(file)) ? "retail" : undefined;
  const runs: RecordedRun[] = [];
  const problems: ParsedRuns["problems"] = [];
  list.forEach((raw, i) => {
    const at = `[${i}]`;
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      problems.push({ file, at, message: `not a tau-bench v1 trajectory (expected task_id, reward, traj[] of chat messages): ${describeIssues(at, entry.error).slice(0, 5).join("; ")}` });
      return;
    }
    const e = entry.data;
    let callIndex = 0;
    const messages: RecordedMessage[] = e.traj.map((m, mi) => {
      const toolCalls: RecordedToolCall[] = (m.tool_calls ?? []).map((tc) => {
        const args = readArguments(tc.function.arguments);
        return {
          index: callIndex++,
          id: tc.id ?? undefined,
          name: tc.function.name,
          arguments: args.arguments,
          ...(args.argumentsError ? { argumentsError: args.argumentsError } : {}),
          requestor: m.role === "user" ? "user" : "assistant",
          messageIndex: mi,
        };
      });
      return {
        role: m.role,
        content: m.content ?? "",
        toolCalls,
        ...(m.role === "tool" && m.tool_call_id != null ? { toolCallId: m.tool_call_id } : {}),
      };
    });
    linkToolResults(messages);
    runs.push({
      file,
      format: "tau1-trajectories",
      id: `${basename(file)}#${i}`,
      taskId: String(e.task_id),
      trial: e.trial ?? null,
      reward: e.reward ?? null,
      model,
      domain,
      messages,
    });
  });
  return { runs, problems };
}
