import { describe, expect, it } from "vitest";
import { attachStoredSession, saveAttachedSession, SessionConflictError, SessionNotFoundError } from "../../src/store/index.js";
import { isProtocolViolation } from "../../src/violation/protocol-violation.js";
import { RefundAgent } from "../../examples/refund/refund-agent.js";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { MemorySessionStore } from "../../src/store/memory-store.js";

const SECRET = "test-secret-0123456789abcdef0123";

async function storeWithSession(id: string) {
  const store = new MemorySessionStore({ secret: SECRET });
  await store.create(id, { session: new Session(refundProtocol, { id }).toJSON(), ledger: {} });
  return store;
}

describe("attaching a decorated agent to a stored session by id", () => {
  it("resumes the stored state, runs within it, and saves back with compare-and-set", async () => {
    const store = await storeWithSession("conv-1");
    const first = await attachStoredSession(new RefundAgent({ bookings: [{ id: "B1", amount: 50 }] }), store, "conv-1");
    await first.lookup_booking({ bookingId: "B1" });
    expect(await saveAttachedSession(first)).toBe(2);

    // another process picks the conversation up by id
    const second = await attachStoredSession(new RefundAgent(), store, "conv-1");
    expect(second.session.state).toBe("booked");
    let refunded = false;
    await expect(second.issueRefund({ bookingId: "B1", amount: 50 }).then(() => (refunded = true))).rejects.toMatchObject({ code: "tool_not_allowed" });
    expect(refunded).toBe(false);
  });

  it("refuses to overwrite a session another process saved meanwhile", async () => {
    const store = await storeWithSession("conv-2");
    const a = await attachStoredSession(new RefundAgent({ bookings: [{ id: "B1", amount: 50 }] }), store, "conv-2");
    const b = await attachStoredSession(new RefundAgent({ bookings: [{ id: "B1", amount: 50 }] }), store, "conv-2");
    await a.lookup_booking({ bookingId: "B1" });
    await saveAttachedSession(a);
    await b.end_conversation();
    await expect(saveAttachedSession(b)).rejects.toThrow(/changed in the memory store since version 1 was loaded; nothing was saved/);
    await expect(saveAttachedSession(b)).rejects.toThrow(SessionConflictError);
    await expect(saveAttachedSession(b)).rejects.toMatchObject({ code: "session_conflict", sessionId: "conv-2" });
    const row = await store.load("conv-2");
    expect(row?.state.session.state).toBe("booked");
  });

  it("names the problem for an unknown id, a tampered row, and an instance that was never attached", async () => {
    const store = await storeWithSession("conv-3");
    await expect(attachStoredSession(new RefundAgent(), store, "nope")).rejects.toThrow(/no session "nope" in the memory store/);
    await expect(attachStoredSession(new RefundAgent(), store, "nope")).rejects.toThrow(SessionNotFoundError);
    await expect(attachStoredSession(new RefundAgent(), store, "nope")).rejects.toMatchObject({ code: "session_not_found", sessionId: "nope" });
    await expect(saveAttachedSession(new RefundAgent())).rejects.toThrow(/was not attached with attachStoredSession/);
    await expect(saveAttachedSession(new RefundAgent())).rejects.toThrow(TypeError);
    const other = new MemorySessionStore({ secret: "another-secret-0123456789abcdef0" });
    await other.create("conv-3", { session: new Session(refundProtocol, { id: "conv-3" }).toJSON(), ledger: {} });
    // a row signed with another key, put in place of ours, is a tampered row
    store.rows.set("conv-3", other.rows.get("conv-3")!);
    await expect(attachStoredSession(new RefundAgent(), store, "conv-3")).rejects.toMatchObject({ code: "state_tampered" });
  });

  it("refuses a session whose last write has no recorded outcome, as needs_reconciliation naming the write", async () => {
    const store = new MemorySessionStore({ secret: SECRET });
    const entry = {
      callId: "c7",
      tool: "issue_refund",
      arguments: { bookingId: "B1", amount: 50 },
      argsHash: "x",
      claims: {},
      status: "intent" as const,
      idempotencyKey: "conv-4:c7",
      intentAt: new Date(0).toISOString(),
      owner: "test",
    };
    await store.create("conv-4", { session: new Session(refundProtocol, { id: "conv-4" }).toJSON(), ledger: { c7: entry }, pending: "c7" });
    const error = await attachStoredSession(new RefundAgent(), store, "conv-4").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isProtocolViolation(error, "needs_reconciliation")).toBe(true);
    if (!isProtocolViolation(error, "needs_reconciliation")) return;
    expect(error.data).toEqual({ pendingCallId: "c7", pendingTool: "issue_refund", status: "intent" });
    expect(error.sessionId).toBe("conv-4");
    expect(error.message).toContain("has a write whose outcome is not recorded (call c7)");
    expect(error.hint).toContain('GuardedExecutor.reconcile("conv-4"');
  });
});
