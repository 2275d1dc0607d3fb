import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../../analyzer/check.js";
import { formatJson } from "../../analyzer/formatters/json.js";
import { formatSarif } from "../../analyzer/formatters/sarif.js";
import { formatStylish } from "../../analyzer/formatters/stylish.js";
import { ruleMetas } from "../../analyzer/rules/index.js";
import type { CheckResult } from "../../analyzer/types.js";
import { memoryIo } from "../../src/cli/io.js";
import { run } from "../../src/cli/run.js";

const repo = resolve(import.meta.dirname, "../..");

const sample: CheckResult = {
  cwd: "/repo",
  diagnostics: [
    {
      rule: "protocol-weakening",
      severity: "error",
      file: "src/fast.ts",
      line: 3,
      column: 2,
      endLine: 3,
      endColumn: 24,
      message: "FastAgent weakens RefundAgent",
      class: "FastAgent",
      parent: "RefundAgent",
      trace: ["lookup_booking[found]", "issue_refund[ok]"],
    },
    { rule: "bypass-call", severity: "error", file: "src/fast.ts", line: 12, column: 5, endLine: 12, endColumn: 30, message: "quick reaches payments.refund" },
    { rule: "dynamic-dispatch", severity: "error", file: "src/other dir/x.ts", line: 1, column: 1, endLine: 1, endColumn: 9, message: "eval" },
  ],
  summary: { files: 4, classes: 2, protocols: 2, errors: 3, warnings: 0, durationMs: 12 },
};

describe("formatters", () => {
  it("json has exactly the documented shape", () => {
    const j = JSON.parse(formatJson(sample));
    expect(Object.keys(j)).toEqual(["version", "diagnostics", "summary"]);
    expect(j.version).toBe(1);
    expect(j.diagnostics[0]).toEqual({
      rule: "protocol-weakening",
      severity: "error",
      file: "src/fast.ts",
      line: 3,
      column: 2,
      endLine: 3,
      endColumn: 24,
      message: "FastAgent weakens RefundAgent",
      class: "FastAgent",
      parent: "RefundAgent",
      trace: ["lookup_booking[found]", "issue_refund[ok]"],
    });
    expect(Object.keys(j.diagnostics[1])).toEqual(["rule", "severity", "file", "line", "column", "endLine", "endColumn", "message"]);
    expect(j.summary).toEqual({ files: 4, classes: 2, protocols: 2, errors: 3, warnings: 0, durationMs: 12 });
  });

  it("stylish groups by file and ends with a count", () => {
    const s = formatStylish(sample);
    expect(s).toContain(
      "src/fast.ts\n  3:2   error  FastAgent weakens RefundAgent  protocol-weakening\n        trace: lookup_booking[found] → issue_refund[ok]",
    );
    expect(s).toContain("  12:5  error  quick reaches payments.refund  bypass-call");
    expect(s).toContain("src/other dir/x.ts\n  1:1  error  eval  dynamic-dispatch");
    expect(s.trimEnd().endsWith("✖ 3 problems (3 errors, 0 warnings)")).toBe(true);
    expect(s).not.toContain("\u001b[");
    expect(formatStylish(sample, { color: true })).toContain("\u001b[31m");
  });

  it("sarif 2.1.0 with the rule catalogue, help text and repository-relative URIs", () => {
    const log = JSON.parse(formatSarif(sample));
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    const run0 = log.runs[0];
    const ids = run0.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(ids).toEqual(ruleMetas.map((r) => r.id));
    expect(ids).toEqual(
      expect.arrayContaining(["protocol-weakening", "bypass-call", "dynamic-dispatch", "unguarded-override", "unknown-tool", "unanalyzable-protocol"]),
    );
    for (const r of run0.tool.driver.rules) {
      expect(r.shortDescription.text.length).toBeGreaterThan(10);
      expect(r.help.text.length).toBeGreaterThan(20);
    }
    const res = run0.results[2];
    expect(res.ruleId).toBe("dynamic-dispatch");
    expect(run0.tool.driver.rules[res.ruleIndex].id).toBe("dynamic-dispatch");
    expect(res.level).toBe("error");
    expect(res.locations[0].physicalLocation.artifactLocation).toEqual({ uri: "src/other%20dir/x.ts", uriBaseId: "%SRCROOT%" });
    expect(res.locations[0].physicalLocation.region).toEqual({ startLine: 1, startColumn: 1, endLine: 1, endColumn: 9 });
    expect(run0.results[0].partialFingerprints["concordat/v1"]).toMatch(/^[0-9a-f]{8}$/);
    expect(run0.results[0].properties.trace).toEqual(["lookup_booking[found]", "issue_refund[ok]"]);
  });
});

