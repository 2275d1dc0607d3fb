import type { ToolSet } from "ai";
import type { FunctionTool } from "@openai/agents";
import { describe, expectTypeOf, it } from "vitest";
import { guardAiSdk } from "../../src/adapters/ai-sdk.js";
import { guardOpenAIAgents } from "../../src/adapters/openai-agents.js";
import { Session } from "../../src/runtime/session.js";
import { refundGrantsProtocol } from "./fixtures/refund-grants-protocol.js";

const session = new Session(refundGrantsProtocol);

describe("adapter types", () => {
  it("AI SDK: implementations get the protocol's argument types; unknown tool names do not compile", () => {
    const guard = guardAiSdk(session, {
      tools: {
        issue_refund: async (args) => {
          expectTypeOf(args).toEqualTypeOf<{ bookingId: string; amount: number }>();
          return args.amount;
        },
      },
    });
    expectTypeOf(guard.settings.tools).toMatchTypeOf<ToolSet>();
    expectTypeOf<keyof typeof guard.settings.tools>().toEqualTypeOf<"issue_refund">();
    guardAiSdk(session, {
      tools: {
        // @ts-expect-error -- not a tool of the protocol
        delete_everything: async () => 1,
      },
    });
    guardAiSdk(session, {
      tools: {
        // @ts-expect-error -- amount is a number in the protocol's schema
        issue_refund: async (args: { bookingId: string; amount: string }) => args.amount,
      },
    });
  });

  it("OpenAI Agents: same typing; tools are FunctionTools", () => {
    const guard = guardOpenAIAgents(session, {
      tools: {
        lookup_booking: async (args) => {
          expectTypeOf(args).toEqualTypeOf<{ bookingId: string }>();
          return null;
        },
      },
    });
    expectTypeOf(guard.tools).toEqualTypeOf<FunctionTool<any, any, any>[]>();
    guardOpenAIAgents(session, {
      tools: {
        // @ts-expect-error -- not a tool of the protocol
        wire_money: async () => 1,
      },
    });
  });
});
