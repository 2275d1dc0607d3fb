/**
 * A recorded agent run, normalized from any supported log format: the messages in order,
 * each assistant tool call with its id, name and parsed arguments, and the result that answered it.
 */

export type RecordedRole = "system" | "user" | "assistant" | "tool";

export interface RecordedToolResult {
  readonly content: string;
  /** The tool reported a failure (tau2's `error: true`, or a result text starting with `Error` or `Unknown action`). */
  readonly error: boolean;
}

export interface RecordedToolCall {
  /** Position among all tool calls of the run, from 0, in message order. */
  readonly index: number;
  /** The provider's call id (not unique in every log: tau-bench v1 repeats ids). */
  readonly id: string | undefined;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Set when the recorded arguments could not be read as a JSON object. */
  readonly argumentsError?: string;
  /** Who made the call (`assistant`, or `user` in tau2 domains with user tools). */
  readonly requestor: "assistant" | "user";
  /** Index of the message that holds the call. */
  readonly messageIndex: number;
  /** The tool message that answered the call, when there is one. */
  result?: RecordedToolResult;
}

export interface RecordedMessage {
  readonly role: RecordedRole;
  /** Text content ("" when the message had none). */
  readonly content: string;
  readonly toolCalls: readonly RecordedToolCall[];
  /** For `tool` messages: the call id it answers, as recorded. */
  readonly toolCallId?: string;
  /** For `tool` messages: whether the log marked the result as an error. */
  readonly error?: boolean;
}

export type RecordedFormat = "tau2-results" | "tau1-trajectories";

export interface RecordedRun {
  /** The file the run came from, as given on the command line (or found in a folder). */
  readonly file: string;
  readonly format: RecordedFormat;
  /** tau2's simulation id; for tau-bench v1 `<file name>#<position in the list>`. */
  readonly id: string;
  /** The task id, or null when the log has none. */
  readonly taskId: string | null;
  readonly trial: number | null;
  /** Outcome reward (1 is a pass), or null when the log has none. */
  readonly reward: number | null;
  /** The agent's model, from the log (tau2) or the file name (tau-bench v1 has none inside). */
  readonly model: string;
  readonly domain: string | undefined;
  readonly messages: readonly RecordedMessage[];
}

/** A problem with one input file (or one run inside it); other files and runs are still audited. */
export interface InputProblem {
  readonly file: string;
  /** Where in the file (`simulations[3].messages`), when it concerns one part. */
  readonly at?: string;
  readonly message: string;
}
