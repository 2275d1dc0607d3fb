import { createHash } from "node:crypto";

/**
 * The held-out part of the real-reply corpus, fixed before any reply was labelled or judged:
 * every reply from a run whose agent (and simulated customer) was grok-4 or
 * grok-4-fast-reasoning, or from the tau-bench v1 gpt-4o sample. The judge's rules were
 * written while reading only the other part (grok-3 and grok-3-mini runs); figures are
 * reported on both parts separately.
 * @internal
 */
export function heldOutFile(file: string): boolean {
  const name = file.replace(/\\/g, "/").split("/").pop() ?? file;
  return /^grok-4/.test(name) || /tau1|gpt-4o/.test(file);
}

/** The two parts of a labelled corpus: rules may be written while reading `tuning`, never `heldout`. @internal */
export type CorpusSplit = "tuning" | "heldout";

/**
 * The split of the tau-bench v1 gpt-4o runs of tasks 5–49 (`test/fixtures/tau1-gpt4o-airline/`),
 * decided by the lead before anyone tuned on them: runs of an **even** task id are the tuning part,
 * runs of an **odd** task id stay held out. It is a function of the task id only, so every trial of
 * a task falls in the same part (a rule tuned on one trial cannot see its twin in the other part).
 *
 * @example
 * ```ts
 * tau1TaskSplit(6); // "tuning"
 * tau1TaskSplit(7); // "heldout"
 * ```
 * @param taskId The fixture entry's `task_id`.
 * @returns `"tuning"` for even task ids, `"heldout"` for odd ones.
 * @throws TypeError when the task id is not a non-negative integer.
 * @internal
 */
export function tau1TaskSplit(taskId: number): CorpusSplit {
  if (!Number.isInteger(taskId) || taskId < 0)
    throw new TypeError(`tau1TaskSplit: task id ${String(taskId)} is not a non-negative integer. Fix: pass the fixture entry's "task_id"`);
  return taskId % 2 === 0 ? "tuning" : "heldout";
}

/**
 * The split of a tau1 run named the way the audit and the corpus name it
 * (`gpt-4o-airline-tasks5-49.json#<position>`): the task id of the fixture entry at that position.
 *
 * @example
 * ```ts
 * const taskIds = readFixture().map((e) => e.task_id);
 * tau1RunSplit("gpt-4o-airline-tasks5-49.json#1", taskIds); // task 6: "tuning"
 * ```
 * @param runId The run id (`<file>#<position>`).
 * @param taskIds The fixture's `task_id` per position.
 * @throws TypeError when the id has no position or the position is not in the fixture.
 * @internal
 */
export function tau1RunSplit(runId: string, taskIds: readonly number[]): CorpusSplit {
  const m = /#(\d+)$/.exec(runId);
  const taskId = m ? taskIds[Number(m[1])] : undefined;
  if (taskId === undefined)
    throw new TypeError(
      `tau1RunSplit: run id ${JSON.stringify(runId)} names no position of the fixture (${taskIds.length} runs). Fix: use "<file>#<position>" as the audit reports it`,
    );
  return tau1TaskSplit(taskId);
}

/**
 * The split of a labelled set of recorded runs collected blind (`test/fixtures/real-audit-c/`), fixed
 * before anyone read it: a run is held out when the first hex digit of SHA-256 of its id is 0–9, and in
 * the tuning part otherwise (about 5/8 held out). Every write of a run falls in the same part.
 *
 * @example
 * ```ts
 * runHashSplit("d011276f-f025-448c-b36a-0ea755b9a715"); // "tuning" or "heldout", the same every time
 * ```
 * @param runId The run id as the audit reports it (tau2's simulation id).
 * @internal
 */
export function runHashSplit(runId: string): CorpusSplit {
  return /^[0-9]/.test(createHash("sha256").update(runId, "utf8").digest("hex")) ? "heldout" : "tuning";
}
