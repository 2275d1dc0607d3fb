/**
 * The TypeScript type checker, asked only where syntax is not enough: which declared method a
 * call on a receiver of an unknown or computed type runs (`(r: Pick<Gateway, "refund">) =>
 * r.refund()`, `gateways.forEach((g) => g.refund())`, `container.get(Gateway).refund()`), and
 * the constant a computed tool name has. The program is built on the first question, over the
 * asking file and the project files it imports (transitively), with a small built-in library
 * and no package typings, so the cost is paid only by projects that need it, for the files
 * that need it.
 *
 * @internal
 */
import { ts } from "ts-morph";
import type { Loc } from "../facts/file-facts.js";
import type { ProgramModel } from "./program.js";

/** The declaration a call runs: a method of a class or interface of the project. */
export interface MemberOrigin {
  readonly file: string;
  readonly owner: string;
  readonly member: string;
  readonly ownerKind: "class" | "interface";
}

const LIB_PATH = "/__concordat__/lib.oracle.d.ts";

/** The global types the checker needs to follow members, generics, promises and utility types. */
const LIB = `interface Array<T> { length: number; [n: number]: T; forEach(cb: (value: T, index: number, array: T[]) => void): void; map<U>(cb: (value: T, index: number, array: T[]) => U): U[]; filter(cb: (value: T, index: number, array: T[]) => unknown): T[]; find(cb: (value: T, index: number, array: T[]) => unknown): T | undefined; reduce<U>(cb: (acc: U, value: T, index: number, array: T[]) => U, init: U): U; [Symbol.iterator](): IterableIterator<T>; }
interface ReadonlyArray<T> { readonly length: number; readonly [n: number]: T; forEach(cb: (value: T, index: number, array: readonly T[]) => void): void; map<U>(cb: (value: T, index: number, array: readonly T[]) => U): U[]; [Symbol.iterator](): IterableIterator<T>; }
interface Iterator<T> { next(): { done?: boolean; value: T }; }
interface Iterable<T> { [Symbol.iterator](): Iterator<T>; }
interface IterableIterator<T> extends Iterator<T> { [Symbol.iterator](): IterableIterator<T>; }
interface SymbolConstructor { readonly iterator: unique symbol; }
declare var Symbol: SymbolConstructor;
interface Boolean {} interface Function {} interface CallableFunction {} interface NewableFunction {} interface IArguments {} interface Number {} interface Object {} interface RegExp {} interface String {} interface Symbol {}
interface Promise<T> { then<R1 = T, R2 = never>(onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2>; }
interface PromiseLike<T> { then<R1 = T, R2 = never>(onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null): PromiseLike<R1 | R2>; }
interface PromiseConstructor { all<T extends readonly unknown[] | []>(values: T): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }>; resolve<T>(value: T): Promise<Awaited<T>>; }
declare var Promise: PromiseConstructor;
interface Map<K, V> { get(key: K): V | undefined; set(key: K, value: V): this; has(key: K): boolean; values(): IterableIterator<V>; forEach(cb: (value: V, key: K) => void): void; }
interface MapConstructor { new <K, V>(entries?: readonly (readonly [K, V])[] | null): Map<K, V>; }
declare var Map: MapConstructor;
type Awaited<T> = T extends null | undefined ? T : T extends object & { then(onfulfilled: infer F, ...args: infer _): any } ? F extends (value: infer V, ...args: infer _) => any ? Awaited<V> : never : T;
type Partial<T> = { [P in keyof T]?: T[P] }; type Required<T> = { [P in keyof T]-?: T[P] }; type Readonly<T> = { readonly [P in keyof T]: T[P] };
type Pick<T, K extends keyof T> = { [P in K]: T[P] }; type Record<K extends keyof any, T> = { [P in K]: T };
type Exclude<T, U> = T extends U ? never : T; type Extract<T, U> = T extends U ? T : never; type Omit<T, K extends keyof any> = Pick<T, Exclude<keyof T, K>>; type NonNullable<T> = T & {};
type Parameters<T extends (...args: any) => any> = T extends (...args: infer P) => any ? P : never;
type ReturnType<T extends (...args: any) => any> = T extends (...args: any) => infer R ? R : any;
type InstanceType<T extends abstract new (...args: any) => any> = T extends abstract new (...args: any) => infer R ? R : any;
`;

/** Files a program over `file` needs: it and the project files it imports or re-exports, transitively. */
function importClosure(model: ProgramModel, file: string, into: Set<string>): void {
  const stack = [file];
  while (stack.length) {
    const f = stack.pop()!;
    if (into.has(f)) continue;
    into.add(f);
    const facts = model.file(f);
    if (!facts) continue;
    const specs = [
      ...Object.values(facts.imports).map((i) => i.from),
      ...Object.values(facts.exports).flatMap((e) => ("from" in e ? [e.from] : [])),
      ...facts.exportStars,
    ];
    for (const s of specs) {
      const t = model.resolveModule(f, s);
      if (t && model.roots.has(t) && !into.has(t)) stack.push(t);
    }
  }
}

