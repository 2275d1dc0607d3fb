import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Protocol } from "../protocol/protocol.js";
import type { Session } from "../runtime/session.js";
import { GuardedExecutor, SessionNotFoundError, StoreContentionError, type GuardedExecutorOptions, type GuardedToolImpl } from "../store/guarded-executor.js";
import { SessionExistsError, type SessionStore } from "../store/session-store.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { ViolationCode } from "../violation/violation-codes.js";
import { SessionTokenError, SessionTokens, type TokenScope } from "./session-token.js";

/** One structured log record (one JSON line). */
export type GuardLogRecord = Readonly<Record<string, unknown>> & { readonly time: string; readonly level: "info" | "warn" | "error"; readonly event: string };

export interface HttpGuardOptions<P extends Protocol<any, any, any>> extends Omit<GuardedExecutorOptions<P>, "store" | "protocol" | "log"> {
  readonly protocol: P;
  readonly store: SessionStore;
  /** Implementations by tool name. A tool the protocol allows but that has none is answered 501 before anything is claimed. */
  readonly tools: Readonly<Record<string, GuardedToolImpl>>;
  /** HMAC key (≥ 16 bytes) for the per-session bearer tokens, from configuration. */
  readonly tokenSecret: string | Uint8Array;
  /** Token lifetime. Default 24 hours. */
  readonly tokenTtlMs?: number;
  /** Where structured logs go. Default: one JSON line per record on stderr. */
  readonly logger?: (record: GuardLogRecord) => void;
  /** Receives refusals (the violation log). */
  readonly violationLog?: GuardedExecutorOptions<P>["log"];
  /** Largest accepted request body. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * Bearer token an operator presents to `POST /sessions/:id/reconcile`. Without it that
   * endpoint does not exist.
   */
  readonly operatorToken?: string;
  /** Extra check on `POST /sessions` (e.g. your own API key). Default: anyone who reaches the service may create a session. */
  readonly authorizeCreate?: (req: IncomingMessage) => boolean | Promise<boolean>;
}

export interface HttpGuard<P extends Protocol<any, any, any>> {
  readonly server: Server;
  readonly executor: GuardedExecutor<P>;
  /** The request handler (mount it in your own server if you prefer). */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Listens (port 0 = any free port) and resolves with the base URL. */
  listen(port?: number, host?: string): Promise<{ readonly port: number; readonly url: string }>;
  close(): Promise<void>;
}

/** An HTTP-level refusal with its status and JSON error code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** HTTP status for a violation code: 422 bad arguments, 403 consent problems, 423 blocked, 409 the rest. */
export function statusForViolation(code: ViolationCode): number {
  if (code === "invalid_arguments") return 422;
  if (code === "unknown_tool") return 404;
  if (code.startsWith("confirmation_")) return 403;
  if (code === "needs_reconciliation") return 423;
  if (code === "budget_exceeded") return 429;
  return 409;
}

const ROUTES: readonly { method: string; pattern: RegExp; name: string }[] = [
  { method: "POST", pattern: /^\/sessions\/?$/, name: "create_session" },
  { method: "GET", pattern: /^\/sessions\/([^/]+)\/?$/, name: "get_session" },
  { method: "GET", pattern: /^\/sessions\/([^/]+)\/tools\/?$/, name: "list_tools" },
  { method: "POST", pattern: /^\/sessions\/([^/]+)\/calls\/?$/, name: "call_tool" },
  { method: "POST", pattern: /^\/sessions\/([^/]+)\/confirmations\/?$/, name: "request_confirmation" },
  { method: "POST", pattern: /^\/sessions\/([^/]+)\/confirmations\/([^/]+)\/?$/, name: "decide_confirmation" },
  { method: "POST", pattern: /^\/sessions\/([^/]+)\/reconcile\/?$/, name: "reconcile" },
];

/**
 * The server-side guard as an HTTP tool-execution service (node:http, JSON in and out). Every
 * process that shares the store can serve every session:
 *
 * - `POST /sessions` → `{ sessionId, tokens: { agent, user }, state, tools }`
 * - `GET /sessions/:id/tools` (agent or user token) → the tools the session allows now
 * - `POST /sessions/:id/calls` (agent) `{ id?, name, arguments }` → validate, execute once, advance
 * - `POST /sessions/:id/confirmations` (agent) `{ name, arguments, description? }` → a pending action
 * - `POST /sessions/:id/confirmations/:actionId` (user) `{ decision: "confirm" | "deny" }`
 * - `POST /sessions/:id/reconcile` (operator token) `{ executed, result? }`
 *
 * Errors are `{ error: { code, message, ... } }` with the violation code; logs are JSON lines.
 */
