import type { RecordedMessage, RecordedToolCall } from "../recorded-run.js";

/** tau2 error texts start with "Error"; tau-bench v1 answers a call to a tool it does not have with "Unknown action <name>". */
const ERROR_TEXT = /^\s*(error\b|unknown action\b)/i;

/**
 * Attaches each `tool` message to the call it answers: the earliest unanswered call with the same
 * id, else (ids missing or repeated, as in tau-bench v1) the earliest unanswered call before it.
 */
export function linkToolResults(messages: readonly RecordedMessage[]): void {
  const open: RecordedToolCall[] = [];
  for (const m of messages) {
    if (m.role === "tool") {
      let at = m.toolCallId === undefined ? -1 : open.findIndex((c) => c.id === m.toolCallId);
      if (at < 0) at = 0;
      const call = open[at];
      if (!call) continue;
      open.splice(at, 1);
      call.result = { content: m.content, error: m.error === true || ERROR_TEXT.test(m.content) };
    } else {
      open.push(...m.toolCalls);
    }
  }
}

/** Reads tool-call arguments recorded as an object or as a JSON string. */
export function readArguments(raw: unknown): { arguments: Record<string, unknown>; argumentsError?: string } {
  if (raw === undefined || raw === null) return { arguments: {} };
  if (typeof raw === "string") {
    if (raw.trim() === "") return { arguments: {} };
    try {
      let parsed: unknown = JSON.parse(raw);
      // arguments encoded twice ("\"{\\\"a\\\": 1}\"") are read through
      if (typeof parsed === "string" && /^\s*\{/.test(parsed)) parsed = JSON.parse(parsed);
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return { arguments: parsed as Record<string, unknown> };
      return { arguments: {}, argumentsError: `arguments are JSON but not an object: ${raw.slice(0, 80)}` };
    } catch (e) {
      return { arguments: {}, argumentsError: `arguments are not valid JSON (${(e as Error).message}): ${raw.slice(0, 80)}` };
    }
  }
  if (typeof raw === "object" && !Array.isArray(raw)) return { arguments: raw as Record<string, unknown> };
  return { arguments: {}, argumentsError: `arguments are neither an object nor a JSON string: ${JSON.stringify(raw).slice(0, 80)}` };
}
