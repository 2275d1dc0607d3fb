/**
 * The MCP guard under the ordinary mistakes and flows of issue 20, driven the way the MCP SDK's
 * docs show a client (`Client.listTools` / `Client.callTool`), over the in-memory transport and
 * over Streamable HTTP with SSE responses (the SDK's streaming transport).
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { Protocol as McpProtocolBase } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { CallToolRequestSchema, ListToolsRequestSchema, PingRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import {
  AdapterSetupError,
  confirmMcpAction,
  createMcpGuardServer,
  denyMcpAction,
  requestMcpConfirmation,
  requestMcpConfirmations,
  violationOfMcpResult,
  type McpGuardServer,
} from "../../src/adapters/mcp.js";
import type { ToolErrorOptions } from "../../src/adapters/tool-errors.js";
import { GuardedExecutor } from "../../src/store/guarded-executor.js";
import { MemorySessionStore } from "../../src/store/memory-store.js";
import { grantCheckedWrite } from "./fixtures/granted-write.js";
import { refundLoopProtocol } from "./fixtures/refund-loop-protocol.js";

type Refund = { bookingId: string; amount: number };
type Transport = "in-memory" | "streamable HTTP (SSE)";
const TRANSPORTS: readonly Transport[] = ["in-memory", "streamable HTTP (SSE)"];

const closers: (() => Promise<void>)[] = [];
/** Every refund body that ran in a test ran with a grant consumed for exactly it. */
const checks: (() => void)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
  while (checks.length > 0) checks.pop()!();
});

