// The program model the rules read: class hierarchy, agents and their extracted protocols, and call
// resolution over it (the call graph). Over 400 lines; extraction and call resolution could be two
// modules: left whole while the analyzer's rule/analysis separation (issue 17, item 4) is reworked.
import type { BodyFacts, CallSite, Chain, FileFacts, Loc, MemberFacts, SValue, TypeRef } from "../facts/file-facts.js";
import { withArg } from "./call-keys.js";
import { TypeOracle, type MemberOrigin } from "./type-oracle.js";
import { Evaluator } from "./evaluate.js";
import { Hierarchy, flattenRef, type ClassNode, type EnforceInfo } from "./hierarchy.js";
import { ProgramModel, type At } from "./program.js";
import { extractProtocol, Unanalyzable, type ExtractedProtocol } from "./protocol-graph.js";
import type { BypassContribution } from "../rules/bypass-call.js";

/** Keys of `Function.prototype.call`/`apply`, which call their first argument. */
const FUNCTION_PROTO_CALLS: ReadonlySet<string> = new Set(["G:Function.prototype.call", "G:Function.prototype.apply"]);

/** Global generic types whose members are those of their first type argument (asked of the type checker). */
const UTILITY_TYPES: ReadonlySet<string> = new Set(["Pick", "Omit", "Partial", "Required", "Readonly", "NonNullable", "Awaited", "InstanceType", "ReturnType"]);
/** A function-like body: a method, a top-level function, or a file's module-level code. */
export interface FnNode {
  readonly id: string;
  readonly file: string;
  readonly label: string;
  readonly cls: ClassNode | undefined;
  readonly member: MemberFacts | undefined;
  readonly body: BodyFacts;
  /** A method of another class run with this node's class as `this` (`X.prototype.m.call(this)`): not a body of its own. */
  readonly borrowed?: true;
}

/**
 * What a call reaches. `alts` are further targets of the same call: overrides of the method in
 * subclasses (`this.settle()` may run any subclass's `settle`), and the classes implementing an
 * interface the receiver is typed with.
 */
export type Resolved =
  | { readonly k: "node"; readonly node: FnNode; readonly sink?: { readonly key: string; readonly label: string }; readonly alts?: readonly Resolved[] }
  | { readonly k: "guarded"; readonly agent: ClassNode; readonly method: string }
  | { readonly k: "sink"; readonly key: string; readonly label: string; readonly alts?: readonly Resolved[]; readonly weak?: true }
  | { readonly k: "none" };

/** A resolution and its alternatives, flattened. */
export function targetsOf(r: Resolved): Resolved[] {
  if ((r.k !== "node" && r.k !== "sink") || !r.alts || r.alts.length === 0) return [r];
  return [r, ...r.alts.flatMap(targetsOf)];
}

export interface ProtocolFailure {
  readonly at: At;
  readonly reason: string;
  readonly usedAt: At | undefined;
}

export interface Reach {
  /** sink key → the call texts leading to it */
  readonly sinks: Map<string, readonly string[]>;
}

/** Globals whose calls are never effects worth guarding. */
const BUILTIN_GLOBALS = new Set([
  "console",
  "Math",
  "JSON",
  "Object",
  "Array",
  "Promise",
  "Date",
  "String",
  "Number",
  "Boolean",
  "Symbol",
  "BigInt",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "Error",
  "TypeError",
  "RangeError",
  "RegExp",
  "parseInt",
  "parseFloat",
  "isNaN",
  "isFinite",
  "encodeURIComponent",
  "decodeURIComponent",
  "encodeURI",
  "decodeURI",
  "structuredClone",
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
  "queueMicrotask",
  "Intl",
  "Buffer",
  "URL",
  "URLSearchParams",
  "TextEncoder",
  "TextDecoder",
  "AbortController",
  "Atomics",
  "ArrayBuffer",
  "Uint8Array",
  "require",
  "crypto",
  "performance",
]);

/**
 * Everything the rules read: the linked program, the class hierarchy, the agents (classes with
 * an enforced protocol, own or inherited), their extracted protocols, and a call graph with
 * effect sinks.
 */
export class Analysis {
  readonly evaluator: Evaluator;
  readonly hierarchy: Hierarchy;
  readonly rootClasses: ClassNode[] = [];
  readonly protocolFailures: ProtocolFailure[] = [];
  /** Set by the bypass-call rule: sink contributions per agent file (cached for incremental runs). */
  bypassContributions: Map<string, BypassContribution> | undefined;
  /** Contributions of files an incremental run does not re-check, from the cache. */
  priorBypassContributions: ReadonlyMap<string, BypassContribution> | undefined;
  private readonly protocols = new Map<string, ExtractedProtocol | null>();
  private readonly protocolOfEnforce = new Map<EnforceInfo, ExtractedProtocol | undefined>();
  private readonly fnNodes = new Map<string, FnNode>();
  private readonly reachMemo = new Map<string, Reach>();

