/**
 * A word list in two scripts, and the pattern that finds its words: Latin-script words (English, Spanish) between non-letters,
 * Chinese words anywhere (a Chinese word has no spaces around it). The judge's word lists (payment-method-lexicon.ts,
 * action-domain.ts) are kept in this form so that each reader builds its pattern from one list.
 * @internal
 */

/** Latin words and Chinese words of one list, as regex sources (alternations); either may be empty. */
export interface LexiconWords {
  /** Latin-script words (English, Spanish), in `normalizeText` form: matched between non-letters. */
  readonly latin: string;
  /** Chinese words: matched anywhere. */
  readonly han: string;
}

/**
 * The regex source that finds a list's words: the Latin ones between non-letters, the Chinese ones as they are.
 *
 * @example
 * ```ts
 * new RegExp(boundedSource({ latin: "visa", han: "维萨" }), "iu").test("用维萨卡"); // true
 * new RegExp(boundedSource({ latin: "visa", han: "维萨" }), "iu").test("revisado"); // false
 * ```
 * @param words The list's words.
 * @internal
 */
export function boundedSource(words: LexiconWords): string {
  const latin = words.latin === "" ? "" : `(?<![\\p{L}])(?:${words.latin})(?![\\p{L}])`;
  return [latin, words.han].filter((s) => s !== "").join("|");
}
