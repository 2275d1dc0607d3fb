import type { ToolDefinition } from "../protocol/types.js";
import type { ChatMessage, ModelToolCall } from "./model-client.js";

/**
 * Tokenizer-free token estimates, used when a provider reports no usage (and before a model
 * call, so budgets can refuse it in advance). About four characters per token for English
 * text and JSON, plus a small per-message overhead; deliberately on the high side.
 */
export const CHARS_PER_TOKEN = 4;
const PER_MESSAGE_OVERHEAD = 4;
const PER_TOOL_OVERHEAD = 8;

export function estimateTextTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / CHARS_PER_TOKEN);
}

function toolCallsChars(calls: readonly ModelToolCall[] | undefined): number {
  let n = 0;
  for (const c of calls ?? []) n += c.name.length + (typeof c.arguments === "string" ? c.arguments.length : (JSON.stringify(c.arguments) ?? "").length);
  return n;
}

/** Input tokens of a request: the messages and the tool definitions the model will see. */
export function estimateInputTokens(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] = []): number {
  let tokens = 0;
  for (const m of messages) {
    tokens += PER_MESSAGE_OVERHEAD + estimateTextTokens(m.content);
    if (m.role === "assistant") tokens += Math.ceil(toolCallsChars(m.toolCalls) / CHARS_PER_TOKEN);
    if (m.role === "tool") tokens += estimateTextTokens(m.name);
  }
  for (const t of tools) tokens += PER_TOOL_OVERHEAD + estimateTextTokens(t.name + t.description + JSON.stringify(t.parameters));
  return tokens;
}

/** Output tokens of a response: its text and its tool calls. */
export function estimateOutputTokens(response: { readonly text?: string; readonly toolCalls: readonly ModelToolCall[] }): number {
  return (
    estimateTextTokens(response.text ?? "") + Math.ceil(toolCallsChars(response.toolCalls) / CHARS_PER_TOKEN) + PER_MESSAGE_OVERHEAD * response.toolCalls.length
  );
}
