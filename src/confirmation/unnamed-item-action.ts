/**
 * The request's own kind of action told of an item the request does not name, as a statement: "The blender is going back
 * as well", "I'm returning the blender too", "the hotel is getting cancelled too", "la licuadora también la devuelvo",
 * "搅拌机也退回去", or the item as a second object ("I'm returning the lamp and the rug", "台灯和地毯都退回去"). No imperative,
 * no "please": the narration reading takes it for a story, but it puts another item under the action, so it asks for more
 * than was described. Found by the lead's red team 10 (rt10-011: confirmed on `main` beside a return of the kettle alone).
 *
 * What it reads, and only that:
 * - a verb of a kind of action the request itself names (`SPECIFIC_ACTIONS`: a return, a cancellation, …), neither negated
 *   ("isn't going back" is kept-item.ts's) nor past ("the wedding was cancelled too", "se canceló la boda", "婚礼也取消了" tell
 *   what happened, they ask for nothing);
 * - its subject or object, a noun phrase after a determiner ("the", "my", "la", "mis") or a run of Chinese characters, with a
 *   word the request does not use that names a thing: not a word of the action's domain (a refund, an amount, a card, a date:
 *   `namesActionDetail`), not money ("300美元退回"), not a reference to what the request named ("the new one", "the one ending
 *   in 4421", "the current booking", "it", "这个");
 * - an additive marker in the clause ("as well", "too", "also", "también", "也", "还有", "一起"), or the item coordinated with
 *   another ("the lamp and the rug").
 * @internal
 */
import { namesActionDetail } from "./action-domain.js";
import { NEGATOR } from "./consent-markers.js";
import { novelContent, type RequestVocabulary } from "./content-words.js";
import { SPECIFIC_ACTIONS } from "./request-parts.js";

/** Another one besides: "as well", "too", "also", "también", "además", "也", "还有", "一起", "一并". */
const ADDITIVE = /(?<![\p{L}])(?:as well|too|also|tambien|ademas)(?![\p{L}])|也|还有|一起|一并/iu;

/** A determiner that opens a noun phrase naming a thing ("the blender", "my lamp", "a rug", "la licuadora", "mis zapatos"). */
const DETERMINER = "(?:the|my|our|this|that|these|those|a|an|el|la|los|las|mi|mis|nuestro|nuestra|un|una)";
/** Words of grammar that end a noun phrase ("the lamp and…", "the blender is…", "la lámpara y…"). */
const FUNCTION_WORD = "(?:back|and|or|plus|is|are|was|were|will|too|also|as|to|for|in|on|at|with|from|y|e|o|u|es|son|se|tambien|a|en|con|para|por)(?![\\p{L}])";
/** A noun phrase: a determiner and one or two words ("the blender", "the car rental", "la licuadora nueva"). */
const PHRASE = `${DETERMINER}\\s+[\\p{L}'-]+(?:\\s+(?!${FUNCTION_WORD})[\\p{L}'-]+)?`;
/** Noun phrases joined as one subject or object ("the lamp and the rug", "la lámpara y la alfombra"). */
const PHRASES = `${PHRASE}(?:\\s*(?:,|and|y|e|&|plus)\\s+${PHRASE})*`;
/** The phrases right after the verb, the verb's object ("returning the blender", "send the lamp back", "devuelvo la licuadora"). */
const OBJECT = new RegExp(`^\\s+(?:(?:back|also|too|tambien|ademas)\\s+)?(${PHRASES})`, "iu");
/**
 * The phrases before the verb, its subject or a topic taken up by a clitic, with a few words of grammar between: an auxiliary,
 * an additive, a pronoun ("the blender is going back", "the hotel is also getting cancelled", "la licuadora también la devuelvo").
 */
const SUBJECT = new RegExp(
  `(${PHRASES})\\s+(?:(?:is|are|will|'ll|be|being|gets?|getting|going to|goes|go|also|too|as well|all|both|i|i'm|i am|we|we're|we are|tambien|ademas|se|lo|la|los|las|va a|van a|voy a|vamos a|ser|sera|seran)\\s+){0,4}$`,
  "iu",
);
/** Where a phrase ends: after its head "one" ("the one ending in 4421", "the new one") nothing more belongs to it. */
const ONE = /(?<![\p{L}])(?:one|ones|uno|una)(?![\p{L}]).*$/iu;
/** Words that point at what the request named rather than naming a thing: "the current booking", "the rest", "the actual one". */
const REFERENCE = /^(?:one|ones|current|existing|present|remaining|rest|whole|entire|original|actual(?:es)?|vigente|resto|mism[oa]s?)$/u;
/** Money is what a refund moves, not an item: "the money goes back too", "el dinero también", "300美元退回", "钱也退回". */
const MONEY = /^(?:money|funds?|dinero|plata|fondos?)$|钱|元|币|款/u;

