import type { ClassFacts, Loc, MemberFacts, SValue, TypeRef } from "../facts/file-facts.js";
import { Evaluator } from "./evaluate.js";
import { ProgramModel, type At, type Sym } from "./program.js";

interface Binding {
  readonly file: string;
  readonly sv: SValue;
  readonly bindings: ReadonlyMap<string, Binding> | undefined;
}

export interface EnforceInfo {
  readonly at: At;
  readonly file: string;
  readonly protocol: SValue;
}

export interface ToolMember {
  readonly member: MemberFacts;
  /** Tool name; undefined when the decorator's name is not a literal. */
  readonly toolName: string | undefined;
  readonly at: At;
}

/** One class (or the class a mixin call produces), with its resolved parent. */
export interface ClassNode {
  readonly id: string;
  readonly file: string;
  readonly name: string;
  readonly facts: ClassFacts;
  readonly isMixin: boolean;
  readonly bindings: ReadonlyMap<string, Binding> | undefined;
  parent: ClassNode | undefined;
  readonly enforce: EnforceInfo[];
  readonly tools: ToolMember[];
  readonly children: ClassNode[];
}

const chainMemo = new WeakMap<ClassNode, ClassNode[]>();

/** Builds class nodes and resolves `extends` across files, re-exports, aliases, default exports and mixins. */
export class Hierarchy {
  readonly nodes = new Map<string, ClassNode>();

  constructor(private readonly program: ProgramModel) {}

  /** Every class declared at module scope in the given files. */
  addFile(file: string): ClassNode[] {
    const f = this.program.file(file);
    if (!f) return [];
    const out: ClassNode[] = [];
    for (const d of Object.values(f.decls)) if (d.kind === "class") out.push(this.nodeFor(file, d, undefined, `${file}#${d.name}`, false));
    return out;
  }

  private evaluator: Evaluator | undefined;

  /** The type checker's answer for a constant the syntax cannot read (set by the analysis). */
  constantOf: ((file: string, loc: Loc) => string | undefined) | undefined;

  /**
   * A constant string (`TOOLS.refund` with `const TOOLS = { refund: "issue_refund" } as const`,
   * `ToolName.Refund` of an enum), or undefined; the type checker is asked when the evaluator
   * cannot read it (a function with a literal return type, a computed constant).
   */
  private staticString(file: string, sv: SValue): string | undefined {
    this.evaluator ??= new Evaluator(this.program);
    const v = this.evaluator.eval(file, sv);
    if (v.t === "lit" && typeof v.v === "string") return v.v;
    return this.constantOf?.(file, sv.loc);
  }

  nodeFor(file: string, facts: ClassFacts, bindings: ReadonlyMap<string, Binding> | undefined, id: string, isMixin: boolean): ClassNode {
    const hit = this.nodes.get(id);
    if (hit) return hit;
    const node: ClassNode = { id, file, name: facts.name, facts, isMixin, bindings, parent: undefined, enforce: [], tools: [], children: [] };
    this.nodes.set(id, node);
    for (const d of facts.decorators) {
      const dn = this.decoratorName(file, d);
      if (dn?.name === "enforce" && dn.args[0]) node.enforce.push({ at: { file, loc: d.loc }, file, protocol: dn.args[0] });
      else if (d.k === "member" && d.prop === "enforce") node.enforce.push({ at: { file, loc: d.loc }, file, protocol: d.obj });
    }
    for (const m of facts.members) {
      for (const d of m.decorators) {
        const dn = this.decoratorName(file, d);
        if (dn?.name !== "tool") continue;
        node.tools.push({ member: m, toolName: toolNameOf(m.name, dn.args, (sv) => this.staticString(file, sv)), at: { file, loc: d.loc } });
      }
    }
    if (facts.extends) {
      const p = this.resolveClassExpr(file, facts.extends, bindings, 0);
      if (p) {
        node.parent = p;
        p.children.push(node);
        chainMemo.delete(node);
      }
    }
    return node;
  }

