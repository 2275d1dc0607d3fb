import { describe, expect, it } from "vitest";
import { z } from "zod";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { argumentSchema } from "../../src/protocol/argument-schema.js";
import { checkRefinement, verifyWith } from "../../src/protocol/refinement.js";
import type { GraphTool, ProtocolGraph } from "../../src/protocol/types.js";

const parent: ProtocolGraph = {
  ...refundProtocol.graph,
  tools: {
    ...refundProtocol.graph.tools,
    issue_refund: { ...refundProtocol.graph.tools["issue_refund"]!, subjects: ["bookingId"], confirmationTtlMs: 60_000 },
  },
};
const names = { child: "Child", parent: "Parent" };
const withRefund = (patch: Partial<GraphTool>, base: ProtocolGraph = parent): ProtocolGraph => ({
  ...base,
  tools: { ...base.tools, issue_refund: { ...base.tools["issue_refund"]!, ...patch } },
});
const toRefund = ["lookup_booking[found]", "request_confirmation[sent]", "receive_message[confirmed]", "issue_refund[ok]"];

describe("checkRefinement: tool attributes", () => {
  it("accepts the same tools and stricter ones", () => {
    expect(checkRefinement(parent, parent)).toEqual({ ok: true });
    expect(checkRefinement(withRefund({ subjects: ["bookingId", "amount"], confirmationTtlMs: 1000 }), parent)).toEqual({ ok: true });
  });

  it("rejects each weaker attribute with its own kind and the shortest trace to the tool", () => {
    const cases: [Partial<GraphTool>, string, string][] = [
      [{ effect: "read", requiresConfirmation: false }, "effect", 'is declared effect "read", but it stands for Parent\'s issue_refund, a write'],
      [{ requiresConfirmation: false }, "confirmation", "Child's issue_refund runs without the user's confirmation"],
      [{ subjects: [] }, "subjects", "it drops bookingId"],
      [{ confirmationTtlMs: 120_000 }, "expiry", "keeps a confirmation valid for 120000 ms"],
      [{ confirmationTtlMs: undefined }, "expiry", "sets no confirmationTtlMs"],
    ];
    for (const [patch, kind, text] of cases) {
      const r = checkRefinement(withRefund(patch), parent, names);
      expect(r, kind).toMatchObject({ ok: false, kind, trace: toRefund });
      if (!r.ok) expect(r.message).toContain(text);
      if (!r.ok) expect(r.message).toContain("(reached by lookup_booking[found] → request_confirmation → receive_message[confirmed] → issue_refund)");
    }
  });

  it("checks a tool only where the child can reach it: an unreachable weaker tool is not a weakening", () => {
    const child = withRefund({ requiresConfirmation: false });
    const neverRefunds = { ...child, states: { ...child.states, confirmed: { on: {} } } };
    expect(checkRefinement(neverRefunds, parent)).toEqual({ ok: true });
  });

  it("a tool with refines is held to the attributes of the tool it stands for; inert tools have none to keep", () => {
    const child: ProtocolGraph = {
      ...parent,
      tools: {
        ...parent.tools,
        partial_refund: { effect: "write", outcomes: ["ok"], refines: "issue_refund", requiresConfirmation: true, subjects: ["bookingId"] },
        peek: { effect: "read", outcomes: ["ok"], inert: true },
      },
      states: { ...parent.states, confirmed: { on: { partial_refund: { ok: "refunded" }, peek: { ok: "confirmed" } } } },
    };
    const r = checkRefinement(child, parent, names);
    expect(r).toMatchObject({ ok: false, kind: "expiry", trace: [...toRefund.slice(0, 3), "partial_refund[ok]"] });
  });

  it("compares input schemas: a proven widening carries a counterexample call", () => {
    const p = withRefund({ input: argumentSchema(z.object({ bookingId: z.string(), amount: z.number().max(500) })), inputId: "p" });
    const c = withRefund({ input: argumentSchema(z.object({ bookingId: z.string(), amount: z.number() })), inputId: "c" }, p);
    const r = checkRefinement(c, p, names);
    expect(r).toMatchObject({
      ok: false,
      kind: "arguments",
      trace: toRefund,
      counterexample: { tool: "issue_refund", arguments: { bookingId: "", amount: 501 } },
    });
    if (!r.ok) expect(r.message).toContain('Counterexample: issue_refund({"bookingId":"","amount":501})');
  });

  it("what cannot be decided is 'cannot prove refinement', unless the child tool says why it is safe", () => {
    const refined = z.object({ bookingId: z.string(), amount: z.number().refine((x) => x < 500) });
    const p = withRefund({ input: argumentSchema(refined), inputId: "p" });
    const c = withRefund({ input: argumentSchema(z.object({ bookingId: z.string(), amount: z.number().max(499) })), inputId: "c" }, p);
    const r = checkRefinement(c, p, names);
    expect(r).toMatchObject({ ok: false, kind: "unprovable", trace: toRefund });
    if (!r.ok)
      expect(r.message).toMatch(
        /^Cannot prove refinement: Child's issue_refund may accept arguments Parent's issue_refund rejects \(amount: the parent's schema has a \.refine\(\) check/,
      );
    expect(
      checkRefinement(
        { ...c, tools: { ...c.tools, issue_refund: { ...c.tools["issue_refund"]!, assumeRefinement: "max(499) is below the parent's refine" } } },
        p,
      ),
    ).toEqual({ ok: true });
    // a reason never silences a proven widening
    const wider = withRefund({ input: argumentSchema(z.object({ bookingId: z.string(), amount: z.string() })), inputId: "w", assumeRefinement: "trust me" }, p);
    expect(checkRefinement(wider, p)).toMatchObject({ ok: false, kind: "arguments" });
  });

  it("an input schema the analyzer could not read is 'cannot prove' unless it is the parent's own", () => {
    const p = withRefund({ inputUnknown: "`makeSchema()` is not a static value", inputId: "src:a.ts:1:1" });
    expect(checkRefinement(p, p)).toEqual({ ok: true });
    const c = withRefund({ inputUnknown: "`other()` is not a static value", inputId: "src:b.ts:1:1" }, p);
    expect(checkRefinement(c, p)).toMatchObject({ ok: false, kind: "unprovable" });
  });

  it("verifyWith runs the real schemas, turning a refined child's candidate into a proof", () => {
    const parentSchema = z.object({ bookingId: z.string(), amount: z.number().max(10) });
    const childSchema = z.object({ bookingId: z.string(), amount: z.number().refine((x) => x !== 11) });
    const p = withRefund({ input: argumentSchema(parentSchema), inputId: "p" });
    const c = withRefund({ input: argumentSchema(childSchema), inputId: "c" }, p);
    expect(checkRefinement(c, p)).toMatchObject({ ok: false, kind: "unprovable" });
    const schemas = (s: z.ZodType) => ({ tools: { issue_refund: { input: s } } });
    const r = checkRefinement(c, p, {}, { verifyArguments: verifyWith(schemas(childSchema), schemas(parentSchema)) });
    expect(r).toMatchObject({ ok: false, kind: "arguments" });
    if (!r.ok) expect(childSchema.safeParse(r.counterexample?.arguments).success && !parentSchema.safeParse(r.counterexample?.arguments).success).toBe(true);
  });
});
