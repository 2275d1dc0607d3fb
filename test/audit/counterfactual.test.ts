import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { auditRuns } from "../../src/audit/audit-report.js";
import { scoreCounterfactual } from "../../src/audit/counterfactual.js";
import { airlineAuditDomain } from "../../src/audit/domains/airline-audit-domain.js";
import { LabelsFileError, parseWriteLabels } from "../../src/audit/write-labels.js";
import { memoryIo } from "../../src/cli/io.js";
import { run } from "../../src/cli/run.js";
import { ruleDecider } from "../../src/confirmation/rule-decider.js";
import { agent, callAndResult, conversation, tau2File, user } from "./conversation-builder.js";

// sim-0: a described cancellation the user said yes to (confirmed, call 0)
const yesRun = [
  agent("Hi! How can I help you today?"),
  user("Please cancel my reservation ABC123."),
  agent("I will cancel reservation ABC123. Shall I proceed?"),
  user("Yes, please proceed."),
  ...callAndResult(null, "cancel_reservation", { reservation_id: "ABC123" }),
];
// sim-1: a read (call 0), then a cancellation nobody confirmed (call 1)
const noYesRun = [
  agent("Hi!"),
  user("What would I get back if I cancelled XYZ789?"),
  ...callAndResult(null, "get_reservation_details", { reservation_id: "XYZ789" }),
  ...callAndResult(null, "cancel_reservation", { reservation_id: "XYZ789" }),
];

const line = (o: Record<string, unknown>) => JSON.stringify(o);
const label = (run: string, call: number, authorized: boolean, extra: Record<string, unknown> = {}) =>
  line({ run, call, tool: "cancel_reservation", authorized, note: "read it", ...extra });

