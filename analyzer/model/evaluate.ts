// One concept, the analyzer's static evaluator: the value of an expression from file facts (literals,
// objects, zod builders, protocol definitions, imports). Over 400 lines because it is one recursive
// switch over the expression kinds, and each case needs the others (an object member is an expression).
import type { ArrItem, ClassFacts, FunctionFacts, Loc, ObjEntry, SValue } from "../facts/file-facts.js";
import { ProgramModel, type At } from "./program.js";
import { callZod, isZodModule, placeholderFunction } from "./zod-schema.js";

/** The value of a static expression, evaluated lazily (object members on demand). */
export type Value =
  | { readonly t: "lit"; readonly v: string | number | boolean | null | undefined; readonly at: At }
  | { readonly t: "obj"; readonly file: string; readonly entries: readonly ObjEntry[]; readonly at: At; readonly env?: Env }
  | { readonly t: "arr"; readonly file: string; readonly items: readonly ArrItem[]; readonly at: At; readonly env?: Env }
  | { readonly t: "protocol"; readonly id: string; readonly config: Value; readonly at: At }
  | { readonly t: "guard"; readonly names: readonly string[]; readonly at: At }
  | {
      readonly t: "fn";
      readonly name: string | undefined;
      readonly at: At;
      readonly def?: { readonly file: string; readonly decl: FunctionFacts };
      readonly self?: Value;
    }
  | { readonly t: "zod"; readonly schema: unknown; readonly at: At }
  | { readonly t: "zodfn"; readonly path: readonly string[]; readonly self?: unknown; readonly at: At }
  | { readonly t: "regex"; readonly source: string; readonly flags: string; readonly at: At }
  | { readonly t: "record"; readonly entries: ReadonlyMap<string, Value>; readonly deleted?: ReadonlySet<string>; readonly base?: Value; readonly at: At }
  | { readonly t: "class"; readonly file: string; readonly decl: ClassFacts; readonly at: At }
  | { readonly t: "ns"; readonly file: string; readonly at: At }
  | { readonly t: "absent" }
  | { readonly t: "unknown"; readonly reason: string; readonly at: At };

/** Parameters bound while evaluating the body of a builder helper. */
export type Env = ReadonlyMap<string, Value>;

export type KnownKeys = { readonly ok: true; readonly keys: string[] } | { readonly ok: false; readonly why: Value & { t: "unknown" } };

const MAX_DEPTH = 64;

/** Evaluates static values across files. Results are memoized per declaration. */
export class Evaluator {
  private readonly declMemo = new Map<string, Value>();
  private depth = 0;
  private instances = 0;

  constructor(private readonly program: ProgramModel) {}

  private readonly memo = new WeakMap<SValue, Value>();

  eval(file: string, sv: SValue, env?: Env): Value {
    if (sv.k === "lit" || sv.k === "obj" || sv.k === "arr" || sv.k === "fn" || sv.k === "regex") return this.evalInner(file, sv, env);
    if (env) return this.evalGuarded(file, sv, env);
    const hit = this.memo.get(sv);
    if (hit) return hit;
    const v = this.evalGuarded(file, sv, undefined);
    this.memo.set(sv, v);
    return v;
  }

  private evalGuarded(file: string, sv: SValue, env: Env | undefined): Value {
    if (this.depth > MAX_DEPTH) return { t: "unknown", reason: "definition nests too deeply (cycle?)", at: { file, loc: sv.loc } };
    this.depth++;
    try {
      return this.evalInner(file, sv, env);
    } finally {
      this.depth--;
    }
  }

