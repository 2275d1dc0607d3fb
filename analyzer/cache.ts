import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ts } from "ts-morph";
import { contentHash, extractFileFacts } from "./facts/extract-file-facts.js";
import { FACTS_VERSION, type FileFacts } from "./facts/file-facts.js";
import type { BypassContribution, SinkOwner } from "./rules/bypass-call.js";
import type { Finding } from "./rules/rule.js";

/** Per-file results of the last run, for incremental re-checks (see check.ts). */
export interface CachedFileResult {
  readonly findings: Finding[];
  readonly agents: number;
  readonly protocols: string[];
  readonly bypass: BypassContribution;
}

export interface CachedResults {
  /** Analyzer version, options and compiler options the results were computed with. */
  readonly key: string;
  /** The analyzed files (sorted). */
  readonly files: string[];
  readonly perFile: Record<string, CachedFileResult>;
  /** Project files each file imports or re-exports from (resolved). */
  readonly deps: Record<string, string[]>;
  /** Every effect-sink key of the project (an incremental run falls back to a full one when it changes). */
  readonly sinkKeys: string[];
  /** Files outside the project that were read (path → content hash). */
  readonly external: Record<string, string>;
  /** Module resolutions that needed the file system. */
  readonly resolutions: Record<string, string | null>;
}

interface CacheIndex {
  readonly version: number;
  /** path → content hash of the facts stored for it */
  readonly files: Record<string, string>;
  /** Results with repeated strings (node ids, paths) replaced by indexes into `strings`. */
  readonly results?: PackedResults;
  readonly strings?: string[];
}

type PackedResults = Omit<CachedResults, "perFile" | "deps"> & {
  readonly perFile: Record<string, { f?: Finding[]; a?: number; p?: number[]; s?: [number, SinkOwner][]; l?: number[] }>;
  readonly deps: Record<string, number[]>;
};

function pack(r: CachedResults): { results: PackedResults; strings: string[] } {
  const strings: string[] = [];
  const ids = new Map<string, number>();
  const id = (x: string): number => {
    let i = ids.get(x);
    if (i === undefined) {
      i = strings.push(x) - 1;
      ids.set(x, i);
    }
    return i;
  };
  const perFile: PackedResults["perFile"] = {};
  for (const [f, v] of Object.entries(r.perFile)) {
    perFile[f] = {
      ...(v.findings.length ? { f: v.findings } : {}),
      ...(v.agents ? { a: v.agents } : {}),
      ...(v.protocols.length ? { p: v.protocols.map(id) } : {}),
      ...(v.bypass.sinks.length ? { s: v.bypass.sinks.map(([k, o]) => [id(k), o] as [number, SinkOwner]) } : {}),
      ...(v.bypass.toolLand.length ? { l: v.bypass.toolLand.map(id) } : {}),
    };
  }
  const deps: Record<string, number[]> = {};
  for (const [f, ds] of Object.entries(r.deps)) deps[f] = ds.map(id);
  return { results: { ...r, perFile, deps }, strings };
}

function unpack(p: PackedResults, strings: readonly string[]): CachedResults {
  const s = (i: number): string => strings[i] ?? "";
  const perFile: Record<string, CachedFileResult> = {};
  for (const [f, v] of Object.entries(p.perFile)) {
    perFile[f] = {
      findings: v.f ?? [],
      agents: v.a ?? 0,
      protocols: (v.p ?? []).map(s),
      bypass: { sinks: (v.s ?? []).map(([k, o]) => [s(k), o]), toolLand: (v.l ?? []).map(s) },
    };
  }
  const deps: Record<string, string[]> = {};
  for (const [f, ds] of Object.entries(p.deps)) deps[f] = ds.map(s);
  return { ...p, perFile, deps };
}

const INDEX = "index.json";

/**
 * The on-disk cache (`.concordat-cache/` by default): `index.json` maps each file to the content
 * hash of its facts and holds the last run's per-file results; `facts/<path-hash>-<content-hash>-v<version>.json`
 * holds one file's facts. Facts are read only for the files a run actually visits, and a file
 * whose text is unchanged is never parsed again.
 */
export class FactsCache {
  private index: Record<string, string> = {};
  private readonly current = new Map<string, string>();
  private readonly pending = new Map<string, FileFacts>();
  /** Files whose facts were extracted afresh in this run (new or changed). */
  readonly changed = new Set<string>();
  results: CachedResults | undefined;
  hits = 0;
  misses = 0;

  constructor(
    private readonly dir: string | undefined,
    /** Facts kept in memory across runs (path → latest facts), checked against the content hash. */
    private readonly memo?: Map<string, FileFacts>,
  ) {
    if (!dir) return;
    try {
      const raw = JSON.parse(readFileSync(join(dir, INDEX), "utf8")) as CacheIndex;
      if (raw && raw.version === FACTS_VERSION && raw.files) {
        this.index = raw.files;
        this.results = raw.results && raw.strings ? unpack(raw.results, raw.strings) : undefined;
      }
    } catch {
      this.index = {};
    }
  }

  /** Whether the cache has facts for exactly this text of the file (records the hash for the next index). */
  isFresh(path: string, hash: string): boolean {
    this.current.set(path, hash);
    return this.index[path] === hash;
  }

  /** Facts for a file's current text: from the cache when the hash matches, else freshly extracted. */
  get(path: string, text: string, parsed?: () => ts.SourceFile | undefined): FileFacts {
    const hash = contentHash(text);
    this.current.set(path, hash);
    if (this.dir && this.index[path] === hash) {
      try {
        const f = JSON.parse(readFileSync(this.factsFile(path, hash), "utf8")) as FileFacts;
        if (f.version === FACTS_VERSION && f.hash === hash && f.path === path) {
          this.hits++;
          return f;
        }
      } catch {
        // missing or corrupt entry: extract again
      }
    }
    const remembered = this.memo?.get(path);
    if (remembered && remembered.hash === hash && remembered.version === FACTS_VERSION) {
      this.hits++;
      return remembered;
    }
    this.misses++;
    this.changed.add(path);
    const facts = extractFileFacts(path, text, parsed?.());
    if (this.dir) this.pending.set(path, facts);
    this.memo?.set(path, facts);
    return facts;
  }

  private factsFile(path: string, hash: string): string {
    return join(this.dir!, "facts", `${contentHash(path).slice(0, 16)}-${hash}-v${FACTS_VERSION}.json`);
  }

  save(): void {
    if (!this.dir) return;
    mkdirSync(join(this.dir, "facts"), { recursive: true });
    for (const [p, f] of this.pending) {
      const file = this.factsFile(p, f.hash);
      if (!existsSync(file)) writeFileSync(file, JSON.stringify(f));
    }
    const files: Record<string, string> = { ...this.index };
    for (const [p, h] of this.current) if (this.pending.has(p) || this.index[p] === h) files[p] = h;
    const tmp = join(this.dir, `${INDEX}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify({ version: FACTS_VERSION, files, ...(this.results ? pack(this.results) : {}) } satisfies CacheIndex));
    renameSync(tmp, join(this.dir, INDEX));
  }
}
