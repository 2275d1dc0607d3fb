/**
 * The argument schema the refinement check compares: a tool's zod input schema as JSON Schema
 * (what `z.toJSONSchema(schema, { io: "input" })` emits, the same shape the model sees), with
 * what JSON Schema cannot say about the zod schema attached to the node it applies to under the
 * `x-concordat` key:
 *
 * - `narrowed`: the zod schema accepts fewer values than the JSON Schema says: a `.refine()` /
 *   `.superRefine()` / `.check(fn)`, a pipe's output side, a transform, or a type JSON Schema
 *   cannot express (`z.date()`, `z.bigint()`, `z.custom()`, ...). Each entry has an identity, so
 *   the same refinement object in a child and its parent is recognized as the same constraint.
 * - `widened`: the zod schema accepts more values than the JSON Schema says: `z.coerce.*`,
 *   `z.preprocess(...)`, `.catch(...)`.
 *
 * Used at import time on the real zod schemas, and by the static analyzer on zod schemas it
 * rebuilds from source (see `analyzer/model/zod-schema.ts`), so both compare the same shape.
 *
 * @internal
 */

/** A JSON Schema object (plain data). */
export type ArgumentSchema = { readonly [key: string]: unknown };

/** The key under which zod-only facts are attached to a JSON Schema node. */
export const MARKS_KEY = "x-concordat";

export interface Narrowing {
  /** `refine`, `pipe`, `transform`, or `type:<zod type>` for types JSON Schema cannot express. */
  readonly by: string;
  /** Identity of the constraint: equal ids mean the same constraint object (or the same type). */
  readonly id: string;
}

export type Widening = "coerce" | "preprocess" | "catch";

export interface SchemaMarks {
  readonly narrowed?: readonly Narrowing[];
  readonly widened?: Widening;
}

/** Types `z.toJSONSchema` renders as `{}` (anything) although they accept only some values. */
const UNREPRESENTABLE = new Set(["custom", "function", "transform", "map", "set", "bigint", "symbol", "undefined", "void", "date", "nan", "file", "promise"]);

const ids = new WeakMap<object, number>();
let nextId = 0;

/** A process-wide identity for an object (a zod schema or check), as a string. */
export function identityOf(o: object): string {
  let n = ids.get(o);
  if (n === undefined) {
    n = ++nextId;
    ids.set(o, n);
  }
  return `#${n}`;
}

interface ZodLike {
  readonly _zod: { readonly def: Record<string, unknown> & { readonly type: string } };
  toJSONSchema?: (params: Record<string, unknown>) => Record<string, unknown>;
}

function isZod(x: unknown): x is ZodLike {
  return typeof x === "object" && x !== null && typeof (x as { _zod?: { def?: unknown } })._zod?.def === "object";
}

/** Wrapped schemas whose JSON Schema is (or contains) their inner schema's. */
function innerOf(def: Record<string, unknown>, self: ZodLike): ZodLike | undefined {
  const inner = def["innerType"];
  if (isZod(inner)) return inner;
  if (def["type"] === "pipe") {
    const input = def["in"];
    if (isZod(input)) return input._zod.def.type === "transform" && isZod(def["out"]) ? (def["out"] as ZodLike) : input;
  }
  if (def["type"] === "lazy") {
    const lazyInner = (self._zod as { innerType?: unknown }).innerType;
    if (isZod(lazyInner)) return lazyInner;
  }
  return undefined;
}

/** The zod-only facts of one schema node, including those of the schemas it wraps. */
export function marksOf(schema: unknown): SchemaMarks {
  const narrowed: Narrowing[] = [];
  let widened: Widening | undefined;
  const seen = new Set<object>();
  for (let s: ZodLike | undefined = isZod(schema) ? schema : undefined; s && !seen.has(s);) {
    seen.add(s);
    const def = s._zod.def;
    for (const c of (def["checks"] as unknown[] | undefined) ?? []) {
      const cd = (c as { _zod?: { def?: { check?: string } } })._zod?.def;
      if (cd?.check === "custom") narrowed.push({ by: "refine", id: identityOf(c as object) });
    }
    if (def.type === "pipe") {
      const input = def["in"];
      if (isZod(input) && input._zod.def.type === "transform") widened ??= "preprocess";
      else narrowed.push({ by: "pipe", id: identityOf(s) });
    } else if (def.type === "catch") widened ??= "catch";
    else if (def.type === "transform") narrowed.push({ by: "transform", id: identityOf(s) });
    else if (def.type === "custom") narrowed.push({ by: "custom", id: identityOf(s) });
    else if (UNREPRESENTABLE.has(def.type)) narrowed.push({ by: `type:${def.type}`, id: `type:${def.type}` });
    else if (def.type === "literal" && ((def["values"] as unknown[] | undefined) ?? []).some((v) => v === undefined || typeof v === "bigint")) {
      narrowed.push({ by: "type:literal", id: `literal:${((def["values"] as unknown[]) ?? []).map(String).join("|")}` });
    }
    if (def["coerce"] === true) widened ??= "coerce";
    s = innerOf(def, s);
  }
  return { ...(narrowed.length > 0 ? { narrowed } : {}), ...(widened ? { widened } : {}) };
}

const cache = new WeakMap<object, ArgumentSchema>();

/**
 * The argument schema of a zod schema (memoized per schema object). Throws a `TypeError` naming
 * the problem when the value is not a zod 4 schema.
 */
