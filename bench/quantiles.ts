/**
 * Order statistics of benchmark rounds: a quantile, and the median with its quartiles and minimum
 * as printed by the same-process comparison benches.
 * @internal
 */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) * q)]!;
}

/** "median (quartiles q1–q3, min m)". */
export function quartileSummary(xs: readonly number[], digits = 0): string {
  const fmt = (q: number) => quantile(xs, q).toFixed(digits);
  return `${fmt(0.5)} (quartiles ${fmt(0.25)}–${fmt(0.75)}, min ${fmt(0)})`;
}
