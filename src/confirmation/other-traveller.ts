/**
 * Someone other than the user, said beside a yes to need or want something ("Ivan's going to need an
 * extra bag", "他想要靠窗的座位", "Iván va a necesitar una maleta") or to be on the trip ("Ivan's going to be
 * on the flight too", "伊万也跟我一起去", "Iván también viene"): a request for more, or a change of who
 * travels, whatever the words. A feeling about the future ("Ivan's going to love business class", "A Iván
 * le va a encantar") is neither. The user's own needs are read elsewhere (own-plans.ts, clause-role.ts).
 * @internal
 */

/** Words that open a clause but are no person: pronouns of the user, the agent or a thing, fillers and conjunctions. */
const NOT_A_PERSON = new Set(
  (
    "i we you it this that these those there here which what who everything nothing something anything one yes yeah yep ok okay sure fine " +
    "great perfect and but so also plus then well oh no not please thanks siyes si vale claro bueno pues y pero que lo le se me nos yo usted " +
    "ustedes eso esto tambien solo todo nada algo bien perfecto gracias"
  ).split(" "),
);

/** The subject of a clause that may be another person: he, she, they, "my son", "la hija", or a single word (a name). */
const EN_ES_SUBJECT = String.raw`(?<subject>he|she|they|el|ella|ellos|ellas|(?:my|our|his|her|the|mi|mis|su|sus|nuestr[oa]s?)\s+\p{L}+|\p{L}{2,})`;
/** Where a clause or a part of it starts, or the yes before it ends. */
const EN_ES_START = String.raw`(?:^|[,;:]\s*|(?<![\p{L}])(?:and|also|plus|but|y|pero|yes|yeah|ok|okay|sure|siyes|vale|claro)\s+)`;
/** Auxiliaries between the subject and the verb ("'s going to", "will also", "va a", "también"). */
const EN_AUX = String.raw`(?:\s*'(?:s|ll|re)|\s+(?:is|are|will|would|also|too|still|probably|definitely|really|going to|gonna|might|may|does|do))*`;
const ES_AUX = String.raw`(?:\s+(?:tambien|ademas|seguro|seguramente|va a|van a))*`;

/** Another person needing or wanting something (not wanting the user to do something: "my doctor wants me to rest" is advice, clause-role.ts). */
const NEEDS = new RegExp(
  `${EN_ES_START}${EN_ES_SUBJECT}(?:${EN_AUX}(?:\\s+(?:needs?|wants?|would like)(?!\\s+(?:me|us)\\s+to(?![\\p{L}]))|\\s*'d like)|${ES_AUX}\\s+(?:necesita\\w*|quiere|quieren|querra\\w*|querer))(?![\\p{L}])`,
  "iu",
);
/** Another person on the trip: aboard, coming, joining, travelling. */
const JOINS = new RegExp(
  `${EN_ES_START}${EN_ES_SUBJECT}(?:${EN_AUX}\\s+(?:(?:be|'s|is|are)\\s+)?(?:on|aboard)\\s+(?:the|this|that|our|my|his|her)\\s+(?:flight|plane|trip)s?|${EN_AUX}\\s+(?:be\\s+)?(?:coming|joining|come|join|travell?ing|travels?|flying|flies|fly)(?:\\s+(?:too|also|along|with))?` +
    `|${ES_AUX}\\s+(?:viene|vienen|vendra\\w*|venir|viaja|viajan|viajara\\w*|viajar|vuela|vuelan|volar|se une|se suma|(?:estar|estara|estaran)\\s+en el vuelo))(?![\\p{L}])`,
  "iu",
);

/** Chinese: another person ("伊万", "我儿子", "他") who also needs or wants something, or also comes along. */
const ZH_PERSON = String.raw`(?:我的?|我们的?)?(?:太太|妻子|老婆|丈夫|老公|先生|儿子|女儿|孩子|朋友|同事|老板|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|家人)|他们|她们|他|她`;
const ZH_SUBJECT = String.raw`(?:^|[，,、])(?<subject>${ZH_PERSON}|[\p{Script=Han}]{2,4}?)`;
const ZH_NEEDS = new RegExp(`${ZH_SUBJECT}(?:也|还|都|会|肯定|可能|将)*(?:需要|想要|要)(?!求)`, "u");
// "我先生还是想坐20号的航班": still wanting to fly is being on a trip too
const ZH_JOINS = new RegExp(
  `${ZH_SUBJECT}(?:(?:也|还|都|会|要|将)*(?:也|还|跟|和|一起|同行)(?:会|要|我|我们|一起)*(?:坐|乘|搭|去|来|飞|走|同行|一起)|(?:还是|还|也|仍然|依然|照样)(?:想|要)(?:坐|乘|搭|飞|去))`,
  "u",
);
const PERSON_ZH = new RegExp(`^(?:${ZH_PERSON})$`, "u");
/** A Chinese subject that is the user, the agent or a thing. */
const ZH_NOT_A_PERSON = /^(?:我|我们|您|你|这|那|它|好|可以|行|对|是|嗯|都|就|没问题)|[这那它吗呢]$/u;

/**
 * The words of a clause that make someone else need something or join the trip (undefined when none do).
 *
 * @example
 * ```ts
 * otherTraveller("ivan's going to need an extra bag"); // "ivan's going to need"
 * otherTraveller("ivan's going to love business class"); // undefined
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @internal
 */
export function otherTraveller(clause: string): string | undefined {
  for (const re of [NEEDS, JOINS]) {
    const m = re.exec(clause);
    if (m && !NOT_A_PERSON.has(m.groups!.subject!.toLowerCase())) return m[0].replace(/^[,;:\s]+/u, "");
  }
  for (const re of [ZH_NEEDS, ZH_JOINS]) {
    const m = re.exec(clause);
    if (m && (PERSON_ZH.test(m.groups!.subject!) || !ZH_NOT_A_PERSON.test(m.groups!.subject!))) return m[0].replace(/^[，,、\s]+/u, "");
  }
  return undefined;
}
