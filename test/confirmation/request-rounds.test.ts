/**
 * A user's "yes" grants only the action(s) of the request the user is answering. Requests are
 * grouped in rounds: the requests made since the user's last message are one round (one agent
 * message); a request after the user answered starts a new round and supersedes every action of
 * earlier rounds still waiting, whatever its tool.
 */
import { describe, it, expect } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

const KEY = "request-rounds-test-key-0123456789";

const airline = defineProtocol({
  name: "airline-rounds",
  initial: "open",
  terminal: ["closed"],
  tools: {
    cancel_reservation: { input: z.object({ reservationId: z.string() }), effect: "write", requiresConfirmation: true, subjects: ["reservationId"] },
    update_reservation_baggages: {
      input: z.object({ reservationId: z.string(), totalBaggages: z.number().int() }),
      effect: "write",
      requiresConfirmation: true,
      subjects: ["reservationId"],
    },
    close: { input: z.object({}), effect: "read", exit: true },
  },
  states: {
    open: { on: { cancel_reservation: { ok: "open" }, update_reservation_baggages: { ok: "open" }, close: { ok: "closed" } } },
    closed: {},
  },
});

const cancelX = { name: "cancel_reservation", arguments: { reservationId: "X" } };
const baggageY = { name: "update_reservation_baggages", arguments: { reservationId: "Y", totalBaggages: 2 } };

function session() {
  return new Session(airline, { confirmation: { key: KEY } });
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ProtocolViolation) return e.code;
    throw e;
  }
  throw new Error("expected a ProtocolViolation");
}

function syncCodeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ProtocolViolation) return e.code;
    throw e;
  }
  throw new Error("expected a ProtocolViolation");
}

describe("request rounds: a yes answers only the latest question", () => {
  it("an unclear answer, then a question about another tool: the yes grants only that tool's action", async () => {
    const s = session();
    const cancel = s.requestConfirmation(cancelX, { description: "Cancel reservation X? (yes/no)" });
    const unsure = await s.receiveUserReply("hmm, not sure yet");
    expect(unsure.decision).toBe("unclear");
    expect(
      s
        .confirmationPolicy()
        .pendingActions()
        .map((a) => a.id),
    ).toEqual([cancel.id]);
    const baggage = s.requestConfirmation(baggageY, { description: "Update reservation Y to 2 checked bags? (yes/no)" });
    const yes = await s.receiveUserReply("yes");
    expect(yes.decision).toBe("confirmed");
    expect(yes.actions.map((a) => a.id)).toEqual([baggage.id]);
    expect(yes.grants.map((g) => g.tool)).toEqual(["update_reservation_baggages"]);
    expect(
      s
        .confirmationPolicy()
        .actions()
        .find((a) => a.id === cancel.id)!.status,
    ).toBe("superseded");
    const ran: string[] = [];
    expect(await codeOf(s.execute(cancelX, () => ran.push("cancel")))).toBe("confirmation_missing");
    await s.execute(baggageY, () => ran.push("baggage"));
    expect(ran).toEqual(["baggage"]);
    // the superseded question can no longer be confirmed by id either
    expect(syncCodeOf(() => s.confirm(cancel.id))).toBe("confirmation_missing");
  });

  it("several actions asked about in one agent message are one round: one yes grants them all", async () => {
    const s = session();
    const asked = s.requestConfirmations([cancelX, baggageY], { description: "Cancel X and update Y to 2 bags? (yes/no)" });
    expect(asked.map((a) => a.status)).toEqual(["pending", "pending"]);
    expect(new Set(asked.map((a) => a.round)).size).toBe(1);
    const yes = await s.receiveUserReply("yes");
    expect(yes.grants.map((g) => g.tool).sort()).toEqual(["cancel_reservation", "update_reservation_baggages"]);
  });

  it("requestConfirmations always starts a new round and supersedes what was still waiting", async () => {
    const s = session();
    const first = s.requestConfirmation(cancelX);
    const second = s.requestConfirmations([baggageY]);
    expect(second[0]!.round).toBeGreaterThan(first.round);
    expect((await s.receiveUserReply("yes")).grants.map((g) => g.tool)).toEqual(["update_reservation_baggages"]);
    expect(
      s
        .confirmationPolicy()
        .actions()
        .find((a) => a.id === first.id)!.status,
    ).toBe("superseded");
  });

  it("requestConfirmations checks every call first: one bad call registers none", () => {
    const s = session();
    expect(syncCodeOf(() => s.requestConfirmations([cancelX, { name: "update_reservation_baggages", arguments: { reservationId: "Y" } }]))).toBe(
      "invalid_arguments",
    );
    expect(s.confirmationPolicy().actions()).toEqual([]);
    expect(() => s.requestConfirmations([])).toThrow(/at least one call/);
  });

  it("requests made one by one before the user answers are one round (several approvals of one model step)", async () => {
    const s = session();
    const a = s.requestConfirmation(cancelX);
    const b = s.requestConfirmation(baggageY);
    expect(b.round).toBe(a.round);
    // the structured path can answer each of them
    s.confirm(a.id);
    s.confirm(b.id);
    expect(s.confirmationPolicy().liveGrants()).toHaveLength(2);
  });

  it("newRound: true marks a new agent message even before the user answered", async () => {
    const s = session();
    const a = s.requestConfirmation(cancelX);
    s.requestConfirmation(baggageY, { newRound: true });
    expect((await s.receiveUserReply("yes")).grants.map((g) => g.tool)).toEqual(["update_reservation_baggages"]);
    expect(
      s
        .confirmationPolicy()
        .actions()
        .find((x) => x.id === a.id)!.status,
    ).toBe("superseded");
  });

  it("together: true (and the older supersede: false) joins the open round, but not one the user already answered", async () => {
    const s = session();
    const a = s.requestConfirmation(cancelX);
    await s.receiveUserReply("what?");
    const b = s.requestConfirmation(baggageY, { together: true });
    expect(b.round).toBeGreaterThan(a.round);
    expect(
      s
        .confirmationPolicy()
        .pendingActions()
        .map((x) => x.id),
    ).toEqual([b.id]);
    const c = s.requestConfirmation({ name: "update_reservation_baggages", arguments: { reservationId: "Z", totalBaggages: 1 } }, { supersede: false });
    expect(c.round).toBe(b.round);
    expect((await s.receiveUserReply("yes")).grants).toHaveLength(2);
  });

  it("a user message noted without judging also ends the round", async () => {
    const s = session();
    const a = s.requestConfirmation(cancelX);
    s.confirmationPolicy().noteUserMessage(s, "by the way, my flight is tomorrow");
    s.requestConfirmation(baggageY);
    expect(
      s
        .confirmationPolicy()
        .actions()
        .find((x) => x.id === a.id)!.status,
    ).toBe("superseded");
  });

  it("messages from other channels do not end the round", async () => {
    const s = session();
    const a = s.requestConfirmation(cancelX);
    await s.confirmationPolicy().receiveMessage(s, { role: "tool", content: "ok" });
    const b = s.requestConfirmation(baggageY);
    expect(b.round).toBe(a.round);
  });

  it("rounds survive toJSON/fromJSON", async () => {
    const s = session();
    const a = s.requestConfirmation(cancelX);
    await s.receiveUserReply("hmm");
    const r = Session.fromJSON(airline, JSON.parse(JSON.stringify(s.toJSON())), { confirmation: { key: KEY } });
    r.requestConfirmation(baggageY);
    expect(
      r
        .confirmationPolicy()
        .actions()
        .find((x) => x.id === a.id)!.status,
    ).toBe("superseded");
    expect((await r.receiveUserReply("yes")).grants.map((g) => g.tool)).toEqual(["update_reservation_baggages"]);
  });

  it("a snapshot from before rounds existed restores as one open round", async () => {
    const s = session();
    s.requestConfirmation(cancelX);
    const snap = JSON.parse(JSON.stringify(s.toJSON()));
    const conf = snap.extensions.confirmation;
    delete conf.round;
    delete conf.roundOpen;
    for (const p of conf.pending) delete p.round;
    const r = Session.fromJSON(airline, snap, { confirmation: { key: KEY } });
    expect((await r.receiveUserReply("yes")).grants.map((g) => g.tool)).toEqual(["cancel_reservation"]);
  });

  it("a reply is judged only against the latest round, even if a stored snapshot still lists older actions as pending", async () => {
    const s = session();
    s.requestConfirmation(cancelX);
    const snap = JSON.parse(JSON.stringify(s.toJSON()));
    // a hand-edited or corrupted snapshot: the waiting action belongs to round 1, the latest round is 2
    snap.extensions.confirmation.round = 2;
    const r = Session.fromJSON(airline, snap, { confirmation: { key: KEY } });
    const out = await r.receiveUserReply("yes");
    expect(out.grants).toEqual([]);
    expect(out.actions).toEqual([]);
  });
});