export function argumentSchema(schema: unknown): ArgumentSchema {
  if (!isZod(schema) || typeof schema.toJSONSchema !== "function") {
    throw new TypeError(
      `expected a zod 4 schema (with .toJSONSchema()), got ${schema === null ? "null" : typeof schema}. Fix: declare the tool's input with zod 4, e.g. input: z.object({...}).`,
    );
  }
  const hit = cache.get(schema);
  if (hit) return hit;
  const json = schema.toJSONSchema({
    unrepresentable: "any",
    io: "input",
    override: (ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }) => {
      const m = marksOf(ctx.zodSchema);
      if (m.narrowed || m.widened) ctx.jsonSchema[MARKS_KEY] = m;
    },
  });
  delete json["$schema"];
  cache.set(schema, json);
  return json;
}

/**
 * Def types whose argument schema (JSON Schema and marks) is a function of their def alone, so
 * two schemas with equal defs have equal argument schemas. The others (`pipe`, `transform`,
 * `custom`, `lazy`, `function`, `promise`) are marked or resolved by identity: equal only when
 * they are the same object.
 */
const STRUCTURAL = new Set([
  "string",
  "number",
  "boolean",
  "bigint",
  "symbol",
  "null",
  "undefined",
  "void",
  "never",
  "any",
  "unknown",
  "date",
  "nan",
  "file",
  "literal",
  "enum",
  "template_literal",
  "array",
  "object",
  "tuple",
  "record",
  "map",
  "set",
  "union",
  "intersection",
  "optional",
  "nullable",
  "nonoptional",
  "readonly",
  "default",
  "prefault",
  "catch",
  "success",
]);

/** Deeper than this, `sameInputSchema` answers "not known to be the same" instead of walking on. */
const MAX_DEPTH = 64;

interface ZodRegistryLike {
  get(schema: object): unknown;
}

/** zod 4's global registry (descriptions, titles, ids), shared by every copy of zod in the process. */
function metadataOf(schema: object): unknown {
  const registry = (globalThis as { __zod_globalRegistry?: ZodRegistryLike }).__zod_globalRegistry;
  return registry === undefined ? undefined : registry.get(schema);
}

/**
 * Whether two zod schemas are the same schema written twice: the same classes, equal defs (key
 * order included), the same metadata, and the very same objects wherever `argumentSchema` marks
 * by identity (a `.refine()` check, a pipe, a transform, `z.custom`, `z.lazy`) or the def holds a
 * function or computes a value (a default or catch value, never called here). When true, `argumentSchema(a)` and
 * `argumentSchema(b)` are equal, so the one contains the other; the refinement check uses this to
 * skip converting a subclass protocol's copy of its parent's schema. `false` means only "not
 * shown to be the same" (the schemas are then converted and compared).
 */
export function sameInputSchema(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isZod(a) || !isZod(b)) return false;
  return sameSchema(a, b, 0);
}

function sameSchema(a: ZodLike, b: ZodLike, depth: number): boolean {
  if (a === b) return true;
  if (depth > MAX_DEPTH || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  // a hand-set JSON Schema override (zod's `_zod.toJSONSchema` hook) renders regardless of the def
  if ((a._zod as { toJSONSchema?: unknown }).toJSONSchema !== undefined || (b._zod as { toJSONSchema?: unknown }).toJSONSchema !== undefined) return false;
  const da = a._zod.def;
  const db = b._zod.def;
  // a check (`.min(1)`, `.email()`) is compared by its def; a custom check (`.refine()`) by identity
  const check = da["check"];
  if (check === "custom" || (check === undefined && !STRUCTURAL.has(da.type))) return false;
  if (!sameMetadata(a, b)) return false;
  return sameDef(da, db, depth + 1);
}

function sameMetadata(a: object, b: object): boolean {
  const ma = metadataOf(a);
  const mb = metadataOf(b);
  if (ma === undefined || mb === undefined) return ma === mb;
  try {
    return JSON.stringify(ma) === JSON.stringify(mb);
  } catch {
    return false;
  }
}

/** zod def keys whose value is computed on read (a default or catch value, possibly by a user function): compared as accessors, never called. */
const COMPUTED_DEF_KEYS = new Set(["defaultValue", "catchValue", "getter"]);

/** Two defs: the same keys in the same order, each pair the same value (an object's `shape` is read, as zod itself does on first use). */
function sameDef(a: Record<string, unknown>, b: Record<string, unknown>, depth: number): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i]) return false;
    if (COMPUTED_DEF_KEYS.has(k)) {
      if (!sameProperty(a, b, k, depth)) return false;
    } else if (!sameValue(a[k], b[k], depth)) return false;
  }
  return true;
}

/** Plain data (a shape, an enum's entries): the same keys in order, each the same value; a getter only as the same getter (never called). */
function sameRecord(a: object, b: object, depth: number): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameProperty(a, b, k, depth)) return false;
  }
  return true;
}

function sameProperty(a: object, b: object, k: string, depth: number): boolean {
  const pa = Object.getOwnPropertyDescriptor(a, k)!;
  const pb = Object.getOwnPropertyDescriptor(b, k)!;
  if (pa.get !== undefined || pb.get !== undefined || pa.set !== undefined || pb.set !== undefined) return pa.get === pb.get && pa.set === pb.set;
  return sameValue(pa.value, pb.value, depth);
}

function sameValue(a: unknown, b: unknown, depth: number): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (depth > MAX_DEPTH) return false;
  if (isZod(a) || isZod(b)) return isZod(a) && isZod(b) && sameSchema(a, b, depth);
  if (a instanceof RegExp || b instanceof RegExp) return a instanceof RegExp && b instanceof RegExp && a.source === b.source && a.flags === b.flags;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i], depth + 1)) return false;
    return true;
  }
  const pa = Object.getPrototypeOf(a) as unknown;
  // plain data only (a shape, an enum's entries, a literal's values); anything else by identity
  if (pa !== Object.getPrototypeOf(b) || (pa !== Object.prototype && pa !== null)) return false;
  return sameRecord(a, b, depth + 1);
}
