// One concept, the single pass over one file's syntax tree that produces its FileFacts (the cacheable
// per-file input of the analyzer). Over 400 lines because the visitor's cases share one scope and
// one output, and the helpers below only read syntax for it.
import { createHash } from "node:crypto";
import { ts } from "ts-morph";
import {
  FACTS_VERSION,
  type ArrItem,
  type BodyFacts,
  type Chain,
  type ClassFacts,
  type Decl,
  type DynKind,
  type ExportFacts,
  type FileFacts,
  type FunctionFacts,
  type ImportFacts,
  type Loc,
  type MemberFacts,
  type ObjEntry,
  type SValue,
  type SuppressionFacts,
  type TypeFacts,
  type TypeRef,
} from "./file-facts.js";
import { parseSuppressions } from "./suppressions.js";

export function contentHash(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** Parses one file (or takes an already parsed one) and extracts its facts. */
export function extractFileFacts(path: string, text: string, parsed?: ts.SourceFile): FileFacts {
  const sf = parsed ?? ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  return new FileExtractor(sf, path, text).run();
}

interface LocalInfo {
  readonly type?: TypeRef;
  readonly alias?: Chain;
}
type Scope = Map<string, LocalInfo>;

const ESCAPING_PARENTS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.CallExpression,
  ts.SyntaxKind.NewExpression,
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.ReturnStatement,
  ts.SyntaxKind.ArrayLiteralExpression,
  ts.SyntaxKind.BinaryExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.PropertyDeclaration,
]);

class FileExtractor {
  private readonly decls: Record<string, Decl> = {};
  private readonly imports: Record<string, ImportFacts> = {};
  private readonly exports: Record<string, ExportFacts> = {};
  private readonly exportStars: string[] = [];
  private readonly topLevel: BodyFacts = { calls: [], dyn: [], assigns: [] };

  constructor(
    private readonly sf: ts.SourceFile,
    private readonly path: string,
    private readonly text: string,
  ) {}

  run(): FileFacts {
    for (const st of this.sf.statements) this.statement(st);
    const suppressions: SuppressionFacts[] = parseSuppressions(this.text, this.sf);
    return {
      version: FACTS_VERSION,
      path: this.path,
      hash: contentHash(this.text),
      decls: this.decls,
      imports: this.imports,
      exports: this.exports,
      exportStars: this.exportStars,
      topLevel: this.topLevel,
      suppressions,
      lineCount: this.sf.getLineAndCharacterOfPosition(this.sf.end).line + 1,
      ...(this.syntaxErrors().length ? { syntaxErrors: this.syntaxErrors() } : {}),
    };
  }

