import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { enforce } from "../../decorators/index.js";
import { argumentSchema, sameInputSchema } from "../../src/protocol/argument-schema.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { checkRefinement, sameInputsWith, verifyWith } from "../../src/protocol/refinement.js";

/*
 * `sameInputSchema` lets the import-time refinement check skip converting a subclass protocol's
 * copy of its parent's tool schema. It may only answer true when both argument schemas are equal
 * (then the verdict is the one the conversion would give); these pairs try to make it lie.
 */

const check = (fn: (s: string) => boolean) => fn;
const sharedRefine = check((s) => s !== "x");
const sharedPipe = z.string().pipe(z.string().min(2));
const sharedGetter = {
  get items() {
    return z.array(z.string());
  },
};

/** [label, a, b]: built twice from the same source unless noted. */
const pairs: [string, () => z.ZodType, () => z.ZodType][] = [
  ["object of string", () => z.object({ bookingId: z.string() }), () => z.object({ bookingId: z.string() })],
  ["empty object", () => z.object({}), () => z.object({})],
  ["described field", () => z.object({ a: z.string().describe("the id") }), () => z.object({ a: z.string().describe("the id") })],
  ["other description", () => z.object({ a: z.string().describe("the id") }), () => z.object({ a: z.string().describe("another") })],
  ["description on one side only", () => z.object({ a: z.string().describe("the id") }), () => z.object({ a: z.string() })],
  ["min 2 vs min 3", () => z.object({ a: z.string().min(2) }), () => z.object({ a: z.string().min(3) })],
  ["max 10 vs none", () => z.object({ n: z.number().max(10) }), () => z.object({ n: z.number() })],
  ["int vs number", () => z.object({ n: z.number().int() }), () => z.object({ n: z.number() })],
  ["email vs string", () => z.object({ e: z.email() }), () => z.object({ e: z.string() })],
  ["email twice", () => z.object({ e: z.string().email() }), () => z.object({ e: z.string().email() })],
  ["regex flags", () => z.object({ s: z.string().regex(/^a/i) }), () => z.object({ s: z.string().regex(/^a/) })],
  ["key order", () => z.object({ a: z.string(), b: z.number() }), () => z.object({ b: z.number(), a: z.string() })],
  ["extra key", () => z.object({ a: z.string() }), () => z.object({ a: z.string(), b: z.string().optional() })],
  ["strict vs loose", () => z.object({ a: z.string() }).strict(), () => z.object({ a: z.string() })],
  ["strict twice", () => z.object({ a: z.string() }).strict(), () => z.object({ a: z.string() }).strict()],
  ["optional vs required", () => z.object({ a: z.string().optional() }), () => z.object({ a: z.string() })],
  ["nullable vs optional", () => z.object({ a: z.string().nullable() }), () => z.object({ a: z.string().optional() })],
  ["enum order", () => z.object({ c: z.enum(["a", "b"]) }), () => z.object({ c: z.enum(["b", "a"]) })],
  ["enum twice", () => z.object({ c: z.enum(["a", "b"]) }), () => z.object({ c: z.enum(["a", "b"]) })],
  ["literal 1 vs '1'", () => z.object({ l: z.literal(1) }), () => z.object({ l: z.literal("1") })],
  ["union order", () => z.union([z.string(), z.number()]), () => z.union([z.number(), z.string()])],
  ["array min", () => z.object({ xs: z.array(z.string()).min(1) }), () => z.object({ xs: z.array(z.string()) })],
  ["record", () => z.record(z.string(), z.number()), () => z.record(z.string(), z.number())],
  ["tuple", () => z.tuple([z.string(), z.number()]), () => z.tuple([z.string(), z.string()])],
  ["coerce vs plain", () => z.object({ n: z.coerce.number() }), () => z.object({ n: z.number() })],
  ["refine: separate fns", () => z.object({ s: z.string().refine((s) => s !== "x") }), () => z.object({ s: z.string().refine((s) => s !== "x") })],
  ["refine: one fn, two checks", () => z.object({ s: z.string().refine(sharedRefine) }), () => z.object({ s: z.string().refine(sharedRefine) })],
  ["pipe: separate", () => z.object({ s: z.string().pipe(z.string().min(2)) }), () => z.object({ s: z.string().pipe(z.string().min(2)) })],
  ["pipe: shared object", () => z.object({ s: sharedPipe }), () => z.object({ s: sharedPipe })],
  ["transform", () => z.object({ s: z.string().transform((s) => s.trim()) }), () => z.object({ s: z.string().transform((s) => s.trim()) })],
  ["default 1 vs 2", () => z.object({ n: z.number().default(1) }), () => z.object({ n: z.number().default(2) })],
  ["default twice", () => z.object({ n: z.number().default(1) }), () => z.object({ n: z.number().default(1) })],
  ["catch", () => z.object({ n: z.number().catch(1) }), () => z.object({ n: z.number().catch(1) })],
  ["date", () => z.object({ d: z.date() }), () => z.object({ d: z.date() })],
  [
    "shape getter: separate",
    () =>
      z.object({
        get items() {
          return z.array(z.string());
        },
      }),
    () =>
      z.object({
        get items() {
          return z.array(z.string());
        },
      }),
  ],
  ["shape getter: shared", () => z.object(sharedGetter), () => z.object(sharedGetter)],
  ["custom error message", () => z.object({ a: z.string().min(2, "too short") }), () => z.object({ a: z.string().min(2, "too short") })],
  ["meta title", () => z.object({ a: z.string() }).meta({ title: "A" }), () => z.object({ a: z.string() }).meta({ title: "B" })],
];

