import { contentCharacters, contentStems, stem } from "./content-words.js";
import { namedValues } from "./reply-values.js";

/**
 * The parts of a request that puts several actions to the user at once ("1) upgrade both
 * passengers… 2) add 2 checked bags…", "two things: cancel the lamp order and return the
 * chair", "两件事：退掉…并把…"), and which of them a reply names. A reply that names some parts
 * and not the others, without "both" or "all", agrees to part only.
 * @internal
 */

/** What tells one part from the others: its own words, values and (Chinese) character pairs. */
export interface RequestPart {
  readonly text: string;
  readonly stems: readonly string[];
  readonly values: readonly string[];
  readonly bigrams: readonly string[];
}

/** Verbs that make an item of a list an action of its own (not a detail such as "Cabin: economy", nor the noun "any other issues"). */
export const ACTION =
  /(?<![\p{L}])(?:cancel\w*|book\w*|upgrad\w*|downgrad\w*|add\w*|chang\w*|modif\w*|updat\w*|refund\w*|return\w*|exchang\w*|(?<!(?:other|any|an|the|your|these|those|some|no|of)\s)issu\w*|send\w*|remov\w*|switch\w*|move\w*|rebook\w*|transfer\w*|cancel[ae]r?|(?:sub|baj|rebaj|anad|agreg|quit|cambi|reembols|devolv|devuelv|emit|mejor|anul)(?:ar|er|ir|are|ere|ire|o|e|a|amos|emos|imos|ando|iendo)(?:la|lo|las|los|le|les|se)?)(?![\p{L}])|取消|退|升舱|升级|添加|加|改|换|预订|订|转/iu;
/** The request offers several actions together. */
const SEVERAL =
  /(?<![\p{L}])(?:both|two things|two changes|two actions|these (?:two|changes|actions)|all (?:three|of these|these)|ambos|ambas|los dos|las dos|dos cosas|estos cambios)(?![\p{L}])|两件|两项|两个|这两|几项|三项/iu;
/** Whether a request (normal form) says it puts several actions ("both", "two things", "两项"). */
export function offersSeveral(request: string): boolean {
  return (
    SEVERAL.test(request) || /(?<![\p{L}])(?:two|three|2|3) (?:\w+ )?(?:passengers|reservations|flights|bags|tickets|orders|items)(?![\p{L}])/iu.test(request)
  );
}

/** The reply takes them all. */
export const TOTALITY = /(?<![\p{L}])(?:both|all|everything|each|todo|todos|todas|ambos|ambas|los dos|las dos)(?![\p{L}])|两项|两个|都|全部/iu;

/**
 * "Both" or "all" said of the travellers ("both of us", "us both", "both passengers", "all three of us", "los dos pasajeros",
 * "我们两个"): the action for every traveller, not every part of the request ("downgrade both of us" after "downgrade both
 * passengers; the difference is refunded to your card" asks for no downgrade of the refund), where the request, too, put
 * the action for the travellers as a group.
 */
const TRAVELLERS_TOTALITY =
  /(?<![\p{L}])(?:(?:both|all)(?: (?:two|three|four|five))? (?:of us|of them|passengers|travell?ers|adults|people)|(?:us|them) (?:both|all)|everyone|everybody|(?:los|las|ambos|todos los|todas las) (?:dos |tres |cuatro )?(?:pasajer[oa]s|viajer[oa]s|nosotr[oa]s)|(?:los|las) (?:dos|tres|cuatro)(?: de nosotr[oa]s)?(?= (?:pasajer|viajer|vamos|viajamos)))(?![\p{L}])|(?:我们|他们|两位|三位|四位)(?:两个|两位|三个|三位|都|全部)?|所有(?:乘客|旅客)/giu;

/**
 * The reply without its "both of us", "all passengers", "我们两个" where the request, too, put the action for the travellers as
 * a group ("for both passengers", "两位乘客"); unchanged otherwise (then "both" may still mean every part).
 * @param reply The reply, in normal form.
 * @param request The request (or its parts' text), in normal form.
 * @internal
 */
export function withoutTravellersTotality(reply: string, request: string): string {
  return new RegExp(TRAVELLERS_TOTALITY.source, "iu").test(request) ? reply.replace(TRAVELLERS_TOTALITY, " ") : reply;
}

function bigrams(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/\p{Script=Han}+/gu) ?? []) for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  return out;
}

