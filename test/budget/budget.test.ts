import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BUDGET_DIMENSIONS, BudgetAccount } from "../../src/budget/budget-account.js";
import type { BudgetPolicy } from "../../src/budget/budget-policy.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { rejectedWith, violationOf } from "../support/expect-violation.js";

const support = defineProtocol({
  name: "support",
  initial: "talking",
  terminal: ["closed"],
  budget: { totalTokens: 2000, toolCalls: 10, reserve: { totalTokens: 300, toolCalls: 1 } },
  tools: {
    search: { input: z.object({ q: z.string() }), effect: "read" },
    ask_confirmation: { input: z.object({}), effect: "read" },
    refund: { input: z.object({ amount: z.number() }), effect: "write" },
    end_conversation: { input: z.object({}), effect: "read", exit: true },
  },
  states: {
    talking: { on: { search: { ok: "talking" }, ask_confirmation: { ok: "confirming" }, end_conversation: { ok: "closed" } } },
    confirming: { budget: { totalTokens: 500 }, on: { refund: { ok: "refunding" }, end_conversation: { ok: "closed" } } },
    refunding: { budget: { toolCalls: 2 }, on: { refund: { ok: "refunding" }, end_conversation: { ok: "closed" } } },
    closed: {},
  },
});

const call = (s: Session<any>, name: string, args: unknown = {}) => s.execute({ name, arguments: args }, () => "ok");

describe("budgets in the protocol", () => {
  it("a per-state token limit refuses a model call with the limit, the amount used and the amount requested", async () => {
    const s = new Session(support);
    await call(s, "ask_confirmation");
    s.beforeModelCall({ inputTokens: 200, outputTokens: 100 });
    s.afterModelCall({ inputTokens: 250, outputTokens: 150 }); // 400 used in "confirming"
    const v = violationOf(() => s.beforeModelCall({ inputTokens: 80, outputTokens: 40 }));
    expect(v.code).toBe("budget_exceeded");
    expect(v.data).toEqual({ dimension: "totalTokens", limit: 500, used: 400, requested: 120, scope: "state:confirming" });
    expect(v.message).toBe('Budget exceeded: state "confirming" allows 500 tokens; 400 used, 120 more requested.');
    expect(() => s.beforeModelCall({ inputTokens: 60, outputTokens: 40 })).not.toThrow();
  });

  it("a per-state tool-call limit refuses the third refund call before it runs", async () => {
    const s = new Session(support);
    await call(s, "ask_confirmation");
    await call(s, "refund", { amount: 1 });
    await call(s, "refund", { amount: 1 }); // refunding: 1
    await call(s, "refund", { amount: 1 }); // refunding: 2
    let ran = false;
    const v = await rejectedWith(s.execute({ name: "refund", arguments: { amount: 1 } }, () => (ran = true)));
    expect(ran).toBe(false);
    expect(v.data).toEqual({ dimension: "toolCalls", limit: 2, used: 2, requested: 1, scope: "state:refunding" });
    expect(s.allowedTools()).toEqual([]); // end_conversation would be a third call in "refunding" too
  });

  it("the run limit excludes the reserve; when only the reserve is left, only exit tools are offered and they still run", async () => {
    const s = new Session(support);
    s.afterModelCall({ inputTokens: 1000, outputTokens: 650 }); // 1650 of 2000; reserve 300 → 50 left outside it
    const v = violationOf(() => s.beforeModelCall({ inputTokens: 40, outputTokens: 20 }));
    expect(v.data).toEqual({ dimension: "totalTokens", limit: 1700, used: 1650, requested: 60, scope: "run" });
    s.afterModelCall({ inputTokens: 40, outputTokens: 10 }); // exactly at the reserve
    expect(s.allowedTools()).toEqual(["end_conversation"]);
    const blocked = await rejectedWith(call(s, "search", { q: "more" }));
    expect(blocked.code).toBe("budget_exceeded");
    expect(blocked.message).toContain("only the exit path's reserve is left");
    expect(() => s.beforeModelCall({ inputTokens: 150, outputTokens: 100 })).not.toThrow(); // the final message, from the reserve
    s.afterModelCall({ inputTokens: 150, outputTokens: 100 });
    await call(s, "end_conversation");
    expect(s.status).toBe("ended");
  });

  it("budget state is part of the serialized session", async () => {
    const s = new Session(support);
    await call(s, "search", { q: "x" });
    s.afterModelCall({ inputTokens: 100, outputTokens: 20 });
    const r = Session.fromJSON(support, JSON.parse(JSON.stringify(s.toJSON())));
    const acct = r.policy<BudgetPolicy>("budget")!.account;
    expect(acct.used("totalTokens")).toBe(120);
    expect(acct.used("toolCalls")).toBe(1);
    expect(() => Session.fromJSON(support, { ...s.toJSON(), extensions: { budget: { account: { spent: { totalTokens: -5 } } } } })).toThrow(
      /not a number ≥ 0|malformed/,
    );
  });
});

