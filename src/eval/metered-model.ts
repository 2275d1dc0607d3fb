import type { ModelClient, ModelRequest, ModelResponse } from "../agent/model-client.js";

/** Tokenizer-free token estimate: about four characters per token (the budget code's rule too). */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** What one run's model calls cost, as the model saw them. */
export interface ModelMeter {
  calls: number;
  /** Tokens spent on the tools list across calls (estimated). */
  toolListTokens: number;
  /** Tokens of refusal messages the model read (estimated). */
  rejectionTokens: number;
  inputTokens: number;
  outputTokens: number;
  /** Calls whose response carried no `usage`: their input and output tokens are estimates. */
  estimatedCalls: number;
}

const REFUSAL = /^Tool call refused/i;

/**
 * Wraps a model client and meters every call: the tools list it was offered and the refusal
 * messages it read, estimated tokenizer-free. The inner client sees exactly the same request.
 */
export class MeteredModel implements ModelClient {
  readonly meter: ModelMeter = { calls: 0, toolListTokens: 0, rejectionTokens: 0, inputTokens: 0, outputTokens: 0, estimatedCalls: 0 };
  private readonly countedRejections = new Set<number>();

  /** @param onCall - told after every call (the runner's progress within a run) */
  constructor(
    readonly inner: ModelClient,
    private readonly onCall?: (meter: ModelMeter) => void,
  ) {}

  async generate(request: ModelRequest): Promise<ModelResponse> {
    this.meter.calls++;
    this.meter.toolListTokens += estimateTokens(
      JSON.stringify(request.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }))).length,
    );
    request.messages.forEach((m, i) => {
      if (m.role === "tool" && REFUSAL.test(m.content) && !this.countedRejections.has(i)) {
        this.countedRejections.add(i);
        this.meter.rejectionTokens += estimateTokens(m.content.length);
      }
    });
    const response = await this.inner.generate(request);
    const inChars = request.messages.reduce((n, m) => n + m.content.length, 0);
    this.meter.inputTokens += response.usage?.inputTokens ?? estimateTokens(inChars) + estimateTokens(JSON.stringify(request.tools).length);
    this.meter.outputTokens += response.usage?.outputTokens ?? estimateTokens((response.text ?? "").length + JSON.stringify(response.toolCalls).length);
    if (response.usage?.inputTokens === undefined || response.usage?.outputTokens === undefined) this.meter.estimatedCalls++;
    this.onCall?.(this.meter);
    return response;
  }
}
