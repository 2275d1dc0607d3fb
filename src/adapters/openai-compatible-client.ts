import type { ChatMessage, ModelClient, ModelRequest, ModelResponse, ModelToolCall, ModelUsage } from "../agent/model-client.js";
import { ModelClientError, isRetryableStatus } from "./model-client-error.js";
import { parseArguments } from "./parse-arguments.js";

export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";

export interface OpenAICompatibleClientOptions {
  /** Model name sent as `model` (e.g. `gpt-4o-mini`, `qwen2.5:7b`). */
  readonly model: string;
  /** Base URL up to and including the version segment; `/chat/completions` is appended. Default: `$OPENAI_BASE_URL`, else OpenAI. */
  readonly baseURL?: string;
  /** Sent as `Authorization: Bearer …`. Default: `$OPENAI_API_KEY`. Optional for a non-OpenAI base URL (local servers). */
  readonly apiKey?: string;
  /** Retries after the first attempt, on 408/409/429/5xx and network errors. Default 3. */
  readonly maxRetries?: number;
  /** First backoff delay; doubles on every retry, plus up to 25% jitter. Default 500 ms. */
  readonly initialDelayMs?: number;
  /** Upper bound on one delay, including a server's `Retry-After`. Default 20,000 ms. */
  readonly maxDelayMs?: number;
  /** Per-attempt timeout. Default 60,000 ms. */
  readonly timeoutMs?: number;
  readonly temperature?: number;
  readonly maxTokens?: number;
  /** Extra headers (e.g. `OpenAI-Organization`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Extra top-level request fields (e.g. `seed`, `parallel_tool_calls`). */
  readonly extraBody?: Readonly<Record<string, unknown>>;
  /** Injectable for tests. */
  readonly fetch?: typeof fetch;
  /** Injectable for tests: how to wait between retries. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Injectable for tests: jitter source in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
  /** Where to read `OPENAI_BASE_URL` / `OPENAI_API_KEY`. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Tokens and requests spent through one client. */
export interface ClientUsageTotals {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
  /** Successful requests. */
  readonly requests: number;
  /** Attempts that failed and were retried. */
  readonly retries: number;
  /** Successful requests whose provider reported no usage. */
  readonly requestsWithoutUsage: number;
}

/** The OpenAI chat-completions wire format (the subset this client reads and writes). */
interface WireToolCall {
  readonly id?: string;
  readonly type?: string;
  readonly function?: { readonly name?: string; readonly arguments?: string | Record<string, unknown> };
}

/**
 * A `ModelClient` for any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style
 * proxies, vLLM, Ollama, LM Studio, OpenRouter…) with plain `fetch`. Tool-call arguments
 * are parsed from their JSON string; an unparsable string is kept raw so the protocol's
 * validation rejects it (`invalid_arguments`) instead of the client guessing. Failures are
 * `ModelClientError`s naming the status and body; 429/5xx/network errors are retried with
 * exponential backoff (bounded). `usage` accumulates what the provider reported.
 */
export class OpenAICompatibleClient implements ModelClient {
  readonly model: string;
  readonly baseURL: string;
  private readonly apiKey: string | undefined;
  private readonly options: OpenAICompatibleClientOptions;
  private readonly doFetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private totals = { inputTokens: 0, outputTokens: 0, requests: 0, retries: 0, requestsWithoutUsage: 0 };

