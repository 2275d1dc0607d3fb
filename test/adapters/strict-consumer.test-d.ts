/**
 * A strict-mode consumer of the three adapters (tsconfig: strict, noUncheckedIndexedAccess),
 * written as an application would from the SDKs' docs. It must type-check as is; the
 * `@ts-expect-error` lines are the mistakes the types catch.
 */
import { Agent, run, type RunToolApprovalItem } from "@openai/agents";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { generateText, stepCountIs, type ModelMessage } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expectTypeOf, it } from "vitest";
import { AdapterSetupError, guardAiSdk } from "../../src/adapters/ai-sdk.js";
import { confirmMcpAction, createMcpGuardServer, requestMcpConfirmation, requestMcpConfirmations, type McpGuardServer } from "../../src/adapters/mcp.js";
import { guardOpenAIAgents, type AgentsPendingApproval } from "../../src/adapters/openai-agents.js";
import { Session } from "../../src/runtime/session.js";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import { MemorySessionStore } from "../../src/store/memory-store.js";
import { refundGrantsProtocol as refund } from "./fixtures/refund-grants-protocol.js";

declare const payments: { refund(bookingId: string, amount: number, key?: string): Promise<{ id: string }> };
declare function askUser(question: string): Promise<boolean>;

describe("a strict-mode application using every adapter", () => {
  it("Vercel AI SDK", async () => {
    const session = new Session(refund);
    const guard = guardAiSdk(session, {
      tools: {
        lookup_booking: async ({ bookingId }) => ({ bookingId, paid: 50 }),
        issue_refund: async ({ bookingId, amount }) => payments.refund(bookingId, amount),
      },
      toolErrors: "redact",
      onToolError: (error, { tool, sessionId }) => console.error(tool, sessionId, error),
    });
    const messages: ModelMessage[] = [{ role: "user", content: "Refund B1" }];
    const result = await generateText({ model: new MockLanguageModelV4(), ...guard.settings, stopWhen: stepCountIs(8), messages });
    for (const pending of guard.pendingApprovals(result.content)) {
      expectTypeOf(pending.toolName).toEqualTypeOf<"lookup_booking" | "issue_refund">();
      const yes = await askUser(`${pending.action.tool} ${JSON.stringify(pending.action.arguments)}?`);
      messages.push({ role: "tool", content: [yes ? await guard.approve(pending) : await guard.deny(pending)] });
    }
    for (const r of result.staticToolResults) if (r.toolName === "issue_refund") expectTypeOf(r.output).toEqualTypeOf<{ id: string }>();
    expectTypeOf<AdapterSetupError["problem"]>().toEqualTypeOf<"unknown_tool" | "foreign_tool" | "missing_run_context" | "other_session" | "handler_locked">();
  });

  it("OpenAI Agents SDK", async () => {
    const session = new Session(refund);
    const guard = guardOpenAIAgents(session, {
      tools: {
        lookup_booking: async ({ bookingId }) => ({ bookingId }),
        issue_refund: async ({ bookingId, amount }) => payments.refund(bookingId, amount),
      },
    });
    const agent = new Agent({ name: "Refunds", instructions: "Help with refunds.", tools: guard.tools });
    const result = await run(agent, "Refund B1", guard.runOptions);
    const withMine = await run(agent, "Refund B1", guard.runOptionsWith({ userId: "u1" }));
    expectTypeOf(withMine.state._context.context).toMatchTypeOf<{ userId: string; concordatSessionId: string }>();
    // @ts-expect-error -- the context is in runOptions: a second one would be silently overwritten
    await run(agent, "Refund B1", { context: { userId: "u1" }, ...guard.runOptions });
    const pending: AgentsPendingApproval[] = await guard.pendingApprovals(result.interruptions);
    for (const p of pending) {
      const item: RunToolApprovalItem = p.item;
      if (p.action && (await askUser(JSON.stringify(p.action.arguments)))) await guard.approve(result.state, item);
      else await guard.reject(result.state, item);
    }
    const restored = await guard.restore(agent, guard.serialize(result.state));
    await run(agent, restored, guard.runOptions);
  });

  it("MCP: tool maps and confirmation calls are keyed and typed by the protocol", async () => {
    const store = new MemorySessionStore({ secret: "strict-consumer-secret-0123456789" });
    const executor = new GuardedExecutor({ protocol: refund, store });
    const { session } = await executor.create();
    const server = createMcpGuardServer({
      protocol: refund,
      store,
      executor,
      sessionId: session.id,
      tools: {
        lookup_booking: ({ bookingId }) => ({ bookingId }),
        issue_refund: ({ bookingId, amount }, { idempotencyKey }) => payments.refund(bookingId, amount, idempotencyKey),
      },
    });
    expectTypeOf(server).toEqualTypeOf<McpGuardServer<typeof refund>>();
    server.setTool("end_conversation", () => "bye");
    // @ts-expect-error -- not a tool of the protocol
    server.setTool("get_weather", () => "sunny");
    // @ts-expect-error -- amount is a number in the protocol's schema
    server.setTool("issue_refund", (args: { bookingId: string; amount: string }) => args.amount);
    createMcpGuardServer({
      protocol: refund,
      store,
      sessionId: session.id,
      tools: {
        // @ts-expect-error -- misspelled tool name
        issue_refnd: () => 1,
      },
    });
    createMcpGuardServer({
      protocol: refund,
      store,
      sessionId: session.id,
      tools: {
        // @ts-expect-error -- the argument type comes from the protocol (bookingId is a string)
        lookup_booking: (args: { bookingId: number }) => args.bookingId,
      },
    });
    const action = await requestMcpConfirmation(executor, session.id, { name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
    await confirmMcpAction(executor, session.id, action.id);
    // @ts-expect-error -- arguments are checked against the tool's schema
    await requestMcpConfirmation(executor, session.id, { name: "issue_refund", arguments: { bookingId: "B1" } });
    // @ts-expect-error -- misspelled tool name
    await requestMcpConfirmations(executor, session.id, [{ name: "issue_refnd", arguments: { bookingId: "B1", amount: 5 } }]);
    const [client, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await new Client({ name: "c", version: "1" }).connect(client);
  });
});
