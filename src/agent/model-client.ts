import type { ToolDefinition } from "../protocol/types.js";

/** A tool call the model asked for. `arguments` is parsed JSON (or the raw string when unparsable). */
export interface ModelToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
}

/** A provider-agnostic chat message. */
export type ChatMessage =
  | { readonly role: "system"; readonly content: string }
  | { readonly role: "user"; readonly content: string }
  | { readonly role: "assistant"; readonly content: string; readonly toolCalls?: readonly ModelToolCall[] }
  | { readonly role: "tool"; readonly content: string; readonly toolCallId: string; readonly name: string };

export interface ModelUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface ModelRequest {
  readonly messages: readonly ChatMessage[];
  /** Only the tools the protocol allows now. */
  readonly tools: readonly ToolDefinition[];
}

export interface ModelResponse {
  readonly text?: string;
  readonly toolCalls: readonly ModelToolCall[];
  /** What the provider reported; absent when it reports nothing (budgets then estimate). */
  readonly usage?: ModelUsage;
}

/** Any model: a real provider through an adapter, or a scripted client in tests. */
export interface ModelClient {
  generate(request: ModelRequest): Promise<ModelResponse>;
}
