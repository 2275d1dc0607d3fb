// One concept (described below): schema containment. Over 400 lines because it is one recursive
// comparison over the JSON Schema subset, one small function per keyword family.
/**
 * Containment of argument schemas: does every value the child's schema accepts pass the
 * parent's? Decided for the JSON Schema subset zod emits (types, `const`/`enum`, numeric bounds
 * and `multipleOf`, string length, format and pattern (equal patterns only), required keys,
 * unknown keys, arrays and tuples, unions, nullable, nested objects and local `$ref`s), with the
 * zod-only marks of `argument-schema.ts`. The answer is one of:
 *
 * - contained;
 * - not contained, with a concrete value the child accepts and the parent rejects (checked with
 *   `accepts` on both schemas, or with the caller's `verify` when zod checks decide it);
 * - cannot be decided (a parent `.refine()` the child does not share, different patterns, a
 *   child `z.coerce`/`z.preprocess`, ...), with the reason. Never "contained".
 *
 * @internal
 */
import type { ArgumentSchema } from "./argument-schema.js";
import {
  accepts,
  deref,
  isMultiple,
  isRecord,
  itemAt,
  marks,
  numberCandidates,
  patternsOf,
  propertyAt,
  sample,
  sampleArray,
  sampleObject,
  stringCandidates,
  typesOf,
  type JsonType,
} from "./schema-values.js";

export type SchemaPath = readonly (string | number)[];

export type SchemaContainment =
  | { readonly ok: true }
  | { readonly ok: false; readonly proven: true; readonly path: SchemaPath; readonly reason: string; readonly counterexample: unknown }
  | { readonly ok: false; readonly proven: false; readonly path: SchemaPath; readonly reason: string };

/** Confirms a counterexample with the real schemas: whether each accepts the value. */
export type VerifyArguments = (value: unknown) => { readonly child: boolean; readonly parent: boolean } | undefined;

type Node = ArgumentSchema | boolean;
/** `why` says what differs at `path` (the path is prefixed when the result is reported). */
type Sub =
  | { readonly k: "ok" }
  | { readonly k: "witness"; readonly path: SchemaPath; readonly value: unknown; readonly why: string; readonly leaf?: string }
  | { readonly k: "unknown"; readonly path: SchemaPath; readonly why: string };

const OK: Sub = { k: "ok" };

interface Ctx {
  readonly childRoot: ArgumentSchema;
  readonly parentRoot: ArgumentSchema;
  readonly assumed: Set<string>;
  readonly nodeIds: Map<object, number>;
  /** Candidates (`path|json`) the real schemas refuted. */
  readonly excluded: Set<string>;
}

/** `amount`, `items[0].id`, `(arguments)` for the root. */
export function formatSchemaPath(path: SchemaPath): string {
  if (path.length === 0) return "(arguments)";
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out === "" ? p : `.${p}`;
  return out;
}

/**
 * Decides whether `child` accepts only values `parent` accepts. `verify` (optional) runs the
 * real schemas on a candidate counterexample when zod checks beyond JSON Schema decide it.
 */
export function compareArgumentSchemas(child: ArgumentSchema, parent: ArgumentSchema, verify?: VerifyArguments): SchemaContainment {
  if (child === parent) return { ok: true };
  // the same schema written twice (a subclass's protocol repeating its parent's tool): the same
  // JSON Schema text, marks included (zod-only checks are marked by identity), contains itself
  if (schemaText(child) === schemaText(parent)) {
    return { ok: true };
  }
  return compareSlow(child, parent, verify);
}

const texts = new WeakMap<object, string>();
/** An argument schema's JSON text, once per schema object (argument schemas are memoized per zod schema). */
function schemaText(schema: ArgumentSchema): string {
  let t = texts.get(schema);
  if (t === undefined) {
    t = JSON.stringify(schema) ?? "";
    texts.set(schema, t);
  }
  return t;
}

