import { resolve } from "node:path";
import { checkSync } from "../check.js";
import type { FileFacts } from "../facts/file-facts.js";
import type { TsProgramLike } from "../load-project.js";
import type { Diagnostic } from "../types.js";

/** The analysis of each program typed linting has handed us, by file (absolute, `/`-separated). */
const byProgram = new WeakMap<TsProgramLike, ReadonlyMap<string, readonly Diagnostic[]>>();
/** Facts of every file seen in this process, so a new program (one edited file) re-parses only what changed. */
const factsMemo = new Map<string, FileFacts>();
let analyses = 0;

const key = (file: string): string => resolve(file).split("\\").join("/");

/**
 * The `concordat check` diagnostics of one file of a program: the whole program is analyzed
 * once (the first time any rule asks about any of its files) and the result is kept for as long
 * as the program lives. Same analysis, suppressions, messages and positions as `concordat check`.
 * @internal
 */
export function diagnosticsFor(program: TsProgramLike, file: string): readonly Diagnostic[] {
  let files = byProgram.get(program);
  if (!files) {
    const cwd = process.cwd();
    const result = checkSync({ program, cwd, factsMemo });
    analyses++;
    const grouped = new Map<string, Diagnostic[]>();
    for (const d of result.diagnostics) {
      const k = key(resolve(cwd, d.file));
      grouped.set(k, [...(grouped.get(k) ?? []), d]);
    }
    files = grouped;
    byProgram.set(program, files);
  }
  return files.get(key(file)) ?? [];
}

/** How many programs this process has analyzed (tests assert the caching). @internal */
export function programAnalysisCount(): number {
  return analyses;
}
