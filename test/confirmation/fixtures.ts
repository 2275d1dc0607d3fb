import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { guard } from "../../src/protocol/guard.js";

/** A clock tests move by hand. */
export function manualClock(start = "2026-03-01T10:00:00.000Z") {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

/** Payments stay open after each write, so a grant's single use is what stops a second payment. */
export const paymentsProtocol = defineProtocol({
  name: "payments",
  initial: "open",
  terminal: ["closed"],
  tools: {
    pay: {
      input: z.object({ account: z.string(), amount: z.number().positive(), memo: z.string().optional() }),
      effect: "write",
      requiresConfirmation: true,
      subjects: ["account"],
    },
    update_account: { input: z.object({ account: z.string(), limit: z.number() }), effect: "write", subjects: ["account"] },
    read_account: { input: z.object({ account: z.string() }), effect: "read" },
    close: { input: z.object({}), effect: "read", exit: true },
  },
  states: {
    open: { on: { pay: { ok: "open" }, update_account: { ok: "open" }, read_account: { ok: "open" }, close: { ok: "closed" } } },
    closed: {},
  },
});

/** Cancellation only when the looked-up reservation is eligible (a guard over the session context, set by a reducer). */
export const cancellationProtocol = defineProtocol({
  name: "cancellation",
  initial: "start",
  terminal: ["done"],
  context: z.object({ eligible: z.boolean(), reservationId: z.string().nullable() }),
  initialContext: { eligible: false, reservationId: null },
  tools: {
    lookup: {
      input: z.object({ reservationId: z.string() }),
      effect: "read",
      reduce: (ctx: { eligible: boolean; reservationId: string | null }, args: { reservationId: string }, result) => ({
        ...ctx,
        reservationId: args.reservationId,
        eligible: result.ok && (result.value as { refundable?: boolean }).refundable === true,
      }),
    },
    cancel_reservation: { input: z.object({ reservationId: z.string() }), effect: "write", requiresConfirmation: true, subjects: ["reservationId"] },
    end: { input: z.object({}), effect: "read" },
  },
  states: {
    start: { on: { lookup: { ok: "found" }, end: { ok: "done" } } },
    found: {
      on: { cancel_reservation: { ok: "done" }, lookup: { ok: "found" }, end: { ok: "done" } },
      guards: { cancel_reservation: guard("eligible", (ctx: { eligible: boolean }) => ctx.eligible, "the reservation must be refundable under the policy") },
    },
    done: {},
  },
});
