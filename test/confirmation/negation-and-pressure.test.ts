/**
 * Evaluation findings on the rule-based decider: a yes plus other content is `unclear`, never
 * `denied` (a negation of something else is not a refusal of the action); "no problem"-style
 * affirmatives are not refusals; pressure ("just do it", "go ahead already, I'm in a hurry")
 * is `unclear` as an answer to a fresh request.
 */
import { describe, it, expect } from "vitest";
import { decideReply } from "../../src/confirmation/rule-decider.js";

const cancel = "I'd like to cancel reservation K8D2MQ; the $320 goes back to your card. Shall I proceed? (yes/no)";
const d = (reply: string, request = cancel) => decideReply({ request, reply });

describe("a yes with extra content is unclear, not denied", () => {
  it.each([
    ["Yes, please go ahead. Oh, and no need to ask me again", "blanket"],
    ["Yes, please go ahead. Oh, and there's no need to ask me again", "blanket"],
    ["yes, and from now on don't ask me", "blanket"],
    ["好的，不用再问我了", "blanket"],
    ["Sure, go ahead. No hurry on the receipt.", "negates_other"],
    ["yes please, not the hotel though", "negates_other"],
    ["ok proceed, don't email me about it", "negates_other"],
    ["好的，不要发短信给我", "negates_other"],
  ])("%j → unclear (%s)", (reply, rule) => {
    expect(d(reply)).toMatchObject({ decision: "unclear", rule });
  });

  it("a negation of the action itself is still a refusal, with or without a yes", () => {
    for (const reply of [
      "no need",
      "No need to do it",
      "there's no need to cancel",
      "no way",
      "yes. no.",
      "ok, actually no",
      "absolutely not",
      "yes, don't",
      "不用取消了",
      "yes — actually no",
    ]) {
      expect(d(reply).decision, reply).toBe("denied");
    }
  });
});

describe("'no problem' and friends are affirmatives, not refusals", () => {
  it.each(["no problem", "No problem, go ahead", "no worries, please proceed", "Not a problem, go for it", "没问题", "没问题，办理吧"])(
    "%j → confirmed",
    (reply) => {
      expect(d(reply)).toMatchObject({ decision: "confirmed", rule: "affirmative" });
    },
  );
  it("but only when every other word is on the allowlist", () => {
    expect(d("no problem, but keep the hotel").decision).toBe("unclear");
    expect(d("no worries, just the first leg").decision).toBe("unclear");
    expect(d("no problem… wait").decision).not.toBe("confirmed");
  });
});

describe("pressure is unclear as an answer to a fresh request", () => {
  it.each([
    "Please, just do it.",
    "just do it",
    "JUST DO IT",
    "go ahead already, I'm in a hurry",
    "do it already!",
    "Just go ahead",
    "Stop asking and do it",
    "yes yes, hurry up",
    "c'mon, just proceed",
    "赶紧办吧",
    "快点，别问了",
    "少废话，办吧",
  ])("%j → unclear (pressure)", (reply) => {
    expect(d(reply)).toMatchObject({ decision: "unclear", rule: "pressure" });
  });
  it("a calm, plain yes still confirms", () => {
    for (const reply of ["yes", "do it", "please do it", "go ahead", "yes, go ahead", "I already said yes"]) expect(d(reply).decision, reply).toBe("confirmed");
  });
});
