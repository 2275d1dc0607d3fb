import { parseArgs } from "node:util";
import { Protocol } from "../../protocol/protocol.js";
import { createHttpGuard, DEFAULT_HTTP_LIMITS } from "../../server/http-guard.js";
import type { GuardedToolImpl, ReconcileHook } from "../../store/guarded-executor.js";
import { openSessionStore } from "../../store/open-session-store.js";
import { UsageError, type CliCommand } from "../io.js";
import { loadExport } from "../load-export.js";

const usage = `Usage: concordat serve <module>#<protocol> --tools <module>#<export> [--port 8787] [--host 127.0.0.1]
                       [--db .concordat/sessions.db | --pg postgres://…] [--table concordat_sessions] [--reconcile <module>#<export>]
                       [--headers-timeout-ms ${DEFAULT_HTTP_LIMITS.headersTimeoutMs}] [--request-timeout-ms ${DEFAULT_HTTP_LIMITS.requestTimeoutMs}]
                       [--keep-alive-timeout-ms ${DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs}] [--max-connections ${DEFAULT_HTTP_LIMITS.maxConnections}]
                       [--cache-mb 32] [--in-flight-lease-ms 300000]

Runs the HTTP tool-execution guard for a protocol: POST /sessions, GET /sessions/:id/tools,
POST /sessions/:id/calls, POST /sessions/:id/confirmations[/:actionId], POST /sessions/:id/reconcile.
--tools names an object of implementations by tool name. --reconcile names a function
(intent, { sessionId, protocol }) => { executed: true, result } | { executed: false } | undefined that
looks an interrupted write up in the target system (by intent.idempotencyKey): with it, a write
whose process died is resolved when a client retries, without an operator. Sessions live in
SQLite (default) or PostgreSQL (--pg or CONCORDAT_PG_URL); several instances may share one store.
Slow clients are cut off after the header and request timeouts; connections past
--max-connections are closed. Secrets come from the environment, never from flags:
  CONCORDAT_STORE_SECRET   HMAC key of stored rows (required, ≥ 16 bytes)
  CONCORDAT_TOKEN_SECRET   HMAC key of per-session tokens (required, ≥ 16 bytes)
  CONCORDAT_GRANT_KEY      HMAC key of confirmation grants (required when a tool requires confirmation)
  CONCORDAT_OPERATOR_TOKEN enables POST /sessions/:id/reconcile (optional)
Logs are JSON lines on stderr. Stops on SIGINT or SIGTERM.`;

const NUMBER_FLAGS = ["headers-timeout-ms", "request-timeout-ms", "keep-alive-timeout-ms", "max-connections", "cache-mb", "in-flight-lease-ms"] as const;

