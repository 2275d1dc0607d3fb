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
