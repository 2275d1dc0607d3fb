import { defineProtocol } from "../../src/index.js";
import { refundProtocol } from "../refund/refund-protocol.js";

/**
 * DELIBERATELY BROKEN: the refund protocol with a shortcut that lets `issue_refund` run right
 * after `lookup_booking`, skipping the user's confirmation. `concordat check` reports the
 * subclass that enforces it (`protocol-weakening`).
 */
export const fastRefundProtocol = defineProtocol({
  ...refundProtocol.config,
  name: "fast-refund",
  states: {
    ...refundProtocol.config.states,
    booked: {
      on: {
        issue_refund: { ok: "refunded" },
        request_confirmation: { sent: "awaiting" },
        end_conversation: { ok: "done" },
      },
    },
  },
});
