// Issue 16: budgets that cannot be poisoned. The first test is the outside red team's finding
// (it failed before); the properties cover NaN, ±Infinity, negatives, huge values and the
// orders in which accounts are closed, restored and used.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BUDGET_DIMENSIONS, BudgetAccount, type AccountSnapshot, type BudgetDimension, type Usage } from "../../src/budget/budget-account.js";
import type { BudgetPolicy } from "../../src/budget/budget-policy.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { rejectedWith } from "../support/expect-violation.js";

const metered = defineProtocol({
  name: "metered",
  initial: "open",
  terminal: ["closed"],
  budget: { totalTokens: 1000, toolCalls: 4 },
  tools: { work: { input: z.object({}), effect: "read" }, close: { input: z.object({}), effect: "read", exit: true } },
  states: { open: { budget: { totalTokens: 600 }, on: { work: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
});

const snap = (s: Session<any>) => JSON.stringify(s.toJSON().extensions["budget"]);

describe("budget poisoning (red-team findings)", () => {
  it("NaN, negative and infinite figures are refused naming the field, charge nothing, and cannot unlock a call", async () => {
    const s = new Session(metered);
    s.afterModelCall({ inputTokens: 100, outputTokens: 0 });
    const before = snap(s);
    // a NaN report used to turn the spent count into NaN, after which every check passed
    expect(() => s.afterModelCall({ inputTokens: Number.NaN, outputTokens: 0 })).toThrow(
      /usage\.inputTokens must be a finite number ≥ 0, got NaN; nothing was charged/,
    );
    // a negative report used to lower the per-state count
    expect(() => s.afterModelCall({ inputTokens: 0, outputTokens: -500 })).toThrow(/outputTokens must be a finite number ≥ 0, got -500/);
    expect(() => s.afterModelCall({ inputTokens: Number.POSITIVE_INFINITY, outputTokens: 0 })).toThrow(/got Infinity/);
    expect(() => s.afterModelCall({ inputTokens: "5" as unknown as number, outputTokens: 0 })).toThrow(/got "5"/);
    expect(snap(s)).toBe(before);
    // an estimate with a negative component used to pass a total check
    expect(() => s.beforeModelCall({ inputTokens: 100_000, outputTokens: -99_900 })).toThrow(/estimate\.outputTokens must be a finite number ≥ 0/);
    expect(() => s.beforeModelCall({ inputTokens: Number.NaN, outputTokens: 1 })).toThrow(TypeError);
    // a 100k-token call cannot pass a 1k budget
    expect(() => s.beforeModelCall({ inputTokens: 100_000, outputTokens: 0 })).toThrow(/Budget exceeded/);
    expect(snap(s)).toBe(before);
  });

  it("a closed child account refuses every further check: no body runs on it", async () => {
    const root = new BudgetAccount({ limits: { toolCalls: 4 }, label: "root" });
    const child = root.handoff({ label: "child" });
    const s = new Session(metered, { budget: child });
    let bodies = 0;
    await s.execute({ name: "work", arguments: {} }, () => bodies++);
    child.close();
    for (let i = 0; i < 10; i++) {
      const v = await rejectedWith(s.execute({ name: "work", arguments: {} }, () => bodies++));
      expect(v.code).toBe("budget_exceeded");
      expect(v.message).toMatch(/account "child" is closed/);
    }
    expect(bodies).toBe(1);
    expect(s.allowedTools()).toEqual([]);
    expect(child.shortfall({ toolCalls: 0 }, true)?.scope).toBe("closed");
    expect(() => child.charge({ toolCalls: 1 })).toThrow(/closed/);
    expect(root.totalSpent("toolCalls")).toBe(1);
  });

  it("Session.fromJSON refuses budget figures that do not hold (lent, spent beyond the limit, NaN, negative)", async () => {
    const s = new Session(metered);
    await s.execute({ name: "work", arguments: {} }, () => 1);
    const good = JSON.parse(JSON.stringify(s.toJSON()));
    expect(Session.fromJSON(metered, good).policy<BudgetPolicy>("budget")!.account.used("toolCalls")).toBe(1);
    const bad = (edit: (a: Record<string, any>) => void) => {
      const d = structuredClone(good);
      edit(d.extensions.budget);
      return () => Session.fromJSON(metered, d);
    };
    expect(bad((b) => (b.account.lent = { inputTokens: 0, outputTokens: 0, totalTokens: 1e12, toolCalls: 0 }))).toThrow(
      /lent\.totalTokens = 1000000000000 exceeds the reserve/,
    );
    expect(bad((b) => (b.account.spent.toolCalls = 5))).toThrow(/toolCalls spent 5 \+ allocated 0 exceeds the limit 4/);
    expect(bad((b) => (b.account.spent.totalTokens = -1))).toThrow(/not a number ≥ 0/);
    expect(bad((b) => (b.account.spent.totalTokens = null))).toThrow(/not a number ≥ 0/);
    expect(bad((b) => (b.account.allocated.toolCalls = 9))).toThrow(/exceeds the limit/);
    expect(bad((b) => (b.perState.open.totalTokens = -100))).toThrow(/perState\.open\.totalTokens = -100/);
    expect(bad((b) => (b.exitModelCalls = 1.5))).toThrow(/exitModelCalls/);
    expect(bad((b) => (b.account.closed = "no"))).toThrow(/closed/);
  });

  it("a snapshot cannot be restored into an account already in use (no rolling spending back in place)", () => {
    const a = new BudgetAccount({ limits: { toolCalls: 4 } });
    const early = a.snapshot();
    a.charge({ toolCalls: 3 });
    expect(() => a.restore(early)).toThrow(/only be restored into an account nothing has used yet/);
    expect(a.used("toolCalls")).toBe(3);
    const closed = new BudgetAccount({ limits: { toolCalls: 4 } });
    closed.close();
    expect(() => closed.restore(early)).toThrow(/nothing has used yet/);
  });

  it("the figures an account reports cannot be changed from outside", () => {
    const s = new Session(metered);
    const policy = s.policy<BudgetPolicy>("budget")!;
    policy.stateUsage("open").totalTokens = -1e9;
    expect(policy.stateUsage("open").totalTokens).toBe(0);
    const acct = policy.account as unknown as Record<string, unknown>;
    expect(acct["spent"]).toBeUndefined();
    expect(() => {
      (BudgetAccount.prototype as unknown as { shortfall: unknown }).shortfall = () => undefined;
    }).toThrow(TypeError);
  });
});

const WEIRD = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, -1e-9, -Number.MAX_VALUE];
const figure = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 500 }) },
  { weight: 1, arbitrary: fc.constantFrom(...WEIRD) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, 1e15, 1e308, Number.MAX_VALUE, Number.MIN_VALUE) },
  { weight: 1, arbitrary: fc.double() },
);
const valid = (v: number) => Number.isFinite(v) && v >= 0;
const dim = fc.constantFrom(...BUDGET_DIMENSIONS);

