import { ADDITION, CHANGE, CONDITION, NEGATOR, PARTIAL, REFUSAL } from "./consent-markers.js";
import { contentBigrams, contentStems } from "./content-words.js";
import { namesActionDetail } from "./action-domain.js";

/**
 * The purpose a user gives for the action, after the words that ask for it ("…so I can get on with my day", "…so that the refund
 * process can start", "…para poder irme tranquila", "…para que el reembolso llegue antes", "…好让我早点安心"): why the user wants it
 * done, said as what someone will then be able to do. It sets nothing of the action, as a reason given with "because" sets nothing
 * (`REASON_CLAUSE`): its ordinary words are no new content.
 *
 * Only a purpose that names nothing of the action the request did not name: a detail of the action (a card, a seat, a bag, a
 * person, a booking), a value, a negation, a condition, a restriction, a change or an addition keeps the purpose in the clause
 * ("so I can use my PayPal instead", "so my wife can fly with me", "para que no me cobren la maleta"): it may be setting what is done.
 * @internal
 */

/** Where a purpose ends: the clause's end, or a connective that starts something else ("and" may go on with the purpose: "…so I can relax and enjoy my weekend"). */
const UNTIL = String.raw`(?=[,;.!?，。；！？]|\s+(?:but|then|also|plus|pero|luego|ademas)\s|$)`;

/**
 * "so (that) <someone> can / could / will be able to …", "in order for … to …", "para (que / poder) …", "así (puedo / podré) …",
 * "好让 / 以便 / 这样(我)就能 …". A "so" with no subject and ability after it is a result ("so send it there"), read elsewhere.
 */
const PURPOSE = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:so that|so|in order that)\s+(?:i|we|you|they|he|she|it|everything|(?:the|my|our|this|that)\s+[\p{L}'-]+(?:\s+[\p{L}'-]+)?)\s+(?:can|could|will be able to|'ll be able to|am able to|are able to|may)(?!\s*(?:not|n't))(?![\p{L}']).*?${UNTIL}`,
    String.raw`(?<![\p{L}])para\s+(?:que|poder)\s.*?${UNTIL}`,
    String.raw`(?<![\p{L}])asi\s+(?:puedo|podre|podemos|podremos)\s.*?${UNTIL}`,
    String.raw`(?:好让|以便|这样(?:我|我们)?(?:就)?(?:能|可以))[^，。,;；!！?？]*`,
  ].join("|"),
  "giu",
);

/** What a purpose may not carry and still be only the user's why. */
const QUALIFIES = [NEGATOR, CONDITION, PARTIAL, CHANGE, ADDITION, REFUSAL];

/** The user's own time ("get on with my day", "enjoy our weekend", "seguir con mi día"): no date of the action. */
const OWN_TIME =
  /(?<![\p{L}])(?:my|our|mi|nuestr[oa])\s+(?:day|week|weekend|evening|morning|afternoon|night|life|dia|semana|fin de semana|tarde|noche|vida)(?![\p{L}])/giu;

/** The purpose names only what the request names: every word of the action's domain in it is the request's own, and no value. */
function onlyWhy(said: string, request: string): boolean {
  if (/[\d$€¥]/u.test(said) || QUALIFIES.some((re) => re.test(said))) return false;
  const purpose = said.replace(OWN_TIME, " ");
  const stems = new Set(contentStems(request));
  const bigrams = new Set(contentBigrams(request));
  const words = [...purpose.matchAll(/[a-z][a-z'-]*/g)].map((m) => m[0].replace(/'(?:s|ll|d|re|ve|m|t)$/, ""));
  if (words.some((w) => namesActionDetail(w) && !contentStems(w).every((s) => stems.has(s)))) return false;
  return contentBigrams(purpose).every((b) => !namesActionDetail(b) || bigrams.has(b));
}

/**
 * The clause (normal form) without the purposes it gives that name nothing of the action of their own (unchanged otherwise).
 *
 * @example
 * ```ts
 * withoutStatedPurpose("let's get that processed right away so i can get on with my day", "shall i process the return?");
 * // "let's get that processed right away "
 * withoutStatedPurpose("cancel it so i can use my paypal instead", "shall i cancel it and refund your visa?"); // unchanged
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @internal
 */
export function withoutStatedPurpose(clause: string, request: string): string {
  return clause.replace(PURPOSE, (m) => (onlyWhy(m, request) ? " " : m));
}
