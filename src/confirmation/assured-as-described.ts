import { NEGATOR } from "./consent-markers.js";
import { novelContent, requestVocabulary } from "./content-words.js";
import { splitSentences } from "./reply-text.js";
import { isKnownValue, knownValues, namedValues } from "./reply-values.js";

/**
 * "Make sure the refund is processed to the original payment method", "asegúrese de que el reembolso vaya a la tarjeta original",
 * "确保退款退回原支付方式": a wish to be sure of what the request itself says will happen. It is no condition when what follows the
 * marker says again one sentence of the request: every word of it is a word of that one sentence (so the refund cannot move to
 * another card the request names elsewhere), it names no value (amount, date, card number) and it negates nothing. A wish to be
 * sure of anything else ("make sure I get the full $120 back", "make sure the refund goes to my gift card" when the request refunds
 * the card) stays a condition, and so does the user's own wish to be sure ("I want to make sure I get a refund"), which seeks
 * assurance rather than giving the instruction. A sentence of the request that asks something ("please confirm that you would like
 * to cancel it for a refund") is no statement of what will happen.
 * @internal
 */

/** The markers of a wish to be sure, in EN/ES/ZH ("make sure", "asegúrese de que", "确保"). */
const ASSURE = /(?<![\p{L}])(?:(?:make|making) sure|ensure|be sure|asegur(?:ar|e|ese|en|arse|arme)(?:me|se)?)(?![\p{L}])|确保|务必|一定要/iu;
/** Haste beside the wish ("…right away", "…de inmediato", "…尽快"): it sets nothing of the action. */
const URGENCY =
  /(?<![\p{L}])(?:right away|right now|immediately|asap|as soon as possible|promptly|de inmediato|inmediatamente|cuanto antes|lo antes posible|ahora mismo)(?![\p{L}])|马上|立刻|立即|尽快|尽早/giu;
/** Words that only lead into what is to be sure ("that", "it's", "de que", "把"). */
const LEAD = /^(?:(?:of|about|de|que|that)\s+)*(?:(?:it|it's|it is|this|that|everything|all)\s+)?|^把/iu;
/** Verbs of going or being that carry no detail ("vaya", "llegue", "sea"): the request may say "irá" where the reply says "vaya". */
const LIGHT_VERBS = /(?<![\p{L}])(?:vaya|vayan|ira|iran|vuelva|vuelvan|llegue|lleguen|sea|sean|este|esten|quede|queden)(?![\p{L}])/giu;
const NEGATORS = new RegExp(NEGATOR.source, "iu");
/** The user's own wish to be sure before the marker ("I want to", "I just need to", "quiero", "我想"): assurance sought, not given. */
const SEEKS_ASSURANCE =
  /(?<![\p{L}])(?:want|wanted|need|needed|like|wish|have|trying|try)\s+(?:\w+\s+)?to\s+$|(?<![\p{L}])(?:quiero|quisiera|necesito|deseo|me gustaria|solo quiero)\s+$|(?:我|只)?(?:想|要|希望|需要)\s*$/iu;
/** A sentence of the request that asks for the yes ("please confirm that…", "would you like…"): it states nothing that will happen. */
const ASKS =
  /(?<![\p{L}])(?:please confirm|confirm (?:that|if|whether)|would you like|do you want|shall i|should i|let me know if|confirme|desea|quiere que)(?![\p{L}])|是否|要我|确认.*吗/iu;

/**
 * The wish to be sure in `clause` (normal form), marker included, when it only says again one sentence of the request (normal
 * form); `undefined` when there is none or it says anything else.
 *
 * @example
 * ```ts
 * assuredAsDescribed("yes, make sure the refund is processed to the original payment method",
 *   "the refund will be processed to the original payment method. shall i proceed?"); // "make sure the refund is processed to the original payment method"
 * assuredAsDescribed("yes, make sure the refund goes to my visa", "the refund goes to your mastercard. your visa stays on file."); // undefined
 * ```
 * @param clause The reply's clause, in normal form.
 * @param request The request's text, in normal form.
 * @internal
 */
export function assuredAsDescribed(clause: string, request: string): string | undefined {
  const marker = ASSURE.exec(clause);
  // "I want to make sure I get a refund", "quiero asegurarme de que…", "我想确保…": the user seeking assurance asks, as a condition
  if (marker === null || SEEKS_ASSURANCE.test(clause.slice(0, marker.index))) return undefined;
  const span = clause.slice(marker.index).split(/[;.!?。！？]/u)[0]!;
  const wish = span.slice(marker[0].length).replace(URGENCY, " ").replace(LIGHT_VERBS, " ").trim().replace(LEAD, "").trim();
  if (wish === "" || NEGATORS.test(wish)) return undefined;
  const values = namedValues(wish);
  const restates = splitSentences(request).some((s) => {
    if (s.question || ASKS.test(s.text)) return false;
    const known = knownValues(s.text);
    return values.every((v) => isKnownValue(v, known)) && novelContent(wish, requestVocabulary(s.text)).length === 0;
  });
  return restates ? span : undefined;
}