  constructor(options: OpenAICompatibleClientOptions) {
    const env = options.env ?? process.env;
    if (typeof options.model !== "string" || options.model.trim() === "") {
      throw new ModelClientError({
        kind: "configuration",
        message: `OpenAICompatibleClient needs a model name, got ${JSON.stringify(options.model)}. Fix: pass { model: "gpt-4o-mini" } (or your server's model id).`,
      });
    }
    this.model = options.model;
    const base = options.baseURL ?? nonEmpty(env["OPENAI_BASE_URL"]) ?? DEFAULT_OPENAI_BASE_URL;
    try {
      new URL(base);
    } catch {
      throw new ModelClientError({
        kind: "configuration",
        message: `OpenAICompatibleClient: base URL ${JSON.stringify(base)} is not a URL. Fix: pass baseURL (or set OPENAI_BASE_URL) to e.g. "http://localhost:11434/v1".`,
      });
    }
    this.baseURL = base.replace(/\/+$/, "");
    this.apiKey = options.apiKey ?? nonEmpty(env["OPENAI_API_KEY"]);
    if (this.apiKey === undefined && this.baseURL === DEFAULT_OPENAI_BASE_URL) {
      throw new ModelClientError({
        kind: "configuration",
        message: `OpenAICompatibleClient: no API key for ${DEFAULT_OPENAI_BASE_URL}. Fix: set OPENAI_API_KEY or pass { apiKey }, or point baseURL (OPENAI_BASE_URL) at a local OpenAI-compatible server.`,
      });
    }
    for (const k of ["maxRetries", "initialDelayMs", "maxDelayMs", "timeoutMs"] as const) {
      const v = options[k];
      if (v !== undefined && (!Number.isFinite(v) || v < 0)) {
        throw new ModelClientError({ kind: "configuration", message: `OpenAICompatibleClient: ${k} must be a non-negative number, got ${String(v)}.` });
      }
    }
    this.options = options;
    this.doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Everything spent through this client so far. */
  get usage(): ClientUsageTotals {
    return { ...this.totals, totalTokens: this.totals.inputTokens + this.totals.outputTokens };
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const url = `${this.baseURL}/chat/completions`;
    const body = JSON.stringify(this.requestBody(request));
    const maxRetries = Math.floor(this.options.maxRetries ?? 3);
    let attempt = 0;
    for (;;) {
      attempt++;
      let failure: ModelClientError;
      let retryAfterMs: number | undefined;
      try {
        const res = await this.post(url, body);
        const text = await res.text();
        if (res.ok) return this.parseResponse(text, url, attempt);
        failure = new ModelClientError({
          kind: "http",
          status: res.status,
          body: truncate(text),
          attempts: attempt,
          url,
          message: `Chat completions request to ${url} failed with HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""} after ${attempt} attempt${attempt === 1 ? "" : "s"}: ${truncate(text, 500) || "(empty body)"}${hintFor(res.status)}`,
        });
        retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
      } catch (e) {
        if (e instanceof ModelClientError) throw e;
        failure = new ModelClientError({
          kind: "network",
          attempts: attempt,
          url,
          cause: e,
          message: `Chat completions request to ${url} failed before any response after ${attempt} attempt${attempt === 1 ? "" : "s"}: ${describeNetworkError(e)}. Fix: check that the server is running and OPENAI_BASE_URL is right.`,
        });
      }
      if (!failure.retryable || attempt > maxRetries) throw failure;
      this.totals.retries++;
      await this.sleep(this.delayFor(attempt, retryAfterMs));
    }
  }

  /** The delay before retry number `attempt` (1-based): exponential, jittered, bounded; a longer `Retry-After` wins up to the bound. */
  delayFor(attempt: number, retryAfterMs?: number): number {
    const initial = this.options.initialDelayMs ?? 500;
    const max = this.options.maxDelayMs ?? 20_000;
    const base = initial * 2 ** (attempt - 1);
    const jittered = base * (1 + 0.25 * (this.options.random ?? Math.random)());
    return Math.min(max, Math.max(jittered, retryAfterMs ?? 0));
  }

  private async post(url: string, body: string): Promise<Response> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json", ...(this.options.headers ?? {}) };
    if (this.apiKey !== undefined) headers["authorization"] = `Bearer ${this.apiKey}`;
    return this.doFetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000) });
  }

  private requestBody(request: ModelRequest): Record<string, unknown> {
    const body: Record<string, unknown> = {
      model: this.model,
      messages: request.messages.map(toWireMessage),
    };
    if (request.tools.length > 0) {
      body["tools"] = request.tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }));
    }
    if (this.options.temperature !== undefined) body["temperature"] = this.options.temperature;
    if (this.options.maxTokens !== undefined) body["max_tokens"] = this.options.maxTokens;
    return { ...body, ...(this.options.extraBody ?? {}) };
  }

  private parseResponse(text: string, url: string, attempts: number): ModelResponse {
    const invalid = (why: string) =>
      new ModelClientError({
        kind: "invalid_response",
        body: truncate(text),
        attempts,
        url,
        message: `Chat completions response from ${url} ${why}: ${truncate(text, 500) || "(empty body)"}. Fix: check that the server implements the OpenAI chat-completions API.`,
      });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalid("is not JSON");
    }
    if (!isRecord(json)) throw invalid("is not a JSON object");
    if (isRecord(json["error"])) throw invalid(`carries an error (${String(json["error"]["message"] ?? "no message")})`);
    const choices = json["choices"];
    if (!Array.isArray(choices) || choices.length === 0 || !isRecord(choices[0]) || !isRecord(choices[0]["message"]))
      throw invalid("has no choices[0].message");
    const message = choices[0]["message"];
    const content = message["content"];
    const wireCalls = Array.isArray(message["tool_calls"]) ? (message["tool_calls"] as WireToolCall[]) : [];
    const toolCalls: ModelToolCall[] = wireCalls.map((c, i) => {
      const name = c?.function?.name;
      if (typeof name !== "string" || name === "") throw invalid(`has tool_calls[${i}] without a function name`);
      return { id: typeof c.id === "string" && c.id !== "" ? c.id : `call_${i}`, name, arguments: parseArguments(c.function?.arguments) };
    });
    const usage = readUsage(json["usage"]);
    this.totals.requests++;
    if (usage) {
      this.totals.inputTokens += usage.inputTokens;
      this.totals.outputTokens += usage.outputTokens;
    } else {
      this.totals.requestsWithoutUsage++;
    }
    return {
      ...(typeof content === "string" && content !== "" ? { text: content } : {}),
      toolCalls,
      ...(usage ? { usage } : {}),
    };
  }
}