/** Connects a client to the server over the chosen transport, as the MCP SDK docs show. */
async function connect(server: McpGuardServer<typeof refundLoopProtocol>, transport: Transport): Promise<Client> {
  const client = new Client({ name: "scripted-agent", version: "1.0.0" });
  if (transport === "in-memory") {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    closers.push(() => client.close());
    return client;
  }
  const serverTransport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
  await server.connect(serverTransport);
  const http: HttpServer = createServer((req, res) => void serverTransport.handleRequest(req, res));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  closers.push(async () => {
    await client.close();
    await server.close();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
  return client;
}

async function setup(transport: Transport, errorOptions: ToolErrorOptions = { onToolError: () => undefined }) {
  const store = new MemorySessionStore({ secret: "mcp-mistakes-secret-0123456789" });
  const executor = new GuardedExecutor({ protocol: refundLoopProtocol, store });
  const { session } = await executor.create();
  const refunds: Refund[] = [];
  // the body checks the stored session: the executor claimed a grant for exactly this call before running it
  const write = grantCheckedWrite(
    "issue_refund",
    async () => (await executor.load(session.id)).session,
    (args: Refund) => {
      refunds.push(args);
      return { refunded: args.amount };
    },
  );
  checks.push(write.assertAllGranted);
  const server = createMcpGuardServer({
    protocol: refundLoopProtocol,
    store,
    executor,
    sessionId: session.id,
    tools: {
      lookup_booking: ({ bookingId }) => ({ bookingId, paid: 100 }),
      issue_refund: write.run,
    },
    ...errorOptions,
  });
  const client = await connect(server, transport);
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  const listed = async () => (await client.listTools()).tools.map((t) => t.name).sort();
  return { executor, sessionId: session.id, server, client, refunds, call, text, listed };
}

describe.each(TRANSPORTS)("concordat/mcp over %s", (transport) => {
  describe("the guard's handlers cannot be replaced", () => {
    it("setRequestHandler(CallToolRequestSchema, …) to add one more tool throws an AdapterSetupError naming the fix; the refund stays guarded", async () => {
      const t = await setup(transport);
      let error: unknown;
      try {
        t.server.setRequestHandler(CallToolRequestSchema, async (request) => {
          if (request.params.name === "get_weather") return { content: [{ type: "text", text: "sunny" }] };
          t.refunds.push(request.params.arguments as Refund);
          return { content: [{ type: "text", text: "done" }] };
        });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AdapterSetupError);
      expect((error as AdapterSetupError).problem).toBe("handler_locked");
      expect((error as Error).message).toMatch(/"tools\/call" handler belongs to the Concordat guard.*Fix: add or change a tool with server\.setTool/);

      await t.call("lookup_booking", { bookingId: "B1" });
      const refused = await t.call("issue_refund", { bookingId: "B1", amount: 50 });
      expect(violationOfMcpResult(refused)?.code).toBe("confirmation_missing");
      expect(t.refunds).toEqual([]);
    });

    it("tools/list too, removeRequestHandler, and a handler set around the public API are refused; other handlers are yours", async () => {
      const t = await setup(transport);
      expect(() => t.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }))).toThrow(
        /"tools\/list" handler belongs to the Concordat guard/,
      );
      expect(() => t.server.removeRequestHandler("tools/call")).toThrow(AdapterSetupError);
      expect(() => McpProtocolBase.prototype.setRequestHandler.call(t.server, CallToolRequestSchema, async () => ({ content: [] }))).toThrow(
        /handler_locked|belongs to the Concordat guard/,
      );
      // still the guard answering
      expect(await t.listed()).toEqual(["lookup_booking"]);
      expect(violationOfMcpResult(await t.call("issue_refund", { bookingId: "B1", amount: 5 }))?.code).toBe("tool_not_allowed");
      expect(t.refunds).toEqual([]);
      // handlers for other methods can be set as usual
      expect(() => t.server.setRequestHandler(PingRequestSchema, async () => ({}))).not.toThrow();
    });

    it("adding a tool goes through setTool: listed when the state allows it, guarded like the others; a tool outside the protocol is refused", async () => {
      const t = await setup(transport);
      expect(await t.listed()).toEqual(["lookup_booking"]);
      t.server.setTool("end_conversation", () => "bye");
      expect(await t.listed()).toEqual(["end_conversation", "lookup_booking"]);
      expect(t.text(await t.call("end_conversation", {}))).toBe("bye");
      expect(() => (t.server as McpGuardServer<any>).setTool("get_weather" as never, () => "sunny")).toThrow(
        /"get_weather" is not a tool of protocol "refund-loop".*Fix: rename the implementation or add the tool to the protocol/,
      );
    });
  });

  describe("typed, complete tool maps", () => {
    it("tools/list offers only tools with an implementation; a misspelled name is refused at setup", async () => {
      const t = await setup(transport);
      await t.call("lookup_booking", { bookingId: "B1" });
      // end_conversation is allowed in `booked` but has no implementation here: not offered
      expect(await t.listed()).toEqual(["issue_refund", "lookup_booking"]);
      const store = new MemorySessionStore({ secret: "mcp-mistakes-secret-0123456789" });
      expect(() =>
        createMcpGuardServer({
          protocol: refundLoopProtocol,
          store,
          sessionId: "s1",
          // @ts-expect-error -- misspelled tool name: not a tool of the protocol
          tools: { issue_refnd: () => 1 },
        }),
      ).toThrow(/"issue_refnd" is not a tool of protocol "refund-loop"/);
    });
  });

  describe("confirmations", () => {
    for (const order of [
      [0, 1],
      [1, 0],
    ] as const) {
      it(`two refunds asked in one message, confirmed in order ${order.join(", ")}: both run once with their own arguments`, async () => {
        const t = await setup(transport);
        await t.call("lookup_booking", { bookingId: "B1" });
        const actions = await requestMcpConfirmations(t.executor, t.sessionId, [
          { name: "issue_refund", arguments: { bookingId: "B1", amount: 20 } },
          { name: "issue_refund", arguments: { bookingId: "B2", amount: 30 } },
        ]);
        for (const i of order) await confirmMcpAction(t.executor, t.sessionId, actions[i]!.id);
        expect((await t.call("issue_refund", { bookingId: "B1", amount: 20 })).isError).toBeFalsy();
        expect((await t.call("issue_refund", { bookingId: "B2", amount: 30 })).isError).toBeFalsy();
        expect(violationOfMcpResult(await t.call("issue_refund", { bookingId: "B2", amount: 30 }))?.code).toBe("confirmation_reused");
        expect(t.refunds).toEqual([
          { bookingId: "B1", amount: 20 },
          { bookingId: "B2", amount: 30 },
        ]);
      });
    }

    it("requests made one by one with together: true can be confirmed and denied in any order", async () => {
      const t = await setup(transport);
      await t.call("lookup_booking", { bookingId: "B1" });
      const a = await requestMcpConfirmation(t.executor, t.sessionId, { name: "issue_refund", arguments: { bookingId: "B1", amount: 20 } });
      const b = await requestMcpConfirmation(t.executor, t.sessionId, { name: "issue_refund", arguments: { bookingId: "B2", amount: 30 } }, { together: true });
      await denyMcpAction(t.executor, t.sessionId, b.id);
      await confirmMcpAction(t.executor, t.sessionId, a.id);
      expect((await t.call("issue_refund", { bookingId: "B1", amount: 20 })).isError).toBeFalsy();
      expect(violationOfMcpResult(await t.call("issue_refund", { bookingId: "B2", amount: 30 }))?.code).toBe("confirmation_denied");
      expect(t.refunds).toEqual([{ bookingId: "B1", amount: 20 }]);
    });

    it("re-confirmation: an identical refund after the used grant runs once more when the user confirms again", async () => {
      const t = await setup(transport);
      await t.call("lookup_booking", { bookingId: "B1" });
      const refund = { bookingId: "B1", amount: 50 };
      for (let i = 0; i < 2; i++) {
        expect(violationOfMcpResult(await t.call("issue_refund", refund))?.code).toBe(i === 0 ? "confirmation_missing" : "confirmation_reused");
        const action = await requestMcpConfirmation(t.executor, t.sessionId, { name: "issue_refund", arguments: refund });
        await confirmMcpAction(t.executor, t.sessionId, action.id);
        expect((await t.call("issue_refund", refund)).isError).toBeFalsy();
      }
      expect(t.refunds).toEqual([refund, refund]);
    });
  });

  describe("errors thrown by tool code", () => {
    const leaky = () => {
      throw new Error("connect ECONNREFUSED db password=hunter2 at 10.0.0.5");
    };

    it('reach the client redacted by default; the full error goes to onToolError; toolErrors: "expose" passes it through', async () => {
      for (const toolErrors of ["redact", "expose"] as const) {
        const logged: unknown[] = [];
        const store = new MemorySessionStore({ secret: "mcp-mistakes-secret-0123456789" });
        const executor = new GuardedExecutor({ protocol: refundLoopProtocol, store });
        const { session } = await executor.create();
        const server = createMcpGuardServer({
          protocol: refundLoopProtocol,
          store,
          executor,
          sessionId: session.id,
          tools: { lookup_booking: leaky },
          toolErrors,
          onToolError: (e, info) => void logged.push([(e as Error).message, info.tool]),
        });
        const client = await connect(server, transport);
        const r = (await client.callTool({ name: "lookup_booking", arguments: { bookingId: "B1" } })) as CallToolResult;
        const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
        expect(r.isError).toBe(true);
        if (toolErrors === "redact") {
          expect(text).toBe(
            'Tool "lookup_booking" failed (outcome not_found): Tool "lookup_booking" failed. The details were logged for the developers and are not shown here.',
          );
          expect(JSON.stringify(r)).not.toContain("hunter2");
        } else expect(text).toContain("password=hunter2");
        expect(logged).toEqual([["connect ECONNREFUSED db password=hunter2 at 10.0.0.5", "lookup_booking"]]);
      }
    });
  });
});
