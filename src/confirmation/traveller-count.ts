/**
 * The user saying they travel alone ("it's just me", "I'll be travelling alone", "就我一个人", "solo yo",
 * "viajo sola"), or the yes for the user's own share only ("go ahead with mine", "adelante con lo mío", "先把我的办了"), beside a yes to an
 * action for two or more travellers ("for you and Maria Lopez (2
 * passengers)", "为您和…", "para usted y…"): a passenger count that differs from the one described, so a
 * change, whatever agreement word it opens with. Said to an action for one traveller, or about who is on
 * the phone ("it's just me on the phone"), it changes nothing. The same for the lines of a plan put for several people ("switch all
 * three lines"): "switch mine", "just my line", "solo mi línea" take the user's own line only.
 * @internal
 */

import { contentStems } from "./content-words.js";
import { escapeRegExp } from "../util/escape-regexp.js";
import { CARDINAL_WORDS, numberFromChinese } from "./number-words.js";

/** The user alone as a traveller. */
const ALONE =
  /(?<![\p{L}])(?:(?:just|only)\s+(?:be\s+)?(?:me|myself|one(?:\s+of\s+us)?|(?:one|a single)\s+(?:passenger|person|traveller|traveler|ticket))|(?:by|on)\s+my\s*(?:self|own)|(?:travel\w*|fly\w*|going|go)\s+(?:alone|solo)|no\s*one\s+else|nobody\s+else|solo\s+(?:yo|soy\s+yo|para\s+mi|una\s+persona|un\s+pasajer[oa])|yo\s+sol[oa]|soy\s+solo\s+yo|(?:viajo|voy|vuelo)\s+sol[oa]|nadie\s+mas|(?:with|for|do|cancel|just|only|switch|change|move|upgrade|downgrade|update|port|convert|modify)\s+mine(?!\s+(?:and|too|as\s+well|&))|(?:just|only|solo|solamente)\s+(?:my|mi)\s+(?:own\s+)?(?:line|number|linea|numero)|(?:con|solo|solamente)\s+(?:lo|el|la)\s+mi[oa](?!\s+(?:y|tambien)(?![\p{L}])))(?![\p{L}])|先(?:把|办)?我的|我的(?:那张|那份|票)?先|就我|只有我|我一个人|我自己去|就一个人|只有一个人|(?:一|1)\s*(?:位|名|个)\s*(?:乘客|旅客)/iu;

/** What follows "just me" when it is about the call, not the trip. */
const ON_THE_CALL =
  /^\s*(?:here|on the (?:phone|line|call)|speaking|calling|talking|(?:en|al) (?:el )?telefono|hablando|llamando)(?![\p{L}])|^\s*(?:在)?(?:接电话|打电话|在电话|电话)/iu;

/** A request for two or more travellers: "2 passengers", "both travellers", "for you and Maria", "2 位乘客", "para usted y". */
const SEVERAL =
  /(?<![\p{L}\d])(?<n>\d+|two|three|four|five|six|both|dos|tres|cuatro|cinco)\s+(?:passengers|travell?ers|people|persons|adults|lines|pasajer[oa]s|personas|viajer[oa]s|adultos|lineas)(?![\p{L}])|(?<n2>\d+|两|二|三|四|五)\s*(?:位|名|个|条)\s*(?:乘客|旅客|人|号码|线路)|(?<pair>(?<![\p{L}])(?:for you and|you and your|both of you|para usted y|ustedes dos|los dos|ambos)(?![\p{L}])|为您和|给您和|您和您的|你们两)/iu;

/** How many travellers the request names when it names two or more (undefined otherwise). */
function severalTravellers(request: string): number | undefined {
  const m = SEVERAL.exec(request);
  if (!m) return undefined;
  if (m.groups!.pair !== undefined) return 2;
  const n = m.groups!.n ?? m.groups!.n2!;
  const count = /^\d+$/.test(n) ? Number(n) : n.toLowerCase() === "both" ? 2 : (CARDINAL_WORDS[n.toLowerCase()] ?? numberFromChinese(n));
  return count !== undefined && count >= 2 ? count : undefined;
}

/**
 * The words of a clause that put the user alone on a trip the request books for two or more (undefined when none do).
 *
 * @example
 * ```ts
 * fewerTravellers("yes please, it's just me", "book hat045 for you and maria lopez (2 passengers)?"); // "just me"
 * fewerTravellers("yes, it's just me on the phone", "cancel reservation abc123 for you and maria?"); // undefined
 * fewerTravellers("yes, just me", "change q7zp2m … for passengers ana ruiz and leo ruiz?", new Set(["ana", "ruiz", "leo"])); // "just me"
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @param names The words of the people the request names (`personNames`): two of them joined by "and" are two travellers
 *   with no count written ("for passengers Ana Ruiz and Leo Ruiz").
 * @internal
 */
