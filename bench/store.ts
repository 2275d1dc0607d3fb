/**
 * `npm run bench:store [-- --json FILE] [--rounds N] [--transitions N]`
 *
 * Validated transitions per second through the guarded executor (validate against the stored
 * session, run a read tool, advance, HMAC-sign, compare-and-set) on the memory, SQLite and
 * PostgreSQL stores (PostgreSQL with 1 and 8 concurrent clients), each against the database's
 * own floor measured in the same run: a plain `UPDATE … SET version = $n + 1, data = $payload
 * WHERE id = $id AND version = $n` of a row of the same size. Within each round baseline and
 * guarded slices alternate; the ratio reported is the median of the per-round ratios (guarded
 * time per transition ÷ baseline time per transition; lower is better, target ≤ 1.5), with its
 * spread over the rounds (`…ratioQ1` / `…ratioQ3` quartiles, `…ratioMin` / `…ratioMax`). Both
 * sides write the same bytes (the guard's rows, MAC included) through prepared statements on the
 * same database file (one WAL) with the same pragmas, one autocommit statement per transition
 * for the baseline. For the in-process stores `store.<db>.cpuRatio` is the same ratio in this
 * process's CPU time (user + system), the steadier figure on a loaded machine; PostgreSQL works
 * in its server process, so only the wall-time ratio is reported for it.
 *
 * `store.<db>.ratio` is the default consistency ("optimistic": one compare-and-set per
 * transition); `store.<db>.strict.ratio` is "strict" (a cached copy is confirmed with a version
 * probe before a read runs: a second statement, a second round trip on PostgreSQL). Calls carry
 * ids, as a model's do, so the duplicate-call check runs too.
 *
 * `store.<db>.longSessionRatio` is the cost of a guarded call at call 10,000 of a session over
 * its cost at call 10 (target ≤ 1.2): windows of 64 calls (two seals of the head's calls into the
 * log) on sessions advanced to 10,000 calls, alternating with windows on fresh sessions at call
 * 10, median over rounds of the per-round ratio (`--long-calls N` changes 10,000).
 *
 * PostgreSQL runs when CONCORDAT_PG_URL is set (`.ci/run` sets it). It measures the built
 * package (`dist/`, built by the npm script), not the sources through tsx. `--parts ratio,long`
 * picks the measurements (default both).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { z } from "zod";
import type * as Concordat from "../src/index.js";
import type * as ConcordatStore from "../src/store/index.js";
import type * as ConcordatSqlite from "../src/store/sqlite-store.js";
import type * as ConcordatPostgres from "../src/store/postgres-store.js";
import type { SessionStore } from "../src/store/session-store.js";
import { importBuilt } from "./import-built.js";
import { quantile, quartileSummary } from "./quantiles.js";
import { writeBenchJson } from "./write-bench-json.js";

// the compiled package, as users run it (see import-built.ts)
const { defineProtocol } = await importBuilt<typeof Concordat>("src/index.js");
const { GuardedExecutor, MemorySessionStore } = await importBuilt<typeof ConcordatStore>("src/store/index.js");
const { SqliteSessionStore } = await importBuilt<typeof ConcordatSqlite>("src/store/sqlite-store.js");
const { PostgresSessionStore } = await importBuilt<typeof ConcordatPostgres>("src/store/postgres-store.js");

const SECRET = "bench-secret-0123456789abcdef";
/** Transitions per session before a fresh one is used (a conversation's length). */
const SESSION_LENGTH = 40;

/** The protocol both store benches drive: a read that loops, and a close. */
export const protocol = defineProtocol({
  name: "bench",
  initial: "open",
  terminal: ["closed"],
  tools: {
    lookup: { input: z.object({ account: z.string(), page: z.number().int() }), effect: "read", outcomes: ["ok"] },
    close: { input: z.object({}), effect: "read" },
  },
  states: {
    open: { on: { lookup: { ok: "open" }, close: { ok: "closed" } } },
    closed: {},
  },
});

const lookupImpl = () => "ok";

interface Client {
  /** Runs `n` operations and returns the elapsed milliseconds. */
  run(n: number): Promise<number>;
}

/**
 * A client that performs `op(slot, k)`, the k-th operation of the current session (or row)
 * `slot`, moving to the next slot every SESSION_LENGTH operations; each operation is awaited
 * once. An operation that returns `false` lost a compare-and-set it had to win.
 */