function invariants(a: BudgetAccount): void {
  const s = a.snapshot();
  for (const d of BUDGET_DIMENSIONS) {
    for (const v of [s.spent[d], s.allocated[d], s.lent?.[d] ?? 0, s.overrun?.[d] ?? 0]) expect(valid(v)).toBe(true);
    if (!s.closed) expect(s.spent[d] + s.allocated[d]).toBeLessThanOrEqual(a.limit(d));
  }
}

describe("budget properties", () => {
  it("any figure: a charge or check either is refused with a TypeError and changes nothing, or keeps every invariant", () => {
    type Op = { kind: "charge" | "check" | "handoff" | "close"; who: number; d: BudgetDimension; v: number; exit: boolean };
    const op = fc.record({
      kind: fc.constantFrom("charge", "charge", "check", "handoff", "close"),
      who: fc.nat(),
      d: dim,
      v: figure,
      exit: fc.boolean(),
    }) as fc.Arbitrary<Op>;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.array(op, { maxLength: 50 }), (limit, ops) => {
        const root = new BudgetAccount({
          limits: { inputTokens: limit, totalTokens: limit, toolCalls: limit },
          reserve: { toolCalls: Math.min(1, limit) },
          label: "root",
        });
        const all: BudgetAccount[] = [root];
        for (const o of ops) {
          const a = all[o.who % all.length]!;
          const before = JSON.stringify(all.map((x) => x.snapshot()));
          const amount: Partial<Usage> = { [o.d]: o.v };
          if (o.kind === "charge" || o.kind === "check") {
            let threw: unknown;
            try {
              if (o.kind === "check") a.shortfall(amount, o.exit);
              else if (a.shortfall(amount, o.exit) === undefined) a.charge(amount, o.exit);
            } catch (e) {
              threw = e;
            }
            if (!valid(o.v)) {
              expect(threw).toBeInstanceOf(TypeError);
              expect(String(threw)).toContain(o.d);
              expect(JSON.stringify(all.map((x) => x.snapshot()))).toBe(before);
            } else expect(threw).toBeUndefined();
          }
          if (o.kind === "handoff" && !a.closed) all.push(a.handoff({ fraction: 0.5 }));
          if (o.kind === "close" && a !== root) a.close();
          // a closed account never pays anything again
          for (const x of all) if (x.closed) expect(x.shortfall({ [o.d]: 1 }, true)).toBeDefined();
          for (const x of all) invariants(x);
          for (const d of BUDGET_DIMENSIONS) expect(root.totalSpent(d)).toBeLessThanOrEqual(root.limit(d));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a restored snapshot with any figure replaced is refused without change, or restores an account that keeps every invariant", () => {
    const field = fc.constantFrom("spent", "allocated", "lent", "overrun");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), field, dim, figure, fc.boolean(), (limit, spend, f, d, v, closed) => {
        const opts = { limits: { totalTokens: limit, toolCalls: limit }, reserve: { totalTokens: Math.floor(limit / 10) } };
        const source = new BudgetAccount(opts);
        const child = source.handoff({ fraction: 0.3 });
        if (source.shortfall({ totalTokens: spend }, false) === undefined) source.charge({ totalTokens: spend });
        const s = { ...source.snapshot() } as Record<string, unknown>;
        s[f] = { ...((s[f] as object | undefined) ?? {}), [d]: v };
        s["closed"] = closed;
        const target = new BudgetAccount(opts);
        const fresh = JSON.stringify(target.snapshot());
        let threw: unknown;
        try {
          target.restore(s as unknown as AccountSnapshot);
        } catch (e) {
          threw = e;
        }
        if (threw) {
          expect(threw).toBeInstanceOf(RangeError);
          expect(JSON.stringify(target.snapshot())).toBe(fresh);
        } else {
          invariants(target);
          for (const x of BUDGET_DIMENSIONS) expect(target.heldReserve(x)).toBeGreaterThanOrEqual(0);
          expect(target.closed).toBe(closed);
          if (closed) expect(target.shortfall({ toolCalls: 1 }, true)).toBeDefined();
          // restored once: a second restore (a "reopen" with an earlier snapshot) is refused
          expect(() => target.restore(source.snapshot())).toThrow(/nothing has used yet/);
        }
        void child;
      }),
      { numRuns: 400 },
    );
  });

  it("close and restore orders: whatever the order, a closed account stays closed and its share returns once", () => {
    const step = fc.constantFrom("closeChild", "closeGrandchild", "chargeChild", "chargeGrandchild", "restoreChild");
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const root = new BudgetAccount({ limits: { toolCalls: 100 }, label: "root" });
        const child = root.handoff({ fraction: 0.5, label: "child" });
        const grandchild = child.handoff({ fraction: 0.5, label: "grandchild" });
        let childClosedAt: number | undefined;
        for (const st of steps) {
          const target = st.endsWith("Child") || st === "restoreChild" ? child : grandchild;
          if (st.startsWith("close")) target.close();
          if (st.startsWith("charge")) {
            if (target.closed) expect(() => target.charge({ toolCalls: 1 })).toThrow(/closed/);
            else if (target.shortfall({ toolCalls: 1 }, false) === undefined) target.charge({ toolCalls: 1 });
          }
          if (st === "restoreChild") expect(() => child.restore({ ...child.snapshot(), closed: false })).toThrow();
          if (child.closed && childClosedAt === undefined) childClosedAt = root.snapshot().allocated.toolCalls;
          if (child.closed) {
            expect(grandchild.closed).toBe(true);
            expect(root.snapshot().allocated.toolCalls).toBe(0);
          }
          invariants(root);
          expect(root.totalSpent("toolCalls")).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 300 },
    );
  });
});
