/**
 * Values and argument schemas (JSON Schema from zod, see `argument-schema.ts`): whether a schema
 * accepts a value, and a value a schema accepts. The refinement check uses them to test finite
 * sets of values exactly and to build and verify counterexamples.
 *
 * @internal
 */
import { MARKS_KEY, type ArgumentSchema, type SchemaMarks } from "./argument-schema.js";

/** `true` accepted, `false` rejected, `"unknown"` when zod checks the JSON Schema cannot show decide it. */
export type Verdict = true | false | "unknown";

export type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "object" | "array";

const TYPES: readonly JsonType[] = ["string", "number", "integer", "boolean", "null", "object", "array"];

export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

export function marks(node: ArgumentSchema): SchemaMarks {
  const m = node[MARKS_KEY];
  return isRecord(m) ? (m as SchemaMarks) : {};
}

/** Resolves a local `$ref` (`#`, `#/$defs/Name`, `#/definitions/Name`) against the root schema. */
export function deref(node: ArgumentSchema, root: ArgumentSchema): ArgumentSchema {
  let n = node;
  for (let i = 0; i < 32 && typeof n["$ref"] === "string"; i++) {
    const ref = n["$ref"] as string;
    if (ref === "#") n = root;
    else {
      const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
      const defs = m ? root[m[1]!] : undefined;
      const target = m && isRecord(defs) ? defs[decodeURIComponent(m[2]!.replace(/~1/g, "/").replace(/~0/g, "~"))] : undefined;
      if (!isRecord(target)) return {};
      n = target;
    }
  }
  return n;
}

/** The JSON types a node allows, or undefined when it does not say (any type). */
export function typesOf(node: ArgumentSchema): JsonType[] | undefined {
  const t = node["type"];
  if (typeof t === "string") return TYPES.includes(t as JsonType) ? [t as JsonType] : [];
  if (Array.isArray(t)) return t.filter((x): x is JsonType => TYPES.includes(x as JsonType));
  return undefined;
}

export function typeOfValue(v: unknown): JsonType | undefined {
  if (v === null) return "null";
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "boolean";
  if (typeof v === "number") return Number.isFinite(v) ? (Number.isInteger(v) ? "integer" : "number") : undefined;
  if (Array.isArray(v)) return "array";
  if (isRecord(v)) return "object";
  return undefined;
}

/** The regular-expression constraints on a string node (its `pattern` and those under `allOf`). */
export function patternsOf(node: ArgumentSchema): string[] {
  const out: string[] = [];
  if (typeof node["pattern"] === "string") out.push(node["pattern"]);
  const all = node["allOf"];
  if (Array.isArray(all)) for (const a of all) if (isRecord(a) && typeof a["pattern"] === "string") out.push(a["pattern"]);
  return out;
}

const regexCache = new Map<string, RegExp | null>();
function regex(p: string): RegExp | null {
  let r = regexCache.get(p);
  if (r === undefined) {
    try {
      r = new RegExp(p, "u");
    } catch {
      try {
        r = new RegExp(p);
      } catch {
        r = null;
      }
    }
    regexCache.set(p, r);
  }
  return r;
}

/** Formats zod checks without emitting a pattern, and a check for each. */
const PATTERNLESS_FORMATS: Readonly<Record<string, (s: string) => boolean>> = {
  uri: (s) => {
    try {
      return new URL(s).protocol.length > 0;
    } catch {
      return false;
    }
  },
};

function and(a: Verdict, b: Verdict): Verdict {
  if (a === false || b === false) return false;
  return a === "unknown" || b === "unknown" ? "unknown" : true;
}

function or(a: Verdict, b: Verdict): Verdict {
  if (a === true || b === true) return true;
  return a === "unknown" || b === "unknown" ? "unknown" : false;
}

