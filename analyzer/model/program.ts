import { ts } from "ts-morph";
import type { Decl, FileFacts, Loc } from "../facts/file-facts.js";

/** Where files come from: disk, or a ts-morph in-memory project. */
export interface SourceHost {
  readonly compilerOptions: ts.CompilerOptions;
  readonly moduleHost: ts.ModuleResolutionHost;
  readFile(path: string): string | undefined;
}

/** Produces the facts of a file (from the cache or by parsing). */
export type FactsLoader = (path: string, text: string) => FileFacts;

/** A position in a file. */
export interface At {
  readonly file: string;
  readonly loc: Loc;
}

/** What a name resolves to. */
export type Sym =
  | { readonly k: "decl"; readonly file: string; readonly decl: Decl }
  | { readonly k: "ns"; readonly file: string }
  | { readonly k: "external"; readonly module: string; readonly name: string }
  | { readonly k: "global"; readonly name: string }
  | { readonly k: "missing"; readonly file: string; readonly name: string };

/**
 * The linked program: per-file facts (loaded on demand when an import leads to a file outside
 * the analyzed set), module resolution (tsconfig paths, NodeNext `.js` → `.ts`), and name
 * resolution through imports, re-exports, `export *` and default exports.
 */
export class ProgramModel {
  private readonly files = new Map<string, FileFacts | null>();
  private readonly resolutionCache: ts.ModuleResolutionCache;
  private readonly resolved = new Map<string, string | null>();
  /** Files the user asked to analyze (diagnostics are only reported there). */
  readonly roots: ReadonlySet<string>;

  constructor(
    readonly host: SourceHost,
    rootFiles: readonly string[],
    private readonly load: FactsLoader,
  ) {
    this.roots = new Set(rootFiles);
    this.resolutionCache = ts.createModuleResolutionCache("/", (s) => s, host.compilerOptions);
  }

  /** Facts of a file; undefined when it cannot be read. */
  file(path: string): FileFacts | undefined {
    const hit = this.files.get(path);
    if (hit !== undefined) return hit ?? undefined;
    const text = this.host.readFile(path);
    const facts = text === undefined ? null : this.load(path, text);
    this.files.set(path, facts);
    return facts ?? undefined;
  }

  loadedFiles(): FileFacts[] {
    return [...this.files.values()].filter((f): f is FileFacts => f !== null);
  }

  resolveModule(fromFile: string, spec: string): string | undefined {
    const key = fromFile + "\u0000" + spec;
    const hit = this.resolved.get(key);
    if (hit !== undefined) return hit ?? undefined;
    let out: string | null = null;
    const fast = spec.startsWith(".") ? this.fastRelative(fromFile, spec) : undefined;
    if (fast) {
      this.resolved.set(key, fast);
      return fast;
    }
    const persisted = this.persistedResolutions?.[key];
    if (persisted !== undefined) {
      this.resolved.set(key, persisted);
      return persisted ?? undefined;
    }
    try {
      const r = ts.resolveModuleName(spec, fromFile, this.host.compilerOptions, this.host.moduleHost, this.resolutionCache);
      const f = r.resolvedModule?.resolvedFileName;
      if (f && /\.(d\.)?[cm]?tsx?$/.test(f)) out = f;
    } catch {
      out = null;
    }
    this.resolved.set(key, out);
    this.newResolutions[key] = out;
    return out ?? undefined;
  }

  /**
   * `./x.js` → `./x.ts` (also .tsx, .d.ts, `/index.ts`) when that file is one of the analyzed
   * files: what TypeScript's resolver answers, without touching the file system.
   */
  private fastRelative(fromFile: string, spec: string): string | undefined {
    const slash = fromFile.lastIndexOf("/");
    const base = normalizePath(fromFile.slice(0, slash + 1) + spec);
    const stem = base.replace(/\.(m|c)?js$/, "");
    const mapped =
      base !== stem
        ? [stem + ".ts", stem + ".tsx", stem + ".mts", stem + ".d.ts"]
        : [base + ".ts", base + ".tsx", base + ".d.ts", base + "/index.ts", base + "/index.tsx"];
    if (/\.(m|c)?tsx?$/.test(base) && this.roots.has(base)) return base;
    for (const c of mapped) if (this.roots.has(c)) return c;
    return undefined;
  }

  /** Resolutions that needed the file system (persisted by the cache; valid while the file list and options are unchanged). */
  readonly newResolutions: Record<string, string | null> = {};
  persistedResolutions: Readonly<Record<string, string | null>> | undefined;

  /** Resolves a name used in a file's module scope. */
  resolveLocal(file: string, name: string): Sym {
    const f = this.file(file);
    if (!f) return { k: "missing", file, name };
    const decl = f.decls[name];
    if (decl) return { k: "decl", file, decl };
    const imp = f.imports[name];
    if (imp) {
      const target = this.resolveModule(file, imp.from);
      if (!target) return { k: "external", module: imp.from, name: imp.name };
      if (imp.name === "*") return { k: "ns", file: target };
      return this.resolveExport(target, imp.name, new Set());
    }
    return { k: "global", name };
  }

  /** Resolves an exported name of a file, following re-exports. */
  resolveExport(file: string, name: string, seen: Set<string>): Sym {
    const key = file + "#" + name;
    if (seen.has(key)) return { k: "missing", file, name };
    seen.add(key);
    const f = this.file(file);
    if (!f) return { k: "missing", file, name };
    const ex = f.exports[name];
    if (ex) {
      if ("local" in ex) return this.resolveLocal(file, ex.local);
      const target = this.resolveModule(file, ex.from);
      if (!target) return { k: "external", module: ex.from, name: ex.name };
      if (ex.name === "*") return { k: "ns", file: target };
      return this.resolveExport(target, ex.name, seen);
    }
    if (name !== "default") {
      for (const star of f.exportStars) {
        const target = this.resolveModule(file, star);
        if (!target) continue;
        const s = this.resolveExport(target, name, seen);
        if (s.k !== "missing") return s;
      }
    }
    // a .d.ts `declare` without export keyword still names the thing
    const decl = f.decls[name];
    if (decl && file.endsWith(".d.ts")) return { k: "decl", file, decl };
    return { k: "missing", file, name };
  }

  /** Follows a namespace path: `ns.a.b` → the symbol `a` exported by ns, then its member... */
  resolvePath(file: string, name: string, path: readonly string[]): { sym: Sym; rest: readonly string[] } {
    let sym = this.resolveLocal(file, name);
    let rest = path;
    while (sym.k === "ns" && rest.length > 0) {
      sym = this.resolveExport(sym.file, rest[0]!, new Set());
      rest = rest.slice(1);
    }
    if (sym.k === "external" && rest.length > 0 && sym.name === "*") {
      sym = { k: "external", module: sym.module, name: rest[0]! };
      rest = rest.slice(1);
    }
    return { sym, rest };
  }

  /** The name a symbol was declared with (to recognize `enforce`, `tool`, `defineProtocol`). */
  static declaredName(sym: Sym): string | undefined {
    if (sym.k === "decl") return sym.decl.name;
    if (sym.k === "external" || sym.k === "global") return sym.name;
    return undefined;
  }
}

function normalizePath(p: string): string {
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" && out.length > 0) continue;
    if (part === ".") continue;
    if (part === "..") {
      if (out.length > 1) out.pop();
      continue;
    }
    out.push(part);
  }
  return out.join("/") || "/";
}
