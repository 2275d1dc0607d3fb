import { novelContent, type RequestVocabulary } from "./content-words.js";
import { isKnownValue, namedValues } from "./reply-values.js";
import type { RequestChange } from "./request-echo.js";

/**
 * A preference that names only what the request already does: "I'd rather pay with the Mastercard
 * ending 2207" to a request that switches the payment to it, "prefiero pagar con la tarjeta terminada
 * en 6120", "I'd rather use the gift card than the card ending 4470" (what it gives up is what the
 * request changes from). The user says why this is their choice; it changes nothing. Still a change:
 * a negated preference ("I'd rather not…", "prefiero no…"), a preferred thing with a word the request
 * never used or a value it does not name, a value the request changes *from*, and, after "than", a
 * value the request changes *to*. A reason after it ("because…", "porque…") is the user's to give: it is
 * not part of the preference (the rest of the judge reads it as before).
 * @internal
 */

/** Preference markers (those in `CHANGE`). */
const PREFERENCE = /^(?:(?:i'?d|i would|i) (?:prefer|rather)|prefer(?:ably)?|prefiero|preferiria)$/iu;
/** Where the preferred thing ends: a reason, the end of the clause. */
const REASON = /(?<![\p{L}])(?:because|since|as|so (?:that|i)|porque|ya que|pues|asi)(?![\p{L}])/iu;
/** What the preferred thing is set against: "than", "que", "instead of", "en lugar de". */
const THAN = /(?<![\p{L}])(?:than|instead of|rather than|en lugar de|en vez de|que)(?![\p{L}])/iu;
const NEGATED = /^\s*(?:not|no|never|nunca)(?![\p{L}])/iu;

/**
 * Whether the preference `marker` in `clause` (normal form) names only what the request does.
 *
 * @example
 * ```ts
 * preferenceRestates("yes, i'd rather pay with the mastercard ending 2207", "i'd rather", vocabulary, known, change); // true
 * preferenceRestates("yes, i'd rather pay with the visa ending 5501", "i'd rather", vocabulary, known, change); // false (changed from)
 * ```
 * @param clause The clause, in normal form.
 * @param marker The preference marker found in it.
 * @param vocabulary The request's words (`requestVocabulary`).
 * @param known The request's and the action's values (`knownValues`).
 * @param change What the request changes (`requestChange`).
 * @internal
 */
export function preferenceRestates(
  clause: string,
  marker: string,
  vocabulary: RequestVocabulary,
  known: ReadonlySet<string>,
  change: RequestChange | undefined,
): boolean {
  if (!PREFERENCE.test(marker.trim())) return false;
  const at = clause.indexOf(marker);
  if (at < 0) return false;
  let after = clause.slice(at + marker.length).replace(/^\s*(?:to|de|,)?\s*/u, "");
  if (NEGATED.test(after)) return false;
  const reason = REASON.exec(after);
  if (reason) after = after.slice(0, reason.index);
  const than = THAN.exec(after);
  const [chosen, given] = than ? [after.slice(0, than.index), after.slice(than.index + than[0].length)] : [after, ""];
  if (chosen.trim() === "" || novelContent(chosen, vocabulary).length > 0) return false;
  const sources = change?.sources ?? new Set<string>();
  const targets = change?.targets ?? new Set<string>();
  const values = namedValues(chosen);
  if (values.some((v) => !isKnownValue(v, known) || (isKnownValue(v, sources) && !isKnownValue(v, targets)))) return false;
  // what the user gives up may not be what the request changes to
  return !namedValues(given).some((v) => isKnownValue(v, targets));
}
