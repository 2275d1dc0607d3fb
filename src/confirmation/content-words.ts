/**
 * Content words, compared by stem: whether a clause of a reply says something the request did
 * not ("please also check Newark" after a request about Philadelphia) or only repeats it
 * ("please go ahead and check the other reservations" after "I will check the other reservations").
 * @internal
 */
import { CONCEPT_GLOSSARY } from "./concept-glossary.js";

/** Words with no content of their own here: function words, courtesy, agreement, generic verbs (EN, ES). */
const STOP = new Set(
  (
    "a an the this that these those it its it's i me my mine myself we us our you your yours he she they them their his her there here " +
    "is am are was were be been being do does did done doing have has had having will would shall should can could may might must " +
    "and or but so if then than as at by for from in into of on onto to with about over under up down out off again further once also too very just really " +
    "all any both each every few more most other some such no nor not only own same s t don now ll re ve d m o y " +
    "please pls plz porfa porfis porfavor kindly thanks thank thx appreciate appreciated help helping helpful great good fine okay ok alright right correct sure yes yeah yep yup absolutely definitely certainly perfect " +
    "go going goes went ahead proceed proceeding continue confirm confirming confirmed confirmation agree agreed accept like love want wanted wish need needed let lets let's get make made take " +
    "think know see look looks looking sound sounds seem seems say said tell told ask asking happy glad fine ready sounds well much many lot lots thing things something anything everything nothing " +
    "today right away now quickly soon asap time moment minute bit way also still already yet even though although however however anyway actually basically " +
    "what which who whom whose when where why how whether while because since until unless though " +
    "through including include via per within across between among around before after during either both one ones entire whole due " +
    "process processing handle handling arrange finalize finalizing complete completing execute carry perform change changes update updates modification modifications request requests " +
    "discuss speak talk further situation matter issue case problem details detail information summary plan step steps option " +
    "hurry rush wrap quick quickly fast asap sorted done set remember forget start " +
    // urgency beside an imperative go-ahead ("Cancel 3FRNFB immediately", "I need this resolved ASAP")
    "immediately instantly promptly urgently urgent straightaway resolve resolved resolving inmediatamente inmediato enseguida urgente " +
    "outline outlined describe described list listed mention mentioned discuss discussed specify specified state stated summarize summarized above below noted explained " +
    "one two three four five six seven eight nine ten eleven twelve uno una dos tres cuatro cinco " +
    "exactly totally completely perfectly fully entirely truly possible siyes si datos detalle detalles informacion resumen " +
    "able might maybe name names nombre " +
    // the abbreviations of an address's parts ("417 Alder St Apt 5B"): the address is compared by its values and names
    "st ave rd apt dr ln blvd ste " +
    "remaining remain remainder rest balance cover covers covering covered use using used total totals totaling totalling combined altogether together sum suman resto como indico indicado indicada senalo senalado mencionado menciono descrito dijo hope hoping hoped provide provided providing stick choose pick select earlier later previously originally ending end last four digits " +
    "am an as at be by do go he hi if in is it me my no of oh ok on or so to up us we ya yo ty pm ah eh uh um mm hm ay uy uf phew whew " +
    // murmurs and idioms of assent ("uh-huh", "mm-hmm", "by all means", "you bet", "dale", "hágale")
    "uh-huh mm-hmm mm-hm mhm means bet happen dale orale hagale " +
    // the words of an expectation (its object is what it asks for): "I expect a…", "espero un…"
    "expect expecting espero " +
    "el la los las un una unos unas lo le les de del al a en con por para que y o pero si no mi mis tu su sus nuestro usted ustedes yo me te se nos es son esta estan esto eso ese esa " +
    "ambos ambas muy mas ya tambien gracias favor por_favor hola bueno vale claro perfecto adelante proceda confirmo quiero quisiera gustaria puede pueden podria podrian dear sweetie sweetheart darling hon carino mija mijo querida querido todo todos asi " +
    // generic "do it" verbs, as "process", "carry out", "handle" above: "realice el cambio", "tramítelo", "encárguese", "take care of it"
    "realice realicelo realizar efectue efectuelo efectuar tramite tramitelo tramitar procese proceselo procesar lleve llevar cabo encarguese encargarse " +
    // "update" is a stop word in English: "actualícela", "actualizar"
    "actualice actualicen actualizar actualizarla actualizarlo " +
    "complete completelo completar finalice finalicelo finalizar ejecute ejecutelo ejecutar haga hagalo hacer care " +
    // French courtesy and agreement mixed into a reply ("Oui, please proceed. Merci!")
    "oui merci beaucoup bien infiniment il s'il vous plait accord remercie"
  ).split(/\s+/),
);