  /** Files whose findings this analysis reports: every analyzed file, or the files an incremental run re-checks. */
  readonly reportable: ReadonlySet<string>;

  constructor(
    readonly program: ProgramModel,
    reportable?: ReadonlySet<string>,
    /** Files whose classes must be known (reportable files and where their subclasses live); default: every project file. */
    hierarchyFiles?: Iterable<string>,
  ) {
    this.evaluator = new Evaluator(program);
    this.oracle = new TypeOracle(program);
    this.hierarchy = new Hierarchy(program);
    this.hierarchy.constantOf = (file, loc) => this.oracle.constantAt(file, loc);
    this.reportable = reportable ?? program.roots;
    // classes of the project are nodes (subclasses matter to their bases); rules report on `reportable` only
    for (const f of new Set([...this.reportable, ...(hierarchyFiles ?? program.roots)])) {
      const nodes = this.hierarchy.addFile(f);
      if (this.reportable.has(f)) this.rootClasses.push(...nodes);
    }
  }

  /** A file the rules report on. */
  isRoot(file: string): boolean {
    return this.reportable.has(file);
  }

  /** A file of the analyzed project (not one loaded only to follow an import). */
  isProjectFile(file: string): boolean {
    return this.program.roots.has(file);
  }

  rootFacts(): FileFacts[] {
    return [...this.reportable].map((f) => this.program.file(f)).filter((f): f is FileFacts => f !== undefined);
  }

  // ---------- agents and protocols ----------
  /** The class in the chain whose @enforce applies (own or inherited). */
  enforcingClass(node: ClassNode): ClassNode | undefined {
    return Hierarchy.chain(node).find((c) => c.enforce.length > 0);
  }

  private readonly guardedMemo = new Map<ClassNode, Map<string, string>>();
  private readonly fieldMemo = new Map<string, { cls: ClassNode; type: TypeRef | undefined } | null>();

  isAgent(node: ClassNode): boolean {
    return this.enforcingClass(node) !== undefined;
  }

  /** Agent classes declared in the analyzed files (mixin-produced classes included once). */
  agents(): ClassNode[] {
    const out = new Set<ClassNode>();
    for (const n of this.hierarchy.nodes.values()) if ((this.isRoot(n.file) || n.isMixin) && this.isAgent(n)) out.add(n);
    return [...out].filter((n) => !n.isMixin || n.children.length === 0 || this.isRoot(n.file));
  }

  protocolOf(e: EnforceInfo): ExtractedProtocol | undefined {
    if (this.protocolOfEnforce.has(e)) return this.protocolOfEnforce.get(e);
    const v = this.evaluator.eval(e.file, e.protocol);
    let out: ExtractedProtocol | undefined;
    if (v.t === "protocol") out = this.extract(v, e.at);
    else {
      const at = v.t === "unknown" ? v.at : { file: e.file, loc: e.protocol.loc };
      const reason = v.t === "unknown" ? v.reason : `the decorator's argument is not a protocol defined with defineProtocol({...})`;
      this.fail(at, reason, e.at);
    }
    this.protocolOfEnforce.set(e, out);
    return out;
  }

  private extract(v: Parameters<typeof extractProtocol>[1] & { t: "protocol" }, usedAt: At): ExtractedProtocol | undefined {
    const hit = this.protocols.get(v.id);
    if (hit !== undefined) return hit ?? undefined;
    try {
      const p = extractProtocol(this.evaluator, v, usedAt);
      this.protocols.set(v.id, p);
      return p;
    } catch (e) {
      if (!(e instanceof Unanalyzable)) throw e;
      this.fail(e.at, e.reason, usedAt);
      this.protocols.set(v.id, null);
      return undefined;
    }
  }

  private fail(at: At, reason: string, usedAt: At | undefined): void {
    if (this.protocolFailures.some((f) => f.at.file === at.file && f.at.loc.line === at.loc.line && f.at.loc.column === at.loc.column)) return;
    this.protocolFailures.push({ at, reason, usedAt });
  }

  private extracted = false;

  /** Extracts every protocol the rules read: module-scope definitions and those the agents enforce (once). */
  extractProtocols(): void {
    if (this.extracted) return;
    this.extracted = true;
    this.scanProtocolDefinitions();
    for (const cls of this.agents()) for (const c of [cls, ...(cls.parent ? [cls.parent] : [])]) for (const e of c.enforce) this.protocolOf(e);
  }

