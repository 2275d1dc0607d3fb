/**
 * `npm run build && node --import tsx bench/store-floor.ts [--rounds N]`
 *
 * What a guarded SQLite call is made of, in this process's CPU time (user + system), interleaved
 * rounds, medians with quartiles (the companion of bench/store.ts, whose `store.sqlite.ratio` it
 * explains):
 *
 * - `rewrite`: the plain compare-and-set `UPDATE` of the guard's own head rows (the bytes of a
 *   40-call session, call by call): bench/store.ts's baseline, in a tight loop;
 * - `append`: the other write shape issue 18 names, in one `BEGIN IMMEDIATE` transaction of
 *   prepared statements: `INSERT` the call's record (~190 bytes) into a log table and
 *   compare-and-set a head that holds only the row's tail (~330 bytes);
 * - `guardJs`: a guarded call with a store whose write is a no-op (validation, the tool, advance,
 *   encoding, HMAC, the cache): the guard's own work without the database;
 * - `guarded`: a guarded call on SQLite (`SqliteSessionStore`), as bench/store.ts runs it.
 *
 * Read `guarded − guardJs` against `rewrite`: what the database costs inside the guard against
 * the same statement alone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import type * as ConcordatStore from "../src/store/index.js";
import type * as ConcordatSqlite from "../src/store/sqlite-store.js";
import type { RowWrite } from "../src/store/session-store.js";
import { importBuilt } from "./import-built.js";
import { quartileSummary } from "./quantiles.js";
import { protocol } from "./store.js";

const { GuardedExecutor, MemorySessionStore } = await importBuilt<typeof ConcordatStore>("src/store/index.js");
const { SqliteSessionStore } = await importBuilt<typeof ConcordatSqlite>("src/store/sqlite-store.js");

const SECRET = "bench-secret-0123456789abcdef";
const SESSION_LENGTH = 40;
const PER_SLICE = 100;
const { values } = parseArgs({ options: { rounds: { type: "string" } } });
const ROUNDS = Number(values.rounds ?? 15);
if (!Number.isInteger(ROUNDS) || ROUNDS < 3) {
  console.error(`store-floor: --rounds must be an integer ≥ 3; got ${JSON.stringify(values.rounds)}.`);
  process.exit(2);
}
const SESSIONS = Math.ceil(((ROUNDS + 1) * PER_SLICE * 2) / SESSION_LENGTH) + 2;

const call = (k: number) => ({ id: `call_${k}`, name: "lookup", arguments: { account: "ACC-1", page: k } });

/** A memory store whose head write is a no-op compare-and-set (nothing kept but the version and MAC). */
class NoWriteStore extends MemorySessionStore {
  protected override updateRow(id: string, expectedVersion: number, row: RowWrite): boolean {
    const current = this.rows.get(id);
    if (!current || current.version !== expectedVersion) return false;
    this.rows.set(id, { version: row.version, data: current.data, mac: row.mac });
    return true;
  }
}

// the head rows a 40-call session writes (the baseline's bytes) and, per call, its record and tail
const payloads: string[] = [];
{
  const store = new MemorySessionStore({ secret: SECRET });
  const ex = new GuardedExecutor({ protocol, store });
  const { session } = await ex.create();
  for (let k = 0; k < SESSION_LENGTH; k++) {
    await ex.execute(session.id, call(k), () => "ok");
    payloads.push(store.rows.get(session.id)!.data);
  }
}
const last = JSON.parse(payloads[SESSION_LENGTH - 2]!) as { calls: unknown[] };
const record = JSON.stringify(last.calls.at(-1));
const tail = payloads[SESSION_LENGTH - 2]!.slice(payloads[SESSION_LENGTH - 2]!.lastIndexOf("]"));
const MAC = "0".repeat(64);