export function fewerTravellers(clause: string, request: string, names: ReadonlySet<string> = new Set()): string | undefined {
  const m = ALONE.exec(clause);
  if (!m || ON_THE_CALL.test(clause.slice(m.index + m[0].length))) return undefined;
  return severalTravellers(request) !== undefined || (names.size > 0 && namesTwoPeople(request, names)) ? m[0] : undefined;
}

/**
 * The request names two people joined by "and" / "y" / "和" ("for Harold Smith and Margaret Smith", "Harold Smith 和 Margaret
 * Smith 的预订"), each by a name of `names` (a first name, with a surname or not): several travellers with no count written.
 */
function namesTwoPeople(request: string, names: ReadonlySet<string>): boolean {
  const any = [...names].map(escapeRegExp).join("|");
  const pair = new RegExp(`(?<![\\p{L}])(${any})(?:\\s+(?:${any}))?\\s*(?:and|y|&|和|与|及)\\s*(${any})(?![\\p{L}])`, "giu");
  return [...request.matchAll(pair)].some((m) => m[1]!.toLowerCase() !== m[2]!.toLowerCase());
}

/** "for <someone>" / "para <alguien>" / "给<某人>": whom the action is said to be for. */
const FOR_WHOM =
  /(?<![\p{L}])(?:for|para)\s+(?:(?:my|mi|our|nuestr[oa])\s+\p{L}+\s+)?(\p{L}{3,})(?![\p{L}])|(?:给|为)\s*(?:(?![和与跟及])\p{Script=Han}){0,4}\s*([a-z]{3,})/giu;
/** More people beside the one named: "and me", "y yo", "和我", "both", "all", "todos", "都". */
const AND_MORE =
  /(?<![\p{L}])(?:and|y|&)\s+(?:me|myself|i|us|mi|yo|\p{L}{3,})|(?<![\p{L}])(?:both|all|everyone|everybody|us|todos|ambos|los dos|las dos|nosotros)(?![\p{L}])|和|跟|与|都|两|我们/iu;

/**
 * The one traveller a clause says the action is for ("cancel it for Harold", "para Harold", "给 Harold 取消"), by a name
 * the request used, beside an action the request describes for two or more travellers: fewer travellers than described.
 * Undefined when the clause names more people with it ("for my husband Harold and me", "para los dos") or the request
 * describes one traveller.
 *
 * @example
 * ```ts
 * const names = personNames("Cancel reservation LX83QP (2 passengers: Harold Finch and Margaret Finch)?"); // harold, finch, margaret
 * oneOfTravellers("yes, cancel it for harold", "cancel reservation lx83qp (2 passengers: harold finch and margaret finch)?", names); // "for harold"
 * oneOfTravellers("yes, cancel it for my husband harold and me", "…(2 passengers: harold finch and margaret finch)?", names); // undefined
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @param names The words of the people the request names (`personNames`).
 * @internal
 */
export function oneOfTravellers(clause: string, request: string, names: ReadonlySet<string>): string | undefined {
  if (names.size === 0 || (severalTravellers(request) === undefined && !namesTwoPeople(request, names))) return undefined;
  for (const m of clause.matchAll(FOR_WHOM)) {
    const name = (m[1] ?? m[2])!.toLowerCase();
    if (contentStems(name).length === 0 || !names.has(name)) continue;
    if (AND_MORE.test(clause.slice(m.index! + m[0].length, m.index! + m[0].length + 30))) continue;
    return m[0];
  }
  return undefined;
}

/**
 * The words of the people a request names, as written there: two or more capitalised words in a row ("Harold Finch",
 * "Lucía Méndez"), lower-cased and without accents, as `normalizeText` writes them. Codes in capitals ("BOS", "HAT045") are
 * not names.
 * @param request The request as the user saw it (not in normal form: the capitals are what tell a name).
 * @internal
 */
export function personNames(request: string): Set<string> {
  const out = new Set<string>();
  for (const m of request.matchAll(/(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)+(?![\p{L}\p{N}])/gu))
    for (const w of m[0].split(/\s+/)) out.add(w.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase());
  return out;
}

/** The action said to be for more people than one: "for Ana and me", "for both of us", "para nosotros dos", "给我们俩". */
const MORE_PEOPLE =
  /(?<![\p{L}])(?:for|para)\s+(?:(?:(?:my|mi|our|nuestr[oa])\s+)?\p{L}+\s+(?:and|y|&)\s+(?:(?:for|para)\s+)?(?:me|myself|mi|yo|us|nosotros)|both of us|the two of us|us two|us both|nosotros dos|los dos de nosotros)(?![\p{L}])|(?:给|为)我们(?:俩|两个|两人)/iu;
