import { isAbsolute, relative, resolve } from "node:path";
import type { Project } from "ts-morph";
import { FactsCache } from "./cache.js";
import type { FileFacts } from "./facts/file-facts.js";
import { loadDiskProject, loadTsMorphProject } from "./load-project.js";
import { Analysis } from "./model/analysis.js";
import { ProgramModel } from "./model/program.js";
import { rules as allRules } from "./rules/index.js";
import type { Finding, RuleId } from "./rules/rule.js";
import type { CheckResult, Diagnostic } from "./types.js";

export interface CheckOptions {
  /** Directory that relative paths (and diagnostic `file`s) are relative to. Default: `process.cwd()`. */
  readonly cwd?: string;
  /** tsconfig.json to read (default `./tsconfig.json` when no `paths` are given). */
  readonly project?: string;
  /** Files, directories or globs to check instead of the tsconfig's file list. */
  readonly paths?: readonly string[];
  /** Check the files of an existing ts-morph project (e.g. one on an in-memory file system). */
  readonly tsMorphProject?: Project;
  /** Keep per-file facts in an on-disk cache (content-hash keyed). Default false. */
  readonly cache?: boolean;
  /** Cache directory, default `<cwd>/.concordat-cache`. */
  readonly cacheLocation?: string;
  /** Only run these rules (all by default). */
  readonly rules?: readonly RuleId[];
}

const KNOWN_RULES = new Set<string>([...allRules.map((r) => r.meta.id), "invalid-suppression"]);

/** Loads the project, runs every rule, applies suppressions. Throws `CheckConfigError` for configuration problems. */
export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const started = performance.now();
  const cwd = resolve(options.cwd ?? process.cwd());
  const loaded = options.tsMorphProject ? loadTsMorphProject(options.tsMorphProject) : loadDiskProject(cwd, options.project, options.paths ?? []);
  const cacheDir = options.cache ? resolve(cwd, options.cacheLocation ?? ".concordat-cache") : undefined;
  const cache = new FactsCache(cacheDir);
  const program = new ProgramModel(loaded.host, loaded.rootFiles, (path, text) => cache.get(path, text, loaded.parsed ? () => loaded.parsed!(path) : undefined));
  for (const f of loaded.rootFiles) program.file(f);
  const analysis = new Analysis(program);
  const selected = options.rules ? allRules.filter((r) => options.rules!.includes(r.meta.id) || r.meta.id === "unanalyzable-protocol") : allRules;
  let findings: Finding[] = [];
  for (const rule of selected) {
    const out = rule.run(analysis);
    if (rule.meta.id === "unanalyzable-protocol" && options.rules && !options.rules.includes("unanalyzable-protocol")) continue;
    findings.push(...out);
  }
  findings = findings.filter((f) => program.roots.has(f.file));
  findings = applySuppressions(findings, loaded.rootFiles.map((f) => program.file(f)).filter((f): f is FileFacts => f !== undefined));
  cache.save();

  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const f of findings.sort(compareFindings)) {
    const key = `${f.file}:${f.loc.line}:${f.loc.column}:${f.rule}:${f.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push({
      rule: f.rule,
      severity: "error",
      file: toRelative(cwd, f.file),
      line: f.loc.line,
      column: f.loc.column,
      endLine: f.loc.endLine,
      endColumn: f.loc.endColumn,
      message: f.message,
      ...(f.class !== undefined ? { class: f.class } : {}),
      ...(f.parent !== undefined ? { parent: f.parent } : {}),
      ...(f.trace !== undefined ? { trace: [...f.trace] } : {}),
    });
  }
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  return {
    diagnostics,
    summary: {
      files: loaded.rootFiles.length,
      classes: analysis.agents().filter((c) => program.roots.has(c.file)).length,
      protocols: analysis.extractedProtocols().length,
      errors,
      warnings: diagnostics.length - errors,
      durationMs: Math.round(performance.now() - started),
    },
    cwd,
    ...(cacheDir ? { cache: { hits: cache.hits, misses: cache.misses } } : {}),
  };
}

function toRelative(cwd: string, file: string): string {
  const r = isAbsolute(file) ? relative(cwd, file) : file;
  return r.split("\\").join("/");
}

function compareFindings(a: Finding, b: Finding): number {
  return a.file.localeCompare(b.file) || a.loc.line - b.loc.line || a.loc.column - b.loc.column || a.rule.localeCompare(b.rule);
}

/** Drops findings covered by a `concordat-disable-next-line <rule> -- <reason>` directive; reports directives without a reason or with unknown rules. */
export function applySuppressions(findings: readonly Finding[], files: readonly FileFacts[]): Finding[] {
  const byFile = new Map(files.map((f) => [f.path, f]));
  const out: Finding[] = [];
  for (const f of findings) {
    const sups = byFile.get(f.file)?.suppressions ?? [];
    const ok = sups.some((s) => s.targetLine === f.loc.line && s.reason.length > 0 && s.rules.includes(f.rule));
    if (!ok) out.push(f);
  }
  for (const file of files) {
    for (const s of file.suppressions) {
      const unknown = s.rules.filter((r) => !KNOWN_RULES.has(r));
      if (s.rules.length === 0) out.push({ rule: "invalid-suppression", file: file.path, loc: s.loc, message: "concordat-disable-next-line names no rule. Write `// concordat-disable-next-line <rule> -- <reason>`." });
      else if (unknown.length > 0) out.push({ rule: "invalid-suppression", file: file.path, loc: s.loc, message: `concordat-disable-next-line names unknown rule${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u}"`).join(", ")}. Known rules: ${[...KNOWN_RULES].join(", ")}.` });
      if (s.rules.length > 0 && s.reason.length === 0) out.push({ rule: "invalid-suppression", file: file.path, loc: s.loc, message: `Suppression of ${s.rules.join(", ")} has no reason, so it does not suppress anything. Add one: \`// concordat-disable-next-line ${s.rules.join(", ")} -- <why this is safe>\`.` });
    }
  }
  return out;
}