  private evalInner(file: string, sv: SValue, env: Env | undefined): Value {
    const at: At = { file, loc: sv.loc };
    switch (sv.k) {
      case "lit":
        return { t: "lit", v: sv.v, at };
      case "obj":
        return { t: "obj", file, entries: sv.entries, at, ...(env ? { env } : {}) };
      case "arr":
        return { t: "arr", file, items: sv.items, at, ...(env ? { env } : {}) };
      case "fn":
        return { t: "fn", name: undefined, at };
      case "regex":
        return { t: "regex", source: sv.source, flags: sv.flags, at };
      case "unknown":
        return { t: "unknown", reason: `${sv.reason}: \`${sv.text}\``, at };
      case "new":
        return { t: "unknown", reason: "a `new` expression is not a static value", at };
      case "ref": {
        const bound = env?.get(sv.name);
        if (bound) return bound;
        return this.symbolValue(file, sv.name, [], at);
      }
      case "member": {
        // `concordat.defineProtocol` through `import * as concordat from "concordat"`: a named export of the package
        const flat = refPath(sv);
        if (flat && !env?.has(flat.name)) {
          const root = this.program.resolveLocal(file, flat.name);
          if (root.k === "external" && root.name === "*") return this.symbolValue(file, flat.name, flat.path, at);
        }
        return this.getProp(this.eval(file, sv.obj, env), sv.prop, at);
      }
      case "index": {
        const key = this.eval(file, sv.key, env);
        if (key.t === "lit" && (typeof key.v === "string" || typeof key.v === "number")) return this.getProp(this.eval(file, sv.obj, env), String(key.v), at);
        return { t: "unknown", reason: key.t === "unknown" ? `computed property access with an unknown key (${key.reason})` : "computed property access", at };
      }
      case "cond": {
        const test = this.eval(file, sv.test, env);
        const truth = truthiness(test);
        if (truth === undefined)
          return { t: "unknown", reason: test.t === "unknown" ? `conditional on an unknown value (${test.reason})` : "conditional expression", at };
        return this.eval(file, truth ? sv.then : sv.else, env);
      }
      case "call":
        return this.call(file, sv, at, env);
    }
  }

  private symbolValue(file: string, name: string, path: readonly string[], at: At): Value {
    const { sym, rest } = this.program.resolvePath(file, name, path);
    let v: Value;
    switch (sym.k) {
      case "decl": {
        const d = sym.decl;
        if (d.kind === "value") {
          const key = sym.file + "#" + d.name;
          const hit = this.declMemo.get(key);
          if (hit) v = hit;
          else {
            this.declMemo.set(key, { t: "unknown", reason: `${d.name} refers to itself`, at });
            v = this.eval(sym.file, d.value);
            this.declMemo.set(key, v);
          }
        } else if (d.kind === "function") v = { t: "fn", name: d.name, at: { file: sym.file, loc: d.loc }, def: { file: sym.file, decl: d } };
        else if (d.kind === "class") v = { t: "class", file: sym.file, decl: d, at: { file: sym.file, loc: d.loc } };
        else v = { t: "unknown", reason: `${name} is a type, not a value`, at };
        break;
      }
      case "ns":
        v = { t: "ns", file: sym.file, at };
        break;
      case "external":
      case "global":
        if (sym.k === "external" && isZodModule(sym.module))
          return { t: "zodfn", path: [...(sym.name === "z" || sym.name === "*" || sym.name === "default" ? [] : [sym.name]), ...rest], at };
        v = { t: "fn", name: sym.name, at };
        if (rest.length > 0)
          return {
            t: "unknown",
            reason: `\`${[name, ...path].join(".")}\` comes from ${sym.k === "external" ? `module "${sym.module}"` : "a global"} whose source the analyzer cannot read`,
            at,
          };
        if (sym.k === "external" && !isKnownBuilder(sym.name))
          return {
            t: "unknown",
            reason: `\`${name}\` is imported from "${sym.module}", which the analyzer cannot read (add it to the project or use a relative import)`,
            at,
          };
        if (sym.k === "global" && !isKnownBuilder(sym.name))
          return { t: "unknown", reason: `\`${name}\` is a global or undeclared name, not a static definition`, at };
        return v;
      case "missing":
        return { t: "unknown", reason: `\`${name}\` could not be resolved (no export "${sym.name}" in ${sym.file})`, at };
    }
    for (const p of rest) v = this.getProp(v, p, at);
    return v;
  }

