import { createHash } from "node:crypto";

/**
 * Canonical JSON: object keys sorted (by UTF-16 code units, as `Array.prototype.sort` does),
 * no whitespace, numbers in their shortest round-trip form with `-0` written as `0` (so `1.0`
 * and `1` are the same value), `undefined` object members dropped (as `JSON.stringify` does).
 * Two values that mean the same arguments have the same canonical text and hash, whatever
 * their key order.
 */
export function canonicalJson(value: unknown): string {
  return write(value, "$", new Set());
}

/** SHA-256 (hex) of the canonical JSON of a value. */
export function canonicalHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value), "utf8").digest("hex");
}

/** Whether two values have the same canonical JSON. */
export function canonicallyEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * A value that has no canonical JSON form (NaN, Infinity, a bigint, a function, a cycle). An
 * invalid argument, so a `TypeError` (not a `ConcordatError`), with a `code` like every library error.
 */
export class CanonicalJsonError extends TypeError {
  readonly code = "not_canonical_json";
  /** Where in the value, e.g. `$.passengers[1].age`. */
  readonly path: string;
  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = "CanonicalJsonError";
    this.path = path;
  }
}

function write(value: unknown, path: string, stack: Set<object>): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) throw new CanonicalJsonError(path, `${value} has no JSON form. Fix: pass a finite number (or null).`);
      return Object.is(value, -0) ? "0" : JSON.stringify(value);
    case "bigint":
      throw new CanonicalJsonError(path, `bigint ${value}n has no JSON form. Fix: pass it as a string or a safe integer.`);
    case "undefined":
      return "null";
    case "function":
    case "symbol":
      throw new CanonicalJsonError(path, `a ${typeof value} has no JSON form. Fix: pass plain data.`);
  }
  const obj = value as object;
  const toJSON = (obj as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return write((toJSON as () => unknown).call(obj), path, stack);
  if (stack.has(obj)) throw new CanonicalJsonError(path, "the value contains a cycle. Fix: pass a tree of plain data.");
  stack.add(obj);
  try {
    if (Array.isArray(obj)) {
      return `[${obj.map((v, i) => (v === undefined || typeof v === "function" || typeof v === "symbol" ? "null" : write(v, `${path}[${i}]`, stack))).join(",")}]`;
    }
    const keys = Object.keys(obj).sort();
    const parts: string[] = [];
    for (const k of keys) {
      const v = (obj as Record<string, unknown>)[k];
      if (v === undefined) continue;
      parts.push(`${JSON.stringify(k)}:${write(v, childPath(path, k), stack)}`);
    }
    return `{${parts.join(",")}}`;
  } finally {
    stack.delete(obj);
  }
}

function childPath(parent: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** One difference between the confirmed and the attempted arguments. */
export interface ArgumentChange {
  /** Where, e.g. `amount`, `passengers[1].name` (empty string for the whole value). */
  readonly path: string;
  readonly kind: "changed" | "added" | "removed";
  /** The confirmed value (absent when `added`). */
  readonly confirmed?: unknown;
  /** The attempted value (absent when `removed`). */
  readonly attempted?: unknown;
}

/**
 * The paths where the attempted arguments differ from the confirmed ones, compared canonically
 * (key order and `1.0`/`1` do not count as changes). Empty when they are canonically equal.
 */
export function argumentDiff(confirmed: unknown, attempted: unknown): ArgumentChange[] {
  const out: ArgumentChange[] = [];
  diff(normalize(confirmed), normalize(attempted), "", out);
  return out;
}

/** The value as canonical JSON would read it back (drops undefined members, applies toJSON, -0 → 0). */
function normalize(value: unknown): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(canonicalJson(value)) as unknown;
}

function diff(a: unknown, b: unknown, path: string, out: ArgumentChange[]): void {
  if (a === undefined && b === undefined) return;
  if (a === undefined) return void out.push({ path, kind: "added", attempted: b });
  if (b === undefined) return void out.push({ path, kind: "removed", confirmed: a });
  const aObj = isPlainObject(a);
  const bObj = isPlainObject(b);
  if (aObj && bObj) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) diff(a[k], b[k], path === "" ? keyPath(k) : `${path}${keyPath(k).startsWith("[") ? "" : "."}${keyPath(k)}`, out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) diff(i < a.length ? a[i] : undefined, i < b.length ? b[i] : undefined, `${path}[${i}]`, out);
    return;
  }
  if (canonicalJson(a) !== canonicalJson(b)) out.push({ path, kind: "changed", confirmed: a, attempted: b });
}

function keyPath(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : `[${JSON.stringify(k)}]`;
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** A one-line rendering of a diff for messages: `amount: 250 → 300; note: added "x"`. */
export function formatArgumentDiff(changes: readonly ArgumentChange[]): string {
  return changes
    .map((c) => {
      const p = c.path === "" ? "(arguments)" : c.path;
      if (c.kind === "added") return `${p}: added ${canonicalJson(c.attempted)}`;
      if (c.kind === "removed") return `${p}: removed (was ${canonicalJson(c.confirmed)})`;
      return `${p}: ${canonicalJson(c.confirmed)} → ${canonicalJson(c.attempted)}`;
    })
    .join("; ");
}