  private syntaxErrorsMemo: { loc: Loc; message: string }[] | undefined;
  /** The parser's own diagnostics (what a syntax error left unread). */
  private syntaxErrors(): { loc: Loc; message: string }[] {
    if (this.syntaxErrorsMemo) return this.syntaxErrorsMemo;
    const diags = (this.sf as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
    this.syntaxErrorsMemo = diags.slice(0, 20).map((d) => {
      const start = d.start ?? 0;
      const s = this.sf.getLineAndCharacterOfPosition(start);
      const e = this.sf.getLineAndCharacterOfPosition(start + (d.length ?? 0));
      return {
        loc: { line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 },
        message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
      };
    });
    return this.syntaxErrorsMemo;
  }

  // ---------- locations and text ----------
  loc(node: ts.Node): Loc {
    const s = this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf));
    const e = this.sf.getLineAndCharacterOfPosition(node.getEnd());
    return { line: s.line + 1, column: s.character + 1, endLine: e.line + 1, endColumn: e.character + 1 };
  }
  textOf(node: ts.Node): string {
    const t = node.getText(this.sf).replace(/\s+/g, " ");
    return t.length > 80 ? t.slice(0, 77) + "..." : t;
  }

  // ---------- module statements ----------
  private hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
    return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
  }

  private statement(st: ts.Statement): void {
    const exported = this.hasModifier(st, ts.SyntaxKind.ExportKeyword);
    const isDefault = this.hasModifier(st, ts.SyntaxKind.DefaultKeyword);
    if (ts.isImportDeclaration(st)) {
      if (!ts.isStringLiteral(st.moduleSpecifier)) return;
      const from = st.moduleSpecifier.text;
      const clause = st.importClause;
      if (!clause) return;
      if (clause.name) this.imports[clause.name.text] = { from, name: "default" };
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) this.imports[nb.name.text] = { from, name: "*" };
      if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) this.imports[el.name.text] = { from, name: (el.propertyName ?? el.name).text };
      return;
    }
    if (ts.isImportEqualsDeclaration(st)) {
      const ref = st.moduleReference;
      if (ts.isExternalModuleReference(ref) && ts.isStringLiteral(ref.expression)) this.imports[st.name.text] = { from: ref.expression.text, name: "*" };
      return;
    }
    if (ts.isExportDeclaration(st)) {
      const from = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : undefined;
      const clause = st.exportClause;
      if (!clause) {
        if (from !== undefined) this.exportStars.push(from);
        return;
      }
      if (ts.isNamespaceExport(clause)) {
        if (from !== undefined) this.exports[clause.name.text] = { from, name: "*" };
        return;
      }
      for (const el of clause.elements) {
        const src = (el.propertyName ?? el.name).text;
        this.exports[el.name.text] = from !== undefined ? { from, name: src } : { local: src };
      }
      return;
    }
    if (ts.isExportAssignment(st)) {
      const e = unwrap(st.expression);
      if (ts.isIdentifier(e)) this.exports["default"] = { local: e.text };
      else {
        this.declareExpression("default", e, st, undefined);
        this.exports["default"] = { local: "default" };
      }
      return;
    }
    if (ts.isClassDeclaration(st)) {
      const name = st.name?.text ?? "default";
      this.decls[name] = this.classFacts(st, name, new Map());
      if (exported) this.exports[isDefault ? "default" : name] = { local: name };
      return;
    }
    if (ts.isFunctionDeclaration(st)) {
      const name = st.name?.text ?? "default";
      if (st.body) this.decls[name] = this.functionFacts(st, name);
      else if (!this.decls[name]) this.decls[name] = { kind: "function", name, loc: this.loc(st), params: [], body: { calls: [], dyn: [], assigns: [] } };
      if (exported) this.exports[isDefault ? "default" : name] = { local: name };
      return;
    }
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) {
          if (d.initializer) {
            this.walkTop(d.initializer);
            // `const { a, b: c } = expr` binds members of a statically readable value
            if (ts.isObjectBindingPattern(d.name)) this.declareBindings(d.name, this.sval(d.initializer), exported);
          }
          continue;
        }
        const name = d.name.text;
        if (d.initializer) this.declareExpression(name, unwrap(d.initializer), d, d.type);
        else
          this.decls[name] = {
            kind: "value",
            name,
            loc: this.loc(d.name),
            value: { k: "unknown", text: name, reason: `${name} has no initializer`, loc: this.loc(d.name) },
            ...(d.type ? typeRefOpt(d.type) : {}),
          };
        if (exported) this.exports[name] = { local: name };
      }
      return;
    }
    if (ts.isEnumDeclaration(st)) {
      // an enum is a value: `ToolName.Refund` is its member's constant
      const name = st.name.text;
      this.decls[name] = { kind: "value", name, loc: this.loc(st.name), value: this.enumValue(st) };
      if (exported) this.exports[name] = { local: name };
      return;
    }
    if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) {
      const name = st.name.text;
      if (!this.decls[name] || this.decls[name]!.kind === "type") this.decls[name] = this.typeFacts(st);
      if (exported) this.exports[name] = { local: name };
      return;
    }
    if (ts.isModuleDeclaration(st)) {
      // `namespace Tools { export const Refund = "issue_refund"; }`: an object of its exported constants
      if (ts.isIdentifier(st.name) && st.body) {
        const name = st.name.text;
        if (!this.decls[name]) this.decls[name] = { kind: "value", name, loc: this.loc(st.name), value: this.namespaceValue(st) };
        if (exported) this.exports[name] = { local: name };
      }
      return;
    }
    this.walkTop(st);
  }

  private enumValue(st: ts.EnumDeclaration): SValue {
    const entries: ObjEntry[] = [];
    let next: number | undefined = 0;
    for (const m of st.members) {
      const key = propertyKey(m.name);
      if (key === undefined) continue;
      let value: SValue;
      if (m.initializer) {
        value = this.sval(m.initializer);
        next = value.k === "lit" && typeof value.v === "number" ? value.v + 1 : undefined;
      } else if (next !== undefined) {
        value = { k: "lit", v: next, loc: this.loc(m) };
        next++;
      } else value = { k: "unknown", text: this.textOf(m), reason: "enum member after a computed one", loc: this.loc(m) };
      entries.push({ key, value });
    }
    return { k: "obj", entries, loc: this.loc(st) };
  }

  private namespaceValue(st: ts.ModuleDeclaration): SValue {
    const entries: ObjEntry[] = [];
    const body = st.body;
    while (body && ts.isModuleDeclaration(body)) {
      // `namespace A.B { ... }`
      const inner = body;
      const key = ts.isIdentifier(inner.name) ? inner.name.text : undefined;
      if (key === undefined) break;
      return { k: "obj", entries: [{ key, value: this.namespaceValue(inner) }], loc: this.loc(st) };
    }
    if (body && ts.isModuleBlock(body)) {
      for (const x of body.statements) {
        if (!this.hasModifier(x, ts.SyntaxKind.ExportKeyword)) continue;
        if (ts.isVariableStatement(x)) {
          for (const d of x.declarationList.declarations)
            if (ts.isIdentifier(d.name) && d.initializer) entries.push({ key: d.name.text, value: this.sval(d.initializer) });
        } else if (ts.isEnumDeclaration(x)) entries.push({ key: x.name.text, value: this.enumValue(x) });
        else if (ts.isModuleDeclaration(x) && ts.isIdentifier(x.name)) entries.push({ key: x.name.text, value: this.namespaceValue(x) });
      }
    }
    return { k: "obj", entries, loc: this.loc(st) };
  }

  private typeFacts(st: ts.InterfaceDeclaration | ts.TypeAliasDeclaration): TypeFacts {
    const name = st.name.text;
    const loc = this.loc(st.name);
    if (ts.isInterfaceDeclaration(st)) {
      const ext = (st.heritageClauses ?? []).flatMap((h) => h.types.map((t) => typeRefOfExpr(t.expression))).filter((t): t is TypeRef => t !== undefined);
      return { kind: "type", name, loc, isInterface: true, ...(ext.length ? { extends: ext } : {}) };
    }
    const t = st.type;
    // `type X = Y` and `type X = Y<T>` follow Y; anything else is left to the type checker
    if (
      ts.isTypeReferenceNode(t) &&
      !["Pick", "Omit", "Partial", "Required", "Readonly", "ReturnType", "InstanceType", "Awaited", "NonNullable"].includes(
        ts.isIdentifier(t.typeName) ? t.typeName.text : "",
      )
    ) {
      const alias = typeRefOf(t);
      if (alias) return { kind: "type", name, loc, alias };
    }
    return { kind: "type", name, loc, complex: true };
  }

  private declareBindings(pattern: ts.ObjectBindingPattern, value: SValue, exported: boolean): void {
    for (const el of pattern.elements) {
      if (el.dotDotDotToken) continue;
      const key = el.propertyName ? propertyKey(el.propertyName) : ts.isIdentifier(el.name) ? el.name.text : undefined;
      if (key === undefined) continue;
      const member: SValue = { k: "member", obj: value, prop: key, loc: this.loc(el) };
      if (ts.isObjectBindingPattern(el.name)) {
        this.declareBindings(el.name, member, exported);
        continue;
      }
      if (!ts.isIdentifier(el.name)) continue;
      const name = el.name.text;
      this.decls[name] = {
        kind: "value",
        name,
        loc: this.loc(el.name),
        value: el.initializer ? { k: "unknown", text: this.textOf(el), reason: "destructuring with a default value", loc: this.loc(el) } : member,
      };
      if (exported) this.exports[name] = { local: name };
    }
  }

  private walkTop(node: ts.Node): void {
    const scope: Scope = new Map();
    collectLocals(node, scope, this);
    walkBody(node, scope, this.topLevel, this);
  }

  private declareExpression(name: string, init: ts.Expression, at: ts.Node, typeNode: ts.TypeNode | undefined): void {
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) {
      this.decls[name] = this.functionFacts(init, name, at);
      return;
    }
    if (ts.isClassExpression(init)) {
      this.decls[name] = this.classFacts(init, name, new Map());
      return;
    }
    const type = (typeNode ? typeRefOf(typeNode) : undefined) ?? instanceTypeOf(init);
    this.decls[name] = { kind: "value", name, loc: this.loc(ts.isVariableDeclaration(at) ? at.name : at), value: this.sval(init), ...(type ? { type } : {}) };
    // calls made while computing the value run at module load
    this.walkTop(init);
  }

  // ---------- static values ----------
  sval(node: ts.Expression): SValue {
    const e = unwrap(node);
    const loc = this.loc(e);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return { k: "lit", v: e.text, loc };
    if (ts.isNumericLiteral(e)) return { k: "lit", v: Number(e.text), loc };
    if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(e.operand))
      return { k: "lit", v: -Number(e.operand.text), loc };
    if (e.kind === ts.SyntaxKind.TrueKeyword) return { k: "lit", v: true, loc };
    if (e.kind === ts.SyntaxKind.FalseKeyword) return { k: "lit", v: false, loc };
    if (e.kind === ts.SyntaxKind.NullKeyword) return { k: "lit", v: null, loc };
    if (ts.isIdentifier(e)) return e.text === "undefined" ? { k: "lit", v: undefined, loc } : { k: "ref", name: e.text, loc };
    if (ts.isObjectLiteralExpression(e)) {
      const entries: ObjEntry[] = [];
      for (const p of e.properties) {
        if (ts.isSpreadAssignment(p)) entries.push({ spread: this.sval(p.expression) });
        else if (ts.isShorthandPropertyAssignment(p)) entries.push({ key: p.name.text, value: { k: "ref", name: p.name.text, loc: this.loc(p.name) } });
        else {
          const key = propertyKey(p.name);
          if (key === undefined) {
            const kv =
              ts.isComputedPropertyName(p.name) && ts.isPropertyAssignment(p)
                ? { keyValue: this.sval(p.name.expression), value: this.sval(p.initializer) }
                : {};
            entries.push({ computed: this.textOf(p.name), loc: this.loc(p.name), ...kv });
            continue;
          }
          if (ts.isPropertyAssignment(p)) entries.push({ key, value: this.sval(p.initializer) });
          else entries.push({ key, value: { k: "fn", loc: this.loc(p) } });
        }
      }
      return { k: "obj", entries, loc };
    }
    if (ts.isArrayLiteralExpression(e)) {
      const items: ArrItem[] = e.elements.map((el) =>
        ts.isSpreadElement(el) ? { k: "spread" as const, value: this.sval(el.expression), loc: this.loc(el) } : this.sval(el),
      );
      return { k: "arr", items, loc };
    }
    if (ts.isPropertyAccessExpression(e)) return { k: "member", obj: this.sval(e.expression), prop: e.name.text, loc };
    if (ts.isElementAccessExpression(e)) {
      const a = unwrap(e.argumentExpression);
      if (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a) || ts.isNumericLiteral(a))
        return { k: "member", obj: this.sval(e.expression), prop: a.text, loc };
      return { k: "index", obj: this.sval(e.expression), key: this.sval(a), loc };
    }
    if (ts.isCallExpression(e))
      return {
        k: "call",
        callee: this.sval(e.expression),
        args: e.arguments.map((a) =>
          ts.isSpreadElement(a) ? { k: "unknown" as const, text: this.textOf(a), reason: "spread argument", loc: this.loc(a) } : this.sval(a),
        ),
        loc,
      };
    if (ts.isNewExpression(e)) return { k: "new", callee: this.sval(e.expression), loc };
    if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return { k: "fn", loc };
    if (ts.isRegularExpressionLiteral(e)) {
      const cut = e.text.lastIndexOf("/");
      return { k: "regex", source: e.text.slice(1, cut), flags: e.text.slice(cut + 1), loc };
    }
    if (ts.isTemplateExpression(e)) return { k: "unknown", text: this.textOf(e), reason: "template literal with substitutions", loc };
    if (ts.isConditionalExpression(e)) return { k: "cond", test: this.sval(e.condition), then: this.sval(e.whenTrue), else: this.sval(e.whenFalse), loc };
    return { k: "unknown", text: this.textOf(e), reason: `${ts.SyntaxKind[e.kind]} is not statically evaluable`, loc };
  }

  // ---------- classes and functions ----------
  classFacts(node: ts.ClassLikeDeclaration, name: string, outer: Scope): ClassFacts {
    const heritage = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    const decorators = (ts.getDecorators(node) ?? []).map((d) => this.sval(d.expression));
    const members: MemberFacts[] = [];
    for (const m of node.members) {
      const decs = ts.canHaveDecorators(m) ? (ts.getDecorators(m) ?? []).map((d) => this.sval(d.expression)) : [];
      const isStatic = this.hasModifier(m, ts.SyntaxKind.StaticKeyword);
      if (ts.isConstructorDeclaration(m)) {
        const scope = this.functionScope(m, outer);
        const body = this.body(m, scope);
        members.push({ name: "constructor", loc: this.loc(m), isStatic: false, kind: "constructor", decorators: [], body });
        for (const p of m.parameters) {
          if (!ts.isIdentifier(p.name)) continue;
          const isProp = (ts.getModifiers(p) ?? []).some(
            (x) =>
              x.kind === ts.SyntaxKind.PrivateKeyword ||
              x.kind === ts.SyntaxKind.PublicKeyword ||
              x.kind === ts.SyntaxKind.ProtectedKeyword ||
              x.kind === ts.SyntaxKind.ReadonlyKeyword,
          );
          if (!isProp) continue;
          const type = p.type ? typeRefOf(p.type) : undefined;
          members.push({ name: p.name.text, loc: this.loc(p.name), isStatic: false, kind: "property", decorators: [], ...(type ? { type } : {}) });
        }
        continue;
      }
      if (ts.isClassStaticBlockDeclaration(m)) {
        members.push({ name: "static {}", loc: this.loc(m), isStatic: true, kind: "method", decorators: [], body: this.body(m, this.functionScope(m, outer)) });
        continue;
      }
      const mname = m.name ? memberName(m.name) : undefined;
      if (mname === undefined) continue;
      const loc = this.loc(m.name ?? m);
      if (ts.isMethodDeclaration(m)) {
        const scope = this.functionScope(m, outer);
        // `clientFor(x) { return this.payments; }` / `(): Gateway`: what `this.clientFor(x).refund()` calls
        const returns = returnedChain(m, scope);
        const returnType = declaredReturnType(m);
        members.push({
          name: mname,
          loc,
          isStatic,
          kind: "method",
          decorators: decs,
          ...(m.body ? { body: this.body(m, scope) } : {}),
          ...(isAsyncLike(m) ? { async: true } : {}),
          ...(returns ? { returns } : {}),
          ...(returnType ? { type: returnType } : {}),
        });
      } else if (ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m)) {
        const scope = this.functionScope(m, outer);
        let returns: Chain | undefined;
        let type: TypeRef | undefined;
        if (ts.isGetAccessorDeclaration(m)) {
          // `get gateway() { return this.payments; }` is read as the chain it returns
          returns = returnedChain(m, scope);
          if (m.type) type = typeRefOf(m.type);
        }
        members.push({
          name: mname,
          loc,
          isStatic,
          kind: ts.isGetAccessorDeclaration(m) ? "get" : "set",
          decorators: decs,
          ...(m.body ? { body: this.body(m, scope) } : {}),
          ...(returns ? { returns } : {}),
          ...(type ? { type } : {}),
        });
      } else if (ts.isPropertyDeclaration(m)) {
        // `declare tool: T` only retypes an inherited member; nothing is emitted
        if (this.hasModifier(m, ts.SyntaxKind.DeclareKeyword)) continue;
        const init = m.initializer ? unwrap(m.initializer) : undefined;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          members.push({
            name: mname,
            loc,
            isStatic,
            kind: "arrow-property",
            decorators: decs,
            body: this.body(init, this.functionScope(init, outer)),
            ...(isAsyncLike(init) ? { async: true } : {}),
          });
        } else {
          const type = (m.type ? typeRefOf(m.type) : undefined) ?? (init ? instanceTypeOf(init) : undefined);
          const body = init ? this.body(init, new Map(outer)) : undefined;
          members.push({ name: mname, loc, isStatic, kind: "property", decorators: decs, ...(type ? { type } : {}), ...(body ? { body } : {}) });
        }
      }
    }
    const impl = (node.heritageClauses ?? [])
      .filter((h) => h.token === ts.SyntaxKind.ImplementsKeyword)
      .flatMap((h) => h.types.map((t) => typeRefOfExpr(t.expression)))
      .filter((t): t is TypeRef => t !== undefined);
    return {
      kind: "class",
      name,
      loc: this.loc(node.name ?? node),
      ...(heritage ? { extends: this.sval(heritage.expression) } : {}),
      ...(impl.length ? { implements: impl } : {}),
      ...(this.hasModifier(node, ts.SyntaxKind.AbstractKeyword) ? { abstract: true as const } : {}),
      decorators,
      members,
    };
  }

  functionFacts(node: ts.FunctionLikeDeclaration, name: string, at?: ts.Node): FunctionFacts {
    const scope = this.functionScope(node, new Map());
    const body = this.body(node, scope);
    const params = node.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : "_"));
    let returnsClass: ClassFacts | undefined;
    const classNode = returnedClass(node);
    if (classNode) returnsClass = this.classFacts(classNode, name, scope);
    const nameNode = at && ts.isVariableDeclaration(at) ? at.name : (node.name ?? node);
    const ret = returnedExpression(node);
    const returns = ret && !ts.isClassExpression(ret.expr) ? this.sval(ret.expr) : undefined;
    const locals = returns && ret!.locals.length ? ret!.locals.map(([n, e]) => [n, this.sval(e)] as const) : undefined;
    const returnType = declaredReturnType(node);
    return {
      kind: "function",
      name,
      loc: this.loc(nameNode),
      params,
      body,
      ...(returns ? { returns } : {}),
      ...(locals ? { locals } : {}),
      ...(returnsClass ? { returnsClass } : {}),
      ...(returnType ? { returnType } : {}),
    };
  }

  functionScope(node: ts.Node, outer: Scope): Scope {
    const scope: Scope = new Map(outer);
    collectLocals(node, scope, this);
    return scope;
  }

  body(node: ts.Node, scope: Scope): BodyFacts {
    const facts: BodyFacts = { calls: [], dyn: [], assigns: [] };
    const inner = ts.isFunctionLike(node) && "body" in node && node.body ? node.body : node;
    walkBody(inner as ts.Node, scope, facts, this);
    return facts;
  }
}