  /** Every `defineProtocol(...)` bound at module scope in the analyzed files. */
  scanProtocolDefinitions(): void {
    for (const f of this.rootFacts()) {
      for (const d of Object.values(f.decls)) {
        if (d.kind !== "value" || d.value.k !== "call") continue;
        const flat = flattenRef(d.value.callee);
        if (!flat) continue;
        // `defineProtocol(...)`, `extendProtocol(parent, ...)`, `parent.extend(...)`
        const isExtend = flat.path.length > 0 && flat.path[flat.path.length - 1] === "extend";
        const { sym, rest } = this.program.resolvePath(f.path, flat.name, isExtend ? [] : flat.path);
        const declared = ProgramModel.declaredName(sym);
        if (!isExtend && (rest.length > 0 || (declared !== "defineProtocol" && declared !== "extendProtocol"))) continue;
        // `x.extend(...)` is a protocol only when `x` is one (zod schemas and other libraries have `extend` too)
        if (isExtend && (d.value.callee.k !== "member" || this.evaluator.eval(f.path, d.value.callee.obj).t !== "protocol")) continue;
        const v = this.evaluator.eval(f.path, d.value);
        if (v.t === "protocol") this.extract(v, { file: f.path, loc: d.value.loc });
        else if (v.t === "unknown") this.fail(v.at, v.reason, { file: f.path, loc: d.value.loc });
      }
    }
  }

  extractedProtocols(): ExtractedProtocol[] {
    return [...this.protocols.values()].filter((p): p is ExtractedProtocol => p !== null);
  }

  /** The effective protocol of an agent class. */
  effectiveProtocol(node: ClassNode): { protocol: ExtractedProtocol; from: ClassNode } | undefined {
    const c = this.enforcingClass(node);
    const e = c?.enforce[0];
    if (!c || !e) return undefined;
    const p = this.protocolOf(e);
    return p ? { protocol: p, from: c } : undefined;
  }

  /** Method names that implement tools of this agent's protocol (from @tool members in the chain). */
  guardedMethods(node: ClassNode): Map<string, string> {
    const hit = this.guardedMemo.get(node);
    if (hit) return hit;
    const out = new Map<string, string>();
    if (this.isAgent(node))
      for (const c of Hierarchy.chain(node))
        for (const t of c.tools) if (t.toolName !== undefined && !out.has(t.member.name)) out.set(t.member.name, t.toolName);
    this.guardedMemo.set(node, out);
    return out;
  }

  /** The member `name` as seen from a class (own first, then ancestors). */
  findMember(node: ClassNode, name: string, pred?: (m: MemberFacts) => boolean): { cls: ClassNode; member: MemberFacts } | undefined {
    for (const c of Hierarchy.chain(node)) {
      const m = c.facts.members.find((x) => x.name === name && !x.isStatic && (!pred || pred(x)));
      if (m) return { cls: c, member: m };
    }
    return undefined;
  }

  // ---------- call graph ----------
  methodNode(cls: ClassNode, member: MemberFacts): FnNode | undefined {
    if (!member.body) return undefined;
    const id = `${cls.id}.${member.isStatic ? "static." : ""}${member.name}:${member.kind}`;
    let n = this.fnNodes.get(id);
    if (!n) {
      n = { id, file: cls.file, label: `${cls.name}.${member.name}`, cls, member, body: member.body };
      this.fnNodes.set(id, n);
    }
    return n;
  }

  functionNode(file: string, name: string): FnNode | undefined {
    const d = this.program.file(file)?.decls[name];
    if (!d || d.kind !== "function") return undefined;
    const id = `${file}#${name}`;
    let n = this.fnNodes.get(id);
    if (!n) {
      n = { id, file, label: `${name}()`, cls: undefined, member: undefined, body: d.body };
      this.fnNodes.set(id, n);
    }
    return n;
  }

  moduleNode(file: string): FnNode | undefined {
    const f = this.program.file(file);
    if (!f) return undefined;
    const id = `${file}#<module>`;
    let n = this.fnNodes.get(id);
    if (!n) {
      n = { id, file, label: "<module>", cls: undefined, member: undefined, body: f.topLevel };
      this.fnNodes.set(id, n);
    }
    return n;
  }

  /** All function-like bodies of the analyzed files. */
  rootNodes(): FnNode[] {
    const out: FnNode[] = [];
    for (const f of this.rootFacts()) {
      const m = this.moduleNode(f.path);
      if (m) out.push(m);
      for (const d of Object.values(f.decls)) {
        if (d.kind === "function") {
          const n = this.functionNode(f.path, d.name);
          if (n) out.push(n);
        }
      }
    }
    for (const c of this.hierarchy.nodes.values()) {
      if (!this.isRoot(c.file)) continue;
      for (const m of c.facts.members) {
        const n = this.methodNode(c, m);
        if (n) out.push(n);
      }
    }
    return out;
  }

