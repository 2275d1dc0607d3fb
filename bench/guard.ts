/**
 * `npm run bench:guard [-- --json FILE] [--duration 120] [--warmup 15] [--clients 16,64] [--two-duration 30]`
 *
 * The HTTP guard under load: a guard process (the built package, `bench/guard-server.ts`) on
 * SQLite — and on PostgreSQL when CONCORDAT_PG_URL is set — serving the refund protocol to N
 * concurrent clients, each running whole conversations back to back (create with an
 * Idempotency-Key, tools, lookup, the agent's confirmation request, the user's decision, the
 * refund, its retry, the end). For each store and client count: sessions per second and p50/p99
 * latency per endpoint after the warm-up, the guard process's RSS at start, after the warm-up and
 * at the end, and afterwards the exactly-once check (each conversation's refund is in the bank
 * exactly once). Then two guard processes on one store with every step sent to the other one:
 * refused confirmations and refused steps (both must be 0).
 *
 * Keys: `guard.<store><clients>.sessionsPerSec`, `.p50Ms.<endpoint>`, `.p99Ms.<endpoint>`,
 * `.p99WriteMs`, `.rssStartMB`, `.rssWarmMB`, `.rssEndMB`, `.rssGrowthMB` (end − after warm-up),
 * `.exactlyOnceViolations`, `.failedSteps`; `guard.twoInstances.refusedConfirmations`,
 * `guard.twoInstances.refusedSteps`, `guard.twoInstances.sessions`. GUARD_PROF=<dir> writes a CPU
 * profile of each guard process there.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import type { GuardServerConfig } from "./guard-server.js";
import { writeBenchJson } from "./write-bench-json.js";

const STEPS = ["create", "tools", "lookup", "ask", "request_confirmation", "reply", "confirm", "write", "write_retry", "end"] as const;
type Step = (typeof STEPS)[number];
const REFUND = { bookingId: "B-42", amount: 120 };

interface Server {
  readonly url: string;
  readonly startRss: number;
  rss(): Promise<number>;
  stop(): Promise<void>;
}

function startServer(cfg: GuardServerConfig): Promise<Server> {
  const child: ChildProcess = fork(fileURLToPath(new URL("./guard-server.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx", ...(process.env["GUARD_PROF"] ? ["--cpu-prof", `--cpu-prof-dir=${process.env["GUARD_PROF"]}`] : [])],
    env: { ...process.env, GUARD_BENCH: JSON.stringify(cfg) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const on = (m: { type?: string }) => {
        if (m?.type !== type) return;
        child.off("message", on);
        child.off("exit", bad);
        resolve(m as T);
      };
      const bad = (code: number | null) => reject(new Error(`bench:guard: the guard process exited (${code}) before "${type}"`));
      child.on("message", on);
      child.once("exit", bad);
    });
  return next<{ url: string; rss: number }>("ready").then(({ url, rss }) => ({
    url,
    startRss: rss,
    rss: async () => {
      const r = next<{ rss: number }>("rss");
      child.send({ type: "rss" });
      return (await r).rss;
    },
    stop: async () => {
      const done = next("stopped");
      child.send({ type: "stop" });
      await done;
    },
  }));
}

interface Tally {
  readonly latencies: Map<Step, number[]>;
  readonly failed: Map<Step, number>;
  readonly sessions: string[];
  counting: boolean;
}

async function request(url: string, method: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, body: (await r.json()) as any };
}

/** One whole conversation; `at(i)` picks the instance for its i-th step. */
async function conversation(at: (i: number) => string, key: string, t: Tally): Promise<void> {
  let i = 0;
  const step = async (name: Step, method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>) => {
    const t0 = performance.now();
    const r = await request(`${at(i++)}${path}`, method, token, body, headers);
    if (t.counting) {
      t.latencies.get(name)!.push(performance.now() - t0);
      if (r.status >= 300) t.failed.set(name, (t.failed.get(name) ?? 0) + 1);
    }
    return r;
  };
  const created = await step("create", "POST", "/sessions", undefined, {}, { "idempotency-key": key });
  if (created.status >= 300) return;
  const { sessionId, tokens } = created.body as { sessionId: string; tokens: { agent: string; user: string } };
  const s = `/sessions/${sessionId}`;
  await step("tools", "GET", `${s}/tools`, tokens.user);
  await step("lookup", "POST", `${s}/calls`, tokens.agent, { id: "c1", name: "lookup_booking", arguments: { bookingId: "B-42" } });
  await step("ask", "POST", `${s}/calls`, tokens.agent, { id: "c2", name: "request_confirmation", arguments: REFUND });
  const asked = await step("request_confirmation", "POST", `${s}/confirmations`, tokens.agent, { name: "issue_refund", arguments: REFUND });
  await step("reply", "POST", `${s}/calls`, tokens.agent, { id: "c3", name: "receive_message", arguments: { text: "yes please" } });
  await step("confirm", "POST", `${s}/confirmations/${asked.body.actionId}`, tokens.user, { decision: "confirm" });
  await step("write", "POST", `${s}/calls`, tokens.agent, { id: "c4", name: "issue_refund", arguments: REFUND });
  await step("write_retry", "POST", `${s}/calls`, tokens.agent, { id: "c4", name: "issue_refund", arguments: REFUND });
  await step("end", "POST", `${s}/calls`, tokens.agent, { id: "c5", name: "end_conversation", arguments: {} });
  if (t.counting) t.sessions.push(sessionId);
}

