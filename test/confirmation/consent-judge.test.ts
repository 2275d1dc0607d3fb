import { describe, expect, it } from "vitest";
import { consentJudge, judgeConsent } from "../../src/confirmation/consent-judge.js";

const request = "I'll cancel reservation EHGLP3 and refund $120 to your original card. Shall I proceed?";
const action = { tool: "cancel_reservation", args: { reservation_id: "EHGLP3" } };

describe("judgeConsent: entry point", () => {
  it("returns a decision, its reasons and the deciding rule", () => {
    const v = judgeConsent({ request, reply: "Yes, please go ahead.", action });
    expect(v.decision).toBe("confirmed");
    expect(v.reasons.length).toBeGreaterThan(0);
    expect(v.reason).toBe(v.reasons.join(" "));
    expect(typeof v.rule).toBe("string");
  });
  it("accepts several actions, or none", () => {
    expect(judgeConsent({ request, reply: "no", action: [action, action] }).decision).toBe("denied");
    expect(judgeConsent({ request, reply: "no" }).decision).toBe("denied");
  });
  it("treats a non-string reply as unclear, not as an error", () => {
    expect(judgeConsent({ request, reply: 42 as unknown as string }).decision).toBe("unclear");
  });
  it("ignores simulator control tokens", () => {
    expect(judgeConsent({ request, reply: "Yes, go ahead. ###STOP###", action }).decision).toBe("confirmed");
  });
  it("is available as a ConfirmationDecider", async () => {
    const v = await consentJudge.decide({ request, reply: "yes", actions: [{ id: "a1", tool: action.tool, arguments: action.args }] });
    expect(v.decision).toBe("confirmed");
  });
});
