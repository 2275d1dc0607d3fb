import { readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { readRecordedRuns } from "./formats/read-recorded-runs.js";
import type { InputProblem, RecordedRun } from "./recorded-run.js";

/** The files named on the command line, folders expanded to the `.json` files under them (sorted). */
export function expandInputPaths(paths: readonly string[], cwd: string): { files: string[]; problems: InputProblem[] } {
  const files: string[] = [];
  const problems: InputProblem[] = [];
  const walk = (abs: string, shown: string): void => {
    for (const name of readdirSync(abs).sort()) {
      const childAbs = join(abs, name);
      const childShown = join(shown, name);
      let st;
      try {
        st = statSync(childAbs);
      } catch (e) {
        problems.push({ file: childShown, message: `cannot read (${(e as Error).message})` });
        continue;
      }
      if (st.isDirectory()) walk(childAbs, childShown);
      else if (st.isFile() && name.toLowerCase().endsWith(".json")) files.push(childShown);
    }
  };
  for (const p of paths) {
    const abs = isAbsolute(p) ? p : resolve(cwd, p);
    let st;
    try {
      st = statSync(abs);
    } catch {
      problems.push({ file: p, message: `no such file or folder (looked at ${abs}); pass recorded-run JSON files or folders holding them` });
      continue;
    }
    if (st.isDirectory()) {
      const before = files.length;
      walk(abs, p);
      if (files.length === before) problems.push({ file: p, message: "folder holds no .json files; pass recorded-run JSON files or folders holding them" });
    } else files.push(p);
  }
  return { files: [...new Set(files)], problems };
}

/** Reads and parses every input; unreadable or unknown files become problems, the rest is kept. */
export function loadRecordedRuns(paths: readonly string[], cwd: string): { runs: RecordedRun[]; problems: InputProblem[]; files: string[] } {
  const { files, problems } = expandInputPaths(paths, cwd);
  const runs: RecordedRun[] = [];
  for (const file of files) {
    const abs = isAbsolute(file) ? file : resolve(cwd, file);
    let text: string;
    try {
      text = readFileSync(abs, "utf8");
    } catch (e) {
      problems.push({ file, message: `cannot read (${(e as Error).message})` });
      continue;
    }
    let parsed;
    try {
      parsed = readRecordedRuns(file, text);
    } catch (e) {
      problems.push({ file, message: `could not be read as recorded runs (${(e as Error).message}); see ../shared/trajectories/FORMATS.md` });
      continue;
    }
    runs.push(...parsed.runs);
    problems.push(...parsed.problems);
  }
  return { runs, problems, files };
}
