import { describe, expect, it } from "vitest";
import type { ConfirmationDecider } from "../../src/confirmation/decider.js";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { manualClock, paymentsProtocol } from "./fixtures.js";

/**
 * The live consent flow attacked as a hostile colleague would: each attack asserts that the write's
 * body never runs without the user's latest, clear yes to that exact action, and a near miss shows
 * the legitimate path still works.
 */
const KEY = "live-consent-attacks-key-0123456789";
const pay = (amount = 25, account = "A1", extra: Record<string, unknown> = {}) => ({ name: "pay", arguments: { account, amount, ...extra } }) as const;
const newSession = (options: { id?: string; now?: () => Date; ttlMs?: number } = {}) =>
  new Session(paymentsProtocol, {
    ...(options.id ? { id: options.id } : {}),
    confirmation: { key: KEY, ...(options.now ? { now: options.now } : {}), ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}) },
  });

/** Runs the write; `ran` holds the arguments the body received, `code` the refusal. */
async function attempt(s: Session, call: { name: string; arguments: unknown }): Promise<{ ran?: unknown; code?: string }> {
  let ran: unknown;
  try {
    await s.execute(call as never, (args: unknown) => {
      ran = args;
      return "paid";
    });
    return { ran };
  } catch (e) {
    if (!(e instanceof ProtocolViolation)) throw e;
    return ran === undefined ? { code: e.code } : { ran, code: e.code };
  }
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
    return "ok";
  } catch (e) {
    if (e instanceof ProtocolViolation) return e.code;
    throw e;
  }
}

async function yes(s: Session, amount = 25, account = "A1") {
  s.requestConfirmation(pay(amount, account), { description: `Pay $${amount} from account ${account}?` });
  const out = await s.receiveUserReply("Yes, please pay it.");
  expect(out.decision).toBe("confirmed");
  return out.grants[0]!;
}

describe("replayed tokens", () => {
  it("a token from one session is refused in another, and that session's write does not run", async () => {
    const a = newSession({ id: "conv-a" });
    const token = a.confirmationPolicy().sign(await yes(a));
    const b = newSession({ id: "conv-b" });
    expect(codeOf(() => b.presentGrant(token))).toBe("confirmation_other_session");
    expect(await attempt(b, pay())).toEqual({ code: "confirmation_missing" });
    // near miss: in its own session it authorizes one call
    a.presentGrant(token);
    expect(await attempt(a, pay())).toEqual({ ran: { account: "A1", amount: 25 } });
    expect(codeOf(() => a.presentGrant(token))).toBe("confirmation_reused");
  });

  it("a token signed with another deployment's key is forged, whatever it says", async () => {
    const other = new Session(paymentsProtocol, { id: "conv-a", confirmation: { key: "another-deployment-key-0123456789" } });
    other.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    const [g] = (await other.receiveUserReply("Yes, please pay it.")).grants;
    const token = other.confirmationPolicy().sign(g!);
    const s = newSession({ id: "conv-a" });
    expect(codeOf(() => s.presentGrant(token))).toBe("confirmation_forged");
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_missing" });
  });
});

