import { isAbsolute, relative, resolve } from "node:path";
import type { Project } from "ts-morph";
import { FactsCache, type CachedFileResult, type CachedResults } from "./cache.js";
import { contentHash } from "./facts/extract-file-facts.js";
import { FACTS_VERSION, type FileFacts } from "./facts/file-facts.js";
import { loadDiskProject, loadTsMorphProject, loadTsProgram, type TsProgramLike } from "./load-project.js";
import { Analysis } from "./model/analysis.js";
import { ProgramModel } from "./model/program.js";
import type { BypassContribution } from "./rules/bypass-call.js";
import { rules as allRules } from "./rules/index.js";
import type { Finding, RuleId } from "./rules/rule.js";
import { CheckConfigError, type CheckResult, type Diagnostic } from "./types.js";

export interface CheckOptions {
  /** Directory that relative paths (and diagnostic `file`s) are relative to. Default: `process.cwd()`. */
  readonly cwd?: string;
  /** tsconfig.json to read (default `./tsconfig.json` when no `paths` are given). */
  readonly project?: string;
  /** Files, directories or globs to check instead of the tsconfig's file list. */
  readonly paths?: readonly string[];
  /** Check the files of an existing ts-morph project (e.g. one on an in-memory file system). */
  readonly tsMorphProject?: Project;
  /**
   * Check the root files of an existing TypeScript program (what typed linting gives the ESLint
   * plugin), reading each file's text from the program, unsaved editor text included.
   */
  readonly program?: TsProgramLike;
  /**
   * Facts kept in memory between checks, by file path: a file whose text is unchanged is not
   * parsed again. The ESLint plugin keeps one per process.
   * @internal
   */
  readonly factsMemo?: Map<string, FileFacts>;
  /**
   * Keep per-file facts and per-file results in an on-disk cache (content-hash keyed). A re-check
   * parses only changed files and re-analyzes only the files whose imports (or importers)
   * changed. Default false.
   */
  readonly cache?: boolean;
  /** Cache directory, default `<cwd>/.concordat-cache`. */
  readonly cacheLocation?: string;
  /** Only run these rules (all by default). */
  readonly rules?: readonly RuleId[];
}

const KNOWN_RULES = new Set<string>([...allRules.map((r) => r.meta.id), "invalid-suppression"]);
/** An incremental run re-checks at most this share of the files; beyond it a full run is as cheap. */
const MAX_INCREMENTAL_SHARE = 0.3;
const MIN_INCREMENTAL_FILES = 8;

interface RunOutput {
  readonly perFile: Map<string, CachedFileResult>;
  readonly sinkKeys: string[];
}

/** Loads the project, runs every rule, applies suppressions. Throws `CheckConfigError` for configuration problems. */
export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  return checkSync(options);
}

/**
 * `check`, synchronously: what an ESLint rule (which cannot wait) calls.
 * @internal
 */
