import { readFileSync } from "node:fs";
import { z } from "zod";
import { sharedPath } from "../../util/shared-dir.js";
import { SharedDataError } from "../../util/shared-data-error.js";

/**
 * tau2-bench's airline tasks (`../shared/tau2/airline/tasks.json`, 50 tasks; the original
 * release `tasks_v0_2025-06-10.json` used by published runs is available too).
 */

const nullableString = z.string().nullable().optional();

export const airlineActionSchema = z.object({
  action_id: z.string(),
  /** An airline tool name (see `AIRLINE_TOOL_NAMES`). */
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  info: nullableString,
  /** Arguments tau2 compares when matching this action; absent means all of them. */
  compare_args: z.array(z.string()).nullable().optional(),
});

export const airlineTaskSchema = z.object({
  id: z.string(),
  description: z.object({ purpose: nullableString, relevant_policies: nullableString, notes: nullableString }).nullable().optional(),
  user_scenario: z.object({
    persona: nullableString,
    instructions: z.object({
      domain: z.string(),
      reason_for_call: z.string(),
      known_info: nullableString,
      unknown_info: nullableString,
      task_instructions: z.string(),
    }),
  }),
  initial_state: z.unknown().nullable().optional(),
  evaluation_criteria: z.object({
    actions: z.array(airlineActionSchema),
    communicate_info: z.array(z.string()).default([]),
    nl_assertions: z.array(z.string()).nullable().optional(),
    reward_basis: z.array(z.string()).optional(),
  }),
  annotations: z.unknown().nullable().optional(),
});

export type AirlineAction = z.infer<typeof airlineActionSchema>;
export type AirlineTask = z.infer<typeof airlineTaskSchema>;

/** `current`: tasks.json (tau2's current release); `v0`: tasks_v0_2025-06-10.json (the original release). */
export type AirlineTaskRelease = "current" | "v0";

const FILES: Record<AirlineTaskRelease, string> = { current: "tasks.json", v0: "tasks_v0_2025-06-10.json" };
const cache = new Map<string, readonly AirlineTask[]>();

/** The airline tasks, validated, in file order. Parsed once per process; do not mutate them. */
export function loadAirlineTasks(release: AirlineTaskRelease = "current"): readonly AirlineTask[] {
  const file = FILES[release];
  if (file === undefined) throw new TypeError(`Unknown airline task release ${JSON.stringify(release)}. Fix: use "current" or "v0".`);
  const path = sharedPath("tau2", "airline", file);
  const hit = cache.get(path);
  if (hit) return hit;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new SharedDataError(
      "shared_data_missing",
      `Cannot read the tau2 airline tasks at ${path}: ${(e as Error).message}. Fix: put tau2's airline data at ../shared/tau2/airline/ or set CONCORDAT_SHARED_DIR.`,
      { cause: e },
    );
  }
  const parsed = z.array(airlineTaskSchema).safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 10).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new SharedDataError(
      "shared_data_malformed",
      `The tau2 airline tasks at ${path} do not have tau2's task shape: ${issues.join("; ")}. Fix: use tau2-bench's airline ${file}.`,
    );
  }
  const tasks = Object.freeze(parsed.data.map((t) => Object.freeze(t)));
  cache.set(path, tasks);
  return tasks;
}

/** One task by id; throws naming the known ids when it does not exist. */
export function loadAirlineTask(id: string, release: AirlineTaskRelease = "current"): AirlineTask {
  const tasks = loadAirlineTasks(release);
  const task = tasks.find((t) => t.id === id);
  if (!task)
    throw new SharedDataError(
      "task_not_found",
      `Airline task ${JSON.stringify(id)} does not exist in the ${release} release (ids ${tasks[0]?.id}…${tasks[tasks.length - 1]?.id}). Fix: use one of those ids, or the other release.`,
    );
  return task;
}

/** The split of task ids tau2 publishes (`split_tasks.json`: train / test / base). */
export function loadAirlineTaskSplits(): Readonly<Record<string, readonly string[]>> {
  const path = sharedPath("tau2", "airline", "split_tasks.json");
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, string[]>;
}