function expectLabelsError(text: string, lineNo: number, problem: RegExp, fix: RegExp): void {
  let err: unknown;
  try {
    parseWriteLabels(text, "labels.jsonl");
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(LabelsFileError);
  const e = err as LabelsFileError;
  expect(e.line).toBe(lineNo);
  expect(e.message).toMatch(problem);
  expect(e.message).toMatch(fix);
  expect(e.message).toContain(lineNo > 0 ? `labels file labels.jsonl, line ${lineNo}:` : "labels file labels.jsonl:");
}

describe("parseWriteLabels", () => {
  it("reads one label per line, skipping blank lines, keeping the line numbers", () => {
    const labels = parseWriteLabels(`${label("sim-0", 0, true)}\n\n${label("sim-1", 1, false, { file: "a.json" })}\n`, "labels.jsonl");
    expect(labels).toEqual([
      { run: "sim-0", call: 0, tool: "cancel_reservation", authorized: true, note: "read it", line: 1 },
      { run: "sim-1", call: 1, tool: "cancel_reservation", authorized: false, note: "read it", file: "a.json", line: 3 },
    ]);
  });

  it("a line that is not JSON: names the line and shows the expected shape", () => {
    expectLabelsError(`${label("sim-0", 0, true)}\n{"run": "sim-1", call: 1}\n`, 2, /not valid JSON/, /one JSON object per line, e\.g\. \{"run"/);
  });

  it("a line holding an array or a string is not a label", () => {
    expectLabelsError(`[1, 2]\n`, 1, /expected a JSON object, got \[1,2\]/, /one JSON object per line/);
    expectLabelsError(`${label("sim-0", 0, true)}\n"sim-1"\n`, 2, /expected a JSON object, got "sim-1"/, /one JSON object per line/);
  });

  it("authorized as a string, a number or missing is refused with the JSON-boolean fix", () => {
    expectLabelsError(line({ run: "sim-0", call: 0, authorized: "true", note: "n" }), 1, /"authorized" must be true or false .*got "true"/, /without quotes/);
    expectLabelsError(line({ run: "sim-0", call: 0, authorized: 1, note: "n" }), 1, /got 1/, /without quotes/);
    expectLabelsError(line({ run: "sim-0", call: 0, note: "n" }), 1, /"authorized" .* got missing/, /without quotes/);
  });

  it("call must be a non-negative integer; run a non-empty string; note a non-empty string", () => {
    expectLabelsError(line({ run: "sim-0", call: -1, authorized: true, note: "n" }), 1, /"call" must be .* got -1/, /runs\[\]\.writes\[\]\.index/);
    expectLabelsError(line({ run: "sim-0", call: 1.5, authorized: true, note: "n" }), 1, /got 1\.5/, /index/);
    expectLabelsError(line({ run: "sim-0", call: "3", authorized: true, note: "n" }), 1, /got "3"/, /index/);
    expectLabelsError(line({ run: "", call: 0, authorized: true, note: "n" }), 1, /"run" must be the run id/, /runs\[\]\.id/);
    expectLabelsError(line({ run: "sim-0", call: 0, authorized: true, note: "  " }), 1, /"note" must say why/, /add a note/);
    expectLabelsError(line({ run: "sim-0", call: 0, authorized: true, note: "n", tool: 7 }), 1, /"tool" must be a non-empty string/, /write tool's name/);
  });

  it("a misspelt field is an error, not a silently ignored label", () => {
    expectLabelsError(
      line({ run: "sim-0", call: 0, authorised: true, note: "n" }),
      1,
      /unknown field "authorised"/,
      /use only the fields run, call, tool, authorized, note, file/,
    );
  });

  it("a second label for the same write names both lines", () => {
    expectLabelsError(
      `${label("sim-0", 0, true)}\n${label("sim-1", 1, false)}\n${label("sim-0", 0, false)}\n`,
      3,
      /second label for run "sim-0" call 0 \(first labelled on line 1\)/,
      /one label per write/,
    );
  });

  it("an empty file (or only blank lines) holds no labels", () => {
    expectLabelsError("\n  \n", 0, /holds no labels/, /one JSON object per line/);
  });
});

async function reportOf(...runs: (typeof yesRun)[]) {
  const recorded = runs.map((r, i) => ({ ...conversation(r), id: `sim-${i}` }));
  return auditRuns(recorded, { domain: airlineAuditDomain, decider: ruleDecider });
}

describe("scoreCounterfactual", () => {
  it("authorized and confirmed passes; authorized and not confirmed is refused and listed with the audit's reason", async () => {
    const report = await reportOf(yesRun, noYesRun);
    const labels = parseWriteLabels([label("sim-0", 0, true), label("sim-1", 1, true, { note: "user asked to cancel" })].join("\n"), "l.jsonl");
    const { counterfactual: c, problems } = scoreCounterfactual(report, labels, "l.jsonl");
    expect(problems).toEqual([]);
    expect(c.authorized).toMatchObject({ total: 2, passed: 1, refused: 1 });
    expect(c.authorized.refused_writes).toEqual([
      expect.objectContaining({ run: "sim-1", call: 1, tool: "cancel_reservation", status: "unconfirmed", note: "user asked to cancel" }),
    ]);
    expect(c.authorized.refused_writes[0]!.evidence).toMatch(/no yes to this action was found/);
    expect(c.unauthorized).toMatchObject({ total: 0, stopped: 0, passed: 0 });
    expect(c.decider).toBe(ruleDecider.name);
  });

  it("unauthorized and not confirmed is stopped; unauthorized but confirmed is listed as passed", async () => {
    const report = await reportOf(yesRun, noYesRun);
    const labels = parseWriteLabels([label("sim-0", 0, false, { note: "the user meant another reservation" }), label("sim-1", 1, false)].join("\n"), "l.jsonl");
    const { counterfactual: c } = scoreCounterfactual(report, labels, "l.jsonl");
    expect(c.unauthorized).toMatchObject({ total: 2, stopped: 1, passed: 1 });
    expect(c.unauthorized.passed_writes.map((w) => [w.run, w.call, w.note])).toEqual([["sim-0", 0, "the user meant another reservation"]]);
    expect(c.authorized.total).toBe(0);
  });

  it("a write with no label is listed and not counted", async () => {
    const report = await reportOf(yesRun, noYesRun);
    const { counterfactual: c, problems } = scoreCounterfactual(report, parseWriteLabels(label("sim-0", 0, true), "l.jsonl"), "l.jsonl");
    expect(problems).toEqual([]);
    expect(c.authorized.total + c.unauthorized.total).toBe(1);
    expect(c.unlabelled).toEqual([{ file: "hand-made.json", run: "sim-1", call: 1, tool: "cancel_reservation" }]);
  });

  it("a label naming an audited run but no write of it is a problem naming the label's line and the run's writes", async () => {
    const report = await reportOf(yesRun, noYesRun);
    // call 0 of sim-1 is a read, call 9 does not exist
    const labels = parseWriteLabels([label("sim-1", 1, true), label("sim-1", 0, true), label("sim-1", 9, false)].join("\n"), "l.jsonl");
    const { counterfactual: c, problems } = scoreCounterfactual(report, labels, "l.jsonl");
    expect(problems.map((p) => p.at)).toEqual(["line 2", "line 3"]);
    expect(problems[0]!.message).toMatch(
      /names call 0 of run sim-1, which is not a write of that run \(its writes are at calls 1 \(cancel_reservation\)\).*Fix: correct the label's "call"/,
    );
    expect(c.authorized.total).toBe(1);
  });

  it("a label whose tool differs from the recorded call is a problem and is not counted", async () => {
    const report = await reportOf(yesRun);
    const labels = parseWriteLabels(line({ run: "sim-0", call: 0, tool: "update_reservation_flights", authorized: true, note: "n" }), "l.jsonl");
    const { counterfactual: c, problems } = scoreCounterfactual(report, labels, "l.jsonl");
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/names tool "update_reservation_flights" for run sim-0 call 0, but that call is "cancel_reservation"/);
    expect(c.authorized.total).toBe(0);
  });

  it("labels for runs that were not audited are counted apart, not as problems", async () => {
    const report = await reportOf(yesRun);
    const { counterfactual: c, problems } = scoreCounterfactual(
      report,
      parseWriteLabels([label("sim-0", 0, true), label("other-run", 3, false)].join("\n"), "l.jsonl"),
      "l.jsonl",
    );
    expect(problems).toEqual([]);
    expect(c.labels_not_audited).toBe(1);
  });
});

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "concordat-labels-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}
async function audit(argv: string[], cwd: string) {
  const m = memoryIo({ cwd });
  const code = await run(["audit", ...argv], m.io);
  return { code, out: m.out(), err: m.err() };
}

describe("concordat audit --labels", () => {
  const runs = JSON.stringify(tau2File([yesRun, noYesRun]));

  it("JSON: counterfactual.authorized.{total,passed} and counterfactual.unauthorized.{total,stopped}", async () => {
    const cwd = workspace({ "runs.json": runs, "labels.jsonl": `${label("sim-0", 0, true)}\n${label("sim-1", 1, false)}\n` });
    const r = await audit(["runs.json", "--labels", "labels.jsonl", "--format", "json"], cwd);
    expect(r.err).toBe("");
    expect(r.code).toBe(1); // sim-1 is a violation
    const report = JSON.parse(r.out);
    expect(report.counterfactual.authorized).toMatchObject({ total: 1, passed: 1, refused: 0 });
    expect(report.counterfactual.unauthorized).toMatchObject({ total: 1, stopped: 1, passed: 0 });
    expect(report.counterfactual.decider).toBe(report.summary.decider);
  });

  it("table: the counterfactual rows and the refused authorized writes with the audit's reason and the label's note", async () => {
    const cwd = workspace({ "runs.json": runs, "labels.jsonl": `${label("sim-0", 0, true)}\n${label("sim-1", 1, true, { note: "user typed the order" })}\n` });
    const r = await audit(["runs.json", "--labels", "labels.jsonl"], cwd);
    expect(r.out).toMatch(/Counterfactual replay against labels\.jsonl, under the judge /);
    expect(r.out).toMatch(/authorized\s+2\s+1\s+1\s+50\.0% passed/);
    expect(r.out).toMatch(
      /Authorized writes that would have been refused:\n\s+runs\.json sim-1 call 1 cancel_reservation: UNCONFIRMED\n\s+audit: no yes to this action was found.*\n\s+label: user typed the order/,
    );
  });

  it("a malformed labels file: exit 2, the line and the fix on stderr, nothing audited", async () => {
    const cwd = workspace({ "runs.json": runs, "labels.jsonl": `${label("sim-0", 0, true)}\n{"run":"sim-1","call":1,"authorized":"no","note":"x"}\n` });
    const r = await audit(["runs.json", "--labels", "labels.jsonl"], cwd);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(
      /labels file labels\.jsonl, line 2: "authorized" must be true or false .* got "no"\. Fix: write "authorized": true or "authorized": false/,
    );
  });

  it("a missing labels file: exit 2 naming the path", async () => {
    const cwd = workspace({ "runs.json": runs });
    const r = await audit(["runs.json", "--labels", "nope.jsonl"], cwd);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot read labels file nope\.jsonl .*Fix: pass the path of a JSON Lines labels file/);
  });

  it("a label for a write that does not exist: the audit still reports, exit 2, the problem names the line", async () => {
    const cwd = workspace({ "runs.json": runs, "labels.jsonl": `${label("sim-0", 0, true)}\n${label("sim-0", 5, true)}\n` });
    const r = await audit(["runs.json", "--labels", "labels.jsonl", "--format", "json"], cwd);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.out);
    expect(report.counterfactual.authorized.total).toBe(1);
    expect(report.problems).toEqual([expect.objectContaining({ file: "labels.jsonl", at: "line 2" })]);
    expect(r.err).toMatch(/labels\.jsonl \(line 2\): the label names call 5 of run sim-0, which is not a write/);
  });
});
