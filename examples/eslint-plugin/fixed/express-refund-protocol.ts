import { defineProtocol } from "../../../src/index.js";
import { refundProtocol } from "../../refund/refund-protocol.js";

/**
 * Fixed: the express lane still asks for confirmation. What makes it express is that a found
 * booking goes straight to the request (no early exit in `booked`): a stricter protocol than
 * RefundAgent's, so it refines it.
 */
export const expressRefundProtocol = defineProtocol({
  name: "express-refund",
  initial: "start",
  terminal: ["done"],
  tools: { ...refundProtocol.tools },
  states: {
    start: { on: { lookup_booking: { found: "booked", not_found: "start" }, end_conversation: { ok: "done" } } },
    booked: { on: { request_confirmation: { sent: "awaiting" } } },
    awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked", unclear: "awaiting" } } },
    confirmed: { on: { issue_refund: { ok: "refunded" } } },
    refunded: { on: { end_conversation: { ok: "done" } } },
    done: {},
  },
});
