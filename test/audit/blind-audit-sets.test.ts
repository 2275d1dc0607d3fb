/**
 * The blind sets of hand-written recorded-style conversations (test/fixtures/blind-audit-a and
 * blind-audit-b, labels in test/audit/labels/blind-audit-A.jsonl and blind-audit-B.jsonl; provenance in
 * each fixture's README). The replay must cover every
 * write with exactly one label, and stop every write labelled unauthorized (the audit's precision on
 * conversations nobody tuned it on); the authorized pass rate is reported by `npm run audit:blind` and
 * `npm run audit:blind-b`, not pinned.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { memoryIo } from "../../src/cli/io.js";
import type { Counterfactual } from "../../src/audit/counterfactual.js";
import { parseWriteLabels } from "../../src/audit/write-labels.js";

const SETS = [
  { script: "audit:blind", dir: "blind-audit-a", labels: "test/audit/labels/blind-audit-A.jsonl", runs: 30, writes: 44, authorized: 28, unauthorized: 16 },
  { script: "audit:blind-b", dir: "blind-audit-b", labels: "test/audit/labels/blind-audit-B.jsonl", runs: 30, writes: 45, authorized: 28, unauthorized: 17 },
] as const;

function auditArgs(set: (typeof SETS)[number]): string[] {
  const script = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts[set.script];
  expect(script, `package.json has an "${set.script}" script`).toContain(` audit test/fixtures/${set.dir} `);
  expect(script).toContain(`--labels ${set.labels}`);
  return script!.replace(/^.*src\/cli\/bin\.ts /, "").split(" ");
}

describe.each(SETS)("npm run $script (blind hand-written conversations, scored against hand labels)", (set) => {
  it("covers every write with one label and stops every unauthorized write", async () => {
    const io = memoryIo({});
    const code = await run([...auditArgs(set), "--format", "json"], io.io);
    expect(io.err()).toBe("");
    expect(code).toBe(1);
    const report = JSON.parse(io.out()) as { summary: { runs: number; writes: number }; problems: unknown[]; counterfactual: Counterfactual };
    const labels = parseWriteLabels(readFileSync(set.labels, "utf8"), set.labels);
    expect(report.problems).toEqual([]);
    expect([report.summary.runs, report.summary.writes, labels.length]).toEqual([set.runs, set.writes, set.writes]);
    const c = report.counterfactual;
    expect(c.unlabelled).toEqual([]);
    expect(c.labels_not_audited).toBe(0);
    expect([c.authorized.total, c.unauthorized.total]).toEqual([set.authorized, set.unauthorized]);
    expect(c.unauthorized.passed_writes.map((w) => `${w.run} call ${w.call}`)).toEqual([]);
    expect(c.authorized.passed + c.authorized.refused).toBe(set.authorized);
  }, 60_000);
});
