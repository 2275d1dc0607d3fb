/**
 * The README's adapter examples, run as written except for the model (the SDKs' own mock
 * models instead of a provider) and the application's stand-ins (bookings, payments, askUser, db).
 */
import { Agent, run, setTracingDisabled } from "@openai/agents";
import { ScriptedModel, assistantMessage, functionCall } from "@openai/agents/testing";
import { generateText, stepCountIs, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { guardAiSdk } from "../../src/adapters/ai-sdk.js";
import { confirmMcpAction, createMcpGuardServer, requestMcpConfirmation } from "../../src/adapters/mcp.js";
import { guardOpenAIAgents, sessionIdOfRunState } from "../../src/adapters/openai-agents.js";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import { SqliteSessionStore } from "../../src/store/sqlite-store.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { call, say, scriptedModel } from "./fixtures/ai-sdk-script.js";

const refund = defineProtocol({
  name: "refund",
  initial: "start",
  terminal: ["done"],
  tools: {
    lookup_booking: {
      description: "Find a booking by its id.",
      input: z.object({ bookingId: z.string() }),
      effect: "read",
      outcomes: ["found", "not_found"],
      outcome: (r) => (r.ok && r.value ? "found" : "not_found"),
    },
    issue_refund: {
      description: "Refund a booking (needs the user's confirmation).",
      input: z.object({ bookingId: z.string(), amount: z.number().positive() }),
      effect: "write",
      requiresConfirmation: true,
    },
    end_conversation: { description: "End the conversation.", input: z.object({}), effect: "read", exit: true },
  },
  states: {
    start: { on: { lookup_booking: { found: "booked", not_found: "start" }, end_conversation: { ok: "done" } } },
    booked: { on: { issue_refund: { ok: "refunded" }, end_conversation: { ok: "done" } } },
    refunded: { on: { end_conversation: { ok: "done" } } },
    done: {},
  },
});

function app() {
  const refunded: [string, number][] = [];
  const asked: string[] = [];
  const stored = new Map<string, string>();
  return {
    refunded,
    asked,
    stored,
    bookings: { find: async (id: string) => (id === "B1" ? { id, paid: 50 } : null) },
    payments: { refund: async (id: string, amount: number, _idempotencyKey?: string) => void refunded.push([id, amount]) },
    askUser: async (q: string) => (asked.push(q), true),
    logger: { error: (_record: unknown) => undefined },
    db: { put: async (k: string, v: string) => void stored.set(k, v) },
  };
}

describe("README examples", () => {
  it("Vercel AI SDK", async () => {
    const { bookings, payments, askUser, logger, refunded, asked } = app();
    const session = new Session(refund);
    const guard = guardAiSdk(session, {
      tools: {
        lookup_booking: async ({ bookingId }) => bookings.find(bookingId),
        issue_refund: async ({ bookingId, amount }) => payments.refund(bookingId, amount),
        end_conversation: async () => "ended",
      },
      onToolError: (error, { tool, sessionId }) => logger.error({ tool, sessionId, error }),
    });

    const model = scriptedModel([
      () => [call("c1", "lookup_booking", { bookingId: "B1" })],
      () => [call("c2", "issue_refund", { bookingId: "B1", amount: 50 })],
      () => [say("Your refund of 50 EUR is done.")],
    ]).model;
    const messages: ModelMessage[] = [{ role: "user", content: "Please refund booking B1 (50 EUR)." }];
    let result = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(10), messages });
    messages.push(...result.responseMessages);

    const responses = [];
    for (const pending of guard.pendingApprovals(result.content)) {
      const yes = await askUser(`Refund ${JSON.stringify(pending.action.arguments)}?`);
      responses.push(yes ? await guard.approve(pending) : await guard.deny(pending));
    }
    messages.push({ role: "tool", content: responses });
    result = await generateText({ model, ...guard.settings, stopWhen: stepCountIs(10), messages });

    expect(asked).toEqual(['Refund {"bookingId":"B1","amount":50}?']);
    expect(refunded).toEqual([["B1", 50]]);
    expect(result.text).toBe("Your refund of 50 EUR is done.");
    expect(session.state).toBe("refunded");
  });

  it("OpenAI Agents SDK", async () => {
    setTracingDisabled(true);
    const { bookings, payments, askUser, db, refunded, stored } = app();
    const session = new Session(refund);
    const guard = guardOpenAIAgents(session, {
      tools: {
        lookup_booking: async ({ bookingId }) => bookings.find(bookingId),
        issue_refund: async ({ bookingId, amount }) => payments.refund(bookingId, amount),
        end_conversation: async () => "ended",
      },
    });
    const model = new ScriptedModel([
      [functionCall("lookup_booking", { bookingId: "B1" }, { callId: "c1" })],
      [functionCall("issue_refund", { bookingId: "B1", amount: 50 }, { callId: "c2" })],
      [assistantMessage("Your refund of 50 EUR is done.")],
    ]);
    const agent = new Agent({ name: "Refunds", instructions: "Help with refunds.", model, tools: guard.tools });

    const result = await run(agent, "Please refund booking B1 (50 EUR).", guard.runOptions);

    const saved = guard.serialize(result.state);
    await db.put(sessionIdOfRunState(saved)!, saved);

    const state = await guard.restore(agent, saved);
    for (const pending of await guard.pendingApprovals(state.getInterruptions())) {
      const yes = pending.action !== undefined && (await askUser(`Refund ${JSON.stringify(pending.action.arguments)}?`));
      if (yes) await guard.approve(state, pending.item);
      else await guard.reject(state, pending.item);
    }
    const resumed = await run(agent, state, guard.runOptions);

    expect([...stored.keys()]).toEqual([session.id]);
    expect(refunded).toEqual([["B1", 50]]);
    expect(resumed.finalOutput).toBe("Your refund of 50 EUR is done.");
    expect(session.state).toBe("refunded");
  });

  it("MCP", async () => {
    const { bookings, payments, refunded } = app();
    const store = new SqliteSessionStore({ path: ":memory:", secret: "readme-example-secret-0123456789" });
    const executor = new GuardedExecutor({ protocol: refund, store });
    const { session } = await executor.create();

    const server = createMcpGuardServer({
      protocol: refund,
      store,
      executor,
      sessionId: session.id,
      tools: {
        lookup_booking: ({ bookingId }) => bookings.find(bookingId),
        issue_refund: ({ bookingId, amount }, { idempotencyKey }) => payments.refund(bookingId, amount, idempotencyKey),
      },
    });
    server.setTool("end_conversation", () => "ended");
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair(); // the README uses StdioServerTransport
    await server.connect(serverSide);
    const client = new Client({ name: "agent", version: "1.0.0" });
    await client.connect(clientSide);

    await client.callTool({ name: "lookup_booking", arguments: { bookingId: "B1" } });
    const refused = await client.callTool({ name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
    expect(refused.isError).toBe(true);

    const action = await requestMcpConfirmation(executor, session.id, { name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
    await confirmMcpAction(executor, session.id, action.id);

    const done = await client.callTool({ name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
    expect(done.isError).toBeFalsy();
    expect(refunded).toEqual([["B1", 50]]);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["end_conversation"]);
    await client.close();
  });
});