/** A list marker inside a part's text ("2)", "1."), when the part was cut at a conjunction rather than at its marker. */
const LIST_MARKER = /(?:^|(?<=[\s*(:;,]))[1-9][.)](?!\d)/gu;

/** Numbered items ("1) …", "2. …", "**1.** …") that each name an action. */
function numberedItems(request: string): string[] {
  // a marker starts the text or follows a space, "(", "*" or the punctuation before a list ("…两项:1)退掉…,2)把…")
  const marker = /(?:^|[\s*(:;,])([1-9])[.)]\s*(?:\*\*)?\s*/gu;
  const hits = [...request.matchAll(marker)].filter((m) => m.index !== undefined);
  const items: string[] = [];
  let expect = 1;
  let start = -1;
  for (const m of hits) {
    if (Number(m[1]) !== expect) continue;
    if (start >= 0) items.push(request.slice(start, m.index));
    start = m.index! + m[0].length;
    expect++;
  }
  if (start >= 0) {
    // the last item ends at a blank line or at the question that closes the request
    let tail = request.slice(start);
    const cut = tail.search(/\n\s*\n|[.!]\s+(?=[^.!?]*\?\s*$)/u);
    if (cut >= 0) tail = tail.slice(0, cut);
    items.push(tail);
  }
  // each item must lead with its action ("1) upgrade…", "**2. Adding checked bags**"), not be a list of details or reservations
  const leads = (t: string) => ACTION.test(t.replace(/[*_#]/g, "").trim().split(/\s+/).slice(0, 4).join(" "));
  return items.length >= 2 && items.every(leads) ? items : [];
}

/**
 * A piece that agrees to the other piece's terms, not to an action of its own: "…proceed with these changes and agree to the
 * additional cost of $150?", "y acepta el cargo de $150", "并同意支付额外费用" (real-replies-9 tuning, r9-003).
 */
const TERMS_ONLY =
  /^(?:(?:do )?you )?(?:agree|accept|consent|acknowledge)\w*(?: to)? (?:the |an? |this |that |these |any )?(?:pay(?:ing)? (?:the |an? )?)?(?:additional |extra |total |new |updated |resulting )?(?:cost|charge|fee|amount|price|difference|terms|conditions|policy|payment)s?(?![\p{L}])|^(?:usted )?(?:acepta\w*|esta de acuerdo con) (?:el|la|los|las) (?:cargos?|costos?|costes?|importes?|tarifas?|diferencia|condiciones)(?![\p{L}])|^(?:同意|接受)(?:支付|承担)?(?:额外的?|新的?)?(?:费用|差价|金额|条款)/iu;

/**
 * "Both are eligible for cancellation…", "ambos son reembolsables", "两个都符合": "both" as the subject of a state says
 * something of the things, not that the sentence offers several actions (real-replies-9 tuning, r9-079: its reasons, "…,
 * and this appears to be due to a change of plan", were read as two actions).
 */
const STATE_OF_BOTH =
  /(?<![\p{L}])(?:both|all three|all of (?:them|these)|both of (?:them|these))(?: (?:reservations|bookings|flights|orders|items))? (?:are|were|is|have|has|remain|qualify|meet|look|seem)(?![\p{L}])|(?<![\p{L}])(?:ambos|ambas|los dos|las dos) (?:son|estan|fueron|tienen|cumplen|califican)(?![\p{L}])|(?:两个|这两个|两项)都(?:是|符合|满足|可以|有)/iu;

/** "two things: cancel A and return B", "both X and Y": the pieces of the sentence that offers several actions. */
function conjoinedItems(request: string): string[] {
  const sentences = request.split(/(?<=[.!?])\s+|(?<=[。！？])|\n+/u);
  const pieces = (sentence: string) =>
    sentence
      .split(/(?<![\p{L}])(?:and|y|as well as)(?![\p{L}])|[;；]|，并|并且|并把|并|以及|和/u)
      .map((p) => p.trim())
      .filter((p) => ACTION.test(p) && !TERMS_ONLY.test(p));
  for (const sentence of sentences) {
    if (!SEVERAL.test(sentence.replace(STATE_OF_BOTH, " "))) continue;
    const found = pieces(sentence);
    if (found.length >= 2) return found;
  }
  // "I'll cancel A and downgrade B. Please confirm both.": the actions in another sentence than the
  // "both"; there each piece must lead with its action (after a lead-in ending in ":")
  const leads = (p: string) =>
    ACTION.test(
      p
        .replace(/^[^:：]*[:：]/u, "")
        .trim()
        .split(/\s+/u)
        .slice(0, 3)
        .join(" "),
    );
  for (const sentence of sentences) {
    const found = pieces(sentence);
    if (found.length >= 2 && found.every(leads)) return found;
  }
  return [];
}

/** The parts of a request (text in normal form), or `[]` when it puts a single action. */
export function requestParts(request: string): RequestPart[] {
  // only a request that says it puts several ("both", "two things", "these changes") is read for parts
  if (!SEVERAL.test(request)) return [];
  const items = numberedItems(request);
  const texts = items.length >= 2 ? items : conjoinedItems(request);
  if (texts.length < 2) return [];
  const raw = texts.map((t) => ({
    text: t,
    stems: [...new Set(contentStems(t))],
    // a list marker ("2)") numbers the part; it is no value of it ("两个" is not the second part)
    values: [...new Set(namedValues(t.replace(LIST_MARKER, " ")).map((v) => v.key))],
    bigrams: [...new Set(bigrams(t).filter((b) => contentCharacters(b).length === 2))],
  }));
  // what every part shares ("reservation YAX4DR", "the order") tells none of them apart
  const shared = <K extends "stems" | "values" | "bigrams">(k: K) =>
    new Set(raw[0]![k].filter((x) => raw.every((p) => (p[k] as readonly string[]).includes(x))));
  const s = shared("stems");
  const v = shared("values");
  const b = shared("bigrams");
  return raw.map((p) => ({
    text: p.text,
    stems: p.stems.filter((x) => !s.has(x)),
    values: p.values.filter((x) => !v.has(x)),
    bigrams: p.bigrams.filter((x) => !b.has(x)),
  }));
}

/** The parts a reply (normal form) names by their own words, values or characters. */
export function namedParts(reply: string, parts: readonly RequestPart[]): RequestPart[] {
  const stems = contentStems(reply);
  const values = new Set(namedValues(reply).map((v) => v.key));
  const grams = new Set(bigrams(reply));
  const same = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a))) || stem(a) === stem(b);
  return parts.filter((p) => p.stems.some((x) => stems.some((y) => same(x, y))) || p.values.some((x) => values.has(x)) || p.bigrams.some((x) => grams.has(x)));
}

