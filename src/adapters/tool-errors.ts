import { ProtocolViolation } from "../violation/protocol-violation.js";
import { ConcordatError } from "../errors/concordat-error.js";

/** Where a tool implementation failed. */
export interface ToolErrorInfo {
  readonly tool: string;
  readonly sessionId: string;
  /** The SDK's id of the call, when it has one. */
  readonly callId?: string;
}

/** How errors thrown by tool implementations are reported (every adapter takes these options). */
export interface ToolErrorOptions {
  /**
   * What the model reads when a tool implementation throws. `"redact"`: a fixed text naming
   * the tool, so a stack trace, a connection string or another customer's data in the error
   * never reaches the model (the full error goes to `onToolError`); `"expose"`: the error's own
   * message; a function chooses the text per error. Refusals by the protocol are not tool
   * errors: the model always reads their explanation.
   * @default "redact"
   */
  readonly toolErrors?: "redact" | "expose" | ((error: unknown, info: ToolErrorInfo) => string);
  /**
   * Receives every error a tool implementation throws, in full.
   * @default one line per error on stderr (`console.error`)
   */
  readonly onToolError?: (error: unknown, info: ToolErrorInfo) => void;
}

/**
 * The text the model reads for a failed tool: reports the full error to `onToolError` and
 * returns the redacted (or exposed) text. A `ProtocolViolation` is returned as its model message
 * and not reported (the session's violation log already has it).
 * @internal
 */
export function toolErrorReporter(options: ToolErrorOptions): (error: unknown, info: ToolErrorInfo) => string {
  const mode = options.toolErrors ?? "redact";
  if (mode !== "redact" && mode !== "expose" && typeof mode !== "function") {
    throw new TypeError(
      `toolErrors must be "redact", "expose" or a function (error, info) => string, got ${JSON.stringify(mode)}. Fix: leave it out for the default "redact".`,
    );
  }
  const report = options.onToolError ?? defaultReport;
  return (error, info) => {
    if (error instanceof ProtocolViolation) return error.toModelMessage();
    try {
      report(error, info);
    } catch {
      // a failing logger never replaces the answer to the model
    }
    if (mode === "expose") return errorText(error);
    if (typeof mode === "function") return mode(error, info);
    return redactedText(info.tool);
  };
}

/** The default text the model reads for a failed tool. @internal */
export function redactedText(tool: string): string {
  return `Tool "${tool}" failed. The details were logged for the developers and are not shown here.`;
}

function defaultReport(error: unknown, info: ToolErrorInfo): void {
  console.error(`[concordat] tool "${info.tool}" failed in session ${info.sessionId}${info.callId !== undefined ? ` (call ${info.callId})` : ""}:`, error);
}

/** An error's message (or its JSON/string form). @internal */
export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === "string") return e;
  try {
    return JSON.stringify(e) ?? String(e);
  } catch {
    return String(e);
  }
}

const EXEC_BRAND = Symbol.for("concordat.ToolExecutionError");

/**
 * What an adapter throws in place of an error from your tool code (code `tool_failed`): its
 * `message` is the text the model reads (redacted by default), `cause` is your original error.
 */
export class ToolExecutionError extends ConcordatError<"tool_failed"> {
  declare readonly [EXEC_BRAND]: true;
  readonly tool: string;
  readonly sessionId: string;
  readonly callId: string | undefined;

  constructor(message: string, details: ToolErrorInfo & { readonly cause: unknown }) {
    super("tool_failed", message, { cause: details.cause });
    this.name = "ToolExecutionError";
    Object.defineProperty(this, EXEC_BRAND, { value: true });
    this.tool = details.tool;
    this.sessionId = details.sessionId;
    this.callId = details.callId;
  }

  /** The model-facing text alone (frameworks hand `String(error)` or `error.message` to the model). */
  override toString(): string {
    return this.message;
  }

  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[EXEC_BRAND] === true;
  }
}