/**
 * A Spanish imperative with its pronouns attached ("confirmelo", "procedalo", "hagamelo", "cancelela"),
 * whose verb without them is a word of no content here: as empty as the verb. Only a verb ending of
 * the imperative or infinitive before the pronouns ("-e", "-a", "-en", "-an", "-ar", "-er", "-ir").
 */
const CLITICS = ["melo", "mela", "melos", "melas", "selo", "sela", "selos", "selas", "noslo", "nosla", "lo", "la", "los", "las", "le", "les"];
function cliticOfStop(w: string): boolean {
  for (const pronoun of CLITICS) {
    if (!w.endsWith(pronoun)) continue;
    const verb = w.slice(0, -pronoun.length);
    if (verb.length < 4 || !/(?:e|a|en|an|ar|er|ir)$/u.test(verb)) continue;
    if (isStop(verb) || isStop(verb.replace(/(?:e|a|en|an|ar|er|ir)$/u, ""))) return true;
  }
  return false;
}

/** Stems of the words above, so that "finalized" and "changing" are as empty as "finalize" and "change". */
let stopStems: ReadonlySet<string> | undefined;
const isStop = (w: string): boolean => STOP.has(w) || (stopStems ??= new Set([...STOP].map(stem))).has(stem(w));

/**
 * Words of the same action or thing across English and Spanish ("switch" and "change",
 * "cancelación" and "cancel", "maleta" and "bag"), by stem: a reply may name the request's
 * action in other words or in the other language.
 */
const CONCEPTS: readonly (readonly [string, RegExp])[] = [
  ["cancel", /^(?:cancel|anul)/],
  ["change", /^(?:chang|switch|swap|replac|mov|modif|alter|updat|cambi|rebook)/],
  // "address" is no adding
  ["add", /^(?:add(?!res)|includ|anad|agreg|incluy)/],
  // "securing the new one": getting a booking is booking it
  ["book", /^(?:book|reserv(?!ation|a$|as$)|secur)/],
  // a trip, a journey, an itinerary: what a reservation books
  ["reservation", /^(?:reservation|reserva$|reservas$|booking|trip$|trips$|journey|itinerar|viaj)/],
  ["upgrade", /^(?:upgrad|subi|sub[ae]n?$|mejor)/],
  ["downgrade", /^(?:downgrad|baj)/],
  ["bag", /^(?:bag|luggag|suitcas|malet|equipaj)/],
  ["refund", /^(?:refund|reembols|devol|devuel)/],
  ["flight", /^(?:flight|vuel)/],
  ["passenger", /^(?:passeng|pasajer|travel+er)/],
  ["pay", /^(?:pay|pag|charg|carg)/],
  ["card", /^(?:card|tarjet)/],
  ["insurance", /^(?:insur|segur)/],
  ["seat", /^(?:seat|asient)/],
  ["segment", /^(?:segment|leg$|tramo)/],
  ["date", /^(?:date|fech)/],
  ["certificate", /^(?:certific|voucher)/],
  // sending money or a certificate ("send the refund", "envíen el reembolso", "mándelo"): the word's own forms only, under a name no
  // other word begins with (a short stem such as "send" would take "sender" or, one typing slip away, "señora" for itself)
  ["sendmoney", /^(?:send|sends|sending|sent|envi(?:ar|e|en|a|an|o|amos)(?:lo|la|los|las|me|nos)?|mand(?:ar|e|en|a|an)(?:lo|la|los|las|me|nos)?)$/],
  // "connect me with an agent" is the transfer; "connecting flight", "connection" are no hand-off
  ["transfer", /^(?:transfer|agent|connect$|connected$)/],
];

/** Strips the usual English and Spanish inflections, so that "cancellation" meets "cancel" and "upgrading" meets "upgrade". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, "");
  for (const [concept, re] of CONCEPTS) if (re.test(w)) return concept;
  for (const suffix of [
    "ations",
    "ation",
    "aciones",
    "acion",
    "ciones",
    "cion",
    "amientos",
    "amiento",
    "ments",
    "ment",
    "ings",
    "ing",
    "edly",
    "ed",
    "ies",
    "es",
    "s",
    "ly",
    "mente",
    "ando",
    "iendo",
    "ados",
    "adas",
    "ado",
    "ada",
    "idos",
    "idas",
    "ido",
    "ida",
    "aria",
    "are",
    "ara",
    "ar",
    "er",
    "ir",
    "os",
    "as",
  ]) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  for (const [concept, re] of CONCEPTS) if (re.test(w)) return concept;
  return w;
}

/** The content words of a text (in `normalizeText` form), stemmed; numbers and ids are values, not words. */
export function contentStems(text: string): string[] {
  return contentWords(text).map(stem);
}

/** A determiner right before "booking" makes it the noun. */
const BOOKING_NOUN = /(?<![a-z])(?:the|my|our|your|this|that|current|same|whole|entire|existing|original|old)\s+$/;