/** The innermost node spanning exactly `[start, end)`. */
function nodeAt(sf: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (n.pos > start || n.end < end) return;
    if (n.getStart(sf) === start && n.end === end) found = n;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function unwrap(e: ts.Expression): ts.Expression {
  let x = e;
  while (ts.isParenthesizedExpression(x) || ts.isAsExpression(x) || ts.isNonNullExpression(x) || ts.isSatisfiesExpression(x) || ts.isAwaitExpression(x))
    x = x.expression;
  return x;
}

export class TypeOracle {
  private program: ts.Program | undefined;
  private readonly files = new Set<string>();
  private readonly parsed = new Map<string, ts.SourceFile | undefined>();
  /** How many programs were built (for tests and the benchmark's honesty). */
  builds = 0;

  constructor(private readonly model: ProgramModel) {}

  private readonly memberNames = new Map<string, ReadonlySet<string>>();

  /**
   * Whether a call named `method` in `file` may lead to a method of the program: a class in the
   * file's import closure declares a member of that name. A call named otherwise (`log.push`,
   * `n.toFixed`) is never asked about, so a project without such calls never builds a program.
   * (A call on an interface none of whose implementing classes is imported is not followed.)
   */
  mayLeadTo(file: string, method: string): boolean {
    let names = this.memberNames.get(file);
    if (!names) {
      const closure = new Set<string>();
      importClosure(this.model, file, closure);
      const set = new Set<string>();
      for (const f of closure)
        for (const d of Object.values(this.model.file(f)?.decls ?? {})) if (d.kind === "class") for (const m of d.members) set.add(m.name);
      this.memberNames.set(file, (names = set));
    }
    return names.has(method);
  }

  private programFor(file: string): ts.Program | undefined {
    if (!this.model.roots.has(file)) return undefined;
    if (this.program && this.files.has(file)) return this.program;
    importClosure(this.model, file, this.files);
    const options: ts.CompilerOptions = {
      ...this.model.host.compilerOptions,
      noLib: true,
      lib: undefined,
      types: [],
      noEmit: true,
      skipLibCheck: true,
      declaration: false,
      sourceMap: false,
      composite: false,
      incremental: false,
      paths: undefined,
    };
    const host = ts.createCompilerHost(options);
    host.getSourceFile = (f, languageVersion) => {
      if (this.parsed.has(f)) return this.parsed.get(f);
      const text = f === LIB_PATH ? LIB : this.files.has(f) ? this.model.host.readFile(f) : undefined;
      const sf =
        text === undefined ? undefined : ts.createSourceFile(f, text, languageVersion, false, f.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      this.parsed.set(f, sf);
      return sf;
    };
    host.fileExists = (f) => f === LIB_PATH || this.files.has(f);
    host.readFile = (f) => (f === LIB_PATH ? LIB : this.files.has(f) ? this.model.host.readFile(f) : undefined);
    host.resolveModuleNameLiterals = (literals, containing) =>
      literals.map((l) => {
        const t = this.model.resolveModule(containing, l.text);
        return {
          resolvedModule:
            t && this.files.has(t)
              ? { resolvedFileName: t, extension: t.endsWith(".d.ts") ? ts.Extension.Dts : t.endsWith(".tsx") ? ts.Extension.Tsx : ts.Extension.Ts }
              : undefined,
        };
      });
    this.program = ts.createProgram({ rootNames: [LIB_PATH, ...this.files], options, host, ...(this.program ? { oldProgram: this.program } : {}) });
    this.builds++;
    return this.program;
  }

  private expressionAt(file: string, loc: Loc): { node: ts.Node; checker: ts.TypeChecker } | undefined {
    const program = this.programFor(file);
    const sf = program?.getSourceFile(file);
    if (!program || !sf) return undefined;
    let start: number;
    let end: number;
    try {
      start = sf.getPositionOfLineAndCharacter(loc.line - 1, loc.column - 1);
      end = sf.getPositionOfLineAndCharacter(loc.endLine - 1, loc.endColumn - 1);
    } catch {
      return undefined;
    }
    const node = nodeAt(sf, start, end);
    return node ? { node, checker: program.getTypeChecker() } : undefined;
  }

  /** The project method the call at `loc` runs, as the type checker resolves it. */
  memberAt(file: string, loc: Loc): MemberOrigin | undefined {
    const found = this.expressionAt(file, loc);
    if (!found) return undefined;
    let call = found.node;
    while (!ts.isCallExpression(call) && ts.isExpression(call) && call !== unwrap(call as ts.Expression)) call = unwrap(call as ts.Expression);
    if (!ts.isCallExpression(call)) return undefined;
    const callee = unwrap(call.expression);
    const nameNode = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isElementAccessExpression(callee) ? callee.argumentExpression : undefined;
    if (!nameNode) return undefined;
    let sym = found.checker.getSymbolAtLocation(nameNode);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = found.checker.getAliasedSymbol(sym);
    for (const d of sym?.declarations ?? []) {
      const owner = d.parent;
      const member = sym!.getName();
      const ownerFile = d.getSourceFile().fileName;
      if (!this.model.roots.has(ownerFile)) continue;
      if ((ts.isClassDeclaration(owner) || ts.isClassExpression(owner)) && owner.name)
        return { file: ownerFile, owner: owner.name.text, member, ownerKind: "class" };
      if (ts.isInterfaceDeclaration(owner)) return { file: ownerFile, owner: owner.name.text, member, ownerKind: "interface" };
    }
    return undefined;
  }

  /** The string constant the expression at `loc` has (its type is one string literal), if any. */
  constantAt(file: string, loc: Loc): string | undefined {
    const found = this.expressionAt(file, loc);
    if (!found || !ts.isExpression(found.node)) return undefined;
    const t = found.checker.getTypeAtLocation(found.node);
    return t.isStringLiteral() ? t.value : undefined;
  }
}
