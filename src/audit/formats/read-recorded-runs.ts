import { isTau1Trajectories, parseTau1Trajectories } from "./tau1-trajectories.js";
import { isTau2Results, parseTau2Results } from "./tau2-results.js";
import type { ParsedRuns } from "./parse-result.js";

const EXPECTED =
  'expected a tau2-bench results file (a JSON object with "simulations": [...]) or a tau-bench v1 trajectory list (a JSON array of {"task_id", "trial", "reward", "traj": [...]}); see ../shared/trajectories/FORMATS.md';

function describe(data: unknown): string {
  if (Array.isArray(data)) {
    if (data.length === 0) return "an empty array";
    const first: unknown = data[0];
    return first !== null && typeof first === "object" && !Array.isArray(first)
      ? `an array whose first element has keys ${Object.keys(first).slice(0, 6).join(", ") || "(none)"}`
      : `an array of ${typeof first}`;
  }
  if (data === null) return "null";
  if (typeof data === "object") return `an object with keys ${Object.keys(data).slice(0, 6).join(", ") || "(none)"}`;
  return `a ${typeof data}`;
}

/** Detects the format of one file's text and reads its runs. Never throws: problems are returned. */
export function readRecordedRuns(file: string, text: string): ParsedRuns {
  let data: unknown;
  try {
    // a UTF-8 byte-order mark is not JSON but some editors write one
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    return { runs: [], problems: [{ file, message: `not valid JSON (${(e as Error).message}); ${EXPECTED}` }] };
  }
  if (isTau2Results(data)) return parseTau2Results(file, data);
  if (isTau1Trajectories(data)) return parseTau1Trajectories(file, data);
  // the simulations of a tau2 results file saved on their own (a JSON array of {id, task_id, messages: [...]})
  if (Array.isArray(data) && data.some((e: unknown) => e !== null && typeof e === "object" && Array.isArray((e as { messages?: unknown }).messages))) {
    return parseTau2Results(file, { simulations: data });
  }
  if (Array.isArray(data) && data.length === 0)
    return {
      runs: [],
      problems: [{ file, message: "the file holds no runs (an empty JSON array); expected a tau-bench v1 trajectory list with at least one entry" }],
    };
  return { runs: [], problems: [{ file, message: `unknown format: found ${describe(data)}; ${EXPECTED}` }] };
}
