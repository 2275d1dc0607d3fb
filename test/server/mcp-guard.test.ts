import { describe, it, expect } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { createMcpGuardServer, MCP_CALL_ID_META, MCP_VIOLATION_META } from "../../src/server/mcp-guard.js";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import { MemorySessionStore } from "../../src/store/memory-store.js";

const SECRET = "store-secret-0123456789abcdef";
const sessionOptions = { confirmation: { key: "grant-key-0123456789abcdef" } };
const REFUND = { bookingId: "B-7", amount: 30 };

async function setup() {
  const store = new MemorySessionStore({ secret: SECRET });
  // the application side (a UI backend, possibly another process): creates the session, records the user's decisions
  const app = new GuardedExecutor({ protocol: refundProtocol, store, sessionOptions });
  const { session } = await app.create();
  const refunds: unknown[] = [];
  const server = createMcpGuardServer({
    protocol: refundProtocol,
    store,
    sessionId: session.id,
    sessionOptions,
    tools: {
      lookup_booking: () => ({ bookingId: "B-7", paid: 30 }),
      request_confirmation: () => "sent",
      receive_message: () => "confirmed",
      issue_refund: (args: unknown) => {
        refunds.push(args);
        return { refundId: "R-1" };
      },
      end_conversation: () => "bye",
    },
  });
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  let listChanged = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    listChanged++;
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const names = async () => (await client.listTools()).tools.map((t) => t.name);
  const text = (r: unknown) => ((r as { content?: { type: string; text: string }[] }).content ?? [])[0]?.text ?? "";
  return { store, app, sessionId: session.id, client, server, refunds, names, text, listChanged: () => listChanged };
}

describe("MCP guard with the SDK's Client", () => {
  it("lists only the tools the stored session allows now, with JSON Schema inputs", async () => {
    const t = await setup();
    const list = (await t.client.listTools()).tools;
    expect(list.map((x) => x.name)).toEqual(["lookup_booking", "end_conversation"]);
    expect(list[0]!.inputSchema).toMatchObject({ type: "object", properties: { bookingId: { type: "string" } }, required: ["bookingId"] });
    expect(list[0]!.annotations).toMatchObject({ readOnlyHint: true });
    await t.client.close();
  });

  it("refuses a premature write before the handler runs; after a structured confirmation it executes exactly once", async () => {
    const t = await setup();
    const premature = await t.client.callTool({ name: "issue_refund", arguments: REFUND });
    expect(premature.isError).toBe(true);
    expect(t.text(premature)).toContain("tool_not_allowed");
    expect(t.text(premature)).toContain("Tools you may call now: lookup_booking, end_conversation");
    expect((premature._meta as Record<string, { code: string }>)[MCP_VIOLATION_META]?.code).toBe("tool_not_allowed");
    expect(t.refunds).toHaveLength(0);

    expect((await t.client.callTool({ name: "lookup_booking", arguments: { bookingId: "B-7" } })).isError).toBeFalsy();
    expect(await t.names()).toEqual(["request_confirmation", "end_conversation"]);
    await t.client.callTool({ name: "request_confirmation", arguments: REFUND });
    // the application registers the action the agent described
    const { value: action } = await t.app.update(t.sessionId, (s) => s.requestConfirmation({ name: "issue_refund", arguments: REFUND }));
    await t.client.callTool({ name: "receive_message", arguments: { text: "yes" } });
    expect(await t.names()).toEqual(["issue_refund"]);

    const noGrant = await t.client.callTool({ name: "issue_refund", arguments: REFUND });
    expect(noGrant.isError).toBe(true);
    expect((noGrant._meta as Record<string, { code: string }>)[MCP_VIOLATION_META]?.code).toBe("confirmation_missing");
    expect(t.refunds).toHaveLength(0);

    // the user confirms through the app's structured path (not through the model)
    await t.app.update(t.sessionId, (s) => s.confirm(action.id));

    const wrongArgs = await t.client.callTool({ name: "issue_refund", arguments: { ...REFUND, amount: 31 } });
    expect((wrongArgs._meta as Record<string, { code: string }>)[MCP_VIOLATION_META]?.code).toBe("confirmation_args_mismatch");
    expect(t.refunds).toHaveLength(0);

    const ok = await t.client.callTool({ name: "issue_refund", arguments: REFUND, _meta: { [MCP_CALL_ID_META]: "refund-1" } });
    expect(ok.isError).toBeFalsy();
    expect(ok.structuredContent).toEqual({ refundId: "R-1" });
    expect(t.refunds).toEqual([REFUND]);

    // a retry of the same call id (a lost response) gets the recorded result; nothing runs again
    const replay = await t.client.callTool({ name: "issue_refund", arguments: REFUND, _meta: { [MCP_CALL_ID_META]: "refund-1" } });
    expect(replay.isError).toBeFalsy();
    expect(replay.structuredContent).toEqual({ refundId: "R-1" });
    const again = await t.client.callTool({ name: "issue_refund", arguments: REFUND });
    expect(again.isError).toBe(true);
    expect(t.refunds).toHaveLength(1);
    expect(await t.names()).toEqual(["end_conversation"]);
    expect(t.listChanged()).toBeGreaterThanOrEqual(4);
    await t.client.close();
  });

  it("sees changes made by other processes through the store, and refuses a tampered session", async () => {
    const t = await setup();
    const other = new GuardedExecutor({ protocol: refundProtocol, store: t.store, sessionOptions });
    await other.execute(t.sessionId, { name: "lookup_booking", arguments: { bookingId: "B-7" } }, () => ({ bookingId: "B-7" }));
    expect(await t.names()).toEqual(["request_confirmation", "end_conversation"]);
    const row = t.store.rows.get(t.sessionId)!;
    t.store.rows.set(t.sessionId, { ...row, data: row.data.replace('"state":"booked"', '"state":"confirmed"') });
    const r = await t.client.callTool({ name: "issue_refund", arguments: REFUND });
    expect((r._meta as Record<string, { code: string }>)[MCP_VIOLATION_META]?.code).toBe("state_tampered");
    expect(t.refunds).toHaveLength(0);
    await t.client.close();
  });
});