export function createHttpGuard<P extends Protocol<any, any, any>>(options: HttpGuardOptions<P>): HttpGuard<P> {
  const { protocol, store, tools, tokenSecret, logger, violationLog, maxBodyBytes, operatorToken, authorizeCreate, tokenTtlMs, ...executorOptions } = options;
  const executor = new GuardedExecutor<P>({ ...executorOptions, protocol, store, ...(violationLog ? { log: violationLog } : {}) });
  const tokens = new SessionTokens(tokenSecret);
  const ttl = tokenTtlMs ?? 24 * 3600_000;
  const limit = maxBodyBytes ?? 1024 * 1024;
  const log = logger ?? ((r: GuardLogRecord) => void process.stderr.write(JSON.stringify(r) + "\n"));
  const emit = (level: GuardLogRecord["level"], event: string, fields: Record<string, unknown>) => {
    try {
      log({ time: new Date().toISOString(), level, event, ...fields });
    } catch {
      // a broken logger must not fail the request
    }
  };

  const authorize = (req: IncomingMessage, sessionId: string, scopes: readonly TokenScope[]) => {
    const h = req.headers.authorization;
    const token = typeof h === "string" && /^Bearer\s+/i.test(h) ? h.replace(/^Bearer\s+/i, "").trim() : undefined;
    try {
      return tokens.verify(token, sessionId, scopes);
    } catch (e) {
      if (e instanceof SessionTokenError) throw new HttpError(e.code === "token_wrong_scope" || e.code === "token_other_session" ? 403 : 401, e.code, e.message);
      throw e;
    }
  };

  const summary = (session: Session<P>, version: number, pending?: string) => ({
    sessionId: session.id,
    state: session.state,
    status: session.status,
    version,
    ...(pending !== undefined ? { pendingWrite: pending } : {}),
    tools: pending !== undefined ? [] : session.toolsForModel(),
  });

  async function route(req: IncomingMessage, ctx: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    const match = ROUTES.map((r) => ({ r, m: r.pattern.exec(url.pathname) })).filter((x) => x.m !== null);
    if (match.length === 0) throw new HttpError(404, "not_found", `No route ${url.pathname}. Routes: POST /sessions, GET /sessions/:id/tools, POST /sessions/:id/calls, POST /sessions/:id/confirmations[/:actionId].`);
    const hit = match.find((x) => x.r.method === method);
    if (!hit) throw new HttpError(405, "method_not_allowed", `${method} is not allowed on ${url.pathname}; use ${match.map((x) => x.r.method).join(" or ")}.`);
    ctx["route"] = hit.r.name;
    const sessionId = hit.m![1] !== undefined ? decodeURIComponent(hit.m![1]) : undefined;
    if (sessionId !== undefined) ctx["sessionId"] = sessionId;

    switch (hit.r.name) {
      case "create_session": {
        if (authorizeCreate && !(await authorizeCreate(req))) throw new HttpError(401, "unauthorized", "This service does not let you create sessions (authorizeCreate refused).");
        const body = await readJson(req, limit, true);
        const id = body["id"];
        if (id !== undefined && (typeof id !== "string" || !/^[A-Za-z0-9._:-]{1,128}$/.test(id))) throw new HttpError(400, "bad_request", `"id" must be 1-128 characters of letters, digits, ".", "_", ":" or "-"; got ${JSON.stringify(id)}.`);
        const { session, stored } = await executor.create(id !== undefined ? { id: id as string } : {});
        ctx["sessionId"] = session.id;
        const expiresAt = Date.now() + ttl;
        return {
          status: 201,
          body: {
            ...summary(session, stored.version),
            tokens: { agent: tokens.sign({ sessionId: session.id, scope: "agent", expiresAt }), user: tokens.sign({ sessionId: session.id, scope: "user", expiresAt }) },
            expiresAt: new Date(expiresAt).toISOString(),
          },
        };
      }
      case "get_session":
      case "list_tools": {
        authorize(req, sessionId!, ["agent", "user"]);
        const { session, stored } = await executor.load(sessionId!);
        const base = summary(session, stored.version, stored.state.pending);
        if (hit.r.name === "list_tools") return { status: 200, body: base };
        const conf = session.toJSON().extensions["confirmation"] as { pending?: unknown[] } | undefined;
        return { status: 200, body: { ...base, trace: session.trace, pendingActions: conf?.pending ?? [] } };
      }
      case "call_tool": {
        authorize(req, sessionId!, ["agent"]);
        const body = await readJson(req, limit, false);
        const name = body["name"];
        if (typeof name !== "string" || name === "") throw new HttpError(400, "bad_request", 'The body needs "name" (the tool) and "arguments"; e.g. {"id":"call-1","name":"lookup_booking","arguments":{"bookingId":"B1"}}.');
        const callId = body["id"];
        if (callId !== undefined && (typeof callId !== "string" || callId.length === 0 || callId.length > 200)) throw new HttpError(400, "bad_request", `"id" (the call id) must be a non-empty string of at most 200 characters; got ${JSON.stringify(callId)}.`);
        ctx["tool"] = name;
        const impl = Object.prototype.hasOwnProperty.call(tools, name) ? tools[name] : undefined;
        if (!impl && Object.prototype.hasOwnProperty.call(protocol.tools, name)) {
          throw new HttpError(501, "not_implemented", `Tool "${name}" is part of protocol "${protocol.name}" but this service has no implementation for it. Fix: pass tools.${name} to createHttpGuard.`);
        }
        const call = { ...(callId !== undefined ? { id: callId as string } : {}), name, arguments: body["arguments"] ?? {} };
        const rec = await executor.execute(sessionId!, call, impl ?? (() => undefined));
        ctx["callId"] = rec.callId;
        emit("info", rec.replayed ? "call_replayed" : "tool_executed", { sessionId, callId: rec.callId, tool: name, effect: rec.call.spec.effect, outcome: rec.outcome, from: rec.from, to: rec.to, version: rec.version });
        return {
          status: 200,
          body: {
            callId: rec.callId,
            tool: name,
            outcome: rec.outcome,
            from: rec.from,
            to: rec.to,
            result: rec.result.ok ? { ok: true, value: rec.result.value } : { ok: false, error: errorText(rec.result.error) },
            sessionId,
            state: rec.state,
            status: rec.status,
            version: rec.version,
            tools: rec.allowedTools.map((t) => protocol.toolDefinition(t)),
            ...(rec.replayed ? { replayed: true } : {}),
            ...(rec.resultOmitted !== undefined ? { resultOmitted: rec.resultOmitted } : {}),
          },
        };
      }
      case "request_confirmation": {
        authorize(req, sessionId!, ["agent"]);
        const body = await readJson(req, limit, false);
        const name = body["name"];
        if (typeof name !== "string") throw new HttpError(400, "bad_request", 'The body needs "name" (the tool to confirm) and "arguments".');
        const description = typeof body["description"] === "string" ? body["description"] : undefined;
        const { value } = await executor.update(sessionId!, (s) => s.requestConfirmation({ name, arguments: body["arguments"] ?? {} }, description !== undefined ? { description } : {}));
        emit("info", "confirmation_requested", { sessionId, actionId: value.id, tool: value.tool });
        return { status: 201, body: { actionId: value.id, tool: value.tool, arguments: value.arguments, status: value.status } };
      }
      case "decide_confirmation": {
        authorize(req, sessionId!, ["user"]);
        const actionId = decodeURIComponent(hit.m![2]!);
        ctx["actionId"] = actionId;
        const body = await readJson(req, limit, false);
        const decision = body["decision"];
        if (decision !== "confirm" && decision !== "deny") throw new HttpError(400, "bad_request", `"decision" must be "confirm" or "deny"; got ${JSON.stringify(decision)}. Only this structured answer confirms an action.`);
        const { value, version } = await executor.update(sessionId!, (s) => {
          if (decision === "deny") {
            s.deny(actionId);
            return undefined;
          }
          const g = s.confirm(actionId);
          return { tool: g.tool, arguments: g.arguments, expiresAt: g.expiresAt };
        });
        emit("info", "confirmation_decided", { sessionId, actionId, decision });
        return { status: 200, body: { actionId, decision: decision === "confirm" ? "confirmed" : "denied", version, ...(value ? { grant: value } : {}) } };
      }
      case "reconcile": {
        const h = req.headers.authorization ?? "";
        if (!operatorToken) throw new HttpError(404, "not_found", "Reconciliation over HTTP is off (no operatorToken configured).");
        if (!safeEqual(h.replace(/^Bearer\s+/i, ""), operatorToken)) throw new HttpError(401, "unauthorized", "Reconciliation needs the operator token.");
        const body = await readJson(req, limit, true);
        const useHook = body["executed"] === undefined;
        if (!useHook && typeof body["executed"] !== "boolean") throw new HttpError(400, "bad_request", '"executed" must be true or false (or absent to ask the reconcile hook).');
        const resolution = useHook ? undefined : body["executed"] === true ? { executed: true as const, result: { ok: true as const, value: body["result"] }, by: "operator:http" } : { executed: false as const, by: "operator:http" };
        const rep = await executor.reconcile(sessionId!, resolution);
        emit(rep.resolved ? "info" : "warn", "reconcile", { sessionId, resolved: rep.resolved, callId: rep.intent?.callId, executed: rep.resolution?.executed });
        return { status: 200, body: { resolved: rep.resolved, ...(rep.intent ? { callId: rep.intent.callId, tool: rep.intent.tool } : {}), ...(rep.record ? { outcome: rep.record.outcome, to: rep.record.to } : {}) } };
      }
    }
    throw new HttpError(404, "not_found", `No route ${url.pathname}.`);
  }

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    const ctx: Record<string, unknown> = {};
    void route(req, ctx)
      .catch((e: unknown) => toErrorResponse(e, requestId, ctx, emit))
      .then(({ status, body }) => {
        res.statusCode = status;
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.setHeader("cache-control", "no-store");
        res.setHeader("x-request-id", requestId);
        res.end(JSON.stringify(body));
        const code = status >= 400 ? (body as { error?: { code?: string } }).error?.code : undefined;
        emit(status >= 500 ? "error" : status >= 400 ? "warn" : "info", "request", {
          requestId,
          method: req.method,
          path: (req.url ?? "").split("?")[0],
          status,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          ...ctx,
          ...(code ? { code } : {}),
        });
      });
  };

  const server = createServer(handle);
  return {
    server,
    executor,
    handle,
    listen: (port = 0, host = "127.0.0.1") =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          const a = server.address() as AddressInfo;
          resolve({ port: a.port, url: `http://${host.includes(":") ? `[${host}]` : host}:${a.port}` });
        });
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeIdleConnections?.();
      }),
  };
}

