/**
 * Requests bound to a tool call (`RequestOptions.callId`): what the adapters use for the
 * approval items an SDK shows. Each call of a model step gets its own pending action and its
 * own grant, so they can be confirmed or denied in any order, and a grant never authorizes a
 * call other than the one it was asked for.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

const refunds = defineProtocol({
  name: "bound-refunds",
  initial: "open",
  terminal: ["closed"],
  tools: {
    issue_refund: {
      input: z.object({ bookingId: z.string(), amount: z.number().positive() }),
      effect: "write",
      requiresConfirmation: true,
      subjects: ["bookingId"],
    },
    close: { input: z.object({}), effect: "read", exit: true },
  },
  states: { open: { on: { issue_refund: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
});

const refund = (id: string, bookingId: string, amount: number) => ({ id, name: "issue_refund", arguments: { bookingId, amount } });

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ProtocolViolation) return e.code;
    throw e;
  }
  return "ok";
}

describe("requests bound to a tool call", () => {
  it("two calls of one step (same tool) stay pending side by side and can be confirmed in either order", async () => {
    for (const order of [
      ["c1", "c2"],
      ["c2", "c1"],
    ] as const) {
      const s = new Session(refunds);
      const a1 = s.requestConfirmation(refund("c1", "B1", 20), { callId: "c1" });
      const a2 = s.requestConfirmation(refund("c2", "B2", 30), { callId: "c2" });
      expect(
        s
          .confirmationPolicy()
          .actions()
          .map((a) => a.status),
      ).toEqual(["pending", "pending"]);
      const ids = { c1: a1.id, c2: a2.id };
      for (const c of order) s.confirm(ids[c]);
      const ran: unknown[] = [];
      await s.execute(refund("c1", "B1", 20), (a) => ran.push(a));
      await s.execute(refund("c2", "B2", 30), (a) => ran.push(a));
      expect(ran).toEqual([
        { bookingId: "B1", amount: 20 },
        { bookingId: "B2", amount: 30 },
      ]);
    }
  });

  it("a grant bound to one call does not authorize another call with the same arguments", async () => {
    const s = new Session(refunds);
    const a1 = s.requestConfirmation(refund("c1", "B1", 50), { callId: "c1" });
    s.requestConfirmation(refund("c2", "B1", 50), { callId: "c2" });
    s.confirm(a1.id);
    const other = s.check(refund("c2", "B1", 50));
    expect(other.ok).toBe(false);
    if (!other.ok) {
      expect(other.violation.code).toBe("confirmation_missing");
      expect(other.violation.message).toContain('confirmed them for tool call "c1"');
    }
    // nor a call without an id
    expect(codeOf(() => s.validate({ name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } }, false))).toBe("confirmation_missing");
    const ran: string[] = [];
    await expect(s.execute(refund("c2", "B1", 50), () => ran.push("c2"))).rejects.toMatchObject({ code: "confirmation_missing" });
    await s.execute(refund("c1", "B1", 50), () => ran.push("c1"));
    expect(ran).toEqual(["c1"]);
  });

  it("a bound request replaces only an earlier request for the same call; an unbound one does not replace bound ones", () => {
    const s = new Session(refunds);
    const first = s.requestConfirmation(refund("c1", "B1", 50), { callId: "c1" });
    const sibling = s.requestConfirmation(refund("c2", "B1", 60), { callId: "c2" });
    const again = s.requestConfirmation(refund("c1", "B1", 50), { callId: "c1" });
    const byId = new Map(
      s
        .confirmationPolicy()
        .actions()
        .map((a) => [a.id, a.status]),
    );
    expect([byId.get(first.id), byId.get(sibling.id), byId.get(again.id)]).toEqual(["superseded", "pending", "pending"]);
    const unbound = s.requestConfirmation({ name: "issue_refund", arguments: { bookingId: "B1", amount: 70 } });
    const after = new Map(
      s
        .confirmationPolicy()
        .actions()
        .map((a) => [a.id, a.status]),
    );
    expect([after.get(sibling.id), after.get(again.id), after.get(unbound.id)]).toEqual(["pending", "pending", "pending"]);
  });

  it("a new round (the user spoke) still supersedes bound requests", () => {
    const s = new Session(refunds);
    const a = s.requestConfirmation(refund("c1", "B1", 50), { callId: "c1" });
    s.confirmationPolicy().noteUserMessage(s, "wait, something else");
    s.requestConfirmation(refund("c3", "B2", 10), { callId: "c3" });
    expect(
      s
        .confirmationPolicy()
        .actions()
        .find((x) => x.id === a.id)?.status,
    ).toBe("superseded");
    expect(codeOf(() => s.confirm(a.id))).toBe("confirmation_missing");
  });

  it("unbound grants (a typed yes, a structured confirm without callId) still authorize any call with their arguments", async () => {
    const s = new Session(refunds);
    s.requestConfirmation({ name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
    const outcome = await s.receiveUserReply("Yes, please go ahead.");
    expect(outcome.decision).toBe("confirmed");
    const ran: string[] = [];
    await s.execute(refund("any-id", "B1", 50), () => ran.push("ran"));
    expect(ran).toEqual(["ran"]);
  });

  it("the binding survives serialization", async () => {
    const s = new Session(refunds, { confirmation: { key: "call-bound-test-key-0123456789" } });
    const a = s.requestConfirmation(refund("c1", "B1", 50), { callId: "c1" });
    s.confirm(a.id);
    const restored = Session.fromJSON(refunds, JSON.parse(JSON.stringify(s.toJSON())), { confirmation: { key: "call-bound-test-key-0123456789" } });
    expect(codeOf(() => restored.validate(refund("c2", "B1", 50), false))).toBe("confirmation_missing");
    expect(codeOf(() => restored.validate(refund("c1", "B1", 50), false))).toBe("ok");
  });

  it("refuses an empty callId", () => {
    const s = new Session(refunds);
    expect(() => s.requestConfirmation(refund("c1", "B1", 50), { callId: "" })).toThrow(/callId must be the tool call's non-empty id/);
  });
});