// ---------- helpers ----------
function unwrap(e: ts.Expression): ts.Expression {
  let x = e;
  for (;;) {
    if (ts.isParenthesizedExpression(x) || ts.isAsExpression(x) || ts.isNonNullExpression(x) || ts.isTypeAssertionExpression(x) || ts.isSatisfiesExpression(x))
      x = x.expression;
    else return x;
  }
}

/** `async`, or declared to return a Promise: the usual shape of an I/O effect. */
function isAsyncLike(fn: ts.FunctionLikeDeclaration): boolean {
  if ((ts.getModifiers(fn) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) return true;
  const t = fn.type;
  return !!t && ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && (t.typeName.text === "Promise" || t.typeName.text === "PromiseLike");
}

function propertyKey(n: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
  if (ts.isComputedPropertyName(n)) {
    const e = unwrap(n.expression);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isNumericLiteral(e)) return e.text;
  }
  return undefined;
}

function memberName(n: ts.PropertyName): string | undefined {
  if (ts.isPrivateIdentifier(n)) return n.text;
  return propertyKey(n);
}

function typeRefOf(t: ts.TypeNode): TypeRef | undefined {
  if (ts.isTypeReferenceNode(t)) {
    const parts: string[] = [];
    let n: ts.EntityName = t.typeName;
    while (ts.isQualifiedName(n)) {
      parts.unshift(n.right.text);
      n = n.left;
    }
    return { name: n.text, path: parts };
  }
  return undefined;
}

