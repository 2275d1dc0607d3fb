import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fastArgumentParser } from "../../src/protocol/fast-argument-parser.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

const covered = {
  flat: z.object({ account: z.string(), page: z.number().int(), ratio: z.number(), on: z.boolean() }),
  empty: z.object({}),
  numericKeys: z.object({ 2: z.string(), 1: z.number(), b: z.boolean(), a: z.string() }),
  quoted: z.object({ 'we"ird\\key': z.string(), "line\nbreak": z.number() }),
};

const notCovered: Record<string, z.ZodType> = {
  strict: z.strictObject({ a: z.string() }),
  loose: z.looseObject({ a: z.string() }),
  optional: z.object({ a: z.string().optional() }),
  nullable: z.object({ a: z.string().nullable() }),
  defaulted: z.object({ a: z.string().default("x") }),
  minLength: z.object({ a: z.string().min(2) }),
  email: z.object({ a: z.email() }),
  positive: z.object({ a: z.number().positive() }),
  int32: z.object({ a: z.int32() }),
  coerced: z.object({ a: z.coerce.number() }),
  refined: z.object({ a: z.string() }).refine((v) => v.a !== "x"),
  fieldRefined: z.object({ a: z.string().refine((s) => s !== "x") }),
  transformed: z.object({ a: z.string().transform((s) => s.length) }),
  enumField: z.object({ a: z.enum(["x", "y"]) }),
  literal: z.object({ a: z.literal("x") }),
  nested: z.object({ a: z.object({ b: z.string() }) }),
  array: z.object({ a: z.array(z.string()) }),
  notAnObject: z.string(),
  union: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
  any: z.any(),
  protoKey: z.object({ ["__proto__"]: z.string() }),
};

const show = (x: unknown): string => {
  try {
    return JSON.stringify(x, (_k, v: unknown) => (typeof v === "bigint" || typeof v === "symbol" ? String(v) : v)) ?? typeof x;
  } catch {
    return typeof x;
  }
};

/** Inputs meant to find a difference: every type in every field, missing and extra keys, edge numbers, odd objects. */
function inputs(schema: z.ZodObject): unknown[] {
  const keys = Object.keys(schema.shape);
  const values: unknown[] = [
    "s",
    "",
    0,
    -0,
    1,
    -1,
    1.5,
    2 ** 53,
    2 ** 53 - 1,
    -(2 ** 53),
    1e300,
    Number.NaN,
    Infinity,
    -Infinity,
    true,
    false,
    null,
    undefined,
    {},
    [],
    1n,
    Symbol("s"),
    new Date(0),
    new Number(1),
    new String("s"),
  ];
  const base: Record<string, unknown> = {};
  const good: Record<string, unknown> = {};
  for (const k of keys) {
    const t = schema.shape[k]!._zod.def.type;
    good[k] = t === "string" ? "ok" : t === "boolean" ? true : 3;
    base[k] = good[k];
  }
  const out: unknown[] = [
    good,
    { ...good, extra: 1 },
    { extra: 1, ...good },
    Object.create(good),
    null,
    undefined,
    "str",
    5,
    [good],
    new Map(),
    Object.assign(Object.create(null), good),
  ];
  for (const k of keys) {
    const missing = { ...good };
    delete missing[k];
    out.push(missing);
    for (const v of values) out.push({ ...good, [k]: v });
  }
  const withGetter = { ...good };
  if (keys[0] !== undefined) Object.defineProperty(withGetter, keys[0], { get: () => good[keys[0]!], enumerable: true });
  out.push(withGetter);
  return out;
}

describe("the compiled argument check (fast path before zod)", () => {
  it("never accepts what zod refuses, and builds zod's output, key order included", () => {
    let fastAccepted = 0;
    for (const [name, schema] of Object.entries(covered)) {
      const fast = fastArgumentParser(schema);
      expect(fast, name).toBeTypeOf("function");
      for (const input of inputs(schema)) {
        const viaZod = schema.safeParse(input);
        const viaFast = fast!(input);
        if (viaFast === undefined) continue; // the caller asks zod
        fastAccepted++;
        expect(viaZod.success, `${name}: ${show(input)}`).toBe(true);
        expect(Object.keys(viaFast)).toEqual(Object.keys(viaZod.data!));
        expect(viaFast).toStrictEqual(viaZod.data);
        expect(viaFast).not.toBe(input); // a new object: changing the caller's object later changes nothing validated
      }
    }
    expect(fastAccepted).toBeGreaterThan(10);
  });

  it("accepts every input zod accepts for the covered shapes (so the shortcut is taken)", () => {
    for (const [name, schema] of Object.entries(covered)) {
      const fast = fastArgumentParser(schema)!;
      for (const input of inputs(schema)) {
        const viaZod = schema.safeParse(input);
        if (viaZod.success) {
          expect(fast(input), `${name}: ${show(input)}`).toStrictEqual(viaZod.data);
        }
      }
    }
  });

  it("has no shortcut for any other schema", () => {
    for (const [name, schema] of Object.entries(notCovered)) expect(fastArgumentParser(schema), name).toBeUndefined();
  });

  it("a refused call still gets zod's wording, and validated arguments are a copy", () => {
    const p = defineProtocol({
      name: "fast",
      initial: "open",
      terminal: ["done"],
      tools: { look: { input: z.object({ account: z.string(), page: z.number().int() }), effect: "read" }, end: { input: z.object({}), effect: "read" } },
      states: { open: { on: { look: { ok: "open" }, end: { ok: "done" } } }, done: {} },
    });
    const args = { account: "A", page: 2, extra: "dropped" };
    const v = p.validateCall("open", { name: "look", arguments: args });
    expect(v.arguments).toEqual({ account: "A", page: 2 });
    args.page = 3;
    expect(v.arguments).toEqual({ account: "A", page: 2 });
    let refusal: unknown;
    try {
      p.validateCall("open", { name: "look", arguments: { account: "A", page: 2.5 } });
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(ProtocolViolation);
    expect((refusal as ProtocolViolation).code).toBe("invalid_arguments");
    expect((refusal as ProtocolViolation).message).toMatch(/page: Invalid input: expected int, received number/);
  });
});