  /** `enforce(...)`, `tool(...)`, `tool`: the declared name of the decorator function and its arguments. */
  decoratorName(file: string, d: SValue): { name: string; args: readonly SValue[] } | undefined {
    const callee = d.k === "call" ? d.callee : d;
    const args = d.k === "call" ? d.args : [];
    // `toolFor(protocol)("name")`
    if (callee.k === "call") {
      const inner = this.decoratorName(file, callee);
      return inner?.name === "toolFor" ? { name: "tool", args } : undefined;
    }
    const flat = flattenRef(callee);
    if (!flat) return undefined;
    const { sym, rest } = this.program.resolvePath(file, flat.name, flat.path);
    if (rest.length > 0) return undefined;
    // `const refundTool = toolFor(protocol)` then `@refundTool("name")`
    if (sym.k === "decl" && sym.decl.kind === "value" && sym.decl.value.k === "call") {
      const inner = this.decoratorName(sym.file, sym.decl.value);
      if (inner?.name === "toolFor") return { name: "tool", args };
    }
    const name = ProgramModel.declaredName(sym);
    return name ? { name, args } : undefined;
  }

  private resolveClassExpr(file: string, sv: SValue, bindings: ReadonlyMap<string, Binding> | undefined, depth: number): ClassNode | undefined {
    if (depth > 32) return undefined;
    if (sv.k === "ref" && bindings?.has(sv.name)) {
      const b = bindings.get(sv.name)!;
      return this.resolveClassExpr(b.file, b.sv, b.bindings, depth + 1);
    }
    if (sv.k === "ref" || sv.k === "member") {
      const flat = flattenRef(sv);
      if (!flat) return undefined;
      const { sym, rest } = this.program.resolvePath(file, flat.name, flat.path);
      if (rest.length > 0) return undefined;
      return this.classOfSym(sym, depth);
    }
    if (sv.k === "call") {
      const flat = flattenRef(sv.callee);
      if (!flat) return undefined;
      const { sym, rest } = this.program.resolvePath(file, flat.name, flat.path);
      if (rest.length > 0 || sym.k !== "decl" || sym.decl.kind !== "function" || !sym.decl.returnsClass) return undefined;
      const fn = sym.decl;
      const nb = new Map<string, Binding>();
      fn.params.forEach((p, i) => {
        const a = sv.args[i];
        if (a) nb.set(p, { file, sv: a, bindings });
      });
      const id = `${sym.file}#${fn.name}@${file}:${sv.loc.line}:${sv.loc.column}`;
      return this.nodeFor(sym.file, { ...fn.returnsClass!, name: `${fn.name}(${argText(sv.args[0])})` }, nb, id, true);
    }
    return undefined;
  }

  classOfSym(sym: Sym, depth = 0): ClassNode | undefined {
    if (sym.k !== "decl" || depth > 32) return undefined;
    const d = sym.decl;
    if (d.kind === "class") return this.nodeFor(sym.file, d, undefined, `${sym.file}#${d.name}`, false);
    if (d.kind === "value") return this.resolveClassExpr(sym.file, d.value, undefined, depth + 1);
    // `type Refunder = PaymentGateway`
    if (d.kind === "type" && d.alias) return this.classOfType(sym.file, d.alias, depth + 1);
    return undefined;
  }

  /** The class a type name refers to (through type aliases), when it is a class of the program. */
  classOfType(file: string, t: TypeRef, depth = 0): ClassNode | undefined {
    const { sym, rest } = this.program.resolvePath(file, t.name, t.path);
    return rest.length === 0 ? this.classOfSym(sym, depth) : undefined;
  }

