import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { memoryIo } from "../../src/cli/io.js";
import { run } from "../../src/cli/run.js";

interface WireMessage {
  role: string;
  content: string | null;
  tool_calls?: unknown[];
}
interface WireRequest {
  model: string;
  messages: WireMessage[];
  tools?: { type: string; function: { name: string } }[];
}

const requests: WireRequest[] = [];
let server: Server;
let baseUrl = "";
const dir = mkdtempSync(join(tmpdir(), "concordat-eval-real-"));

function body(req: IncomingMessage): Promise<string> {
  return new Promise((res, rej) => {
    let s = "";
    req.on("data", (c: Buffer) => (s += c.toString("utf8")));
    req.on("end", () => res(s));
    req.on("error", rej);
  });
}

/** A mock OpenAI-compatible server: a scripted agent (looks the user up, then declines) and a scripted customer. */
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const r = JSON.parse(await body(req)) as WireRequest;
    requests.push(r);
    const system = r.messages[0]?.content ?? "";
    const last = r.messages[r.messages.length - 1];
    let message: Record<string, unknown>;
    if (system.startsWith("You are a customer")) {
      message = { role: "assistant", content: r.messages.length <= 2 ? "Hi, I want to cancel my reservation. My user id is emma_kim_9957." : "OK, thanks. ###STOP###" };
    } else if (last?.role === "user" && !r.messages.some((m) => m.role === "tool")) {
      const id = /([a-z]+_[a-z]+_\d+)/.exec(last.content ?? "")?.[1] ?? "nobody_0";
      message = { role: "assistant", content: null, tool_calls: [{ id: `call_${requests.length}`, type: "function", function: { name: "get_user_details", arguments: JSON.stringify({ user_id: id }) } }] };
    } else {
      message = { role: "assistant", content: "I'm sorry, I cannot do that under our policy. Is there anything else?" };
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message, finish_reason: "stop" }], usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 } }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe("concordat eval --model openai-compatible (against a local mock server)", () => {
  it("drives the agent through the OpenAI-compatible client, with the airline policy and only the allowed tools", { timeout: 60_000 }, async () => {
    requests.length = 0;
    const json = join(dir, "real.json");
    const { io, out, err } = memoryIo({ cwd: dir, env: { CI: "1" } });
    const code = await run(["eval", "--model", "openai-compatible", "--base-url", baseUrl, "--model-name", "mock-model", "--tasks", "0,19", "--json", json, "--no-report"], io);
    expect(err()).not.toMatch(/internal error/);
    expect(code).toBe(0);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.model === "mock-model")).toBe(true);
    expect(requests.every((r) => (r.messages[0]?.content ?? "").includes("Airline Agent Policy"))).toBe(true);
    const toolCounts = new Set(requests.map((r) => r.tools?.length ?? 0));
    // unenforced offers all 14 airline tools; the enforced protocol offers fewer before anyone is identified
    expect(toolCounts.has(14)).toBe(true);
    expect([...toolCounts].some((n) => n > 0 && n < 14)).toBe(true);
    // the tool result went back to the model
    expect(requests.some((r) => r.messages.some((m) => m.role === "tool" && (m.content ?? "").includes("emma_kim_9957")))).toBe(true);
    const figures = JSON.parse(readFileSync(json, "utf8")) as { model: string; profiles: Record<string, { unenforced: { runs: number }; enforced: { runs: number; unauthorized: number } }> };
    expect(figures.model).toMatch(/mock-model via http:\/\/127\.0\.0\.1:\d+\/v1 \(real model; customers SIMULATED\)/);
    expect(figures.profiles["real-model"]?.unenforced.runs).toBe(2);
    expect(figures.profiles["real-model"]?.enforced.unauthorized).toBe(0);
    expect(out()).toMatch(/real-model/);
  });

  it("can let an LLM play the customer", { timeout: 60_000 }, async () => {
    requests.length = 0;
    const { io, err } = memoryIo({ cwd: dir, env: { CI: "1" } });
    const code = await run(["eval", "--model", "openai-compatible", "--base-url", baseUrl, "--model-name", "mock-model", "--customer", "llm", "--tasks", "0", "--no-report"], io);
    expect(err()).not.toMatch(/internal error/);
    expect(code).toBe(0);
    expect(requests.some((r) => (r.messages[0]?.content ?? "").startsWith("You are a customer"))).toBe(true);
    expect(requests.some((r) => (r.messages[0]?.content ?? "").includes("Airline Agent Policy"))).toBe(true);
  });
});
