import { z } from "zod";
import { defineProtocol } from "../../src/index.js";

/**
 * The five-step refund flow: look the booking up, ask for confirmation, wait for the reply,
 * refund only after a confirmed reply, then end.
 */
export const refundProtocol = defineProtocol({
  name: "refund",
  initial: "start",
  terminal: ["done"],
  tools: {
    lookup_booking: {
      description: "Find a booking by its id.",
      input: z.object({ bookingId: z.string().min(1) }),
      effect: "read",
      outcomes: ["found", "not_found"],
      outcome: (r) => (r.ok && r.value !== null && r.value !== undefined ? "found" : "not_found"),
    },
    request_confirmation: {
      description: "Describe the refund to the user and ask them to confirm it.",
      input: z.object({ bookingId: z.string(), amount: z.number().positive() }),
      effect: "read",
      outcomes: ["sent"],
      outcome: () => "sent",
    },
    receive_message: {
      description: "Read the user's reply to the confirmation request.",
      input: z.object({ text: z.string() }),
      effect: "read",
      outcomes: ["confirmed", "denied", "unclear"],
      outcome: (r) => (r.ok ? (r.value as "confirmed" | "denied" | "unclear") : "unclear"),
    },
    issue_refund: {
      description: "Refund a booking. Only after the user confirmed.",
      input: z.object({ bookingId: z.string(), amount: z.number().positive() }),
      effect: "write",
      requiresConfirmation: true,
      subjects: ["bookingId"],
      outcomes: ["ok"],
    },
    end_conversation: {
      description: "End the conversation.",
      input: z.object({}),
      effect: "read",
      exit: true,
    },
  },
  states: {
    start: { on: { lookup_booking: { found: "booked", not_found: "start" }, end_conversation: { ok: "done" } } },
    booked: { on: { request_confirmation: { sent: "awaiting" }, end_conversation: { ok: "done" } } },
    awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked", unclear: "awaiting" } } },
    confirmed: { on: { issue_refund: { ok: "refunded" } } },
    refunded: { on: { end_conversation: { ok: "done" } } },
    done: {},
  },
});
