import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIo } from "../../src/cli/io.js";
import { ConfirmationPolicy } from "../../src/confirmation/confirmation-policy.js";
import { run } from "../../src/cli/run.js";
import { agent, callAndResult, tau2File, user } from "./conversation-builder.js";

const confirmedRun = [
  agent("Hi! How can I help you today?"),
  user("Please cancel my reservation ABC123."),
  agent("I will cancel reservation ABC123. Shall I proceed?"),
  user("Yes, please proceed."),
  ...callAndResult(null, "cancel_reservation", { reservation_id: "ABC123" }),
];
const unconfirmedRun = [
  agent("Hi!"),
  user("What would I get back if I cancelled XYZ789?"),
  ...callAndResult(null, "get_reservation_details", { reservation_id: "XYZ789" }),
  ...callAndResult(null, "cancel_reservation", { reservation_id: "XYZ789" }),
];

function workspace(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "concordat-audit-"));
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  }
  return dir;
}

async function audit(argv: string[], cwd: string) {
  const m = memoryIo({ cwd });
  const code = await run(["audit", ...argv], m.io);
  return { code, out: m.out(), err: m.err() };
}

describe("concordat audit", () => {
  it("exit 0 and a clean verdict when every write was confirmed; JSON has exactly the documented shape", async () => {
    const cwd = workspace({ "ok.json": tau2File([confirmedRun]) });
    const r = await audit(["ok.json", "--format", "json"], cwd);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as Record<string, any>;
    expect(report["version"]).toBe(1);
    expect(Object.keys(report)).toEqual(expect.arrayContaining(["version", "runs", "summary"]));
    const runRecord = report["runs"][0];
    for (const k of ["file", "id", "task_id", "trial", "reward", "verdict", "writes"]) expect(runRecord).toHaveProperty(k);
    expect(runRecord).toMatchObject({ file: "ok.json", id: "sim-0", task_id: "0", trial: 0, reward: 1, verdict: "clean" });
    expect(runRecord.writes).toHaveLength(1);
    expect(runRecord.writes[0]).toMatchObject({ index: 0, tool: "cancel_reservation", arguments: { reservation_id: "ABC123" }, status: "confirmed" });
    expect(runRecord.writes[0].evidence).toContain("Yes, please proceed.");
    expect(report["summary"]).toMatchObject({ runs: 1, runs_with_writes: 1, violations: 0 });
  });

  it("exit 1 when a write was not confirmed; the table highlights a violation in a passing run", async () => {
    const cwd = workspace({ "bad.json": tau2File([unconfirmedRun], { reward: 1 }) });
    const r = await audit(["bad.json"], cwd);
    expect(r.code).toBe(1);
    expect(r.out).toContain("VIOLATION IN A PASSING RUN");
    expect(r.out).toContain("#1 cancel_reservation UNCONFIRMED");
    expect(r.out).toMatch(/no yes to this action was found; the last user message \(message 1\) was "What would I get back if I cancelled XYZ789\?"/);
  });

  it("reads folders (only .json files, recursively) and both formats", async () => {
    const tau1 = [
      {
        task_id: 0,
        trial: 0,
        reward: 0,
        info: {},
        traj: [
          { role: "system", content: "policy" },
          { role: "user", content: "hi" },
          { role: "assistant", content: "Hello" },
        ],
      },
    ];
    const cwd = workspace({ "runs/a.json": tau2File([confirmedRun]), "runs/deeper/gpt-4o-airline.json": tau1, "runs/README.md": "# not a run" });
    const r = await audit(["runs", "--format", "json"], cwd);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.runs.map((x: any) => [x.file, x.verdict])).toEqual([
      [join("runs", "a.json"), "clean"],
      [join("runs", "deeper", "gpt-4o-airline.json"), "no_writes"],
    ]);
    expect(report.summary.files).toBe(2);
  });

  it("exit 2 for an unreadable or unknown file, which is named on stderr, while the other files are still audited", async () => {
    const cwd = workspace({ "good.json": tau2File([unconfirmedRun]), "weird.json": { hello: "world" }, "broken.json": "{" });
    const r = await audit(["good.json", "weird.json", "broken.json", "missing.json", "--format", "json"], cwd);
    expect(r.code).toBe(2);
    expect(r.err).toContain("weird.json: unknown format");
    expect(r.err).toContain("broken.json: not valid JSON");
    expect(r.err).toContain("missing.json: no such file or folder");
    const report = JSON.parse(r.out);
    expect(report.runs).toHaveLength(1);
    expect(report.runs[0].verdict).toBe("violation");
    expect(report.problems).toHaveLength(3);
  });

  it("--baseline regex-switch marks each write and counts disagreements", async () => {
    // the regex unlocks on "yes" at the start and lets the later, never-described write through
    const runTurns = [agent("Is your user id mia_li_3668?"), user("Yes."), ...callAndResult(null, "cancel_reservation", { reservation_id: "ABC123" })];
    const cwd = workspace({ "b.json": tau2File([runTurns, confirmedRun]) });
    const r = await audit(["b.json", "--baseline", "regex-switch", "--format", "json"], cwd);
    const report = JSON.parse(r.out);
    expect(report.runs[0].writes[0]).toMatchObject({ status: "unconfirmed", baseline: "unlocked" });
    expect(report.runs[0].baseline_verdict).toBe("clean");
    expect(report.runs[1].writes[0]).toMatchObject({ status: "confirmed", baseline: "unlocked" });
    expect(report.summary.baseline.disagreements).toMatchObject({ writes: 1, regex_unlocked_audit_not_confirmed: 1, audit_confirmed_regex_locked: 0, runs: 1 });
    const table = await audit(["b.json", "--baseline", "regex-switch"], cwd);
    expect(table.out).toContain("audit unconfirmed, regex unlocked");
  });

  it("a yes without the word yes: confirmed by the audit, locked for the regex", async () => {
    const turns = [
      agent("I will cancel reservation ABC123. Shall I proceed?"),
      user("Sure, go ahead."),
      ...callAndResult(null, "cancel_reservation", { reservation_id: "ABC123" }),
    ];
    const cwd = workspace({ "s.json": tau2File([turns]) });
    const report = JSON.parse((await audit(["s.json", "--baseline", "regex-switch", "--format", "json"], cwd)).out);
    expect(report.runs[0].writes[0]).toMatchObject({ status: "confirmed", baseline: "locked" });
    expect(report.summary.baseline.disagreements.audit_confirmed_regex_locked).toBe(1);
  });

  it("usage errors exit 2: unknown domain, format, baseline, no input", async () => {
    const cwd = workspace({ "ok.json": tau2File([confirmedRun]) });
    for (const [argv, msg] of [
      [["ok.json", "--domain", "retail"], 'unknown --domain "retail"'],
      [["ok.json", "--format", "xml"], 'unknown --format "xml"'],
      [["ok.json", "--baseline", "llm"], 'unknown --baseline "llm"'],
      [[], "no input"],
      [["ok.json", "--frobnicate"], "frobnicate"],
    ] as const) {
      const r = await audit([...argv], cwd);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.err).toContain(msg);
    }
  });

  it("--decider rules uses the rule-based decider alone (a long yes stays unclear); --decider audit reads it as a yes", async () => {
    const turns = [
      agent("I will cancel reservation ABC123. Shall I proceed?"),
      user("Yes, I confirm that I would like to proceed with the cancellation of reservation ABC123. Thank you for your help."),
      ...callAndResult(null, "cancel_reservation", { reservation_id: "ABC123" }),
    ];
    const cwd = workspace({ "l.json": tau2File([turns]) });
    const strict = JSON.parse((await audit(["l.json", "--decider", "rules", "--format", "json"], cwd)).out);
    const audited = JSON.parse((await audit(["l.json", "--decider", "audit", "--format", "json"], cwd)).out);
    expect(strict.runs[0].writes[0].status).toBe("unclear");
    expect(audited.runs[0].writes[0].status).toBe("confirmed");
    expect(strict.summary.decider).toBe("rules");
  });

  it("judges with the decider live enforcement uses by default, unless --decider says otherwise", async () => {
    const cwd = workspace({ "ok.json": tau2File([confirmedRun]) });
    const report = JSON.parse((await audit(["ok.json", "--format", "json"], cwd)).out);
    expect(report.summary.decider).toBe(new ConfirmationPolicy().decider.name);
    const bad = await audit(["ok.json", "--decider", "lenient"], cwd);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/unknown --decider "lenient"; use enforcement, audit, rules/);
  });
});