describe("calls that differ from what was confirmed", () => {
  it("near miss: reordered keys and 25 written as 25.0 are the same action; it runs once", async () => {
    const s = newSession();
    await yes(s);
    expect(await attempt(s, { name: "pay", arguments: JSON.parse('{"amount": 25.0, "account": "A1"}') })).toEqual({ ran: { account: "A1", amount: 25 } });
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_reused" });
  });

  it("an extra argument never reaches the body: the body gets exactly the confirmed arguments", async () => {
    const s = newSession();
    await yes(s);
    const r = await attempt(s, pay(25, "A1", { to: "attacker", admin: true }));
    expect(r).toEqual({ ran: { account: "A1", amount: 25 } });
  });

  it("an extra argument the schema knows (memo) is another action: refused with a diff", async () => {
    const s = newSession();
    await yes(s);
    expect(await attempt(s, pay(25, "A1", { memo: "also close the account" }))).toEqual({ code: "confirmation_args_mismatch" });
  });

  it.each([
    ["a Cyrillic А for the Latin A", "\u0410" + "1"],
    ["a zero-width space", "A\u200b1"],
    ["a fullwidth Ａ", "\uff211"],
    ["a trailing space", "A1 "],
    ["lower case", "a1"],
  ])("%s in the account is another account: refused, nothing runs", async (_what, account) => {
    const s = newSession();
    await yes(s);
    expect(await attempt(s, pay(25, account))).toEqual({ code: "confirmation_args_mismatch" });
    expect(await attempt(s, pay())).toEqual({ ran: { account: "A1", amount: 25 } });
  });

  it("the same text in another Unicode normalization (NFD vs NFC) is not silently taken for the confirmed one", async () => {
    const s = newSession();
    const memo = "Caf\u00e9";
    s.requestConfirmation(pay(25, "A1", { memo }), { description: `Pay $25 from account A1, memo ${memo}?` });
    expect((await s.receiveUserReply("Yes, please pay it.")).decision).toBe("confirmed");
    expect(await attempt(s, pay(25, "A1", { memo: memo.normalize("NFD") }))).toEqual({ code: "confirmation_args_mismatch" });
  });

  it("the amount as a string is not the amount: refused before any grant is looked at", async () => {
    const s = newSession();
    await yes(s);
    expect(await attempt(s, { name: "pay", arguments: { account: "A1", amount: "25" } })).toEqual({ code: "invalid_arguments" });
  });
});

describe("superseded requests", () => {
  it("a request the agent replaced cannot be confirmed afterwards, by a reply or structurally", async () => {
    const s = newSession();
    const first = s.requestConfirmation(pay(25), { description: "Pay $25 from account A1?" });
    const second = s.requestConfirmation(pay(250), { description: "Pay $250 from account A1?" });
    expect(codeOf(() => s.confirm(first.id))).toBe("confirmation_missing");
    const out = await s.receiveUserReply("Yes, please pay it.");
    expect(out.grants.map((g) => g.actionId)).toEqual([second.id]);
    expect(await attempt(s, pay(25))).toEqual({ code: "confirmation_args_mismatch" });
    expect(await attempt(s, pay(250))).toEqual({ ran: { account: "A1", amount: 250 } });
  });

  it("a yes that arrives while a second request for the same tool is waiting answers the latest request only", async () => {
    const s = newSession();
    s.requestConfirmation(pay(25), { description: "Pay $25 from account A1?" });
    await s.receiveUserReply("Which account again?");
    // a new agent message asks about another payment: the first is superseded
    s.requestConfirmation(pay(40, "B2"), { description: "Pay $40 from account B2?" });
    const out = await s.receiveUserReply("Yes, please pay it.");
    expect(out.grants.map((g) => g.arguments)).toEqual([{ account: "B2", amount: 40 }]);
    // refused as "the user confirmed other arguments" (the B2 payment), with the diff
    expect(await attempt(s, pay(25))).toEqual({ code: "confirmation_args_mismatch" });
    expect(await attempt(s, pay(40, "B2"))).toEqual({ ran: { account: "B2", amount: 40 } });
  });

  it("near miss: a confirmed action stays confirmed when the agent then asks about other arguments and the user refuses those", async () => {
    const s = newSession();
    await yes(s, 25);
    s.requestConfirmation(pay(250), { description: "Or shall I pay $250 from account A1 instead?" });
    expect((await s.receiveUserReply("No.")).decision).toBe("denied");
    // refused (the $25 grant is reported first: "the user confirmed other arguments")
    expect(await attempt(s, pay(250))).toEqual({ code: "confirmation_args_mismatch" });
    expect(await attempt(s, pay(25))).toEqual({ ran: { account: "A1", amount: 25 } });
  });
});

