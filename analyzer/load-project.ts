import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { ts, type Project } from "ts-morph";
import type { SourceHost } from "./model/program.js";
import { CheckConfigError } from "./types.js";

export interface LoadedProject {
  readonly host: SourceHost;
  readonly rootFiles: readonly string[];
  /** Already parsed source files (a ts-morph project), reused instead of parsing again. */
  readonly parsed?: (path: string) => ts.SourceFile | undefined;
}

const SOURCE = /\.(c|m)?tsx?$/;
const isSource = (f: string): boolean => SOURCE.test(f) && !/\.d\.(c|m)?ts$/.test(f);

/** Uses the files of an existing ts-morph project (in-memory file systems included). */
export function loadTsMorphProject(project: Project): LoadedProject {
  const fs = project.getFileSystem();
  const rootFiles = project
    .getSourceFiles()
    .map((s) => s.getFilePath() as string)
    .filter(isSource);
  return {
    host: {
      compilerOptions: project.getCompilerOptions(),
      moduleHost: project.getModuleResolutionHost(),
      readFile: (p) => {
        const sf = project.getSourceFile(p);
        if (sf) return sf.getFullText();
        try {
          return fs.fileExistsSync(p) ? fs.readFileSync(p) : undefined;
        } catch {
          return undefined;
        }
      },
    },
    rootFiles,
    parsed: (p) => project.getSourceFile(p)?.compilerNode,
  };
}

/**
 * The part of a TypeScript `Program` the analyzer reads. Structural, so a program made by the
 * user's own `typescript` (another copy or version than ts-morph's) is accepted.
 */
export interface TsProgramLike {
  getRootFileNames(): readonly string[];
  getCompilerOptions(): object;
  getSourceFile(fileName: string): { readonly text: string } | undefined;
}

/**
 * Uses the root files of a TypeScript program and the text it holds for each file (unsaved
 * editor text included). The program's own syntax trees are not reused: they may come from
 * another TypeScript version, whose syntax kinds differ; each file is parsed by ts-morph's.
 */
export function loadTsProgram(program: TsProgramLike): LoadedProject {
  return {
    host: {
      compilerOptions: program.getCompilerOptions() as ts.CompilerOptions,
      moduleHost: ts.sys,
      readFile: (p) => {
        const sf = program.getSourceFile(p);
        if (sf) return sf.text;
        try {
          return readFileSync(p, "utf8");
        } catch {
          return undefined;
        }
      },
    },
    rootFiles: [
      ...new Set(
        program
          .getRootFileNames()
          .filter(isSource)
          .map((f) => resolve(f)),
      ),
    ].sort(),
  };
}

/** Reads a tsconfig (and its `extends`), or expands the given paths and globs. */
export function loadDiskProject(cwd: string, projectPath: string | undefined, paths: readonly string[]): LoadedProject {
  const configPath = resolve(cwd, projectPath ?? "tsconfig.json");
  let options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowJs: false,
  };
  let fileNames: string[] = [];
  const haveConfig = existsSync(configPath) && statSync(configPath).isFile();
  if (!haveConfig && (projectPath !== undefined || paths.length === 0)) {
    throw new CheckConfigError(
      `tsconfig not found: ${relative(cwd, configPath) || configPath}. Pass --project <tsconfig.json> or the files to check (e.g. \`concordat check "src/**/*.ts"\`).`,
    );
  }
  if (haveConfig) {
    let fatal: string | undefined;
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          fatal = ts.flattenDiagnosticMessageText(d.messageText, "\n");
        },
      },
    );
    if (!parsed || fatal) throw new CheckConfigError(`cannot read ${relative(cwd, configPath)}: ${fatal ?? "unknown error"}`);
    const errors = parsed.errors.filter((e) => e.category === ts.DiagnosticCategory.Error && e.code !== 18003);
    if (errors.length > 0)
      throw new CheckConfigError(`${relative(cwd, configPath)}: ${errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, "\n")).join("; ")}`);
    options = parsed.options;
    fileNames = parsed.fileNames;
  }
  const rootFiles = paths.length > 0 ? expandPaths(cwd, paths) : fileNames.filter(isSource).map((f) => resolve(f));
  if (rootFiles.length === 0)
    throw new CheckConfigError(
      paths.length > 0 ? `no TypeScript files match ${paths.join(", ")}` : `${relative(cwd, configPath)} includes no TypeScript files`,
    );
  return {
    host: {
      compilerOptions: options,
      moduleHost: ts.sys,
      readFile: (p) => {
        try {
          return readFileSync(p, "utf8");
        } catch {
          return undefined;
        }
      },
    },
    rootFiles: [...new Set(rootFiles)].sort(),
  };
}

/** Files, directories (all TypeScript files below) and globs (`*`, `**`, `?`). */
export function expandPaths(cwd: string, patterns: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of patterns) {
    if (!/[*?[\]{}]/.test(p)) {
      const abs = isAbsolute(p) ? p : resolve(cwd, p);
      if (!existsSync(abs)) throw new CheckConfigError(`no such file or directory: ${p}`);
      if (statSync(abs).isDirectory()) out.push(...walk(abs).filter(isSource));
      else out.push(abs);
      continue;
    }
    const abs = (isAbsolute(p) ? p : join(cwd, p)).split(sep).join("/");
    const parts = abs.split("/");
    const firstGlob = parts.findIndex((x) => /[*?[\]{}]/.test(x));
    const base = parts.slice(0, firstGlob).join("/") || "/";
    const re = globToRegExp(abs);
    if (!existsSync(base)) continue;
    for (const f of walk(base)) if (isSource(f) && re.test(f.split(sep).join("/"))) out.push(f);
  }
  return out;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

function globToRegExp(glob: string): RegExp {
  let re = "";
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") {
      if (glob[i + 1] === "*") {
        re += glob[i + 2] === "/" ? "(?:.*/)?" : ".*";
        i += glob[i + 2] === "/" ? 2 : 1;
      } else re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else if (c === "{") {
      depth++;
      re += "(?:";
    } else if (c === "}" && depth > 0) {
      depth--;
      re += ")";
    } else if (c === "," && depth > 0) re += "|";
    else re += c.replace(/[.+^$()|\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}
