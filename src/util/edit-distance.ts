/**
 * The Levenshtein distance between two strings: how many single-character insertions, deletions and substitutions turn one into
 * the other.
 *
 * @example
 * ```ts
 * editDistance("haddad", "hadad"); // 1
 * ```
 * @param a One string.
 * @param b The other.
 * @returns The number of edits.
 * @internal
 */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}
