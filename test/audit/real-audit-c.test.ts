/**
 * real-audit-C: 58 real recorded tau2-bench airline runs from other people's leaderboard submissions
 * (test/fixtures/real-audit-c, labels in test/audit/labels/real-audit-C.jsonl; provenance in the fixture's
 * README), collected and labelled blind. The replay must cover every write with exactly one label, stop
 * every write labelled unauthorized, and split the runs as `runHashSplit` says; the authorized pass rate
 * per part is reported by `npm run audit:real-c`, not pinned.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { memoryIo } from "../../src/cli/io.js";
import type { Counterfactual } from "../../src/audit/counterfactual.js";
import { parseWriteLabels } from "../../src/audit/write-labels.js";
import { runHashSplit } from "../confirmation/corpus/split.js";
import { AUDIT_REAL_C_ARGS, REAL_C_LABELS } from "../../scripts/audit-real-c.js";

describe("npm run audit:real-c (real runs nobody tuned on, scored against hand labels)", () => {
  it("package.json runs scripts/audit-real-c.ts", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts["audit:real-c"]).toMatch(/scripts\/audit-real-c\.ts/);
  });

  it("splits by run id, the same way every time, with both parts populated", () => {
    const labels = parseWriteLabels(readFileSync(REAL_C_LABELS, "utf8"), REAL_C_LABELS);
    const parts = labels.map((l) => runHashSplit(l.run));
    expect(parts.filter((p) => p === "tuning").length).toBe(33);
    expect(parts.filter((p) => p === "heldout").length).toBe(78);
    expect(runHashSplit("d011276f-f025-448c-b36a-0ea755b9a715")).toBe(runHashSplit("d011276f-f025-448c-b36a-0ea755b9a715"));
  });

  it("covers every write with one label and stops every unauthorized write", async () => {
    const io = memoryIo({});
    const code = await run([...AUDIT_REAL_C_ARGS, "--format", "json"], io.io);
    expect(io.err()).toBe("");
    expect(code).toBe(1);
    const report = JSON.parse(io.out()) as { summary: { runs: number; writes: number }; problems: unknown[]; counterfactual: Counterfactual };
    expect(report.problems).toEqual([]);
    expect([report.summary.runs, report.summary.writes]).toEqual([58, 111]);
    const c = report.counterfactual;
    expect(c.unlabelled).toEqual([]);
    expect(c.labels_not_audited).toBe(0);
    expect([c.authorized.total, c.unauthorized.total]).toEqual([87, 24]);
    expect(c.unauthorized.passed_writes.map((w) => `${w.run} call ${w.call}`)).toEqual([]);
  }, 120_000);
});
