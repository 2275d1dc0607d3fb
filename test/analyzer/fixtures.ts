/** Source text shared by the analyzer's rule tables. */

export const refundProtocol = `import { z } from "zod";
import { defineProtocol } from "concordat";

export const refundProtocol = defineProtocol({
  name: "refund",
  initial: "start",
  terminal: ["done"],
  tools: {
    lookup_booking: { input: z.object({ id: z.string() }), effect: "read", outcomes: ["found", "not_found"] },
    request_confirmation: { input: z.object({ id: z.string() }), effect: "read", outcomes: ["sent"] },
    receive_message: { input: z.object({ text: z.string() }), effect: "read", outcomes: ["confirmed", "denied"] },
    issue_refund: { input: z.object({ id: z.string(), amount: z.number() }), effect: "write", requiresConfirmation: true },
    end_conversation: { input: z.object({}), effect: "read", exit: true },
  },
  states: {
    start: { on: { lookup_booking: { found: "booked", not_found: "start" }, end_conversation: { ok: "done" } } },
    booked: { on: { request_confirmation: { sent: "awaiting" }, end_conversation: { ok: "done" } } },
    awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked" } } },
    confirmed: { on: { issue_refund: { ok: "refunded" } } },
    refunded: { on: { end_conversation: { ok: "done" } } },
    done: {},
  },
});
`;

export const payments = `export class PaymentGateway {
  async refund(id: string, amount: number): Promise<void> {
    void id;
    void amount;
  }
}

export class BookingDb {
  async find(id: string): Promise<{ id: string } | null> {
    return { id };
  }
}
`;

/** The agent: tools read through \`this.db.find\` (via a shared read-only helper) and refund through \`this.payments.refund\`. */
export const refundAgent = `import { Agent, enforce, tool } from "concordat/decorators";
import { refundProtocol } from "./refund-protocol.js";
import { BookingDb, PaymentGateway } from "./payments.js";

@enforce(refundProtocol)
export class RefundAgent extends Agent {
  constructor(readonly payments: PaymentGateway, readonly db: BookingDb) {
    super();
  }

  protected async findBooking(id: string) {
    console.log("finding", id);
    return this.db.find(id);
  }

  @tool()
  async lookup_booking(args: { id: string }) {
    return this.findBooking(args.id);
  }

  @tool()
  async request_confirmation(args: { id: string }) {
    return "Refund " + args.id + "?";
  }

  @tool()
  async receive_message(args: { text: string }) {
    return args.text === "yes" ? "confirmed" : "denied";
  }

  @tool("issue_refund")
  async issueRefund(args: { id: string; amount: number }) {
    const booking = await this.findBooking(args.id);
    if (!booking) throw new Error("no booking");
    console.log(JSON.stringify(args));
    await this.payments.refund(args.id, args.amount);
  }

  @tool()
  async end_conversation() {
    return "bye";
  }
}
`;

/** The three files every agent case starts from. */
export const base = { "refund-protocol.ts": refundProtocol, "payments.ts": payments, "refund-agent.ts": refundAgent };

/** A protocol that lets issue_refund run right after lookup_booking (skips confirmation). */
export const fastProtocol = `import { defineProtocol } from "concordat";
import { refundProtocol } from "./refund-protocol.js";

export const fastProtocol = defineProtocol({
  ...refundProtocol.config,
  name: "fast-refund",
  states: {
    ...refundProtocol.config.states,
    booked: { on: { issue_refund: { ok: "refunded" }, end_conversation: { ok: "done" } } },
  },
});
`;

/** A stricter protocol: no early exit, otherwise the same. */
export const strictProtocol = `import { defineProtocol } from "concordat";
import { refundProtocol } from "./refund-protocol.js";

const baseStates = refundProtocol.config.states;

export const strictProtocol = defineProtocol({
  ...refundProtocol.config,
  name: "strict-refund",
  states: {
    ...baseStates,
    booked: { on: { request_confirmation: { sent: "awaiting" } } },
  },
});
`;
