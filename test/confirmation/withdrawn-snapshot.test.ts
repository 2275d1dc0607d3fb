import { describe, expect, it } from "vitest";
import { Session } from "../../src/runtime/session.js";
import { SessionStateError } from "../../src/runtime/session-snapshot.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { manualClock, paymentsProtocol } from "./fixtures.js";

/**
 * A grant the user took back stays taken back when the session leaves memory: the withdrawn
 * nonces, like every other consent fact (used grants, pending actions and their status, why an
 * answer was unclear, rounds, the user's messages), are part of the snapshot.
 */
const KEY = "withdrawn-snapshot-test-key-0123456789";
const opts = (now?: () => Date) => ({ confirmation: { key: KEY, ...(now ? { now } : {}) } });
const pay = (amount = 25, account = "A1") => ({ name: "pay", arguments: { account, amount } }) as const;
const roundTrip = (s: Session, now?: () => Date): Session => Session.fromJSON(paymentsProtocol, JSON.parse(JSON.stringify(s.toJSON())), opts(now));
const conf = (json: unknown) => (json as { extensions: { confirmation: Record<string, unknown> } }).extensions.confirmation;

function violationOf(fn: () => unknown): ProtocolViolation {
  try {
    fn();
  } catch (e) {
    if (e instanceof ProtocolViolation) return e;
    throw e;
  }
  throw new Error("expected a ProtocolViolation, nothing was thrown");
}

/** Runs the write and says whether its body ran, and the refusal's code when refused. */
async function attempt(s: Session, call = pay()): Promise<{ ran: boolean; code?: string }> {
  let ran = false;
  try {
    await s.execute(call, () => {
      ran = true;
      return "paid";
    });
    return { ran };
  } catch (e) {
    if (!(e instanceof ProtocolViolation)) throw e;
    return { ran, code: e.code };
  }
}

/** yes → asked again about the same action → `second`; returns the session and the token of the first yes. */
async function withdrawnBy(second: string, now?: () => Date): Promise<{ s: Session; token: string; nonce: string }> {
  const s = new Session(paymentsProtocol, opts(now));
  s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
  const [grant] = (await s.receiveUserReply("Yes, please pay it.")).grants;
  const token = s.confirmationPolicy().sign(grant!);
  s.requestConfirmation(pay(), { description: "To confirm: pay $25 from account A1, with a $2 fee. Yes?" });
  await s.receiveUserReply(second);
  expect(s.confirmationPolicy().liveGrants()).toEqual([]);
  return { s, token, nonce: grant!.nonce };
}

describe("a withdrawn grant stays withdrawn across toJSON/fromJSON", () => {
  it.each([
    ["an unclear answer", "Yes, but only if the fee is waived.", "confirmation_missing"],
    ["a refusal", "No, don't pay it.", "confirmation_denied"],
  ])("%s: the restored session refuses the old token and the call does not run", async (_kind, second, callCode) => {
    const { s, token, nonce } = await withdrawnBy(second);
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    expect(conf(json)["withdrawn"]).toEqual([expect.objectContaining({ nonce, tool: "pay" })]);
    // restored twice over (a new policy instance each time, as another process would)
    const r = roundTrip(roundTrip(s));
    const v = violationOf(() => r.presentGrant(token));
    expect(v.code).toBe("confirmation_missing");
    expect(v.message).toMatch(/withdrawn/);
    expect(await attempt(r)).toEqual({ ran: false, code: callCode });
  });

  it("near miss: without the later answer, the restored session accepts the token and the call runs once", async () => {
    const s = new Session(paymentsProtocol, opts());
    s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    const [grant] = (await s.receiveUserReply("Yes, please pay it.")).grants;
    const token = s.confirmationPolicy().sign(grant!);
    const r = roundTrip(s);
    r.presentGrant(token);
    expect(await attempt(r)).toEqual({ ran: true });
    expect(await attempt(r)).toEqual({ ran: false, code: "confirmation_reused" });
  });

  it("a refusal of an action already confirmed takes its unused grant back, in memory and in the snapshot", async () => {
    const s = new Session(paymentsProtocol, opts());
    const req = s.requestConfirmation(pay());
    const token = s.confirmationPolicy().sign(s.confirm(req.id));
    s.deny(req.id);
    expect(violationOf(() => s.presentGrant(token)).code).toBe("confirmation_missing");
    const r = roundTrip(s);
    expect(violationOf(() => r.presentGrant(token)).code).toBe("confirmation_missing");
    expect(await attempt(r)).toEqual({ ran: false, code: "confirmation_denied" });
  });

  it("a snapshot edited to list a withdrawn grant as live again does not make it live", async () => {
    const { s, token } = await withdrawnBy("Yes, but only if the fee is waived.");
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    conf(json)["grants"] = [token];
    const r = Session.fromJSON(paymentsProtocol, json, opts());
    expect(r.confirmationPolicy().liveGrants()).toEqual([]);
    expect(await attempt(r)).toEqual({ ran: false, code: "confirmation_missing" });
  });
});

