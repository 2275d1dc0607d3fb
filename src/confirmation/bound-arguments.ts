/**
 * The arguments a confirmed write runs with: a copy of the parsed arguments made of plain data
 * only, read once. A grant is bound to the canonical JSON of the arguments (`canonicalHash`); the
 * body must read exactly what was hashed. Parsed arguments can say more than their canonical
 * JSON: a `toJSON` method or a getter answers one thing to the hash and another to the body, a
 * `Map` or `Set` (a schema's `.transform`) hashes as `{}` whatever its entries, an object the
 * caller still holds can be edited between the check and the body's first read, `-0` hashes as
 * `0`, an array hole as `null`. The copy removes all of these as a class: every value is read
 * once into a fresh object or array, the hash is taken of the copy, and the body gets the copy.
 * What has no faithful plain-data copy is refused, by path.
 *
 * @internal
 */
import { ConcordatError } from "../errors/concordat-error.js";

/** Why a value cannot be bound: where, and what it is. */
export interface UnboundValue {
  /** Where in the arguments, e.g. `$.lines` or `$.passengers[1].name`. */
  readonly path: string;
  /** What was found there, e.g. `a Map`, `an accessor property (getter/setter)`. */
  readonly found: string;
}

/** The copy, or where it could not be made. */
export type BoundArguments = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: UnboundValue };

/** Thrown inside the copy only, caught by `bindArguments`. */
class Unbound extends ConcordatError<"not_plain_data"> {
  readonly problem: UnboundValue;
  constructor(problem: UnboundValue) {
    super("not_plain_data", `${problem.path}: ${problem.found} cannot be bound to a confirmation; pass plain JSON data`);
    this.name = "Unbound";
    this.problem = problem;
  }
}

const MAX_DEPTH = 64;

/**
 * A plain-data copy of parsed arguments (see the top of this file): strings, booleans, finite
 * numbers (`-0` as `0`), `null`, arrays without holes or `undefined` elements, objects whose
 * prototype is `Object.prototype` or `null` with only enumerable string-keyed data properties
 * (members that are `undefined` are dropped, as canonical JSON drops them), and `Date`s (copied).
 * @param value The arguments as the tool's schema parsed them.
 */
export function bindArguments(value: unknown): BoundArguments {
  try {
    return { ok: true, value: copy(value, "$", 0) };
  } catch (e) {
    if (e instanceof Unbound) return { ok: false, problem: e.problem };
    throw e;
  }
}

function fail(path: string, found: string): never {
  throw new Unbound({ path, found });
}

function copy(value: unknown, path: string, depth: number): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) return fail(path, `the number ${String(value)}`);
      return value === 0 ? 0 : value;
    case "undefined":
      return fail(path, "undefined");
    case "bigint":
      return fail(path, `the bigint ${String(value)}n`);
    case "function":
      return fail(path, "a function");
    case "symbol":
      return fail(path, "a symbol");
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) return fail(path, `a value nested deeper than ${MAX_DEPTH} levels (or a cycle)`);
  const obj = value as object;
  const proto = Object.getPrototypeOf(obj) as object | null;
  if (Array.isArray(obj)) {
    if (proto !== Array.prototype) return fail(path, "an array of another class");
    const length = obj.length;
    const out: unknown[] = [];
    for (let i = 0; i < length; i++) {
      const d = Object.getOwnPropertyDescriptor(obj, i);
      if (d === undefined) return fail(`${path}[${i}]`, "a hole in an array");
      if (!("value" in d)) return fail(`${path}[${i}]`, "an accessor property (getter/setter)");
      out.push(copy(d.value, `${path}[${i}]`, depth + 1));
    }
    for (const k of Reflect.ownKeys(obj)) {
      if (k === "length" || (typeof k === "string" && /^(0|[1-9]\d*)$/.test(k) && Number(k) < length)) continue;
      return fail(`${path}[${typeof k === "string" ? JSON.stringify(k) : String(k)}]`, "an extra property on an array");
    }
    return out;
  }
  if (proto === Date.prototype) {
    let time: number;
    try {
      time = Date.prototype.getTime.call(obj as Date);
    } catch {
      return fail(path, "an object posing as a Date");
    }
    if (Reflect.ownKeys(obj).length > 0) return fail(path, "a Date with own properties");
    return new Date(time);
  }
  if (proto !== Object.prototype && proto !== null) {
    const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
    return fail(path, typeof name === "string" && name !== "" ? `a ${name}` : "an object of a class");
  }
  const out = Object.create(proto) as Record<string, unknown>;
  for (const k of Reflect.ownKeys(obj)) {
    const at = childPath(path, k);
    if (typeof k === "symbol") return fail(at, "a symbol-keyed property");
    const d = Object.getOwnPropertyDescriptor(obj, k);
    if (d === undefined) continue;
    if (!("value" in d)) return fail(at, "an accessor property (getter/setter)");
    if (d.enumerable !== true) return fail(at, "a non-enumerable property");
    if (d.value === undefined) continue;
    Object.defineProperty(out, k, { value: copy(d.value, at, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function childPath(parent: string, key: string | symbol): string {
  if (typeof key === "symbol") return `${parent}[${String(key)}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * The refusal's sentence: the tool, where, what was found, and the fix.
 * @param tool The confirmed tool.
 * @param problem Where the copy could not be made.
 */
export function unboundMessage(tool: string, problem: UnboundValue): string {
  return `Arguments of "${tool}" cannot be bound to the user's confirmation: ${problem.path} is ${problem.found}, which the grant's canonical JSON would not capture as the body reads it. Fix: pass plain JSON data (objects, arrays without holes, strings, finite numbers, booleans, null; Dates), and keep Maps, Sets and class instances out of a confirmed tool's parsed arguments.`;
}

/** A path such as `$.lines[2].name` as its parts (`["lines", "2", "name"]`), as zod issues give them. */
export function pathParts(path: string): string[] {
  const parts: string[] = [];
  const re = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\[([^\]]*)\]/g;
  for (let m = re.exec(path); m !== null; m = re.exec(path)) parts.push(m[1] ?? m[2] ?? (m[3] !== undefined ? (JSON.parse(m[3]) as string) : m[4]!));
  return parts;
}