  /** `file#Name` of the interface a type name refers to (through type aliases), when it is one of the program. */
  interfaceOfType(file: string, t: TypeRef, depth = 0): string | undefined {
    if (depth > 32) return undefined;
    const { sym, rest } = this.program.resolvePath(file, t.name, t.path);
    if (rest.length > 0 || sym.k !== "decl" || sym.decl.kind !== "type") return undefined;
    if (sym.decl.isInterface) return `${sym.file}#${sym.decl.name}`;
    return sym.decl.alias ? this.interfaceOfType(sym.file, sym.decl.alias, depth + 1) : undefined;
  }

  private implementations: Map<string, ClassNode[]> | undefined;

  /**
   * The classes of the program that implement an interface (`implements I`, or an interface
   * extending I), and their subclasses. Built on first use from every project file.
   */
  implementationsOf(iface: string): ClassNode[] {
    if (!this.implementations) {
      const map = new Map<string, ClassNode[]>();
      const superOf = (id: string, seen: Set<string>): string[] => {
        if (seen.has(id)) return [];
        seen.add(id);
        const cut = id.lastIndexOf("#");
        const d = this.program.file(id.slice(0, cut))?.decls[id.slice(cut + 1)];
        if (d?.kind !== "type") return [id];
        return [
          id,
          ...(d.extends ?? []).flatMap((t) => {
            const up = this.interfaceOfType(id.slice(0, cut), t);
            return up ? superOf(up, seen) : [];
          }),
        ];
      };
      for (const f of this.program.roots) {
        const facts = this.program.file(f);
        if (!facts) continue;
        for (const d of Object.values(facts.decls)) {
          if (d.kind !== "class" || !d.implements) continue;
          const node = this.nodeFor(f, d, undefined, `${f}#${d.name}`, false);
          for (const t of d.implements) {
            const i = this.interfaceOfType(f, t);
            if (!i) continue;
            for (const id of superOf(i, new Set())) {
              const list = map.get(id) ?? [];
              for (const c of [node, ...Hierarchy.descendants(node)]) if (!list.includes(c)) list.push(c);
              map.set(id, list);
            }
          }
        }
      }
      this.implementations = map;
    }
    return this.implementations.get(iface) ?? [];
  }

  /** The class, its parent, grandparent, ... (cycle-safe). */
  static chain(node: ClassNode): ClassNode[] {
    const hit = chainMemo.get(node);
    if (hit) return hit;
    const out: ClassNode[] = [];
    for (let c: ClassNode | undefined = node; c && !out.includes(c); c = c.parent) out.push(c);
    chainMemo.set(node, out);
    return out;
  }

  static descendants(node: ClassNode): ClassNode[] {
    const out: ClassNode[] = [];
    const stack = [...node.children];
    while (stack.length) {
      const c = stack.pop()!;
      if (out.includes(c) || c === node) continue;
      out.push(c);
      stack.push(...c.children);
    }
    return out;
  }
}

function toolNameOf(memberName: string, args: readonly SValue[], constant: (sv: SValue) => string | undefined): string | undefined {
  const a = args[0];
  if (!a) return memberName;
  if (a.k === "lit" && typeof a.v === "string") return a.v;
  if (a.k !== "obj") return constant(a);
  if (a.k === "obj") {
    const e = [...a.entries].reverse().find((x) => "key" in x && x.key === "name");
    if (!e) return a.entries.some((x) => !("key" in x)) ? undefined : memberName;
    const v = (e as { value: SValue }).value;
    return v.k === "lit" && typeof v.v === "string" ? v.v : constant(v);
  }
  return undefined;
}

export function flattenRef(sv: SValue): { name: string; path: string[] } | undefined {
  if (sv.k === "ref") return { name: sv.name, path: [] };
  if (sv.k === "member") {
    const b = flattenRef(sv.obj);
    return b ? { name: b.name, path: [...b.path, sv.prop] } : undefined;
  }
  return undefined;
}

function argText(a: SValue | undefined): string {
  const f = a ? flattenRef(a) : undefined;
  return f ? [f.name, ...f.path].join(".") : "…";
}

export function locText(loc: Loc): string {
  return `${loc.line}:${loc.column}`;
}
