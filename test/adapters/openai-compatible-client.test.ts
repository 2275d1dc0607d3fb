import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { ModelClientError } from "../../src/adapters/model-client-error.js";
import { OpenAICompatibleClient, parseArguments } from "../../src/adapters/openai-compatible-client.js";

interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: any;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> } | "hang-up";

/** A local OpenAI-compatible server on 127.0.0.1 with a random port, answering from a script. */
let server: Server;
let baseURL: string;
let requests: Recorded[] = [];
let script: Reply[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: data ? JSON.parse(data) : undefined });
      const reply = script.shift() ?? { status: 500, body: { error: { message: "script exhausted" } } };
      if (reply === "hang-up") {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { "content-type": "application/json", ...(reply.headers ?? {}) });
      res.end(typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(() => {
  requests = [];
  script = [];
});

const completion = (message: Record<string, unknown>, usage?: Record<string, number>) => ({
  status: 200,
  body: {
    id: "chatcmpl-1",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: "stop" }],
    ...(usage ? { usage } : {}),
  },
});

function client(extra: Partial<ConstructorParameters<typeof OpenAICompatibleClient>[0]> = {}) {
  const sleeps: number[] = [];
  const c = new OpenAICompatibleClient({
    model: "test-model",
    baseURL,
    apiKey: "sk-test",
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0,
    env: {},
    ...extra,
  });
  return { c, sleeps };
}

const refundLike = defineProtocol({
  name: "client-test",
  initial: "start",
  terminal: ["done"],
  tools: {
    issue_refund: { input: z.object({ bookingId: z.string(), amount: z.number() }), effect: "write" },
  },
  states: { start: { on: { issue_refund: { ok: "done" } } }, done: {} },
});