/**
 * Verbs that name one kind of action (not "change", "do", "process", "go ahead"): a reply that uses
 * one of them for all the parts asks for that action on each; a reply that tells one of them of an
 * item the request does not name asks for more (unnamed-item-action.ts).
 * @internal
 */
export const SPECIFIC_ACTIONS: readonly (readonly [string, RegExp])[] = [
  ["cancel", /(?<![\p{L}])(?:cancel\w*|anul\w*)|取消/iu],
  ["downgrade", /(?<![\p{L}])(?:downgrad\w*|baj(?:e|ar|ela|elas|elo|elos|en|ada)|rebaj\w*)(?![\p{L}])|降舱|降级|降为|降到|降成/iu],
  ["upgrade", /(?<![\p{L}])(?:upgrad\w*|sub(?:a|ir|ala|alas|alo|alos|an|ida))(?![\p{L}])|升舱|升级|升为|升到|升成/iu],
  [
    "return",
    // "send it back", "the blender is going back", "寄回", "退回去": sending a thing back is returning it
    /(?<![\p{L}])(?:return(?:s|ed|ing)?(?!\s+(?:flights?|trips?|legs?|dates?|journeys?|segments?|tickets?))|devolv\w*|devuelv\w*|devoluci\w*|(?:go|goes|going|gone|send|sends|sending|sent|ship|ships|shipping|shipped|mail|mails|mailing|mailed)\s+(?:(?:it|them|(?:the|my)\s+\p{L}+)\s+)?back)(?![\p{L}])|退货|退掉|退回|寄回/iu,
  ],
  ["exchange", /(?<![\p{L}])(?:exchang\w*|swap\w*)(?![\p{L}])|换货|换成/iu],
  ["book", /(?<![\p{L}])(?:book|books|booked)(?![\p{L}])|预订|订票/iu],
  // "加两件行李", "加一个托运": 加 before a count or the bag itself adds; alone it is too wide (参加, 增加 a price)
  ["add", /(?<![\p{L}])(?:add|adds|adding|added|a[ñn]ad\w*|agreg\w*)(?![\p{L}])|添加|加上|加(?=[一二两三四五六七八九十\d]+\s*[件个位张]|行李|托运)/iu],
  ["remove", /(?<![\p{L}])(?:remov\w*|elimin\w*|quit(?:e|ar|en))(?![\p{L}])|删除|去掉/iu],
];