function typeRefOpt(t: ts.TypeNode): { type?: TypeRef } {
  const r = typeRefOf(t);
  return r ? { type: r } : {};
}

/** The one member chain every `return` of a method or getter gives (`return this.payments`), if any. */
function returnedChain(fn: ts.FunctionLikeDeclaration, scope: Scope): Chain | undefined {
  const body = fn.body;
  if (!body) return undefined;
  const exprs: ts.Expression[] = [];
  if (!ts.isBlock(body)) exprs.push(body as ts.Expression);
  else {
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) || ts.isClassLike(n)) return;
      if (ts.isReturnStatement(n) && n.expression) exprs.push(n.expression);
      ts.forEachChild(n, visit);
    };
    ts.forEachChild(body, visit);
  }
  let out: Chain | undefined;
  for (const e of exprs) {
    const c = chainOf(e, scope);
    if (!c || c.root.k === "unknown" || c.path.includes("()")) return undefined;
    if (out && JSON.stringify(out) !== JSON.stringify(c)) return undefined;
    out = c;
  }
  return out;
}

/** `(): X` or `(): Promise<X>`. */
function declaredReturnType(fn: ts.FunctionLikeDeclaration): TypeRef | undefined {
  const t = fn.type;
  if (!t || !ts.isTypeReferenceNode(t)) return undefined;
  if (ts.isIdentifier(t.typeName) && (t.typeName.text === "Promise" || t.typeName.text === "PromiseLike")) {
    const inner = t.typeArguments?.[0];
    return inner ? typeRefOf(inner) : undefined;
  }
  return typeRefOf(t);
}

