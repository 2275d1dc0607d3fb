/**
 * A strict-mode consumer of `concordat/ai-sdk`, written as an application would: the result's
 * tool names and outputs are typed from the protocol and the implementations.
 */
import { generateText, stepCountIs, streamText, ToolLoopAgent, tool, type ModelMessage } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { guardAiSdk, type AiSdkPendingApproval } from "../../src/adapters/ai-sdk.js";
import { Session } from "../../src/runtime/session.js";
import { refundGrantsProtocol } from "./fixtures/refund-grants-protocol.js";

type ToolName = "lookup_booking" | "issue_refund" | "end_conversation";

describe("concordat/ai-sdk types", () => {
  it("result tool names and outputs come from the protocol and the implementations", async () => {
    const session = new Session(refundGrantsProtocol);
    const guard = guardAiSdk(session, {
      tools: {
        lookup_booking: async ({ bookingId }) => ({ bookingId, paid: 50 }),
        issue_refund: async ({ amount }) => ({ refunded: amount }),
        end_conversation: () => "bye" as const,
      },
    });
    const model = new MockLanguageModelV4();
    const messages: ModelMessage[] = [{ role: "user", content: "Refund B1" }];
    const result = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(5), messages });
    expectTypeOf(result.staticToolResults[0]!.toolName).toEqualTypeOf<ToolName>();
    for (const r of result.toolResults) {
      if (r.dynamic) continue;
      expectTypeOf(r.toolName).toEqualTypeOf<ToolName>();
      if (r.toolName === "issue_refund") {
        expectTypeOf(r.input).toEqualTypeOf<{ bookingId: string; amount: number }>();
        expectTypeOf(r.output).toEqualTypeOf<{ refunded: number }>();
      }
      if (r.toolName === "end_conversation") expectTypeOf(r.output).toEqualTypeOf<"bye">();
    }
    const pending = guard.pendingApprovals(result.content);
    expectTypeOf(pending).toEqualTypeOf<AiSdkPendingApproval<ToolName>[]>();
    messages.push({ role: "tool", content: [await guard.approve(pending[0]!)] });

    const streamed = streamText({ model, ...guard.settings, messages });
    expectTypeOf((await streamed.staticToolCalls)[0]!.toolName).toEqualTypeOf<ToolName>();

    const agent = new ToolLoopAgent({ model, ...guard.settings });
    expectTypeOf((await agent.generate({ prompt: "x" })).staticToolResults[0]!.toolName).toEqualTypeOf<ToolName>();
  });

  it("only implemented tools are in the tool set; your own AI SDK tool keeps its output type", async () => {
    const session = new Session(refundGrantsProtocol);
    const lookup = tool({ inputSchema: z.object({ bookingId: z.string() }), execute: async ({ bookingId }) => ({ found: bookingId }) });
    const guard = guardAiSdk(session, { tools: { lookup_booking: lookup } });
    expectTypeOf<keyof typeof guard.settings.tools>().toEqualTypeOf<"lookup_booking">();
    const result = await generateText({ model: new MockLanguageModelV4(), ...guard.settings, prompt: "B1?" });
    expectTypeOf(result.staticToolResults[0]!.output).toEqualTypeOf<{ found: string }>();
    // @ts-expect-error -- issue_refund has no implementation, so it is not a tool of this guard
    guard.settings.tools.issue_refund;
  });

  it("extra tools can be added next to the guarded ones (they are never offered by the guard's activeTools)", async () => {
    const session = new Session(refundGrantsProtocol);
    const guard = guardAiSdk(session, { tools: { lookup_booking: async () => null } });
    const weather = tool({ inputSchema: z.object({}), execute: async () => "sunny" });
    const result = await generateText({ model: new MockLanguageModelV4(), ...guard.settings, tools: { ...guard.settings.tools, weather }, prompt: "x" });
    expectTypeOf(result.staticToolResults[0]!.toolName).toEqualTypeOf<"lookup_booking" | "weather">();
  });
});