describe("withdrawn grants are kept only until they would have expired", () => {
  it("a withdrawal drops the records of withdrawn grants that have expired; the snapshot stays bounded", async () => {
    const clock = manualClock();
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY, now: clock.now, ttlMs: 60_000 } });
    const withdrawOne = async (amount: number) => {
      s.requestConfirmation(pay(amount), { description: `Pay $${amount} from account A1?` });
      const [g] = (await s.receiveUserReply("Yes, please pay it.")).grants;
      s.requestConfirmation(pay(amount), { description: `Pay $${amount} from account A1, with a $2 fee?` });
      await s.receiveUserReply("Yes, but only if the fee is waived.");
      return g!.nonce;
    };
    const first = await withdrawOne(10);
    const second = await withdrawOne(11);
    expect((conf(s.toJSON())["withdrawn"] as { nonce: string }[]).map((w) => w.nonce)).toEqual([first, second]);
    clock.advance(60_000);
    const third = await withdrawOne(12);
    expect((conf(s.toJSON())["withdrawn"] as { nonce: string }[]).map((w) => w.nonce)).toEqual([third]);
  });

  it("near miss: an expired withdrawn grant's token is still refused (as expired) after its record is gone", async () => {
    const clock = manualClock();
    const { s, token } = await withdrawnBy("Yes, but only if the fee is waived.", clock.now);
    clock.advance(10 * 60_000);
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    conf(json)["withdrawn"] = [];
    const r = Session.fromJSON(paymentsProtocol, json, opts(clock.now));
    expect(violationOf(() => r.presentGrant(token)).code).toBe("confirmation_expired");
  });
});

