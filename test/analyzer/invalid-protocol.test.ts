import { base } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

/** The refund protocol with one edit. */
const protocolWith = (from: string, to: string): Files => ({ ...base, "refund-protocol.ts": base["refund-protocol.ts"].replace(from, to) });

const danglingTarget = protocolWith(`confirmed: { on: { issue_refund: { ok: "refunded" } } }`, `confirmed: { on: { issue_refund: { ok: "refundd" } } }`);
const undeclaredTool = protocolWith(`booked: { on: { request_confirmation:`, `booked: { on: { issue_refnd: { ok: "refunded" }, request_confirmation:`);
const missingOutcome = protocolWith(
  `awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked" } } }`,
  `awaiting: { on: { receive_message: { confirmed: "confirmed" } } }`,
);
const unreachable = protocolWith(`    done: {},\n  },`, `    done: {},\n    limbo: { on: { end_conversation: { ok: "done" } } },\n  },`);
const badTtl = protocolWith(`effect: "write", requiresConfirmation: true }`, `effect: "write", requiresConfirmation: true, confirmationTtlMs: 0 }`);

/** A derived protocol (the documented way) whose change names a state the parent lacks. */
const derivedDangling: Files = {
  ...base,
  "child.ts": `import { enforce } from "concordat/decorators";
import { refundProtocol } from "./refund-protocol.js";
import { RefundAgent } from "./refund-agent.js";

export const strictProtocol = refundProtocol.extend({
  name: "strict",
  states: { booked: { on: { request_confirmation: { sent: "wating" } } } },
});

@enforce(strictProtocol)
export class StrictAgent extends RefundAgent {}
`,
};

/** Removing a state the others lead to. */
const derivedRemoval: Files = {
  ...base,
  "child.ts": derivedDangling["child.ts"]!.replace(`states: { booked: { on: { request_confirmation: { sent: "wating" } } } },`, `states: { awaiting: null },`),
};

const validDerived: Files = { ...base, "child.ts": derivedDangling["child.ts"]!.replace(`"wating"`, `"awaiting"`) };

ruleTable("invalid-protocol", {
  valid: [
    { name: "the refund protocol and agent", files: base },
    { name: "a derived protocol naming only declared states", files: validDerived },
  ],
  invalid: [
    {
      name: "a transition to an undeclared state (the agent enforcing it passed silently before), with what follows from it",
      files: danglingTarget,
      errors: [
        errorAt(danglingTarget, "refund-protocol.ts", `{ on: { issue_refund: { ok: "refundd" } } }`, {
          message: /no terminal state \(done\) can be reached from state "confirmed"/,
        }),
        errorAt(danglingTarget, "refund-protocol.ts", `"refundd"`, {
          message: /goes to "refundd", which is not a declared state\. Did you mean "refunded"\?.*\[unknown_target_state; defineProtocol throws/,
        }),
        errorAt(danglingTarget, "refund-protocol.ts", `{ on: { end_conversation: { ok: "done" } } },\n    done`, {
          message: /state "refunded" cannot be reached/,
        }),
      ],
    },
    {
      name: "a state allowing an undeclared tool",
      files: undeclaredTool,
      errors: [
        errorAt(undeclaredTool, "refund-protocol.ts", `{ ok: "refunded" }, request_confirmation`, {
          message: /allows tool "issue_refnd", which is not declared in tools\. Did you mean "issue_refund"\?/,
        }),
      ],
    },
    {
      name: "an outcome without a transition",
      files: missingOutcome,
      errors: [errorAt(missingOutcome, "refund-protocol.ts", `{ confirmed: "confirmed" }`, { message: /says nothing for its outcome "denied"/ })],
    },
    {
      name: "an unreachable state",
      files: unreachable,
      errors: [errorAt(unreachable, "refund-protocol.ts", `{ on: { end_conversation: { ok: "done" } } },\n  },`, { message: /"limbo" cannot be reached/ })],
    },
    {
      name: "a confirmation lifetime that is not positive",
      files: badTtl,
      errors: [
        errorAt(badTtl, "refund-protocol.ts", `{ input: z.object({ id: z.string(), amount: z.number() }), effect: "write"`, { message: /confirmationTtlMs 0/ }),
      ],
    },
    {
      name: "a derived protocol naming an undeclared state: reported in the derivation, also for the states it cuts off",
      files: derivedDangling,
      errors: [
        errorAt(derivedDangling, "child.ts", "refundProtocol.extend(", { message: /state "awaiting" cannot be reached/ }),
        errorAt(derivedDangling, "child.ts", "refundProtocol.extend(", { message: /state "confirmed" cannot be reached/ }),
        errorAt(derivedDangling, "child.ts", "refundProtocol.extend(", { message: /state "refunded" cannot be reached/ }),
        errorAt(derivedDangling, "child.ts", "{ on: { request_confirmation", { message: /no terminal state \(done\) can be reached from state "booked"/ }),
        errorAt(derivedDangling, "child.ts", `"wating"`, { message: /goes to "wating", which is not a declared state/ }),
      ],
    },
    {
      name: "a derived protocol removing a state others lead to",
      files: derivedRemoval,
      errors: [
        errorAt(derivedRemoval, "child.ts", "refundProtocol.extend(", {
          message: /state "booked", tool "request_confirmation", outcome "sent" goes to "awaiting", which is not a declared state/,
        }),
        errorAt(derivedRemoval, "child.ts", "refundProtocol.extend(", { message: /state "confirmed" cannot be reached/ }),
        errorAt(derivedRemoval, "child.ts", "refundProtocol.extend(", { message: /state "refunded" cannot be reached/ }),
      ],
    },
  ],
});
