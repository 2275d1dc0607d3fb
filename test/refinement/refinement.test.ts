import { describe, expect, it } from "vitest";
import { checkRefinement, mapChildTools } from "../../src/protocol/refinement.js";
import type { GraphState, GraphTool, ProtocolGraph } from "../../src/protocol/types.js";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";

const parent = refundProtocol.graph;

function withStates(g: ProtocolGraph, states: Record<string, GraphState>, extra: Partial<ProtocolGraph> = {}): ProtocolGraph {
  return { ...g, states: { ...g.states, ...states }, ...extra };
}

function withTools(g: ProtocolGraph, tools: Record<string, GraphTool>): ProtocolGraph {
  return { ...g, tools: { ...g.tools, ...tools } };
}

const names = { child: "FastRefundAgent", parent: "RefundAgent" };

describe("checkRefinement: traces", () => {
  it("accepts a protocol as a refinement of itself", () => {
    expect(checkRefinement(parent, parent)).toEqual({ ok: true });
  });

  it("rejects the fast refund with the shortest counterexample and the parent's required route", () => {
    const fast = withStates(parent, { booked: { on: { ...parent.states["booked"]!.on, issue_refund: { ok: "refunded" } } } });
    expect(checkRefinement(fast, parent, names)).toEqual({
      ok: false,
      kind: "trace",
      message:
        "FastRefundAgent allows lookup_booking[found] → issue_refund, but RefundAgent requires request_confirmation → receive_message[confirmed] before issue_refund",
      trace: ["lookup_booking[found]", "issue_refund[ok]"],
    });
  });

  it("uses the protocol names when no class names are given", () => {
    const fast = withStates(parent, { start: { on: { ...parent.states["start"]!.on, issue_refund: { ok: "refunded" } } } }, { name: "fast" });
    const r = checkRefinement(fast, parent);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toBe(
        "fast allows issue_refund first, but refund requires lookup_booking[found] → request_confirmation → receive_message[confirmed] before issue_refund",
      );
      expect(r.trace).toEqual(["issue_refund[ok]"]);
    }
  });

  it("accepts dropped options and split states", () => {
    const strict = withStates(parent, {
      start: { on: { lookup_booking: { found: "booked", not_found: "retry" } } },
      retry: { on: { lookup_booking: { found: "booked", not_found: "retry" }, end_conversation: { ok: "done" } } },
      booked: { on: { request_confirmation: { sent: "awaiting" } } },
    });
    expect(checkRefinement(strict, parent)).toEqual({ ok: true });
  });

  it("rejects an outcome the parent has no transition for, naming it", () => {
    const child = withTools(
      withStates(parent, { awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked", unclear: "awaiting", partial: "awaiting" } } } }),
      { receive_message: { ...parent.tools["receive_message"]!, outcomes: ["confirmed", "denied", "unclear", "partial"] } },
    );
    const r = checkRefinement(child, parent, names);
    expect(r).toMatchObject({ ok: false, kind: "trace", trace: ["lookup_booking[found]", "request_confirmation[sent]", "receive_message[partial]"] });
    if (!r.ok) expect(r.message).toContain('RefundAgent has no outcome partial for receive_message in state "awaiting"');
  });

  it("says when the parent never allows the tool again", () => {
    const child = withStates(parent, { refunded: { on: { end_conversation: { ok: "done" }, issue_refund: { ok: "refunded" } } } });
    const r = checkRefinement(child, parent, names);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.kind).toBe("trace");
      expect(r.trace).toEqual(["lookup_booking[found]", "request_confirmation[sent]", "receive_message[confirmed]", "issue_refund[ok]", "issue_refund[ok]"]);
      expect(r.message).toContain("RefundAgent does not allow issue_refund at that point or anywhere after it");
    }
  });

  it("finds the shortest of several counterexamples", () => {
    const child = withStates(parent, {
      refunded: { on: { end_conversation: { ok: "done" }, lookup_booking: { found: "booked", not_found: "start" } } },
      booked: {
        on: {
          ...parent.states["booked"]!.on,
          end_conversation: { ok: "done" },
          receive_message: { confirmed: "confirmed", denied: "booked", unclear: "booked" },
        },
      },
    });
    const r = checkRefinement(child, parent);
    expect(r).toMatchObject({ ok: false, trace: ["lookup_booking[found]", "receive_message[confirmed]"] });
  });
});