describe("OpenAICompatibleClient", () => {
  it("sends the model, messages (tool calls and results in wire format), tools and the bearer key", async () => {
    script = [completion({ content: "Hello." }, { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 })];
    const { c } = client();
    const tools = new Session(refundLike).toolsForModel();
    const res = await c.generate({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Refund B1" },
        { role: "assistant", content: "", toolCalls: [{ id: "call_1", name: "issue_refund", arguments: { bookingId: "B1", amount: 5 } }] },
        { role: "tool", toolCallId: "call_1", name: "issue_refund", content: "refused" },
      ],
      tools,
    });
    expect(res).toEqual({ text: "Hello.", toolCalls: [], usage: { inputTokens: 12, outputTokens: 3 } });
    expect(requests).toHaveLength(1);
    const r = requests[0]!;
    expect(r.method).toBe("POST");
    expect(r.url).toBe("/v1/chat/completions");
    expect(r.headers["authorization"]).toBe("Bearer sk-test");
    expect(r.body.model).toBe("test-model");
    expect(r.body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Refund B1" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "issue_refund", arguments: '{"bookingId":"B1","amount":5}' } }],
      },
      { role: "tool", tool_call_id: "call_1", content: "refused" },
    ]);
    expect(r.body.tools).toEqual([{ type: "function", function: { name: "issue_refund", description: "issue_refund", parameters: tools[0]!.parameters } }]);
    expect(r.body.tools[0].function.parameters.required).toEqual(["bookingId", "amount"]);
  });

  it("omits tools when none are allowed", async () => {
    script = [completion({ content: "Bye." })];
    await client().c.generate({ messages: [{ role: "user", content: "hi" }], tools: [] });
    expect(requests[0]!.body).not.toHaveProperty("tools");
  });

  it("parses tool-call arguments; keeps unparsable arguments raw so validation rejects them", async () => {
    script = [
      completion({
        content: null,
        tool_calls: [
          { id: "call_a", type: "function", function: { name: "issue_refund", arguments: '{"bookingId":"B1","amount":50}' } },
          { id: "call_b", type: "function", function: { name: "issue_refund", arguments: '{"bookingId": "B1", "amount": ' } },
        ],
      }),
    ];
    const res = await client().c.generate({ messages: [{ role: "user", content: "refund" }], tools: [] });
    expect(res.text).toBeUndefined();
    expect(res.toolCalls).toEqual([
      { id: "call_a", name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } },
      { id: "call_b", name: "issue_refund", arguments: '{"bookingId": "B1", "amount": ' },
    ]);
    const session = new Session(refundLike);
    const checked = session.check({ name: "issue_refund", arguments: res.toolCalls[1]!.arguments });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.violation.code).toBe("invalid_arguments");
    expect(session.check({ name: "issue_refund", arguments: res.toolCalls[0]!.arguments }).ok).toBe(true);
  });

  it("treats empty arguments as {}", () => {
    expect(parseArguments("")).toEqual({});
    expect(parseArguments(undefined)).toEqual({});
    expect(parseArguments("[1")).toBe("[1");
  });

  it("retries 429 and 5xx with exponential backoff, honouring Retry-After, then succeeds", async () => {
    script = [
      { status: 429, body: { error: { message: "rate limited" } } },
      { status: 503, body: { error: { message: "overloaded" } } },
      { status: 429, body: { error: { message: "rate limited" } }, headers: { "retry-after": "3" } },
      completion({ content: "ok" }, { prompt_tokens: 5, completion_tokens: 1 }),
    ];
    const { c, sleeps } = client({ initialDelayMs: 100, maxDelayMs: 10_000 });
    const res = await c.generate({ messages: [{ role: "user", content: "x" }], tools: [] });
    expect(res.text).toBe("ok");
    expect(requests).toHaveLength(4);
    expect(sleeps).toEqual([100, 200, 3000]);
    expect(c.usage).toEqual({ inputTokens: 5, outputTokens: 1, totalTokens: 6, requests: 1, retries: 3, requestsWithoutUsage: 0 });
  });

  it("gives up after maxRetries with a typed error naming status, body and attempts", async () => {
    script = [
      { status: 500, body: { error: { message: "boom-1" } } },
      { status: 500, body: { error: { message: "boom-2" } } },
      { status: 502, body: "upstream gone" },
    ];
    const { c, sleeps } = client({ maxRetries: 2, initialDelayMs: 10 });
    const err = await c.generate({ messages: [{ role: "user", content: "x" }], tools: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelClientError);
    const e = err as ModelClientError;
    expect(e.kind).toBe("http");
    expect(e.status).toBe(502);
    expect(e.body).toBe("upstream gone");
    expect(e.attempts).toBe(3);
    expect(e.retryable).toBe(true);
    expect(e.message).toContain("HTTP 502");
    expect(e.message).toContain("upstream gone");
    expect(e.message).toContain("after 3 attempts");
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([10, 20]);
  });

  it("does not retry a 4xx that is the caller's mistake, and says how to fix 401", async () => {
    script = [{ status: 401, body: { error: { message: "Incorrect API key provided" } } }];
    const { c, sleeps } = client();
    const e = (await c.generate({ messages: [{ role: "user", content: "x" }], tools: [] }).catch((x: unknown) => x)) as ModelClientError;
    expect(e.kind).toBe("http");
    expect(e.status).toBe(401);
    expect(e.retryable).toBe(false);
    expect(e.message).toContain("Incorrect API key provided");
    expect(e.message).toContain("OPENAI_API_KEY");
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("retries a dropped connection as a network error", async () => {
    script = ["hang-up", completion({ content: "back" })];
    const { c, sleeps } = client({ initialDelayMs: 7 });
    const res = await c.generate({ messages: [{ role: "user", content: "x" }], tools: [] });
    expect(res.text).toBe("back");
    expect(sleeps).toEqual([7]);
    expect(c.usage.requestsWithoutUsage).toBe(1);
  });

  it("reports a connection refused after the bounded retries", async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, "127.0.0.1", r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    const { c, sleeps } = client({ baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 1, initialDelayMs: 1 });
    const e = (await c.generate({ messages: [{ role: "user", content: "x" }], tools: [] }).catch((x: unknown) => x)) as ModelClientError;
    expect(e).toBeInstanceOf(ModelClientError);
    expect(e.kind).toBe("network");
    expect(e.attempts).toBe(2);
    expect(e.message).toContain(`127.0.0.1:${port}`);
    expect(sleeps).toEqual([1]);
  });

  it("rejects a 200 whose body is not a chat completion", async () => {
    script = [
      { status: 200, body: "<html>proxy login</html>" },
      { status: 200, body: { object: "list", data: [] } },
    ];
    const { c } = client();
    const a = (await c.generate({ messages: [], tools: [] }).catch((x: unknown) => x)) as ModelClientError;
    expect(a.kind).toBe("invalid_response");
    expect(a.message).toContain("is not JSON");
    expect(a.message).toContain("proxy login");
    const b = (await c.generate({ messages: [], tools: [] }).catch((x: unknown) => x)) as ModelClientError;
    expect(b.message).toContain("no choices[0].message");
  });

  it("accumulates usage across requests", async () => {
    script = [
      completion({ content: "a" }, { prompt_tokens: 10, completion_tokens: 2 }),
      completion({ content: "b" }, { prompt_tokens: 20, completion_tokens: 4 }),
    ];
    const { c } = client();
    await c.generate({ messages: [], tools: [] });
    await c.generate({ messages: [], tools: [] });
    expect(c.usage).toMatchObject({ inputTokens: 30, outputTokens: 6, totalTokens: 36, requests: 2 });
  });

  it("reads base URL and key from the environment, options first", async () => {
    script = [completion({ content: "env" }), completion({ content: "opt" })];
    const fromEnv = new OpenAICompatibleClient({ model: "m", env: { OPENAI_BASE_URL: `${baseURL}/`, OPENAI_API_KEY: "sk-env" } });
    expect(fromEnv.baseURL).toBe(baseURL);
    await fromEnv.generate({ messages: [], tools: [] });
    expect(requests[0]!.headers["authorization"]).toBe("Bearer sk-env");
    const fromOptions = new OpenAICompatibleClient({
      model: "m",
      apiKey: "sk-opt",
      baseURL,
      env: { OPENAI_BASE_URL: "http://127.0.0.1:1/v1", OPENAI_API_KEY: "sk-env" },
    });
    await fromOptions.generate({ messages: [], tools: [] });
    expect(requests[1]!.headers["authorization"]).toBe("Bearer sk-opt");
  });

  it("refuses to start without a key for api.openai.com, or with a bad base URL or model", () => {
    expect(() => new OpenAICompatibleClient({ model: "gpt-4o-mini", env: {} })).toThrow(/OPENAI_API_KEY/);
    expect(() => new OpenAICompatibleClient({ model: "m", baseURL: "not a url", env: {} })).toThrow(/not a URL/);
    expect(() => new OpenAICompatibleClient({ model: " ", baseURL, env: {} })).toThrow(/needs a model name/);
    // a local server needs no key
    expect(() => new OpenAICompatibleClient({ model: "m", baseURL, env: {} })).not.toThrow();
  });

  it("bounds every delay by maxDelayMs", () => {
    const c = new OpenAICompatibleClient({ model: "m", baseURL, env: {}, initialDelayMs: 1000, maxDelayMs: 5000, random: () => 0.999 });
    expect(c.delayFor(1)).toBeCloseTo(1249.75);
    expect(c.delayFor(10)).toBe(5000);
    expect(c.delayFor(1, 60_000)).toBe(5000);
  });
});
