/**
 * `npm run docs:errors`: writes the generated part of docs/api.md's "Errors" section (between
 * `<!-- errors:start -->` and `<!-- errors:end -->`) from the source of truth:
 * - every error class in src/, decorators/ and analyzer/ (a class whose `extends` chain reaches
 *   `Error`), its `code` (the type argument it gives `ConcordatError`, with a union alias of the
 *   same file spelled out) and the package entry point that exports it;
 * - every violation code (`VIOLATION_CODES`) with its facts (`ViolationData`'s interface for it).
 * `--check` exits 1 when docs/api.md is out of date instead of writing it (test/docs runs it).
 *
 * Reads the sources with the TypeScript parser only (no type checker), so it takes well under a
 * second.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";

/** One error class as the docs list it. */
export interface ErrorClassDoc {
  readonly name: string;
  /** Repository path of its module. */
  readonly file: string;
  /** What it extends (`Error`, `TypeError`, `ConcordatError`, or another library class). */
  readonly base: string;
  /** Its codes, or a description (`a violation code`, `the HTTP error code`). */
  readonly codes: readonly string[] | string;
  /** Entry points (`concordat`, `concordat/store`, …) that export it. */
  readonly entryPoints: readonly string[];
  /** First sentence of its doc comment. */
  readonly summary: string;
}

/** One violation code with its facts. */
export interface ViolationCodeDoc {
  readonly code: string;
  readonly interfaceName: string;
  readonly summary: string;
  readonly fields: readonly { readonly name: string; readonly optional: boolean; readonly type: string; readonly doc: string }[];
}

const ROOT = resolve(import.meta.dirname, "..");
const START = "<!-- errors:start -->";
const END = "<!-- errors:end -->";

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out.sort();
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
}

/** The first sentence of a node's doc comment, without a leading `` `code`: `` and a `(code …)` remark (the tables show codes). */
function summaryOf(node: ts.Node): string {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc;
  const comment = docs?.[docs.length - 1]?.comment;
  const text = (typeof comment === "string" ? comment : (comment?.map((c) => c.text).join("") ?? ""))
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^`[a-z_]+`: /, "");
  let sentence = text.replace(/; code `[^`]+`/, "").replace(/ \(code `[^`]+`(; [^)]*)?\)/, "");
  const end = sentence.search(/\.(\s|$)/);
  if (end >= 0) sentence = sentence.slice(0, end);
  // the clause before a colon, when it says enough on its own
  const colon = sentence.indexOf(": ");
  if (colon >= 40) sentence = sentence.slice(0, colon);
  return sentence.replace(/[:;,]$/, "");
}

/** The string literals of a union type alias declared in `sf` (`type X = "a" | "b"`), or of `(typeof ARR)[number]` over a const array. */
function literalsOf(sf: ts.SourceFile, name: string): string[] | undefined {
  for (const st of sf.statements) {
    if (ts.isTypeAliasDeclaration(st) && st.name.text === name) {
      const parts = ts.isUnionTypeNode(st.type) ? st.type.types : [st.type];
      const out: string[] = [];
      for (const p of parts) {
        if (ts.isLiteralTypeNode(p) && ts.isStringLiteral(p.literal)) out.push(p.literal.text);
        else return undefined;
      }
      return out;
    }
  }
  return undefined;
}

