import { describe, it, expect } from "vitest";
import { confusionMatrix, formatConfusionMarkdown } from "../../src/confirmation/confusion-matrix.js";

describe("confusionMatrix", () => {
  it("counts labels × decisions, false confirmed, misses, per category and language", () => {
    const m = confusionMatrix([
      { label: "confirmed", decision: "confirmed", category: "plain_yes", lang: "en" },
      { label: "confirmed", decision: "unclear", category: "plain_yes", lang: "zh" },
      { label: "unclear", decision: "confirmed", category: "sarcasm", lang: "en" },
      { label: "denied", decision: "denied", category: "denial", lang: "en" },
    ]);
    expect(m.counts.confirmed).toEqual({ confirmed: 1, denied: 0, unclear: 1 });
    expect(m.counts.unclear.confirmed).toBe(1);
    expect(m.falseConfirmed).toBe(1);
    expect(m.missedConfirmed).toBe(1);
    expect(m.accuracy).toBe(0.5);
    expect(m.byCategory["plain_yes"]).toEqual({ n: 2, confirmed: 1, denied: 0, unclear: 1 });
    expect(m.byLang["en"]!.n).toBe(3);
    const md = formatConfusionMarkdown(m, "T");
    expect(md).toContain("**T** — 4 labelled replies; false `confirmed`: **1**; recall on true confirmations 1/2 (50.0%); accuracy 50.0%.");
    expect(m.confirmedRecall).toBe(0.5);
    expect(md).toContain("| confirmed | 1 | 0 | 1 | 2 |");
    expect(md).toContain("| plain_yes | 2 | 1 | 0 | 1 | 50.0% |");
  });
});
