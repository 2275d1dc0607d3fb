import { describe, expect, it } from "vitest";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { paymentsProtocol } from "./fixtures.js";

/**
 * Issue 14, item 4 ("ask again well"): when the user's answer could not be read as a clear yes,
 * the refusal the model receives for the write says so, gives the judge's reason, and tells it to
 * restate the exact action and ask a yes/no question; other refusals keep their own wording.
 */
const KEY = "ask-again-test-key-0123456789abcdef";
const pay = { name: "pay", arguments: { account: "A1", amount: 25 } } as const;

async function refusalAfter(reply: string | undefined): Promise<ProtocolViolation> {
  const s = new Session(paymentsProtocol, { confirmation: { key: KEY } });
  s.requestConfirmation(pay, { description: "Pay $25 from account A1?" });
  if (reply !== undefined) await s.receiveUserReply(reply);
  const e = await s.execute(pay, () => "paid").catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ProtocolViolation);
  return e as ProtocolViolation;
}

describe("the refusal after an unclear reply asks the model to restate the action and ask yes/no", () => {
  it.each([
    ["en", "Yes, but only if the fee is waived."],
    ["en", "Yes, go ahead. Also, how much will I have left?"],
    ["zh", "可以，但是要先免手续费。"],
    ["es", "Sí, pero solo si no hay comisión."],
  ])("%s: %s", async (_lang, reply) => {
    const e = await refusalAfter(reply);
    expect(e.code).toBe("confirmation_missing");
    expect(e.message).toMatch(/could not be read as a clear yes/);
    expect(e.hint).toMatch(/restate the exact action/i);
    expect(e.hint).toMatch(/yes\/no question/);
    expect(e.hint).toContain("pay");
    expect(e.hint).toContain('"account":"A1"');
  });

  it("near miss: before the user answered, the refusal says a request is waiting, not that the answer was unclear", async () => {
    const e = await refusalAfter(undefined);
    expect(e.code).toBe("confirmation_missing");
    expect(e.message).toMatch(/waiting for the user's answer/);
    expect(e.message).not.toMatch(/clear yes/);
  });

  it("near miss: after a refusal the model is told not to do it, not to ask again", async () => {
    const e = await refusalAfter("No, don't pay it.");
    expect(e.code).toBe("confirmation_denied");
    expect(e.hint).toMatch(/Do not do it/);
  });

  it("a clear yes after the unclear answer authorizes the call", async () => {
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY } });
    s.requestConfirmation(pay, { description: "Pay $25 from account A1?" });
    await s.receiveUserReply("Yes, but only if the fee is waived.");
    s.requestConfirmation(pay, { description: "Pay $25 from account A1 (no fee)? Please answer yes or no." });
    await s.receiveUserReply("Yes, please pay it.");
    await expect(s.execute(pay, () => "paid")).resolves.toBeDefined();
  });
});
