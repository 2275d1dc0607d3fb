import { describe, expect, it } from "vitest";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { paymentsProtocol } from "./fixtures.js";

/**
 * The user's latest answer about an action decides, live as in the audit (src/audit/replay.ts):
 * when the agent asks again about an action the user had already said yes to, and the user now
 * answers with a condition, a question or a refusal, the earlier yes no longer authorizes it.
 */
const KEY = "latest-answer-test-key-0123456789abcdef";
const pay = (amount = 25, account = "A1") => ({ name: "pay", arguments: { account, amount } }) as const;

async function yesThenAgain(second: string, againFor = pay()): Promise<Session> {
  const s = new Session(paymentsProtocol, { confirmation: { key: KEY } });
  s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
  expect((await s.receiveUserReply("Yes, please pay it.")).decision).toBe("confirmed");
  s.requestConfirmation(againFor, {
    description: `To confirm: pay $${againFor.arguments.amount} from account ${againFor.arguments.account}, with a $2 fee. Yes?`,
  });
  await s.receiveUserReply(second);
  return s;
}
const outcome = (s: Session) =>
  s
    .execute(pay(), () => "paid")
    .then(
      () => "executed",
      (e: unknown) => (e instanceof ProtocolViolation ? e.code : String(e)),
    );

describe("a later answer to the same action replaces the earlier yes", () => {
  it.each([
    ["en", "Yes, but only if the fee is waived."],
    ["en", "Yes. Wait, will the fee come out of the same account?"],
    ["zh", "可以，但是要先免手续费。"],
    ["es", "Sí, pero solo si no hay comisión."],
  ])("%s unclear answer: the call is refused and the refusal asks to restate and ask yes/no: %s", async (_lang, second) => {
    const s = await yesThenAgain(second);
    expect(await outcome(s)).toBe("confirmation_missing");
  });

  it("a refusal of the re-asked action withdraws the earlier yes too", async () => {
    const s = await yesThenAgain("No, don't pay it.");
    expect(await outcome(s)).toBe("confirmation_denied");
  });

  it("near miss: an unclear answer about another action (other arguments) leaves the yes to this one", async () => {
    const s = await yesThenAgain("Yes, but only if the fee is waived.", pay(40, "B2"));
    expect(await outcome(s)).toBe("executed");
  });

  it("near miss: a plain yes to the re-asked action keeps it authorized", async () => {
    const s = await yesThenAgain("Yes, go ahead.");
    expect(await outcome(s)).toBe("executed");
  });
});

describe("a withdrawn yes cannot come back as a token", () => {
  it("the signed token of the earlier yes is refused by the policy that saw the later answer", async () => {
    const s = new Session(paymentsProtocol, { confirmation: { key: KEY } });
    s.requestConfirmation(pay(), { description: "Pay $25 from account A1?" });
    const [grant] = (await s.receiveUserReply("Yes, please pay it.")).grants;
    const token = s.confirmationPolicy().sign(grant!);
    s.requestConfirmation(pay(), { description: "To confirm: pay $25 from account A1, with a $2 fee. Yes?" });
    await s.receiveUserReply("Yes, but only if the fee is waived.");
    let thrown: unknown;
    try {
      s.presentGrant(token);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ProtocolViolation);
    expect((thrown as ProtocolViolation).code).toBe("confirmation_missing");
    expect((thrown as ProtocolViolation).message).toMatch(/withdrawn/);
    expect(await outcome(s)).toBe("confirmation_missing");
  });
});
