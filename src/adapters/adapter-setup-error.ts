import { ConcordatError } from "../errors/concordat-error.js";

const BRAND = Symbol.for("concordat.AdapterSetupError");

/**
 * What an adapter found wrong with how it is wired into an SDK:
 * - `unknown_tool`: an implementation for a name the protocol does not have;
 * - `foreign_tool`: a tool, handler or `execute` for a protocol tool that does not come from
 *   this guard (it would run without the session's check);
 * - `missing_run_context`: an OpenAI Agents run without the guard's run options / context;
 * - `other_session`: a run (a `RunState` restored or serialized) that belongs to another Concordat session;
 * - `handler_locked`: an attempt to replace the MCP guard's `tools/list` or `tools/call` handler.
 */
export type AdapterSetupProblem = "unknown_tool" | "foreign_tool" | "missing_run_context" | "other_session" | "handler_locked";

/**
 * Thrown when an adapter is wired in a way that would let a tool run around the session:
 * at setup when the mistake is visible then, otherwise before the first call it would affect
 * (nothing has run). The message names the tool, what is wrong and the fix; `code` (and
 * `problem`, the same) says what is wrong.
 *
 * @example
 * ```ts
 * try {
 *   await generateText({ model, ...guard.settings, tools: { ...guard.settings.tools, issue_refund: rawTool } });
 * } catch (e) {
 *   if (e instanceof AdapterSetupError && e.problem === "foreign_tool") console.error(e.message);
 * }
 * ```
 */
export class AdapterSetupError extends ConcordatError<AdapterSetupProblem> {
  declare readonly [BRAND]: true;
  readonly problem: AdapterSetupProblem;
  /** The tool concerned, when there is one. */
  readonly tool: string | undefined;

  constructor(problem: AdapterSetupProblem, message: string, tool?: string) {
    super(problem, message);
    this.name = "AdapterSetupError";
    Object.defineProperty(this, BRAND, { value: true });
    this.problem = problem;
    this.tool = tool;
  }

  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
  }
}

/**
 * Throws `unknown_tool` when an implementation map names tools the protocol does not have.
 * @internal
 */
export function assertProtocolTools(
  adapter: string,
  protocol: { readonly name: string; readonly toolNames: readonly string[] },
  names: readonly string[],
): void {
  const unknown = names.filter((name) => !protocol.toolNames.includes(name));
  if (unknown.length === 0) return;
  throw new AdapterSetupError(
    "unknown_tool",
    `${adapter}: ${unknown.map((n) => JSON.stringify(n)).join(", ")} ${unknown.length === 1 ? "is" : "are"} not a tool of protocol "${protocol.name}" (tools: ${protocol.toolNames.join(", ")}). Fix: rename the implementation or add the tool to the protocol.`,
    unknown[0],
  );
}
