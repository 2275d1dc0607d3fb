import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { confirmMcpAction, createMcpGuardServer, denyMcpAction, requestMcpConfirmation, violationOfMcpResult } from "../../src/adapters/mcp.js";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import { MemorySessionStore } from "../../src/store/memory-store.js";
import { isProtocolViolation } from "../../src/violation/protocol-violation.js";
import { refundGrantsProtocol } from "./fixtures/refund-grants-protocol.js";

const SECRET = "adapter-test-secret-0123456789";

async function setup() {
  const store = new MemorySessionStore({ secret: SECRET });
  const executor = new GuardedExecutor({ protocol: refundGrantsProtocol, store });
  const { session } = await executor.create();
  const refunds: unknown[] = [];
  const server = createMcpGuardServer({
    protocol: refundGrantsProtocol,
    store,
    executor,
    sessionId: session.id,
    tools: {
      lookup_booking: (args: { bookingId: string }) => (args.bookingId === "B1" ? { bookingId: "B1", paid: 50 } : null),
      issue_refund: (args: { bookingId: string; amount: number }) => {
        refunds.push(args);
        return { refunded: args.amount };
      },
      end_conversation: () => "bye",
    },
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "scripted-agent", version: "1.0.0" });
  let listChanged = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void listChanged++);
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  const tools = async () => (await client.listTools()).tools.map((t) => t.name).sort();
  const callTool = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  return { executor, sessionId: session.id, refunds, client, tools, callTool, text, listChanged: () => listChanged, close: () => client.close() };
}

describe("concordat/mcp", () => {
  it("acceptance over a real MCP client: premature write refused before the handler, confirmation, one execution, changed arguments refused", async () => {
    const t = await setup();
    try {
      expect(await t.tools()).toEqual(["end_conversation", "lookup_booking"]);

      // the scripted model writes first
      const premature = await t.callTool("issue_refund", { bookingId: "B1", amount: 50 });
      expect(premature.isError).toBe(true);
      expect(t.text(premature)).toContain("Tool call refused (tool_not_allowed)");
      expect(violationOfMcpResult(premature)?.code).toBe("tool_not_allowed");
      expect(t.refunds).toEqual([]);

      // it reads the refusal and looks the booking up; the tool list changes
      expect(t.text(await t.callTool("lookup_booking", { bookingId: "B1" }))).toContain('"paid":50');
      expect(await t.tools()).toEqual(["end_conversation", "issue_refund"]);
      await waitUntil(() => t.listChanged() > 0);

      // allowed by the state, but not confirmed
      const unconfirmed = await t.callTool("issue_refund", { bookingId: "B1", amount: 50 });
      expect(t.text(unconfirmed)).toContain("(confirmation_missing)");
      expect(t.refunds).toEqual([]);

      // the model asks the user; the host registers the action and the user confirms it in the UI
      const action = await requestMcpConfirmation(t.executor, t.sessionId, { name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
      await confirmMcpAction(t.executor, t.sessionId, action.id);

      // a changed amount is not what the user confirmed
      const changed = await t.callTool("issue_refund", { bookingId: "B1", amount: 500 });
      expect(t.text(changed)).toContain("(confirmation_args_mismatch)");
      const mismatch = violationOfMcpResult(changed);
      expect(isProtocolViolation(mismatch, "confirmation_args_mismatch") && mismatch.data.attempted).toEqual({ bookingId: "B1", amount: 500 });
      expect(t.refunds).toEqual([]);

      // the confirmed call runs, once
      const ok = await t.callTool("issue_refund", { bookingId: "B1", amount: 50 });
      expect(ok.isError).toBeFalsy();
      expect(t.refunds).toEqual([{ bookingId: "B1", amount: 50 }]);
      const again = await t.callTool("issue_refund", { bookingId: "B1", amount: 50 });
      expect(again.isError).toBe(true);
      expect(t.refunds).toHaveLength(1);

      const { session } = await t.executor.load(t.sessionId);
      expect(session.state).toBe("refunded");
      expect(session.trace.map((e) => e.tool)).toEqual(["lookup_booking", "issue_refund"]);
    } finally {
      await t.close();
    }
  });

  it("a denied action stays refused", async () => {
    const t = await setup();
    try {
      await t.callTool("lookup_booking", { bookingId: "B1" });
      const action = await requestMcpConfirmation(t.executor, t.sessionId, { name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
      await denyMcpAction(t.executor, t.sessionId, action.id);
      const r = await t.callTool("issue_refund", { bookingId: "B1", amount: 50 });
      expect(t.text(r)).toContain("(confirmation_denied)");
      expect(t.refunds).toEqual([]);
      await expect(confirmMcpAction(t.executor, t.sessionId, action.id)).rejects.toThrow(/denied/);
    } finally {
      await t.close();
    }
  });

  it("violationOfMcpResult ignores results that are not Concordat refusals", () => {
    expect(violationOfMcpResult({ isError: false, _meta: {} })).toBeUndefined();
    expect(violationOfMcpResult({ isError: true })).toBeUndefined();
    expect(violationOfMcpResult({ isError: true, _meta: { "concordat/violation": { code: 3 } } })).toBeUndefined();
  });
});

async function waitUntil(cond: () => boolean, ms = 2000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}