  /** The type of a field as seen from a class: annotation, `new X()` initializer, or `this.f = new X()`. */
  private fieldType(node: ClassNode, field: string): { cls: ClassNode; type: TypeRef | undefined } | undefined {
    const key = node.id + "\u0000" + field;
    const hit = this.fieldMemo.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const r = this.fieldTypeUncached(node, field);
    this.fieldMemo.set(key, r ?? null);
    return r;
  }

  private fieldTypeUncached(node: ClassNode, field: string): { cls: ClassNode; type: TypeRef | undefined } | undefined {
    for (const c of Hierarchy.chain(node)) {
      const m = c.facts.members.find((x) => x.name === field && !x.isStatic && x.kind === "property");
      if (m) return { cls: c, type: m.type };
      for (const mm of c.facts.members) {
        const a = mm.body?.assigns.find((s) => s.chain.root.k === "this" && s.chain.path.length === 1 && s.chain.path[0] === field);
        if (a) return { cls: c, type: a.newType };
      }
    }
    return undefined;
  }

  typeKey(file: string, t: TypeRef): string {
    const { sym, rest } = this.program.resolvePath(file, t.name, t.path);
    const tail = rest.length ? "." + rest.join(".") : "";
    switch (sym.k) {
      case "decl":
        return `${sym.file}#${sym.decl.name}${tail}`;
      case "external":
        return `${sym.module}#${sym.name}${tail}`;
      default:
        return `?#${[t.name, ...t.path].join(".")}`;
    }
  }

  /**
   * What a call site reaches: `resolveCall` on its chain, plus what the syntax of the site adds:
   * a helper borrowed with `X.prototype.m.call(this, ...)` runs with the caller's `this`, and a
   * generic client method (`api.post("/refunds")`) is keyed by its constant first argument.
   */
  resolveSite(ctx: FnNode, site: CallSite): Resolved {
    let r: Resolved | undefined;
    if (site.thisArg?.root.k === "this" && site.thisArg.path.length === 0 && ctx.cls) r = this.borrowed(ctx, site.chain);
    r ??= this.resolveCall(ctx, site.chain);
    // `Function.prototype.call.call(gw.refund, gw, ...)`, `const call = Function.prototype.call;
    // call.call(gw.refund, ...)`: the function called is the first argument
    if (r.k === "sink" && FUNCTION_PROTO_CALLS.has(r.key) && site.thisArg && site.thisArg.path.length > 0) r = this.resolveCall(ctx, site.thisArg);
    // `Gateway.prototype.refund.call(other, ...)` runs the class's method
    else if (r.k === "sink" && site.chain.root.k === "module" && site.chain.path.length === 2 && site.chain.path[0] === "prototype") {
      const onClass = this.resolveOnType(ctx.file, { name: site.chain.root.name, path: [] }, [site.chain.path[1]!]);
      if (onClass.k !== "none") r = onClass;
    }
    // where syntax cannot tell the receiver's type, the type checker can (see type-oracle.ts)
    const method = site.chain.path[site.chain.path.length - 1];
    const ofResult = site.chain.path.slice(0, -1).includes("()");
    // unknown receivers, members of call results (`container.get(X).refund()`), fields of a
    // type the syntax cannot follow (a type parameter `G extends Gateway`), and weak sinks
    const weak =
      (r.k === "none" && site.chain.path.length > 0 && (site.chain.root.k === "unknown" || ofResult)) ||
      (r.k === "sink" && (r.weak === true || ofResult || r.key.startsWith("P:")));
    if (weak && method !== undefined && method !== "()" && (!this.oracleNames || this.oracleNames.has(method)) && this.oracle.mayLeadTo(ctx.file, method)) {
      const o = this.oracle.memberAt(ctx.file, site.loc);
      const better = o ? this.resolveMember(o, r.k === "sink" ? r.label : site.text) : undefined;
      if (better) r = better;
    }
    if (site.arg0) {
      const arg = this.argPattern(ctx.file, site.arg0);
      r = keyedByArg(r, arg);
    }
    return r;
  }

  /** The type checker, asked only where syntax is not enough. */
  readonly oracle: TypeOracle;
  /**
   * Method names worth asking the type checker about (the effect sinks' names), once they are
   * known; undefined while the write tools' own effects are being collected (ask for all).
   */
  oracleNames: ReadonlySet<string> | undefined;