/** Service locators and injectors: `inject(X)`, `container.get(X)`, `container.resolve(X)` give an X. */
const LOCATORS = new Set(["inject", "get", "resolve", "getService", "getInstance", "useService", "resolveService"]);

/** The class an initializer makes: `new X(...)`, or a locator called with the class (`inject(X)`). */
function instanceTypeOf(init: ts.Expression): TypeRef | undefined {
  const e = unwrap(init);
  if (ts.isNewExpression(e)) return typeRefOfExpr(e.expression);
  if (ts.isAwaitExpression(e)) return instanceTypeOf(e.expression);
  if (ts.isCallExpression(e) && e.arguments.length >= 1) {
    const callee = unwrap(e.expression);
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    const a0 = e.arguments[0]!;
    const t = !ts.isSpreadElement(a0) ? typeRefOfExpr(a0) : undefined;
    const last = t ? (t.path.length ? t.path[t.path.length - 1]! : t.name) : "";
    if (name && LOCATORS.has(name) && t && /^[A-Z]/.test(last)) return t;
  }
  return undefined;
}

function typeRefOfExpr(e: ts.Expression): TypeRef | undefined {
  const parts: string[] = [];
  let x = unwrap(e);
  while (ts.isPropertyAccessExpression(x)) {
    parts.unshift(x.name.text);
    x = unwrap(x.expression);
  }
  return ts.isIdentifier(x) ? { name: x.text, path: parts } : undefined;
}

/** The expression a function returns when its body is one expression or one `return` statement. */
function returnedExpression(fn: ts.FunctionLikeDeclaration): { expr: ts.Expression; locals: [string, ts.Expression][] } | undefined {
  const body = fn.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) return { expr: unwrap(body as ts.Expression), locals: [] };
  const st = body.statements;
  const last = st[st.length - 1];
  if (!last || !ts.isReturnStatement(last) || !last.expression) return undefined;
  const locals: [string, ts.Expression][] = [];
  for (const s of st.slice(0, -1)) {
    if (!ts.isVariableStatement(s) || !(s.declarationList.flags & ts.NodeFlags.Const)) return undefined;
    for (const d of s.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer) return undefined;
      locals.push([d.name.text, d.initializer]);
    }
  }
  return { expr: unwrap(last.expression), locals };
}

function returnedClass(fn: ts.FunctionLikeDeclaration): ts.ClassLikeDeclaration | undefined {
  const body = fn.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) {
    const e = unwrap(body as ts.Expression);
    return ts.isClassExpression(e) ? e : undefined;
  }
  let found: ts.ClassLikeDeclaration | undefined;
  const local = new Map<string, ts.ClassLikeDeclaration>();
  for (const st of body.statements) {
    if (ts.isClassDeclaration(st) && st.name) local.set(st.name.text, st);
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer && ts.isClassExpression(unwrap(d.initializer)))
          local.set(d.name.text, unwrap(d.initializer) as ts.ClassExpression);
  }
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isReturnStatement(n) && n.expression) {
      const e = unwrap(n.expression);
      if (ts.isClassExpression(e)) found = e;
      else if (ts.isIdentifier(e) && local.has(e.text)) found = local.get(e.text);
      return;
    }
    if (ts.isFunctionLike(n)) return;
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