/**
 * A reply that takes all the parts ("both", "两个都", "ambas") with a specific action verb that some
 * part does not contain ("Yes, cancel both" when the second part is a downgrade): that action, on
 * that part, was not described. Returns the verb's action and the first part it does not fit, or
 * `undefined` (no specific verb, no "all", or every part holds one of the reply's verbs or is named
 * by the reply's own words: "cancel the first and downgrade the second", "the upgrade and the two bags").
 * @param reply The reply, in `normalizeText` form.
 * @param parts The request's parts (`requestParts`).
 */
export function verbStretchedOverParts(reply: string, parts: readonly RequestPart[]): { readonly action: string; readonly part: RequestPart } | undefined {
  if (parts.length < 2 || !TOTALITY.test(withoutTravellersTotality(reply, parts.map((p) => p.text).join(" ")))) return undefined;
  const named = SPECIFIC_ACTIONS.filter(([, re]) => re.test(reply));
  if (named.length === 0) return undefined;
  // a part the reply names by its own words or values ("the upgrade and the two bags") is described by the reply itself
  const mentioned = namedParts(reply, parts);
  const part = parts.find((p) => !named.some(([, re]) => re.test(p.text)) && !mentioned.includes(p));
  return part === undefined ? undefined : { action: named[0]![0], part };
}

/** Where one verb's reach ends in a reply: sentence and clause punctuation, "and", "y", 和, 并. */
const CLAUSE_BREAK = /[.;:!?,，。；：！？\n]|(?<![\p{L}])(?:and|then|also|y|e|luego|tambien)(?![\p{L}])|和|并|然后|再/u;

/**
 * A reply that pairs a specific action verb with a part named by its own words or values in the same
 * clause ("cancel reservation B" when the request cancels A and downgrades B; "取消 B"; "cancele B";
 * "exchange the lamp" when the lamp is returned): that action, on that part, was not described. A
 * clause that also names a part holding the verb ("the upgrade and the two bags" has no verb on the
 * bags; "upgrade all passengers to business" names the upgrade's own words) pairs it there, unless
 * the clause names another part by its id ("downgrade KQ7W2M to economy": KQ7W2M is cancelled).
 * Returns the reply's verb and the first part it lands on wrongly, or `undefined`.
 * @param reply The reply, in `normalizeText` form.
 * @param parts The request's parts (`requestParts`).
 */
export function verbOnOtherPart(reply: string, parts: readonly RequestPart[]): { readonly action: string; readonly part: RequestPart } | undefined {
  if (parts.length < 2) return undefined;
  for (const clause of reply.split(CLAUSE_BREAK)) {
    const verbs = SPECIFIC_ACTIONS.filter(([, re]) => re.test(clause));
    if (verbs.length === 0) continue;
    // the parts the clause names by words other than the verb itself ("cancel" names the part that cancels)
    const named = namedParts(
      verbs.reduce((text, [, re]) => text.replace(new RegExp(re.source, `${re.flags}g`), " "), clause),
      parts,
    );
    const holds = (p: RequestPart) => verbs.some(([, re]) => re.test(p.text));
    // a part named by its id is the verb's object ("downgrade KQ7W2M to economy" is about KQ7W2M), unless the clause also says that part's own action
    const ids = new Set(
      namedValues(clause)
        .map((v) => v.key)
        .filter((k) => k.startsWith("id:")),
    );
    const byId = named.find((p) => p.values.some((x) => ids.has(x)) && !holds(p) && !SPECIFIC_ACTIONS.some(([, re]) => re.test(p.text) && re.test(clause)));
    if (byId !== undefined) return { action: verbs[0]![0], part: byId };
    // the verb lands on a part that holds it
    if (named.some(holds)) continue;
    const part = named[0];
    if (part !== undefined) return { action: verbs[0]![0], part };
  }
  return undefined;
}