  /** A call of a method the type checker found: on a class of the program, or on an interface and its implementations. */
  private resolveMember(o: MemberOrigin, label: string): Resolved | undefined {
    if (o.ownerKind === "interface") return this.onInterface(`${o.file}#${o.owner}`, [o.member], o.file, label);
    const cls = this.hierarchy.classOfSym(this.program.resolveLocal(o.file, o.owner));
    if (!cls) return undefined;
    if (this.isAgent(cls) && this.guardedMethods(cls).has(o.member)) return { k: "guarded", agent: cls, method: o.member };
    return this.asDependency(this.resolveOnClass(cls, cls, [o.member], o.file), `T:${cls.id}.${o.member}`, label, cls);
  }

  /** A call on an interface of the program: its own key, and the classes implementing it as alternatives. */
  private onInterface(iface: string, path: readonly string[], file: string, label: string): Resolved {
    const alts = this.hierarchy
      .implementationsOf(iface)
      .map((c) => this.asDependency(this.resolveOnClass(c, c, path, file), `T:${c.id}.${path.join(".")}`, label, c));
    return { k: "sink", key: `T:${iface}.${path.join(".")}`, label, ...(alts.length ? { alts } : {}) };
  }

  /** `X.prototype.m.call(this, ...)` (or `.apply`): X's method `m` with this node's `this`. */
  private borrowed(ctx: FnNode, chain: Chain): Resolved | undefined {
    const p = chain.path;
    const i = p.indexOf("prototype");
    if (i < 0 || i !== p.length - 2 || chain.root.k !== "module") return undefined;
    const { sym, rest } = this.program.resolvePath(ctx.file, chain.root.name, p.slice(0, i));
    if (rest.length > 0) return undefined;
    const helperCls = this.hierarchy.classOfSym(sym);
    const name = p[p.length - 1]!;
    const m = helperCls ? this.findMember(helperCls, name, (x) => x.kind === "method" || x.kind === "arrow-property") : undefined;
    if (!m?.member.body || !ctx.cls) return undefined;
    if (this.isAgent(ctx.cls) && this.guardedMethods(ctx.cls).has(name) && this.isAgent(m.cls)) return { k: "guarded", agent: ctx.cls, method: name };
    const id = `${ctx.cls.id}<=${m.cls.id}.${name}`;
    let n = this.fnNodes.get(id);
    if (!n) {
      n = {
        id,
        file: m.cls.file,
        label: `${m.cls.name}.${name} (borrowed by ${ctx.cls.name})`,
        cls: ctx.cls,
        member: m.member,
        body: m.member.body,
        borrowed: true,
      };
      this.fnNodes.set(id, n);
    }
    return { k: "node", node: n };
  }

  private readonly argMemo = new WeakMap<SValue, string>();

  /** A generic call's first argument as a key pattern: the constant, or `*`. */
  private argPattern(file: string, arg: SValue): string {
    const hit = this.argMemo.get(arg);
    if (hit !== undefined) return hit;
    const v = arg.k === "lit" ? { t: "lit" as const, v: arg.v } : this.evaluator.eval(file, arg);
    const out = v.t === "lit" && (typeof v.v === "string" || typeof v.v === "number") ? String(v.v) : "*";
    this.argMemo.set(arg, out);
    return out;
  }

  /** What a call `chain(...)` made in `ctx` reaches. */
  resolveCall(ctx: FnNode, chain: Chain): Resolved {
    const r = chain.root;
    switch (r.k) {
      case "this":
        if (!ctx.cls || chain.path.length === 0) return { k: "none" };
        return this.resolveOnClass(ctx.cls, ctx.cls, chain.path, ctx.file);
      case "super": {
        const p = ctx.cls?.parent;
        if (!p || chain.path.length === 0) return { k: "none" };
        return this.resolveOnClass(p, ctx.cls!, chain.path, ctx.file, 0, false);
      }
      case "type":
        return this.resolveOnType(ctx.file, r.type, chain.path);
      case "module":
        return this.resolveOnModule(ctx.file, r.name, chain.path);
      case "unknown":
        return { k: "none" };
    }
  }

  /** A type of the runtime (Set, Map, Date, ...), not of the program or a package. */
  private isGlobalType(file: string, t: TypeRef): boolean {
    return this.program.resolvePath(file, t.name, []).sym.k === "global";
  }

