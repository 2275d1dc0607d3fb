/**
 * A local mock of an OpenAI-compatible chat-completions server for the real-model eval tests:
 * a scripted agent (looks the user up from the id in the customer's message, then declines)
 * and a scripted customer (asks to cancel, then stops). It records every request and answers
 * with fixed `usage` (100 prompt + 10 completion tokens) unless told to omit it.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface WireMessage {
  role: string;
  content: string | null;
  tool_calls?: unknown[];
}
export interface WireRequest {
  model: string;
  messages: WireMessage[];
  tools?: { type: string; function: { name: string } }[];
}

export interface MockOpenAiServer {
  readonly baseUrl: string;
  readonly requests: WireRequest[];
  /** Answer without `usage` (a provider that does not report tokens). */
  omitUsage: boolean;
  /** Wait this long before answering (to make a run long). */
  delayMs: number;
  close(): Promise<void>;
}

export const MOCK_USAGE = { prompt_tokens: 100, completion_tokens: 10 } as const;

function body(req: IncomingMessage): Promise<string> {
  return new Promise((res, rej) => {
    let s = "";
    req.on("data", (c: Buffer) => (s += c.toString("utf8")));
    req.on("end", () => res(s));
    req.on("error", rej);
  });
}

export async function startMockOpenAiServer(): Promise<MockOpenAiServer> {
  const requests: WireRequest[] = [];
  const state = { omitUsage: false, delayMs: 0 };
  const server: Server = createServer(async (req, res) => {
    const r = JSON.parse(await body(req)) as WireRequest;
    requests.push(r);
    if (state.delayMs > 0) await new Promise((ok) => setTimeout(ok, state.delayMs));
    const system = r.messages[0]?.content ?? "";
    const last = r.messages[r.messages.length - 1];
    let message: Record<string, unknown>;
    if (system.startsWith("You are a customer")) {
      message = {
        role: "assistant",
        content: r.messages.length <= 2 ? "Hi, I want to cancel my reservation. My user id is emma_kim_9957." : "OK, thanks. ###STOP###",
      };
    } else if (last?.role === "user" && !r.messages.some((m) => m.role === "tool")) {
      const id = /([a-z]+_[a-z]+_\d+)/.exec(last.content ?? "")?.[1] ?? "nobody_0";
      message = {
        role: "assistant",
        content: null,
        tool_calls: [{ id: `call_${requests.length}`, type: "function", function: { name: "get_user_details", arguments: JSON.stringify({ user_id: id }) } }],
      };
    } else {
      message = { role: "assistant", content: "I'm sorry, I cannot do that under our policy. Is there anything else?" };
    }
    const usage = state.omitUsage ? {} : { usage: { ...MOCK_USAGE, total_tokens: MOCK_USAGE.prompt_tokens + MOCK_USAGE.completion_tokens } };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message, finish_reason: "stop" }], ...usage }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl,
    requests,
    get omitUsage() {
      return state.omitUsage;
    },
    set omitUsage(v: boolean) {
      state.omitUsage = v;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
