import { describe, expect, it } from "vitest";
import { z } from "zod";
import { argumentSchema } from "../../src/protocol/argument-schema.js";
import { compareArgumentSchemas, formatSchemaPath } from "../../src/protocol/schema-containment.js";

/** Expected answer: contained, a proven widening at a path, or "cannot prove" (with a phrase of the reason). */
type Expect = "ok" | { widened: string } | { unprovable: RegExp };

const amount = z.number().positive();
const shared = z.number().refine((x) => x > 1);
const recursive: z.ZodType = z.object({
  name: z.string(),
  get children() {
    return z.array(recursive);
  },
});
const recursiveShort: z.ZodType = z.object({
  name: z.string().max(3),
  get children() {
    return z.array(recursiveShort);
  },
});

const table: readonly [name: string, child: z.ZodType, parent: z.ZodType, expected: Expect][] = [
  ["the same schema object", z.object({ a: amount }), z.object({ a: amount }), "ok"],
  ["equal schemas", z.object({ id: z.string(), amount: amount.max(500) }), z.object({ id: z.string(), amount: amount.max(500) }), "ok"],
  ["a tighter maximum", z.object({ amount: amount.max(100) }), z.object({ amount: amount.max(500) }), "ok"],
  ["a dropped maximum", z.object({ amount }), z.object({ amount: amount.max(500) }), { widened: "amount" }],
  ["a lower minimum", z.object({ n: z.number().min(-1) }), z.object({ n: z.number().min(0) }), { widened: "n" }],
  ["an exclusive bound kept inclusive", z.object({ n: z.number().max(5) }), z.object({ n: z.number().lt(5) }), { widened: "n" }],
  ["integers inside exclusive bounds", z.object({ n: z.int().gt(0).lt(10) }), z.object({ n: z.number().min(1).max(9) }), "ok"],
  ["fractions where integers are required", z.object({ n: z.number().min(0).max(10) }), z.object({ n: z.int().min(0).max(10) }), { widened: "n" }],
  ["multiples of a multiple", z.object({ n: z.number().multipleOf(0.5) }), z.object({ n: z.number().multipleOf(0.01) }), "ok"],
  ["multiples of a divisor", z.object({ n: z.number().multipleOf(0.01) }), z.object({ n: z.number().multipleOf(0.5) }), { widened: "n" }],
  ["integers are multiples of 0.5", z.object({ n: z.int() }), z.object({ n: z.number().multipleOf(0.5) }), "ok"],
  ["an optional required key", z.object({ id: z.string().optional() }), z.object({ id: z.string() }), { widened: "id" }],
  ["a default makes a key optional", z.object({ id: z.string().default("x") }), z.object({ id: z.string() }), { widened: "id" }],
  ["a required optional key", z.object({ id: z.string() }), z.object({ id: z.string().optional() }), "ok"],
  ["nullable where the parent is not", z.object({ id: z.string().nullable() }), z.object({ id: z.string() }), { widened: "id" }],
  ["nullish where the parent is optional", z.object({ id: z.string().nullish() }), z.object({ id: z.string().optional() }), { widened: "id" }],
  ["unknown keys against a strict object", z.object({ id: z.string() }), z.strictObject({ id: z.string() }), { widened: "extra" }],
  ["a strict object against a stripping one", z.strictObject({ id: z.string() }), z.object({ id: z.string() }), "ok"],
  ["a catchall wider than the parent's", z.object({}).catchall(z.number()), z.object({}).catchall(z.number().max(2)), { widened: "extra" }],
  [
    "a key the parent's strict object lacks",
    z.strictObject({ id: z.string(), note: z.string().optional() }),
    z.strictObject({ id: z.string() }),
    { widened: "note" },
  ],
  ["an enum with an extra member", z.object({ c: z.enum(["a", "b", "c"]) }), z.object({ c: z.enum(["a", "b"]) }), { widened: "c" }],
  ["an enum inside a string bound", z.object({ c: z.enum(["ab", "cd"]) }), z.object({ c: z.string().min(2) }), "ok"],
  ["a literal outside a bound", z.object({ n: z.literal(5) }), z.object({ n: z.number().max(3) }), { widened: "n" }],
  ["a string where only literals are allowed", z.object({ c: z.string() }), z.object({ c: z.enum(["a", "b"]) }), { widened: "c" }],
  ["equal patterns", z.object({ s: z.string().regex(/^[A-Z]{3}$/) }), z.object({ s: z.string().regex(/^[A-Z]{3}$/) }), "ok"],
  ["a dropped pattern", z.object({ s: z.string() }), z.object({ s: z.string().regex(/^[A-Z]+$/) }), { widened: "s" }],
  [
    "different patterns",
    z.object({ s: z.string().regex(/^[A-Z]{3}$/) }),
    z.object({ s: z.string().regex(/^[A-Z]+$/) }),
    { unprovable: /patterns are compared only for equality/ },
  ],
  ["a dropped format", z.object({ s: z.string() }), z.object({ s: z.email() }), { widened: "s" }],
  ["a dropped pattern-less format", z.object({ s: z.string() }), z.object({ s: z.url() }), { widened: "s" }],
  ["a kept format", z.object({ s: z.email().max(40) }), z.object({ s: z.email() }), "ok"],
  ["a longer string", z.object({ s: z.string().max(20) }), z.object({ s: z.string().max(10) }), { widened: "s" }],
  ["a shorter minimum length", z.object({ s: z.string() }), z.object({ s: z.string().min(1) }), { widened: "s" }],
  ["an array without the parent's maximum", z.object({ a: z.array(z.string()) }), z.object({ a: z.array(z.string()).max(3) }), { widened: "a" }],
  ["a wider array element", z.object({ a: z.array(z.number()) }), z.object({ a: z.array(z.number().max(3)) }), { widened: "a[0]" }],
  ["a wider tuple element", z.object({ t: z.tuple([z.string(), z.number()]) }), z.object({ t: z.tuple([z.string(), z.int()]) }), { widened: "t[1]" }],
  [
    "a tuple with a rest element against a fixed one",
    z.object({ t: z.tuple([z.string()], z.string()) }),
    z.object({ t: z.tuple([z.string()]) }),
    { widened: "t" },
  ],
  ["a union with a type the parent lacks", z.object({ a: z.union([z.string(), z.number()]) }), z.object({ a: z.string() }), { widened: "a" }],
  ["one member of the parent's union", z.object({ a: z.string() }), z.object({ a: z.union([z.string(), z.number()]) }), "ok"],
  [
    "a wider discriminated branch",
    z.discriminatedUnion("t", [z.object({ t: z.literal("a") }), z.object({ t: z.literal("b"), x: z.number() })]),
    z.discriminatedUnion("t", [z.object({ t: z.literal("a") }), z.object({ t: z.literal("b"), x: z.number().max(3) })]),
    { widened: "x" },
  ],
  ["nested objects", z.object({ o: z.object({ x: z.number() }) }), z.object({ o: z.object({ x: z.number().max(1) }) }), { widened: "o.x" }],
  ["records with wider values", z.record(z.string(), z.number()), z.record(z.string(), z.number().max(2)), { widened: "extra" }],
  ["records with more keys", z.record(z.string(), z.number()), z.record(z.enum(["a", "b"]), z.number()), { widened: "a" }],
  ["any against a string", z.object({ s: z.any() }), z.object({ s: z.string() }), { widened: "s" }],
  ["a catch accepts anything", z.object({ a: z.number().catch(0) }), z.object({ a: z.number() }), { widened: "a" }],
  ["recursive schemas of the same shape", recursive, recursive, "ok"],
  ["recursive schemas, one bounded", recursive, recursiveShort, { widened: "name" }],
  ["a child-only refine only narrows", z.object({ a: z.number().refine((x) => x < 5) }), z.object({ a: z.number() }), "ok"],
  ["a shared refine", z.object({ a: shared, b: z.string() }), z.object({ a: shared }), "ok"],
  ["a child transform only narrows", z.object({ a: z.string().transform((x) => x.length) }), z.object({ a: z.string() }), "ok"],
  [
    "a parent-only refine",
    z.object({ a: z.number() }),
    z.object({ a: z.number().refine((x) => x > 1) }),
    { unprovable: /\.refine\(\) check that the child's does not share/ },
  ],
  ["a parent-only pipe", z.object({ a: z.string() }), z.object({ a: z.string().pipe(z.string().min(3)) }), { unprovable: /\.pipe\(\)/ }],
  ["a child coercion", z.object({ a: z.coerce.number() }), z.object({ a: z.number() }), { unprovable: /coerces its input/ }],
  ["a child preprocess", z.object({ a: z.preprocess((x) => Number(x), z.number()) }), z.object({ a: z.number() }), { unprovable: /preprocesses its input/ }],
  [
    "a refined child without the parent's maximum",
    z.object({ a: z.number().refine((x) => x < 5) }),
    z.object({ a: z.number().max(500) }),
    { unprovable: /child's own checks \(e\.g\. a \.refine\(\)\) may reject it/ },
  ],
  ["dates on both sides", z.object({ d: z.date() }), z.object({ d: z.date() }), "ok"],
  ["a date where the parent wants a bigint", z.object({ d: z.date() }), z.object({ d: z.bigint() }), { unprovable: /bigint type JSON Schema cannot express/ }],
];

describe("compareArgumentSchemas", () => {
  for (const [name, child, parent, expected] of table) {
    it(`${expected === "ok" ? "contained" : "widened" in expected ? "widened" : "cannot prove"}: ${name}`, () => {
      const r = compareArgumentSchemas(argumentSchema(child), argumentSchema(parent));
      if (expected === "ok") {
        expect(r).toEqual({ ok: true });
        return;
      }
      expect(r.ok).toBe(false);
      if (r.ok) return;
      if ("widened" in expected) {
        expect(r.proven, r.reason).toBe(true);
        expect(formatSchemaPath(r.path)).toBe(expected.widened);
        if (!r.proven) return;
        // the counterexample is real: zod's own parse accepts it for the child and rejects it for the parent
        expect(child.safeParse(r.counterexample).success, JSON.stringify(r.counterexample)).toBe(true);
        expect(parent.safeParse(r.counterexample).success, JSON.stringify(r.counterexample)).toBe(false);
      } else {
        expect(r.proven).toBe(false);
        expect(r.reason).toMatch(expected.unprovable);
      }
    });
  }

  it("turns a refined child's candidate into a proof when the real schemas confirm it", () => {
    const child = z.object({ a: z.number().refine((x) => x !== 3) });
    const parent = z.object({ a: z.number().max(2) });
    const unverified = compareArgumentSchemas(argumentSchema(child), argumentSchema(parent));
    expect(unverified).toMatchObject({ ok: false, proven: false });
    const verified = compareArgumentSchemas(argumentSchema(child), argumentSchema(parent), (v) => ({
      child: child.safeParse(v).success,
      parent: parent.safeParse(v).success,
    }));
    expect(verified).toMatchObject({ ok: false, proven: true, path: ["a"] });
    if (!verified.ok && verified.proven) expect(child.safeParse(verified.counterexample).success).toBe(true);
  });
});