  private resolveOnType(file: string, t: TypeRef, path: readonly string[]): Resolved {
    // a local or parameter holding a built-in value (a local Set, a Date) is no effect; a
    // utility type over a class (`Pick<Gateway, "refund">`, `Readonly<Gateway>`) is for the type checker
    if (this.isGlobalType(file, t))
      return path.length > 0 && t.path.length === 0 && UTILITY_TYPES.has(t.name)
        ? { k: "sink", key: `T:?#${t.name}.${path.join(".")}`, label: `${t.name}.${path.join(".")}`, weak: true }
        : { k: "none" };
    const cls = this.hierarchy.classOfType(file, t);
    if (cls)
      return path.length === 0
        ? { k: "none" }
        : this.asDependency(
            this.resolveOnClass(cls, cls, path, file),
            `T:${cls.id}.${path.join(".")}`,
            `${[t.name, ...t.path].join(".")}.${path.join(".")}`,
            cls,
          );
    if (path.length === 1 && path[0] === "constructor") return { k: "none" };
    if (path.length === 0) return { k: "none" };
    const label = `${[t.name, ...t.path].join(".")}.${path.join(".")}`;
    // an interface: the classes of the program that implement it are what the call may run
    const iface = this.hierarchy.interfaceOfType(file, t);
    if (iface) return this.onInterface(iface, path, file, label);
    const key = `T:${this.typeKey(file, t)}.${path.join(".")}`;
    // a type the syntax cannot follow (`Pick<Gateway, "refund">`, an unresolved name): the type checker may
    return { k: "sink", key, label, ...(key.startsWith("T:?") || this.isComplexType(file, t) ? { weak: true as const } : {}) };
  }

  private isComplexType(file: string, t: TypeRef): boolean {
    const { sym } = this.program.resolvePath(file, t.name, t.path);
    return sym.k === "decl" && sym.decl.kind === "type" && sym.decl.complex === true;
  }

  private resolveOnModule(file: string, name: string, path: readonly string[]): Resolved {
    const { sym, rest } = this.program.resolvePath(file, name, path);
    const label = [name, ...path].join(".");
    switch (sym.k) {
      case "global":
        if (BUILTIN_GLOBALS.has(sym.name)) return { k: "none" };
        return { k: "sink", key: `G:${label}`, label };
      case "external":
        return rest.length === 1 && rest[0] === "constructor" ? { k: "none" } : { k: "sink", key: `E:${sym.module}#${[sym.name, ...rest].join(".")}`, label };
      case "missing":
        return { k: "sink", key: `M:${sym.file}#${[sym.name, ...rest].join(".")}`, label };
      case "ns":
        return { k: "none" };
      case "decl": {
        const d = sym.decl;
        if (d.kind === "function") {
          if (rest.length === 0) {
            const n = this.functionNode(sym.file, d.name);
            return n ? { k: "node", node: n } : { k: "sink", key: `F:${sym.file}#${d.name}`, label };
          }
          // `const gw = makeGateway(); gw.refund()`: a call on what the function is declared to return
          if (rest[0] === "()") return d.returnType && rest.length > 1 ? this.resolveOnType(sym.file, d.returnType, rest.slice(1)) : { k: "none" };
          return { k: "sink", key: `V:${sym.file}#${d.name}.${rest.join(".")}`, label };
        }
        if (d.kind === "class") {
          const cls = this.hierarchy.classOfSym(sym);
          if (cls && rest.length === 1) {
            if (rest[0] === "constructor") {
              const m = this.findMember(cls, "constructor");
              const n = m ? this.methodNode(m.cls, m.member) : undefined;
              return n ? { k: "node", node: n } : { k: "none" };
            }
            for (const c of Hierarchy.chain(cls)) {
              const m = c.facts.members.find((x) => x.name === rest[0] && x.isStatic);
              const n = m ? this.methodNode(c, m) : undefined;
              if (n) return { k: "node", node: n };
            }
          }
          return { k: "sink", key: `V:${sym.file}#${d.name}.${rest.join(".")}`, label };
        }
        if (d.kind === "value") {
          if (d.type && rest.length > 0 && !this.isGlobalType(sym.file, d.type)) return this.resolveOnType(sym.file, d.type, rest);
          return { k: "sink", key: `V:${sym.file}#${[d.name, ...rest].join(".")}`, label, ...(d.type ? {} : { weak: true as const }) };
        }
        return { k: "none" };
      }
    }
  }