export function checkSync(options: CheckOptions = {}): CheckResult {
  const started = performance.now();
  const cwd = resolve(options.cwd ?? process.cwd());
  const loaded = options.program
    ? loadTsProgram(options.program)
    : options.tsMorphProject
      ? loadTsMorphProject(options.tsMorphProject)
      : loadDiskProject(cwd, options.project, options.paths ?? []);
  const cacheDir = options.cache ? resolve(cwd, options.cacheLocation ?? ".concordat-cache") : undefined;
  const cache = new FactsCache(cacheDir, options.factsMemo);
  // texts are read once: for the freshness check and, when visited, for the facts
  const texts = new Map<string, string | undefined>();
  const readFile = (p: string): string | undefined => {
    if (!texts.has(p)) texts.set(p, loaded.host.readFile(p));
    return texts.get(p);
  };
  const host = { ...loaded.host, readFile };
  // a project file that cannot be read is a project that cannot be checked (exit 2), never a clean result
  const unreadable = loaded.rootFiles.filter((f) => readFile(f) === undefined);
  if (unreadable.length > 0)
    throw new CheckConfigError(
      `cannot read ${unreadable
        .slice(0, 5)
        .map((f) => toRelative(cwd, f))
        .join(", ")}${unreadable.length > 5 ? ` and ${unreadable.length - 5} more` : ""}: check that the files exist and are readable.`,
    );
  const program = new ProgramModel(host, loaded.rootFiles, (path, text) => cache.get(path, text, loaded.parsed ? () => loaded.parsed!(path) : undefined));
  const roots = [...loaded.rootFiles].sort();
  const key = JSON.stringify({ v: FACTS_VERSION, rules: options.rules ?? null, options: loaded.host.compilerOptions });
  const prev = cache.results && cache.results.key === key && sameList(cache.results.files, roots) ? cache.results : undefined;
  if (prev) program.persistedResolutions = prev.resolutions;

  let out: RunOutput | undefined;
  let focus: Set<string> | undefined;
  let deps: Map<string, string[]> | undefined;
  if (prev && !externalChanged(prev, readFile)) {
    const changed = roots.filter((f) => {
      const text = readFile(f);
      return text === undefined || !cache.isFresh(f, contentHash(text));
    });
    deps = new Map(Object.entries(prev.deps));
    for (const f of changed) deps.set(f, fileDeps(program, f));
    const affected = affectedFiles(deps, changed);
    if (affected.size <= Math.max(MIN_INCREMENTAL_FILES, roots.length * MAX_INCREMENTAL_SHARE)) {
      focus = affected;
      const prior = new Map<string, BypassContribution>();
      for (const [f, r] of Object.entries(prev.perFile)) if (!affected.has(f)) prior.set(f, r.bypass);
      // subclasses of decorated classes in re-checked files live in files that import them
      const decorated = [...affected].filter((f) => Object.values(program.file(f)?.decls ?? {}).some((d) => d.kind === "class" && d.decorators.length > 0));
      const rdeps = new Map<string, string[]>();
      for (const [f, ds] of deps) for (const d of ds) rdeps.set(d, [...(rdeps.get(d) ?? []), f]);
      const hierarchyFiles = closureOf(decorated, rdeps);
      const partial = analyze(program, options, affected, prior, hierarchyFiles);
      if (sameList(partial.sinkKeys, prev.sinkKeys)) {
        const perFile = new Map<string, CachedFileResult>();
        for (const f of roots) {
          const r = affected.has(f) ? partial.perFile.get(f) : prev.perFile[f];
          if (r) perFile.set(f, r);
        }
        out = { perFile, sinkKeys: partial.sinkKeys };
      }
    }
  }
  if (!out) {
    focus = undefined;
    for (const f of roots) program.file(f);
    out = analyze(program, options, undefined, undefined);
    deps = new Map(roots.map((f) => [f, fileDeps(program, f)]));
  }

  if (cacheDir) {
    const external: Record<string, string> = {};
    for (const f of program.loadedFiles()) if (!program.roots.has(f.path)) external[f.path] = f.hash;
    const results: CachedResults = {
      key,
      files: roots,
      perFile: Object.fromEntries(out.perFile),
      sinkKeys: out.sinkKeys,
      deps: Object.fromEntries(deps ?? []),
      external,
      resolutions: { ...(prev?.resolutions ?? {}), ...program.newResolutions },
    };
    cache.results = results;
    cache.save();
  }

  const findings = [...out.perFile.values()].flatMap((r) => r.findings).sort(compareFindings);
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const f of findings) {
    const k = `${f.file}:${f.loc.line}:${f.loc.column}:${f.rule}:${f.message}`;
    if (seen.has(k)) continue;
    seen.add(k);
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
  const protocols = new Set<string>();
  let classes = 0;
  for (const r of out.perFile.values()) {
    classes += r.agents;
    for (const p of r.protocols) protocols.add(p);
  }
  return {
    diagnostics,
    summary: {
      files: roots.length,
      classes,
      protocols: protocols.size,
      errors,
      warnings: diagnostics.length - errors,
      durationMs: Math.round(performance.now() - started),
    },
    cwd,
    ...(cacheDir ? { cache: { hits: cache.hits, misses: cache.misses, incremental: focus !== undefined, reanalyzed: focus?.size ?? roots.length } } : {}),
  };
}

