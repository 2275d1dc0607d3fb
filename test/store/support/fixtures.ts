import { z } from "zod";
import { defineProtocol } from "../../../src/protocol/define-protocol.js";
import type { ValidatedCall } from "../../../src/protocol/protocol.js";
import type { Session } from "../../../src/runtime/session.js";
import type { SessionPolicy } from "../../../src/runtime/session-policy.js";
import { ProtocolViolation } from "../../../src/violation/protocol-violation.js";

export const SECRET = "test-secret-0123456789abcdef";

/**
 * A payment flow where the write `pay` loops back to the same state, so only the grant (not
 * the state machine) stops a second payment.
 */
export const payProtocol = defineProtocol({
  name: "pay",
  initial: "open",
  terminal: ["closed"],
  tools: {
    lookup: { input: z.object({ account: z.string() }), effect: "read", outcomes: ["ok"] },
    pay: { input: z.object({ account: z.string(), amount: z.number().positive() }), effect: "write", outcomes: ["ok", "error"] },
    close: { input: z.object({}), effect: "read", exit: true },
  },
  states: {
    open: { on: { lookup: { ok: "open" }, pay: { ok: "open", error: "open" }, close: { ok: "closed" } } },
    closed: {},
  },
});

/** The same flow with a write that has no error outcome (an error leaves its effect unknown). */
export const strictPayProtocol = defineProtocol({
  name: "strict-pay",
  initial: "open",
  terminal: ["closed"],
  tools: {
    pay: { input: z.object({ account: z.string(), amount: z.number().positive() }), effect: "write", outcomes: ["ok"] },
    close: { input: z.object({}), effect: "read" },
  },
  states: {
    open: { on: { pay: { ok: "paid" }, close: { ok: "closed" } } },
    paid: { on: { close: { ok: "closed" } } },
    closed: {},
  },
});

interface Grant {
  readonly id: string;
  readonly tool: string;
  readonly args: string;
}

/**
 * A minimal single-use grant policy (stand-in for any policy that claims something per write):
 * a write needs an unused grant for its exact tool and arguments and consumes it when claimed.
 */
export class SingleUseGrantPolicy implements SessionPolicy {
  readonly key = "test-grants";
  grants: Grant[] = [];
  used: string[] = [];
  private lastClaim: string | undefined;

  grant(id: string, tool: string, args: unknown): void {
    this.grants.push({ id, tool, args: JSON.stringify(args) });
  }

  beforeCall(session: Session<any>, call: ValidatedCall, claim: boolean): void {
    if (call.spec.effect !== "write") return;
    const args = JSON.stringify(call.arguments);
    const g = this.grants.find((x) => x.tool === call.name && x.args === args && !this.used.includes(x.id));
    if (!g) {
      throw new ProtocolViolation({
        code: "confirmation_missing",
        message: `No unused grant for ${call.name} ${args}.`,
        sessionId: session.id,
        tool: call.name,
        arguments: call.arguments,
      });
    }
    if (claim) {
      this.used.push(g.id);
      this.lastClaim = g.id;
    }
  }

  claimed(): unknown {
    return { grantId: this.lastClaim };
  }

  serialize(): unknown {
    return { grants: this.grants, used: this.used };
  }

  restore(data: unknown): void {
    const d = data as { grants: Grant[]; used: string[] };
    this.grants = [...d.grants];
    this.used = [...d.used];
  }
}

export const grantPolicies = (): SessionPolicy[] => [new SingleUseGrantPolicy()];

export function grants(session: Session<any>): SingleUseGrantPolicy {
  const p = session.policy<SingleUseGrantPolicy>("test-grants");
  if (!p) throw new Error("session has no test-grants policy");
  return p;
}

/** The grant key every process shares (confirmation grants are HMAC-signed in stored sessions). */
export const GRANT_KEY = "grant-key-0123456789abcdef-shared";
export const confirmationOptions = { confirmation: { key: GRANT_KEY } } as const;

/** `payProtocol` whose write needs the user's confirmation (the real ConfirmationPolicy). */
export const confirmedPayProtocol = defineProtocol({
  name: "confirmed-pay",
  initial: "open",
  terminal: ["closed"],
  tools: {
    lookup: { input: z.object({ account: z.string() }), effect: "read", outcomes: ["ok"] },
    pay: { input: z.object({ account: z.string(), amount: z.number().positive() }), effect: "write", outcomes: ["ok", "error"], requiresConfirmation: true },
    close: { input: z.object({}), effect: "read", exit: true },
  },
  states: {
    open: { on: { lookup: { ok: "open" }, pay: { ok: "open", error: "open" }, close: { ok: "closed" } } },
    closed: {},
  },
});

/** `strictPayProtocol` whose write needs the user's confirmation. */
export const confirmedStrictPayProtocol = defineProtocol({
  name: "confirmed-strict-pay",
  initial: "open",
  terminal: ["closed"],
  tools: {
    pay: { input: z.object({ account: z.string(), amount: z.number().positive() }), effect: "write", outcomes: ["ok"], requiresConfirmation: true },
    close: { input: z.object({}), effect: "read" },
  },
  states: {
    open: { on: { pay: { ok: "paid" }, close: { ok: "closed" } } },
    paid: { on: { close: { ok: "closed" } } },
    closed: {},
  },
});

/** The structured path: the app asks, the user confirms; returns the grant's nonce. */
export function confirmAction(session: Session<any>, tool: string, args: unknown): string {
  const s = session as Session<any> & { requestConfirmation(c: { name: string; arguments: unknown }): { id: string }; confirm(id: string): { nonce: string } };
  const req = s.requestConfirmation({ name: tool, arguments: args });
  return s.confirm(req.id).nonce;
}