  /** A property of a value; `absent` when an object literal does not have it. */
  getProp(obj: Value, key: string, at: At): Value {
    switch (obj.t) {
      case "obj": {
        for (let i = obj.entries.length - 1; i >= 0; i--) {
          const e = obj.entries[i]!;
          if ("key" in e) {
            if (e.key === key) return this.eval(obj.file, e.value, obj.env);
          } else if ("spread" in e) {
            const s = this.eval(obj.file, e.spread, obj.env);
            const r = this.getProp(s, key, at);
            if (r.t !== "absent") return r;
          } else {
            const k = this.computedKey(obj, e);
            if (k === undefined) return { t: "unknown", reason: `computed key \`${e.computed}\` may define "${key}"`, at: { file: obj.file, loc: e.loc } };
            if (k === key && e.value) return this.eval(obj.file, e.value, obj.env);
          }
        }
        return { t: "absent" };
      }
      case "protocol":
        if (key === "config") return obj.config;
        if (key === "enforce") return { t: "unknown", reason: "protocol.enforce is a decorator", at };
        if (key === "extend") return { t: "fn", name: "extend", at, self: obj };
        return this.getProp(obj.config, key, at);
      case "record":
        if (obj.deleted?.has(key)) return { t: "absent" };
        if (obj.entries.has(key)) return obj.entries.get(key)!;
        return obj.base ? this.getProp(obj.base, key, at) : { t: "absent" };
      case "zodfn":
        if (obj.self !== undefined) return { t: "unknown", reason: `a property of the zod method .${obj.path.join(".")}`, at };
        return { t: "zodfn", path: [...obj.path, key], at };
      case "zod": {
        if (key === "shape") {
          const shape = (obj.schema as { shape?: Record<string, unknown> }).shape;
          if (!shape || typeof shape !== "object") return { t: "unknown", reason: "`.shape` of a zod schema that is not an object", at };
          return { t: "record", entries: new Map(Object.entries(shape).map(([k, v]) => [k, { t: "zod", schema: v, at } as Value])), at };
        }
        return { t: "zodfn", path: [key], self: obj.schema, at };
      }
      case "ns": {
        const sym = this.program.resolveExport(obj.file, key, new Set());
        if (sym.k === "decl" && sym.decl.kind === "value") return this.eval(sym.file, sym.decl.value);
        if (sym.k === "decl" && sym.decl.kind === "function") return { t: "fn", name: sym.decl.name, at, def: { file: sym.file, decl: sym.decl } };
        if (sym.k === "decl" && sym.decl.kind === "class") return { t: "class", file: sym.file, decl: sym.decl, at };
        if (sym.k === "ns") return { t: "ns", file: sym.file, at };
        if (sym.k === "external" && isKnownBuilder(sym.name)) return { t: "fn", name: sym.name, at };
        return { t: "unknown", reason: `namespace member "${key}" could not be resolved`, at };
      }
      case "absent":
        return { t: "absent" };
      case "unknown":
        return obj;
      case "lit":
        if (obj.v === undefined || obj.v === null) return { t: "absent" };
        return { t: "unknown", reason: `"${key}" of a literal`, at };
      case "arr": {
        // `NAMES[0]` of an `as const` tuple
        if (!/^(0|[1-9][0-9]*)$/.test(key)) return { t: "unknown", reason: `"${key}" of an array`, at };
        const r = this.items(obj);
        if (!r.ok) return r.why;
        return r.items[Number(key)] ?? { t: "absent" };
      }
      default:
        return { t: "unknown", reason: `cannot read "${key}" of a ${obj.t} statically`, at };
    }
  }

