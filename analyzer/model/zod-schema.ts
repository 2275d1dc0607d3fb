/**
 * Rebuilds zod schemas from source, so the analyzer compares the same argument schemas the
 * runtime does (`argumentSchema` in src/protocol/argument-schema.ts). A zod builder chain whose
 * arguments are static values (`z.object({ amount: z.number().positive().max(500) })`,
 * `Base.extend({...})`, `z.enum(["a", "b"])`, regex literals) is run on the analyzer's own copy
 * of zod; functions in it (`.refine(fn)`, `.transform(fn)`) become placeholders that are never
 * called, and the argument schema marks what they do as unknown. Anything else (`z.lazy`,
 * arguments that are not static) makes the schema unreadable, with the reason.
 *
 * @internal
 */
import { createRequire } from "node:module";

/** Modules whose exports are zod's API. */
export function isZodModule(spec: string): boolean {
  return spec === "zod" || spec.startsWith("zod/");
}

/** Namespace members that are not schema builders (or change zod's global state). */
const NOT_BUILDERS = new Set([
  "config",
  "setErrorMap",
  "getErrorMap",
  "registry",
  "globalRegistry",
  "toJSONSchema",
  "fromJSONSchema",
  "parse",
  "safeParse",
  "parseAsync",
  "safeParseAsync",
  "encode",
  "decode",
  "encodeAsync",
  "decodeAsync",
  "safeEncode",
  "safeDecode",
  "prettifyError",
  "treeifyError",
  "flattenError",
  "formatError",
  "locales",
  "core",
  "util",
  "lazy",
  "function",
  "promise",
  "json",
  "ZodError",
  "ZodType",
  "NEVER",
  "clone",
  "regexes",
]);

/** Schema methods that are not builders. */
const NOT_METHODS = new Set([
  "parse",
  "safeParse",
  "parseAsync",
  "safeParseAsync",
  "spa",
  "encode",
  "decode",
  "encodeAsync",
  "decodeAsync",
  "safeEncode",
  "safeDecode",
  "safeEncodeAsync",
  "safeDecodeAsync",
  "register",
  "toJSONSchema",
  "isOptional",
  "isNullable",
  "clone",
  "overwrite",
  "constructor",
]);

let zodNamespace: Record<string, unknown> | undefined;

/** The analyzer's copy of zod (loaded on first use). */
function zod(): Record<string, unknown> {
  if (!zodNamespace) {
    const m = createRequire(import.meta.url)("zod") as { z?: Record<string, unknown> } & Record<string, unknown>;
    zodNamespace = m.z ?? m;
  }
  return zodNamespace;
}

export function isZodSchema(x: unknown): boolean {
  return typeof x === "object" && x !== null && typeof (x as { _zod?: { def?: unknown } })._zod?.def === "object";
}

export type ZodBuild = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

/**
 * Calls a zod builder: `path` names a namespace member (`["object"]`, `["coerce", "number"]`)
 * when `self` is undefined, or a method of `self`. `args` are already static JavaScript values.
 */
export function callZod(path: readonly string[], self: unknown, args: readonly unknown[]): ZodBuild {
  const shown = self === undefined ? `z.${path.join(".")}` : `.${path[path.length - 1]}`;
  let fn: unknown;
  let thisArg: unknown;
  if (self === undefined) {
    if (path.length === 0 || path.some((p) => NOT_BUILDERS.has(p)))
      return { ok: false, reason: `${shown}() cannot be read statically${path.includes("lazy") ? " (recursive schemas are not compared)" : ""}` };
    let holder: unknown = zod();
    for (const p of path.slice(0, -1)) holder = (holder as Record<string, unknown> | undefined)?.[p];
    fn = (holder as Record<string, unknown> | undefined)?.[path[path.length - 1]!];
    thisArg = holder;
  } else {
    const name = path[path.length - 1]!;
    if (NOT_METHODS.has(name)) return { ok: false, reason: `${shown}() is not a schema builder` };
    fn = (self as Record<string, unknown>)[name];
    thisArg = self;
  }
  if (typeof fn !== "function") return { ok: false, reason: `${shown} is not a zod builder` };
  try {
    const out = (fn as (...a: unknown[]) => unknown).apply(thisArg, args as unknown[]);
    return isZodSchema(out) ? { ok: true, value: out } : { ok: false, reason: `${shown}() does not return a schema` };
  } catch (e) {
    return { ok: false, reason: `${shown}(...) could not be rebuilt: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}` };
  }
}

/** A stand-in for a function argument (`.refine(fn)`): never called to decide anything. */
export function placeholderFunction(): () => null {
  return function concordatStaticPlaceholder() {
    return null;
  };
}
