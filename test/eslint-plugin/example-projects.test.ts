/**
 * examples/eslint-plugin: ESLint (the API `npx eslint .` runs, with the plugin loaded from
 * source) reports what `concordat check` reports in the same project, and the analysis runs once
 * per program. test/smoke/eslint-example.mjs runs the real `npx eslint .` on the built package.
 */
import { join, resolve } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { check } from "../../analyzer/check.js";
import plugin from "../../analyzer/eslint-plugin/index.js";
import { programAnalysisCount } from "../../analyzer/eslint-plugin/program-analysis.js";

const TIMEOUT_MS = 180_000;
const project = (name: string) => resolve("examples/eslint-plugin", name);

/** ESLint over a sample project with the config its eslint.config.js holds, the plugin imported from source. */
async function lint(dir: string) {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: dir } } },
      plugin.configs.recommended,
    ],
  });
  const results = await eslint.lintFiles(["."]);
  return results.flatMap((r) =>
    r.messages.map((m) => ({
      rule: m.ruleId,
      file: r.filePath,
      line: m.line,
      column: m.column,
      endLine: m.endLine,
      endColumn: m.endColumn,
      message: m.message,
      severity: m.severity,
    })),
  );
}

describe("examples/eslint-plugin", () => {
  it(
    "broken: ESLint reports the weakened subclass and the bypass with concordat check's rule ids, positions and messages, as errors",
    async () => {
      const dir = project("broken");
      const before = programAnalysisCount();
      const found = await lint(dir);
      expect(programAnalysisCount() - before).toBe(1); // three files, one program, one analysis
      const expected = (await check({ cwd: dir })).diagnostics.map((d) => ({
        rule: `concordat/${d.rule}`,
        file: join(dir, d.file),
        line: d.line,
        column: d.column,
        endLine: d.endLine,
        endColumn: d.endColumn,
        message: d.message,
        severity: 2,
      }));
      expect(expected.map((d) => `${d.rule} ${d.file.slice(dir.length + 1)}:${d.line}`)).toEqual([
        "concordat/protocol-weakening express-refund-agent.ts:6",
        "concordat/bypass-call goodwill-agent.ts:6",
      ]);
      expect(found).toEqual(expected);
    },
    TIMEOUT_MS,
  );

  it(
    "fixed: lints clean, as concordat check passes",
    async () => {
      const dir = project("fixed");
      expect(await lint(dir)).toEqual([]);
      expect((await check({ cwd: dir })).diagnostics).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