function toWireMessage(m: ChatMessage): Record<string, unknown> {
  switch (m.role) {
    case "system":
    case "user":
      return { role: m.role, content: m.content };
    case "assistant": {
      const calls = m.toolCalls ?? [];
      return {
        role: "assistant",
        content: m.content === "" && calls.length > 0 ? null : m.content,
        ...(calls.length > 0
          ? {
              tool_calls: calls.map((c) => ({
                id: c.id,
                type: "function",
                function: { name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments ?? {}) },
              })),
            }
          : {}),
      };
    }
    case "tool":
      return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
  }
}

function readUsage(u: unknown): ModelUsage | undefined {
  if (!isRecord(u)) return undefined;
  const input = u["prompt_tokens"] ?? u["input_tokens"];
  const output = u["completion_tokens"] ?? u["output_tokens"];
  if (typeof input !== "number" && typeof output !== "number") return undefined;
  return { inputTokens: typeof input === "number" ? input : 0, outputTokens: typeof output === "number" ? output : 0 };
}

function parseRetryAfter(h: string | null): number | undefined {
  if (h === null) return undefined;
  const seconds = Number(h);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(h);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function hintFor(status: number): string {
  if (status === 401 || status === 403) return " Fix: check OPENAI_API_KEY (or the apiKey option).";
  if (status === 404) return " Fix: check the base URL (it should end in the version segment, e.g. /v1) and the model name.";
  if (status === 400 || status === 422) return " Fix: the request was rejected as malformed; the body above says which field.";
  return "";
}

function describeNetworkError(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as Error & { cause?: unknown }).cause;
    const inner = cause instanceof Error ? ` (${(cause as Error & { code?: string }).code ?? cause.name}: ${cause.message})` : "";
    return `${e.name}: ${e.message}${inner}`;
  }
  return String(e);
}

function truncate(s: string, n = 2000): string {
  return s.length > n ? `${s.slice(0, n)}… (${s.length - n} more characters)` : s;
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s.trim() === "" ? undefined : s.trim();
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

export { ModelClientError, isRetryableStatus, parseArguments };
