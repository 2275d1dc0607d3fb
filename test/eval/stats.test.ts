import { describe, it, expect } from "vitest";
import { fisherExactTwoSided, mcnemarExact, median, newcombeDifferenceInterval, proportion, wilsonInterval } from "../../src/eval/stats.js";
import { Prng } from "../../src/eval/prng.js";

// Reference values: scipy.stats.fisher_exact / binomtest 1.17, and Newcombe (1998) Table II.
describe("fisherExactTwoSided", () => {
  it("matches the lady-tasting-tea table", () => {
    expect(fisherExactTwoSided(3, 1, 1, 3)).toBeCloseTo(0.4857142857, 9);
  });
  it("matches scipy on asymmetric tables", () => {
    expect(fisherExactTwoSided(1, 9, 11, 3)).toBeCloseTo(0.0027594561852, 11);
    expect(fisherExactTwoSided(40, 10, 35, 15)).toBeCloseTo(0.3558286323604, 11);
    expect(fisherExactTwoSided(13, 37, 0, 50)).toBeCloseTo(9.981250196e-5, 12);
  });
  it("is 1 for identical rows and symmetric in row order", () => {
    expect(fisherExactTwoSided(20, 30, 20, 30)).toBeCloseTo(1, 12);
    expect(fisherExactTwoSided(1, 9, 11, 3)).toBeCloseTo(fisherExactTwoSided(11, 3, 1, 9), 14);
  });
  it("rejects negative or fractional cells", () => {
    expect(() => fisherExactTwoSided(-1, 2, 3, 4)).toThrow(/cell a must be a non-negative integer/);
    expect(() => fisherExactTwoSided(1, 2.5, 3, 4)).toThrow(/cell b/);
  });
});

describe("mcnemarExact", () => {
  it("is the two-sided binomial test on discordant pairs", () => {
    expect(mcnemarExact(2, 8)).toBeCloseTo(0.109375, 12);
    expect(mcnemarExact(0, 5)).toBeCloseTo(0.0625, 12);
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(4, 4)).toBe(1);
  });
});

describe("wilsonInterval", () => {
  it("matches the closed form for 13/50 and 29/128", () => {
    const a = wilsonInterval(13, 50);
    expect(a.low).toBeCloseTo(0.158715274935, 10);
    expect(a.high).toBeCloseTo(0.395531572648, 10);
    const b = wilsonInterval(29, 128);
    expect(b.low).toBeCloseTo(0.162632484586, 10);
    expect(b.high).toBeCloseTo(0.306426788376, 10);
  });
  it("gives a non-degenerate upper bound for 0 events", () => {
    const z = wilsonInterval(0, 50);
    expect(z.low).toBe(0);
    expect(z.high).toBeCloseTo(0.0713475991, 9);
  });
  it("refuses impossible counts", () => {
    expect(() => wilsonInterval(5, 3)).toThrow(/0 ≤ successes ≤ n/);
  });
});

describe("newcombeDifferenceInterval", () => {
  it("reproduces Newcombe 1998, example (56/70 vs 48/80)", () => {
    const d = newcombeDifferenceInterval(56, 70, 48, 80);
    expect(d.low).toBeCloseTo(0.0524, 4);
    expect(d.high).toBeCloseTo(0.3339, 4);
  });
});

describe("helpers", () => {
  it("proportion and median", () => {
    expect(proportion(13, 50).rate).toBe(0.26);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("Prng", () => {
  it("is deterministic from its seed and differs across seeds", () => {
    const a = Array.from(
      { length: 5 },
      (
        (p) => () =>
          p.next()
      )(new Prng(42)),
    );
    const b = Array.from(
      { length: 5 },
      (
        (p) => () =>
          p.next()
      )(new Prng(42)),
    );
    const c = Array.from(
      { length: 5 },
      (
        (p) => () =>
          p.next()
      )(new Prng(43)),
    );
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    for (const x of a) expect(x >= 0 && x < 1).toBe(true);
  });
  it("derives independent named streams", () => {
    expect(Prng.derive(1, "x").next()).toBe(Prng.derive(1, "x").next());
    expect(Prng.derive(1, "x").next()).not.toBe(Prng.derive(1, "y").next());
  });
});
