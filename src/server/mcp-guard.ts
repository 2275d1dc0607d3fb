import { randomUUID } from "node:crypto";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { AdapterSetupError, assertProtocolTools } from "../adapters/adapter-setup-error.js";
import { toolErrorReporter, type ToolErrorOptions } from "../adapters/tool-errors.js";
import type { Protocol, ToolArgs, ToolNameOf } from "../protocol/protocol.js";
import { GuardedExecutor, type GuardedExecutorOptions, type GuardedToolContext } from "../store/guarded-executor.js";
import type { SessionStore } from "../store/session-store.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";

/** `_meta` key under which a client may pass its own call id (for idempotent retries). */
export const MCP_CALL_ID_META = "concordat/callId";
/** `_meta` key of the violation in a refused call's result. */
export const MCP_VIOLATION_META = "concordat/violation";
/** `_meta` key of the transition in an executed call's result. */
export const MCP_TRANSITION_META = "concordat/transition";

/** A tool's implementation: the arguments after the protocol's schema parsed them, and the call's ids. */
export type McpToolImplementation<TArgs = any> = (args: TArgs, context: GuardedToolContext) => unknown;

/** Implementations keyed by the protocol's tool names, each typed by that tool's argument schema. */
export type McpToolSource<P extends Protocol<any, any, any>> = {
  readonly [K in ToolNameOf<P>]?: McpToolImplementation<ToolArgs<P, K>>;
};

export interface McpGuardOptions<P extends Protocol<any, any, any>> extends Omit<GuardedExecutorOptions<P>, "protocol" | "store">, ToolErrorOptions {
  readonly protocol: P;
  readonly store: SessionStore;
  /** The stored session this server serves (one MCP connection = one conversation). */
  readonly sessionId: string;
  /**
   * Implementations by tool name (a name the protocol does not have does not compile, and throws
   * at setup); each runs only after the guard accepted the call. Tools without one are not listed.
   */
  readonly tools: McpToolSource<P>;
  /** Share an executor (e.g. with an HTTP guard in the same process); default: a new one over `store`. */
  readonly executor?: GuardedExecutor<P>;
  /** Server name and version announced to clients. Default `concordat-<protocol>` / `0.1.0`. */
  readonly name?: string;
  readonly version?: string;
  /** Turns a tool's value into MCP content. Default: its JSON text (and `structuredContent` for plain objects). */
  readonly formatResult?: (value: unknown, tool: string) => CallToolResult;
}

const GUARDED_METHODS: ReadonlySet<string> = new Set(["tools/list", "tools/call"]);

/**
 * The MCP server `createMcpGuardServer` returns: a low-level `Server` whose `tools/list` and
 * `tools/call` handlers belong to the guard. They cannot be replaced or removed
 * (`setRequestHandler` / `removeRequestHandler` for those methods throw `AdapterSetupError`
 * `handler_locked`); add or change tools with `setTool`. Every other handler (prompts,
 * resources, …) is yours to set.
 */
export class McpGuardServer<P extends Protocol<any, any, any> = Protocol> extends Server {
  /** @internal */
  guardInstalled = false;
  /** @internal */
  readonly implementations = new Map<string, McpToolImplementation>();
  /** @internal */
  guardProtocol: P | undefined;

  /**
   * Adds (or replaces) the implementation of a protocol tool; it is listed when the session's
   * state allows it and runs only through the guard. Clients get `notifications/tools/list_changed`.
   * @throws AdapterSetupError (`unknown_tool`) for a name the protocol does not have.
   * @example server.setTool("end_conversation", () => "bye")
   */
  setTool<K extends ToolNameOf<P>>(name: K, impl: McpToolImplementation<ToolArgs<P, K>>): this {
    assertProtocolTools("McpGuardServer.setTool", this.guardProtocol as Protocol, [name]);
    if (typeof impl !== "function")
      throw new TypeError(`McpGuardServer.setTool("${name}"): the implementation must be a function (args, context) => result, got ${typeof impl}.`);
    this.implementations.set(name, impl as McpToolImplementation);
    if (this.transport) void this.sendToolListChanged().catch(() => undefined);
    return this;
  }