  /** `this.path(...)` as seen from class `cls` (for `super`, `cls` is the parent and `self` the caller's class). */
  private resolveOnClass(cls: ClassNode, self: ClassNode, path: readonly string[], file: string, depth = 0, virtual = true): Resolved {
    const [first, ...rest] = path;
    if (first === undefined) return { k: "none" };
    const label = `this.${path.join(".")}`;
    if (rest.length === 0) {
      if (first === "constructor" && !this.findMember(cls, "constructor")) return { k: "none" };
      const guarded = this.guardedMethods(self);
      if (guarded.has(first) || (cls !== self && this.guardedMethods(cls).has(first))) return { k: "guarded", agent: self, method: first };
      const m = this.findMember(cls, first, (x) => x.kind === "method" || x.kind === "arrow-property" || x.kind === "constructor");
      // `this.hook()` runs the override of whichever subclass `this` is: abstract and overridable hooks
      const overrides = virtual && first !== "constructor" ? this.overridesOf(cls, first) : [];
      const n = m ? this.methodNode(m.cls, m.member) : undefined;
      const alts: Resolved[] = overrides.filter((o) => o !== n).map((o) => ({ k: "node", node: o }));
      if (n) return alts.length ? { k: "node", node: n, alts } : { k: "node", node: n };
      if (alts.length) return { ...(alts[0] as Extract<Resolved, { k: "node" }>), alts: alts.slice(1) };
      if (m) return { k: "none" };
      const ft = this.fieldType(cls, first);
      return { k: "sink", key: `P:${(ft?.cls ?? root(cls)).id}.${first}`, label };
    }
    // `this.gateway.refund()` with `get gateway() { return this.payments; }`, and
    // `this.clientFor(id).refund()` with `clientFor(id) { return this.payments; }`, are `this.payments.refund()`
    const viaCall = rest[0] === "()";
    const getter = depth < 8 ? this.findMember(cls, first, (x) => (viaCall ? x.kind === "method" : x.kind === "get")) : undefined;
    const tail = viaCall ? rest.slice(1) : rest;
    if (getter?.member.returns && tail.length > 0) {
      const g = getter.member.returns;
      if (g.root.k === "this") return this.resolveOnClass(cls, self, [...g.path, ...tail], file, depth + 1);
      if (g.root.k === "type") return this.resolveOnType(getter.cls.file, g.root.type, [...g.path, ...tail]);
      if (g.root.k === "module") return this.resolveOnModule(getter.cls.file, g.root.name, [...g.path, ...tail]);
    }
    if (viaCall && getter?.member.type && tail.length > 0) {
      const target = this.hierarchy.classOfType(getter.cls.file, getter.member.type);
      if (target) return this.asDependency(this.resolveOnClass(target, target, tail, file, depth + 1), `T:${target.id}.${tail.join(".")}`, label, target);
      return this.resolveOnType(getter.cls.file, getter.member.type, tail);
    }
    const ft = getter?.member.type && !viaCall ? { cls: getter.cls, type: getter.member.type } : this.fieldType(cls, first);
    // a field holding a built-in (Set, Map, array): keyed by the field, not by the type all such values share
    if (ft?.type && this.isGlobalType(ft.cls.file, ft.type)) return { k: "sink", key: `P:${ft.cls.id}.${path.join(".")}`, label };
    if (ft?.type) {
      const target = this.hierarchy.classOfType(ft.cls.file, ft.type);
      if (target) return this.asDependency(this.resolveOnClass(target, target, rest, file), `T:${target.id}.${rest.join(".")}`, label, target);
      const r = this.resolveOnType(ft.cls.file, ft.type, rest);
      return r.k === "sink" ? { ...r, label } : r;
    }
    return { k: "sink", key: `P:${(ft?.cls ?? root(cls)).id}.${path.join(".")}`, label, weak: true };
  }

  /**
   * A call on a dependency (a field, parameter or singleton typed with a class of the program that
   * is not an agent) is an effect sink in its own right, and its body is followed too.
   */
  private asDependency(r: Resolved, key: string, label: string, target: ClassNode): Resolved {
    if (this.isAgent(target)) return r;
    if ((r.k === "node" || r.k === "sink") && r.alts?.length) {
      const { alts, ...one } = r;
      const main = this.asDependency(one as Resolved, key, label, target);
      const rest = alts.map((x) =>
        x.k === "node" && x.node.cls ? this.asDependency(x, `T:${x.node.cls.id}.${x.node.member?.name ?? ""}`, label, x.node.cls) : x,
      );
      return main.k === "node" || main.k === "sink" ? { ...main, alts: rest } : main;
    }
    // a synchronous method that reaches nothing (a value object's getter, an error's constructor) is no effect
    if (r.k === "node" && !this.effectful(r.node)) return r;
    // keyed by the class that declares the method, so `new SubGateway().refund()` is `Gateway.refund`
    if (r.k === "node")
      return { k: "node", node: r.node, sink: { key: r.node.cls && r.node.member ? `T:${r.node.cls.id}.${r.node.member.name}` : key, label } };
    if (r.k === "none") return { k: "sink", key, label };
    return r;
  }

  private readonly overridesMemo = new Map<string, FnNode[]>();