describe("concordat check (run(argv, io), no child processes)", () => {
  it("exit 1 with diagnostics on examples/broken (json)", async () => {
    const m = memoryIo({ cwd: repo });
    const code = await run(["check", "--project", "examples/broken/tsconfig.json", "--format", "json"], m.io);
    expect(code).toBe(1);
    const j = JSON.parse(m.out());
    const rules = j.diagnostics.map((d: { rule: string; file: string; line: number }) => `${d.rule} ${d.file}:${d.line}`);
    expect(rules).toEqual(["protocol-weakening examples/broken/fast-refund-agent.ts:10", "bypass-call examples/broken/goodwill-agent.ts:15"]);
    expect(j.diagnostics[0].trace).toEqual(["lookup_booking[found]", "issue_refund[ok]"]);
    expect(j.diagnostics[0].class).toBe("FastRefundAgent");
    expect(j.diagnostics[0].parent).toBe("RefundAgent");
    expect(j.summary.errors).toBe(2);
    expect(j.summary.files).toBe(3);
    expect(j.summary.classes).toBe(2);
    expect(j.summary.protocols).toBe(2);
  });

  it("exit 0 on the good example (stylish, no color)", async () => {
    const m = memoryIo({ cwd: repo, env: {} });
    const code = await run(["check", "examples/refund", "--no-color"], m.io);
    expect(m.err()).toBe("");
    expect(code).toBe(0);
    expect(m.out()).toMatch(/no problems \(\d+ files, 1 agent class, 1 protocol\)/);
  });

  it("globs select the files to check (the tsconfig still supplies compiler options)", async () => {
    const m = memoryIo({ cwd: repo, env: {} });
    expect(await run(["check", "examples/broken/*-agent.ts", "--format", "json"], m.io)).toBe(1);
    const j = JSON.parse(m.out());
    expect(j.summary.files).toBe(2);
    expect(j.diagnostics.map((d: { file: string }) => d.file)).toEqual(["examples/broken/fast-refund-agent.ts", "examples/broken/goodwill-agent.ts"]);
  });

  it("exit 2 with a message for a missing tsconfig, a bad format, and a path that does not exist", async () => {
    const a = memoryIo({ cwd: repo });
    expect(await run(["check", "--project", "nope/tsconfig.json"], a.io)).toBe(2);
    expect(a.err()).toMatch(/tsconfig not found: nope\/tsconfig\.json/);
    const b = memoryIo({ cwd: repo });
    expect(await run(["check", "--format", "xml", "examples/refund"], b.io)).toBe(2);
    expect(b.err()).toMatch(/unknown --format "xml"/);
    const c = memoryIo({ cwd: repo });
    expect(await run(["check", "does/not/exist.ts"], c.io)).toBe(2);
    expect(c.err()).toMatch(/no such file or directory: does\/not\/exist\.ts/);
  });

  it("never 'no problems' for what it cannot read: a syntax error and an invalid protocol exit 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "concordat-check-silent-"));
    try {
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true }, include: ["*.ts"] }),
      );
      writeFileSync(join(dir, "broken.ts"), `export function f( {\n  return 1;\n}\n`);
      const a = memoryIo({ cwd: dir, env: {} });
      expect(await run(["check", "--format", "json"], a.io)).toBe(1);
      expect(JSON.parse(a.out()).diagnostics.map((d: { rule: string; file: string; line: number }) => `${d.rule} ${d.file}:${d.line}`)).toEqual([
        "syntax-error broken.ts:2",
      ]);
      rmSync(join(dir, "broken.ts"));
      writeFileSync(
        join(dir, "p.ts"),
        `import { defineProtocol } from "concordat";\nexport const p = defineProtocol({ name: "p", initial: "a", terminal: ["b"], tools: { go: { effect: "read" } }, states: { a: { on: { go: { ok: "c" } } }, b: {} } });\n`,
      );
      const b = memoryIo({ cwd: dir, env: {} });
      expect(await run(["check", "--no-color"], b.io)).toBe(1);
      expect(b.out()).toContain('goes to "c", which is not a declared state');
      expect(b.out()).not.toContain("no problems");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--output-file writes the sarif report", async () => {
    const dir = mkdtempSync(join(tmpdir(), "concordat-check-"));
    try {
      const m = memoryIo({ cwd: repo });
      const out = join(dir, "out.sarif");
      expect(await run(["check", "-p", "examples/broken/tsconfig.json", "--format", "sarif", "--output-file", out], m.io)).toBe(1);
      const log = JSON.parse(readFileSync(out, "utf8"));
      expect(log.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual(["protocol-weakening", "bypass-call"]);
      expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe("examples/broken/fast-refund-agent.ts");
      expect(m.out()).toMatch(/2 error\(s\).*out\.sarif/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("on-disk cache", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "concordat-cache-"));
    mkdirSync(join(dir, "src"));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true }, include: ["src"] }),
    );
    writeFileSync(join(dir, "src/a.ts"), `export class A { run() { return 1; } }\n`);
    writeFileSync(join(dir, "src/b.ts"), `import { A } from "./a.js";\nexport class B extends A {}\n`);
    writeFileSync(join(dir, "src/c.ts"), `export const c = 3;\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reuses unchanged files' facts and re-extracts a changed one, with the same results", async () => {
    const cold = await check({ cwd: dir, cache: true });
    expect(cold.cache).toMatchObject({ hits: 0, misses: 3, incremental: false });
    const warm = await check({ cwd: dir, cache: true });
    expect(warm.cache).toMatchObject({ misses: 0, incremental: true, reanalyzed: 0 });
    writeFileSync(join(dir, "src/c.ts"), `export const c = 4;\neval("1");\n`);
    const changed = await check({ cwd: dir, cache: true });
    expect(changed.cache).toMatchObject({ misses: 1, incremental: true, reanalyzed: 1 });
    expect(changed.diagnostics.map((d) => `${d.rule} ${d.file}:${d.line}`)).toEqual(["dynamic-dispatch src/c.ts:2"]);
    const uncached = await check({ cwd: dir });
    expect(uncached.diagnostics).toEqual(changed.diagnostics);
    expect(uncached.summary.files).toBe(3);
  });
});

describe("suppression comments", () => {
  it("only real line comments are directives (not strings or template literals)", async () => {
    const { extractFileFacts } = await import("../../analyzer/facts/extract-file-facts.js");
    const text = [
      "const a = `",
      "// concordat-disable-next-line bypass-call",
      "`;",
      'const b = "// concordat-disable-next-line dynamic-dispatch -- no";',
      "// concordat-disable-next-line bypass-call, dynamic-dispatch -- audited in #12",
      "run();",
      "function f() {",
      "  // concordat-disable-next-line eval-rule",
      "  return 1;",
      "}",
    ].join("\n");
    const s = extractFileFacts("/x.ts", text).suppressions;
    expect(s.map((x) => ({ line: x.loc.line, column: x.loc.column, target: x.targetLine, rules: x.rules, reason: x.reason }))).toEqual([
      { line: 5, column: 1, target: 6, rules: ["bypass-call", "dynamic-dispatch"], reason: "audited in #12" },
      { line: 8, column: 3, target: 9, rules: ["eval-rule"], reason: "" },
    ]);
  });
});