function compareSlow(child: ArgumentSchema, parent: ArgumentSchema, verify?: VerifyArguments): SchemaContainment {
  const excluded = new Set<string>();
  let first: SchemaContainment | undefined;
  // a candidate the real schemas refute is excluded and the next one tried (a few times)
  for (let attempt = 0; attempt < (verify ? 8 : 1); attempt++) {
    const ctx: Ctx = { childRoot: child, parentRoot: parent, assumed: new Set(), nodeIds: new Map(), excluded };
    const r = cmp(child, parent, [], ctx);
    if (r.k === "ok") return first ?? { ok: true };
    if (r.k === "unknown") return first ?? { ok: false, proven: false, path: r.path, reason: `${where(r.path)}${r.why}` };
    const reason = `${where(r.path)}${r.why}`;
    const childSays = accepts(child, r.value, child);
    const parentSays = accepts(parent, r.value, parent);
    if (childSays === true && parentSays === false) return { ok: false, proven: true, path: r.path, reason, counterexample: r.value };
    const checked = childSays === false ? undefined : verify?.(r.value);
    if (checked?.child === true && checked.parent === false) return { ok: false, proven: true, path: r.path, reason, counterexample: r.value };
    const why =
      childSays !== true || checked?.child === false ? "the child's own checks (e.g. a .refine()) may reject it" : "the parent's checks may accept it";
    first ??= { ok: false, proven: false, path: r.path, reason: `${reason} (the candidate counterexample ${show(r.value)} is not certain: ${why})` };
    if (!r.leaf) break;
    excluded.add(r.leaf);
  }
  return first!;
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 120 ? s.slice(0, 117) + "..." : s;
}

function idOf(ctx: Ctx, o: object): number {
  let n = ctx.nodeIds.get(o);
  if (n === undefined) {
    n = ctx.nodeIds.size + 1;
    ctx.nodeIds.set(o, n);
  }
  return n;
}

const WIDENING_TEXT: Record<string, string> = {
  coerce: "coerces its input (z.coerce), so it accepts values of other types",
  preprocess: "preprocesses its input (z.preprocess), so what it accepts depends on code",
};

function cmp(c: Node, p: Node, path: SchemaPath, ctx: Ctx): Sub {
  if (p === true || c === false || c === p) return OK;
  if (p === false) {
    const s = sample(c, ctx.childRoot);
    return s ? { k: "witness", path, value: s.value, why: `the parent accepts no value, the child does` } : OK;
  }
  const cn = c === true ? {} : deref(c, ctx.childRoot);
  const pn = deref(p, ctx.parentRoot);
  if (cn === pn) return OK;
  const key = `${idOf(ctx, cn)}:${idOf(ctx, pn)}`;
  if (ctx.assumed.has(key)) return OK; // recursive schemas: assume the pair under comparison (coinduction)
  ctx.assumed.add(key);
  const r = cmpNodes(cn, pn, path, ctx);
  // only a pair that holds stays assumed (a failed attempt under one parent alternative must not count for another)
  if (r.k !== "ok") ctx.assumed.delete(key);
  return r;
}