  override setRequestHandler(...args: Parameters<Server["setRequestHandler"]>): void {
    const method = methodOf(args[0]);
    if (this.guardInstalled && method !== undefined && GUARDED_METHODS.has(method)) throw lockedError(method);
    super.setRequestHandler(...args);
  }

  override removeRequestHandler(method: string): void {
    if (this.guardInstalled && GUARDED_METHODS.has(method)) throw lockedError(method);
    super.removeRequestHandler(method);
  }
}

function lockedError(method: string): AdapterSetupError {
  return new AdapterSetupError(
    "handler_locked",
    `McpGuardServer: the "${method}" handler belongs to the Concordat guard (it lists only what the session's state allows and runs every call through the session); replacing or removing it would let tools run unchecked. Fix: add or change a tool with server.setTool(name, impl) (or the tools option of createMcpGuardServer); a tool the protocol does not have must be added to the protocol first.`,
  );
}

/** The `method` literal of a request schema (zod 3 or 4), when it can be read. */
function methodOf(schema: unknown): string | undefined {
  const s = schema as { shape?: { method?: { value?: unknown; _def?: { value?: unknown; values?: unknown[] } } } } | undefined;
  const m = s?.shape?.method;
  const v = m?.value ?? m?._def?.value ?? m?._def?.values?.[0];
  return typeof v === "string" ? v : undefined;
}

/**
 * A `Map` of request handlers that refuses to replace or drop the guard's entries, so that even
 * a handler set around the public API (e.g. `Protocol.prototype.setRequestHandler.call(server, …)`)
 * cannot displace the guard.
 */
class LockedHandlerMap<V> extends Map<string, V> {
  locked = false;
  override set(key: string, value: V): this {
    if (this.locked && GUARDED_METHODS.has(key)) throw lockedError(key);
    return super.set(key, value);
  }
  override delete(key: string): boolean {
    if (this.locked && GUARDED_METHODS.has(key)) throw lockedError(key);
    return super.delete(key);
  }
  override clear(): void {
    if (this.locked) throw lockedError("tools/call");
    super.clear();
  }
}

/**
 * An MCP server (low-level `Server` of `@modelcontextprotocol/sdk`: the tool list changes with
 * the session, which the high-level `McpServer` does not model) guarding one stored session:
 * - `tools/list` lists only the tools the stored session allows now and that have an implementation;
 * - `tools/call` is validated against the stored session, with its grant claimed and its
 *   intent recorded, before the handler runs; a refusal comes back as a tool error
 *   (`isError: true`) whose text tells the model what it may do instead, with the violation
 *   under `_meta["concordat/violation"]`;
 * - an error thrown by a tool reaches the client redacted (the full error goes to
 *   `onToolError`), unless `toolErrors: "expose"`;
 * - after a call that changes what is allowed, clients get `notifications/tools/list_changed`;
 * - the `tools/list` and `tools/call` handlers cannot be replaced (see `McpGuardServer`).
 *
 * @example
 * ```ts
 * const server = createMcpGuardServer({ protocol: refund, store, sessionId, tools: { lookup_booking: ({ bookingId }) => db.find(bookingId) } });
 * await server.connect(new StdioServerTransport());
 * ```
 * @param options The protocol, the store and session id, the tool implementations (typed by the protocol), and executor options.
 * @throws TypeError without a session id; AdapterSetupError (`unknown_tool`) for an implementation of a tool the protocol does not have.
 */
