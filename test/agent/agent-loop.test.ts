import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AgentLoop } from "../../src/agent/agent-loop.js";
import { estimateInputTokens, estimateOutputTokens, estimateTextTokens } from "../../src/agent/estimate-tokens.js";
import type { ModelRequest } from "../../src/agent/model-client.js";
import { RetryPolicy } from "../../src/agent/retry-policy.js";
import { ScriptedModelClient, call, say, toolCalls } from "../../src/agent/scripted-model-client.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import type { SessionPolicy, TokenUsage } from "../../src/runtime/session-policy.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { MemoryViolationSink, ViolationLog } from "../../src/violation/violation-log.js";

const shop = defineProtocol({
  name: "shop",
  initial: "browsing",
  terminal: ["done"],
  tools: {
    find_item: {
      input: z.object({ sku: z.string() }),
      effect: "read",
      outcomes: ["found", "missing"],
      outcome: (r) => (r.ok && r.value ? "found" : "missing"),
    },
    buy: { input: z.object({ sku: z.string() }), effect: "write" },
    leave: { input: z.object({}), effect: "read", exit: true },
    gift_wrap: { input: z.object({}), effect: "read" },
  },
  states: {
    browsing: { on: { find_item: { found: "chosen", missing: "browsing" }, leave: { ok: "done" } } },
    chosen: { on: { buy: { ok: "bought" }, gift_wrap: { ok: "chosen" }, leave: { ok: "done" } } },
    bought: { on: { leave: { ok: "done" } } },
    done: {},
  },
});

function setup(script: ConstructorParameters<typeof ScriptedModelClient>[0], extra: Partial<ConstructorParameters<typeof AgentLoop>[0]> = {}) {
  const bought: string[] = [];
  const sink = new MemoryViolationSink();
  const session = new Session(shop, { log: new ViolationLog([sink]) });
  const model = new ScriptedModelClient(script);
  const loop = new AgentLoop({
    session,
    model,
    tools: {
      find_item: ({ sku }: { sku: string }) => (sku === "S1" ? { sku, price: 3 } : null),
      buy: ({ sku }: { sku: string }) => {
        bought.push(sku);
        return { ok: true };
      },
      leave: () => "bye",
    },
    ...extra,
  });
  return { bought, sink, session, model, loop };
}

