// The HTTP guard: routes, authentication and the request/response cycle around GuardedExecutor.
// Over 400 lines once formatted: each route is a few lines over the same executor and tokens;
// errors and body reading are already in http-errors.ts and read-json.ts.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Protocol } from "../protocol/protocol.js";
import type { Session } from "../runtime/session.js";
import { GuardedExecutor, type GuardedExecutorOptions, type GuardedToolImpl } from "../store/guarded-executor.js";
import type { SessionStore } from "../store/session-store.js";
import { errorText, HttpError, toErrorResponse } from "./http-errors.js";
import { readJson } from "./read-json.js";
import { SessionTokenError, SessionTokens, type TokenScope } from "./session-token.js";

export { HttpError, statusForViolation } from "./http-errors.js";

/** One structured log record (one JSON line). */
export type GuardLogRecord = Readonly<Record<string, unknown>> & { readonly time: string; readonly level: "info" | "warn" | "error"; readonly event: string };

/** How long a client may take and how many may connect (slow or idle clients cannot hold connections past these). */
export interface HttpGuardLimits {
  /** Time to receive a request's headers, from the moment the connection (or its next request) starts. @default 10000 */
  readonly headersTimeoutMs?: number;
  /** Time to receive a whole request, body included (a client trickling its body is cut off, 408). @default 30000 */
  readonly requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open between requests. @default 5000 */
  readonly keepAliveTimeoutMs?: number;
  /** Connections open at once; past it new ones are closed at once. @default 1000 */
  readonly maxConnections?: number;
}

/** Defaults of `HttpGuardLimits`. */
export const DEFAULT_HTTP_LIMITS: Required<HttpGuardLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
};

export interface HttpGuardOptions<P extends Protocol<any, any, any>> extends Omit<GuardedExecutorOptions<P>, "store" | "protocol" | "log">, HttpGuardLimits {
  readonly protocol: P;
  readonly store: SessionStore;
  /** Implementations by tool name. A tool the protocol allows but that has none is answered 501 before anything is claimed. */
  readonly tools: Readonly<Record<string, GuardedToolImpl>>;
  /** HMAC key (≥ 16 bytes) for the per-session bearer tokens, from configuration. */
  readonly tokenSecret: string | Uint8Array;
  /** Token lifetime. @default 24 hours */
  readonly tokenTtlMs?: number;
  /** Where structured logs go. @default one JSON line per record on stderr */
  readonly logger?: (record: GuardLogRecord) => void;
  /** Receives refusals (the violation log). */
  readonly violationLog?: GuardedExecutorOptions<P>["log"];
  /** Largest accepted request body. @default 1 MiB */
  readonly maxBodyBytes?: number;
  /** Bearer token an operator presents to `POST /sessions/:id/reconcile`. Without it that endpoint does not exist. */
  readonly operatorToken?: string;
  /** Extra check on `POST /sessions` (e.g. your own API key). @default anyone who reaches the service may create a session */
  readonly authorizeCreate?: (req: IncomingMessage) => boolean | Promise<boolean>;
}