/** Runs the rules on the `reportable` files (all when undefined) and groups what they found by file. */
function analyze(
  program: ProgramModel,
  options: CheckOptions,
  reportable: ReadonlySet<string> | undefined,
  prior: ReadonlyMap<string, BypassContribution> | undefined,
  hierarchyFiles?: Iterable<string>,
): RunOutput {
  const analysis = new Analysis(program, reportable, hierarchyFiles);
  analysis.priorBypassContributions = prior;
  const selected = options.rules
    ? allRules.filter((r) => options.rules!.includes(r.meta.id) || r.meta.id === "unanalyzable-protocol" || r.meta.id === "syntax-error")
    : allRules;
  let findings: Finding[] = [];
  for (const rule of selected) {
    const found = rule.run(analysis);
    if (rule.meta.id === "unanalyzable-protocol" && options.rules && !options.rules.includes("unanalyzable-protocol")) continue;
    findings.push(...found);
  }
  const files = [...analysis.reportable];
  findings = findings.filter((f) => analysis.isRoot(f.file));
  findings = applySuppressions(
    findings,
    files.map((f) => program.file(f)).filter((f): f is FileFacts => f !== undefined),
  );
  const perFile = new Map<string, CachedFileResult>();
  const entry = (f: string): { findings: Finding[]; agents: number; protocols: string[]; bypass: BypassContribution } => {
    let r = perFile.get(f) as { findings: Finding[]; agents: number; protocols: string[]; bypass: BypassContribution } | undefined;
    if (!r) {
      r = { findings: [], agents: 0, protocols: [], bypass: analysis.bypassContributions?.get(f) ?? { sinks: [], toolLand: [] } };
      perFile.set(f, r);
    }
    return r;
  };
  for (const f of files) entry(f);
  for (const f of findings) entry(f.file).findings.push(f);
  for (const c of analysis.agents()) if (analysis.isRoot(c.file)) entry(c.file).agents++;
  // protocols defined in a file, and the protocols its agents enforce (wherever those are defined)
  for (const p of analysis.extractedProtocols()) if (analysis.isRoot(p.at.file)) entry(p.at.file).protocols.push(p.id);
  for (const c of analysis.agents()) {
    if (!analysis.isRoot(c.file)) continue;
    const p = analysis.effectiveProtocol(c)?.protocol.id;
    const e = entry(c.file);
    if (p && !e.protocols.includes(p)) e.protocols.push(p);
  }
  // sink keys of the whole project: this run's files plus the prior contributions of the others
  const keys = new Set<string>();
  for (const [f, c] of analysis.bypassContributions ?? []) if (analysis.isRoot(f)) for (const [k] of c.sinks) keys.add(k);
  for (const [f, c] of prior ?? []) if (!analysis.isRoot(f)) for (const [k] of c.sinks) keys.add(k);
  return { perFile, sinkKeys: [...keys].sort() };
}

/** Project files a file imports or re-exports from. */
function fileDeps(program: ProgramModel, f: string): string[] {
  const facts = program.file(f);
  if (!facts) return [];
  const specs = new Set<string>([
    ...Object.values(facts.imports).map((i) => i.from),
    ...Object.values(facts.exports).flatMap((e) => ("from" in e ? [e.from] : [])),
    ...facts.exportStars,
  ]);
  const out: string[] = [];
  for (const s of specs) {
    const t = program.resolveModule(f, s);
    if (t && program.roots.has(t)) out.push(t);
  }
  return out;
}

/**
 * Files whose findings may change when `changed` files change: files that (transitively) import
 * a changed file, and files a changed file (transitively) imports (bases, helpers and protocols
 * whose subclasses or callers changed). Findings elsewhere only read unchanged files.
 */
function affectedFiles(deps: ReadonlyMap<string, string[]>, changed: readonly string[]): Set<string> {
  const rdeps = new Map<string, string[]>();
  for (const [f, ds] of deps) for (const d of ds) rdeps.set(d, [...(rdeps.get(d) ?? []), f]);
  const out = closureOf(changed, deps);
  for (const f of closureOf(changed, rdeps)) out.add(f);
  return out;
}

function closureOf(start: readonly string[], edges: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>(start);
  const stack = [...start];
  while (stack.length) {
    for (const n of edges.get(stack.pop()!) ?? []) {
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(n);
    }
  }
  return seen;
}

function externalChanged(prev: CachedResults, readFile: (p: string) => string | undefined): boolean {
  for (const [p, h] of Object.entries(prev.external)) {
    const text = readFile(p);
    if (text === undefined || contentHash(text) !== h) return true;
  }
  return false;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
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
      if (s.rules.length === 0)
        out.push({
          rule: "invalid-suppression",
          file: file.path,
          loc: s.loc,
          message: "concordat-disable-next-line names no rule. Write `// concordat-disable-next-line <rule> -- <reason>`.",
        });
      else if (unknown.length > 0)
        out.push({
          rule: "invalid-suppression",
          file: file.path,
          loc: s.loc,
          message: `concordat-disable-next-line names unknown rule${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u}"`).join(", ")}. Known rules: ${[...KNOWN_RULES].join(", ")}.`,
        });
      if (s.rules.length > 0 && s.reason.length === 0)
        out.push({
          rule: "invalid-suppression",
          file: file.path,
          loc: s.loc,
          message: `Suppression of ${s.rules.join(", ")} has no reason, so it does not suppress anything. Add one: \`// concordat-disable-next-line ${s.rules.join(", ")} -- <why this is safe>\`.`,
        });
    }
  }
  return out;
}
