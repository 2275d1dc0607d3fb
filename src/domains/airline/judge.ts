import { canonicalDiff, canonicalEqual } from "./canonical.js";
import { AIRLINE_TABLES, airlineBaseDb, loadAirlineDb, type AirlineDb, type AirlineTable } from "./db.js";
import type { AirlineTask } from "./tasks.js";
import { AirlineToolError, callAirlineTool, createAirlineTools } from "./tools.js";
import { isAirlineWriteTool } from "./tool-specs.js";

/**
 * tau2's database check: apply a task's expected actions (in order) to a fresh database and
 * compare the run's final database with it canonically (key order and null fields do not
 * matter). Like tau2, an expected action that fails is skipped (it changes nothing).
 */

export interface ExpectedActionsResult {
  readonly db: AirlineDb;
  /** Expected actions the tools refused (tau2 logs and skips them). */
  readonly errors: readonly { readonly actionId: string; readonly tool: string; readonly message: string }[];
}

export interface DatabaseJudgement {
  readonly pass: boolean;
  /** One line per differing path, e.g. `reservations.GV1N64.cabin: expected "economy", got "basic_economy"`. */
  readonly diffs: string[];
}

/** Applies a task's `evaluation_criteria.actions` to a fresh database; reports refused actions. */
export function applyExpectedActionsDetailed(task: AirlineTask): ExpectedActionsResult {
  const db = loadAirlineDb();
  const tools = createAirlineTools(db);
  const errors: { actionId: string; tool: string; message: string }[] = [];
  for (const action of task.evaluation_criteria.actions) {
    try {
      callAirlineTool(tools, action.name, action.arguments);
    } catch (e) {
      if (!(e instanceof AirlineToolError)) throw e;
      errors.push({ actionId: action.action_id, tool: action.name, message: e.message });
    }
  }
  return { db, errors };
}

/** The database a task expects at the end of a run: a fresh database you may change. */
export function applyExpectedActions(task: AirlineTask): AirlineDb {
  return applyExpectedActionsDetailed(task).db;
}

const expectedCache = new WeakMap<AirlineTask, AirlineDb>();

function expectedFor(task: AirlineTask): AirlineDb {
  let db = expectedCache.get(task);
  if (!db) {
    db = applyExpectedActions(task);
    for (const t of AIRLINE_TABLES) for (const v of Object.values(db[t])) deepFreeze(v);
    expectedCache.set(task, db);
  }
  return db;
}

function deepFreeze(v: unknown): void {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
}

/** Paths where two databases differ canonically (entries that are the same object are skipped). */
export function diffDatabases(expected: AirlineDb, actual: AirlineDb, limit = 50): string[] {
  const out: string[] = [];
  for (const table of AIRLINE_TABLES) {
    const e = expected[table] as Record<string, unknown>;
    const a = actual[table] as Record<string, unknown> | undefined;
    if (a === undefined || a === null || typeof a !== "object") {
      out.push(`${table}: expected a table, got ${String(a)}`);
      continue;
    }
    for (const k of Object.keys(e)) {
      if (out.length >= limit) return out;
      if (e[k] === a[k]) continue;
      if (!Object.prototype.hasOwnProperty.call(a, k)) {
        if (e[k] !== null && e[k] !== undefined) out.push(`${table}.${k}: expected an entry, got (absent)`);
        continue;
      }
      canonicalDiff(e[k], a[k], `${table}.${k}`, out, limit);
    }
    for (const k of Object.keys(a)) {
      if (out.length >= limit) return out;
      if (!Object.prototype.hasOwnProperty.call(e, k) && a[k] !== null && a[k] !== undefined) out.push(`${table}.${k}: expected (absent), got an entry`);
    }
  }
  return out;
}

/** tau2's database check of one run. */
export function judgeDatabase(task: AirlineTask, finalDb: AirlineDb): DatabaseJudgement {
  const diffs = diffDatabases(expectedFor(task), finalDb);
  return { pass: diffs.length === 0, diffs };
}

/** Whether a task's expected actions include a write tool. */
export function taskExpectsWrite(task: AirlineTask): boolean {
  return task.evaluation_criteria.actions.some((a) => isAirlineWriteTool(a.name));
}

/**
 * The entries of a database that differ canonically from `db.json`, per table, like the
 * oracle file `expected_end_states.json` lists them.
 */
export function changedEntries(db: AirlineDb): Record<AirlineTable, Record<string, unknown>> {
  const base = airlineBaseDb();
  const out = { flights: {}, users: {}, reservations: {} } as Record<AirlineTable, Record<string, unknown>>;
  for (const table of AIRLINE_TABLES) {
    const b = base[table] as Record<string, unknown>;
    const d = db[table] as Record<string, unknown>;
    for (const [k, v] of Object.entries(d)) if (v !== b[k] && !canonicalEqual(v, b[k])) out[table][k] = v;
    for (const k of Object.keys(b)) if (!Object.prototype.hasOwnProperty.call(d, k)) out[table][k] = null;
  }
  return out;
}
