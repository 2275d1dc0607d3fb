/**
 * A reply typed in a hurry ("yess pls go ahed") still leans towards yes: the audit reports the write
 * after it as an unclear yes, quoting that reply (the judge's to read), not as a write no one answered
 * ("no yes to this action was found"). The cue never grants: the write stays refused. Words that only
 * contain the letters ("yesterday", "okra", "ahead of time" without "go") are no cue.
 */
import { describe, expect, it } from "vitest";
import { hasAffirmativeCue } from "../../src/audit/affirmative-cue.js";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";

describe("affirmative cues typed in a hurry", () => {
  it("reads doubled letters and a misspelled 'go ahead' as leaning towards yes", () => {
    for (const reply of ["yess pls go ahed", "yesss!!", "yeahh that's it", "okk", "go ahaed!!", "yupp"]) expect(hasAffirmativeCue(reply), reply).toBe(true);
  });

  it("red team: words that only contain the letters are no cue", () => {
    for (const reply of ["I flew yesterday.", "I'd like okra with the meal.", "We arrived ahead of time.", "My user id is noah_ok_1"])
      expect(hasAffirmativeCue(reply), reply).toBe(false);
  });

  it("the write after such a reply is an unclear yes quoting it, and is still refused", async () => {
    const [w] = await auditAirlineWrites(
      agent("Hi! How can I help you today?"),
      user("I need to cancel reservation ZFA04Y, my plans changed. User sara_doe_496."),
      agent("Reservation ZFA04Y (JFK to LAX, May 20) will be cancelled and the $240 refunded to your original Visa. Shall I proceed?"),
      user("yess pls go ahed lol"),
      callAndResult(null, "cancel_reservation", { reservation_id: "ZFA04Y" }),
    );
    expect(w!.status, w!.evidence).toBe("unclear");
    expect(w!.evidence).toContain("yess pls go ahed");
  });
});