/** How many the user's party is: "three of us", "we're four now", "a family of four", "three passengers", "somos tres", "para cuatro personas", "我们三个人", "一家四口". */
const PARTY =
  /(?<![\p{L}\d])(?<a>\d+|two|three|four|five|six|dos|tres|cuatro|cinco)\s+of\s+us(?![\p{L}])|(?<![\p{L}])(?:we(?:'re| are)|there(?:'re| are|'ll be| will be)|somos|seremos|vamos|viajamos)\s+(?:(?:now|all|ahora|en total)\s+)?(?<b>\d+|two|three|four|five|six|dos|tres|cuatro|cinco)(?:\s+(?:of us|people|persons|adults|personas|adultos|now|ahora|in total))?(?![\p{L}])|(?<![\p{L}])(?:for|para)\s+(?<c>\d+|two|three|four|five|six|dos|tres|cuatro|cinco)\s+(?:people|persons|adults|personas|adultos)(?![\p{L}])|(?:我们|一共|总共|共)(?:现在|目前|这次|一共|总共)?(?:是|有)?(?<d>\d+|两|二|三|四|五|六)\s*(?:个|位|名)\s*人|(?:我们)(?<e>俩)|一家(?<f>\d+|两|二|三|四|五|六)口|(?<![\p{L}])(?:family|party|group|familia|grupo) (?:of|de) (?<g>\d+|two|three|four|five|six|dos|tres|cuatro|cinco)(?![\p{L}])|(?<![\p{L}\d])(?<h>\d+|two|three|four|five|six|dos|tres|cuatro|cinco)\s+(?:passengers|travell?ers|people|persons|pasajer[oa]s|personas|viajer[oa]s)(?![\p{L}])/iu;
/** A request about a trip (a flight, a reservation, passengers): a party count there says who travels. */
const TRIP = /(?<![\p{L}])(?:flights?|reservations?|bookings?|passengers?|travell?ers?|vuelos?|reservas?|pasajer[oa]s?)(?![\p{L}])|航班|预订|乘客|旅客/iu;
const ZH_COUNT: Readonly<Record<string, number>> = { 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 俩: 2 };
const EN_COUNT: Readonly<Record<string, number>> = { two: 2, three: 3, four: 4, five: 5, six: 6, dos: 2, tres: 3, cuatro: 4, cinco: 5 };
/** The party count a clause states, and its words. */
function partyCount(clause: string): { count: number; words: string } | undefined {
  const m = PARTY.exec(clause);
  if (!m) return undefined;
  const n = Object.values(m.groups!)
    .find((g) => g !== undefined)!
    .toLowerCase();
  const count = /^\d+$/.test(n) ? Number(n) : (ZH_COUNT[n] ?? EN_COUNT[n]);
  return count === undefined ? undefined : { count, words: m[0] };
}

/** Something more for a relative: "the extra one for my husband", "otra maleta para mi esposa", "给我太太也加". */
const EXTRA_FOR =
  /(?<![\p{L}])(?:extra|another|additional|one more|second|otr[oa]|adicional)\s+(?:\p{L}+\s+){0,2}?(?:for|para)\s+(?:my|our|mi|nuestr[oa])\s+(\p{L}{3,})(?![\p{L}])|给我的?(太太|妻子|老婆|丈夫|老公|先生|儿子|女儿|孩子|妈妈|爸爸)(?:也|再|多)/iu;

/**
 * The words of a clause that put more people on the action than the request describes: "for Ana and me", "both of us"
 * beside an action for one traveller, or something extra for a relative the request never mentions ("the extra one for
 * my husband"). Undefined otherwise.
 *
 * @example
 * ```ts
 * moreTravellers("yes, book it for ana and me", "book hat207 for ana ruiz, economy?", new Set(["ana", "ruiz"])); // "for ana and me"
 * moreTravellers("yes, book it for both of us", "book hat207 for you and ana ruiz (2 passengers)?", new Set(["ana", "ruiz"])); // undefined (two described)
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @param names The words of the people the request names (`personNames`).
 * @internal
 */
export function moreTravellers(clause: string, request: string, names: ReadonlySet<string>): string | undefined {
  const party = partyCount(clause);
  if (party !== undefined && party.count !== (severalTravellers(request) ?? (TRIP.test(request) && !namesTwoPeople(request, names) ? 1 : party.count)))
    return party.words;
  const extra = EXTRA_FOR.exec(clause);
  if (extra && !request.includes((extra[1] ?? extra[2])!.toLowerCase())) return extra[0];
  const more = MORE_PEOPLE.exec(clause);
  if (more && severalTravellers(request) === undefined && !namesTwoPeople(request, names)) return more[0];
  return undefined;
}