/** Collects parameters and local variables of a function (and of nested functions), with their types. */
function collectLocals(node: ts.Node, scope: Scope, x: FileExtractor): void {
  const addParam = (p: ts.ParameterDeclaration): void => {
    if (ts.isIdentifier(p.name)) scope.set(p.name.text, p.type ? typeRefOpt(p.type) : {});
    else addBinding(p.name);
  };
  const addBinding = (b: ts.BindingName): void => {
    if (ts.isIdentifier(b)) scope.set(b.text, {});
    else for (const el of b.elements) if (!ts.isOmittedExpression(el)) addBinding(el.name);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n)) for (const p of n.parameters) addParam(p);
    if (ts.isVariableDeclaration(n)) {
      if (ts.isIdentifier(n.name)) {
        const init = n.initializer ? unwrap(n.initializer) : undefined;
        // a named annotation gives the type; otherwise (none, or `any`/`unknown`, which say nothing
        // about the value, as in `const self: any = this`) the initializer does
        let info: LocalInfo = n.type ? typeRefOpt(n.type) : {};
        const made = !info.type && init ? instanceTypeOf(init) : undefined;
        if (made) info = { type: made };
        else if (!info.type && init) {
          // `const gw = this.payments`, `const gw = makeGateway()`, `const c = await this.clientFor(id)`
          const value = ts.isAwaitExpression(init) ? unwrap(init.expression) : init;
          const c =
            ts.isPropertyAccessExpression(value) || value.kind === ts.SyntaxKind.ThisKeyword || ts.isCallExpression(value) ? chainOf(value, scope) : undefined;
          if (c && c.root.k !== "unknown") info = { alias: c };
        }
        scope.set(n.name.text, info);
      } else {
        addBinding(n.name);
        // `const { refund } = this.payments`: each binding aliases a member of the initializer
        const init = n.initializer ? unwrap(n.initializer) : undefined;
        const base = init && ts.isObjectBindingPattern(n.name) ? chainOf(init, scope) : undefined;
        if (base && base.root.k !== "unknown" && ts.isObjectBindingPattern(n.name))
          for (const [name, chain] of bindingChains(n.name, base)) scope.set(name, { alias: chain });
      }
    }
    if ((ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n)) && n.name && n !== node) scope.set(n.name.text, {});
    if (ts.isCatchClause(n) && n.variableDeclaration) addBinding(n.variableDeclaration.name);
    ts.forEachChild(n, visit);
  };
  visit(node);
  void x;
}

/** `{ a, b: c, d: { e } }` over a base chain: each bound name with the member chain it reads. */
function bindingChains(pattern: ts.ObjectBindingPattern, base: Chain): [string, Chain, ts.BindingElement][] {
  const out: [string, Chain, ts.BindingElement][] = [];
  for (const el of pattern.elements) {
    if (el.dotDotDotToken || el.initializer) continue;
    const key = el.propertyName ? propertyKey(el.propertyName) : ts.isIdentifier(el.name) ? el.name.text : undefined;
    if (key === undefined) continue;
    const chain: Chain = { root: base.root, path: [...base.path, key] };
    if (ts.isIdentifier(el.name)) out.push([el.name.text, chain, el]);
    else if (ts.isObjectBindingPattern(el.name)) out.push(...bindingChains(el.name, chain));
  }
  return out;
}

/** Reads `this.a.b`, `x.y`, `new X().m` as a chain; undefined when the expression is not one. */
function chainOf(e: ts.Expression, scope: Scope): Chain | undefined {
  const x = unwrap(e);
  if (x.kind === ts.SyntaxKind.ThisKeyword) return { root: { k: "this" }, path: [] };
  if (x.kind === ts.SyntaxKind.SuperKeyword) return { root: { k: "super" }, path: [] };
  if (ts.isIdentifier(x)) {
    const local = scope.get(x.text);
    if (local) {
      if (local.alias) return local.alias;
      if (local.type) return { root: { k: "type", type: local.type }, path: [] };
      return { root: { k: "unknown" }, path: [] };
    }
    return { root: { k: "module", name: x.text }, path: [] };
  }
  if (ts.isPropertyAccessExpression(x)) {
    const base = chainOf(x.expression, scope);
    return base ? { root: base.root, path: [...base.path, x.name.text] } : { root: { k: "unknown" }, path: [x.name.text] };
  }
  if (ts.isElementAccessExpression(x)) {
    const a = unwrap(x.argumentExpression);
    if (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a)) {
      const base = chainOf(x.expression, scope);
      return base ? { root: base.root, path: [...base.path, a.text] } : undefined;
    }
    return undefined;
  }
  if (ts.isNewExpression(x)) {
    const t = typeRefOfExpr(x.expression);
    return t ? { root: { k: "type", type: t }, path: [] } : undefined;
  }
  if (ts.isCallExpression(x) && x.arguments.length === 1 && isGetPrototypeOf(x.expression, scope)) {
    // `Object.getPrototypeOf(obj)` is `obj.constructor.prototype`
    const base = chainOf(x.arguments[0]!, scope);
    return base ? { root: base.root, path: [...base.path, "constructor", "prototype"] } : undefined;
  }
  if (ts.isCallExpression(x)) {
    // `this.clientFor(id).refund`, `db.prepare(sql).run`: a member of a call's result is `...clientFor.().refund`
    const callee = chainOf(x.expression, scope);
    const last = callee?.path[callee.path.length - 1];
    if (
      !callee ||
      callee.root.k === "unknown" ||
      (last === undefined && callee.root.k !== "module") ||
      (last !== undefined && (PROMISE_METHODS.has(last) || last === "()"))
    )
      return undefined;
    return { root: callee.root, path: [...callee.path, "()"] };
  }
  return undefined;
}

const PROMISE_METHODS = new Set(["then", "catch", "finally"]);

/** Client methods whose first argument says which effect a call is (`api.post("/refunds")`, `db.query("UPDATE ...")`). */
export const GENERIC_METHODS: ReadonlySet<string> = new Set([
  "get",
  "post",
  "put",
  "patch",
  "delete",
  "del",
  "head",
  "request",
  "send",
  "execute",
  "exec",
  "query",
  "fetch",
  "invoke",
  "rpc",
]);
const GENERIC_FUNCTIONS: ReadonlySet<string> = new Set(["fetch", "request", "send", "execute", "query", "invoke"]);