export function createMcpGuardServer<P extends Protocol<any, any, any>>(options: McpGuardOptions<P>): McpGuardServer<P> {
  const { protocol, store, sessionId, tools, executor: given, name, version, formatResult, toolErrors, onToolError, ...executorOptions } = options;
  if (!sessionId)
    throw new TypeError("createMcpGuardServer: pass the stored session's id as `sessionId` (create it with executor.create() or POST /sessions).");
  const sources = (tools ?? {}) as Readonly<Record<string, McpToolImplementation | undefined>>;
  assertProtocolTools("createMcpGuardServer", protocol, Object.keys(sources));
  const toolError = toolErrorReporter({ ...(toolErrors !== undefined ? { toolErrors } : {}), ...(onToolError !== undefined ? { onToolError } : {}) });
  const executor = given ?? new GuardedExecutor<P>({ ...executorOptions, protocol, store });
  const server = new McpGuardServer<P>(
    { name: name ?? `concordat-${protocol.name}`, version: version ?? "0.1.0" },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.guardProtocol = protocol;
  for (const [tool, impl] of Object.entries(sources)) if (impl !== undefined) server.setTool(tool as ToolNameOf<P>, impl);
  const impls = server.implementations;
  const format = formatResult ?? defaultFormat;

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const defs = (await executor.toolsAllowed(sessionId)).filter((d) => impls.has(d.name));
    return {
      tools: defs.map((d): Tool => ({
        name: d.name,
        description: d.description,
        inputSchema: { ...d.parameters, type: "object" } as Tool["inputSchema"],
        annotations: { readOnlyHint: d.effect === "read", destructiveHint: d.effect === "write", idempotentHint: false },
        _meta: { "concordat/effect": d.effect, "concordat/requiresConfirmation": d.requiresConfirmation },
      })),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const toolName = request.params.name;
    const metaId = request.params._meta?.[MCP_CALL_ID_META];
    const callId = typeof metaId === "string" && metaId !== "" ? metaId : `mcp-${randomUUID()}`;
    const impl = impls.get(toolName);
    if (!impl && Object.prototype.hasOwnProperty.call(protocol.tools, toolName)) {
      return { isError: true, content: [{ type: "text", text: `Tool "${toolName}" is not available on this server (it has no implementation here).` }] };
    }
    const info = { tool: toolName, sessionId, callId };
    try {
      const rec = await executor.execute(sessionId, { id: callId, name: toolName, arguments: request.params.arguments ?? {} }, impl ?? (() => undefined));
      if (rec.from !== rec.to || rec.status !== "active") await server.sendToolListChanged().catch(() => undefined);
      const transition = { callId: rec.callId, outcome: rec.outcome, from: rec.from, to: rec.to, allowedTools: rec.allowedTools };
      if (!rec.result.ok) {
        return {
          isError: true,
          content: [{ type: "text", text: `Tool "${toolName}" failed (outcome ${rec.outcome}): ${toolError(rec.result.error, info)}` }],
          _meta: { [MCP_TRANSITION_META]: transition },
        };
      }
      const out = format(rec.result.value, toolName);
      return { ...out, _meta: { ...(out._meta ?? {}), [MCP_TRANSITION_META]: transition } };
    } catch (e) {
      if (e instanceof ProtocolViolation) {
        return { isError: true, content: [{ type: "text", text: e.toModelMessage() }], _meta: { [MCP_VIOLATION_META]: e.toJSON() } };
      }
      return { isError: true, content: [{ type: "text", text: toolError(e, info) }] };
    }
  });

  // from here on the two handlers are the guard's: neither the public API nor the handler map replaces them
  server.guardInstalled = true;
  lockHandlerMap(server);
  return server;
}

/** Swaps the server's handler map for one that refuses to replace the guard's entries (defence in depth: SDK internals). */
function lockHandlerMap(server: Server): void {
  const holder = server as unknown as { _requestHandlers?: unknown };
  const current = holder._requestHandlers;
  if (!(current instanceof Map)) return; // another SDK layout: the overridden public methods still hold
  const locked = new LockedHandlerMap<unknown>(current);
  locked.locked = true;
  holder._requestHandlers = locked;
}

function defaultFormat(value: unknown): CallToolResult {
  const text = value === undefined ? "null" : typeof value === "string" ? value : JSON.stringify(value);
  const structured = typeof value === "object" && value !== null && !Array.isArray(value) ? { structuredContent: value as Record<string, unknown> } : {};
  return { content: [{ type: "text", text }], ...structured };
}