type RefundInput = typeof refundProtocol.config.tools.issue_refund.input;
/** The refund protocol with another input schema for issue_refund. */
const withInput = (name: string, input: z.ZodType) =>
  defineProtocol({
    ...refundProtocol.config,
    name,
    tools: { ...refundProtocol.config.tools, issue_refund: { ...refundProtocol.config.tools.issue_refund, input: input as RefundInput } },
  });

describe("sameInputSchema", () => {
  it("answers true only for schemas whose argument schemas are equal", () => {
    const same: string[] = [];
    for (const [label, a, b] of pairs) {
      const sa = a();
      const sb = b();
      if (sameInputSchema(sa, sb)) {
        same.push(label);
        expect(JSON.stringify(argumentSchema(sa)), label).toBe(JSON.stringify(argumentSchema(sb)));
      }
    }
    // it must also say true where it can: the common case of a schema written twice
    expect(same).toEqual(
      expect.arrayContaining([
        "object of string",
        "empty object",
        "described field",
        "email twice",
        "strict twice",
        "enum twice",
        "record",
        "pipe: shared object",
      ]),
    );
  });

  it("recognizes a schema written twice, read or not", () => {
    const a = z.object({ bookingId: z.string().min(1).describe("id"), amount: z.number().positive(), note: z.string().optional() });
    const b = z.object({ bookingId: z.string().min(1).describe("id"), amount: z.number().positive(), note: z.string().optional() });
    expect(sameInputSchema(a, b)).toBe(true);
    a.toJSONSchema(); // zod's object shape is computed on first read: one side read, the other not
    expect(sameInputSchema(a, b)).toBe(true);
    expect(sameInputSchema(a, z.object({ bookingId: z.string().min(1).describe("id"), amount: z.number().nonnegative(), note: z.string().optional() }))).toBe(
      false,
    );
  });

  it("never calls a default value's function", () => {
    let calls = 0;
    const make = () => {
      calls++;
      return 1;
    };
    expect(sameInputSchema(z.object({ n: z.number().default(make) }), z.object({ n: z.number().default(make) }))).toBe(false);
    expect(calls).toBe(0);
  });

  it("does not trust equal defs when a JSON Schema override is set by hand", () => {
    const a = z.object({ a: z.string() });
    const b = z.object({ a: z.string() });
    (b._zod as { toJSONSchema?: () => unknown }).toJSONSchema = () => ({ type: "object" });
    expect(sameInputSchema(a, b)).toBe(false);
    expect(JSON.stringify(argumentSchema(a))).not.toBe(JSON.stringify(argumentSchema(b)));
  });

  it("is not fooled by non-zod look-alikes", () => {
    const fake = { _zod: { def: { type: "object", shape: {} } } };
    expect(sameInputSchema(fake, z.object({}))).toBe(false);
    expect(sameInputSchema({ a: 1 }, { a: 1 })).toBe(false);
    expect(sameInputSchema(undefined, undefined)).toBe(true);
  });
});

describe("checkRefinement with sameInputs gives the verdict it gives without", () => {
  it("for every pair, in both directions", () => {
    for (const [label, a, b] of pairs) {
      const p = withInput("parent", a());
      const c = withInput("child", b());
      for (const [child, parent] of [
        [c, p],
        [p, c],
      ] as const) {
        const without = checkRefinement(child.graph, parent.graph, {}, { verifyArguments: verifyWith(child, parent) });
        const fresh = [withInput("child", child.tools.issue_refund.input), withInput("parent", parent.tools.issue_refund.input)] as const;
        const withSame = checkRefinement(
          fresh[0].graph,
          fresh[1].graph,
          {},
          { verifyArguments: verifyWith(fresh[0], fresh[1]), sameInputs: sameInputsWith(fresh[0], fresh[1]) },
        );
        expect({ ok: withSame.ok, kind: withSame.ok ? undefined : withSame.kind }, label).toEqual({
          ok: without.ok,
          kind: without.ok ? undefined : without.kind,
        });
      }
    }
  });

  it("a subclass protocol repeating its parent's schemas is accepted without converting them; a weaker one is still refused", () => {
    const inputs = [0, 1, 2].map((i) =>
      i < 2 ? z.object({ bookingId: z.string(), amount: z.number().positive() }) : z.object({ bookingId: z.string(), amount: z.number() }),
    );
    const spies = inputs.map((s) => vi.spyOn(s as unknown as { toJSONSchema: () => unknown }, "toJSONSchema"));
    const parent = withInput("parent", inputs[0]!);
    @enforce(parent)
    class Parent {}
    @enforce(withInput("child", inputs[1]!))
    class Child extends Parent {}
    expect(Child.name).toBe("Child");
    expect(spies[0]).not.toHaveBeenCalled();
    expect(spies[1]).not.toHaveBeenCalled();
    expect(() => {
      @enforce(withInput("weaker", inputs[2]!))
      class Weaker extends Parent {}
      return Weaker;
    }).toThrow(expect.objectContaining({ code: "protocol_weakened", data: expect.objectContaining({ kind: "arguments" }) }));
    expect(spies[2]).toHaveBeenCalled();
  });
});
