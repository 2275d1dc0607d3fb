import { describe, it, expect } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { confirmationFlow } from "../../src/confirmation/confirmation-flow.js";

const cancelInput = z.object({ reservationId: z.string() });
const flow = confirmationFlow({ write: "cancel_reservation", input: cancelInput, next: "cancelled", denied: "found" });

const protocol = defineProtocol({
  name: "generated-cancel",
  initial: "found",
  terminal: ["cancelled", "done"],
  tools: {
    ...flow.tools,
    cancel_reservation: { input: cancelInput, effect: "write", requiresConfirmation: true, subjects: ["reservationId"] },
    end: { input: z.object({}), effect: "read" },
  },
  states: {
    found: { on: { ...flow.entry, end: { ok: "done" } } },
    ...flow.states,
    cancelled: {},
    done: {},
  },
});

describe("confirmationFlow (generated request → await → decide → execute)", () => {
  it("generates a valid protocol with the expected states and edges", () => {
    expect(protocol.stateNames.sort()).toEqual(["cancel_reservation_awaiting", "cancel_reservation_confirmed", "cancelled", "done", "found"]);
    expect(protocol.graph.states["cancel_reservation_awaiting"]!.on).toEqual({
      await_cancel_reservation_reply: { confirmed: "cancel_reservation_confirmed", denied: "found", unclear: "cancel_reservation_awaiting" },
    });
    expect(protocol.allowedTools("cancel_reservation_confirmed")).toEqual(["cancel_reservation"]);
    expect(flow.names).toEqual({
      request: "request_cancel_reservation",
      await: "await_cancel_reservation_reply",
      awaiting: "cancel_reservation_awaiting",
      confirmed: "cancel_reservation_confirmed",
    });
  });

  it("runs end to end with the user's yes, and the write runs once", async () => {
    const s = new Session(protocol, { confirmation: { key: "flow-test-key-0123456789", requestTools: flow.requestTools } });
    await s.execute({ name: "request_cancel_reservation", arguments: { reservationId: "R1" } }, () => "Cancel reservation R1? (yes/no)");
    const reply = await s.receiveUserReply("yes, cancel it");
    expect(reply.decision).toBe("confirmed");
    await s.execute({ name: "await_cancel_reservation_reply", arguments: { text: "yes, cancel it" } }, () => reply.decision);
    let ran = 0;
    await s.execute({ name: "cancel_reservation", arguments: { reservationId: "R1" } }, () => ran++);
    expect(ran).toBe(1);
    expect(s.state).toBe("cancelled");
  });

  it("the agent reporting 'confirmed' by itself reaches the state but not the write", async () => {
    const s = new Session(protocol, { confirmation: { key: "flow-test-key-0123456789", requestTools: flow.requestTools } });
    await s.execute({ name: "request_cancel_reservation", arguments: { reservationId: "R1" } }, () => "Cancel reservation R1?");
    await s.execute({ name: "await_cancel_reservation_reply", arguments: { text: "(agent) user said yes" } }, () => "confirmed");
    expect(s.state).toBe("cancel_reservation_confirmed");
    let ran = 0;
    const e = await s.execute({ name: "cancel_reservation", arguments: { reservationId: "R1" } }, () => ran++).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProtocolViolation);
    expect((e as ProtocolViolation).code).toBe("confirmation_missing");
    expect(ran).toBe(0);
  });

  it("a denial goes back, and an unclear reply stays awaiting", async () => {
    const s = new Session(protocol, { confirmation: { key: "flow-test-key-0123456789", requestTools: flow.requestTools } });
    await s.execute({ name: "request_cancel_reservation", arguments: { reservationId: "R1" } }, () => "Cancel R1?");
    await s.execute({ name: "await_cancel_reservation_reply", arguments: { text: "hmm" } }, () => "unclear");
    expect(s.state).toBe("cancel_reservation_awaiting");
    await s.execute({ name: "await_cancel_reservation_reply", arguments: { text: "no" } }, () => "denied");
    expect(s.state).toBe("found");
  });
});