describe("AgentLoop", () => {
  it("offers only the tools the session allows now (and that are implemented), each model call", async () => {
    const { loop, model } = setup([toolCalls(call("find_item", { sku: "S1" })), toolCalls(call("buy", { sku: "S1" })), say("Bought.")]);
    const r = await loop.step("buy S1");
    expect(model.offeredTools()).toEqual([
      ["find_item", "leave"],
      ["buy", "leave"], // gift_wrap is allowed but has no implementation
      ["leave"],
    ]);
    expect(r.text).toBe("Bought.");
    expect(r.stopReason).toBe("answered");
    expect(r.modelCalls).toBe(3);
    expect(r.executed.map((e) => [e.call.name, e.from, e.to])).toEqual([
      ["find_item", "browsing", "chosen"],
      ["buy", "chosen", "bought"],
    ]);
    expect(r.executed[0]!.result).toEqual({ sku: "S1", price: 3 });
  });

  it("hands a refusal back as violation.toModelMessage(), skips the rest of the turn, and lets the model retry", async () => {
    const { loop, model, bought, sink } = setup([
      toolCalls(call("buy", { sku: "S1" }, "c1"), call("leave", {}, "c2")),
      toolCalls(call("find_item", { sku: "S1" })),
      toolCalls(call("buy", { sku: "S1" })),
      say("Done."),
    ]);
    const r = await loop.step("buy S1 now");
    expect(bought).toEqual(["S1"]);
    expect(r.rejections.map((v) => v.code)).toEqual(["tool_not_allowed"]);
    const second = model.requests[1]!.messages;
    const refusalMsg = second.find((m) => m.role === "tool" && m.toolCallId === "c1");
    expect(refusalMsg?.content).toBe(r.rejections[0]!.toModelMessage());
    expect(refusalMsg?.content).toContain("Tools you may call now: find_item, leave");
    const skipped = second.find((m) => m.role === "tool" && m.toolCallId === "c2");
    expect(skipped?.content).toMatch(/^Not run: an earlier tool call in this turn \(buy\) was refused/);
    // the skipped leave did not end the session
    expect(r.executed.map((e) => e.call.name)).toEqual(["find_item", "buy"]);
    // the violation record carries the last messages
    expect(sink.records).toHaveLength(1);
    expect(sink.records[0]!.lastMessages?.length).toBeGreaterThan(0);
  });

  it("stops with retries_exhausted after maxRetries refused turns in a row, keeping what the step did", async () => {
    const { loop, model, session } = setup(
      Array.from({ length: 10 }, () => toolCalls(call("buy", { sku: "S1" }))),
      { maxRetries: 2 },
    );
    let err: unknown;
    try {
      await loop.step("buy");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ProtocolViolation);
    const v = err as ProtocolViolation<"retries_exhausted">;
    expect(v.code).toBe("retries_exhausted");
    expect(v.message).toContain("3 turns in a row were refused (maxRetries = 2)");
    expect(model.requests).toHaveLength(3);
    expect(v.data.step?.rejections).toHaveLength(3);
    expect(v.data.step?.modelCalls).toBe(3);
    expect(session.state).toBe("browsing");
  });

  it("a clean turn resets the retry count", async () => {
    const { loop } = setup(
      [
        toolCalls(call("buy", { sku: "S1" })),
        toolCalls(call("buy", { sku: "S1" })),
        toolCalls(call("find_item", { sku: "nope" })),
        toolCalls(call("buy", { sku: "S1" })),
        toolCalls(call("buy", { sku: "S1" })),
        say("giving up"),
      ],
      { maxRetries: 2 },
    );
    const r = await loop.step("x");
    expect(r.rejections).toHaveLength(4);
    expect(r.text).toBe("giving up");
  });

  it("maxRetries 0 stops at the first refused turn", async () => {
    const { loop } = setup([toolCalls(call("buy", { sku: "S1" }))], { maxRetries: 0 });
    await expect(loop.step("x")).rejects.toMatchObject({ code: "retries_exhausted" });
  });

  it("validates arguments before running, and refuses unknown or unimplemented tools", async () => {
    const { loop, bought } = setup(
      [
        toolCalls(call("find_item", { sku: 5 })),
        toolCalls(call("teleport", {})),
        toolCalls(call("find_item", { sku: "S1" })),
        toolCalls(call("gift_wrap", {})),
        say("ok"),
      ],
      { maxRetries: 5 },
    );
    const r = await loop.step("x");
    expect(r.rejections.map((v) => v.code)).toEqual(["invalid_arguments", "unknown_tool", "unknown_tool"]);
    expect(r.rejections[2]!.message).toContain("no implementation");
    expect(bought).toEqual([]);
  });

  it("reports a tool's error to the model; the state moves only when the error maps to an outcome", async () => {
    const session = new Session(shop);
    const model = new ScriptedModelClient([toolCalls(call("find_item", { sku: "S1" })), say("sorry")]);
    const loop = new AgentLoop({
      session,
      model,
      tools: {
        find_item: () => {
          throw new Error("inventory offline");
        },
      },
    });
    const r = await loop.step("x");
    // find_item maps a thrown error to "missing" (its outcome function), so it advanced browsing → browsing
    expect(r.executed).toHaveLength(1);
    expect(r.executed[0]!.error).toBeInstanceOf(Error);
    expect(model.requests[1]!.messages.at(-1)).toMatchObject({ role: "tool", content: "Error: inventory offline" });
  });

  it("stops at maxToolSteps", async () => {
    const { loop } = setup((_req, turn) => toolCalls(call(turn === 0 ? "find_item" : "gift_wrap", { sku: "S1" })), { maxToolSteps: 3, maxRetries: 10 });
    const r = await loop.step("loop forever");
    expect(r.stopReason).toBe("max_tool_steps");
    expect(r.modelCalls).toBe(3);
    expect(r.text).toBeUndefined();
  });

  it("calls session.beforeModelCall with an estimate and afterModelCall with the reported or estimated usage", async () => {
    const seen: { before: TokenUsage[]; after: TokenUsage[] } = { before: [], after: [] };
    const spy: SessionPolicy = {
      key: "spy",
      beforeModelCall: (_s, e) => void seen.before.push(e),
      afterModelCall: (_s, u) => void seen.after.push(u),
    };
    const session = new Session(shop, { policies: [spy] });
    const model = new ScriptedModelClient([{ ...toolCalls(call("find_item", { sku: "S1" })), usage: { inputTokens: 111, outputTokens: 7 } }, say("done")]);
    const loop = new AgentLoop({ session, model, tools: { find_item: () => ({ sku: "S1" }) }, system: "You sell things." });
    const r = await loop.step("find S1");
    expect(seen.before).toHaveLength(2);
    expect(seen.before[0]!.inputTokens).toBe(estimateInputTokens(model.requests[0]!.messages, model.requests[0]!.tools));
    expect(seen.before[0]!.outputTokens).toBe(256);
    expect(seen.after[0]).toEqual({ inputTokens: 111, outputTokens: 7 });
    expect(seen.after[1]).toEqual({ inputTokens: seen.before[1]!.inputTokens, outputTokens: estimateOutputTokens({ text: "done", toolCalls: [] }) });
    expect(r.usage).toEqual({ inputTokens: 111 + seen.before[1]!.inputTokens, outputTokens: 7 + estimateTextTokens("done") });
    expect(model.requests[0]!.messages[0]).toEqual({ role: "system", content: "You sell things." });
  });

  it("a budget refusal before a model call is thrown and the model is not called", async () => {
    const deny: SessionPolicy = {
      key: "deny",
      beforeModelCall: () => {
        throw new ProtocolViolation({
          code: "budget_exceeded",
          message: "no tokens left",
          data: { dimension: "inputTokens", limit: 0, used: 0, requested: 1, scope: "run" },
        });
      },
    };
    const session = new Session(shop, { policies: [deny] });
    const model = new ScriptedModelClient([say("never")]);
    const loop = new AgentLoop({ session, model, tools: {} });
    await expect(loop.step("x")).rejects.toMatchObject({ code: "budget_exceeded" });
    expect(model.requests).toHaveLength(0);
  });

  it("keeps the conversation across steps", async () => {
    const { loop, model } = setup([say("hi"), say("again")]);
    await loop.step("one");
    await loop.step("two");
    expect(model.requests[1]!.messages.map((m) => `${m.role}:${m.content}`)).toEqual(["user:one", "assistant:hi", "user:two"]);
    expect(loop.messages).toHaveLength(4);
  });

  it("rejects bad options clearly", () => {
    const session = new Session(shop);
    const model = new ScriptedModelClient([]);
    expect(() => new AgentLoop({ session, model: {} as never, tools: {} })).toThrow(/options.model must be a ModelClient/);
    expect(() => new AgentLoop({ session, model, tools: { x: 5 as never } })).toThrow(/options.tools.x must be a function/);
    expect(() => new AgentLoop({ session, model, tools: {}, maxRetries: -1 })).toThrow(/maxRetries must be a non-negative integer/);
    expect(() => new AgentLoop({ session, model, tools: {}, maxToolSteps: 0 })).toThrow(/maxToolSteps must be a positive integer/);
  });
});