export function equalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => equalJson(x, (b as unknown[])[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equalJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Whether `node` accepts `value`, reading JSON Schema keywords and the zod marks. */
export function accepts(node: ArgumentSchema | boolean, value: unknown, root: ArgumentSchema, depth = 0): Verdict {
  if (node === true) return true;
  if (node === false) return false;
  if (depth > 64) return "unknown";
  const n = deref(node, root);
  const m = marks(n);
  if (m.widened === "catch") return true;
  let v = structural(n, value, root, depth);
  if (v === true && m.narrowed && m.narrowed.length > 0) v = "unknown";
  if (v === false && m.widened) v = "unknown";
  return v;
}

function structural(n: ArgumentSchema, value: unknown, root: ArgumentSchema, depth: number): Verdict {
  if (isRecord(n["not"]) && Object.keys(n["not"]).length === 0) return false;
  let v: Verdict = true;
  if ("const" in n && !equalJson(n["const"], value)) return false;
  if (Array.isArray(n["enum"]) && !n["enum"].some((e) => equalJson(e, value))) return false;
  for (const key of ["anyOf", "oneOf"] as const) {
    const alts = n[key];
    if (!Array.isArray(alts)) continue;
    if (key === "anyOf") {
      let any: Verdict = false;
      for (const a of alts) any = or(any, accepts(a as ArgumentSchema, value, root, depth + 1));
      v = and(v, any);
    } else {
      const results = alts.map((a) => accepts(a as ArgumentSchema, value, root, depth + 1));
      const yes = results.filter((r) => r === true).length;
      const maybe = results.filter((r) => r === "unknown").length;
      v = and(v, yes === 1 && maybe === 0 ? true : yes + maybe === 0 || yes > 1 ? false : "unknown");
    }
    if (v === false) return false;
  }
  const types = typesOf(n);
  const vt = typeOfValue(value);
  if (value === undefined || (vt === undefined && value !== undefined)) return types === undefined && !hasKeywords(n) ? v : false;
  if (types !== undefined) {
    const ok = types.includes(vt!) || (vt === "integer" && types.includes("number"));
    if (!ok) return false;
  }
  if (vt === "string") return and(v, stringAccepts(n, value as string));
  if (vt === "integer" || vt === "number") return and(v, numberAccepts(n, value as number));
  if (vt === "array") return and(v, arrayAccepts(n, value as unknown[], root, depth));
  if (vt === "object") return and(v, objectAccepts(n, value as Record<string, unknown>, root, depth));
  return v;
}

function hasKeywords(n: ArgumentSchema): boolean {
  return Object.keys(n).some((k) => k !== MARKS_KEY && k !== "description" && k !== "title" && k !== "default" && k !== "readOnly" && k !== "examples");
}

function stringAccepts(n: ArgumentSchema, s: string): Verdict {
  const len = [...s].length;
  if (typeof n["minLength"] === "number" && len < n["minLength"]) return false;
  if (typeof n["maxLength"] === "number" && len > n["maxLength"]) return false;
  const patterns = patternsOf(n);
  for (const p of patterns) {
    const r = regex(p);
    if (!r) return "unknown";
    if (!r.test(s)) return false;
  }
  const f = n["format"];
  if (typeof f === "string" && patterns.length === 0) {
    const check = PATTERNLESS_FORMATS[f];
    if (!check) return "unknown";
    if (!check(s)) return false;
  }
  return true;
}

function numberAccepts(n: ArgumentSchema, x: number): Verdict {
  const types = typesOf(n);
  if (types && !types.includes("number") && types.includes("integer") && !Number.isInteger(x)) return false;
  if (typeof n["minimum"] === "number" && x < n["minimum"]) return false;
  if (typeof n["maximum"] === "number" && x > n["maximum"]) return false;
  if (typeof n["exclusiveMinimum"] === "number" && x <= n["exclusiveMinimum"]) return false;
  if (typeof n["exclusiveMaximum"] === "number" && x >= n["exclusiveMaximum"]) return false;
  if (typeof n["multipleOf"] === "number" && !isMultiple(x, n["multipleOf"])) return false;
  return true;
}

/** `x` is an integer multiple of `m`, as zod decides it (floating-point tolerant). */
export function isMultiple(x: number, m: number): boolean {
  if (m === 0) return false;
  const r = x / m;
  return Math.abs(r - Math.round(r)) < 1e-9 * Math.max(1, Math.abs(r));
}

/** The schema of array element `i`. */
export function itemAt(n: ArgumentSchema, i: number): ArgumentSchema | boolean {
  const prefix = n["prefixItems"];
  if (Array.isArray(prefix) && i < prefix.length) return prefix[i] as ArgumentSchema;
  const items = n["items"];
  if (items === false) return false;
  if (isRecord(items)) return items;
  return true;
}

function arrayAccepts(n: ArgumentSchema, a: unknown[], root: ArgumentSchema, depth: number): Verdict {
  if (typeof n["minItems"] === "number" && a.length < n["minItems"]) return false;
  if (typeof n["maxItems"] === "number" && a.length > n["maxItems"]) return false;
  let v: Verdict = true;
  for (let i = 0; i < a.length && v !== false; i++) v = and(v, accepts(itemAt(n, i), a[i], root, depth + 1));
  return v;
}

/** The schema a key's value must satisfy, `false` when the key is not allowed. */
export function propertyAt(n: ArgumentSchema, key: string): ArgumentSchema | boolean {
  const props = n["properties"];
  if (isRecord(props) && Object.prototype.hasOwnProperty.call(props, key)) return props[key] as ArgumentSchema;
  const add = n["additionalProperties"];
  if (add === false) return false;
  if (isRecord(add)) return add;
  return true;
}

function objectAccepts(n: ArgumentSchema, o: Record<string, unknown>, root: ArgumentSchema, depth: number): Verdict {
  const required = Array.isArray(n["required"]) ? (n["required"] as string[]) : [];
  for (const r of required) if (!Object.prototype.hasOwnProperty.call(o, r)) return false;
  let v: Verdict = true;
  const names = n["propertyNames"];
  const props = isRecord(n["properties"]) ? n["properties"] : {};
  for (const [k, x] of Object.entries(o)) {
    if (isRecord(names) && !Object.prototype.hasOwnProperty.call(props, k)) v = and(v, accepts(names, k, root, depth + 1));
    const s = propertyAt(n, k);
    v = and(v, accepts(s, x, root, depth + 1));
    if (v === false) return false;
  }
  return v;
}

// ── samples ──────────────────────────────────────────────────────────────────────────────

/** Example strings for formats zod checks, tried when a schema has a format or pattern. */
const FORMAT_SAMPLES = [
  "a@example.com",
  "00000000-0000-4000-8000-000000000000",
  "https://example.com/",
  "2024-01-01T00:00:00Z",
  "2024-01-01",
  "00:00:00",
  "P1D",
  "192.168.0.1",
  "::1",
  "+14155550123",
  "c123456789",
  "01ARZ3NDEKTSV4RRFFQ69G5FAV",
  "V1StGXR8_Z5jdHi6B-myT",
  "aGVsbG8=",
  "example.com",
  "true",
];

/** Strings to try as values of a string node, shortest first, honouring its length bounds. */
export function stringCandidates(n: ArgumentSchema, extra: readonly string[] = []): string[] {
  const min = typeof n["minLength"] === "number" ? n["minLength"] : 0;
  const max = typeof n["maxLength"] === "number" ? n["maxLength"] : Math.max(min, 8);
  const lens = [...new Set([min, Math.min(max, Math.max(min, 1)), max, Math.min(max, min + 1)])].filter((l) => l >= min && l <= max && l <= 10_000);
  const out: string[] = [...extra];
  for (const l of lens) for (const c of ["a", "A", "0", " ", "-", "_", "!"]) out.push(c.repeat(l));
  out.push(...FORMAT_SAMPLES);
  for (const p of patternsOf(n)) out.push(...literalOfPattern(p));
  if (Array.isArray(n["enum"])) for (const e of n["enum"]) if (typeof e === "string") out.push(e);
  if (typeof n["const"] === "string") out.push(n["const"]);
  return [...new Set(out)];
}

/** `^abc.*` → "abc", `.*xyz$` → "xyz": literal prefixes and suffixes of simple patterns. */
function literalOfPattern(p: string): string[] {
  const out: string[] = [];
  const pre = /^\^([A-Za-z0-9 _-]*)/.exec(p);
  if (pre?.[1]) out.push(pre[1], pre[1] + "a");
  const suf = /([A-Za-z0-9 _-]*)\$$/.exec(p);
  if (suf?.[1]) out.push(suf[1], "a" + suf[1]);
  if (pre?.[1] && suf?.[1]) out.push(pre[1] + suf[1], pre[1] + "a" + suf[1]);
  return out;
}

/** Numbers to try for a number node: its bounds and their neighbours, and a few landmarks. */
export function numberCandidates(n: ArgumentSchema, extra: readonly number[] = []): number[] {
  const out: number[] = [...extra];
  const steps = [0, 1, 0.5, 0.25, 0.001, 2];
  const m = typeof n["multipleOf"] === "number" ? n["multipleOf"] : undefined;
  for (const k of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
    const b = n[k];
    if (typeof b !== "number") continue;
    for (const s of steps) out.push(b + s, b - s);
    if (m) out.push(Math.ceil(b / m) * m, Math.floor(b / m) * m, (Math.floor(b / m) + 1) * m, (Math.ceil(b / m) - 1) * m);
  }
  out.push(0, 1, -1, 0.5, -0.5, 2, 10, 100, 1e6, -1e6, 1e15);
  if (m) out.push(m, -m, 0, m * 2);
  return [...new Set(out.filter((x) => Number.isFinite(x)))];
}

/** A value `node` accepts (undefined when none is found). */
export function sample(node: ArgumentSchema | boolean, root: ArgumentSchema, depth = 0): { value: unknown } | undefined {
  if (node === false || depth > 16) return undefined;
  if (node === true) return { value: "x" };
  const n = deref(node, root);
  const candidates = valueCandidates(n, root, depth);
  for (const c of candidates) if (accepts(n, c, root) === true) return { value: c };
  return undefined;
}

function valueCandidates(n: ArgumentSchema, root: ArgumentSchema, depth: number): unknown[] {
  const out: unknown[] = [];
  if ("const" in n) out.push(n["const"]);
  if (Array.isArray(n["enum"])) out.push(...n["enum"]);
  for (const key of ["anyOf", "oneOf"]) {
    const alts = n[key];
    if (Array.isArray(alts))
      for (const a of alts) {
        const s = sample(a as ArgumentSchema, root, depth + 1);
        if (s) out.push(s.value);
      }
  }
  const types = typesOf(n) ?? (hasKeywords(n) ? [] : ["string"]);
  for (const t of types) {
    if (t === "string") out.push(...stringCandidates(n));
    else if (t === "number" || t === "integer") out.push(...numberCandidates(n));
    else if (t === "boolean") out.push(true, false);
    else if (t === "null") out.push(null);
    else if (t === "object") {
      const o = sampleObject(n, root, depth);
      if (o) out.push(o.value);
    } else if (t === "array") {
      const a = sampleArray(n, root, depth);
      if (a) out.push(a.value);
    }
  }
  if (types.length === 0 && !("const" in n) && !Array.isArray(n["enum"]) && !n["anyOf"] && !n["oneOf"]) out.push("x", 0, true, null);
  return out;
}

/** An object with every required key set to a sample of its schema (and `override` applied). */
export function sampleObject(
  n: ArgumentSchema,
  root: ArgumentSchema,
  depth = 0,
  override: Readonly<Record<string, unknown>> = {},
  omit?: string,
): { value: Record<string, unknown> } | undefined {
  const out: Record<string, unknown> = {};
  const required = Array.isArray(n["required"]) ? (n["required"] as string[]) : [];
  for (const k of required) {
    if (k === omit || Object.prototype.hasOwnProperty.call(override, k)) continue;
    const s = sample(propertyAt(n, k), root, depth + 1);
    if (!s) return undefined;
    out[k] = s.value;
  }
  for (const [k, v] of Object.entries(override)) out[k] = v;
  return { value: out };
}

/** An array of the smallest allowed length, each element a sample (`at` replaced when given). */
export function sampleArray(
  n: ArgumentSchema,
  root: ArgumentSchema,
  depth = 0,
  at?: { index: number; value: unknown },
  length?: number,
): { value: unknown[] } | undefined {
  const min = typeof n["minItems"] === "number" ? n["minItems"] : 0;
  const len = Math.max(length ?? min, at ? at.index + 1 : 0);
  const out: unknown[] = [];
  for (let i = 0; i < len; i++) {
    if (at && i === at.index) {
      out.push(at.value);
      continue;
    }
    const s = sample(itemAt(n, i), root, depth + 1);
    if (!s) return undefined;
    out.push(s.value);
  }
  return { value: out };
}
