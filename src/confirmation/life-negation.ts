import { ADDITION, CHANGE, CONDITION, HESITATION, NEGATOR, NO_OPENING, PARTIAL, REFUSAL } from "./consent-markers.js";
import { contentBigrams, contentStems, novelContent, type RequestVocabulary } from "./content-words.js";
import { DETAIL_WORDS } from "./reason-given.js";
import { ACTION_NOUNS, CHOOSES, PERSON } from "./action-domain.js";
import { ADDS, LACKS, PASSENGERS, REMOVES, REPORTED, TRAVEL } from "./clause-role.js";

/**
 * A negation about the user's life, told beside a yes ("I can't get the time off work", "mi esposo no puede caminar bien",
 * "我实在请不了假"): a fact of the user's world, which negates nothing of the action. It is read by its grammar, part by part
 * (a part is cut at commas and at the connectives that join a reason, a result or a second statement):
 *
 * - the part has a subject of its own before the negator, and the subject is the user or someone or something of the user's
 *   world ("I", "my knee", "the doctor", "mi madre", "我"), never the offer or the agent ("it", "this", "you", "eso", "这"),
 *   and never nobody (an imperative: "don't charge me", "no lo cancele", "不要保险"); Spanish drops the pronoun, so a first-person
 *   verb right after "no" ("no puedo", "nunca tuve") is the user as subject;
 * - the part names nothing the action could be about: no word of the request, no detail of an action (money, payment, cabin,
 *   bags, seats, passengers, insurance, the booking, an address, a name, a date), no value, no time or preference, no word the
 *   offer could be taken back by ("it", "that", "lo", "eso", "这"), no readiness or certainty ("I'm not ready yet"), nothing the
 *   user lacks, forgets or cannot pay ("I don't have my passport", "我不记得了", "no me alcanza"), and none of
 *   the markers the judge reads as a condition, a restriction, a change, an addition, a hesitation or a refusal;
 * - the user's own wish is never about the user's life ("I don't want…", "no quiero…", "我不想…"): a wish may restrict the action;
 *   someone else's wish or advice is ("the doctor doesn't want him to travel yet", "医生建议我不要长途飞行");
 * - travelling, and the people who could travel, are the action's own matter unless the action takes the trip or the order away.
 * @internal
 */

/** Where a clause is cut into parts. */
const PART_BREAK =
  /\s*[,，、;；:：()（）]\s*|\s+(?:and|but|y|e|pero)\s+|(?<![\p{L}])(?:because|since|so|then|porque|ya que|asi que|entonces)(?![\p{L}])|因为|由于|所以|因此|但是|可是|不过|而且/giu;

/** Fillers that may open a part before its subject. */
const FILLER = /^(?:(?:oh|well|honestly|actually|also|and|but|just|really|still|even|pues|bueno|la verdad|es que|ademas|ay|ugh|说实话|其实|本来)[,\s]*)*/iu;

/** The offer, the agent or nobody as a subject; a subject that could be the offer taken back. */
const OFFER_OR_AGENT =
  /(?<![\p{L}])(?:it|it's|its|this|that|that's|these|those|they|they're|them|you|you're|your|yours|eso|esto|usted|ustedes)(?![\p{L}])|(?<![\p{L}])(?:no|nunca|jamas)\s+(?:(?:me|te|se|nos)\s+)?(?:lo|la|los|las)(?![\p{L}])|它|这个|那个|这样|那样|这些|那些|你|您/iu;

