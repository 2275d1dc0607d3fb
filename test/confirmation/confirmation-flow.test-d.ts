import { expectTypeOf, test } from "vitest";
import { z } from "zod";
import { confirmationFlow } from "../../src/confirmation/confirmation-flow.js";

test("generated names are literal types", () => {
  const f = confirmationFlow({ write: "issue_refund", input: z.object({ amount: z.number() }), next: "refunded", denied: "booked" });
  expectTypeOf(f.names.request).toEqualTypeOf<"request_issue_refund">();
  expectTypeOf(f.names.awaiting).toEqualTypeOf<"issue_refund_awaiting">();
  expectTypeOf(f.entry).toEqualTypeOf<{ readonly request_issue_refund: { readonly sent: "issue_refund_awaiting" } }>();
  expectTypeOf(f.states.issue_refund_confirmed.on.issue_refund.ok).toEqualTypeOf<"refunded">();
  // @ts-expect-error no such generated state
  f.states.issue_refund_pending;
});