/** Codes a class passes to `ConcordatError<…>`, read from the type argument (a type parameter stands for its constraint). */
function codesOf(sf: ts.SourceFile, cls: ts.ClassDeclaration, typeArg: ts.TypeNode | undefined): readonly string[] | string {
  if (typeArg === undefined) return "any string";
  if (ts.isTypeReferenceNode(typeArg) && ts.isIdentifier(typeArg.typeName)) {
    const param = cls.typeParameters?.find((p) => p.name.text === (typeArg.typeName as ts.Identifier).text);
    if (param?.constraint) return codesOf(sf, cls, param.constraint);
  }
  if (ts.isLiteralTypeNode(typeArg) && ts.isStringLiteral(typeArg.literal)) return [typeArg.literal.text];
  if (ts.isUnionTypeNode(typeArg) && typeArg.types.every((t) => ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal))) {
    return typeArg.types.map((t) => ((t as ts.LiteralTypeNode).literal as ts.StringLiteral).text);
  }
  if (ts.isTypeReferenceNode(typeArg) && ts.isIdentifier(typeArg.typeName)) {
    const name = typeArg.typeName.text;
    if (name === "ViolationCode") return "a violation code (below)";
    return literalsOf(sf, name) ?? name;
  }
  if (typeArg.kind === ts.SyntaxKind.StringKeyword) return "any string";
  return typeArg.getText(sf);
}

/** A `readonly code = "…"` field, for a class that is not a ConcordatError. */
function codeFieldOf(cls: ts.ClassDeclaration): readonly string[] | undefined {
  for (const m of cls.members) {
    if (ts.isPropertyDeclaration(m) && m.name.getText() === "code" && m.initializer && ts.isStringLiteral(m.initializer)) return [m.initializer.text];
  }
  return undefined;
}

/** Entry points and the names they export: `export { A, B } from "./x.js"` in each package.json export's source module. */
function exportedNames(): Map<string, string[]> {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, { types?: string } | string> };
  const byName = new Map<string, string[]>();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string" || !target.types) continue;
    const file = target.types.replace(/^\.\/dist\//, "").replace(/\.d\.ts$/, ".ts");
    const entry = subpath === "." ? "concordat" : `concordat/${subpath.slice(2)}`;
    let sf: ts.SourceFile;
    try {
      sf = parse(file);
    } catch {
      continue;
    }
    const names = new Set<string>();
    for (const st of sf.statements) {
      if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause) && !st.isTypeOnly) {
        for (const el of st.exportClause.elements) if (!el.isTypeOnly) names.add(el.name.text);
      }
      if (ts.isClassDeclaration(st) && st.name && st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) names.add(st.name.text);
    }
    for (const n of names) byName.set(n, [...(byName.get(n) ?? []), entry]);
  }
  return byName;
}

