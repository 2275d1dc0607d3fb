/**
 * `npm run audit:tau1 [-- --decider NAME] [-- --show-heldout]`: the counterfactual replay of the
 * tau-bench v1 gpt-4o runs (tasks 5–49, `test/fixtures/tau1-gpt4o-airline/`) against their hand labels
 * (`test/audit/labels/tau1-writes.jsonl`), reported per part of the split decided before tuning
 * (`tau1TaskSplit`: even task ids are the tuning part, odd ones held out). The tuning part is listed
 * write by write; the held-out part only as counts (and the statuses of its refused writes), so that
 * running the audit does not put held-out conversations in front of whoever tunes the judge.
 * `--show-heldout` lists the held-out writes too (for the lead's review, not for tuning).
 * Exit code: the audit's (1 when it found violations, 2 on an input problem).
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { run } from "../src/cli/run.js";
import { memoryIo } from "../src/cli/io.js";
import type { Counterfactual } from "../src/audit/counterfactual.js";
import { formatCounterfactual } from "../src/audit/format-table.js";
import { parseWriteLabels, type WriteLabel } from "../src/audit/write-labels.js";
import { tau1RunSplit, type CorpusSplit } from "../test/confirmation/corpus/split.js";

export const TAU1_FIXTURE = "test/fixtures/tau1-gpt4o-airline/gpt-4o-airline-tasks5-49.json";
export const TAU1_LABELS = "test/audit/labels/tau1-writes.jsonl";
/** The `concordat audit` arguments of the replay (the whole fixture, every label). */
export const AUDIT_TAU1_ARGS = ["audit", "test/fixtures/tau1-gpt4o-airline", "--baseline", "regex-switch", "--labels", TAU1_LABELS] as const;

/** The fixture's `task_id` per position (the `#N` of a run id). */
export function tau1TaskIds(fixture = TAU1_FIXTURE): number[] {
  return (JSON.parse(readFileSync(fixture, "utf8")) as { task_id: number }[]).map((e) => e.task_id);
}

/**
 * One part of a counterfactual: the labels and listed writes of the runs `partOf` puts in `part`
 * (the totals come from the labels, the refused / passed counts from the listed writes).
 */
export function counterfactualPart(c: Counterfactual, labels: readonly WriteLabel[], partOf: (run: string) => CorpusSplit, part: CorpusSplit): Counterfactual {
  const mine = labels.filter((l) => partOf(l.run) === part);
  const refused = c.authorized.refused_writes.filter((w) => partOf(w.run) === part);
  const passed = c.unauthorized.passed_writes.filter((w) => partOf(w.run) === part);
  const authorized = mine.filter((l) => l.authorized).length;
  const unauthorized = mine.length - authorized;
  return {
    ...c,
    labels: `${c.labels} (${part} part)`,
    authorized: { total: authorized, passed: authorized - refused.length, refused: refused.length, refused_writes: refused },
    unauthorized: { total: unauthorized, stopped: unauthorized - passed.length, passed: passed.length, passed_writes: passed },
    unlabelled: c.unlabelled.filter((w) => partOf(w.run) === part),
  };
}

const pct = (n: number, d: number) => (d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}%`);
const statuses = (ws: readonly { status: string }[]) => {
  const n = new Map<string, number>();
  for (const w of ws) n.set(w.status, (n.get(w.status) ?? 0) + 1);
  return [...n].map(([s, k]) => `${k} ${s}`).join(", ") || "none";
};

/** A labelled set of recorded runs replayed per part of a split fixed before tuning. */
export interface SplitAudit {
  /** The `concordat audit` arguments of the replay (the whole fixture, every label). */
  readonly args: readonly string[];
  readonly labelsFile: string;
  /** The part a run id falls in. */
  readonly partOf: (run: string) => CorpusSplit;
  /** How the split was made, one line. */
  readonly splitText: string;
}

/**
 * Runs the audit of `set` and prints it per part: the tuning part write by write, the held-out part as
 * counts only (unless `--show-heldout`), then one table of both. Returns the audit's exit code.
 * @internal
 */
export async function auditBySplit(set: SplitAudit, argv: readonly string[]): Promise<number> {
  const showHeldOut = argv.includes("--show-heldout");
  const extra = argv.filter((a) => a !== "--show-heldout");
  const mem = memoryIo({});
  const code = await run([...set.args, ...extra, "--format", "json"], mem.io);
  process.stderr.write(mem.err());
  if (code === 2) return 2;
  const report = JSON.parse(mem.out()) as { counterfactual: Counterfactual; summary: { runs: number; writes: number } };
  const labels = parseWriteLabels(readFileSync(set.labelsFile, "utf8"), set.labelsFile);
  const c = report.counterfactual;
  const out: string[] = [`${report.summary.runs} runs, ${report.summary.writes} writes; split: ${set.splitText}`, ""];
  const rows: string[] = ["| part | authorized passed | unauthorized stopped |", "|---|---:|---:|"];
  for (const part of ["tuning", "heldout"] as const) {
    const p = counterfactualPart(c, labels, set.partOf, part);
    rows.push(
      `| ${part} | ${p.authorized.passed} / ${p.authorized.total} (${pct(p.authorized.passed, p.authorized.total)}) | ${p.unauthorized.stopped} / ${p.unauthorized.total} (${pct(p.unauthorized.stopped, p.unauthorized.total)}) |`,
    );
    if (part === "tuning" || showHeldOut) out.push(`### ${part} part`, "", formatCounterfactual(p), "");
    else
      out.push(
        "### heldout part (counts only; --show-heldout lists the writes)",
        "",
        `refused authorized writes by status: ${statuses(p.authorized.refused_writes)}; unauthorized writes that passed: ${p.unauthorized.passed}`,
        "",
      );
  }
  rows.push(
    `| all | ${c.authorized.passed} / ${c.authorized.total} (${pct(c.authorized.passed, c.authorized.total)}) | ${c.unauthorized.stopped} / ${c.unauthorized.total} (${pct(c.unauthorized.stopped, c.unauthorized.total)}) |`,
  );
  out.push(`Counterfactual per part, under the judge ${c.decider}:`, "", ...rows, "");
  process.stdout.write(out.join("\n"));
  return code;
}

async function main(argv: string[]): Promise<number> {
  const ids = tau1TaskIds();
  return auditBySplit(
    {
      args: AUDIT_TAU1_ARGS,
      labelsFile: TAU1_LABELS,
      partOf: (r) => tau1RunSplit(r, ids),
      splitText: "even task ids = tuning, odd = held out (test/confirmation/corpus/split.ts)",
    },
    argv,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2));