describe("older and corrupted snapshots", () => {
  it("a snapshot without the newer fields (withdrawn, unclear, requestedAtSeq) restores: none withdrawn, the rest intact", async () => {
    const s = new Session(paymentsProtocol, opts());
    const live = s.confirm(s.requestConfirmation(pay(5, "B2")).id);
    const waiting = s.requestConfirmation(pay(9));
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    delete conf(json)["withdrawn"];
    delete conf(json)["unclear"];
    for (const p of conf(json)["pending"] as Record<string, unknown>[]) delete p["requestedAtSeq"];
    const r = Session.fromJSON(paymentsProtocol, json, opts());
    expect(
      r
        .confirmationPolicy()
        .liveGrants()
        .map((g) => g.nonce),
    ).toEqual([live.nonce]);
    expect(
      r
        .confirmationPolicy()
        .pendingActions()
        .map((a) => a.id),
    ).toEqual([waiting.id]);
    expect(await attempt(r, pay(5, "B2"))).toEqual({ ran: true });
  });

  it.each([
    ["withdrawn", "not a list", 'withdrawn = "not a list"', /"withdrawn" holds the grants the user withdrew/],
    [
      "withdrawn",
      [{ nonce: "ZZ-not-hex", expiresAt: "2026-12-01T00:00:00.000Z", tool: "pay", actionId: "a" }],
      'withdrawn.0.nonce = "ZZ-not-hex"',
      /not a grant nonce/,
    ],
    ["withdrawn", [{ nonce: "0".repeat(32), expiresAt: "soon", tool: "pay", actionId: "a" }], 'withdrawn.0.expiresAt = "soon"', /not an ISO-8601 time/],
    ["unclear", { a: "b" }, 'unclear = {"a":"b"}', /why the user's last answer/],
    ["consumed", "abc", 'consumed = "abc"', /grants whose call ran/],
    ["pending", [{ id: "x" }], "pending.0.tool", /actions asked about/],
    ["round", "2", 'round = "2"', /latest request round/],
  ])("a corrupted %s (%j) is refused naming the field, the value and the fix; the snapshot is left as it was", async (field, bad, names, meaning) => {
    const { s } = await withdrawnBy("Yes, but only if the fee is waived.");
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    conf(json)[field] = bad;
    const before = structuredClone(json);
    let thrown: unknown;
    try {
      Session.fromJSON(paymentsProtocol, json, opts());
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SessionStateError);
    const message = (thrown as Error).message;
    expect(message).toContain(`extensions.confirmation.${names}`);
    expect(message).toMatch(meaning);
    expect(message).toMatch(/Fix: /);
    expect(json).toEqual(before);
  });

  it("a missing withdrawn list restores with none withdrawn (documented downgrade: the token then works until it expires)", async () => {
    const { s, token } = await withdrawnBy("Yes, but only if the fee is waived.");
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    delete conf(json)["withdrawn"];
    const r = Session.fromJSON(paymentsProtocol, json, opts());
    expect(r.presentGrant(token).tool).toBe("pay");
  });
});

describe("every other consent fact survives toJSON/fromJSON", () => {
  it("used grants, statuses, rounds, the reason of an unclear answer and the user's messages", async () => {
    const s = new Session(paymentsProtocol, opts());
    s.requestConfirmation(pay(6), { description: "Pay $6 from account A1?" });
    await s.receiveUserReply("Yes, please pay it.");
    expect(await attempt(s, pay(6))).toEqual({ ran: true });
    const denied = s.requestConfirmation(pay(7), { description: "Pay $7 from account A1?" });
    await s.receiveUserReply("No.");
    const asked = s.requestConfirmation(pay(8), { description: "Pay $8 from account A1?" });
    await s.receiveUserReply("Yes, but only if the fee is waived.");
    const r = roundTrip(s);
    const statuses = Object.fromEntries(
      r
        .confirmationPolicy()
        .actions()
        .map((a) => [a.arguments["amount"], a.status]),
    );
    expect(statuses).toEqual({ 6: "confirmed", 7: "denied", 8: "pending" });
    expect(await attempt(r, pay(6))).toEqual({ ran: false, code: "confirmation_reused" });
    expect(await attempt(r, pay(7))).toEqual({ ran: false, code: "confirmation_denied" });
    // the refusal still tells the model the last answer was not a clear yes, and why
    const e = await r.execute(pay(8), () => "paid").catch((x: ProtocolViolation) => x);
    expect((e as ProtocolViolation).message).toMatch(/could not be read as a clear yes \(.*only if the fee is waived/);
    // the round is closed (the user answered): a reply now answers the round of `asked`, still pending
    expect(
      r
        .confirmationPolicy()
        .pendingActions()
        .map((a) => a.id),
    ).toEqual([asked.id]);
    expect((await r.receiveUserReply("Yes, go ahead and pay it.")).grants.map((g) => g.actionId)).toEqual([asked.id]);
    expect(denied.id).not.toBe(asked.id);
  });

  it("a request made after restoring starts a new round, as it would have without the snapshot", async () => {
    const s = new Session(paymentsProtocol, opts());
    const first = s.requestConfirmation(pay(6), { description: "Pay $6 from account A1?" });
    const r = roundTrip(s);
    // the round is still open: a second request for another action joins it
    r.requestConfirmation(pay(9, "B2"), { description: "Pay $9 from account B2?", together: true });
    const out = await r.receiveUserReply("Yes, please pay both.");
    expect(out.actions.map((a) => a.id)).toContain(first.id);
  });
});
