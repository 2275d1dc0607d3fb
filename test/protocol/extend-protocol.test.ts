import { describe, expect, it } from "vitest";
import { z } from "zod";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { ProtocolDefinitionError } from "../../src/protocol/definition-error.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { extendProtocol } from "../../src/protocol/define-protocol.js";
import { checkRefinement } from "../../src/protocol/refinement.js";

describe("Protocol.extend / extendProtocol", () => {
  it("keeps the parent's definition and replaces states and tools by name", () => {
    const strict = refundProtocol.extend({
      name: "strict-refund",
      states: { booked: { on: { request_confirmation: { sent: "awaiting" } } } },
      budget: { toolCalls: 20 },
    });
    expect(strict.name).toBe("strict-refund");
    expect(strict.initial).toBe("start");
    expect(strict.allowedTools("booked")).toEqual(["request_confirmation"]);
    expect(strict.allowedTools("start")).toEqual(refundProtocol.allowedTools("start"));
    expect(strict.tools.issue_refund).toBe(refundProtocol.tools.issue_refund);
    expect(strict.config.budget).toEqual({ toolCalls: 20 });
    // the parent is unchanged
    expect(refundProtocol.allowedTools("booked")).toEqual(["request_confirmation", "end_conversation"]);
    expect(checkRefinement(strict.graph, refundProtocol.graph)).toEqual({ ok: true });
  });

  it("adds tools and states, and removes a state given null", () => {
    const audited = refundProtocol.extend({
      name: "audited",
      tools: { audit_log: { input: z.object({ bookingId: z.string() }), effect: "read", inert: true } },
      states: { refunded: { on: { audit_log: { ok: "audited" } } }, audited: { on: { end_conversation: { ok: "done" } } } },
    });
    expect(audited.toolNames).toContain("audit_log");
    expect(audited.stateNames).toContain("audited");
    const trimmed = audited.extend({ name: "trimmed", states: { audited: null, refunded: { on: { end_conversation: { ok: "done" } } } } });
    expect(trimmed.stateNames).not.toContain("audited");
    expect(checkRefinement(audited.graph, refundProtocol.graph)).toEqual({ ok: true });
  });

  it("is the same as the spread form and as extendProtocol", () => {
    const changes = { name: "same", states: { booked: { on: { request_confirmation: { sent: "awaiting" } } } } } as const;
    const viaMethod = refundProtocol.extend(changes);
    const viaFunction = extendProtocol(refundProtocol, changes);
    const viaSpread = defineProtocol({ ...refundProtocol.config, name: "same", states: { ...refundProtocol.config.states, ...changes.states } });
    expect(viaFunction.graph).toEqual(viaMethod.graph);
    expect(viaSpread.graph).toEqual(viaMethod.graph);
  });

  it("validates the result like defineProtocol, naming the problem", () => {
    const dangling = () => refundProtocol.extend({ name: "dangling", states: { booked: { on: { request_confirmation: { sent: "nowhere" as never } } } } });
    expect(dangling).toThrow(ProtocolDefinitionError);
    expect(dangling).toThrow(/unknown_target_state.*"nowhere"/);
    // removing a state others lead to leaves dangling transitions
    expect(() => refundProtocol.extend({ name: "holes", states: { awaiting: null } })).toThrow(/"awaiting", which is not a declared state/);
  });

  it("refuses changes without a name, with unknown options, or that are not an object", () => {
    expect(() => refundProtocol.extend({} as never)).toThrow(/needs its own name/);
    expect(() => refundProtocol.extend({ name: "x", state: {} } as never)).toThrow(/unknown option "state"/);
    expect(() => refundProtocol.extend(null as never)).toThrow(/changes must be an object/);
  });
});
