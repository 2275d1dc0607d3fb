/**
 * Canonical comparison of database values, normalized the way tau2's oracle file is: object
 * keys unordered, null/undefined fields dropped, numbers compared as numbers (so `5.0` and `5`
 * are equal, as whole-number floats are written as integers).
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const present = (o: Record<string, unknown>): string[] => Object.keys(o).filter((k) => o[k] !== null && o[k] !== undefined);

/** The normalized value: keys sorted, null/undefined fields dropped. */
export function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalize);
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const k of present(value).sort()) out[k] = canonicalize(value[k]);
    return out;
  }
  return value;
}

/** Canonical JSON text (sorted keys, no null fields). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

/** Deep equality under the canonical normalization, without building strings. */
export function canonicalEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!canonicalEqual(a[i], b[i])) return false;
    return true;
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = present(a);
    const kb = present(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) if (!canonicalEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

const show = (v: unknown): string => (v === undefined || v === null ? "(absent)" : JSON.stringify(canonicalize(v)).slice(0, 200));

/**
 * The paths where two values differ (canonically), e.g.
 * `reservations.GV1N64.payment_history[1].amount: expected -5244, got (absent)`. Stops at `limit`.
 */
export function canonicalDiff(expected: unknown, actual: unknown, path: string, out: string[] = [], limit = 50): string[] {
  if (out.length >= limit || canonicalEqual(expected, actual)) return out;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) {
      out.push(`${path}: expected ${expected.length} items ${show(expected)}, got ${actual.length} items ${show(actual)}`);
      return out;
    }
    for (let i = 0; i < expected.length && out.length < limit; i++) canonicalDiff(expected[i], actual[i], `${path}[${i}]`, out, limit);
    return out;
  }
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...present(expected), ...present(actual)])].sort();
    for (const k of keys) {
      if (out.length >= limit) break;
      canonicalDiff(expected[k], actual[k], `${path}.${k}`, out, limit);
    }
    return out;
  }
  out.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
  return out;
}
