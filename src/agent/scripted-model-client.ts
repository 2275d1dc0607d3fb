import type { ModelClient, ModelRequest, ModelResponse, ModelToolCall } from "./model-client.js";

/** One scripted turn: a response, or a function of the request (and the turn number) that makes one. */
export type ScriptedTurn = ModelResponse | ((request: ModelRequest, turn: number) => ModelResponse | Promise<ModelResponse>);

/**
 * A `ModelClient` for tests and demos: replays scripted responses in order, or answers every
 * request with a function. It records every request it was given (`requests`), so tests can
 * assert which tools the model was offered. Running past the end of a script throws.
 */
export class ScriptedModelClient implements ModelClient {
  readonly requests: ModelRequest[] = [];
  private readonly script: readonly ScriptedTurn[] | ((request: ModelRequest, turn: number) => ModelResponse | Promise<ModelResponse>);

  constructor(script: readonly ScriptedTurn[] | ((request: ModelRequest, turn: number) => ModelResponse | Promise<ModelResponse>)) {
    this.script = script;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const turn = this.requests.length;
    this.requests.push({ messages: [...request.messages], tools: [...request.tools] });
    if (typeof this.script === "function") return this.script(request, turn);
    const next = this.script[turn];
    if (next === undefined)
      throw new Error(
        `ScriptedModelClient: the script has ${this.script.length} turn(s) and turn ${turn + 1} was requested. Fix: add a response for it (the last request offered tools: ${request.tools.map((t) => t.name).join(", ") || "none"}).`,
      );
    return typeof next === "function" ? next(request, turn) : next;
  }

  /** The tool names offered in each request so far. */
  offeredTools(): string[][] {
    return this.requests.map((r) => r.tools.map((t) => t.name));
  }
}

let counter = 0;

/** A tool call for a script: `call("lookup_booking", { bookingId: "B1" })`. */
export function call(name: string, args: unknown = {}, id?: string): ModelToolCall {
  return { id: id ?? `call_${++counter}`, name, arguments: args };
}

/** A response that makes tool calls. */
export function toolCalls(...calls: ModelToolCall[]): ModelResponse {
  return { toolCalls: calls };
}

/** A response that only says something. */
export function say(text: string): ModelResponse {
  return { text, toolCalls: [] };
}