/** Runs `clients` conversation loops for `durationMs`; figures count after `warmupMs` (then `onWarm` runs). */
async function load(
  urls: readonly string[],
  clients: number,
  durationMs: number,
  warmupMs: number,
  onWarm: () => Promise<void>,
  alternate: boolean,
): Promise<Tally & { readonly seconds: number }> {
  const t: Tally = { latencies: new Map(STEPS.map((s) => [s, []])), failed: new Map(), sessions: [], counting: false };
  let stop = false;
  let counted = 0;
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  let n = 0;
  const warm = (async () => {
    await new Promise((r) => setTimeout(r, warmupMs));
    await onWarm();
    t.counting = true;
    counted = performance.now();
    await new Promise((r) => setTimeout(r, durationMs - warmupMs));
    stop = true;
  })();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (!stop) {
        const k = n++;
        await conversation((i) => urls[alternate ? (k + i) % urls.length : c % urls.length]!, `bench-${tag}-${k}`, t).catch(
          () => t.counting && t.failed.set("create", (t.failed.get("create") ?? 0) + 1),
        );
      }
    }),
  );
  await warm;
  return { ...t, seconds: (performance.now() - counted) / 1000 };
}

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Sessions whose refund is not in the bank exactly once. */
async function exactlyOnceViolations(bankKeys: () => Promise<string[]>, sessions: readonly string[]): Promise<number> {
  const counts = new Map<string, number>();
  for (const k of await bankKeys()) counts.set(k, (counts.get(k) ?? 0) + 1);
  let bad = 0;
  for (const s of sessions) if (counts.get(`${s}:c4`) !== 1) bad++;
  for (const [, c] of counts) if (c > 1) bad++;
  return bad;
}

interface Backend {
  readonly name: string;
  config(table: string): GuardServerConfig;
  bankKeys(bank: string): Promise<string[]>;
  cleanup(tables: string[]): Promise<void>;
}

const MB = 1024 * 1024;

