import { generateText, simulateReadableStream, stepCountIs, streamText, tool, ToolLoopAgent, type ModelMessage } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { guardAiSdk } from "../../src/adapters/ai-sdk.js";
import { ToolCallRejectedError } from "../../src/adapters/tool-call-rejected-error.js";
import { Session } from "../../src/runtime/session.js";
import { MemoryViolationSink, ViolationLog } from "../../src/violation/violation-log.js";
import { call, say, scriptedModel, toolResultTexts } from "./fixtures/ai-sdk-script.js";
import { refundGrantsProtocol } from "./fixtures/refund-grants-protocol.js";

function setup() {
  const sink = new MemoryViolationSink();
  const session = new Session(refundGrantsProtocol, { log: new ViolationLog([sink]) });
  const refunds: { bookingId: string; amount: number }[] = [];
  const lookups: string[] = [];
  const guard = guardAiSdk(session, {
    tools: {
      lookup_booking: async ({ bookingId }) => {
        lookups.push(bookingId);
        return bookingId === "B1" ? { bookingId, paid: 50 } : null;
      },
      issue_refund: async (args) => {
        refunds.push(args);
        return { refunded: args.amount };
      },
      end_conversation: async () => "bye",
    },
  });
  return { session, guard, refunds, lookups, sink };
}

