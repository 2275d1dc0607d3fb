/**
 * `concordat/agent`: the agent loop and model clients. No SDK is loaded by these; the framework
 * adapters are `concordat/ai-sdk`, `concordat/openai-agents` and `concordat/mcp`.
 * @module
 */
export type { ModelClient, ModelRequest, ModelResponse, ModelToolCall, ModelUsage, ChatMessage } from "./model-client.js";
export { AgentLoop, type AgentLoopOptions, type StepResult, type ExecutedCall } from "./agent-loop.js";
export { RetryPolicy } from "./retry-policy.js";
export { estimateTextTokens, estimateInputTokens, estimateOutputTokens } from "./estimate-tokens.js";
export {
  OpenAICompatibleClient,
  DEFAULT_OPENAI_BASE_URL,
  type OpenAICompatibleClientOptions,
  type ClientUsageTotals,
} from "../adapters/openai-compatible-client.js";
export { ModelClientError, isRetryableStatus, type ModelClientErrorKind, type ModelClientErrorDetails } from "../adapters/model-client-error.js";
export { ToolCallRejectedError } from "../adapters/tool-call-rejected-error.js";