/** A subject of the user's world in English or Spanish: a pronoun of a person, or a noun phrase ("my knee", "the doctor", "mi madre"). */
const WORLD_SUBJECT =
  /^(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd|we'll|he|he's|she|she's|yo|nosotros|nosotras|el|ella|ellos|ellas|nadie|nobody|no one|(?:my|our|his|her|their|the|a|an|mi|mis|nuestr[oa]s?|el|la|los|las|un|una)\s+[\p{L}'-]+(?:\s+[\p{L}'-]+)?)(?![\p{L}])/iu;

/** Spanish without its pronoun: "no" or "nunca" before a verb in the first person ("no puedo", "nunca tuve", "no podemos"). */
const FIRST_PERSON_NEGATED = /^(?:no|nunca|jamas|tampoco)\s+(?:(?:me|nos|te|se)\s+)?\p{L}{2,}(?:o|e|amos|emos|imos|aba|abamos|ia|iamos|i)(?![\p{L}])/iu;

/** A Chinese subject of the user's world before the negator: the user, or a person of the user's life. */
const ZH_WORLD_SUBJECT = /我|我们|他|她|他们|她们|医生|大夫|孩子|家人|家里|老板|公司|学校/u;

/** The user's own wish or need, which may restrict the action ("I don't want the insurance", "no quiero pagar", "我不需要"). */
const OWN_WISH =
  /(?<![\p{L}])(?:want\w*|wanna|need\w*|like|love|wish|prefer\w*|rather|require\w*|quier\w*|necesit\w*|prefier\w*|dese\w*|gust\w*)(?![\p{L}])|想|要|需|希望|愿意|喜欢/iu;

/** Readiness, certainty and the time of the answer ("I'm not ready yet", "no estoy seguro", "我还没准备好"): said by the user, the answer, not the user's life. */
const ANSWER_STATE =
  /(?<![\p{L}])(?:ready|sure|certain|yet|now|decid\w*|agree\w*|okay|ok|fine|listo|lista|listos|segur[oa]s?|todavia|aun|ahora|decid\w*|acuerdo)(?![\p{L}])|还没|准备|确定|决定|同意|现在/iu;

/** Values: digits, money and counts in words. */
const VALUE =
  /[\d$€¥]|(?<![\p{L}])(?:one|two|three|four|five|six|seven|eight|nine|ten|both|all|every|any|uno|una|dos|tres|cuatro|cinco|ambos|todos|todas)(?![\p{L}])|美元|[一二两三四五六七八九十几半][口个位人件张天号]/iu;

/** Modal verbs: the request's "I can…" and the user's "I can't…" share no word of the action. */
const MODAL =
  /(?<![\p{L}])(?:can|could|may|might|must|should|would|will|puedo|puede|pueden|podemos|pude|pudo|podia|podria|poder|debo|debe|deberia)(?![\p{L}])/giu;

/** A Chinese verb of the request's account told as done ("购买了", "添加了"): not the action put to the user. */
const ZH_DONE = /(?:添加|加上|订票|升级|购买)了/gu;

/** A Chinese verb with its potential complement negated: "走不开" (can't get away), "睡不着" (can't sleep), "请不了" (can't take). */
const ZH_CANNOT = /\p{Script=Han}不[了开着动下起来完好到成住]/u;

const TRAVELLING = new RegExp(TRAVEL.source, "giu");

/** Money and paying ("I can't afford much", "no me alcanza", "我付不起"): the action's price may be what is meant. */
const MONEY =
  /(?<![\p{L}])(?:afford\w*|money|cash|funds?|budget|pay\w*|paid|spend\w*|cost\w*|price\w*|expensive|pag\w*|dinero|fondos|presupuesto|alcanza\w*|cuesta\w*|precio\w*|caro|cara)(?![\p{L}])|付|买|钱|负担|承担|费|贵|预算/iu;

const MARKERS = [MONEY, LACKS, CONDITION, PARTIAL, CHANGE, ADDITION, HESITATION, REFUSAL, NO_OPENING, CHOOSES, DETAIL_WORDS];

/** The first negator of a part, with the part's text before it. */
function firstNegator(part: string): { before: string; at: number } | undefined {
  const m = NEGATOR.exec(part);
  return m === null ? undefined : { before: part.slice(0, m.index), at: m.index };
}

/** Whether one part of a clause (normal form) is a negation about the user's life. */
function aboutUsersLife(part: string, request: string, vocabulary: RequestVocabulary): boolean {
  const text = part.trim().replace(FILLER, "").trim();
  const negator = firstNegator(text);
  if (negator === undefined) return false;
  const before = negator.before.trim();
  // a subject of its own, of the user's world: not the offer, not the agent, not nobody (an imperative)
  const han = /\p{Script=Han}/u.test(text);
  const subject = han ? ZH_WORLD_SUBJECT.test(before) : before !== "" ? WORLD_SUBJECT.test(before) : FIRST_PERSON_NEGATED.test(text);
  if (!subject || OFFER_OR_AGENT.test(text)) return false;
  // the user's own wish may restrict the action; someone's advice or wish is the user's life
  const advised =
    REPORTED.test(before) ||
    (han ? PERSON.test(before) : before !== "" && !/^(?:i|i'm|i've|i'd|i'll|we|we're|we've|we'd|we'll|yo|nosotr[oa]s)(?![\p{L}])/iu.test(before));
  if (!advised && (OWN_WISH.test(text) || ANSWER_STATE.test(text))) return false;
  // the action is read where the request puts it, at its end ("…请问您确认取消这个预订吗？"), not in its account of the booking
  // ("您购买了旅行保险": what was bought before, told with 了, is the booking's account too)
  const ask = request.slice(-300);
  const removes = REMOVES.test(ask) && !ADDS.test(ask.replace(ZH_DONE, " "));
  if (!removes && (TRAVEL.test(text) || (PERSON.test(text) && PASSENGERS.test(request)))) return false;
  // to a cancellation, "travel" is the story's verb ("el médico no quiere que viaje"), not the trip booked
  const nouns = removes ? text.replace(TRAVELLING, " ") : text;
  if (VALUE.test(text) || ACTION_NOUNS.test(nouns) || MARKERS.some((re) => re.test(text))) return false;
  if (REMOVES.test(text) || ADDS.test(text)) return false;
  // no word of the request: every content word and pair of Chinese characters is one the request never used
  // (a modal is no word of the action: "I can cancel it" and "I can't sleep" share none)
  const content = nouns.replace(MODAL, " ");
  const words = new Set([...contentStems(content), ...contentBigrams(content)]);
  // a Chinese verb with its complement of ability negated ("走不开", "睡不着", "请不了假") says what the user cannot do, in words of its own
  if (words.size === 0) return han && ZH_CANNOT.test(content);
  return novelContent(content, vocabulary).length >= words.size;
}

/**
 * The clause (normal form) without its parts that negate something of the user's life (see above): what is left is read for
 * negations of the action.
 *
 * @example
 * ```ts
 * withoutLifeNegations("my brother can't get the time off work", "shall i cancel reservation abc123?", requestVocabulary("shall i cancel reservation abc123?")); // ""
 * withoutLifeNegations("i don't want the insurance", "shall i book it with insurance?", requestVocabulary("shall i book it with insurance?")); // unchanged
 * ```
 * @param clause The clause, in normal form (`normalizeText`).
 * @param request The request the user answered, in normal form.
 * @param vocabulary The request's vocabulary (`requestVocabulary`).
 * @internal
 */
export function withoutLifeNegations(clause: string, request: string, vocabulary: RequestVocabulary): string {
  if (!NEGATOR.test(clause)) return clause;
  const kept: string[] = [];
  let last = 0;
  let dropped = false;
  const keep = (part: string, sep: string) => {
    if (aboutUsersLife(part, request, vocabulary)) dropped = true;
    else kept.push(part);
    kept.push(sep);
  };
  for (const m of clause.matchAll(PART_BREAK)) {
    keep(clause.slice(last, m.index), m[0]);
    last = m.index! + m[0].length;
  }
  keep(clause.slice(last), "");
  return dropped ? kept.join("").replace(/\s+/g, " ").trim() : clause;
}