export async function benchGuard(options: {
  durationS: number;
  warmupS: number;
  clients: readonly number[];
  twoDurationS: number;
  postgresUrl?: string | undefined;
  log?: (l: string) => void;
}): Promise<Record<string, number>> {
  const log = options.log ?? ((l: string) => console.log(l));
  const out: Record<string, number> = {};
  const dir = mkdtempSync(join(tmpdir(), "concordat-bench-guard-"));
  const backends: Backend[] = [
    {
      name: "sqlite",
      config: (table) => ({ kind: "sqlite", path: join(dir, `${table}.db`), table, bank: `${table}_bank` }),
      bankKeys: async (bank) => {
        const db = new Database(join(dir, `${bank.replace(/_bank$/, "")}.db`), { readonly: true });
        try {
          return (db.prepare(`SELECT key FROM ${bank}`).all() as { key: string }[]).map((r) => r.key);
        } finally {
          db.close();
        }
      },
      cleanup: async () => undefined,
    },
  ];
  const url = options.postgresUrl;
  if (url) {
    const query = async <T>(sql: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query(sql)).rows as T[];
      } finally {
        await c.end();
      }
    };
    backends.push({
      name: "postgres",
      config: (table) => ({ kind: "postgres", url, table, bank: `${table}_bank` }),
      bankKeys: async (bank) => (await query<{ key: string }>(`SELECT key FROM ${bank}`)).map((r) => r.key),
      cleanup: async (tables) => void (await query(`DROP TABLE IF EXISTS ${tables.flatMap((t) => [t, `${t}_log`, `${t}_claims`, `${t}_bank`]).join(", ")}`)),
    });
  } else log("guard: PostgreSQL not measured: set CONCORDAT_PG_URL (see .ci/run)");
  log(`guard: whole conversations (10 requests each) against one guard process, ${options.durationS} s per run (${options.warmupS} s warm-up not counted)`);
  try {
    for (const b of backends) {
      const tables: string[] = [];
      try {
        for (const clients of options.clients) {
          const table = `guard_${b.name}${clients}_${process.pid}`;
          tables.push(table);
          const cfg = b.config(table);
          const server = await startServer(cfg);
          let warmRss = 0;
          const t = await load([server.url], clients, options.durationS * 1000, options.warmupS * 1000, async () => void (warmRss = await server.rss()), false);
          const endRss = await server.rss();
          await server.stop();
          const key = `guard.${b.name}${clients}`;
          const sessionsPerSec = t.sessions.length / t.seconds;
          out[`${key}.sessionsPerSec`] = sessionsPerSec;
          for (const s of STEPS) {
            out[`${key}.p50Ms.${s}`] = pct(t.latencies.get(s)!, 50);
            out[`${key}.p99Ms.${s}`] = pct(t.latencies.get(s)!, 99);
          }
          out[`${key}.p99WriteMs`] = out[`${key}.p99Ms.write`]!;
          out[`${key}.rssStartMB`] = server.startRss / MB;
          out[`${key}.rssWarmMB`] = warmRss / MB;
          out[`${key}.rssEndMB`] = endRss / MB;
          out[`${key}.rssGrowthMB`] = (endRss - warmRss) / MB;
          out[`${key}.failedSteps`] = [...t.failed.values()].reduce((a, x) => a + x, 0);
          out[`${key}.exactlyOnceViolations`] = await exactlyOnceViolations(() => b.bankKeys(cfg.bank), t.sessions);
          log(
            `  ${b.name} ${String(clients).padStart(2)} clients: ${sessionsPerSec.toFixed(1)} sessions/s (${t.sessions.length} in ${t.seconds.toFixed(0)} s), p50/p99 ms: ${STEPS.map((s) => `${s} ${out[`${key}.p50Ms.${s}`]!.toFixed(1)}/${out[`${key}.p99Ms.${s}`]!.toFixed(1)}`).join(", ")}`,
          );
          log(
            `    RSS ${out[`${key}.rssStartMB`]!.toFixed(0)} MB at start, ${out[`${key}.rssWarmMB`]!.toFixed(0)} after warm-up, ${out[`${key}.rssEndMB`]!.toFixed(0)} at the end (growth ${out[`${key}.rssGrowthMB`]!.toFixed(1)} MB); failed steps ${out[`${key}.failedSteps`]}; exactly-once violations ${out[`${key}.exactlyOnceViolations`]}`,
          );
        }
        // two instances on one store, every step on the other one
        const table = `guard_${b.name}_two_${process.pid}`;
        tables.push(table);
        const cfg = b.config(table);
        const servers = await Promise.all([startServer(cfg), startServer(cfg)]);
        const t = await load(
          servers.map((s) => s.url),
          16,
          options.twoDurationS * 1000,
          Math.min(options.warmupS, options.twoDurationS / 4) * 1000,
          async () => undefined,
          true,
        );
        await Promise.all(servers.map((s) => s.stop()));
        const refusedConfirmations = t.failed.get("confirm") ?? 0;
        const refusedSteps = [...t.failed.values()].reduce((a, x) => a + x, 0);
        const violations = await exactlyOnceViolations(() => b.bankKeys(cfg.bank), t.sessions);
        out["guard.twoInstances.refusedConfirmations"] = (out["guard.twoInstances.refusedConfirmations"] ?? 0) + refusedConfirmations;
        out["guard.twoInstances.refusedSteps"] = (out["guard.twoInstances.refusedSteps"] ?? 0) + refusedSteps;
        out["guard.twoInstances.sessions"] = (out["guard.twoInstances.sessions"] ?? 0) + t.sessions.length;
        out["guard.twoInstances.exactlyOnceViolations"] = (out["guard.twoInstances.exactlyOnceViolations"] ?? 0) + violations;
        out[`guard.twoInstances.${b.name}.sessionsPerSec`] = t.sessions.length / t.seconds;
        log(
          `  ${b.name}, two instances, every step on the other one, 16 clients: ${t.sessions.length} sessions, refused confirmations ${refusedConfirmations}, refused steps ${refusedSteps}, exactly-once violations ${violations}`,
        );
      } finally {
        await b.cleanup(tables).catch(() => undefined);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      json: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      clients: { type: "string" },
      "two-duration": { type: "string" },
    },
  });
  const num = (v: string | undefined, name: string, dflt: number) => {
    if (v === undefined) return dflt;
    const x = Number(v);
    if (!Number.isFinite(x) || x <= 0) {
      console.error(`bench:guard: --${name} must be a positive number; got ${JSON.stringify(v)}.`);
      process.exit(2);
    }
    return x;
  };
  const durationS = num(values.duration, "duration", 120);
  const warmupS = num(values.warmup, "warmup", Math.min(15, durationS / 4));
  if (warmupS >= durationS) {
    console.error(`bench:guard: --warmup (${warmupS} s) must be shorter than --duration (${durationS} s).`);
    process.exit(2);
  }
  const clients = (values.clients ?? "16,64").split(",").map((c) => num(c.trim(), "clients", 16));
  const out = await benchGuard({
    durationS,
    warmupS,
    clients,
    twoDurationS: num(values["two-duration"], "two-duration", Math.min(30, durationS)),
    postgresUrl: process.env["CONCORDAT_PG_URL"],
  });
  if (values.json) writeBenchJson(values.json, out);
}