describe("checkRefinement: tools", () => {
  it("accepts an inert read tool as an epsilon move, anywhere", () => {
    const child = withTools(withStates(parent, { booked: { on: { ...parent.states["booked"]!.on, check_status: { ok: "booked" } } } }), {
      check_status: { effect: "read", outcomes: ["ok"], inert: true },
    });
    expect(checkRefinement(child, parent)).toEqual({ ok: true });
  });

  it("follows inert moves into other child states (epsilon moves keep the parent state)", () => {
    // an inert read leads to a state that allows the refund: the parent is still in "booked"
    const child = withTools(
      withStates(parent, {
        booked: { on: { ...parent.states["booked"]!.on, check_status: { ok: "peeked" } } },
        peeked: { on: { issue_refund: { ok: "refunded" } } },
      }),
      { check_status: { effect: "read", outcomes: ["ok"], inert: true } },
    );
    const r = checkRefinement(child, parent);
    expect(r).toMatchObject({ ok: false, kind: "trace", trace: ["lookup_booking[found]", "check_status[ok]", "issue_refund[ok]"] });
  });

  it("rejects an inert write tool", () => {
    const child = withTools(parent, { wipe: { effect: "write", outcomes: ["ok"], inert: true } });
    const r = checkRefinement(child, parent, names);
    expect(r).toMatchObject({ ok: false, kind: "new_tool", trace: [] });
    if (!r.ok) expect(r.message).toContain("FastRefundAgent declares wipe inert, but it is a write tool");
  });

  it("rejects a new write tool, even one no state allows", () => {
    const child = withTools(parent, { cancel_booking: { effect: "write", outcomes: ["ok"] } });
    const r = checkRefinement(child, parent, names);
    expect(r).toMatchObject({ ok: false, kind: "new_tool" });
    if (!r.ok)
      expect(r.message).toBe(
        "FastRefundAgent adds the write tool cancel_booking, which RefundAgent's protocol does not know: a subclass may not add writes. Fix: add cancel_booking to RefundAgent's protocol, or declare it with refines: \"<parent write tool>\".",
      );
  });

  it("rejects a new read tool that is neither inert nor mapped", () => {
    const child = withTools(parent, { peek: { effect: "read", outcomes: ["ok"] } });
    const r = checkRefinement(child, parent);
    expect(r).toMatchObject({ ok: false, kind: "new_tool" });
    if (!r.ok) expect(r.message).toContain("declare it inert: true");
  });

  it("maps a refining tool onto its parent tool", () => {
    const child = withTools(withStates(parent, { confirmed: { on: { partial_refund: { ok: "refunded" } } } }), {
      partial_refund: { ...parent.tools["issue_refund"]!, refines: "issue_refund" },
    });
    expect(checkRefinement(child, parent)).toEqual({ ok: true });
    const early = withStates(child, { booked: { on: { ...parent.states["booked"]!.on, partial_refund: { ok: "refunded" } } } });
    const r = checkRefinement(early, parent, names);
    expect(r).toMatchObject({ ok: false, kind: "trace", trace: ["lookup_booking[found]", "partial_refund[ok]"] });
    if (!r.ok)
      expect(r.message).toBe(
        "FastRefundAgent allows lookup_booking[found] → partial_refund (refining issue_refund), but RefundAgent requires request_confirmation → receive_message[confirmed] before issue_refund",
      );
  });

  it("rejects refines naming an unknown parent tool, and a write standing for a read", () => {
    const unknown = withTools(parent, { x: { effect: "read", outcomes: ["ok"], refines: "nope" } });
    expect(checkRefinement(unknown, parent)).toMatchObject({ ok: false, kind: "new_tool" });
    const upgraded = withTools(parent, { x: { effect: "write", outcomes: ["ok"], refines: "lookup_booking" } });
    const r = checkRefinement(upgraded, parent);
    expect(r).toMatchObject({ ok: false, kind: "new_tool" });
    if (!r.ok) expect(r.message).toContain("may not turn a read into a write");
    const sameName = withTools(parent, { lookup_booking: { effect: "write", outcomes: ["found", "not_found"] } });
    expect(checkRefinement(sameName, parent)).toMatchObject({ ok: false, kind: "new_tool" });
  });
});