describe("pressure after a denial never grants", () => {
  it("nothing is pending after a denial; pressure then grants nothing, and the denied action stays refused", async () => {
    const s = session();
    const cancel = s.requestConfirmation(cancelX, { description: "Cancel reservation X? (yes/no)" });
    expect((await s.receiveUserReply("No, don't cancel it.")).decision).toBe("denied");
    expect(s.confirmationPolicy().pendingActions()).toEqual([]);
    for (const pressure of ["Please, just do it.", "just do it", "go ahead already, I'm in a hurry", "yes", "YES. DO IT NOW."]) {
      const out = await s.receiveUserReply(pressure);
      expect({ pressure, grants: out.grants.length, actions: out.actions.length }).toEqual({ pressure, grants: 0, actions: 0 });
    }
    expect(syncCodeOf(() => s.confirm(cancel.id))).toBe("confirmation_denied");
    const ran: string[] = [];
    expect(await codeOf(s.execute(cancelX, () => ran.push("cancel")))).toBe("confirmation_denied");
    expect(ran).toEqual([]);
  });

  it("pressure as the answer to a fresh request is unclear and leaves it pending", async () => {
    const s = session();
    s.requestConfirmation(cancelX, { description: "Cancel reservation X? (yes/no)" });
    await s.receiveUserReply("no");
    const again = s.requestConfirmation(baggageY, { description: "Then shall I update Y to 2 bags? (yes/no)" });
    for (const pressure of ["Please, just do it.", "go ahead already, I'm in a hurry"]) {
      const out = await s.receiveUserReply(pressure);
      expect(out.decision).toBe("unclear");
      expect(out.grants).toEqual([]);
    }
    expect(
      s
        .confirmationPolicy()
        .pendingActions()
        .map((a) => a.id),
    ).toEqual([again.id]);
    const ran: string[] = [];
    expect(await codeOf(s.execute(baggageY, () => ran.push("baggage")))).toBe("confirmation_missing");
    expect(await codeOf(s.execute(cancelX, () => ran.push("cancel")))).toBe("confirmation_denied");
    expect(ran).toEqual([]);
  });
});