  /**
   * Where the expression for `key` of an object value is written (following spreads), and
   * whether it was evaluated inside a builder helper (where one location stands for many values).
   */
  origin(obj: Value, key: string): { at: At; shared: boolean } | undefined {
    if (obj.t === "record") return obj.entries.has(key) || obj.deleted?.has(key) ? undefined : obj.base ? this.origin(obj.base, key) : undefined;
    if (obj.t === "protocol") return this.origin(obj.config, key);
    if (obj.t !== "obj") return undefined;
    for (let i = obj.entries.length - 1; i >= 0; i--) {
      const e = obj.entries[i]!;
      if ("key" in e) {
        if (e.key === key) return { at: { file: obj.file, loc: e.value.loc }, shared: obj.env !== undefined };
      } else if ("spread" in e) {
        const s = this.eval(obj.file, e.spread, obj.env);
        if (this.getProp(s, key, obj.at).t !== "absent") return this.origin(s, key);
      }
    }
    return undefined;
  }

  /** Own keys of an object value, in definition order; fails when a spread or computed key is unknown. */
  keys(obj: Value): KnownKeys {
    if (obj.t === "protocol") return this.keys(obj.config);
    if (obj.t === "unknown") return { ok: false, why: obj };
    if (obj.t === "record") {
      const out: string[] = [];
      if (obj.base) {
        const k = this.keys(obj.base);
        if (!k.ok) return k;
        out.push(...k.keys.filter((x) => !obj.deleted?.has(x)));
      }
      for (const k of obj.entries.keys()) if (!out.includes(k)) out.push(k);
      return { ok: true, keys: out };
    }
    if (obj.t !== "obj")
      return {
        ok: false,
        why: { t: "unknown", reason: `expected an object literal, found ${describe(obj)}`, at: "at" in obj ? obj.at : { file: "", loc: zeroLoc } },
      };
    const out: string[] = [];
    for (const e of obj.entries) {
      if ("key" in e) {
        if (!out.includes(e.key)) out.push(e.key);
      } else if ("spread" in e) {
        const s = this.eval(obj.file, e.spread, obj.env);
        if (s.t === "absent" || (s.t === "lit" && (s.v === undefined || s.v === null))) continue;
        const k = this.keys(s);
        if (!k.ok) return k;
        for (const x of k.keys) if (!out.includes(x)) out.push(x);
      } else {
        const k = this.computedKey(obj, e);
        if (k === undefined) return { ok: false, why: { t: "unknown", reason: `computed key \`${e.computed}\``, at: { file: obj.file, loc: e.loc } } };
        if (!out.includes(k)) out.push(k);
      }
    }
    return { ok: true, keys: out };
  }

  private computedKey(obj: Extract<Value, { t: "obj" }>, e: Extract<ObjEntry, { computed: string }>): string | undefined {
    if (!e.keyValue || !e.value) return undefined;
    const k = this.eval(obj.file, e.keyValue, obj.env);
    return k.t === "lit" && (typeof k.v === "string" || typeof k.v === "number") ? String(k.v) : undefined;
  }

  /** Elements of an array value (spreads flattened). */
  items(arr: Value): { ok: true; items: Value[] } | { ok: false; why: Value & { t: "unknown" } } {
    if (arr.t === "unknown") return { ok: false, why: arr };
    if (arr.t !== "arr")
      return {
        ok: false,
        why: { t: "unknown", reason: `expected an array literal, found ${describe(arr)}`, at: "at" in arr ? arr.at : { file: "", loc: zeroLoc } },
      };
    const out: Value[] = [];
    for (const it of arr.items) {
      if (it.k === "spread") {
        const s = this.items(this.eval(arr.file, it.value, arr.env));
        if (!s.ok) return s;
        out.push(...s.items);
      } else out.push(this.eval(arr.file, it, arr.env));
    }
    return { ok: true, items: out };
  }

