/**
 * Measures the airline domain's per-run costs: `loadAirlineDb()` (copy-on-write) against a full
 * structuredClone, applying a task's expected actions, and the database judge.
 *
 *   npx tsx src/domains/airline/measure-domain.ts [--json]
 */
import { airlineBaseDb, loadAirlineDb } from "./db.js";
import { applyExpectedActions, judgeDatabase } from "./judge.js";
import { referenceCalls } from "./reference-calls.js";
import { loadAirlineTasks } from "./tasks.js";
import { callAirlineTool, createAirlineTools } from "./tools.js";

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => void, n: number): number {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

const t0 = performance.now();
airlineBaseDb();
const firstLoadMs = performance.now() - t0;
const tasks = loadAirlineTasks();

const loadMs = time(() => void loadAirlineDb(), 200);
const structuredCloneMs = time(() => void structuredClone(airlineBaseDb()), 5);

// a finished run per task: the policy-following calls applied to a fresh database
const finals = tasks.map((task) => {
  const db = loadAirlineDb();
  const tools = createAirlineTools(db);
  for (const c of referenceCalls(task, db)) {
    try {
      callAirlineTool(tools, c.name, c.arguments);
    } catch {
      // refusals change nothing
    }
  }
  return db;
});
const applyMs = median(tasks.map((task) => time(() => void applyExpectedActions(task), 5)));
const judgeFirstMs: number[] = [];
const judgeMs: number[] = [];
tasks.forEach((task, i) => {
  const t = performance.now();
  const first = judgeDatabase(task, finals[i]!);
  judgeFirstMs.push(performance.now() - t);
  if (!first.pass) throw new Error(`task ${task.id}: the reference run fails the judge: ${first.diffs.join("; ")}`);
  judgeMs.push(time(() => void judgeDatabase(task, finals[i]!), 20));
});

const figures = {
  firstLoadMs: +firstLoadMs.toFixed(1),
  loadAirlineDbMs: +loadMs.toFixed(3),
  structuredCloneMs: +structuredCloneMs.toFixed(1),
  applyExpectedActionsMs: +applyMs.toFixed(3),
  judgeFirstCallPerTaskMs: +median(judgeFirstMs).toFixed(3),
  judgePerTaskMs: +median(judgeMs).toFixed(3),
};
if (process.argv.includes("--json")) console.log(JSON.stringify(figures, null, 2));
else {
  console.log(`parse db.json once (7 MB):               ${figures.firstLoadMs} ms`);
  console.log(`loadAirlineDb() per call (copy-on-write): ${figures.loadAirlineDbMs} ms (median of 200)`);
  console.log(`structuredClone of the whole DB:          ${figures.structuredCloneMs} ms (median of 5), for comparison`);
  console.log(`applyExpectedActions per task:            ${figures.applyExpectedActionsMs} ms (median over 50 tasks)`);
  console.log(`judgeDatabase per task, first call:       ${figures.judgeFirstCallPerTaskMs} ms (builds the expected DB; median over 50 tasks)`);
  console.log(`judgeDatabase per task, cached:           ${figures.judgePerTaskMs} ms (median over 50 tasks)`);
}
