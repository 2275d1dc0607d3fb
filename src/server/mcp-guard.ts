import { randomUUID } from "node:crypto";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Protocol } from "../protocol/protocol.js";
import { GuardedExecutor, type GuardedExecutorOptions, type GuardedToolImpl } from "../store/guarded-executor.js";
import type { SessionStore } from "../store/session-store.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";

/** `_meta` key under which a client may pass its own call id (for idempotent retries). */
export const MCP_CALL_ID_META = "concordat/callId";
/** `_meta` key of the violation in a refused call's result. */
export const MCP_VIOLATION_META = "concordat/violation";
/** `_meta` key of the transition in an executed call's result. */
export const MCP_TRANSITION_META = "concordat/transition";

export interface McpGuardOptions<P extends Protocol<any, any, any>> extends Omit<GuardedExecutorOptions<P>, "protocol" | "store"> {
  readonly protocol: P;
  readonly store: SessionStore;
  /** The stored session this server serves (one MCP connection = one conversation). */
  readonly sessionId: string;
  /** Implementations by tool name; the handler only runs after the guard accepted the call. */
  readonly tools: Readonly<Record<string, GuardedToolImpl>>;
  /** Share an executor (e.g. with an HTTP guard in the same process); default: a new one over `store`. */
  readonly executor?: GuardedExecutor<P>;
  /** Server name and version announced to clients. Default `concordat-<protocol>` / `0.1.0`. */
  readonly name?: string;
  readonly version?: string;
  /** Turns a tool's value into MCP content. Default: its JSON text (and `structuredContent` for plain objects). */
  readonly formatResult?: (value: unknown, tool: string) => CallToolResult;
}

/**
 * An MCP server (low-level `Server` of `@modelcontextprotocol/sdk`: the tool list changes with
 * the session, which the high-level `McpServer` does not model) guarding one stored session:
 * - `tools/list` lists only the tools the stored session allows now;
 * - `tools/call` is validated against the stored session, with its grant claimed and its
 *   intent recorded, before the handler runs; a refusal comes back as a tool error
 *   (`isError: true`) whose text tells the model what it may do instead, with the violation
 *   under `_meta["concordat/violation"]`;
 * - after a call that changes what is allowed, clients get `notifications/tools/list_changed`.
 *
 * Connect it to any transport: `await createMcpGuardServer({...}).connect(transport)`.
 */
export function createMcpGuardServer<P extends Protocol<any, any, any>>(options: McpGuardOptions<P>): Server {
  const { protocol, store, sessionId, tools, executor: given, name, version, formatResult, ...executorOptions } = options;
  if (!sessionId) throw new TypeError("createMcpGuardServer: pass the stored session's id as `sessionId` (create it with executor.create() or POST /sessions).");
  const executor = given ?? new GuardedExecutor<P>({ ...executorOptions, protocol, store });
  const server = new Server({ name: name ?? `concordat-${protocol.name}`, version: version ?? "0.1.0" }, { capabilities: { tools: { listChanged: true } } });
  const format = formatResult ?? defaultFormat;

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const defs = await executor.toolsAllowed(sessionId);
    return {
      tools: defs.map(
        (d): Tool => ({
          name: d.name,
          description: d.description,
          inputSchema: { ...d.parameters, type: "object" } as Tool["inputSchema"],
          annotations: { readOnlyHint: d.effect === "read", destructiveHint: d.effect === "write", idempotentHint: false },
          _meta: { "concordat/effect": d.effect, "concordat/requiresConfirmation": d.requiresConfirmation },
        }),
      ),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const toolName = request.params.name;
    const metaId = request.params._meta?.[MCP_CALL_ID_META];
    const callId = typeof metaId === "string" && metaId !== "" ? metaId : `mcp-${randomUUID()}`;
    const impl = Object.prototype.hasOwnProperty.call(tools, toolName) ? tools[toolName] : undefined;
    if (!impl && Object.prototype.hasOwnProperty.call(protocol.tools, toolName)) {
      return { isError: true, content: [{ type: "text", text: `Tool "${toolName}" has no implementation on this server.` }] };
    }
    try {
      const rec = await executor.execute(sessionId, { id: callId, name: toolName, arguments: request.params.arguments ?? {} }, impl ?? (() => undefined));
      if (rec.from !== rec.to || rec.status !== "active") await server.sendToolListChanged().catch(() => undefined);
      const transition = { callId: rec.callId, outcome: rec.outcome, from: rec.from, to: rec.to, allowedTools: rec.allowedTools };
      if (!rec.result.ok) {
        return { isError: true, content: [{ type: "text", text: `Tool "${toolName}" failed (outcome ${rec.outcome}): ${errorText(rec.result.error)}` }], _meta: { [MCP_TRANSITION_META]: transition } };
      }
      const out = format(rec.result.value, toolName);
      return { ...out, _meta: { ...(out._meta ?? {}), [MCP_TRANSITION_META]: transition } };
    } catch (e) {
      if (e instanceof ProtocolViolation) {
        return { isError: true, content: [{ type: "text", text: e.toModelMessage() }], _meta: { [MCP_VIOLATION_META]: e.toJSON() } };
      }
      return { isError: true, content: [{ type: "text", text: `Tool "${toolName}" failed: ${errorText(e)}` }] };
    }
  });

  return server;
}

function defaultFormat(value: unknown): CallToolResult {
  const text = value === undefined ? "null" : typeof value === "string" ? value : JSON.stringify(value);
  const structured = typeof value === "object" && value !== null && !Array.isArray(value) ? { structuredContent: value as Record<string, unknown> } : {};
  return { content: [{ type: "text", text }], ...structured };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : typeof e === "string" ? e : (JSON.stringify(e) ?? String(e));
}