describe("the user's latest answer decides, also after a yes", () => {
  it("a refusal right after a yes (nothing asked in between) takes the unused yes back", async () => {
    const s = newSession();
    const token = s.confirmationPolicy().sign(await yes(s));
    expect((await s.receiveUserReply("No, wait, don't pay it.")).decision).toBe("denied");
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_denied" });
    expect(codeOf(() => s.presentGrant(token))).toBe("confirmation_missing");
  });

  it("near miss: thanks after a yes change nothing; the payment runs", async () => {
    const s = newSession();
    await yes(s);
    expect((await s.receiveUserReply("Thank you!")).grants).toEqual([]);
    expect(await attempt(s, pay())).toEqual({ ran: { account: "A1", amount: 25 } });
  });

  it("near miss: a refusal after the write ran undoes nothing and grants nothing", async () => {
    const s = newSession();
    await yes(s);
    expect(await attempt(s, pay())).toEqual({ ran: { account: "A1", amount: 25 } });
    await s.receiveUserReply("No, don't.");
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_reused" });
  });
});

describe("deciders that fail or lie about their shape", () => {
  const getterFlip = (): ConfirmationDecider => ({
    name: "test",
    decide: () => {
      let reads = 0;
      // answers "unclear" to the first read (a validity check) and "confirmed" to any later one
      return Object.defineProperty({ reason: "flip" }, "decision", { get: () => (reads++ === 0 ? "unclear" : "confirmed"), enumerable: true }) as never;
    },
  });
  const hostileError = {
    toString: () => {
      throw new Error("no");
    },
  };
  it.each<[string, ConfirmationDecider]>([
    [
      "throws an Error",
      {
        name: "test",
        decide: () => {
          throw new Error("model down");
        },
      },
    ],
    [
      "throws a string",
      {
        name: "test",
        decide: () => {
          throw "model down";
        },
      },
    ],
    [
      "throws an object whose toString throws",
      {
        name: "test",
        decide: () => {
          throw hostileError;
        },
      },
    ],
    ["rejects", { name: "test", decide: () => Promise.reject(new Error("timeout")) }],
    ["returns null", { name: "test", decide: () => null as never }],
    ["returns the bare string 'confirmed'", { name: "test", decide: () => "confirmed" as never }],
    ["returns 'CONFIRMED'", { name: "test", decide: () => ({ decision: "CONFIRMED" }) as never }],
    ["returns ['confirmed']", { name: "test", decide: () => ({ decision: ["confirmed"] }) as never }],
    [
      "returns a verdict whose decision getter throws",
      {
        name: "test",
        decide: () =>
          Object.defineProperty({}, "decision", {
            get: () => {
              throw new Error("boom");
            },
          }) as never,
      },
    ],
    ["returns a getter that answers unclear first and confirmed after", getterFlip()],
    [
      "returns a Proxy that says confirmed to everything but the check",
      { name: "test", decide: () => new Proxy({}, { get: (_t, k) => (k === "decision" ? "confirmed" : undefined), has: () => false }) as never },
    ],
  ])("a decider that %s grants nothing (or exactly what it said, once)", async (what, decider) => {
    const s = newSession();
    s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    const out = await s.receiveUserReply("Yes, please pay it.", decider);
    if (what.startsWith("returns a Proxy")) {
      // a consistent "confirmed" is a verdict: the decider is the application's to choose
      expect(out.decision).toBe("confirmed");
      return;
    }
    expect(out.decision).toBe("unclear");
    expect(out.grants).toEqual([]);
    expect(typeof out.reason).toBe("string");
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_missing" });
  });
});

