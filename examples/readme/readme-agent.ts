// The README's "A protocol and an agent" snippet, kept identical to it (test/examples/readme-snippet.test.ts
// checks that and runs this file), with the package imports pointed at the sources.
import { z } from "zod";
import { defineProtocol } from "../../src/index.js";
import { Agent, tool } from "../../decorators/index.js";

export const refund = defineProtocol({
  name: "refund",
  initial: "start",
  terminal: ["done"],
  tools: {
    lookup_booking: { input: z.object({ bookingId: z.string() }), effect: "read" },
    issue_refund: {
      input: z.object({ bookingId: z.string(), amount: z.number().positive().max(500) }),
      effect: "write",
      requiresConfirmation: true, // runs only with the user's yes to these exact arguments
    },
  },
  states: {
    start: { on: { lookup_booking: { ok: "booked" } } },
    booked: { on: { issue_refund: { ok: "done" } } },
    done: {},
  },
});

@refund.enforce
export class RefundAgent extends Agent {
  @tool<typeof refund>() async lookup_booking(args: { bookingId: string }) { /* read */ }
  @tool<typeof refund>() async issue_refund(args: { bookingId: string; amount: number }) { /* write */ }
}