/** A generic call's first argument: a statically readable value, or a template literal's constant head followed by `*`. */
function constantArg(a: ts.Expression, x: FileExtractor): SValue {
  const e = unwrap(a);
  if (ts.isTemplateExpression(e)) return { k: "lit", v: e.head.text + e.templateSpans.map((sp) => `*${sp.literal.text}`).join(""), loc: x.loc(e) };
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = unwrap(e.left);
    if (ts.isStringLiteral(left) || ts.isNoSubstitutionTemplateLiteral(left)) return { k: "lit", v: `${left.text}*`, loc: x.loc(e) };
  }
  return x.sval(e);
}

/** The keys of an object literal without spreads or computed keys; undefined otherwise. */
function literalKeys(e: ts.Expression): string[] | undefined {
  const o = unwrap(e);
  if (!ts.isObjectLiteralExpression(o)) return undefined;
  const keys: string[] = [];
  for (const p of o.properties) {
    if (ts.isSpreadAssignment(p)) return undefined;
    const k = ts.isShorthandPropertyAssignment(p) ? p.name.text : p.name ? propertyKey(p.name) : undefined;
    if (k === undefined) return undefined;
    keys.push(k);
  }
  return keys;
}

function isGetPrototypeOf(callee: ts.Expression, scope: Scope): boolean {
  const c = unwrap(callee);
  return (
    ts.isPropertyAccessExpression(c) &&
    c.name.text === "getPrototypeOf" &&
    ts.isIdentifier(c.expression) &&
    (c.expression.text === "Object" || c.expression.text === "Reflect") &&
    !scope.has(c.expression.text)
  );
}

const GLOBAL_OBJECTS = new Set(["globalThis", "window", "global", "self"]);

/** `eval`, `Function`, `(0, eval)`, `globalThis.eval`: a callee that runs source text. */
function isEvalCallee(callee: ts.Expression, scope: Scope, names: readonly string[]): boolean {
  const c = unwrap(callee);
  if (ts.isIdentifier(c)) return names.includes(c.text) && !scope.has(c.text);
  if (ts.isBinaryExpression(c) && c.operatorToken.kind === ts.SyntaxKind.CommaToken) return isEvalCallee(c.right, scope, names);
  if (ts.isPropertyAccessExpression(c) && names.includes(c.name.text)) {
    const o = unwrap(c.expression);
    return ts.isIdentifier(o) && GLOBAL_OBJECTS.has(o.text) && !scope.has(o.text);
  }
  return false;
}

function isLiteralKey(e: ts.Expression): boolean {
  const a = unwrap(e);
  return ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a);
}

function dropLast(c: Chain): Chain {
  return { root: c.root, path: c.path.slice(0, -1) };
}

const REFLECT_DYNAMIC = new Set(["apply", "get", "construct", "set", "defineProperty", "setPrototypeOf"]);
const OBJECT_PROTO = new Set(["setPrototypeOf", "defineProperty", "defineProperties", "assign", "getOwnPropertyDescriptor", "getOwnPropertyDescriptors"]);

