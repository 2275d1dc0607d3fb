import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import type { Protocol } from "../../src/protocol/protocol.js";
import { checkRefinement, sameInputsWith, verifyWith, type RefinementResult } from "../../src/protocol/refinement.js";
import type { ProtocolGraph } from "../../src/protocol/types.js";

/*
 * Differential test of the input-form fast path (`GraphTool.inputForm`, computed by
 * `defineProtocol` for plain object schemas of required string, number, integer and boolean
 * fields; equal forms are taken as equal argument schemas without comparing them) against the
 * full comparison: the same graphs as plain JSON data (no form, no schema identity, every schema
 * converted to JSON Schema, no `sameInputs`). Generated parent/child argument schemas: equal
 * copies, the same object, fields added, dropped, reordered, retyped, made optional or checked,
 * and schemas that look alike but are not plain (metadata, `.refine()`, strict or loose objects,
 * coercion, unusual field names).
 */

type Any = Protocol<any, any, any>;
type Kind = "string" | "number" | "int" | "boolean";
/** How a field is written: plain ones have a form; the others must not get one. */
type Twist = "plain" | "optional" | "min" | "describe" | "meta" | "coerce" | "refine";
interface Field {
  readonly name: string;
  readonly kind: Kind;
  readonly twist: Twist;
}
type ObjectKind = "object" | "strict" | "loose" | "refined" | "described";

function fieldSchema(f: Field): z.ZodType {
  const base =
    f.twist === "coerce"
      ? f.kind === "string"
        ? z.coerce.string()
        : f.kind === "boolean"
          ? z.coerce.boolean()
          : f.kind === "int"
            ? z.coerce.number().int()
            : z.coerce.number()
      : f.kind === "string"
        ? z.string()
        : f.kind === "boolean"
          ? z.boolean()
          : f.kind === "int"
            ? z.number().int()
            : z.number();
  switch (f.twist) {
    case "optional":
      return base.optional();
    case "min":
      return f.kind === "string" ? (base as z.ZodString).min(2) : f.kind === "boolean" ? z.literal(true) : (base as z.ZodNumber).min(0);
    case "describe":
      return base.describe("a field");
    case "meta":
      // metadata the JSON Schema rendering merges in: stricter there than zod's own check
      return base.meta(f.kind === "string" ? { maxLength: 3 } : { maximum: 5 });
    case "refine":
      return (base as z.ZodType).refine(() => true);
    default:
      return base;
  }
}

function objectSchema(fields: readonly Field[], kind: ObjectKind): z.ZodType {
  const shape = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));
  switch (kind) {
    case "strict":
      return z.strictObject(shape);
    case "loose":
      return z.looseObject(shape);
    case "refined":
      return z.object(shape).refine(() => true);
    case "described":
      return z.object(shape).describe("arguments");
    default:
      return z.object(shape);
  }
}

function protocolWith(name: string, input: z.ZodType): Any {
  return defineProtocol({
    name,
    initial: "start",
    terminal: ["done"],
    tools: { act: { input, effect: "write" } },
    states: { start: { on: { act: { ok: "done" } } }, done: {} },
  });
}

function plainGraph(graph: ProtocolGraph): ProtocolGraph {
  const data = JSON.parse(JSON.stringify(graph)) as { tools: Record<string, { inputId?: string; inputForm?: string }> };
  for (const t of Object.values(data.tools)) {
    delete t.inputId;
    expect(t.inputForm).toBeUndefined(); // not part of the graph's data
  }
  return data as unknown as ProtocolGraph;
}

const names = { child: "Child", parent: "Parent" };
const fast = (c: Any, p: Any) => checkRefinement(c.graph, p.graph, names, { verifyArguments: verifyWith(c, p), sameInputs: sameInputsWith(c, p) });
const full = (c: Any, p: Any) => checkRefinement(plainGraph(c.graph), plainGraph(p.graph), names, { verifyArguments: verifyWith(c, p) });
const summary = (r: RefinementResult) => (r.ok ? { ok: true } : { ok: false, kind: r.kind, trace: r.trace });

// names that would break a naive join (commas, quotes, brackets, the kind letters themselves)
const nameArb = fc.constantFrom("id", "amount", "a", "b", "s", "n", 'x","y', "a,b", "[", "]", "ok\\", "\u00e9t\u00e9", " ");
const kindArb = fc.constantFrom<Kind>("string", "number", "int", "boolean");
const fieldsArb = (twists: fc.Arbitrary<Twist>) =>
  fc.uniqueArray(fc.record({ name: nameArb, kind: kindArb, twist: twists }), { selector: (f) => f.name, maxLength: 4 });