  /** `parent.extend(changes)` / `extendProtocol(parent, changes)`: the parent's config with the changes (states and tools merged by name, `null` removes a state). */
  private extendProtocol(parent: Extract<Value, { t: "protocol" }>, changes: Value, id: string, at: At): Value {
    const keys = this.keys(changes);
    if (!keys.ok) return keys.why;
    const entries = new Map<string, Value>();
    for (const k of keys.keys) {
      const v = this.getProp(changes, k, at);
      if (k !== "tools" && k !== "states") {
        if (!(v.t === "lit" && v.v === undefined) && v.t !== "absent") entries.set(k, v);
        continue;
      }
      const inner = this.keys(v);
      if (!inner.ok) return inner.why;
      const merged = new Map<string, Value>();
      const deleted = new Set<string>();
      for (const name of inner.keys) {
        const x = this.getProp(v, name, at);
        if (k === "states" && x.t === "lit" && x.v === null) deleted.add(name);
        else merged.set(name, x);
      }
      entries.set(k, { t: "record", entries: merged, deleted, base: this.getProp(parent.config, k, at), at });
    }
    return { t: "protocol", id, config: { t: "record", entries, base: parent.config, at }, at };
  }

  /** A static value as a JavaScript value (arguments of zod builders). */
  private toJs(v: Value, depth: number): { ok: true; value: unknown } | { ok: false; reason: string } {
    if (depth > 32) return { ok: false, reason: "nested too deeply" };
    switch (v.t) {
      case "lit":
        return { ok: true, value: v.v };
      case "absent":
        return { ok: true, value: undefined };
      case "regex":
        try {
          return { ok: true, value: new RegExp(v.source, v.flags) };
        } catch (e) {
          return { ok: false, reason: `invalid regular expression /${v.source}/: ${e instanceof Error ? e.message : String(e)}` };
        }
      case "zod":
        return { ok: true, value: v.schema };
      case "fn":
        return { ok: true, value: placeholderFunction() };
      case "arr": {
        const r = this.items(v);
        if (!r.ok) return { ok: false, reason: r.why.reason };
        const out: unknown[] = [];
        for (const x of r.items) {
          const y = this.toJs(x, depth + 1);
          if (!y.ok) return y;
          out.push(y.value);
        }
        return { ok: true, value: out };
      }
      case "obj":
      case "record": {
        const k = this.keys(v);
        if (!k.ok) return { ok: false, reason: k.why.reason };
        const out: Record<string, unknown> = {};
        for (const key of k.keys) {
          const y = this.toJs(this.getProp(v, key, v.at), depth + 1);
          if (!y.ok) return y;
          out[key] = y.value;
        }
        return { ok: true, value: out };
      }
      case "unknown":
        return { ok: false, reason: v.reason };
      default:
        return { ok: false, reason: `${describe(v)} is not a static value` };
    }
  }

