import { describe, expect, it } from "vitest";
import { protocolOf } from "../../decorators/index.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

/** Imports a fixture module; returns what its import threw (undefined when it loaded). */
async function importError(path: string): Promise<ProtocolViolation | undefined> {
  const err = await import(path).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err !== undefined && !(err instanceof ProtocolViolation)) throw err;
  return err;
}

const toRefund = ["lookup_booking[found]", "request_confirmation[sent]", "receive_message[confirmed]", "issue_refund[ok]"];

describe("import-time refinement of tool attributes (subclasses of CappedRefundAgent)", () => {
  it("a subclass that drops requiresConfirmation throws protocol_weakened (confirmation) with the trace to the refund", async () => {
    const v = await importError("../fixtures/decorators/refinement/unconfirmed-refund-agent.js");
    expect(v?.code).toBe("protocol_weakened");
    expect(v?.data).toMatchObject({ kind: "confirmation", child: "UnconfirmedRefundAgent", parent: "CappedRefundAgent", trace: toRefund });
    expect(v?.message).toContain(
      "UnconfirmedRefundAgent's issue_refund runs without the user's confirmation, but CappedRefundAgent's issue_refund requires it",
    );
    expect(v?.tool).toBe("issue_refund");
  });

  it("a subclass that shrinks subjects throws protocol_weakened (subjects)", async () => {
    const v = await importError("../fixtures/decorators/refinement/fewer-subjects-agent.js");
    expect(v?.data).toMatchObject({ kind: "subjects", trace: toRefund });
    expect(v?.message).toContain("it drops bookingId");
  });

  it("a subclass that lengthens the confirmation's lifetime throws protocol_weakened (expiry)", async () => {
    const v = await importError("../fixtures/decorators/refinement/long-lived-confirmation-agent.js");
    expect(v?.data).toMatchObject({ kind: "expiry", trace: toRefund });
    expect(v?.message).toContain("keeps a confirmation valid for 3600000 ms, but CappedRefundAgent's issue_refund lets a confirmation live at most 300000 ms");
  });

  it("a subclass that removes max(500) throws protocol_weakened (arguments) with a counterexample argument the parent rejects", async () => {
    const v = await importError("../fixtures/decorators/refinement/uncapped-refund-agent.js");
    expect(v?.data).toMatchObject({ kind: "arguments", trace: toRefund, counterexample: { tool: "issue_refund", arguments: { bookingId: "", amount: 501 } } });
    expect(v?.message).toContain("amount: the parent allows at most 500, the child has no maximum");
    const { cappedRefundProtocol } = await import("../fixtures/decorators/refinement/capped-refund-agent.js");
    // the counterexample is real: the parent's own schema rejects it
    expect(cappedRefundProtocol.tools.issue_refund.input.safeParse({ bookingId: "", amount: 501 }).success).toBe(false);
  });

  it("stricter and equal subclasses load and run their own protocols", async () => {
    expect(await importError("../fixtures/decorators/refinement/stricter-refund-agent.js")).toBeUndefined();
    const m = await import("../fixtures/decorators/refinement/stricter-refund-agent.js");
    expect(protocolOf(m.StricterRefundAgent)).toBe(m.stricterProtocol);
    expect(protocolOf(m.SameRefundAgent)).toBe(m.sameProtocol);
    const agent = new m.StricterRefundAgent({ bookings: [{ id: "B1", amount: 50 }] });
    await agent.lookup_booking({ bookingId: "B1" });
    expect(agent.session.state).toBe("booked");
  });
});
