/**
 * Statistics for the evaluation report: Wilson score intervals, Newcombe's interval for a
 * difference of two proportions, Fisher's exact test (two-sided) and McNemar's exact test for
 * paired runs. Plain functions over counts; no dependencies.
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** Wilson score interval for `successes` of `n` (0..1). For n = 0 the interval is [0, 1]. */
export function wilsonInterval(successes: number, n: number, z: number = Z95): Interval {
  checkCount("wilsonInterval", successes, n);
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // at the edges the closed form leaves floating-point residue; the exact bound is 0 (or 1)
  return { low: successes === 0 ? 0 : Math.max(0, center - half), high: successes === n ? 1 : Math.min(1, center + half) };
}

/**
 * Newcombe's hybrid score interval (method 10) for p1 − p2 of two independent proportions,
 * built from the two Wilson intervals.
 */
export function newcombeDifferenceInterval(x1: number, n1: number, x2: number, n2: number, z: number = Z95): Interval {
  checkCount("newcombeDifferenceInterval", x1, n1);
  checkCount("newcombeDifferenceInterval", x2, n2);
  if (n1 === 0 || n2 === 0) return { low: -1, high: 1 };
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const a = wilsonInterval(x1, n1, z);
  const b = wilsonInterval(x2, n2, z);
  const d = p1 - p2;
  return {
    low: d - Math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2),
    high: d + Math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2),
  };
}

const logFactorialCache: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFactorialCache.length; i <= n; i++) logFactorialCache[i] = (logFactorialCache[i - 1] as number) + Math.log(i);
  return logFactorialCache[n] as number;
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/**
 * Fisher's exact test, two-sided, for the 2×2 table [[a, b], [c, d]]: the sum of the
 * hypergeometric probabilities of all tables with the same margins that are no more likely
 * than the observed one (relative tolerance 1e-7, as R's `fisher.test`).
 */
export function fisherExactTwoSided(a: number, b: number, c: number, d: number): number {
  for (const [name, v] of Object.entries({ a, b, c, d })) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`fisherExactTwoSided: cell ${name} must be a non-negative integer, got ${v}.`);
  }
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const n = row1 + row2;
  if (n === 0) return 1;
  const logDenom = logChoose(n, col1);
  const prob = (x: number): number => Math.exp(logChoose(row1, x) + logChoose(row2, col1 - x) - logDenom);
  const observed = prob(a);
  const lo = Math.max(0, col1 - row2);
  const hi = Math.min(row1, col1);
  let p = 0;
  for (let x = lo; x <= hi; x++) {
    const px = prob(x);
    if (px <= observed * (1 + 1e-7)) p += px;
  }
  return Math.min(1, p);
}

/**
 * McNemar's exact test (two-sided binomial on the discordant pairs): `b` pairs where only the
 * first condition succeeded, `c` where only the second did.
 */
export function mcnemarExact(b: number, c: number): number {
  for (const [name, v] of Object.entries({ b, c })) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`mcnemarExact: ${name} must be a non-negative integer, got ${v}.`);
  }
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

/** Summary of k of n: the rate and its Wilson 95% interval. */
export interface Proportion {
  readonly count: number;
  readonly n: number;
  readonly rate: number;
  readonly ci95: Interval;
}

export function proportion(count: number, n: number): Proportion {
  return { count, n, rate: n === 0 ? 0 : count / n, ci95: wilsonInterval(count, n) };
}

/** Median of a list (0 for an empty list). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((x, y) => x + y, 0) / values.length;
}

function checkCount(fn: string, k: number, n: number): void {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || n < 0 || k > n) {
    throw new RangeError(`${fn}: need integers 0 ≤ successes ≤ n, got successes=${k}, n=${n}.`);
  }
}
