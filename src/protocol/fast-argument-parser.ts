/**
 * A compiled shortcut for the argument schemas tools most often have: a `z.object` (unknown keys
 * stripped, no refinement) of required `z.string()`, `z.number()`, `z.number().int()` and
 * `z.boolean()` fields, with no checks, coercion, defaults or transforms. For those, zod's
 * `safeParse` costs far more than the check itself (its payload, context and result objects on
 * every call); the compiled function does the same checks and builds the same output (a new
 * object with the schema's keys, in the schema's order), and answers `undefined` for anything
 * it does not accept, so the caller then runs zod (which words the refusal). It never accepts
 * what zod refuses: the differential test (test/protocol/fast-argument-parser.test.ts) holds it
 * to that. Any other schema gets no shortcut.
 *
 * Built with `new Function` (one function per schema, so each field read and the result object
 * have a fixed shape, as zod's own JIT does); where code generation is not allowed (a strict
 * Content-Security-Policy), no shortcut: zod validates every call.
 *
 * @internal
 */
import type { z } from "zod";

/** Parses arguments the way the schema would, or answers `undefined` (then ask zod). */
export type FastArgumentParser = (input: unknown) => object | undefined;

type FieldKind = "string" | "number" | "safeint" | "boolean";

interface Def {
  readonly type?: unknown;
  readonly shape?: Record<string, unknown>;
  readonly catchall?: unknown;
  readonly checks?: readonly unknown[];
  readonly coerce?: unknown;
}

const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | null | undefined)?._zod?.def;

/** The members a def may have and still be the plain type it says (anything else: no shortcut). */
const onlyKeys = (def: object, allowed: readonly string[]) => Object.keys(def).every((k) => allowed.includes(k));

function fieldKind(schema: unknown): FieldKind | undefined {
  const def = defOf(schema);
  if (!def || def.coerce === true) return undefined;
  const checks = def.checks ?? [];
  if (def.type === "string" || def.type === "boolean")
    return onlyKeys(def, ["type", "checks", "coerce", "error"]) && checks.length === 0 ? def.type : undefined;
  if (def.type !== "number" || !onlyKeys(def, ["type", "checks", "coerce", "error"])) return undefined;
  if (checks.length === 0) return "number";
  if (checks.length !== 1) return undefined;
  const check = defOf(checks[0]) as { check?: unknown; format?: unknown; when?: unknown } | undefined;
  return check?.check === "number_format" && check.format === "safeint" && check.when === undefined ? "safeint" : undefined;
}

interface ZodRegistryLike {
  get(schema: object): unknown;
}

/**
 * Whether `argumentSchema` renders this recognized schema from its defs alone: the schema has
 * zod's `toJSONSchema` method, and neither it nor a field carries metadata in zod's global
 * registry (which the rendering merges in) or a hand-set JSON Schema hook.
 */
function renderedByDefAlone(schema: unknown, shape: Record<string, unknown>, keys: readonly string[]): boolean {
  if (typeof (schema as { toJSONSchema?: unknown }).toJSONSchema !== "function") return false;
  const registry = (globalThis as { __zod_globalRegistry?: ZodRegistryLike }).__zod_globalRegistry;
  const plain = (s: unknown) =>
    (s as { _zod: { toJSONSchema?: unknown } })._zod.toJSONSchema === undefined && (registry === undefined || registry.get(s as object) === undefined);
  if (!plain(schema)) return false;
  for (const k of keys) if (!plain(shape[k])) return false;
  return true;
}

let codegen: boolean | undefined;
function codegenAllowed(): boolean {
  if (codegen === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code is built from the schema's keys (JSON string literals) and fixed checks only
      codegen = typeof new Function("return 1") === "function";
    } catch {
      codegen = false;
    }
  }
  return codegen;
}

/**
 * The shortcut for a schema, or undefined when it has none.
 * @param schema A tool's input schema.
 */
export function fastArgumentParser(schema: z.ZodType): FastArgumentParser | undefined {
  return compileArgumentSchema(schema)?.parse;
}

/** What `compileArgumentSchema` knows about a schema it recognizes. @internal */
export interface CompiledArgumentSchema {
  /**
   * The schema's normal form: its field names in order and each field's kind, as one string.
   * Two recognized schemas with equal forms accept exactly the same arguments and parse them to
   * the same output (they differ at most in error messages), so a protocol's refinement check
   * takes equal forms as equal argument schemas without walking either. Undefined when the JSON
   * Schema the full check would compare could say more than the fields (zod metadata or a
   * `toJSONSchema` hook on the object or a field, or no `.toJSONSchema()` method at all).
   */
  readonly form: string | undefined;
  /** The compiled shortcut (undefined where code generation is not allowed). */
  readonly parse: FastArgumentParser | undefined;
}

const KIND_LETTER: Readonly<Record<FieldKind, string>> = { string: "s", number: "n", safeint: "i", boolean: "b" };

/**
 * The normal form and shortcut of a schema of the recognized kind (see the top of this file), or
 * undefined for any other schema. Runs once per tool when its protocol is defined.
 * @internal
 */
export function compileArgumentSchema(schema: z.ZodType): CompiledArgumentSchema | undefined {
  const def = defOf(schema);
  if (
    def?.type !== "object" ||
    def.catchall !== undefined ||
    (def.checks ?? []).length > 0 ||
    !onlyKeys(def, ["type", "shape", "catchall", "checks", "error"])
  ) {
    return undefined;
  }
  const shape = def.shape;
  if (typeof shape !== "object" || shape === null) return undefined;
  const keys = Object.keys(shape);
  if (keys.length > 32 || keys.includes("__proto__")) return undefined;
  const kinds: FieldKind[] = [];
  let letters = "";
  for (const k of keys) {
    const kind = fieldKind(shape[k]);
    if (kind === undefined) return undefined;
    kinds.push(kind);
    letters += KIND_LETTER[kind];
  }
  // one letter per field, then the names as a JSON array (which starts with "["): unambiguous
  const form = renderedByDefAlone(schema, shape, keys) ? letters + JSON.stringify(keys) : undefined;
  if (!codegenAllowed()) return { form, parse: undefined };
  let body = `if (typeof input !== "object" || input === null || isArray(input)) return undefined;\n`;
  keys.forEach((k, i) => {
    const test =
      kinds[i] === "string"
        ? `typeof v${i} !== "string"`
        : kinds[i] === "boolean"
          ? `typeof v${i} !== "boolean"`
          : kinds[i] === "number"
            ? `typeof v${i} !== "number" || !isFinite(v${i})`
            : `!isSafeInteger(v${i})`;
    body += `const v${i} = input[${JSON.stringify(k)}];\nif (${test}) return undefined;\n`;
  });
  body += `return { ${keys.map((k, i) => `${JSON.stringify(k)}: v${i}`).join(", ")} };`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- as above: keys as JSON string literals, fixed checks
  const make = new Function("isArray", "isFinite", "isSafeInteger", `return function fastArgumentParser(input) {\n${body}\n};`) as (
    isArray: (x: unknown) => boolean,
    isFinite: (x: unknown) => boolean,
    isSafeInteger: (x: unknown) => boolean,
  ) => FastArgumentParser;
  return { form, parse: make(Array.isArray, Number.isFinite, Number.isSafeInteger) };
}