/** A generic Spanish go-ahead right after "solo" ("solo hágalo", "solo proceda"). */
const SOLO_GO_AHEAD = /^\s+(?:hagalo|hazlo|hagamoslo|proceda|procedan|procede|continue|adelante|tramitelo|confirmelo)(?![\p{L}])/u;

/**
 * The words of the text that may carry content (not stop words, not numbers), as written; with
 * `nounSenses`, "the booking" is written "reservation" (the noun).
 */
function contentWords(text: string, nounSenses = true): string[] {
  const out: string[] = [];
  // an identifier's parts are words ("book_reservation": book, reservation)
  for (const m of text.matchAll(/[a-z][a-z'-]*/g)) {
    const w = m[0].replace(/'(?:s|ll|d|re|ve|m|t)$/, "").replace(/^'+|'+$/g, "");
    // Spanish "son" ("they are") is a stop word; "my son", "son's" is a person
    const person = w === "son" && (/'s$/.test(m[0]) || /(?<![a-z])(?:my|our|your|his|her|their|the)\s+$/.test(text.slice(Math.max(0, m.index - 8), m.index)));
    if (!person && (w.length < 2 || isStop(w) || cliticOfStop(w) || /\d/.test(w))) continue;
    // "solo hágalo" is "just do it": "solo" before a generic go-ahead is no "alone"
    if (w === "solo" && SOLO_GO_AHEAD.test(text.slice(m.index + 4))) continue;
    // "the booking", "my current booking": the noun, the reservation ("booking a new one" stays the verb)
    out.push(nounSenses && /^bookings?$/.test(w) && BOOKING_NOUN.test(text.slice(Math.max(0, m.index - 24), m.index)) ? "reservation" : w);
  }
  return out;
}

/**
 * A word of five letters or more that is a known word with two neighbouring letters swapped or one
 * letter left out, the commonest slips of fast typing ("chnage", "ahaed", "plese", "busness",
 * "upgrde"), or a letter typed twice ("pleasee"): known means a stop word or a word the request used.
 * Only these: a slip of a word the request never used stays novel, and a word one slip from a kind
 * of payment or cabin the request did not name ("crdit" beside a gift card) is that value. Another
 * letter too many is not read as a slip, nor a dropped first letter. The cost: a real word one letter short of a known one ("fight" beside "flight") reads as
 * that word; values (numbers, codes, dates, cabins) are compared as values, never as words.
 */
function slipOfKnown(word: string, known: (stemmed: string) => boolean, requestWords: ReadonlySet<string>): boolean {
  if (word.length < 5) return false;
  // a slip of a kind of payment or cabin the request did not name is that value, not a slip of
  // anything else: "crdit" is one letter from "cardit" too, which stems to "card"
  if (slips(word).some((c) => VALUE_WORDS.has(c) && !requestWords.has(c))) return false;
  const isKnown = (c: string) => isStop(c) || known(stem(c));
  return slips(word).some(isKnown);
}

const EMPTY: ReadonlySet<string> = new Set();

/** Kinds of payment and cabin (EN/ES): values, so a slip of one is never read as a slip of another word. */
export const VALUE_WORDS: ReadonlySet<string> = new Set(
  "credit debit gift paypal certificate voucher cash check cheque business economy basic premium first window aisle insurance credito debito regalo certificado economica turista".split(
    " ",
  ),
);

/** The words one typing slip away from a word: two neighbouring letters swapped, a letter typed twice, a letter left out after the first. */
function slips(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) if (word[i] !== word[i + 1]) out.push(word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2));
  for (let i = 1; i < word.length; i++) if (word[i] === word[i - 1]) out.push(word.slice(0, i) + word.slice(i + 1));
  for (let i = 1; i <= word.length; i++) for (const l of LETTERS) out.push(word.slice(0, i) + l + word.slice(i));
  return out;
}
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Characters of Chinese text that carry no content here (particles, pronouns, courtesy, agreement). */
const ZH_STOP = new Set([
  ..."掉的了吗呢吧啊呀哦嗯恩我你您他她它们这那个就都也还要想可以是好对请帮把给在和与或但不没有很太真再先就行吧嘛么哈哒滴嘞啦谢感麻烦辛苦确认确定同意办理继续没问题当然马上尽快立刻即现在样吧执行去做弄搞照非常大忙祝顺利工作按说信息都对正确内容细节事情成为签其余剩合计共总用整全所",
]);

/** Softeners that carry no content ("改一下": change it "a bit", i.e. please change it). */
// and the generic verbs of changing, as "change", "update" and "modify" are stop words in English ("请修改", "帮我更改");
// "原来/原先/原本" is "原" (original) as the request writes it ("原支付方式"), and "那张/这张" is "that/this" with a card's measure word
// "直接办吧" (just do it): "directly" before a generic do-verb is no detail ("直接飞" still is)
const ZH_SOFTENERS = /一下|一点儿?|修改|更改|改动|变更|(?<=原)(?:来|先|本)|(?<=[那这])张|直接(?=(?:帮我|给我)?(?:办|处理|执行|弄|做|确认))/gu;

/** The content characters of a text's Chinese parts. */
export function contentCharacters(text: string): string[] {
  return [...text.replace(ZH_SOFTENERS, " ").matchAll(/\p{Script=Han}/gu)].map((m) => m[0]).filter((c) => !ZH_STOP.has(c));
}

/** Pairs of adjacent Chinese content characters ("商务", "行李"): Chinese words are compared as these. */
export function contentBigrams(text: string): string[] {
  const out: string[] = [];
  for (const run of text.replace(ZH_SOFTENERS, " ").match(/\p{Script=Han}+/gu) ?? [])
    for (let i = 0; i + 1 < run.length; i++) if (!ZH_STOP.has(run[i]!) && !ZH_STOP.has(run[i + 1]!)) out.push(run.slice(i, i + 2));
  return out;
}

/** What a request (its words, stems and characters) talks about. */
export interface RequestVocabulary {
  readonly stems: readonly string[];
  readonly characters: ReadonlySet<string>;
  /** The request's content words as written: what a typing slip may stand for. */
  readonly words?: ReadonlySet<string>;
}

export function requestVocabulary(request: string): RequestVocabulary {
  // a request's "booking" counts in both senses, as before ("Here is the booking… " puts a booking to make)
  const words = contentWords(request, false);
  const stems = new Set([...contentStems(request), ...words.map(stem)]);
  // booking something makes a reservation: "the booking" names what the request books
  if (stems.has("book")) stems.add("reservation");
  // a refund or a certificate is sent where it goes ("send the refund to my Visa", "envíen el reembolso", "please send it")
  if (stems.has("refund") || stems.has("certificate")) stems.add("sendmoney");
  const characters = new Set(contentCharacters(request));
  // the request's things in the other two languages (concept-glossary.ts): "upgrade" for 升级, 礼品卡 and "regalo" for a gift card
  const wordSet = new Set(words);
  for (const c of CONCEPT_GLOSSARY) {
    if (!(c.zh.some((z) => request.includes(z)) || c.words.some((w) => wordSet.has(w) || stems.has(stem(w))))) continue;
    for (const w of c.words) stems.add(stem(w));
    for (const z of c.zh) for (const ch of z) characters.add(ch);
  }
  return { stems: [...stems], characters, words: wordSet };
}

/** Chinese content of a clause the request does not contain: a pair of content characters that never appears there together, nor as single characters. */
function novelBigrams(clause: string, vocabulary: RequestVocabulary): string[] {
  const chars = vocabulary.characters;
  const pays = [...ZH_PAYING].some((c) => chars.has(c));
  // a verb of the request with a particle of direction or place ("发到": send to, "卡里": on the card), or a verb of
  // paying with one where the request pays ("里扣": take from), is the request's own verb
  const known = (c: string) => chars.has(c) || (pays && ZH_PAY_VERBS.has(c));
  const compound = (b: string) =>
    (ZH_PARTICLES.has(b[0]!) && known(b[1]!)) || (ZH_PARTICLES.has(b[1]!) && known(b[0]!)) || (pays && ZH_PAY_VERBS.has(b[0]!) && chars.has(b[1]!));
  return contentBigrams(clause).filter((b) => !(chars.has(b[0]!) && chars.has(b[1]!)) && !compound(b));
}

/** Particles of direction and place that follow or precede a verb ("发到", "退回", "卡里", "加上"). */
const ZH_PARTICLES = new Set([..."到里回上进给"]);
/** Verbs of paying ("扣", "付", "刷"), the request's own when it speaks of paying. */
const ZH_PAY_VERBS = new Set([..."扣付刷"]);
/** Characters of a request that speaks of paying (支付, 付款, 扣款, 差价, 费用). */
const ZH_PAYING = new Set([..."付扣支费差"]);

/** Whether two stems are the same word ("cancel" / "cancell", "upgrad" / "upgrade"). */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  return (s.length >= 4 || (s.length === 3 && l.length <= 5)) && l.startsWith(s);
}

/** The content words (and Chinese characters) of a clause that the request never used. */
export function novelContent(clause: string, vocabulary: RequestVocabulary): string[] {
  const known = (w: string) => vocabulary.stems.some((r) => sameStem(w, r));
  const words = contentWords(clause)
    .filter((w) => !known(stem(w)) && !slipOfKnown(w, known, vocabulary.words ?? EMPTY))
    .map(stem);
  // a lone character is not a word of its own: Chinese content is compared by pairs
  return [...new Set([...words, ...novelBigrams(clause, vocabulary)])];
}