  /** Methods named `name` that subclasses of `cls` define (what `this.name()` may run besides `cls`'s own). */
  private overridesOf(cls: ClassNode, name: string): FnNode[] {
    const key = `${cls.id}\u0000${name}`;
    const hit = this.overridesMemo.get(key);
    if (hit) return hit;
    const out: FnNode[] = [];
    if (cls.children.length > 0) {
      for (const d of Hierarchy.descendants(cls)) {
        const m = d.facts.members.find((x) => x.name === name && !x.isStatic && (x.kind === "method" || x.kind === "arrow-property"));
        const n = m ? this.methodNode(d, m) : undefined;
        if (n) out.push(n);
      }
    }
    this.overridesMemo.set(key, out);
    return out;
  }

  private readonly effectfulMemo = new Map<string, boolean>();

  /**
   * A dependency method that may have an effect: async (or Promise-returning), or its body reaches
   * an effect sink or another effectful method. Cycles count as no effect.
   */
  private effectful(node: FnNode): boolean {
    const hit = this.effectfulMemo.get(node.id);
    if (hit !== undefined) return hit;
    if (node.member?.async) {
      this.effectfulMemo.set(node.id, true);
      return true;
    }
    this.effectfulMemo.set(node.id, false);
    let out = false;
    for (const c of node.body.calls) {
      for (const r of targetsOf(this.resolveSite(node, c))) {
        if (r.k === "sink" || r.k === "guarded" || (r.k === "node" && (r.sink !== undefined || this.effectful(r.node)))) out = true;
      }
      if (out) break;
    }
    this.effectfulMemo.set(node.id, out);
    return out;
  }

  /** Effect sinks reachable from a body, through helper methods and functions (not through guarded tools). */
  reach(node: FnNode, stack: Set<string> = new Set()): Reach {
    const hit = this.reachMemo.get(node.id);
    if (hit) return hit;
    const sinks = new Map<string, readonly string[]>();
    if (stack.has(node.id)) return { sinks };
    stack.add(node.id);
    for (const c of node.body.calls)
      for (const r of targetsOf(this.resolveSite(node, c))) {
        if (r.k === "sink") {
          // a builder step (`db.prepare(sql)`, `sb.from("t")`) is shared by reads and writes; the call on its result is the effect
          if (!sinks.has(r.key) && !c.builder) sinks.set(r.key, [r.label]);
        } else if (r.k === "node") {
          if (r.sink && !sinks.has(r.sink.key) && !c.builder) sinks.set(r.sink.key, [r.sink.label]);
          const sub = this.reach(r.node, stack);
          for (const [k, path] of sub.sinks) {
            // inside a dependency's method (`api.refund()`), the method itself is the effect; its
            // transport (`fetch`, untyped fields, module state) is shared with its other methods and is
            // not. Calls it makes on other typed dependencies (`this.gw.refund()`) are effects too.
            if (r.sink && !isTypedSink(k)) continue;
            if (!sinks.has(k)) sinks.set(k, [calleeLabel(r.node), ...path]);
          }
        }
      }
    stack.delete(node.id);
    const out = { sinks };
    this.reachMemo.set(node.id, out);
    return out;
  }

  /** Bodies reachable from a node (resolved calls, not through guarded tools). */
  callees(node: FnNode): FnNode[] {
    const out: FnNode[] = [];
    for (const c of node.body.calls) for (const r of targetsOf(this.resolveSite(node, c))) if (r.k === "node") out.push(r.node);
    return out;
  }
}

/** A call on a receiver with a known class or external type. */
function isTypedSink(key: string): boolean {
  return key.startsWith("T:") || key.startsWith("E:");
}

function root(c: ClassNode): ClassNode {
  const ch = Hierarchy.chain(c);
  return ch[ch.length - 1] ?? c;
}

function calleeLabel(n: FnNode): string {
  return n.member ? `${n.cls?.name ?? "?"}.${n.member.name}` : n.label;
}

export function atOf(file: string, loc: Loc): At {
  return { file, loc };
}

/** A generic client call's resolution, keyed by its first argument (see call-keys.ts). */
function keyedByArg(r: Resolved, arg: string): Resolved {
  if (r.k === "sink") return { ...r, key: withArg(r.key, arg), ...(r.alts ? { alts: r.alts.map((x) => keyedByArg(x, arg)) } : {}) };
  if (r.k === "node")
    return {
      ...r,
      ...(r.sink ? { sink: { ...r.sink, key: withArg(r.sink.key, arg) } } : {}),
      ...(r.alts ? { alts: r.alts.map((x) => keyedByArg(x, arg)) } : {}),
    };
  return r;
}