  private call(file: string, sv: Extract<SValue, { k: "call" }>, at: At, env: Env | undefined): Value {
    const callee = this.eval(file, sv.callee, env);
    if (callee.t === "zodfn") {
      const args: unknown[] = [];
      for (const a of sv.args) {
        const r = this.toJs(this.eval(file, a, env), 0);
        if (!r.ok) return { t: "unknown", reason: `an argument of a zod call is not static: ${r.reason}`, at };
        args.push(r.value);
      }
      const built = callZod(callee.path, callee.self, args);
      return built.ok ? { t: "zod", schema: built.value, at } : { t: "unknown", reason: built.reason, at };
    }
    if (callee.t === "fn" && (callee.name === "extend" || callee.name === "extendProtocol")) {
      const parent = callee.name === "extend" ? callee.self : sv.args[0] ? this.eval(file, sv.args[0], env) : undefined;
      const changesSv = callee.name === "extend" ? sv.args[0] : sv.args[1];
      if (parent?.t !== "protocol")
        return parent?.t === "unknown" ? parent : { t: "unknown", reason: `${callee.name}() of something that is not a protocol`, at };
      if (!changesSv) return { t: "unknown", reason: `${callee.name}() without changes`, at };
      return this.extendProtocol(parent, this.eval(file, changesSv, env), `${file}:${sv.loc.line}:${sv.loc.column}${env ? `#${++this.instances}` : ""}`, at);
    }
    if (callee.t === "fn" && callee.name) {
      switch (callee.name) {
        case "defineProtocol": {
          const arg = sv.args[0];
          if (!arg) return { t: "unknown", reason: "defineProtocol() without a definition", at };
          return { t: "protocol", id: `${file}:${sv.loc.line}:${sv.loc.column}${env ? `#${++this.instances}` : ""}`, config: this.eval(file, arg, env), at };
        }
        case "defineTool": {
          const arg = sv.args[0];
          return arg ? this.eval(file, arg, env) : { t: "unknown", reason: "defineTool() without a spec", at };
        }
        case "guard": {
          const n = sv.args[0] ? this.eval(file, sv.args[0], env) : undefined;
          if (n?.t === "lit" && typeof n.v === "string") return { t: "guard", names: [n.v], at };
          return { t: "unknown", reason: "guard() needs a literal name", at: n && "at" in n ? n.at : at };
        }
        case "allOf": {
          const names: string[] = [];
          for (const a of sv.args) {
            const g = this.eval(file, a, env);
            if (g.t !== "guard") return g.t === "unknown" ? g : { t: "unknown", reason: "allOf() of something that is not a guard", at: { file, loc: a.loc } };
            for (const n of g.names) if (!names.includes(n)) names.push(n);
          }
          return { t: "guard", names, at };
        }
      }
      // a builder helper of the project: `(n) => ({ ... })` or `{ return expr; }`, evaluated with its arguments bound
      const def = callee.def;
      if (def?.decl.returns) {
        const bound = new Map<string, Value>();
        def.decl.params.forEach((p, i) => {
          const a = sv.args[i];
          bound.set(p, a ? this.eval(file, a, env) : { t: "lit", v: undefined, at });
        });
        for (const [n, init] of def.decl.locals ?? []) bound.set(n, this.eval(def.file, init, bound));
        const r = this.eval(def.file, def.decl.returns, bound);
        if (r.t === "unknown")
          return {
            t: "unknown",
            reason: `${callee.name}() does not return a static value: ${r.reason} (${r.at.file.split("/").pop()}:${r.at.loc.line}:${r.at.loc.column})`,
            at,
          };
        return r;
      }
      return { t: "unknown", reason: `the result of calling \`${callee.name}()\` is not a static value`, at };
    }
    if (callee.t === "unknown") return callee;
    return { t: "unknown", reason: "call of a value that is not a known builder", at };
  }
}

const BUILDERS = new Set(["defineProtocol", "defineTool", "guard", "allOf", "extendProtocol"]);
function isKnownBuilder(name: string): boolean {
  return BUILDERS.has(name);
}

const zeroLoc: Loc = { line: 1, column: 1, endLine: 1, endColumn: 1 };

export function describe(v: Value): string {
  switch (v.t) {
    case "lit":
      return JSON.stringify(v.v) ?? "undefined";
    case "obj":
      return "an object";
    case "arr":
      return "an array";
    case "protocol":
      return "a protocol";
    case "guard":
      return "a guard";
    case "fn":
      return "a function";
    case "class":
      return `class ${v.decl.name}`;
    case "ns":
      return "a namespace";
    case "absent":
      return "nothing";
    case "unknown":
      return "an unknown value";
    case "zod":
      return "a zod schema";
    case "zodfn":
      return `zod's ${v.path.join(".") || "namespace"}`;
    case "regex":
      return `/${v.source}/${v.flags}`;
    case "record":
      return "an object";
  }
}

/** Truthiness of a static value; undefined when it cannot be known. */
function truthiness(v: Value): boolean | undefined {
  switch (v.t) {
    case "lit":
      return Boolean(v.v);
    case "absent":
      return false;
    case "obj":
    case "arr":
    case "protocol":
    case "guard":
    case "fn":
    case "class":
    case "ns":
    case "zod":
    case "zodfn":
    case "regex":
    case "record":
      return true;
    case "unknown":
      return undefined;
  }
}

/** `a.b.c` as a name and a path, when the expression is only references and members. */
function refPath(sv: SValue): { name: string; path: string[] } | undefined {
  if (sv.k === "ref") return { name: sv.name, path: [] };
  if (sv.k === "member") {
    const b = refPath(sv.obj);
    return b ? { name: b.name, path: [...b.path, sv.prop] } : undefined;
  }
  return undefined;
}