export interface HttpGuard<P extends Protocol<any, any, any>> {
  readonly server: Server;
  readonly executor: GuardedExecutor<P>;
  /** The request handler (mount it in your own server if you prefer; then set its timeouts yourself). */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Listens (port 0 = any free port) and resolves with the base URL. */
  listen(port?: number, host?: string): Promise<{ readonly port: number; readonly url: string }>;
  close(): Promise<void>;
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

/** What an idempotency key may be: 1–255 visible ASCII characters (a UUID is a good one). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The server-side guard as an HTTP tool-execution service (node:http, JSON in and out). Every
 * process that shares the store can serve every session, and any step may go to any of them:
 *
 * - `POST /sessions` (optional `Idempotency-Key` header; body `{ id? }`) → 201
 *   `{ sessionId, tokens: { agent, user }, state, tools }`; a retry with the same key → 200, the
 *   same session and tokens (`Idempotent-Replayed: true`)
 * - `GET /sessions/:id/tools` (agent or user token) → the tools the session allows now
 * - `POST /sessions/:id/calls` (agent) `{ id?, name, arguments }` → validate, execute once,
 *   advance; a retry with the same call id → the recorded result (`replayed: true`)
 * - `POST /sessions/:id/confirmations` (agent) `{ name, arguments, description? }` → a pending action
 * - `POST /sessions/:id/confirmations/:actionId` (user) `{ decision: "confirm" | "deny" }`
 * - `POST /sessions/:id/reconcile` (operator token) `{ executed?, result? }`
 *
 * Errors are `{ error: { code, message, ... } }` with the violation code (see `docs/guard-server.md`
 * for every status); logs are JSON lines.
 *
 * @example
 * ```ts
 * const guard = createHttpGuard({ protocol: refund, store, tools, tokenSecret: process.env.CONCORDAT_TOKEN_SECRET! });
 * const { url } = await guard.listen(8787);
 * ```
 * @param options The protocol, store, tool implementations, token secret, limits and executor options.
 * @throws TypeError for a short token secret or a bad limit.
 */
export function createHttpGuard<P extends Protocol<any, any, any>>(options: HttpGuardOptions<P>): HttpGuard<P> {
  const {
    protocol,
    store,
    tools,
    tokenSecret,
    logger,
    violationLog,
    maxBodyBytes,
    operatorToken,
    authorizeCreate,
    tokenTtlMs,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    maxConnections,
    ...executorOptions
  } = options;
  const limits = checkLimits({ headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, maxConnections });
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
      if (e instanceof SessionTokenError)
        throw new HttpError(e.code === "token_wrong_scope" || e.code === "token_other_session" ? 403 : 401, e.code, e.message);
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

  type Answer = { status: number; body: unknown; headers?: Readonly<Record<string, string>> };

  async function createSession(req: IncomingMessage, ctx: Record<string, unknown>): Promise<Answer> {
    if (authorizeCreate && !(await authorizeCreate(req)))
      throw new HttpError(401, "unauthorized", "This service does not let you create sessions (authorizeCreate refused).");
    const header = req.headers["idempotency-key"];
    const key = Array.isArray(header) ? header[0] : header;
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
      throw new HttpError(400, "bad_request", `The Idempotency-Key header must be 1-255 visible ASCII characters (e.g. a UUID); got ${JSON.stringify(key)}.`);
    const body = await readJson(req, limit, true);
    const given = body["id"];
    if (given !== undefined && (typeof given !== "string" || !/^[A-Za-z0-9._:-]{1,128}$/.test(given)))
      throw new HttpError(400, "bad_request", `"id" must be 1-128 characters of letters, digits, ".", "_", ":" or "-"; got ${JSON.stringify(given)}.`);
    // a keyed hash of the key is stored, never the key; without an id the key names the session
    const keyTag = key !== undefined ? tokens.tag("create-session", key) : undefined;
    const id = (given as string | undefined) ?? (keyTag !== undefined ? `s-${keyTag.slice(0, 32)}` : undefined);
    const { session, stored, created } = await executor.create({
      ...(id !== undefined ? { id } : {}),
      ...(keyTag !== undefined ? { idempotencyKey: keyTag } : {}),
      expiresAt: Date.now() + ttl,
    });
    ctx["sessionId"] = session.id;
    const expiresAt = stored.state.creation?.expiresAt ?? Date.now() + ttl;
    if (!created) emit("info", "session_create_replayed", { sessionId: session.id });
    return {
      status: created ? 201 : 200,
      ...(created ? {} : { headers: { "idempotent-replayed": "true" } }),
      body: {
        ...summary(session, stored.version, stored.state.pending),
        tokens: {
          agent: tokens.sign({ sessionId: session.id, scope: "agent", expiresAt }),
          user: tokens.sign({ sessionId: session.id, scope: "user", expiresAt }),
        },
        expiresAt: new Date(expiresAt).toISOString(),
        ...(created ? {} : { replayed: true }),
      },
    };
  }

  async function callTool(req: IncomingMessage, sessionId: string, ctx: Record<string, unknown>): Promise<Answer> {
    authorize(req, sessionId, ["agent"]);
    const body = await readJson(req, limit, false);
    const name = body["name"];
    if (typeof name !== "string" || name === "")
      throw new HttpError(
        400,
        "bad_request",
        'The body needs "name" (the tool) and "arguments"; e.g. {"id":"call-1","name":"lookup_booking","arguments":{"bookingId":"B1"}}.',
      );
    const callId = body["id"];
    if (callId !== undefined && (typeof callId !== "string" || callId.length === 0 || callId.length > 200))
      throw new HttpError(400, "bad_request", `"id" (the call id) must be a non-empty string of at most 200 characters; got ${JSON.stringify(callId)}.`);
    ctx["tool"] = name;
    if (callId !== undefined) ctx["callId"] = callId;
    const impl = Object.prototype.hasOwnProperty.call(tools, name) ? tools[name] : undefined;
    if (!impl && Object.prototype.hasOwnProperty.call(protocol.tools, name)) {
      throw new HttpError(
        501,
        "not_implemented",
        `Tool "${name}" is part of protocol "${protocol.name}" but this service has no implementation for it. Fix: pass tools.${name} to createHttpGuard.`,
      );
    }
    const call = { ...(callId !== undefined ? { id: callId as string } : {}), name, arguments: body["arguments"] ?? {} };
    const rec = await executor.execute(sessionId, call, impl ?? (() => undefined));
    ctx["callId"] = rec.callId;
    emit("info", rec.replayed ? "call_replayed" : "tool_executed", {
      sessionId,
      callId: rec.callId,
      tool: name,
      effect: rec.call.spec.effect,
      outcome: rec.outcome,
      from: rec.from,
      to: rec.to,
      version: rec.version,
    });
    return {
      status: 200,
      ...(rec.replayed ? { headers: { "idempotent-replayed": "true" } } : {}),
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

  async function route(req: IncomingMessage, ctx: Record<string, unknown>): Promise<Answer> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const method = req.method ?? "GET";
    const match = ROUTES.map((r) => ({ r, m: r.pattern.exec(url.pathname) })).filter((x) => x.m !== null);
    if (match.length === 0)
      throw new HttpError(
        404,
        "not_found",
        `No route ${url.pathname}. Routes: POST /sessions, GET /sessions/:id/tools, POST /sessions/:id/calls, POST /sessions/:id/confirmations[/:actionId].`,
      );
    const hit = match.find((x) => x.r.method === method);
    if (!hit) throw new HttpError(405, "method_not_allowed", `${method} is not allowed on ${url.pathname}; use ${match.map((x) => x.r.method).join(" or ")}.`);
    ctx["route"] = hit.r.name;
    const sessionId = hit.m![1] !== undefined ? decodeURIComponent(hit.m![1]) : undefined;
    if (sessionId !== undefined) ctx["sessionId"] = sessionId;

    switch (hit.r.name) {
      case "create_session":
        return createSession(req, ctx);
      case "get_session":
      case "list_tools": {
        authorize(req, sessionId!, ["agent", "user"]);
        const { session, stored } = await executor.load(sessionId!);
        const base = summary(session, stored.version, stored.state.pending);
        if (hit.r.name === "list_tools") return { status: 200, body: base };
        const conf = session.toJSON().extensions["confirmation"] as { pending?: unknown[] } | undefined;
        return { status: 200, body: { ...base, trace: session.trace, traceLength: session.traceLength, pendingActions: conf?.pending ?? [] } };
      }
      case "call_tool":
        return callTool(req, sessionId!, ctx);
      case "request_confirmation": {
        authorize(req, sessionId!, ["agent"]);
        const body = await readJson(req, limit, false);
        const name = body["name"];
        if (typeof name !== "string") throw new HttpError(400, "bad_request", 'The body needs "name" (the tool to confirm) and "arguments".');
        const description = typeof body["description"] === "string" ? body["description"] : undefined;
        const { value } = await executor.update(sessionId!, (s) =>
          s.requestConfirmation({ name, arguments: body["arguments"] ?? {} }, description !== undefined ? { description } : {}),
        );
        emit("info", "confirmation_requested", { sessionId, actionId: value.id, tool: value.tool });
        return { status: 201, body: { actionId: value.id, tool: value.tool, arguments: value.arguments, status: value.status } };
      }
      case "decide_confirmation": {
        authorize(req, sessionId!, ["user"]);
        const actionId = decodeURIComponent(hit.m![2]!);
        ctx["actionId"] = actionId;
        const body = await readJson(req, limit, false);
        const decision = body["decision"];
        if (decision !== "confirm" && decision !== "deny")
          throw new HttpError(
            400,
            "bad_request",
            `"decision" must be "confirm" or "deny"; got ${JSON.stringify(decision)}. Only this structured answer confirms an action.`,
          );
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
        if (!useHook && typeof body["executed"] !== "boolean")
          throw new HttpError(400, "bad_request", '"executed" must be true or false (or absent to ask the reconcile hook).');
        const resolution = useHook
          ? undefined
          : body["executed"] === true
            ? { executed: true as const, result: { ok: true as const, value: body["result"] }, by: "operator:http" }
            : { executed: false as const, by: "operator:http" };
        const rep = await executor.reconcile(sessionId!, resolution);
        emit(rep.resolved ? "info" : "warn", "reconcile", {
          sessionId,
          resolved: rep.resolved,
          callId: rep.intent?.callId,
          executed: rep.resolution?.executed,
        });
        return {
          status: 200,
          body: {
            resolved: rep.resolved,
            ...(rep.intent ? { callId: rep.intent.callId, tool: rep.intent.tool } : {}),
            ...(rep.record ? { outcome: rep.record.outcome, to: rep.record.to } : {}),
          },
        };
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
      .then(({ status, body, headers }) => {
        res.statusCode = status;
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.setHeader("cache-control", "no-store");
        res.setHeader("x-request-id", requestId);
        if (headers) for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
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

  // Node checks the header and request deadlines on this interval: a fraction of the shortest one
  const checkEvery = Math.max(50, Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));
  const server = createServer(
    { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: checkEvery },
    handle,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  server.on("drop", (data?: { remoteAddress?: string }) =>
    emit("warn", "connection_dropped", { reason: "maxConnections", maxConnections: limits.maxConnections, remoteAddress: data?.remoteAddress }),
  );
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

/** The limits with their defaults, checked: whole positive numbers, headers within the request deadline. */
function checkLimits(given: HttpGuardLimits): Required<HttpGuardLimits> {
  const out = { ...DEFAULT_HTTP_LIMITS };
  for (const k of Object.keys(DEFAULT_HTTP_LIMITS) as (keyof HttpGuardLimits)[]) {
    const v = given[k];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < 1) throw new TypeError(`createHttpGuard: ${k} must be a whole number ≥ 1; got ${String(v)}.`);
    out[k] = v;
  }
  if (out.headersTimeoutMs > out.requestTimeoutMs)
    throw new TypeError(
      `createHttpGuard: headersTimeoutMs (${out.headersTimeoutMs}) must not exceed requestTimeoutMs (${out.requestTimeoutMs}): the headers are part of the request.`,
    );
  return out;
}

function safeEqual(a: string, b: string): boolean {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y);
}