/** A child's fields from the parent's: equal, or changed in one or two ways. */
const childFieldsArb = (parent: readonly Field[]): fc.Arbitrary<readonly Field[]> =>
  fc.oneof(
    fc.constant([...parent]),
    fc.constant([...parent]),
    fc.constant([...parent].reverse()),
    fieldsArb(fc.constantFrom<Twist>("plain", "plain", "optional", "min", "describe", "meta", "coerce", "refine")),
    fc.tuple(fc.nat(), kindArb, fc.constantFrom<Twist>("plain", "plain", "plain", "optional", "min", "meta")).map(([i, kind, twist]) => {
      if (parent.length === 0) return [];
      const out = [...parent];
      out[i % parent.length] = { ...out[i % parent.length]!, kind, twist };
      return out;
    }),
    fc.tuple(fc.nat(), kindArb, fc.constantFrom<Twist>("plain", "plain", "plain", "optional", "min", "meta")).map(([i, kind, twist]) => {
      if (parent.length === 0) return [];
      const out = [...parent];
      out[i % parent.length] = { ...out[i % parent.length]!, kind, twist };
      return out;
    }),
    fc.nat().map((i) => parent.filter((_, j) => parent.length === 0 || j !== i % parent.length)),
    fc
      .record({ name: fc.constantFrom("extra", "id"), kind: kindArb, twist: fc.constant<Twist>("plain") })
      .map((f) => (parent.some((p) => p.name === f.name) ? [...parent] : [...parent, f])),
  );

describe("input-form fast path against the full comparison", () => {
  it("gives the same verdict, kind and trace on generated schema pairs", () => {
    let formsEqual = 0;
    let formsEqualButDifferent = 0;
    let weaker = 0;
    fc.assert(
      fc.property(
        fieldsArb(fc.constantFrom<Twist>("plain", "plain", "plain", "plain", "plain", "plain", "optional", "min", "meta")).chain((pf) =>
          fc.tuple(
            fc.constant(pf),
            childFieldsArb(pf),
            fc.constantFrom<ObjectKind>("object", "object", "object", "object", "strict", "loose", "refined", "described"),
            fc.constantFrom<ObjectKind>("object", "object", "object", "object", "object", "strict", "loose", "described"),
            fc.boolean(),
          ),
        ),
        ([pf, cf, pk, ck, sameObject]) => {
          const parentInput = objectSchema(pf, pk);
          const parent = protocolWith("parent", parentInput);
          const child = protocolWith("child", sameObject && cf === pf ? parentInput : objectSchema(cf, ck));
          const f = fast(child, parent);
          expect(summary(f)).toEqual(summary(full(child, parent)));
          const cForm = child.graph.tools["act"]!.inputForm;
          if (cForm !== undefined && cForm === parent.graph.tools["act"]!.inputForm) {
            formsEqual++;
            expect(f.ok).toBe(true);
            if (JSON.stringify(cf) !== JSON.stringify(pf) || ck !== pk) formsEqualButDifferent++;
          }
          if (!f.ok) weaker++;
        },
      ),
      { numRuns: 600 },
    );
    // the fast path was taken often, the verdicts went both ways, and equal forms only came from equal schemas.
    // The seed is random: over 600 runs equal forms came 44–53 times in eight runs (mean ≈ 50), so the bound
    // sits far below the mean (a bound of 40 failed one CI run at exactly 40); it still fails if the fast path
    // stops being taken.
    expect(formsEqual).toBeGreaterThan(15);
    expect(weaker).toBeGreaterThan(40);
    expect(formsEqualButDifferent).toBe(0);
  });

  it("gives a form to plain object schemas only, and equal forms to equal schemas only", () => {
    const form = (s: z.ZodType) => protocolWith("p", s).graph.tools["act"]!.inputForm;
    const plain = form(z.object({ id: z.string(), n: z.number(), i: z.number().int(), b: z.boolean() }));
    expect(plain).toBeDefined();
    expect(form(z.object({ id: z.string(), n: z.number(), i: z.number().int(), b: z.boolean() }))).toBe(plain);
    for (const other of [
      z.object({ id: z.string(), n: z.number(), i: z.number().int() }),
      z.object({ n: z.number(), id: z.string(), i: z.number().int(), b: z.boolean() }),
      z.object({ id: z.string(), n: z.number().int(), i: z.number().int(), b: z.boolean() }),
      z.object({ id: z.string(), n: z.number(), i: z.number().int(), b: z.boolean(), x: z.string() }),
      z.object({ 'id","n': z.string(), i: z.number().int(), b: z.boolean() }),
    ]) {
      expect(form(other)).not.toBe(plain);
    }
    for (const none of [
      z.object({ id: z.string().optional() }),
      z.object({ id: z.string().min(1) }),
      z.object({ id: z.string().meta({ maxLength: 3 }) }),
      z.object({ id: z.string() }).describe("with metadata"),
      z.object({ id: z.string() }).refine(() => true),
      z.strictObject({ id: z.string() }),
      z.looseObject({ id: z.string() }),
      z.object({ id: z.coerce.number() }),
      z.string(),
    ]) {
      expect(form(none)).toBeUndefined();
    }
  });

  it("a parent field with JSON Schema metadata is not taken as the child's plain field (the full comparison decides)", () => {
    const parent = protocolWith("parent", z.object({ code: z.string().meta({ maxLength: 3 }) }));
    const child = protocolWith("child", z.object({ code: z.string() }));
    expect(summary(fast(child, parent))).toEqual(summary(full(child, parent)));
    expect(fast(child, parent).ok).toBe(false);
  });
});