export const command: CliCommand = {
  summary: "Serve a protocol's tools over HTTP behind the server-side guard",
  usage,
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        tools: { type: "string" },
        port: { type: "string", default: "8787" },
        host: { type: "string", default: "127.0.0.1" },
        db: { type: "string" },
        pg: { type: "string" },
        table: { type: "string" },
        reconcile: { type: "string" },
        ...Object.fromEntries(NUMBER_FLAGS.map((f) => [f, { type: "string" as const }])),
      },
    });
    const num: Partial<Record<(typeof NUMBER_FLAGS)[number], number>> = {};
    for (const f of NUMBER_FLAGS) {
      const raw = (values as Record<string, string | undefined>)[f];
      if (raw === undefined) continue;
      const x = Number(raw);
      if (!Number.isInteger(x) || x < 1) throw new UsageError(`--${f} must be a whole number ≥ 1, not "${raw}".`);
      num[f] = x;
    }
    if (positionals.length !== 1) throw new UsageError(`expected one <module>#<protocol>, got ${positionals.length}.`);
    if (!values.tools) throw new UsageError("--tools <module>#<export> is required (an object of tool implementations by name).");
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, not "${values.port}".`);
    if (values.db && values.pg) throw new UsageError("pass --db (SQLite) or --pg (PostgreSQL), not both.");
    const missing = ["CONCORDAT_STORE_SECRET", "CONCORDAT_TOKEN_SECRET"].filter((k) => !io.env[k]);
    if (missing.length > 0)
      throw new UsageError(`set ${missing.join(" and ")} in the environment (HMAC keys of at least 16 bytes, e.g. \`openssl rand -hex 32\`).`);

    const protocol = await loadExport(positionals[0]!, io.cwd);
    if (!(protocol instanceof Protocol)) throw new UsageError(`"${positionals[0]}" is not a protocol (made by defineProtocol).`);
    const tools = await loadExport(values.tools, io.cwd);
    if (typeof tools !== "object" || tools === null) throw new UsageError(`"${values.tools}" is not an object of tool implementations.`);
    const unknown = Object.keys(tools).filter((t) => !protocol.toolNames.includes(t));
    if (unknown.length > 0)
      throw new UsageError(
        `--tools has implementations for tools protocol "${protocol.name}" does not declare: ${unknown.join(", ")}. Known tools: ${protocol.toolNames.join(", ")}.`,
      );
    let reconcile: ReconcileHook | undefined;
    if (values.reconcile) {
      const hook = await loadExport(values.reconcile, io.cwd);
      if (typeof hook !== "function")
        throw new UsageError(
          `"${values.reconcile}" is not a function: --reconcile names a function (intent, { sessionId, protocol }) returning { executed: true, result } | { executed: false } | undefined.`,
        );
      reconcile = hook as ReconcileHook;
    }
    const needsGrants = protocol.toolNames.some((t) => protocol.tools[t]?.requiresConfirmation === true);
    const grantKey = io.env["CONCORDAT_GRANT_KEY"];
    if (needsGrants && !grantKey)
      throw new UsageError(`protocol "${protocol.name}" has tools that require confirmation: set CONCORDAT_GRANT_KEY (the same in every instance).`);

    const pgUrl = values.pg ?? io.env["CONCORDAT_PG_URL"];
    if (values.table !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,54}$/.test(values.table))
      throw new UsageError(`--table must be a plain SQL identifier of at most 55 characters (letters, digits, underscores), not "${values.table}".`);
    const store = await openSessionStore({
      secret: io.env["CONCORDAT_STORE_SECRET"]!,
      ...(pgUrl ? { postgresUrl: pgUrl } : {}),
      ...(values.db ? { sqlitePath: values.db } : {}),
      ...(values.table ? { table: values.table } : {}),
    });
    let guard: ReturnType<typeof createHttpGuard>;
    try {
      guard = createHttpGuard({
        protocol,
        store,
        tools: tools as Record<string, GuardedToolImpl>,
        tokenSecret: io.env["CONCORDAT_TOKEN_SECRET"]!,
        ...(grantKey ? { sessionOptions: { confirmation: { key: grantKey } } } : {}),
        ...(io.env["CONCORDAT_OPERATOR_TOKEN"] ? { operatorToken: io.env["CONCORDAT_OPERATOR_TOKEN"] } : {}),
        ...(reconcile ? { reconcile } : {}),
        ...(num["headers-timeout-ms"] !== undefined ? { headersTimeoutMs: num["headers-timeout-ms"] } : {}),
        ...(num["request-timeout-ms"] !== undefined ? { requestTimeoutMs: num["request-timeout-ms"] } : {}),
        ...(num["keep-alive-timeout-ms"] !== undefined ? { keepAliveTimeoutMs: num["keep-alive-timeout-ms"] } : {}),
        ...(num["max-connections"] !== undefined ? { maxConnections: num["max-connections"] } : {}),
        ...(num["cache-mb"] !== undefined ? { cacheBytes: num["cache-mb"] * 1024 * 1024 } : {}),
        ...(num["in-flight-lease-ms"] !== undefined ? { inFlightLeaseMs: num["in-flight-lease-ms"] } : {}),
        logger: (r) => io.stderr(JSON.stringify(r) + "\n"),
      });
    } catch (e) {
      await store.close();
      if (e instanceof TypeError)
        throw new UsageError(
          e.message
            .replace(/^createHttpGuard: /, "")
            .replace(/Ms\b/g, "-ms")
            .replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`),
        );
      throw e;
    }
    const { url } = await guard.listen(port, values.host);
    io.stdout(`concordat serve: protocol "${protocol.name}" on ${url} (${store.kind} store${reconcile ? ", reconcile hook" : ""})\n`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        resolve();
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    await guard.close();
    await store.close();
    io.stdout("concordat serve: stopped\n");
    return 0;
  },
};