describe("ScriptedModelClient", () => {
  it("replays turns, records requests and says when the script ran out", async () => {
    const m = new ScriptedModelClient([say("a"), (req: ModelRequest) => say(`tools: ${req.tools.length}`)]);
    expect(await m.generate({ messages: [], tools: [] })).toEqual({ text: "a", toolCalls: [] });
    expect((await m.generate({ messages: [], tools: [] })).text).toBe("tools: 0");
    await expect(m.generate({ messages: [], tools: [] })).rejects.toThrow(/the script has 2 turn\(s\) and turn 3 was requested/);
    expect(m.requests).toHaveLength(3);
  });
});

describe("RetryPolicy", () => {
  it("allows maxRetries refused turns in a row", () => {
    const p = new RetryPolicy(2);
    expect(p.onRejectedTurn()).toBe("retry");
    expect(p.onRejectedTurn()).toBe("retry");
    expect(p.onRejectedTurn()).toBe("stop");
    p.onCleanTurn();
    expect(p.retriesUsed).toBe(0);
    expect(p.onRejectedTurn()).toBe("retry");
  });
});

describe("token estimates", () => {
  it("are about four characters per token, with overheads, and zero for nothing", () => {
    expect(estimateTextTokens("")).toBe(0);
    expect(estimateTextTokens("abcd")).toBe(1);
    expect(estimateTextTokens("abcde")).toBe(2);
    const one = estimateInputTokens([{ role: "user", content: "x".repeat(400) }]);
    expect(one).toBe(104);
    expect(
      estimateInputTokens(
        [{ role: "user", content: "x".repeat(400) }],
        [{ name: "t", description: "d", parameters: {}, effect: "read", requiresConfirmation: false }],
      ),
    ).toBeGreaterThan(one);
    expect(estimateOutputTokens({ toolCalls: [{ id: "1", name: "abcd", arguments: { a: 1 } }] })).toBe(Math.ceil((4 + 7) / 4) + 4);
  });
});
