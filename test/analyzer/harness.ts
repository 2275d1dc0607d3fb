import { Project, ts } from "ts-morph";
import { beforeAll, describe, expect, it } from "vitest";
import { check } from "../../analyzer/check.js";
import type { CheckResult, Diagnostic, RuleId } from "../../analyzer/types.js";

/** Files of one case, by path relative to the case's directory. */
export type Files = Record<string, string>;

export interface ValidCase {
  readonly name: string;
  readonly files: Files;
}

export interface ExpectedError {
  readonly rule?: RuleId;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message?: RegExp;
}

export interface InvalidCase {
  readonly name: string;
  readonly files: Files;
  readonly errors: readonly ExpectedError[];
}

/** Files shared by every case of a table (e.g. a path-aliased library), at `/shared/...`. */
export const SHARED_ALIAS = "@shared/*";

/** One in-memory ts-morph project holding every case of a table, each in its own directory. */
export function buildProject(cases: readonly { dir: string; files: Files }[], shared: Files = {}): Project {
  const project = new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      baseUrl: "/",
      paths: { [SHARED_ALIAS]: ["/shared/*"] },
    },
  });
  for (const [p, text] of Object.entries(shared)) project.createSourceFile(`/shared/${p}`, text);
  for (const c of cases) for (const [p, text] of Object.entries(c.files)) project.createSourceFile(`/${c.dir}/${p}`, text);
  return project;
}

/** Runs the analyzer over one in-memory project. */
export async function checkFiles(files: Files, shared: Files = {}): Promise<CheckResult> {
  return check({ tsMorphProject: buildProject([{ dir: "case", files }], shared), cwd: "/case" });
}

/** Line and column (1-based) of the first occurrence of `snippet` in `text` (after `from`, when given). */
export function at(text: string, snippet: string, from?: string): { line: number; column: number } {
  const start = from === undefined ? 0 : text.indexOf(from);
  if (start < 0) throw new Error(`at(): anchor ${JSON.stringify(from)} not in the text`);
  const i = text.indexOf(snippet, start);
  if (i < 0) throw new Error(`at(): ${JSON.stringify(snippet)} not in the text`);
  const before = text.slice(0, i).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** Expected error at a snippet of one of the case's files. */
export function errorAt(files: Files, file: string, snippet: string, extra: { from?: string; message?: RegExp; rule?: RuleId } = {}): ExpectedError {
  const text = files[file];
  if (text === undefined) throw new Error(`errorAt(): no file ${file}`);
  return { file, ...at(text, snippet, extra.from), ...(extra.message ? { message: extra.message } : {}), ...(extra.rule ? { rule: extra.rule } : {}) };
}

/**
 * A typescript-eslint style table for one rule. All cases share one in-memory project (each in
 * its own directory) and one analyzer run. Valid cases must produce no diagnostics at all (any
 * rule); invalid cases must produce exactly the listed diagnostics of the rule.
 */
export function ruleTable(rule: RuleId, table: { valid: readonly ValidCase[]; invalid: readonly InvalidCase[] }, shared: Files = {}): void {
  describe(rule, () => {
    const dirs = [
      ...table.valid.map((c, i) => ({ dir: `valid${i}`, files: c.files })),
      ...table.invalid.map((c, i) => ({ dir: `invalid${i}`, files: c.files })),
    ];
    let result: CheckResult;
    beforeAll(async () => {
      result = await check({ tsMorphProject: buildProject(dirs, shared), cwd: "/" });
    });
    const inDir = (dir: string): Diagnostic[] => result.diagnostics.filter((d) => d.file.startsWith(`${dir}/`));
    table.valid.forEach((c, i) => {
      it(`valid: ${c.name}`, () => {
        expect(inDir(`valid${i}`).map((d) => `${d.file}:${d.line}:${d.column} ${d.rule}: ${d.message}`)).toEqual([]);
      });
    });
    table.invalid.forEach((c, i) => {
      it(`invalid: ${c.name}`, () => {
        const got = inDir(`invalid${i}`).filter((d) => d.rule === rule || c.errors.some((e) => e.rule === d.rule));
        const simplify = (d: { rule?: string; file: string; line: number; column: number }) => ({
          rule: d.rule ?? rule,
          file: d.file.replace(`invalid${i}/`, ""),
          line: d.line,
          column: d.column,
        });
        expect(got.map(simplify)).toEqual(c.errors.map(simplify));
        c.errors.forEach((e, k) => {
          if (e.message) expect(got[k]?.message).toMatch(e.message);
        });
      });
    });
  });
}
