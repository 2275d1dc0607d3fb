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
/** Kinds of action a preference may name ("I'd rather return them", "prefiero un reembolso", "我更想退货"). */
const ACTION_KINDS: readonly (readonly [string, RegExp])[] = [
  ["return", /(?<![\p{L}])(?:return\w*|send (?:it |them )?back|devol\w*|devuelv\w*|devolucion\w*)(?![\p{L}])|退货|退回/iu],
  ["refund", /(?<![\p{L}])(?:refund\w*|money back|reembols\w*)(?![\p{L}])|退款|退钱/iu],
  ["cancel", /(?<![\p{L}])(?:cancel\w*)(?![\p{L}])|取消/iu],
  ["exchange", /(?<![\p{L}])(?:exchang\w*|swap\w*|intercambi\w*)(?![\p{L}])|换货|换成/iu],
  ["credit", /(?<![\p{L}])(?:(?:store|travel) credit|vouchers?|credito|bono)(?![\p{L}])|代金券|积分/iu],
];
/** The kinds of action a text names. */
const kindsIn = (text: string) => ACTION_KINDS.filter(([, re]) => re.test(text)).map(([k]) => k);

/**
 * Whether the preferred thing names a kind of action the request's main sentence (the first one that names an action) does
 * not: "I'd rather just return them" to an exchange whose later sentence says the difference "will be refunded".
 */
function otherActionPreferred(chosen: string, request: string): boolean {
  const wanted = kindsIn(chosen);
  if (wanted.length === 0) return false;
  const main = request.split(/[.?!。？！]/u).find((s) => kindsIn(s).length > 0);
  return main === undefined || wanted.some((k) => !kindsIn(main).includes(k));
}

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
 * @param request The request, in normal form: a preferred kind of action its main sentence does not name is a change.
 * @internal
 */
export function preferenceRestates(
  clause: string,
  marker: string,
  vocabulary: RequestVocabulary,
  known: ReadonlySet<string>,
  change: RequestChange | undefined,
  request = "",
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
  if (chosen.trim() === "" || novelContent(chosen, vocabulary).length > 0 || otherActionPreferred(chosen, request)) return false;
  const sources = change?.sources ?? new Set<string>();
  const targets = change?.targets ?? new Set<string>();
  const values = namedValues(chosen);
  if (values.some((v) => !isKnownValue(v, known) || (isKnownValue(v, sources) && !isKnownValue(v, targets)))) return false;
  // what the user gives up may not be what the request changes to
  return !namedValues(given).some((v) => isKnownValue(v, targets));
}