function walkBody(root: ts.Node, scope: Scope, out: BodyFacts, x: FileExtractor): void {
  const dyn = (kind: DynKind, node: ts.Node, chain?: Chain): void => {
    out.dyn.push({ kind, loc: x.loc(node), text: x.textOf(node), ...(chain ? { chain } : {}) });
  };
  const parents: ts.Node[] = [];
  const fluentCalls = new Set<ts.Node>();
  const children = (n: ts.Node): void => {
    parents.push(n);
    ts.forEachChild(n, visit);
    parents.pop();
  };
  const visit = (n: ts.Node): void => {
    if (ts.isClassDeclaration(n) || ts.isClassExpression(n)) {
      // nested classes: their members are analyzed as part of this body
      children(n);
      return;
    }
    if (ts.isCallExpression(n)) {
      const callee = unwrap(n.expression);
      if (isEvalCallee(callee, scope, ["eval", "Function"])) dyn("eval", n);
      const c = chainOf(callee, scope);
      if (c) {
        const last = c.path[c.path.length - 1];
        const isModuleRoot = (name: string): boolean => c.root.k === "module" && c.root.name === name && c.path.length === 1;
        if (isModuleRoot("Reflect") && last && REFLECT_DYNAMIC.has(last)) {
          const a0 = n.arguments[0];
          const target = a0 ? chainOf(a0, scope) : undefined;
          dyn("reflect", n, target);
          // `Reflect.apply(gw.refund, gw, args)` calls `gw.refund` (with `this` = its second argument)
          if (last === "apply" && target && target.root.k !== "unknown" && target.path.length > 0) {
            const a1 = n.arguments[1];
            const thisArg = a1 ? chainOf(a1, scope) : undefined;
            out.calls.push({ loc: x.loc(n), chain: target, text: x.textOf(n), ...(thisArg && thisArg.root.k !== "unknown" ? { thisArg } : {}) });
          }
        } else if (isModuleRoot("Object") && last && OBJECT_PROTO.has(last)) {
          const a0 = n.arguments[0];
          const a1 = n.arguments[1];
          const target = a0 ? chainOf(a0, scope) : undefined;
          if (last === "defineProperty" && target && a1 && isLiteralKey(a1) && !target.path.includes("prototype") && target.root.k !== "unknown") {
            // `Object.defineProperty(this, "tool", ...)` is an own-instance assignment of "tool"
            const key = (unwrap(a1) as ts.StringLiteral).text;
            out.assigns.push({ loc: x.loc(n), chain: { root: target.root, path: [...target.path, key] }, text: x.textOf(n), bindsSelf: false });
          } else if (
            last === "assign" &&
            target &&
            target.root.k !== "unknown" &&
            !target.path.includes("prototype") &&
            n.arguments.length > 1 &&
            n.arguments.slice(1).every((a) => literalKeys(a) !== undefined)
          ) {
            // `Object.assign(this, { tool: ... })` assigns exactly those own properties
            for (const a of n.arguments.slice(1))
              for (const key of literalKeys(a)!)
                out.assigns.push({ loc: x.loc(n), chain: { root: target.root, path: [...target.path, key] }, text: x.textOf(n), bindsSelf: false });
          } else dyn("prototype", n, target);
        } else if (
          last &&
          (last === "call" || last === "apply" || last === "bind") &&
          c.path.length >= 1 &&
          (c.root.k !== "module" || c.path.length >= 2 || c.root.name !== "Function")
        ) {
          const base = dropLast(c);
          dyn("call-apply-bind", n, base);
          const a0 = n.arguments[0];
          const thisArg = a0 && last !== "bind" ? chainOf(a0, scope) : undefined;
          out.calls.push({ loc: x.loc(n), chain: base, text: x.textOf(n), ...(thisArg && thisArg.root.k !== "unknown" ? { thisArg } : {}) });
        } else {
          const a0 = n.arguments[0];
          const generic =
            a0 && !ts.isSpreadElement(a0) && (last !== undefined ? GENERIC_METHODS.has(last) : c.root.k === "module" && GENERIC_FUNCTIONS.has(c.root.name));
          out.calls.push({
            loc: x.loc(n),
            chain: c,
            text: x.textOf(n),
            ...(fluentCalls.has(n) ? { builder: true as const } : {}),
            ...(generic ? { arg0: constantArg(a0, x) } : {}),
          });
        }
      }
      // the callee's own sub-expressions (e.g. element access receivers) still need a look
      parents.push(n);
      visitCallee(callee);
      for (const a of n.arguments) visit(a);
      parents.pop();
      return;
    }
    if (ts.isNewExpression(n)) {
      const callee = unwrap(n.expression);
      if (isEvalCallee(callee, scope, ["Function"])) dyn("eval", n);
      const t = typeRefOfExpr(callee);
      if (t) out.calls.push({ loc: x.loc(n), chain: { root: { k: "type", type: t }, path: ["constructor"] }, text: x.textOf(n) });
      parents.push(n);
      for (const a of n.arguments ?? []) visit(a);
      parents.pop();
      return;
    }
    if (ts.isBinaryExpression(n) && isAssignmentOperator(n.operatorToken.kind)) {
      const lhs = unwrap(n.left);
      const c = ts.isPropertyAccessExpression(lhs) || ts.isElementAccessExpression(lhs) ? chainOf(lhs, scope) : undefined;
      if (c && (c.path.includes("prototype") || c.path.includes("__proto__"))) dyn("prototype", n, c);
      else if (c && c.path.length > 0 && c.root.k !== "unknown") {
        const rhs = unwrap(n.right);
        const last = c.path[c.path.length - 1];
        const bindsSelf =
          ts.isCallExpression(rhs) &&
          ts.isPropertyAccessExpression(rhs.expression) &&
          rhs.expression.name.text === "bind" &&
          ts.isPropertyAccessExpression(rhs.expression.expression) &&
          rhs.expression.expression.expression.kind === ts.SyntaxKind.ThisKeyword &&
          rhs.expression.expression.name.text === last;
        const newType = ts.isNewExpression(rhs) ? typeRefOfExpr(rhs.expression) : undefined;
        out.assigns.push({ loc: x.loc(lhs), chain: c, text: x.textOf(n), bindsSelf, ...(newType ? { newType } : {}) });
      } else if (ts.isElementAccessExpression(lhs) && !isLiteralKey(lhs.argumentExpression)) {
        dyn("computed", lhs, chainOf(lhs.expression, scope));
      }
      parents.push(n);
      if (!ts.isPropertyAccessExpression(lhs) && !ts.isElementAccessExpression(lhs)) visit(n.left);
      else visitCallee(lhs);
      visit(n.right);
      parents.pop();
      return;
    }
    if (ts.isElementAccessExpression(n) && !isLiteralKey(n.argumentExpression)) {
      dyn("computed", n, chainOf(n.expression, scope));
      children(n);
      return;
    }
    if (ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) {
      const p = parents[parents.length - 1];
      const outermost = !(p && (ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p)) && p.expression === n);
      if (
        outermost &&
        p &&
        ESCAPING_PARENTS.has(p.kind) &&
        !(ts.isCallExpression(p) && p.expression === n) &&
        !(ts.isBinaryExpression(p) && (p.left === n || !isAssignmentOperator(p.operatorToken.kind)))
      ) {
        const c = chainOf(n, scope);
        if (c && c.root.k !== "unknown" && c.path.length > 0) dyn("method-value", n, c);
      }
      children(n);
      return;
    }
    if (ts.isShorthandPropertyAssignment(n)) return;
    if (ts.isVariableDeclaration(n) && ts.isObjectBindingPattern(n.name) && n.initializer) {
      // `const { issueRefund } = this` takes each bound member as a value
      const c = chainOf(n.initializer, scope);
      if (c && c.root.k !== "unknown") for (const [, chain, el] of bindingChains(n.name, c)) dyn("method-value", el, chain);
    }
    children(n);
  };
  const visitCallee = (callee: ts.Expression): void => {
    // walk inside a callee chain without recording the chain itself as a value
    let e: ts.Expression = callee;
    let above: string | undefined;
    for (;;) {
      e = unwrap(e);
      if (ts.isPropertyAccessExpression(e)) {
        above = e.name.text;
        e = e.expression;
      } else if (ts.isElementAccessExpression(e)) {
        if (!isLiteralKey(e.argumentExpression)) {
          dyn("computed", e, chainOf(e.expression, scope));
          visit(e.argumentExpression);
        }
        e = e.expression;
      } else break;
    }
    if (!ts.isIdentifier(e) && e.kind !== ts.SyntaxKind.ThisKeyword && e.kind !== ts.SyntaxKind.SuperKeyword) {
      // `db.prepare(sql).run()`: the inner call builds what the outer one acts on (not `.then`/`.catch`)
      if (ts.isCallExpression(e) && above !== undefined && !PROMISE_METHODS.has(above)) fluentCalls.add(e);
      visit(e);
    }
  };
  visit(root);
}

function isAssignmentOperator(k: ts.SyntaxKind): boolean {
  return k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment;
}
