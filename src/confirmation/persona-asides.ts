/**
 * What impatient customers wrap around a go-ahead without changing it: an idiom of haste with a negator ("without further
 * ado", "without delay", "sin más demora") and a question about what comes after ("…, then what?", "what's next?", "¿y luego
 * qué?", "然后呢？"). Neither negates, conditions nor asks about the action: the first only hurries it, the second asks about the
 * steps after it, which cannot change the decision. Both are read out before the reply's clauses are read; what remains is judged
 * as before (so "then what?" alone, or after a clause that does not agree, is still no consent).
 * @internal
 */

/** Haste said with a negator: "without (any) further ado", "without (any more) delay", "sin más demora", "不要再耽误了". */
const HASTE_IDIOM =
  /(?:,\s*|\s+|^)(?:and\s+)?without (?:any |much )?(?:further |more |more of an? )?(?:ado|delay|delays|fuss|waiting)(?![\p{L}])|(?:,\s*|\s+|^)sin (?:mas )?(?:demora|demoras|rodeos|retrasos|esperas|mas espera)(?![\p{L}])|[，,]?\s*(?:不要|别)再?(?:耽误|拖延|拖)了?/giu;

/** A question about the next step, at the end of a sentence: "then what?", "and what's next?", "¿y luego qué?", "然后呢？". */
const NEXT_STEP_QUESTION =
  /(?:[,;]\s*|\s+|^)¿?(?:(?:and|so|ok(?:ay)?)[,\s]+)?(?:then what|what(?:'s| is| comes| happens)? next|what now|and then|y (?:luego|despues|ahora) que|(?:luego|despues) que)\s*\?+|[，,]?\s*(?:然后呢|接下来呢|下一步呢|然后怎么办|接下来怎么办)\s*[?？]+/giu;

/**
 * The reply (normal form) with the idioms of haste and the next-step questions read out; a sentence left empty keeps its
 * full stop, so the reply's other sentences are read as they were.
 * @internal
 */
export function withoutPersonaAsides(reply: string): string {
  return reply
    .replace(NEXT_STEP_QUESTION, ".")
    .replace(HASTE_IDIOM, "")
    .replace(/\s+([.,!?])/g, "$1")
    .trim();
}
