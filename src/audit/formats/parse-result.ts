import type { InputProblem, RecordedRun } from "../recorded-run.js";

/** What reading one file gave: the runs that could be read, and the problems with the rest. */
export interface ParsedRuns {
  readonly runs: RecordedRun[];
  readonly problems: InputProblem[];
}
