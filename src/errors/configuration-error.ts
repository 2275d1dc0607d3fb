import { ConcordatError, type ConcordatErrorOptions } from "./concordat-error.js";

/**
 * What is set up wrong:
 * - `policy_conflict`: a session got two policies under one key;
 * - `confirmation_not_configured`: confirmation was asked of a session without a confirmation policy;
 * - `decorators_not_loaded`: `concordat/decorators` (or its `Symbol.metadata` polyfill) was not
 *   imported before a decorated class was defined;
 * - `decorators_tampered`: something other than Concordat's own decorators took their private hooks;
 * - `model_missing`: an agent was asked to step without a model client;
 * - `session_already_set`: an instance was configured after it already got its session.
 */
export type ConfigurationProblem =
  "policy_conflict" | "confirmation_not_configured" | "decorators_not_loaded" | "decorators_tampered" | "model_missing" | "session_already_set";

/**
 * Concordat is set up or wired wrong in the program (not a bad value in one call, which is a
 * `TypeError`): the fix is in your code or its imports, and the message names it.
 *
 * @example
 * ```ts
 * try {
 *   session.requestConfirmation(call);
 * } catch (e) {
 *   if (e instanceof ConfigurationError && e.code === "confirmation_not_configured") ...
 * }
 * ```
 */
export class ConfigurationError extends ConcordatError<ConfigurationProblem> {
  /**
   * @param code - what is set up wrong
   * @param message - the thing, what is wrong and the fix
   */
  constructor(code: ConfigurationProblem, message: string, options?: ConcordatErrorOptions) {
    super(code, message, options);
    this.name = "ConfigurationError";
  }
}