function cmpNodes(cn: ArgumentSchema, pn: ArgumentSchema, path: SchemaPath, ctx: Ctx): Sub {
  const cm = marks(cn);
  const pm = marks(pn);
  let child: ArgumentSchema = cn;
  if (cm.widened === "catch" && pm.widened !== "catch") child = {};
  else if (cm.widened && cm.widened !== "catch" && pm.widened !== cm.widened) {
    return { k: "unknown", path, why: `the child ${WIDENING_TEXT[cm.widened]}` };
  }
  const r = branchesIn(child, pn, path, ctx);
  if (r.k !== "ok") return r;
  const shared = new Set((cm.narrowed ?? []).map((n) => n.id));
  const missing = (pm.narrowed ?? []).filter((n) => !shared.has(n.id));
  if (missing.length > 0) {
    const m = missing[0]!;
    const what =
      m.by === "refine"
        ? "a .refine() check"
        : m.by === "pipe"
          ? "a .pipe() into another schema"
          : m.by === "transform" || m.by === "custom"
            ? `a ${m.by} step`
            : `a ${m.by.replace(/^type:/, "")} type JSON Schema cannot express`;
    return { k: "unknown", path, why: `the parent's schema has ${what} that the child's does not share, so whether the child accepts more cannot be decided` };
  }
  return OK;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function where(path: SchemaPath): string {
  return `${formatSchemaPath(path)}: `;
}

type Branch =
  | { readonly kind: "any" }
  | { readonly kind: "never" }
  | { readonly kind: "opaque" }
  | { readonly kind: "finite"; readonly values: readonly unknown[] }
  | { readonly kind: JsonType; readonly node: ArgumentSchema };

const ANNOTATIONS = new Set(["description", "title", "default", "readOnly", "examples", "x-concordat", "$schema", "$defs", "definitions", "$id"]);

function branches(node: ArgumentSchema, root: ArgumentSchema, depth = 0): Branch[] {
  const n = deref(node, root);
  if (depth > 16) return [{ kind: "opaque" }];
  if (isRecord(n["not"]) && Object.keys(n["not"]).length === 0) return [{ kind: "never" }];
  const alts = Array.isArray(n["anyOf"]) ? n["anyOf"] : Array.isArray(n["oneOf"]) ? n["oneOf"] : undefined;
  if (alts) return alts.flatMap((a) => (isRecord(a) ? branches(a, root, depth + 1) : a === true ? [{ kind: "any" as const }] : [{ kind: "never" as const }]));
  const types = typesOf(n);
  if ("const" in n) return [{ kind: "finite", values: [n["const"]] }];
  if (Array.isArray(n["enum"])) return [{ kind: "finite", values: n["enum"] }];
  if (types === undefined) return Object.keys(n).some((k) => !ANNOTATIONS.has(k)) ? [{ kind: "opaque" }] : [{ kind: "any" }];
  const out: Branch[] = [];
  for (const t of types) {
    if (t === "null") out.push({ kind: "finite", values: [null] });
    else if (t === "boolean") out.push({ kind: "finite", values: [true, false] });
    else out.push({ kind: t, node: n });
  }
  return out;
}

/** Every branch of the child lies inside the parent's branches. */
function branchesIn(child: ArgumentSchema, parent: ArgumentSchema, path: SchemaPath, ctx: Ctx): Sub {
  const pBranches = branches(parent, ctx.parentRoot);
  const pAny = pBranches.some((b) => b.kind === "any");
  const pOpaque = pBranches.some((b) => b.kind === "opaque");
  for (const cb of branches(child, ctx.childRoot)) {
    if (cb.kind === "never" || pAny) continue;
    const r = branchIn(cb, child, parent, pBranches, path, ctx);
    if (r.k === "witness" && pOpaque) return { k: "unknown", path, why: `the parent's schema uses keywords outside the supported JSON Schema subset` };
    if (r.k !== "ok") return r;
  }
  return OK;
}

const ANY_CANDIDATES: readonly unknown[] = ["x", 0, 0.5, -1, true, null, {}, [], ""];

function branchIn(cb: Branch, childNode: ArgumentSchema, parent: ArgumentSchema, pBranches: readonly Branch[], path: SchemaPath, ctx: Ctx): Sub {
  const pAccepts = (v: unknown) => accepts(parent, v, ctx.parentRoot);
  if (cb.kind === "finite") {
    for (const v of cb.values) {
      const a = pAccepts(v);
      if (a === false) return { k: "witness", path, value: v, why: `the child accepts ${show(v)}, the parent does not` };
      if (a === "unknown") return { k: "unknown", path, why: `whether the parent accepts ${show(v)} depends on checks JSON Schema does not show` };
    }
    return OK;
  }
  if (cb.kind === "any" || cb.kind === "opaque") {
    for (const v of ANY_CANDIDATES) if (pAccepts(v) === false) return { k: "witness", path, value: v, why: `the child accepts any value, the parent does not` };
    return { k: "unknown", path, why: `the child accepts any value and the parent's limits cannot be decided` };
  }
  if (cb.kind === "never") return OK;
  const compatible = pBranches.filter((pb) => pb.kind === cb.kind || (isNumeric(pb.kind) && isNumeric(cb.kind)) || pb.kind === "finite");
  if (compatible.length === 0) {
    const s = sample(typed(cb.node, cb.kind), ctx.childRoot);
    if (!s) return OK; // the branch accepts nothing
    return pAccepts(s.value) === false
      ? { k: "witness", path, value: s.value, why: `the child accepts ${cb.kind === "integer" ? "numbers" : `${cb.kind}s`}, the parent does not` }
      : { k: "unknown", path, why: `cannot decide whether the parent accepts the child's ${cb.kind}s` };
  }
  const failures: Sub[] = [];
  for (const pb of compatible) {
    const r = typedIn(cb, pb, path, ctx);
    if (r.k === "ok") return OK;
    failures.push(r);
  }
  for (const f of failures) if (f.k === "witness" && pAccepts(f.value) === false) return f;
  const unknown = failures.find((f) => f.k === "unknown");
  if (unknown) return unknown;
  return { k: "unknown", path, why: `the child's ${cb.kind}s are covered, if at all, only by several of the parent's alternatives together` };
}

function isNumeric(k: string): boolean {
  return k === "number" || k === "integer";
}

/** A node restricted to one type (for sampling one branch of a multi-type node). */
function typed(n: ArgumentSchema, t: JsonType): ArgumentSchema {
  return { ...n, type: t };
}

function typedIn(cb: Extract<Branch, { node: ArgumentSchema }>, pb: Branch, path: SchemaPath, ctx: Ctx): Sub {
  const c = typed(cb.node, cb.kind);
  if (pb.kind === "finite") {
    const candidates =
      cb.kind === "string"
        ? stringCandidates(
            c,
            pb.values.filter((v): v is string => typeof v === "string"),
          )
        : isNumeric(cb.kind)
          ? numberCandidates(
              c,
              pb.values.filter((v): v is number => typeof v === "number"),
            )
          : [sample(c, ctx.childRoot)?.value];
    return search(c, { enum: [...pb.values] }, candidates, path, ctx, [`the parent accepts only ${pb.values.map(show).join(", ")}`]);
  }
  if (!("node" in pb)) return OK;
  const p = typed(pb.node, pb.kind);
  switch (cb.kind) {
    case "string":
      return stringIn(c, p, path, ctx);
    case "number":
    case "integer":
      return numberIn(c, p, path, ctx);
    case "object":
      return objectIn(c, p, path, ctx);
    case "array":
      return arrayIn(c, p, path, ctx);
    default:
      return OK;
  }
}

/** One way the parent is stricter; `shows(v)`: the parent rejects `v` for this reason. */
interface Problem {
  readonly text: string;
  readonly shows?: (v: unknown) => boolean;
}

/** Plain values first: fewer decimals, then smaller magnitude (`501` before `500.001`, `0.5` before `-9007199254740992`). */
function plainness(v: unknown): [number, number] {
  if (typeof v === "number") {
    const s = String(v);
    const dot = s.indexOf(".");
    return [s.includes("e") ? 20 : dot < 0 ? 0 : s.length - dot - 1, Math.abs(v)];
  }
  if (typeof v === "string") return [0, v.length];
  return [0, 0];
}

/** Looks for a value the child node accepts and the parent node rejects among `candidates`. */
function search(
  c: ArgumentSchema,
  p: ArgumentSchema,
  candidates: readonly unknown[],
  path: SchemaPath,
  ctx: Ctx,
  problems: readonly (string | Problem)[],
): Sub {
  const list = problems.map((x) => (typeof x === "string" ? { text: x } : x));
  const ordered = [...candidates].sort((a, b) => {
    const pa = plainness(a);
    const pb = plainness(b);
    return pa[0] - pb[0] || pa[1] - pb[1];
  });
  // a value the child surely accepts; else one its own zod checks decide (confirmed or not by `verify` later)
  let maybe: unknown;
  let found = false;
  const leafOf = (v: unknown) => `${formatSchemaPath(path)}|${JSON.stringify(v)}`;
  for (const v of ordered) {
    if (ctx.excluded.has(leafOf(v)) || accepts(p, v, ctx.parentRoot) !== false) continue;
    const c0 = accepts(c, v, ctx.childRoot);
    if (c0 === true) {
      maybe = v;
      found = true;
      break;
    }
    if (c0 === "unknown" && !found) {
      maybe = v;
      found = true;
    }
  }
  if (found) {
    const shown = list.filter((x) => x.shows?.(maybe) ?? true);
    return { k: "witness", path, value: maybe, why: (shown.length > 0 ? shown : list).map((x) => x.text).join("; "), leaf: leafOf(maybe) };
  }
  const narrowed = (marks(c).narrowed ?? []).length > 0;
  return {
    k: "unknown",
    path,
    why: `${list.map((x) => x.text).join("; ")} (${narrowed ? "the child's own checks (e.g. a .refine()) may exclude those values, which cannot be decided" : "no value was found that shows it"})`,
  };
}

function num(n: ArgumentSchema, k: string): number | undefined {
  const v = n[k];
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

function stringIn(c: ArgumentSchema, p: ArgumentSchema, path: SchemaPath, ctx: Ctx): Sub {
  const problems: string[] = [];
  const extra: string[] = [];
  const cmin = num(c, "minLength") ?? 0;
  const pmin = num(p, "minLength") ?? 0;
  const cmax = num(c, "maxLength");
  const pmax = num(p, "maxLength");
  if (cmin < pmin) {
    problems.push(`the parent requires at least ${plural(pmin, "character")}, the child accepts ${cmin}`);
    for (let l = cmin; l < pmin && l < cmin + 3; l++) extra.push("a".repeat(l), "0".repeat(l));
  }
  if (pmax !== undefined && (cmax === undefined || cmax > pmax)) {
    problems.push(`the parent allows at most ${plural(pmax, "character")}, the child ${cmax === undefined ? "has no maximum" : `allows ${cmax}`}`);
    extra.push("a".repeat(pmax + 1), "0".repeat(pmax + 1));
  }
  const cPatterns = new Set(patternsOf(c));
  const missing = patternsOf(p).filter((x) => !cPatterns.has(x));
  if (missing.length > 0)
    problems.push(
      `the parent requires the pattern /${missing[0]}/${cPatterns.size > 0 ? `, the child's patterns differ (/${[...cPatterns].join("/, /")}/)` : ", the child has none"}`,
    );
  const pFormat = typeof p["format"] === "string" && patternsOf(p).length === 0 ? p["format"] : undefined;
  if (pFormat !== undefined && c["format"] !== pFormat) problems.push(`the parent requires format "${pFormat}", the child does not`);
  if (problems.length === 0) return OK;
  const r = search(c, p, stringCandidates(c, extra), path, ctx, problems);
  if (r.k === "unknown" && missing.length > 0 && problems.length === 1) {
    return {
      k: "unknown",
      path,
      why: `the parent requires the pattern /${missing[0]}/ and the child's string is not limited by the same pattern; patterns are compared only for equality`,
    };
  }
  return r;
}

interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

function isIntegerOnly(n: ArgumentSchema): boolean {
  const t = typesOf(n) ?? [];
  return (t.includes("integer") && !t.includes("number")) || (num(n, "multipleOf") !== undefined && Number.isInteger(num(n, "multipleOf")));
}

function lower(n: ArgumentSchema): Bound | undefined {
  const min = num(n, "minimum");
  const ex = num(n, "exclusiveMinimum");
  let b: Bound | undefined = min !== undefined ? { value: min, exclusive: false } : undefined;
  if (ex !== undefined && (!b || ex >= b.value)) b = { value: ex, exclusive: true };
  if (b && isIntegerOnly(n)) b = { value: b.exclusive ? Math.floor(b.value) + 1 : Math.ceil(b.value), exclusive: false };
  return b;
}

function upper(n: ArgumentSchema): Bound | undefined {
  const max = num(n, "maximum");
  const ex = num(n, "exclusiveMaximum");
  let b: Bound | undefined = max !== undefined ? { value: max, exclusive: false } : undefined;
  if (ex !== undefined && (!b || ex <= b.value)) b = { value: ex, exclusive: true };
  if (b && isIntegerOnly(n)) b = { value: b.exclusive ? Math.ceil(b.value) - 1 : Math.floor(b.value), exclusive: false };
  return b;
}

function boundText(b: Bound | undefined, side: "lower" | "upper"): string {
  if (!b) return side === "lower" ? "no minimum" : "no maximum";
  return side === "lower" ? (b.exclusive ? `more than ${b.value}` : `at least ${b.value}`) : b.exclusive ? `less than ${b.value}` : `at most ${b.value}`;
}

function numberIn(c: ArgumentSchema, p: ArgumentSchema, path: SchemaPath, ctx: Ctx): Sub {
  const problems: Problem[] = [];
  const cInt = isIntegerOnly(c);
  const pTypes = typesOf(p) ?? [];
  const pIntType = pTypes.includes("integer") && !pTypes.includes("number");
  const isNum = (v: unknown): v is number => typeof v === "number";
  if (pIntType && !cInt)
    problems.push({ text: "the parent accepts only integers, the child accepts fractions", shows: (v) => isNum(v) && !Number.isInteger(v) });
  const cl = lower(c);
  const pl = lower(p);
  if (pl && (!cl || cl.value < pl.value || (cl.value === pl.value && !cl.exclusive && pl.exclusive))) {
    problems.push({
      text: `the parent requires ${boundText(pl, "lower")}, the child ${cl ? `accepts ${boundText(cl, "lower")}` : "has no minimum"}`,
      shows: (v) => isNum(v) && (v < pl.value || (pl.exclusive && v === pl.value)),
    });
  }
  const cu = upper(c);
  const pu = upper(p);
  if (pu && (!cu || cu.value > pu.value || (cu.value === pu.value && !cu.exclusive && pu.exclusive))) {
    problems.push({
      text: `the parent allows ${boundText(pu, "upper")}, the child ${cu ? `allows ${boundText(cu, "upper")}` : "has no maximum"}`,
      shows: (v) => isNum(v) && (v > pu.value || (pu.exclusive && v === pu.value)),
    });
  }
  const pm = num(p, "multipleOf");
  if (pm !== undefined) {
    const cm = num(c, "multipleOf") ?? (cInt ? 1 : undefined);
    if (cm === undefined || !isMultiple(cm, pm))
      problems.push({
        text: `the parent requires multiples of ${pm}, the child ${cm === undefined ? "does not" : `accepts multiples of ${cm}`}`,
        shows: (v) => isNum(v) && !isMultiple(v, pm),
      });
  }
  if (problems.length === 0) return OK;
  return search(c, p, numberCandidates(c, numberCandidates(p)), path, ctx, problems);
}

function requiredOf(n: ArgumentSchema): string[] {
  return Array.isArray(n["required"]) ? (n["required"] as string[]).filter((x) => typeof x === "string") : [];
}

function propsOf(n: ArgumentSchema): Record<string, unknown> {
  return isRecord(n["properties"]) ? n["properties"] : {};
}

function objectWith(c: ArgumentSchema, ctx: Ctx, path: SchemaPath, reason: string, set: Record<string, unknown>, omit?: string, leaf?: string): Sub {
  const o = sampleObject(c, ctx.childRoot, 0, set, omit);
  if (!o) return { k: "unknown", path, why: `${reason} (no complete argument object could be built to show it)` };
  return { k: "witness", path, value: o.value, why: reason, ...(leaf ? { leaf } : {}) };
}

function freshKey(c: ArgumentSchema, p: ArgumentSchema): string {
  const used = new Set([...Object.keys(propsOf(c)), ...Object.keys(propsOf(p))]);
  for (const k of ["extra", "unexpected", "x", "other_field"]) if (!used.has(k)) return k;
  let i = 0;
  while (used.has(`extra${i}`)) i++;
  return `extra${i}`;
}

function objectIn(c: ArgumentSchema, p: ArgumentSchema, path: SchemaPath, ctx: Ctx): Sub {
  const cReq = new Set(requiredOf(c));
  for (const r of requiredOf(p)) {
    if (cReq.has(r)) continue;
    return objectWith(
      c,
      ctx,
      [...path, r],
      `the parent requires "${r}", the child ${propertyAt(c, r) === false ? "does not allow it" : "makes it optional"}`,
      {},
      r,
    );
  }
  const keys = new Set([...Object.keys(propsOf(c)), ...Object.keys(propsOf(p))]);
  for (const k of keys) {
    const ck = propertyAt(c, k);
    if (ck === false) continue;
    const pk = propertyAt(p, k);
    const r = cmp(ck, pk, [...path, k], ctx);
    if (r.k === "unknown") return r;
    if (r.k === "witness") {
      const reason = pk === false ? `the child accepts the key "${k}", the parent does not` : r.why;
      return objectWith(c, ctx, r.path, reason, { [k]: r.value }, undefined, r.leaf);
    }
  }
  const cAdd = c["additionalProperties"] ?? true;
  if (cAdd !== false) {
    const key = freshKey(c, p);
    const pAdd = p["additionalProperties"] ?? true;
    const r = cmp(cAdd as Node, pAdd as Node, [...path, key], ctx);
    if (r.k === "unknown") return r;
    if (r.k === "witness") {
      const reason = pAdd === false ? "the parent rejects unknown keys (a strict object), the child accepts them" : `unknown keys: ${r.why}`;
      return objectWith(c, ctx, r.path, reason, { [key]: r.value }, undefined, r.leaf);
    }
    const pNames = p["propertyNames"];
    if (isRecord(pNames)) {
      const cNames = isRecord(c["propertyNames"]) ? c["propertyNames"] : { type: "string" };
      const rn = cmp(cNames, pNames, [...path, "(keys)"], ctx);
      if (rn.k === "unknown") return rn;
      if (rn.k === "witness" && typeof rn.value === "string") {
        const v = sample(cAdd as Node, ctx.childRoot);
        if (v)
          return objectWith(c, ctx, [...path, rn.value], `the child accepts the key ${show(rn.value)}, the parent's keys are limited`, { [rn.value]: v.value });
      }
    }
  }
  return OK;
}

function arrayIn(c: ArgumentSchema, p: ArgumentSchema, path: SchemaPath, ctx: Ctx): Sub {
  const cmin = num(c, "minItems") ?? 0;
  const pmin = num(p, "minItems") ?? 0;
  const cmax = num(c, "maxItems");
  const pmax = num(p, "maxItems");
  const arrayOf = (length: number, reason: string, at?: { index: number; value: unknown }, leaf?: string): Sub => {
    const a = sampleArray(c, ctx.childRoot, 0, at, length);
    return a
      ? { k: "witness", path: at ? [...path, at.index] : path, value: a.value, why: reason, ...(leaf ? { leaf } : {}) }
      : { k: "unknown", path, why: `${reason} (no array could be built to show it)` };
  };
  if (cmin < pmin) return arrayOf(cmin, `the parent requires at least ${pmin} items, the child accepts ${cmin}`);
  if (pmax !== undefined && (cmax === undefined || cmax > pmax))
    return arrayOf(pmax + 1, `the parent allows at most ${pmax} items, the child ${cmax === undefined ? "has no maximum" : `allows ${cmax}`}`);
  const prefixLen = Math.max(Array.isArray(c["prefixItems"]) ? c["prefixItems"].length : 0, Array.isArray(p["prefixItems"]) ? p["prefixItems"].length : 0);
  for (let i = 0; i <= prefixLen; i++) {
    if (cmax !== undefined && i >= cmax) break;
    const ci = itemAt(c, i);
    if (ci === false) break;
    const r = cmp(ci, itemAt(p, i), [...path, i], ctx);
    if (r.k === "unknown") return r;
    if (r.k === "witness") return arrayOf(Math.max(cmin, i + 1), r.why, { index: i, value: r.value }, r.leaf);
  }
  return OK;
}