/** Every error class of the library: classes whose `extends` chain reaches Error, TypeError or RangeError. */
export function errorClasses(): ErrorClassDoc[] {
  const found = new Map<string, { file: string; base: string; cls: ts.ClassDeclaration; sf: ts.SourceFile; typeArg: ts.TypeNode | undefined }>();
  for (const file of ["src", "decorators", "analyzer"].flatMap(sourceFiles)) {
    const sf = parse(file);
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name) {
        const ext = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
        if (ext && ts.isIdentifier(ext.expression))
          found.set(node.name.text, { file, base: ext.expression.text, cls: node, sf, typeArg: ext.typeArguments?.[0] });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const builtins = new Set(["Error", "TypeError", "RangeError"]);
  const isError = (name: string, seen = new Set<string>()): boolean => {
    if (builtins.has(name)) return true;
    const c = found.get(name);
    if (!c || seen.has(name)) return false;
    seen.add(name);
    return isError(c.base, seen);
  };
  const exported = exportedNames();
  const out: ErrorClassDoc[] = [];
  for (const [name, c] of found) {
    if (!isError(c.base)) continue;
    const codes =
      name === "ConcordatError"
        ? "its subclass's"
        : c.base === "ConcordatError"
          ? codesOf(c.sf, c.cls, c.typeArg)
          : (codeFieldOf(c.cls) ?? (found.has(c.base) ? `as ${c.base}` : "none"));
    out.push({ name, file: c.file, base: c.base, codes, entryPoints: exported.get(name) ?? [], summary: summaryOf(c.cls) });
  }
  return out.sort((a, b) => (a.name === "ConcordatError" ? -1 : b.name === "ConcordatError" ? 1 : a.name.localeCompare(b.name)));
}

/** Every violation code with the facts `ViolationData` gives it, in `VIOLATION_CODES` order. */
export function violationCodes(): ViolationCodeDoc[] {
  const codesFile = parse("src/violation/violation-codes.ts");
  const codes: string[] = [];
  codesFile.forEachChild(function visit(n): void {
    if (ts.isVariableDeclaration(n) && n.name.getText() === "VIOLATION_CODES" && n.initializer) {
      const arr = ts.isAsExpression(n.initializer) ? n.initializer.expression : n.initializer;
      if (ts.isArrayLiteralExpression(arr)) for (const e of arr.elements) if (ts.isStringLiteral(e)) codes.push(e.text);
    }
    n.forEachChild(visit);
  });
  const sf = parse("src/violation/violation-data.ts");
  const interfaces = new Map(sf.statements.filter(ts.isInterfaceDeclaration).map((i) => [i.name.text, i]));
  const map = interfaces.get("ViolationData");
  if (!map) throw new Error("src/violation/violation-data.ts has no interface ViolationData");
  return codes.map((code) => {
    const member = map.members.find((m) => m.name?.getText(sf) === code);
    if (!member || !ts.isPropertySignature(member) || !member.type) throw new Error(`ViolationData has no entry for violation code "${code}"`);
    const interfaceName = member.type.getText(sf);
    const decl = interfaces.get(interfaceName);
    if (!decl) throw new Error(`ViolationData maps "${code}" to ${interfaceName}, which src/violation/violation-data.ts does not declare`);
    const fields = decl.members.filter(ts.isPropertySignature).map((p) => ({
      name: p.name.getText(sf),
      optional: p.questionToken !== undefined,
      type: (p.type?.getText(sf) ?? "unknown").replace(/\s+/g, " "),
      doc: summaryOf(p),
    }));
    return { code, interfaceName, summary: summaryOf(decl), fields };
  });
}

const cell = (s: string): string => s.replace(/\|/g, "\\|");

/** The generated Markdown (without the markers). */
export function errorsMarkdown(): string {
  const classes = errorClasses();
  const lines: string[] = [];
  lines.push("| class | extends | `code` | import from | what it means |", "|---|---|---|---|---|");
  for (const c of classes) {
    const codes = typeof c.codes === "string" ? c.codes : c.codes.map((x) => `\`${x}\``).join(", ");
    const from = c.entryPoints.length > 0 ? c.entryPoints.map((e) => `\`${e}\``).join(", ") : `internal (\`${c.file}\`)`;
    lines.push(`| \`${c.name}\` | \`${c.base}\` | ${cell(codes)} | ${from} | ${cell(c.summary)} |`);
  }
  lines.push("", "Violation codes (`ProtocolViolation.code`) and the facts each carries in `data` (`?`: not always present):", "");
  lines.push("| code | when | `data` |", "|---|---|---|");
  for (const v of violationCodes()) {
    const fields = v.fields.length === 0 ? "—" : v.fields.map((f) => `\`${f.name}${f.optional ? "?" : ""}: ${cell(f.type)}\``).join(", ");
    lines.push(`| \`${v.code}\` | ${cell(v.summary)} | ${fields} |`);
  }
  return lines.join("\n");
}

/** docs/api.md with its generated part replaced. */
export function withErrorsSection(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no "${START}" … "${END}" block. Fix: add the two markers where the generated tables go.`);
  return `${markdown.slice(0, start + START.length)}\n${errorsMarkdown()}\n${markdown.slice(end)}`;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const path = join(ROOT, "docs", "api.md");
  const current = readFileSync(path, "utf8");
  const next = withErrorsSection(current);
  if (process.argv.includes("--check")) {
    if (next !== current) {
      process.stderr.write(`${relative(process.cwd(), path)} is out of date. Fix: npm run docs:errors\n`);
      process.exitCode = 1;
    }
  } else if (next !== current) {
    writeFileSync(path, next);
    process.stdout.write(`wrote ${relative(process.cwd(), path)}\n`);
  }
}
