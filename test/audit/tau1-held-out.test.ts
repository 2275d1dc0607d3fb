/**
 * The held-out recorded runs (test/fixtures/tau1-gpt4o-airline: tau-bench v1's gpt-4o airline runs,
 * tasks 5–49) and their hand labels (test/audit/labels/tau1-writes.jsonl), labelled by reading before
 * any audit verdict on them. `npm run audit:tau1` replays every recorded write under the default
 * judge and scores it against the labels. These tests check that the replay runs and covers every
 * write and every label; they do not pin the pass rates, which change as the judge improves.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { memoryIo } from "../../src/cli/io.js";
import { airlineAuditDomain } from "../../src/audit/domains/airline-audit-domain.js";
import { parseWriteLabels } from "../../src/audit/write-labels.js";
import type { Counterfactual } from "../../src/audit/counterfactual.js";
import { AUDIT_TAU1_ARGS, counterfactualPart, tau1TaskIds } from "../../scripts/audit-tau1.js";
import { tau1RunSplit } from "../confirmation/corpus/split.js";

const FIXTURE = "test/fixtures/tau1-gpt4o-airline/gpt-4o-airline-tasks5-49.json";
const LABELS = "test/audit/labels/tau1-writes.jsonl";

/** The arguments `npm run audit:tau1` passes to the CLI (its script, checked to be the one package.json runs). */
function auditTau1Args(): string[] {
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
  expect(scripts["audit:tau1"], 'package.json has an "audit:tau1" script running scripts/audit-tau1.ts').toMatch(/scripts\/audit-tau1\.ts/);
  return [...AUDIT_TAU1_ARGS];
}

/** Runs and write calls counted straight from the raw JSON, independently of the audit's parsers. */
function rawCounts(): { runs: number; writes: number; tasks: Map<number, number> } {
  const data = JSON.parse(readFileSync(FIXTURE, "utf8")) as { task_id: number; traj: { role: string; tool_calls?: { function: { name: string } }[] }[] }[];
  const writeTools = new Set<string>(airlineAuditDomain.writeTools);
  const tasks = new Map<number, number>();
  let writes = 0;
  for (const e of data) {
    tasks.set(e.task_id, (tasks.get(e.task_id) ?? 0) + 1);
    for (const m of e.traj) if (m.role === "assistant") for (const c of m.tool_calls ?? []) if (writeTools.has(c.function.name)) writes++;
  }
  return { runs: data.length, writes, tasks };
}

describe("npm run audit:tau1 (held-out recorded runs, scored against hand labels)", () => {
  it("the fixture holds tasks 5–49, 4 trials each, with the system prompt trimmed to a placeholder", () => {
    const { runs, tasks } = rawCounts();
    expect(runs).toBe(180);
    expect([...tasks.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => i + 5));
    for (const n of tasks.values()) expect(n).toBe(4);
    const data = JSON.parse(readFileSync(FIXTURE, "utf8")) as { traj: { role: string; content: string }[] }[];
    for (const e of data) expect(e.traj[0]).toMatchObject({ role: "system", content: expect.stringMatching(/^\[trimmed: /) });
  });

  it("replays every recorded write and scores each against exactly one label; the totals are the label file's counts", async () => {
    const io = memoryIo({});
    const code = await run([...auditTau1Args(), "--format", "json"], io.io);
    expect(io.err()).toBe("");
    // exit 1: the audit found writes without a matching yes (as on the shared runs); 2 would be a usage or input error
    expect(code).toBe(1);
    const report = JSON.parse(io.out()) as {
      summary: { runs: number; writes: number };
      problems: unknown[];
      counterfactual: Counterfactual;
    };
    const raw = rawCounts();
    expect(report.problems).toEqual([]);
    expect(report.summary.runs).toBe(raw.runs);
    expect(report.summary.writes).toBe(raw.writes);

    const labels = parseWriteLabels(readFileSync(LABELS, "utf8"), LABELS);
    const authorized = labels.filter((l) => l.authorized).length;
    expect(labels.length).toBe(raw.writes);
    expect(new Set(labels.map((l) => `${l.run}\u0000${l.call}`)).size).toBe(labels.length);

    const c = report.counterfactual;
    expect(c.unlabelled).toEqual([]);
    expect(c.labels_not_audited).toBe(0);
    expect(c.authorized.total).toBe(authorized);
    expect(c.unauthorized.total).toBe(labels.length - authorized);
    expect(c.authorized.passed + c.authorized.refused).toBe(c.authorized.total);
    expect(c.unauthorized.stopped + c.unauthorized.passed).toBe(c.unauthorized.total);
    expect(c.authorized.refused_writes.length).toBe(c.authorized.refused);
    expect(c.unauthorized.passed_writes.length).toBe(c.unauthorized.passed);
    for (const w of c.authorized.refused_writes) expect(w.status).not.toBe("confirmed");
    for (const w of c.unauthorized.passed_writes) expect(w.status).toBe("confirmed");

    // the two parts of the split (even task ids tuning, odd held out): each part's totals are its labels' counts, and the parts add up
    const ids = tau1TaskIds();
    const partOf = (r: string) => tau1RunSplit(r, ids);
    const parts = (["tuning", "heldout"] as const).map((p) => counterfactualPart(c, labels, partOf, p));
    expect(parts.map((p) => [p.authorized.total, p.unauthorized.total])).toEqual(
      (["tuning", "heldout"] as const).map((p) => {
        const mine = labels.filter((l) => partOf(l.run) === p);
        return [mine.filter((l) => l.authorized).length, mine.filter((l) => !l.authorized).length];
      }),
    );
    expect(parts.map((p) => p.authorized.total + p.unauthorized.total)).toEqual([87, 113]);
    expect(parts[0]!.authorized.passed + parts[1]!.authorized.passed).toBe(c.authorized.passed);
    expect(parts[0]!.unauthorized.stopped + parts[1]!.unauthorized.stopped).toBe(c.unauthorized.stopped);
    for (const p of parts) expect(p.authorized.passed + p.authorized.refused).toBe(p.authorized.total);
  }, 60_000);
});