describe("checkRefinement: guards", () => {
  const guarded = withStates(parent, { confirmed: { on: { issue_refund: { ok: "refunded" } }, guards: { issue_refund: ["eligible"] } } });

  it("accepts parent ∧ extra", () => {
    const child = withStates(guarded, { confirmed: { on: { issue_refund: { ok: "refunded" } }, guards: { issue_refund: ["eligible", "under_limit"] } } });
    expect(checkRefinement(child, guarded)).toEqual({ ok: true });
  });

  it("rejects a missing or different guard as unverifiable", () => {
    const none = withStates(guarded, { confirmed: { on: { issue_refund: { ok: "refunded" } } } });
    const r = checkRefinement(none, guarded, names);
    expect(r).toMatchObject({
      ok: false,
      kind: "guard",
      trace: ["lookup_booking[found]", "request_confirmation[sent]", "receive_message[confirmed]", "issue_refund[ok]"],
    });
    if (!r.ok) {
      expect(r.message).toContain("without a guard, but RefundAgent guards issue_refund there with eligible");
      expect(r.message).toContain("unverifiable");
    }
    const other = withStates(guarded, { confirmed: { on: { issue_refund: { ok: "refunded" } }, guards: { issue_refund: ["looks_fine"] } } });
    const r2 = checkRefinement(other, guarded, names);
    expect(r2).toMatchObject({ ok: false, kind: "guard" });
    if (!r2.ok) expect(r2.message).toContain("missing eligible");
  });

  it("a child may guard what the parent leaves unguarded", () => {
    expect(checkRefinement(guarded, parent)).toEqual({ ok: true });
  });
});

describe("checkRefinement: budgets", () => {
  const budgeted = withStates(
    parent,
    { awaiting: { ...parent.states["awaiting"]!, budget: { toolCalls: 3 } } },
    { budget: { totalTokens: 10_000, reserve: { totalTokens: 500 } } },
  );

  it("accepts equal or tighter limits", () => {
    const tighter = withStates(
      budgeted,
      { awaiting: { ...parent.states["awaiting"]!, budget: { toolCalls: 2, inputTokens: 10 } } },
      { budget: { totalTokens: 8_000, toolCalls: 5, reserve: { totalTokens: 400 } } },
    );
    expect(checkRefinement(tighter, budgeted)).toEqual({ ok: true });
    expect(checkRefinement(budgeted, budgeted)).toEqual({ ok: true });
  });

  it("rejects a looser or missing protocol limit", () => {
    const looser = { ...budgeted, budget: { totalTokens: 20_000, reserve: { totalTokens: 500 } } };
    const r = checkRefinement(looser, budgeted, names);
    expect(r).toMatchObject({ ok: false, kind: "budget", trace: [] });
    if (!r.ok)
      expect(r.message).toBe(
        "FastRefundAgent allows totalTokens = 20000 in the protocol budget, but RefundAgent limits totalTokens to 10000 there: a subclass may only tighten budgets. Fix: set totalTokens to at most 10000.",
      );
    const missing = { ...budgeted, budget: undefined } as ProtocolGraph;
    expect(checkRefinement(missing, budgeted)).toMatchObject({ ok: false, kind: "budget" });
  });

  it("compares reserves", () => {
    const bigReserve = { ...budgeted, budget: { totalTokens: 10_000, reserve: { totalTokens: 900 } } };
    const r = checkRefinement(bigReserve, budgeted);
    expect(r).toMatchObject({ ok: false, kind: "budget" });
    if (!r.ok) expect(r.message).toContain("the reserve budget");
  });

  it("compares state budgets on the states the two protocols are in together", () => {
    const looser = withStates(budgeted, { awaiting: { ...parent.states["awaiting"]!, budget: { toolCalls: 9 } } });
    const r = checkRefinement(looser, budgeted, names);
    expect(r).toMatchObject({ ok: false, kind: "budget", trace: ["lookup_booking[found]", "request_confirmation[sent]"] });
    if (!r.ok) expect(r.message).toContain('the budget of state "awaiting" (where RefundAgent is in "awaiting"');
  });
});

describe("mapChildTools", () => {
  it("maps same-named, refining and inert tools", () => {
    const child = withTools(parent, {
      peek: { effect: "read", outcomes: ["ok"], inert: true },
      refund2: { effect: "write", outcomes: ["ok"], refines: "issue_refund" },
    });
    const m = mapChildTools(child, parent);
    expect(m.ok).toBe(true);
    if (m.ok) {
      expect(m.mapping.get("peek")).toEqual({ inert: true });
      expect(m.mapping.get("refund2")).toEqual({ inert: false, parentTool: "issue_refund" });
      expect(m.mapping.get("lookup_booking")).toEqual({ inert: false, parentTool: "lookup_booking" });
    }
  });
});
