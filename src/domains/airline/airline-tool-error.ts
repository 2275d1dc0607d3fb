import { ConcordatError } from "../../errors/concordat-error.js";

/**
 * An airline tool refused a call (the database is unchanged). `message` is tau2-bench's own
 * error text, e.g. `Reservation ZZZZZZ not found`; tau2 shows it to the agent as
 * `Error: <message>` (see `toToolMessage()`).
 */
export class AirlineToolError extends ConcordatError<"airline_tool_error"> {
  override readonly name = "AirlineToolError";
  /** The tool that refused. */
  readonly tool: string;

  constructor(tool: string, message: string) {
    super("airline_tool_error", message);
    this.tool = tool;
  }

  /** The tool message tau2 shows the agent. */
  toToolMessage(): string {
    return `Error: ${this.message}`;
  }
}