function toErrorResponse(e: unknown, requestId: string, ctx: Record<string, unknown>, emit: (level: GuardLogRecord["level"], event: string, fields: Record<string, unknown>) => void): { status: number; body: unknown } {
  if (e instanceof ProtocolViolation) {
    const j = e.toJSON();
    delete j["name"];
    return { status: statusForViolation(e.code), body: { error: { ...j, code: e.code, message: e.message, modelMessage: e.toModelMessage() } } };
  }
  if (e instanceof HttpError) return { status: e.status, body: { error: { code: e.code, message: e.message, ...e.extra } } };
  if (e instanceof SessionNotFoundError) return { status: 404, body: { error: { code: "session_not_found", message: e.message } } };
  if (e instanceof SessionExistsError) return { status: 409, body: { error: { code: "session_exists", message: e.message } } };
  if (e instanceof StoreContentionError) return { status: 503, body: { error: { code: "store_contention", message: e.message } } };
  if (ctx["route"] === "call_tool" && ctx["tool"] !== undefined) {
    // the tool itself failed in a way its protocol does not map to an outcome
    emit("error", "tool_failed", { requestId, ...ctx, error: errorText(e) });
    return { status: 502, body: { error: { code: "tool_failed", message: `Tool "${String(ctx["tool"])}" failed: ${errorText(e)}. For a write, the session now needs reconciliation.` } } };
  }
  emit("error", "internal_error", { requestId, ...ctx, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  return { status: 500, body: { error: { code: "internal_error", message: `Internal error (request ${requestId}); see the service log.` } } };
}

async function readJson(req: IncomingMessage, limit: number, optional: boolean): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > limit) throw new HttpError(413, "body_too_large", `The request body is larger than ${limit} bytes.`);
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") {
    if (optional) return {};
    throw new HttpError(400, "bad_request", "The request needs a JSON object body.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new HttpError(400, "bad_request", `The body is not valid JSON: ${(e as Error).message}.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new HttpError(400, "bad_request", "The body must be a JSON object.");
  return value as Record<string, unknown>;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : typeof e === "string" ? e : JSON.stringify(e) ?? String(e);
}

function safeEqual(a: string, b: string): boolean {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y);
}