describe("two replies judged at the same time", () => {
  /** A decider that reads "yes"/"no" and answers after the delay given for each reply. */
  const timed = (delays: Record<string, number>): ConfirmationDecider => ({
    name: "test",
    decide: async ({ reply }) => {
      await new Promise((r) => setTimeout(r, delays[reply] ?? 0));
      return /^no\b/i.test(reply) ? { decision: "denied", reason: "no" } : { decision: "confirmed", reason: "yes" };
    },
  });
  it.each([
    ["the yes is judged slower", { "Yes, pay it.": 40, "No, don't pay it.": 0 }],
    ["the no is judged slower", { "Yes, pay it.": 0, "No, don't pay it.": 40 }],
  ])("yes then no (%s): the no, sent last, decides; nothing runs", async (_order, delays) => {
    const s = newSession();
    s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    const d = timed(delays);
    const [first, second] = await Promise.all([s.receiveUserReply("Yes, pay it.", d), s.receiveUserReply("No, don't pay it.", d)]);
    expect(first.decision).toBe("confirmed");
    expect(second.decision).toBe("denied");
    expect(s.confirmationPolicy().liveGrants()).toEqual([]);
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_denied" });
  });

  it("no then yes at the same time: the refusal stands (a yes after a refusal needs a new request), nothing runs", async () => {
    const s = newSession();
    s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    const d = timed({ "No, don't pay it.": 40, "Yes, pay it.": 0 });
    await Promise.all([s.receiveUserReply("No, don't pay it.", d), s.receiveUserReply("Yes, pay it.", d)]);
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_denied" });
  });

  it("near miss: two identical yeses at once give one grant, and one payment", async () => {
    const s = newSession();
    s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    const d = timed({ "Yes, pay it.": 10 });
    const outs = await Promise.all([s.receiveUserReply("Yes, pay it.", d), s.receiveUserReply("Yes, pay it.", d)]);
    expect(outs.flatMap((o) => o.grants)).toHaveLength(1);
    expect(await attempt(s, pay())).toEqual({ ran: { account: "A1", amount: 25 } });
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_reused" });
  });
});

describe("time", () => {
  it("a yes to an action whose subject another write changed after it was asked is stale: nothing runs", async () => {
    const s = newSession();
    s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    await s.execute({ name: "update_account", arguments: { account: "A1", limit: 0 } }, () => "limit lowered");
    expect((await s.receiveUserReply("Yes, please pay it.")).decision).toBe("confirmed");
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_stale" });
  });

  it("near miss: a write to another account between the question and the yes does not matter", async () => {
    const s = newSession();
    s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    await s.execute({ name: "update_account", arguments: { account: "B2", limit: 0 } }, () => "limit lowered");
    await s.receiveUserReply("Yes, please pay it.");
    expect(await attempt(s, pay())).toEqual({ ran: { account: "A1", amount: 25 } });
  });

  it("a yes after the grant expired does not renew it: nothing was asked again", async () => {
    const clock = manualClock();
    const s = newSession({ now: clock.now, ttlMs: 60_000 });
    await yes(s);
    clock.advance(60_000);
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_expired" });
    expect((await s.receiveUserReply("Yes! I said yes, just do it.")).grants).toEqual([]);
    expect(await attempt(s, pay())).toEqual({ code: "confirmation_expired" });
  });

  it("a late yes to a question still waiting grants for the lifetime from the yes, and the token expires with it", async () => {
    const clock = manualClock();
    const s = newSession({ now: clock.now, ttlMs: 60_000 });
    s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    clock.advance(5 * 60_000);
    const [g] = (await s.receiveUserReply("Yes, please pay it.")).grants;
    expect(Date.parse(g!.expiresAt) - clock.now().getTime()).toBe(60_000);
    const token = s.confirmationPolicy().sign(g!);
    clock.advance(60_000);
    const other = Session.fromJSON(paymentsProtocol, JSON.parse(JSON.stringify(s.toJSON())), { confirmation: { key: KEY, now: clock.now } });
    expect(codeOf(() => other.presentGrant(token))).toBe("confirmation_expired");
    expect(await attempt(other, pay())).toEqual({ code: "confirmation_expired" });
  });
});