describe("handoffs", () => {
  it("linear by default: after the first used 30%, the next may use up to the remaining 70%", () => {
    const root = new BudgetAccount({ limits: { totalTokens: 1000 }, label: "triage" });
    root.charge({ totalTokens: 300 });
    const next = root.handoff({ label: "refunds" });
    expect(next.limit("totalTokens")).toBe(700);
    expect(root.available("totalTokens", true)).toBe(0);
    next.charge({ totalTokens: 200 });
    next.close();
    expect(root.used("totalTokens")).toBe(500);
    expect(root.available("totalTokens", false)).toBe(500);
  });

  it("a configured fraction, explicit limits clamped to what the sender has left, and bad fractions refused", () => {
    const root = new BudgetAccount({ limits: { totalTokens: 1000, toolCalls: 10 } });
    const half = root.handoff({ fraction: 0.5 });
    expect(half.limit("totalTokens")).toBe(500);
    const greedy = root.handoff({ limits: { totalTokens: 10_000, toolCalls: 2 } });
    expect(greedy.limit("totalTokens")).toBe(500);
    expect(greedy.limit("toolCalls")).toBe(2);
    expect(() => root.handoff({ fraction: 1.5 })).toThrow(/fraction 1.5 must be in \(0, 1\]/);
  });

  it("property: random handoff trees and spending never exceed the root budget, and every reserve stays available for its exit path", () => {
    type Op = { kind: "spend" | "handoff" | "close" | "exit"; who: number; amount: number; fraction: number; reserve: number; dim: number };
    const op = fc.record({
      kind: fc.constantFrom("spend", "spend", "handoff", "close", "exit"),
      who: fc.nat(),
      amount: fc.integer({ min: 0, max: 400 }),
      fraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
      reserve: fc.integer({ min: 0, max: 60 }),
      dim: fc.nat({ max: BUDGET_DIMENSIONS.length - 1 }),
    }) as fc.Arbitrary<Op>;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 100 }), fc.array(op, { maxLength: 60 }), (limit, rootReserve, ops) => {
        const root = new BudgetAccount({
          limits: { inputTokens: limit, outputTokens: limit, totalTokens: limit, toolCalls: limit },
          reserve: { totalTokens: Math.min(rootReserve, limit), toolCalls: Math.min(1, limit) },
          label: "root",
        });
        const open: BudgetAccount[] = [root];
        // spending on the exit path legitimately uses the reserve, which travels down the chain with the conversation
        const exiting = new Set<BudgetAccount>();
        const markExiting = (a: BudgetAccount | undefined) => {
          for (; a; a = a.parent) exiting.add(a);
        };
        for (const o of ops) {
          const acct = open[o.who % open.length]!;
          const dim = BUDGET_DIMENSIONS[o.dim]!;
          if (o.kind === "spend" && acct.shortfall({ [dim]: o.amount }, false) === undefined) acct.charge({ [dim]: o.amount });
          if (o.kind === "exit" && acct.shortfall({ [dim]: Math.min(o.amount, acct.reserved(dim)) }, true) === undefined)
            (acct.charge({ [dim]: Math.min(o.amount, acct.reserved(dim)) }, true), markExiting(acct));
          if (o.kind === "handoff") open.push(acct.handoff({ fraction: o.fraction, reserve: { totalTokens: o.reserve } }));
          if (o.kind === "close" && acct !== root) {
            acct.close();
            for (let i = open.length - 1; i >= 0; i--) if (open[i] !== root && (open[i] === acct || isClosed(open[i]!))) open.splice(i, 1);
          }
          for (const d of BUDGET_DIMENSIONS) expect(root.totalSpent(d)).toBeLessThanOrEqual(limit);
          // whoever holds an exit path can always pay the reserve it holds
          for (const a of open) {
            if (exiting.has(a)) continue;
            const need = { totalTokens: a.heldReserve("totalTokens"), toolCalls: a.heldReserve("toolCalls") };
            expect(a.shortfall(need, true)).toBeUndefined();
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});

function isClosed(a: BudgetAccount): boolean {
  return a.snapshot().closed;
}

describe("exhaustion attack", () => {
  it("the first agent burns everything it can; the second still completes its exit path", async () => {
    const root = new BudgetAccount({ limits: { totalTokens: 5000, toolCalls: 30 }, reserve: { totalTokens: 400, toolCalls: 1 }, label: "triage" });
    const first = new Session(support, { budget: root });
    // long outputs until refused
    let refusals = 0;
    for (let i = 0; i < 100; i++) {
      try {
        first.beforeModelCall({ inputTokens: 50, outputTokens: 900 });
        first.afterModelCall({ inputTokens: 50, outputTokens: 900 });
      } catch (e) {
        expect((e as ProtocolViolation).code).toBe("budget_exceeded");
        refusals++;
      }
    }
    // repeated tool calls until refused
    for (let i = 0; i < 50; i++) {
      try {
        await call(first, "search", { q: `burn ${i}` });
      } catch (e) {
        expect((e as ProtocolViolation).code).toBe("budget_exceeded");
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(0);
    expect(root.available("totalTokens", false)).toBeLessThan(950);
    // only the reserve is left: one exit-path model call is allowed, and a provider overrunning
    // its estimate is recorded as an overrun, not taken from the reserve
    expect(first.allowedTools()).toEqual(["end_conversation"]);
    first.beforeModelCall({ inputTokens: 50, outputTokens: 50 });
    first.afterModelCall({ inputTokens: 50, outputTokens: 100_000 });
    expect(root.snapshot().overrun?.totalTokens).toBeGreaterThan(99_000);
    expect(() => first.beforeModelCall({ inputTokens: 10, outputTokens: 10 })).toThrow(/pays for one model call/);
    expect(root.totalSpent("totalTokens")).toBeLessThanOrEqual(5000 - 400 + 100);

    // hand off to the second agent: it holds the exit path now, with the reserve
    const second = new Session(support, { budget: root.handoff({ label: "closer" }) });
    expect(second.allowedTools()).toEqual(["end_conversation"]);
    second.beforeModelCall({ inputTokens: 150, outputTokens: 100 }); // final message to the user
    second.afterModelCall({ inputTokens: 150, outputTokens: 100 });
    await call(second, "end_conversation");
    expect(second.status).toBe("ended");
    // and the first cannot reach into the reserve it handed over
    expect(() => first.beforeModelCall({ inputTokens: 1, outputTokens: 1 })).toThrow(ProtocolViolation);
  });
});
