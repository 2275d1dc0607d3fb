/**
 * The blind set of hand-written recorded-style conversations (test/fixtures/blind-audit-a, labels in
 * test/audit/labels/blind-audit-A.jsonl; provenance in the fixture's README). The replay must cover every
 * write with exactly one label, and stop every write labelled unauthorized (the audit's precision on
 * conversations nobody tuned it on); the authorized pass rate is reported by `npm run audit:blind`, not
 * pinned.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { memoryIo } from "../../src/cli/io.js";
import type { Counterfactual } from "../../src/audit/counterfactual.js";
import { parseWriteLabels } from "../../src/audit/write-labels.js";

const LABELS = "test/audit/labels/blind-audit-A.jsonl";

function auditBlindArgs(): string[] {
  const script = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts["audit:blind"];
  expect(script, 'package.json has an "audit:blind" script').toMatch(
    / audit test\/fixtures\/blind-audit-a .*--labels test\/audit\/labels\/blind-audit-A\.jsonl/,
  );
  return script!.replace(/^.*src\/cli\/bin\.ts /, "").split(" ");
}

describe("npm run audit:blind (blind hand-written conversations, scored against hand labels)", () => {
  it("covers every write with one label and stops every unauthorized write", async () => {
    const io = memoryIo({});
    const code = await run([...auditBlindArgs(), "--format", "json"], io.io);
    expect(io.err()).toBe("");
    expect(code).toBe(1);
    const report = JSON.parse(io.out()) as { summary: { runs: number; writes: number }; problems: unknown[]; counterfactual: Counterfactual };
    const labels = parseWriteLabels(readFileSync(LABELS, "utf8"), LABELS);
    expect(report.problems).toEqual([]);
    expect([report.summary.runs, report.summary.writes, labels.length]).toEqual([30, 44, 44]);
    const c = report.counterfactual;
    expect(c.unlabelled).toEqual([]);
    expect(c.labels_not_audited).toBe(0);
    expect([c.authorized.total, c.unauthorized.total]).toEqual([28, 16]);
    expect(c.unauthorized.passed_writes.map((w) => `${w.run} call ${w.call}`)).toEqual([]);
    expect(c.authorized.passed + c.authorized.refused).toBe(28);
  }, 60_000);
});
