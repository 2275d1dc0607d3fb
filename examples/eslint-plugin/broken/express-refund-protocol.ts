import { defineProtocol } from "../../../src/index.js";
import { refundProtocol } from "../../refund/refund-protocol.js";

/**
 * DELIBERATELY BROKEN: the refund protocol with an express lane that lets `issue_refund` run
 * right after `lookup_booking`, without the user's confirmation.
 */
export const expressRefundProtocol = defineProtocol({
  name: "express-refund",
  initial: "start",
  terminal: ["done"],
  tools: { ...refundProtocol.tools },
  states: {
    start: { on: { lookup_booking: { found: "booked", not_found: "start" }, end_conversation: { ok: "done" } } },
    booked: { on: { issue_refund: { ok: "refunded" }, request_confirmation: { sent: "awaiting" }, end_conversation: { ok: "done" } } },
    awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked", unclear: "awaiting" } } },
    confirmed: { on: { issue_refund: { ok: "refunded" } } },
    refunded: { on: { end_conversation: { ok: "done" } } },
    done: {},
  },
});
