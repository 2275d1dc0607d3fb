/**
 * End to end over HTTP: the agent loop driving OpenAICompatibleClient against a local
 * OpenAI-compatible server whose scripted "model" reacts to what it is sent.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAICompatibleClient } from "../../src/adapters/openai-compatible-client.js";
import { AgentLoop } from "../../src/agent/agent-loop.js";
import { Session } from "../../src/runtime/session.js";
import { refundGrantsProtocol } from "./fixtures/refund-grants-protocol.js";

interface WireRequest {
  readonly messages: { role: string; content: string | null; tool_call_id?: string }[];
  readonly tools?: { function: { name: string } }[];
}
type Brain = (req: WireRequest) => { content?: string; calls?: [string, Record<string, unknown> | string][] };

let server: Server;
let baseURL: string;
let brain: Brain = () => ({ content: "idle" });
const requests: WireRequest[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const parsed = JSON.parse(body) as WireRequest;
      requests.push(parsed);
      let out: ReturnType<Brain>;
      try {
        out = brain(parsed);
      } catch (e) {
        // an assertion inside the scripted model fails the request (400: not retried) with its message
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: e instanceof Error ? e.message : String(e) } }));
        return;
      }
      const calls = (out.calls ?? []).map(([name, args], i) => ({
        id: `call_${requests.length}_${i}`,
        type: "function",
        function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) },
      }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: "assistant", content: out.content ?? null, ...(calls.length ? { tool_calls: calls } : {}) } }],
          usage: { prompt_tokens: 100, completion_tokens: 10 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const lastTool = (req: WireRequest) => [...req.messages].reverse().find((m) => m.role === "tool")?.content ?? "";
const offered = (req: WireRequest) => (req.tools ?? []).map((t) => t.function.name).sort();

describe("AgentLoop + OpenAICompatibleClient over HTTP", () => {
  it("premature write refused before it runs, confirmation asked, one execution after a structured confirmation, changed arguments refused", async () => {
    const session = new Session(refundGrantsProtocol);
    const refunds: unknown[] = [];
    const client = new OpenAICompatibleClient({ model: "scripted", baseURL, env: {}, sleep: async () => undefined });
    const loop = new AgentLoop({
      session,
      model: client,
      maxRetries: 3,
      tools: {
        lookup_booking: ({ bookingId }: { bookingId: string }) => (bookingId === "B1" ? { bookingId, paid: 50 } : null),
        issue_refund: (args: unknown) => (refunds.push(args), { ok: true }),
        end_conversation: () => "bye",
      },
    });

    let turn = 0;
    brain = (req) => {
      turn++;
      if (turn === 1) {
        expect(offered(req)).toEqual(["end_conversation", "lookup_booking"]);
        return { calls: [["issue_refund", { bookingId: "B1", amount: 50 }]] };
      }
      if (turn === 2) {
        expect(lastTool(req)).toContain("(tool_not_allowed)");
        return { calls: [["lookup_booking", { bookingId: "B1" }]] };
      }
      if (turn === 3) {
        expect(offered(req)).toEqual(["end_conversation", "issue_refund"]);
        return { calls: [["issue_refund", { bookingId: "B1", amount: 50 }]] };
      }
      if (turn === 4) {
        expect(lastTool(req)).toContain("(confirmation_missing)");
        return { content: "Shall I refund 50 EUR on booking B1?" };
      }
      if (turn === 5) {
        // after the user confirmed 50, the model tries 500
        return { calls: [["issue_refund", { bookingId: "B1", amount: 500 }]] };
      }
      if (turn === 6) {
        expect(lastTool(req)).toContain("(confirmation_args_mismatch)");
        return { calls: [["issue_refund", { bookingId: "B1", amount: 50 }]] };
      }
      if (turn === 7) {
        expect(lastTool(req)).toBe('{"ok":true}');
        return { content: "Refunded 50 EUR." };
      }
      throw new Error(`unexpected turn ${turn}`);
    };

    const first = await loop.step("Please refund booking B1.");
    expect(first.text).toBe("Shall I refund 50 EUR on booking B1?");
    expect(first.rejections.map((v) => v.code)).toEqual(["tool_not_allowed", "confirmation_missing"]);
    expect(refunds).toEqual([]);

    // the UI shows the action; the user clicks "confirm"
    const action = session.requestConfirmation({ name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
    session.confirm(action.id);

    const second = await loop.step("Yes, go ahead.");
    expect(second.text).toBe("Refunded 50 EUR.");
    expect(second.rejections.map((v) => v.code)).toEqual(["confirmation_args_mismatch"]);
    expect(refunds).toEqual([{ bookingId: "B1", amount: 50 }]);
    expect(session.state).toBe("refunded");
    expect(client.usage).toMatchObject({ requests: 7, inputTokens: 700, outputTokens: 70 });
  });
});