/** An English or Spanish past form of the verb: "returned", "sent back", "cancelaron", "devolví", "se canceló" (normal form: "se cancelo"). */
const PAST_FORM = /^(?:\p{L}+ed|went|sent|gone|shipped|mailed|\p{L}+(?:aron|ieron|io|i))$/u;
/** A Spanish participle ("devuelto", "cancelada"): past unless "es/será/queda" makes it a present passive. */
const PARTICIPLE = /^\p{L}+(?:ad|id|uelt)[oa]s?$/u;
/** A present or future passive before a past participle: "is returned", "will be sent back", "is being cancelled", "gets cancelled", "es devuelto". */
const PRESENT_PASSIVE = /(?<![\p{L}])(?:is|are|be|being|gets?|getting|'s|'re|es|son|sera|seran|queda|quedan)\s+(?:(?:also|too|all|both|tambien)\s+)?$/iu;
/** Chinese: a finished event ("取消了", "退回去了") or one said to be done already ("已经退了"). */
const ZH_DONE_AFTER = /^(?:回去|回来|回|掉|去)?了/u;
const ZH_DONE_BEFORE = /(?:已经|已)\p{Script=Han}{0,2}$/u;
/** Chinese words of grammar between an item and its verb ("搅拌机也要一起退回去", "把台灯都退掉"). */
const ZH_LINK = /(?:也|都|还|要|一起|一并|再|就|得|我|给我|帮我|请|全部|全)+$/u;
/** Chinese words that join items or open one ("台灯和地毯", "把搅拌机", "还有搅拌机"). */
const ZH_JOIN = /和|跟|与|及|、/u;
const ZH_OPENING = /^(?:还有|另外|再把|也把|把|将|我|请|帮我)+/u;

/** Whether the verb at `at` is negated by one of the three words (or two characters) before it: "isn't going back", "no la devuelvo", "不退". */
function negated(clause: string, at: number, han: boolean): boolean {
  const before = clause.slice(0, at);
  const window = han ? before.slice(-2) : before.split(/\s+/u).slice(-4).join(" ");
  return NEGATOR.test(window);
}

/** Whether the verb (its first word `word`, at `at`) tells a past event: "returned", "was cancelled", "se canceló", "devuelto" after "ha". */
function past(clause: string, at: number, word: string): boolean {
  const before = clause.slice(0, at);
  if (/(?<![\p{L}])se\s+$/u.test(before) && /o$/u.test(word)) return true;
  if (PARTICIPLE.test(word) || PAST_FORM.test(word)) return !PRESENT_PASSIVE.test(before);
  return false;
}

/** The words of one noun phrase (or Chinese run) that name a thing the request does not name (none for a reference, a detail or money). */
function itemWords(phrase: string, vocabulary: RequestVocabulary, han: boolean): string[] {
  const thing = (w: string) => !REFERENCE.test(w) && !MONEY.test(w) && !namesActionDetail(w.replace(/'s$/u, ""));
  if (han) return novelContent(phrase, vocabulary).filter(thing);
  const words = phrase
    .replace(new RegExp(`^${DETERMINER}\\s+`, "iu"), "")
    .replace(ONE, "")
    .trim()
    .split(/\s+/u)
    .filter(thing);
  return words.length === 0 ? [] : novelContent(words.join(" "), vocabulary);
}

/** The noun phrases of a run of English or Spanish words ("the lamp and the rug" → two). */
const phrasesOf = (run: string) => [...run.matchAll(new RegExp(PHRASE, "giu"))].map((m) => m[0]);

/** The items a Chinese verb at [at, end) is told of: the run of characters before it, and the run after it, each split at "和/跟/、". */
function zhItems(clause: string, at: number, end: number): string[][] {
  const before = (/\p{Script=Han}+$/u.exec(clause.slice(0, at))?.[0] ?? "").replace(ZH_LINK, "").replace(ZH_OPENING, "");
  const after = /^\p{Script=Han}+/u.exec(clause.slice(end))?.[0] ?? "";
  return [before, after].map((run) => run.split(ZH_JOIN).filter((s) => s !== ""));
}

/**
 * The words naming an item the request does not name, where the clause tells the request's own kind of action of it with
 * "too"/"also"/"也" or beside another item; or `undefined`.
 *
 * @example
 * ```ts
 * const request = "i will return the electric kettle from order #w2378156. shall i proceed?";
 * actionOnUnnamedItem("the blender is going back as well", request, requestVocabulary(request)); // "blender"
 * actionOnUnnamedItem("the kettle is going back too, it leaks", request, requestVocabulary(request)); // undefined
 * actionOnUnnamedItem("the blender went back too", request, requestVocabulary(request)); // undefined (a past event)
 * ```
 * @param clause A clause of the reply, in normal form.
 * @param request The request, in normal form.
 * @param vocabulary The request's vocabulary (`requestVocabulary`).
 */
export function actionOnUnnamedItem(clause: string, request: string, vocabulary: RequestVocabulary): string | undefined {
  const additive = ADDITIVE.test(clause);
  for (const [, verb] of SPECIFIC_ACTIONS.filter(([, re]) => re.test(request))) {
    for (const v of clause.matchAll(new RegExp(verb.source, "giu"))) {
      const han = /\p{Script=Han}/u.test(v[0]);
      const end = v.index + v[0].length;
      if (negated(clause, v.index, han)) continue;
      if (han ? ZH_DONE_AFTER.test(clause.slice(end)) || ZH_DONE_BEFORE.test(clause.slice(0, v.index)) : past(clause, v.index, v[0].split(/\s+/u)[0]!))
        continue;
      // the verb's subject and object, each a list of items ("the lamp and the rug" is two: a second object)
      const runs = han
        ? zhItems(clause, v.index, end)
        : [
            // "send the toaster back": the object inside the verb
            [...phrasesOf(v[0]), ...phrasesOf(OBJECT.exec(clause.slice(end))?.[1] ?? "")],
            phrasesOf(SUBJECT.exec(clause.slice(0, v.index))?.[1] ?? ""),
          ];
      const novel = runs.flat().flatMap((p) => itemWords(p, vocabulary, han));
      if (novel.length > 0 && (additive || runs.some((r) => r.length > 1))) return [...new Set(novel)].join(", ");
    }
  }
  return undefined;
}