type Op = () => unknown;
const dir = mkdtempSync(join(tmpdir(), "concordat-store-floor-"));
try {
  const db = new Database(join(dir, "floor.db"), { timeout: 10_000 });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(`CREATE TABLE rw (id TEXT PRIMARY KEY, version INTEGER NOT NULL, data TEXT NOT NULL, mac TEXT NOT NULL);
    CREATE TABLE head (id TEXT PRIMARY KEY, version INTEGER NOT NULL, data TEXT NOT NULL, mac TEXT NOT NULL);
    CREATE TABLE calls (session_id TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (session_id, seq)) WITHOUT ROWID`);
  const ids = Array.from({ length: SESSIONS }, () => crypto.randomUUID());
  const insRw = db.prepare("INSERT INTO rw VALUES (?, 0, ?, ?)");
  const insHead = db.prepare("INSERT INTO head VALUES (?, 0, ?, ?)");
  for (const id of ids) {
    insRw.run(id, payloads[0]!, MAC);
    insHead.run(id, tail, MAC);
  }
  const updRw = db.prepare("UPDATE rw SET version = ?, data = ?, mac = ? WHERE id = ? AND version = ?");
  const updHead = db.prepare("UPDATE head SET version = ?, data = ?, mac = ? WHERE id = ? AND version = ?");
  const insCall = db.prepare("INSERT INTO calls VALUES (?, ?, ?)");
  const appendTx = db.transaction((id: string, v: number, k: number) => {
    if (updHead.run(v + 1, tail, MAC, id, v).changes !== 1) return false;
    insCall.run(id, k, record);
    return true;
  });
  /** Cycles through the sessions like bench/store.ts: 40 operations each. */
  const cycling = (op: (s: number, k: number) => unknown): Op => {
    let s = 0;
    let k = 0;
    return () => {
      if (k === SESSION_LENGTH) {
        k = 0;
        s++;
      }
      return op(s, k++);
    };
  };
  const check = (ok: boolean) => {
    if (!ok) throw new Error("store-floor: a compare-and-set was lost");
  };
  const rewrite = cycling((s, k) => check(updRw.run(k + 1, payloads[k]!, MAC, ids[s], k).changes === 1));
  const append = cycling((s, k) => check(appendTx.immediate(ids[s]!, k, k)));
  const guardedOn = async (store: InstanceType<typeof MemorySessionStore> | InstanceType<typeof SqliteSessionStore>) => {
    const ex = new GuardedExecutor({ protocol, store });
    const sessions: string[] = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push((await ex.create()).session.id);
    return cycling((s, k) => ex.execute(sessions[s]!, call(k), () => "ok"));
  };
  const sqlite = new SqliteSessionStore({ secret: SECRET, path: join(dir, "guarded.db") });
  const sides: Record<string, Op> = {
    rewrite,
    append,
    guardJs: await guardedOn(new NoWriteStore({ secret: SECRET })),
    guarded: await guardedOn(sqlite),
  };
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  const slice = async (op: Op, n: number) => {
    const c0 = cpu();
    for (let i = 0; i < n; i++) {
      const r = op();
      if (r instanceof Promise) await r;
    }
    return (cpu() - c0) / n;
  };
  const names = Object.keys(sides);
  for (const n of names) await slice(sides[n]!, PER_SLICE); // warm-up
  const per: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? names : [...names].reverse();
    for (const n of order) per[n]!.push(await slice(sides[n]!, PER_SLICE));
  }
  console.log(
    `store-floor: CPU µs per operation (user + system), ${ROUNDS} interleaved rounds of ${PER_SLICE}, head rows ${payloads[0]!.length}–${Math.max(...payloads.map((p) => p.length))} bytes`,
  );
  for (const n of names) console.log(`  ${n.padEnd(8)} ${quartileSummary(per[n]!, 1)}`);
  const ratio = (a: string, b: string) => per[a]!.map((x, i) => x / per[b]![i]!);
  console.log(`  append / rewrite          ${quartileSummary(ratio("append", "rewrite"), 2)}`);
  console.log(`  guarded / rewrite         ${quartileSummary(ratio("guarded", "rewrite"), 2)}`);
  console.log(
    `  (guarded − guardJs) / rewrite ${quartileSummary(
      per.guarded!.map((g, i) => (g - per.guardJs![i]!) / per.rewrite![i]!),
      2,
    )}   the database's cost inside the guard over the same statement alone`,
  );
  await sqlite.close();
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
