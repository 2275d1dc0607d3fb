import { ConcordatError } from "../errors/concordat-error.js";

/**
 * What is wrong with the evaluation's shared data (tau2's airline files beside the project):
 * - `shared_data_missing`: the folder or a file is not there, or cannot be read;
 * - `shared_data_malformed`: a file does not have tau2's shape;
 * - `task_not_found`: no task has the id (or matches the ids) asked for.
 */
export type SharedDataProblem = "shared_data_missing" | "shared_data_malformed" | "task_not_found";

/**
 * The evaluation's shared data (`../shared`, or `$CONCORDAT_SHARED_DIR`) is missing, malformed,
 * or lacks what was asked for. The message names the path or id and the fix.
 */
export class SharedDataError extends ConcordatError<SharedDataProblem> {
  constructor(code: SharedDataProblem, message: string, options?: { readonly cause?: unknown }) {
    super(code, message, options);
    this.name = "SharedDataError";
  }
}