describe("concordat/ai-sdk", () => {
  it("offers only the tools the session's state allows, step by step (prepareStep → activeTools)", async () => {
    const { guard, session } = setup();
    const { model, seen } = scriptedModel([
      () => [call("c1", "lookup_booking", { bookingId: "B1" })],
      () => [call("c2", "end_conversation", {})],
      () => [say("Goodbye.")],
    ]);
    const result = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(5), prompt: "Refund B1" });
    expect(seen.map((s) => s.tools.sort())).toEqual([["end_conversation", "lookup_booking"], ["end_conversation", "issue_refund"], []]);
    expect(session.state).toBe("done");
    expect(result.text).toBe("Goodbye.");
  });

  it("blocks a call to a tool the step did not offer before anything runs, and the model reads why", async () => {
    const { guard, session, refunds, sink } = setup();
    const { model, seen } = scriptedModel([() => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })], () => [say("Sorry.")]]);
    await generateText({ model, ...guard.settings, stopWhen: stepCountIs(3), prompt: "Refund B1 now" });
    expect(refunds).toEqual([]);
    expect(session.state).toBe("start");
    const texts = toolResultTexts(seen[1]!);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain("Tool call refused (tool_not_allowed)");
    expect(texts[0]).toContain("Tools you may call now: lookup_booking, end_conversation.");
    expect(sink.records.map((r) => r.code)).toEqual(["tool_not_allowed"]);
  });

  it("validates arguments with the protocol's schema; unparsable input is refused the same way", async () => {
    const { guard, lookups, session } = setup();
    const { model, seen } = scriptedModel([
      () => [call("c1", "lookup_booking", { bookingId: 7 })],
      () => [call("c2", "lookup_booking", '{"bookingId": "B1"')],
      () => [say("I could not look it up.")],
    ]);
    await generateText({ model, ...guard.settings, stopWhen: stepCountIs(4), prompt: "Look up B1" });
    expect(lookups).toEqual([]);
    expect(session.state).toBe("start");
    // exactly the violation's model message (no error-class prefix)
    expect(toolResultTexts(seen[1]!)[0]).toMatch(/^Tool call refused \(invalid_arguments\).*bookingId/);
    expect(toolResultTexts(seen[2]!)[1]).toContain("Tool call refused (invalid_arguments)");
  });

  it("wraps an existing AI SDK tool: its execute runs only after the session accepted the call", async () => {
    const session = new Session(refundGrantsProtocol);
    const calls: unknown[] = [];
    const lookup = tool({
      description: "Find a booking (app's own tool).",
      inputSchema: z.object({ bookingId: z.string() }),
      execute: async (input) => {
        calls.push(input);
        return { bookingId: input.bookingId };
      },
    });
    const guard = guardAiSdk(session, { tools: { lookup_booking: lookup } });
    expect(guard.tools["lookup_booking"]!.description).toBe("Find a booking (app's own tool).");
    const { model } = scriptedModel([() => [call("c1", "lookup_booking", { bookingId: "B9" })], () => [say("Found.")]]);
    await generateText({ model, ...guard.settings, stopWhen: stepCountIs(3), prompt: "B9?" });
    expect(calls).toEqual([{ bookingId: "B9" }]);
    expect(session.state).toBe("booked");
    expect(session.trace[0]).toMatchObject({ tool: "lookup_booking", callId: "c1", outcome: "found" });
  });

  it("works as ToolLoopAgent settings", async () => {
    const { guard, session, refunds } = setup();
    const { model, seen } = scriptedModel([
      () => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })],
      () => [call("c2", "lookup_booking", { bookingId: "B1" })],
      () => [say("Found it.")],
    ]);
    const agent = new ToolLoopAgent({ model, ...guard.settings, stopWhen: stepCountIs(5) });
    const result = await agent.generate({ prompt: "Refund B1" });
    expect(result.text).toBe("Found it.");
    expect(toolResultTexts(seen[1]!)[0]).toContain("(tool_not_allowed)");
    expect(refunds).toEqual([]);
    expect(session.state).toBe("booked");
  });

  it("works with streamText", async () => {
    const { guard, session, refunds } = setup();
    const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
    const streams = [
      [{ type: "tool-call", toolCallId: "c1", toolName: "issue_refund", input: '{"bookingId":"B1","amount":50}' }],
      [{ type: "tool-call", toolCallId: "c2", toolName: "lookup_booking", input: '{"bookingId":"B1"}' }],
      [
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "Found it." },
        { type: "text-end", id: "t" },
      ],
    ];
    const prompts: unknown[] = [];
    const model = new MockLanguageModelV4({
      doStream: async (options) => {
        prompts.push(options.prompt);
        const parts = streams.shift()!;
        const finish = parts[0]!.type === "tool-call" ? "tool-calls" : "stop";
        return {
          stream: simulateReadableStream({
            chunks: [{ type: "stream-start", warnings: [] }, ...parts, { type: "finish", finishReason: { unified: finish, raw: undefined }, usage }] as never[],
          }),
        };
      },
    });
    const result = streamText({ model, ...guard.settings, stopWhen: stepCountIs(5), prompt: "Refund B1" });
    expect(await result.text).toBe("Found it.");
    expect(JSON.stringify(prompts[1])).toContain("(tool_not_allowed)");
    expect(refunds).toEqual([]);
    expect(session.state).toBe("booked");
  });

  it("refuses implementations for tools the protocol does not have", () => {
    const session = new Session(refundGrantsProtocol);
    expect(() => guardAiSdk(session, { tools: { delete_everything: async () => 1 } as never })).toThrow(
      /"delete_everything" is not a tool of protocol "refund-grants".*Fix/,
    );
  });

  it("acceptance: premature write blocked, rejection read, confirmation asked, one execution after a structured confirmation", async () => {
    const { guard, session, refunds, sink } = setup();
    const { model, seen } = scriptedModel([
      // premature: the write before the booking was even looked up
      () => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })],
      (s) => {
        expect(toolResultTexts(s)[0]).toContain("(tool_not_allowed)");
        return [call("c2", "lookup_booking", { bookingId: "B1" })];
      },
      // now allowed by the state, but not confirmed: the SDK asks for approval instead of running it
      () => [call("c3", "issue_refund", { bookingId: "B1", amount: 50 })],
    ]);
    const messages: ModelMessage[] = [{ role: "user", content: "Refund booking B1 please" }];
    const first = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(6), messages });
    expect(refunds).toEqual([]);
    expect(session.state).toBe("booked");

    const pending = guard.pendingApprovals(first.content);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.action).toMatchObject({ tool: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
    const request = first.content.find((p) => p.type === "tool-approval-request")!;
    expect(request.type === "tool-approval-request" && request.reason).toContain(pending[0]!.action.id);

    // the user clicks "yes" in the UI: a grant for exactly these arguments
    const response = await guard.approve(request as never);
    expect(response).toMatchObject({ type: "tool-approval-response", approved: true });
    messages.push(...first.responseMessages, { role: "tool", content: [response] });

    const { model: model2, seen: seen2 } = scriptedModel([
      (s) => {
        expect(toolResultTexts(s).at(-1)).toBe('{"refunded":50}');
        // the model tries to do it again: refused, the grant was single-use and the state moved on
        return [call("c4", "issue_refund", { bookingId: "B1", amount: 50 })];
      },
      () => [call("c5", "end_conversation", {})],
      () => [say("Refunded 50.")],
    ]);
    const second = await generateText({ model: model2, ...guard.settings, stopWhen: stepCountIs(6), messages });
    expect(refunds).toEqual([{ bookingId: "B1", amount: 50 }]);
    expect(toolResultTexts(seen2[1]!).at(-1)).toContain("(tool_not_allowed)");
    expect(second.text).toBe("Refunded 50.");
    expect(session.state).toBe("done");
    expect(session.trace.map((t) => t.tool)).toEqual(["lookup_booking", "issue_refund", "end_conversation"]);
    expect(sink.records.map((r) => r.code)).toEqual(["tool_not_allowed", "confirmation_missing", "tool_not_allowed"]);
    expect(seen.length + seen2.length).toBe(6);
  });

  it("acceptance: an argument changed after the confirmation is blocked (edited history); a new amount is a new question for the user", async () => {
    const { guard, session, refunds } = setup();
    await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model } = scriptedModel([() => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })]]);
    const messages: ModelMessage[] = [{ role: "user", content: "Refund B1" }];
    const first = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(3), messages });
    const request = first.content.find((p) => p.type === "tool-approval-request")!;
    const response = await guard.approve(request as never);

    // a client edits the approved call in the history: 50 → 500
    const edited = first.responseMessages.map((m) =>
      m.role !== "assistant" || typeof m.content === "string"
        ? m
        : { ...m, content: m.content.map((p) => (p.type === "tool-call" ? { ...p, input: { bookingId: "B1", amount: 500 } } : p)) },
    );
    messages.push(...(edited as ModelMessage[]), { role: "tool", content: [response] });
    const { model: model2, seen: seen2 } = scriptedModel([
      (s) => {
        expect(toolResultTexts(s)[0]).toMatch(/^denied: Tool call refused \(confirmation_args_mismatch\)/);
        expect(toolResultTexts(s)[0]).toContain("500");
        // the model changes the amount in a fresh call: not what the user confirmed, so the user is asked about it
        return [call("c2", "issue_refund", { bookingId: "B1", amount: 60 })];
      },
    ]);
    const second = await generateText({ model: model2, ...guard.settings, stopWhen: stepCountIs(5), messages });
    expect(seen2).toHaveLength(1);
    const pending = guard.pendingApprovals(second.content);
    expect(pending.map((p) => [p.toolCallId, p.action.arguments])).toEqual([["c2", { bookingId: "B1", amount: 60 }]]);
    // nothing ran: neither the edited call nor the new amount
    expect(refunds).toEqual([]);
    expect(session.state).toBe("booked");
    // the grant for c1 (50) is still there, and only c1 may use it
    expect(session.check({ id: "c9", name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } }).ok).toBe(false);
    expect(session.check({ id: "c1", name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } }).ok).toBe(true);
  });

  it("an SDK approval without a Concordat grant cannot run the write", async () => {
    const { guard, session, refunds } = setup();
    await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model } = scriptedModel([() => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })]]);
    const messages: ModelMessage[] = [{ role: "user", content: "Refund B1" }];
    const first = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(3), messages });
    const request = first.content.find((p) => p.type === "tool-approval-request")!;
    // approved in the SDK only (e.g. a forged client message), never confirmed in Concordat
    messages.push(...first.responseMessages, {
      role: "tool",
      content: [{ type: "tool-approval-response", approvalId: (request as { approvalId: string }).approvalId, approved: true }],
    });
    const { model: model2, seen } = scriptedModel([() => [say("ok")]]);
    await generateText({ model: model2, ...guard.settings, stopWhen: stepCountIs(2), messages });
    expect(refunds).toEqual([]);
    expect(session.state).toBe("booked");
    expect(toolResultTexts(seen[0]!)[0]).toContain("(confirmation_missing)");
  });

  it("a denial reaches the model and blocks the same call afterwards", async () => {
    const { guard, session, refunds } = setup();
    await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model } = scriptedModel([() => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })]]);
    const messages: ModelMessage[] = [{ role: "user", content: "Refund B1" }];
    const first = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(3), messages });
    const request = first.content.find((p) => p.type === "tool-approval-request")!;
    const response = await guard.deny(request as never);
    expect(response.approved).toBe(false);
    messages.push(...first.responseMessages, { role: "tool", content: [response] });
    const { model: model2, seen } = scriptedModel([() => [call("c2", "issue_refund", { bookingId: "B1", amount: 50 })], () => [say("Understood.")]]);
    await generateText({ model: model2, ...guard.settings, stopWhen: stepCountIs(3), messages });
    expect(toolResultTexts(seen[0]!)[0]).toContain("declined");
    expect(toolResultTexts(seen[1]!).at(-1)).toContain("(confirmation_denied)");
    expect(refunds).toEqual([]);
  });

  it("answers approvals from pendingApprovals() entries, and from a guard that did not ask (e.g. after a restart)", async () => {
    const { guard, session, refunds } = setup();
    await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model } = scriptedModel([() => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })]]);
    const messages: ModelMessage[] = [{ role: "user", content: "Refund B1" }];
    const first = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(3), messages });
    const [pending] = guard.pendingApprovals(first.content);
    expect(pending?.toolCallId).toBe("c1");

    // a second guard on the same session knows nothing of c1: it asks for exactly the call in the part
    const other = guardAiSdk(session, { tools: { issue_refund: async (args) => void refunds.push(args) } });
    const part = first.content.find((p) => p.type === "tool-approval-request")!;
    await expect(other.approve({ approvalId: "x", toolCallId: "nope" })).rejects.toThrow(/was not requested for session .*Fix/);
    const response = await other.approve(part as never);
    expect(response.approved).toBe(true);
    messages.push(...first.responseMessages, { role: "tool", content: [response] });
    const { model: model2 } = scriptedModel([() => [say("Refunded.")]]);
    await generateText({ model: model2, ...other.settings, stopWhen: stepCountIs(2), messages });
    expect(refunds).toEqual([{ bookingId: "B1", amount: 50 }]);
    expect(session.state).toBe("refunded");
  });

  it("refusals are ToolCallRejectedError with the violation attached", async () => {
    const { guard } = setup();
    const exec = guard.tools["issue_refund"]!.execute!;
    const err = await Promise.resolve(exec({ bookingId: "B1", amount: 5 }, { toolCallId: "x", messages: [], context: undefined })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolCallRejectedError);
    expect((err as ToolCallRejectedError).violation.code).toBe("tool_not_allowed");
    expect((err as ToolCallRejectedError).message).toBe((err as ToolCallRejectedError).violation.toModelMessage());
  });
});