function cyclingClient(slots: number, op: (slot: number, k: number) => unknown): Client {
  let slot = 0;
  let k = 0;
  return {
    async run(n) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) {
        if (k === SESSION_LENGTH) {
          k = 0;
          slot = (slot + 1) % slots;
        }
        if ((await op(slot, k)) === false) throw new Error("bench: a compare-and-set was lost");
        k++;
      }
      return performance.now() - t0;
    },
  };
}

/** Guarded transitions for one client: its own executor (and connection), its own sessions, created up front. */
async function guardedClient(store: SessionStore, total: number, consistency: "optimistic" | "strict" = "optimistic"): Promise<Client> {
  const ex = new GuardedExecutor({ protocol, store, consistency });
  const sessions: string[] = [];
  for (let i = 0; i < Math.ceil(total / SESSION_LENGTH) + 1; i++) sessions.push((await ex.create()).session.id);
  return cyclingClient(sessions.length, (s, k) =>
    ex.execute(sessions[s]!, { id: `call_${k}`, name: "lookup", arguments: { account: "ACC-1", page: k } }, lookupImpl),
  );
}

/**
 * The rows the guard writes for one session, transition by transition (their text): the
 * baseline writes exactly these bytes, so both sides move the same data through the database.
 */
async function sessionPayloads(): Promise<string[]> {
  const store = new MemorySessionStore({ secret: SECRET });
  const ex = new GuardedExecutor({ protocol, store });
  const { session } = await ex.create();
  const out: string[] = [];
  for (let k = 0; k < SESSION_LENGTH; k++) {
    await ex.execute(session.id, { id: `call_${k}`, name: "lookup", arguments: { account: "ACC-1", page: k } }, lookupImpl);
    out.push(store.rows.get(session.id)!.data);
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

interface Measured {
  readonly opsPerSec: number;
  readonly baselineOpsPerSec: number;
  /** Median over rounds of guarded wall time ÷ baseline wall time. */
  readonly ratio: number;
  /** The per-round wall ratios, for the spread. */
  readonly ratios: readonly number[];
  /** Median over rounds of guarded CPU time ÷ baseline CPU time (this process's user + system). */
  readonly cpuRatio: number;
}

/**
 * Slices per round: baseline and guarded alternate this often (every 50 transitions at the
 * default 2,000 per round, a few milliseconds each), so a slow spell of a shared machine lands
 * on both sides alike.
 */
const SLICES = 40;

/** CPU time of this process (user + system), in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Each round runs `perClient` operations per client on each side, alternating baseline and
 * guarded slices (SLICES of them; which side goes first alternates too), and yields one ratio
 * (guarded time ÷ baseline time), in wall time and in this process's CPU time; the result is the
 * median over rounds. CPU time is the steadier figure on a loaded machine for an in-process
 * database (SQLite); for a server (PostgreSQL) only wall time says anything.
 */
async function compare(baseline: Client[], guarded: Client[], perClient: number, rounds: number): Promise<Measured> {
  const slice = Math.max(1, Math.floor(perClient / SLICES));
  const timed = async (cs: Client[], n: number): Promise<[number, number]> => {
    const c0 = cpuMs();
    const t0 = performance.now();
    const times = await Promise.all(cs.map((c) => c.run(n)));
    return [Math.max(performance.now() - t0, ...times), cpuMs() - c0];
  };
  await timed(baseline, perClient); // warm-up
  await timed(guarded, perClient);
  const b: number[] = [];
  const g: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let bt = 0;
    let gt = 0;
    let bc = 0;
    let gc = 0;
    let s = 0;
    for (let done = 0; done < perClient; done += slice, s++) {
      const n = Math.min(slice, perClient - done);
      const sides = (r + s) % 2 === 0 ? ([baseline, guarded] as const) : ([guarded, baseline] as const);
      for (const side of sides) {
        const [wall, cpu] = await timed(side, n);
        if (side === baseline) {
          bt += wall;
          bc += cpu;
        } else {
          gt += wall;
          gc += cpu;
        }
      }
    }
    b.push((baseline.length * perClient) / (bt / 1000));
    g.push((guarded.length * perClient) / (gt / 1000));
    ratios.push(gt / bt);
    cpuRatios.push(gc / bc);
  }
  return { opsPerSec: median(g), baselineOpsPerSec: median(b), ratio: median(ratios), ratios, cpuRatio: median(cpuRatios) };
}

/**
 * A baseline client: one compare-and-set per operation, cycling through `rows` rows with the
 * same payload sequence and session length as the guarded client. `cas(row, version, payload)`
 * sets the row to version + 1 when it is still at `version`; it is awaited once per operation,
 * the same one await the async store API costs.
 */
function casBaseline(rows: number, payloads: readonly string[], cas: (row: number, version: number, payload: string) => boolean | Promise<boolean>): Client {
  const versions = new Array<number>(rows).fill(0);
  return cyclingClient(rows, (r, k) => {
    const v = versions[r]!;
    versions[r] = v + 1; // operations run one after another: the next one expects v + 1
    return cas(r, v, payloads[k]!);
  });
}

/** What the baseline writes as the row's MAC: the same 64 hex characters the guard writes (its row is that much longer). */
const BASELINE_MAC = "0".repeat(64);

/** The floor on SQLite: CAS updates of a same-size row, same pragmas as the store. */
function sqliteBaseline(path: string, payloads: readonly string[], rows: number): Client {
  const db = new Database(path, { timeout: 10_000 });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec("CREATE TABLE IF NOT EXISTS baseline (id TEXT PRIMARY KEY, version INTEGER NOT NULL, data TEXT NOT NULL, mac TEXT NOT NULL)");
  const ids = Array.from({ length: rows }, () => randomUUID());
  const ins = db.prepare("INSERT INTO baseline VALUES (?, 0, ?, ?)");
  for (const id of ids) ins.run(id, payloads[0]!, BASELINE_MAC);
  const upd = db.prepare("UPDATE baseline SET version = ?, data = ?, mac = ? WHERE id = ? AND version = ?");
  return casBaseline(rows, payloads, (r, v, payload) => upd.run(v + 1, payload, BASELINE_MAC, ids[r], v).changes === 1);
}

/** The floor on PostgreSQL: one connection per client, CAS updates of a same-size row. */
async function postgresBaseline(url: string, table: string, payloads: readonly string[], rows: number): Promise<Client & { close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const ids = Array.from({ length: rows }, () => `baseline-${randomUUID()}`);
  for (const id of ids)
    await pool.query(`INSERT INTO ${table} (id, version, data, mac) VALUES ($1, 0, $2, $3) ON CONFLICT (id) DO UPDATE SET version = 0`, [
      id,
      payloads[0],
      BASELINE_MAC,
    ]);
  const client = casBaseline(
    rows,
    payloads,
    async (r, v, payload) =>
      (await pool.query(`UPDATE ${table} SET version = $1, data = $2, mac = $3 WHERE id = $4 AND version = $5`, [v + 1, payload, BASELINE_MAC, ids[r], v]))
        .rowCount === 1,
  );
  return { ...client, close: () => pool.end() };
}

/** A map compare-and-set: the floor of the memory store (no database at all). */
function memoryBaseline(payloads: readonly string[], count: number): Client {
  const rows = new Map<string, { version: number; data: string }>();
  for (let i = 0; i < count; i++) rows.set(`row-${i}`, { version: 0, data: payloads[0]! });
  return casBaseline(count, payloads, (r, v, payload) => {
    const id = `row-${r}`;
    if (rows.get(id)!.version !== v) return false;
    rows.set(id, { version: v + 1, data: payload });
    return true;
  });
}

/** Calls per timed window of the long-session comparison: two seals of 32 calls each. */
const WINDOW = 64;
/** Windows per side in each round. */
const WINDOWS = 4;
/** Where the short sessions are measured from. */
const SHORT_AT = 10;

interface LongSession {
  readonly at10Us: number;
  readonly atLongUs: number;
  readonly ratio: number;
}

/**
 * The cost of a guarded call deep into a session against early in one, on one store: `long`
 * sessions advanced to `longCalls` calls (untimed) and fresh sessions advanced to call 10; each
 * round times WINDOWS windows of WINDOW calls on each, alternating; the ratio is the median over
 * rounds of (time per call on the long sessions ÷ time per call on the short ones).
 */
async function longSessionCost(store: SessionStore, longCalls: number, rounds: number, log: (l: string) => void): Promise<LongSession> {
  const ex = new GuardedExecutor({ protocol, store });
  const call = (id: string, k: number) => ex.execute(id, { id: `call_${k}`, name: "lookup", arguments: { account: "ACC-1", page: k } }, lookupImpl);
  const longIds: string[] = [];
  const t0 = performance.now();
  for (let i = 0; i < WINDOWS; i++) {
    const id = (await ex.create()).session.id;
    for (let k = 0; k < longCalls; k++) await call(id, k);
    longIds.push(id);
  }
  log(`    (${WINDOWS} sessions advanced to ${longCalls} calls in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const longAt = longIds.map(() => longCalls);
  const shortIds: string[] = [];
  for (let i = 0; i < (rounds + 1) * WINDOWS; i++) {
    const id = (await ex.create()).session.id;
    for (let k = 0; k < SHORT_AT; k++) await call(id, k);
    shortIds.push(id);
  }
  const windowOn = async (id: string, from: number) => {
    const w0 = performance.now();
    for (let k = from; k < from + WINDOW; k++) await call(id, k);
    return performance.now() - w0;
  };
  const ratios: number[] = [];
  const short: number[] = [];
  const long: number[] = [];
  let next = 0;
  for (let r = 0; r <= rounds; r++) {
    let lt = 0;
    let st = 0;
    for (let w = 0; w < WINDOWS; w++) {
      lt += await windowOn(longIds[w]!, longAt[w]!);
      longAt[w]! += WINDOW;
      st += await windowOn(shortIds[next++]!, SHORT_AT);
    }
    if (r === 0) continue; // warm-up
    ratios.push(lt / st);
    long.push((lt * 1000) / (WINDOW * WINDOWS));
    short.push((st * 1000) / (WINDOW * WINDOWS));
  }
  return { at10Us: median(short), atLongUs: median(long), ratio: median(ratios) };
}

export interface StoreBenchOptions {
  readonly rounds?: number;
  readonly transitions?: number;
  /** Calls the long sessions are advanced to. @default 10000 */
  readonly longCalls?: number;
  /** Which measurements to run. @default ["ratio", "long"] */
  readonly parts?: readonly ("ratio" | "long")[];
  readonly postgresUrl?: string | undefined;
  readonly log?: (line: string) => void;
}

/** Runs every store benchmark; returns flat keys (`store.sqlite.ratio`, …). */
export async function benchStore(options: StoreBenchOptions = {}): Promise<Record<string, number>> {
  const rounds = options.rounds ?? 11;
  const n = options.transitions ?? 2000;
  const longCalls = options.longCalls ?? 10_000;
  const parts = new Set(options.parts ?? ["ratio", "long"]);
  const log = options.log ?? ((l: string) => console.log(l));
  const out: Record<string, number> = {};
  const payloads = await sessionPayloads();
  const avgBytes = Math.round(payloads.reduce((a, p) => a + p.length, 0) / payloads.length);
  const put = (key: string, m: Measured, cpu: boolean) => {
    out[`store.${key}.opsPerSec`] = m.opsPerSec;
    out[`store.${key}.baselineOpsPerSec`] = m.baselineOpsPerSec;
    out[`store.${key}.ratio`] = m.ratio;
    out[`store.${key}.ratioQ1`] = quantile(m.ratios, 0.25);
    out[`store.${key}.ratioQ3`] = quantile(m.ratios, 0.75);
    out[`store.${key}.ratioMin`] = quantile(m.ratios, 0);
    out[`store.${key}.ratioMax`] = quantile(m.ratios, 1);
    if (cpu) out[`store.${key}.cpuRatio`] = m.cpuRatio;
    log(
      `  ${key.padEnd(17)} guarded ${m.opsPerSec.toFixed(0).padStart(7)} transitions/s   plain CAS UPDATE ${m.baselineOpsPerSec.toFixed(0).padStart(7)} /s   ratio ${quartileSummary(m.ratios, 2)}, max ${quantile(m.ratios, 1).toFixed(2)}${cpu ? `   CPU ratio ${m.cpuRatio.toFixed(2)}` : ""}`,
    );
  };
  const putLong = async (db: string, store: SessionStore) => {
    const m = await longSessionCost(store, longCalls, rounds, log);
    out[`store.${db}.call10Us`] = m.at10Us;
    out[`store.${db}.callLongUs`] = m.atLongUs;
    out[`store.${db}.longSessionRatio`] = m.ratio;
    log(
      `  ${db.padEnd(17)} call ${longCalls} of a session ${m.atLongUs.toFixed(1).padStart(7)} µs   call ${SHORT_AT} ${m.at10Us.toFixed(1).padStart(7)} µs   longSessionRatio ${m.ratio.toFixed(2)}`,
    );
  };
  if (parts.has("ratio")) {
    log(
      `store: validated transitions per second vs a plain compare-and-set UPDATE of the same rows (${Math.min(...payloads.map((p) => p.length))}–${Math.max(...payloads.map((p) => p.length))} bytes, mean ${avgBytes}, with a 64-character MAC) on the same database (median of ${rounds} rounds, each alternating baseline and guarded in ${SLICES} slices)`,
    );
  }
  if (parts.has("long"))
    log(
      `store: long sessions: a guarded call at call ${longCalls} vs at call ${SHORT_AT} (windows of ${WINDOW} calls, ${WINDOWS} per side per round, median of ${rounds} rounds)`,
    );

  /** Rows each side touches: a fresh row (session) every SESSION_LENGTH transitions, the same count on both sides. */
  const rowsFor = (perClient: number) => Math.ceil((perClient * (rounds + 1)) / SESSION_LENGTH) + 1;
  if (parts.has("ratio"))
    put(
      "memory",
      await compare([memoryBaseline(payloads, rowsFor(n))], [await guardedClient(new MemorySessionStore({ secret: SECRET }), n * (rounds + 1))], n, rounds),
      true,
    );

  const dir = mkdtempSync(join(tmpdir(), "concordat-bench-"));
  try {
    const path = join(dir, "bench.db");
    const store = new SqliteSessionStore({ secret: SECRET, path });
    if (parts.has("ratio")) {
      const base = sqliteBaseline(path, payloads, rowsFor(n));
      put("sqlite", await compare([base], [await guardedClient(store, n * (rounds + 1))], n, rounds), true);
      put(
        "sqlite.strict",
        await compare([sqliteBaseline(path, payloads, rowsFor(n))], [await guardedClient(store, n * (rounds + 1), "strict")], n, rounds),
        true,
      );
    }
    if (parts.has("long")) await putLong("sqlite", store);
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const url = options.postgresUrl;
  if (!url) {
    log("  postgres          not measured: set CONCORDAT_PG_URL (see .ci/run)");
    return out;
  }
  const table = `bench_${process.pid}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  const closers: (() => Promise<void>)[] = [];
  try {
    const mkStore = async () => {
      const s = new PostgresSessionStore({ secret: SECRET, connectionString: url, table, maxConnections: 1 });
      closers.push(() => s.close());
      return s.ensureSchema();
    };
    const mkBase = async (perClient: number) => {
      const b = await postgresBaseline(url, table, payloads, rowsFor(perClient));
      closers.push(() => b.close());
      return b;
    };
    await mkStore();
    if (parts.has("ratio")) {
      for (const mode of ["optimistic", "strict"] as const) {
        const suffix = mode === "optimistic" ? "" : ".strict";
        put(
          `postgres${suffix}`,
          await compare(
            [await mkBase(Math.ceil(n / 2))],
            [await guardedClient(await mkStore(), Math.ceil(n / 2) * (rounds + 1), mode)],
            Math.ceil(n / 2),
            rounds,
          ),
          false,
        );
        const bases: Client[] = [];
        const guards: Client[] = [];
        for (let i = 0; i < 8; i++) {
          bases.push(await mkBase(Math.ceil(n / 4)));
          guards.push(await guardedClient(await mkStore(), Math.ceil(n / 4) * (rounds + 1), mode));
        }
        put(`postgres8${suffix}`, await compare(bases, guards, Math.ceil(n / 4), rounds), false);
      }
    }
    if (parts.has("long")) await putLong("postgres", await mkStore());
  } finally {
    for (const c of closers) await c().catch(() => undefined);
    await admin.query(`DROP TABLE IF EXISTS ${table}, ${table}_log, ${table}_claims`).catch(() => undefined);
    await admin.end();
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      json: { type: "string" },
      rounds: { type: "string" },
      transitions: { type: "string" },
      "long-calls": { type: "string" },
      parts: { type: "string" },
    },
  });
  const num = (v: string | undefined, name: string) => {
    if (v === undefined) return undefined;
    const x = Number(v);
    if (!Number.isInteger(x) || x < 1) {
      console.error(`bench:store: --${name} must be a positive integer; got ${JSON.stringify(v)}.`);
      process.exit(2);
    }
    return x;
  };
  const parts = values.parts?.split(",").map((p) => p.trim());
  if (parts && (parts.length === 0 || parts.some((p) => p !== "ratio" && p !== "long"))) {
    console.error(`bench:store: --parts takes "ratio", "long" or "ratio,long"; got ${JSON.stringify(values.parts)}.`);
    process.exit(2);
  }
  const out = await benchStore({
    rounds: num(values.rounds, "rounds"),
    transitions: num(values.transitions, "transitions"),
    longCalls: num(values["long-calls"], "long-calls"),
    ...(parts ? { parts: parts as ("ratio" | "long")[] } : {}),
    postgresUrl: process.env["CONCORDAT_PG_URL"],
  });
  if (values.json) writeBenchJson(values.json, out);
}
