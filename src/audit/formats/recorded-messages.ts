import type { RecordedMessage, RecordedToolCall } from "../recorded-run.js";
import { linkToolResults, readArguments } from "./link-tool-results.js";
import { answeredCallId, contentText, toolCallParts, type RawToolCall } from "./message-fields.js";

/** A tool message as both log formats parse it. @internal */
export interface ParsedToolMessage {
  readonly role: "tool";
  readonly content: unknown;
  readonly id?: string | number | null | undefined;
  readonly tool_call_id?: string | number | null | undefined;
  readonly error?: boolean | null | undefined;
}

/** A user, assistant or system message as both log formats parse it. @internal */
export interface ParsedChatMessage {
  readonly role: "user" | "assistant" | "system";
  readonly content: unknown;
  readonly tool_calls?: readonly RawToolCall[] | null | undefined;
}

/**
 * The messages of one recorded run as the audit reads them, from its parsed log messages (tau2
 * results and tau-bench v1 trajectories alike): content as text, tool calls numbered in order over
 * the whole run (`index`), their arguments read (`argumentsError` when they are not an object),
 * who asked for each (`requestor`: a call's own `requestor` field, else the role of the message
 * that holds it), and each tool result linked to the call it answers.
 *
 * @param parsed The run's messages, in order, already checked against the format's schemas.
 * @returns The recorded messages; tool messages carry `error` when the log marks it.
 * @internal
 */
export function recordedMessages(parsed: readonly (ParsedToolMessage | ParsedChatMessage)[]): RecordedMessage[] {
  let callIndex = 0;
  const messages: RecordedMessage[] = parsed.map((m, mi) => {
    if (m.role === "tool") {
      const id = answeredCallId(m);
      return {
        role: "tool",
        content: contentText(m.content),
        toolCalls: [],
        ...(id !== undefined ? { toolCallId: id } : {}),
        ...(m.error !== undefined && m.error !== null ? { error: m.error } : {}),
      };
    }
    const toolCalls: RecordedToolCall[] = (m.tool_calls ?? []).map((tc) => {
      const { id, name, rawArguments } = toolCallParts(tc);
      const args = readArguments(rawArguments);
      return {
        index: callIndex++,
        id,
        name,
        arguments: args.arguments,
        ...(args.argumentsError ? { argumentsError: args.argumentsError } : {}),
        requestor: tc.requestor === "user" || (tc.requestor == null && m.role === "user") ? "user" : "assistant",
        messageIndex: mi,
      };
    });
    return { role: m.role, content: contentText(m.content), toolCalls };
  });
  linkToolResults(messages);
  return messages;
}
