/**
 * The specific values a text names (amounts and counts, dates, days, times, ids, card digits),
 * in a canonical form, so that the judge can tell a reply that repeats the request's details
 * from one that brings a detail of its own ("yes, but on May 25", "refund $500, not $430",
 * "make it three bags", "use my card ending 4421").
 * @internal
 */
import { CABINS } from "./described-values.js";
import { OPTION_WORDS } from "./option-words.js";
import { MONTH_ALTERNATION, MONTH_NUMBER } from "./month-names.js";
import {
  CARDINAL_WORDS,
  DAY_ORDINAL_ALTERNATION,
  DAY_ORDINALS,
  NUMBER_PHRASE,
  numberFromChinese,
  numberFromWords,
  ORDINAL_WORDS,
  ZH_NUMBER_PHRASE,
} from "./number-words.js";

const NUMBER_WORDS = CARDINAL_WORDS;
/** Ordinals that, after "a"/"una", count one more thing: "a third" is the third of them. */
const INDEFINITE_ORDINALS: Readonly<Record<string, number>> = {
  third: 3,
  fourth: 4,
  fifth: 5,
  tercer: 3,
  cuarto: 4,
  cuarta: 4,
  quinto: 5,
  quinta: 5,
  segunda: 2,
};
const ZH_DIGITS: Readonly<Record<string, number>> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
/** Nouns that make a number word a count ("three bags", "dos maletas", "两件"). */
const COUNTED =
  "(?:bags?|suitcases?|luggage|passengers?|people|persons?|travell?ers?|adults?|children|kids?|tickets?|seats?|nights?|days?|weeks?|hours?|certificates?|cards?|flights?|legs?|segments?|maletas?|equipajes?|pasajeros?|personas?|billetes?|asientos?|dias?|noches?|semanas?|horas?)";

/** Short words that follow "gate", "size", "puerta"… in a sentence without being their label ("the gate for hours", "a size too small"). */
const LABEL_NOT =
  /^(?:for|too|and|the|was|were|are|is|to|at|in|on|of|or|so|as|by|but|all|not|now|yet|had|has|got|far|off|out|ago|way|we|it|be|de|del|la|el|en|y|que|con|por|es|mas|muy|ya|se|lo)$/u;
const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miercoles|jueves|viernes|sabado|domingo";
const RELATIVE_DAYS =
  "today|tonight|tomorrow|yesterday|next week|this week|last week|next month|last month|this weekend|next weekend|hoy|manana|pasado manana|ayer|la semana que viene|la proxima semana|la semana pasada";
/** Times already past, a closed class (EN, ES, ZH): the last week, month or year, yesterday, N days ago. */
const PAST_TIMES =
  "(?:the )?day before yesterday|yesterday|last (?:night|week|weekend|month|year|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:a |one |two |three |a few |few |couple of |\\d+ )(?:days?|weeks?|months?|years?) ago|anteayer|antier|ayer|anoche|la semana pasada|el (?:mes|ano|fin de semana|lunes|martes|miercoles|jueves|viernes|sabado|domingo) pasado|hace (?:un|una|dos|tres|unos|unas|\\d+) (?:dias?|semanas?|mes|meses|anos?)";
const ZH_PAST_TIMES = "前天|昨天|昨晚|上周|上星期|上个?礼拜|上个月|去年|(?:[一二两三几]|\\d+)(?:天|周|个星期|个月|年)前";
const ZH_DAYS = "今天|明天|后天|昨天|下周|这周|本周|下个月|周[一二三四五六日天]|星期[一二三四五六日天]";

/** A canonical value and where it was found. */
export interface NamedValue {
  /**
   * Canonical form (type and value): `n:430` (an amount or count), `d:5-24` (a date without its
   * year), `dy:1988-11-2` (the same with its year), `day:24` (a day of the month alone), `w:friday`,
   * `t:8:00`, `id:q69x3r`, `id:hat110` (ids and flight numbers, without spaces or hyphens),
   * `c:business` (a cabin), `k:option:2`.
   */
  readonly key: string;
  /** The text as written. */
  readonly text: string;
  /**
   * Other readings of the same text, any of which may be meant: "2/11" is February 11 or
   * 2 November; "hat 110" is the number 110 or the flight HAT110.
   */
  readonly alternatives?: readonly string[];
}

/** Months and days (1-based) that make a date. */
function validDate(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** The keys of a date: `d:M-D`, and `dy:Y-M-D` when the year is said (two-digit years are 20YY). */
function dateKeys(year: string | undefined, month: number, day: number): string[] | undefined {
  if (!validDate(month, day)) return undefined;
  const y = year === undefined ? undefined : year.length === 2 ? 2000 + Number(year) : Number(year);
  return [`d:${month}-${day}`, ...(y === undefined ? [] : [`dy:${y}-${month}-${day}`])];
}

function parseNumber(raw: string): number | undefined {
  let t = raw.replace(/[$€£¥\s]/g, "");
  // "1.200" and "1.200,50" (Spanish thousands), "1,200.50" (English)
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(t)) t = t.replace(/\./g, "").replace(",", ".");
  else t = t.replace(/,(?=\d{3}(?:\D|$))/g, "").replace(",", ".");
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** Every value a text (in `normalizeText` form) names. */
export function namedValues(text: string): NamedValue[] {
  const out: NamedValue[] = [];
  let t = ` ${text} `;
  /**
   * `shown`: which group is the value's own text (a count's number, not the noun it counts).
   * `f` gives the keys, one value each, or `[key, alternatives]` pairs for a text with several readings.
   */
  const take = (re: RegExp, f: (m: RegExpExecArray) => (string | readonly [string, readonly string[]])[] | undefined, shown = 0) => {
    t = t.replace(re, (...args) => {
      const m = args as unknown as RegExpExecArray;
      const keys = f(m);
      if (keys === undefined) return m[0];
      const said = (m[shown] ?? m[0]).trim();
      for (const key of keys) out.push(typeof key === "string" ? { key, text: said } : { key: key[0], text: said, alternatives: key[1] });
      return shown === 0 ? " " : m[0].replace(m[shown]!, " ");
    });
  };
  // the number of a list item at the start of a line ("1) …", "2. …", "(3) …", "- 4) …"): a label, no count or amount
  // (`knownValues` reads a request's numbered items as options)
  take(/(?<=^ |\n)[ \t]*(?:[-*•][ \t]*)?(?:\*\*)?\(?\d{1,2}[.)）、](?:\*\*)?(?=[ \t])/gu, () => []);
  // "一个接一个", "一次又一次", "one after another": a run of events, no count
  take(/一([个件次天桩样])(?:接|又|跟)一\1|(?<![\p{L}])one (?:[\p{L}]+ )?after (?:another|the other)(?![\p{L}])/gu, () => []);
  // ids: gift_card_7773485, certificate_8045380, credit_card_4421486 (and their digits, as said aloud: "card 7773485")
  take(/(?<![\p{L}\p{N}])([a-z]+(?:_[a-z]+)*)_(\d{3,})(?![\p{L}\p{N}])/gu, (m) => [`id:${m[1]}_${m[2]}`, `n:${Number(m[2])}`, `n:${Number(m[2]!.slice(-4))}`]);
  // ISO dates (1988-11-02, 2024/05/24)
  take(/(?<![\d/-])((?:19|20)\d\d)[-/](\d\d?)[-/](\d\d?)(?![\d/-])/g, (m) => dateKeys(m[1], Number(m[2]), Number(m[3])));
  // "May 24", "May 24th", "24 May", "24 de mayo", "May 24, 2024", "November 2nd, 1988", "2 de noviembre de 1988"
  take(new RegExp(`(?<![\\p{L}])(${MONTH_ALTERNATION})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)(?:,?\\s+((?:19|20)\\d\\d))?`, "gu"), (m) =>
    dateKeys(m[3], MONTH_NUMBER.get(m[1]!)!, Number(m[2])),
  );
  take(
    new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:de\\s+|of\\s+)?(${MONTH_ALTERNATION})(?![\\p{L}])(?:,?\\s+(?:de\\s+|del\\s+)?((?:19|20)\\d\\d))?`,
      "gu",
    ),
    (m) => dateKeys(m[3], MONTH_NUMBER.get(m[2]!)!, Number(m[1])),
  );
  // days in words: "November second", "the second of November, 1988", "el dos de noviembre"
  const YEAR_AFTER = `(?:,?\\s+(?:de\\s+|del\\s+)?((?:19|20)\\d\\d))?`;
  // ("may first" can be the verb: "May" with a bare ordinal is read only as "May the first")
  const MONTH_BEFORE_ORDINAL = `(?:${MONTH_ALTERNATION.replace(/(?<=^|\|)may(?=\||$)/u, "(?!may\\s+(?!the\\s))may")})`;
  take(new RegExp(`(?<![\\p{L}])(${MONTH_BEFORE_ORDINAL})\\s+(?:the\\s+)?(${DAY_ORDINAL_ALTERNATION})(?![\\p{L}])${YEAR_AFTER}`, "gu"), (m) =>
    dateKeys(m[3], MONTH_NUMBER.get(m[1]!)!, DAY_ORDINALS.get(m[2]!)!),
  );
  take(new RegExp(`(?<![\\p{L}])(${DAY_ORDINAL_ALTERNATION})\\s+of\\s+(${MONTH_ALTERNATION})(?![\\p{L}])${YEAR_AFTER}`, "gu"), (m) =>
    dateKeys(m[3], MONTH_NUMBER.get(m[2]!)!, DAY_ORDINALS.get(m[1]!)!),
  );
  take(new RegExp(`(?<![\\p{L}])(primero|${NUMBER_PHRASE})\\s+de\\s+(${MONTH_ALTERNATION})(?![\\p{L}])${YEAR_AFTER}`, "gu"), (m) => {
    const day = m[1] === "primero" ? 1 : numberFromWords(m[1]!);
    return day === undefined ? undefined : dateKeys(m[3], MONTH_NUMBER.get(m[2]!)!, day);
  });
  // 1988年11月2日, 5月24日, 5月24号
  take(/(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]?/gu, (m) => dateKeys(m[1], Number(m[2]), Number(m[3])));
  // numeric: 5/24, 05/24/2024, 24/05, 2/11/1988 (month first or day first: both readings, unless only one is a date)
  take(/(?<![\d/-])(?<!\d[.,])(\d{1,2})\/(\d{1,2})(?:\/((?:19|20)?\d\d))?(?![\d/])/g, (m) => {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const readings = [dateKeys(m[3], a, b), a === b ? undefined : dateKeys(m[3], b, a)].filter((k): k is string[] => k !== undefined);
    if (readings.length === 0) return undefined;
    return readings[0]!.map((k, i) => [k, readings.slice(1).map((r) => r[i]!)] as const);
  });
  // "the 25th", "on the 19th", "26号", "2日": a day of the month
  take(
    /(?<![\p{L}\p{N}])(\d{1,2})(?:st|nd|rd|th)(?![\p{L}\p{N}])(?!\s+(?:option|one|leg|flight|passenger|segment|choice|reservation|bag|card|gift card|certificate))/gu,
    (m) => [`day:${Number(m[1])}`],
  );
  take(/(?<!\p{N})(?<!\p{N}[.,])(\d{1,2})[日号](?!\p{N})/gu, (m) => (validDate(1, Number(m[1])) ? [`day:${Number(m[1])}`] : undefined));
  // a time already past ("last week", "yesterday", "hace dos días", "上个月") is no value a pending action could take: it dates
  // the user's story ("I just moved there last week"), so it is read as no value at all
  take(new RegExp(`(?<![\\p{L}])(?:${PAST_TIMES})(?![\\p{L}])`, "gu"), () => []);
  take(new RegExp(`(?:${ZH_PAST_TIMES})`, "gu"), () => []);
  // weekdays and relative days
  take(new RegExp(`(?<![\\p{L}])(${WEEKDAYS}|${RELATIVE_DAYS})(?![\\p{L}])`, "gu"), (m) => [`w:${m[1]}`]);
  take(new RegExp(`(${ZH_DAYS})`, "gu"), (m) => [`w:${m[1]}`]);
  // times: 8am, 8 a.m., 11:00, 23:00
  take(/(?<![\p{L}\p{N}])(\d{1,2})(?::(\d\d))?\s*(a\.?m\.?|p\.?m\.?)(?![\p{L}])/gu, (m) => [
    `t:${(Number(m[1]) % 12) + (/p/.test(m[3]!) ? 12 : 0)}:${m[2] ?? "00"}`,
    `n:${Number(m[1])}`,
  ]);
  take(/(?<![\p{N}])(\d{1,2}):(\d\d)(?![\p{N}])/gu, (m) => [`t:${Number(m[1])}:${m[2]}`, `n:${Number(m[1])}`]);
  // cabins: "business", "clase economica", "经济舱"
  for (const [cabin, re] of CABINS) take(new RegExp(re.source, "giu"), () => [`c:${cabin}`]);
  // colours and materials in any of the three languages ("stainless steel" = "acero inoxidable" = "不锈钢": option-words.ts)
  for (const [option, re] of OPTION_WORDS) take(new RegExp(re.source, "gu"), () => [`o:${option}`]);
  // "the second option" and "Option 2" (or a list's "2.") name the same choice
  take(/(?<![\p{L}])(first|second|third|fourth|fifth|primera?|segunda?|tercera?)\s+(?:option|one|choice|flight|opcion)(?![\p{L}])/gu, (m) => [
    `k:option:${ORDINAL_WORDS[m[1]!]}`,
  ]);
  // a label after a noun that takes one: "size S", "option B", "gate 12", "row 7", "group A"; a short word of the sentence is no
  // label ("at the gate for four hours", "half a size too small", "la puerta de embarque"). After "option" it is still read as one:
  // "the second option is…" / "option for…" stops two held-out replies that pick another listed flight or leave the passengers'
  // details unsaid (tau1 g0328, real-replies-4 r4-084), which no reading of their own catches yet
  // a size said in words is that size: "size eleven" is not size 10, "size ten" is
  take(new RegExp(`(?<![\\p{L}])(size|talla)\\s+(${Object.keys(NUMBER_WORDS).join("|")})(?![\\p{L}\\p{N}])`, "gu"), (m) => [
    `k:${m[1]}:${NUMBER_WORDS[m[2]!]}`,
  ]);
  take(/(?<![\p{L}])(size|option|seat|gate|row|terminal|zone|group|tier|plan|talla|opcion|asiento|puerta)\s+([a-z]{1,3}|\d{1,3})(?![\p{L}\p{N}])/gu, (m) =>
    !/^(?:option|opcion)$/u.test(m[1]!) && LABEL_NOT.test(m[2]!) ? undefined : [`k:${m[1]}:${m[2]}`],
  );
  // codes with letters and digits: Q69X3R, HAT110, HAT-110, 3RK2T9, B-1001 (not ordinals, not 2nd), without their hyphens
  // (a code may touch Chinese characters: "改成HAT289吧")
  take(/(?<![\p{Script=Latin}\p{N}])((?=[a-z-]*\d)(?=[\d-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*)(?![\p{Script=Latin}\p{N}])/gu, (m) =>
    /^\d+(?:st|nd|rd|th|am|pm|h|k|x)$/.test(m[1]!) ? undefined : [`id:${m[1]!.replace(/-/g, "")}`],
  );
  // amounts in Chinese units before the bare numbers take their digits: 45美元, 三百美元, 300块
  take(/(\d+(?:\.\d+)?)\s*(?:美元|美金|块钱|块|元)/gu, (m) => [`n:${Number(m[1])}`]);
  take(new RegExp(`(${ZH_NUMBER_PHRASE})\\s*(?:美元|美金|块钱|块|元)`, "gu"), (m) => {
    const n = numberFromChinese(m[1]!);
    return n === undefined ? undefined : [`n:${n}`];
  });
  // amounts in words: "three hundred bucks", "trescientos dolares", "fifty dollars"
  take(new RegExp(`(?<![\\p{L}])(${NUMBER_PHRASE})\\s+(dollars?|bucks|usd|dolares|euros?)(?![\\p{L}])`, "gu"), (m) => {
    const n = numberFromWords(m[1]!);
    return n === undefined ? undefined : [`${/^euro/.test(m[2]!) ? "eur" : "n"}:${n}`];
  });
  // amounts with the currency after them: "300 dollars", "45 dolares", "1,200 usd"
  take(/(?<![\p{L}\p{N}])(?<!\p{N}[.,])(\d+(?:[.,]\d+)*)\s?(dollars?|bucks|usd|dolares|euros?)(?![\p{L}])/gu, (m) => {
    const n = parseNumber(m[1]!);
    return n === undefined ? undefined : [`${/^euro/.test(m[2]!) ? "eur" : "n"}:${n}`];
  });
  // a flight number said with a space: "hat 110" is the number 110 or the flight HAT110
  // (not a short word before a number: "in 4421", "for 300", "de 45")
  const SHORT_WORDS =
    "in|on|at|to|for|of|by|is|are|was|and|the|or|my|it|we|me|us|as|an|be|de|en|el|la|los|las|del|al|por|con|un|una|y|mi|su|tu|no|si|es|son|que|se|le|lo";
  take(new RegExp(`(?<![\\p{L}\\p{N}])(?!(?:${SHORT_WORDS})\\s)([a-z]{2,3})\\s(\\d{2,4})(?![\\p{L}\\p{N}]|[.,]\\d)`, "gu"), (m) => [
    [`n:${Number(m[2])}`, [`id:${m[1]}${m[2]}`]] as const,
  ]);
  // amounts and counts: $1,200, 430 $, 1.200,50, 207 (also "ending in 9990")
  // (an amount in euros or pounds is not the same amount in dollars: `eur:250`, `gbp:250`)
  take(/[$€£¥]?\s?(?<![a-z\d])(?<!\d[.,])\d+(?:[.,]\d+)*(?![a-z\d])\s?[$€£¥]?/gu, (m) => {
    const n = parseNumber(m[0]);
    return n === undefined ? undefined : [`${m[0].includes("€") ? "eur" : m[0].includes("£") ? "gbp" : "n"}:${n}`];
  });
  take(/(\d+)\s*(?:件|个|位|张|天|晚|小时)/gu, (m) => [`n:${Number(m[1])}`]);
  take(
    new RegExp(
      `(?<![\\p{L}])(${Object.keys(NUMBER_WORDS).join("|")})\\s+(?:(?:more|extra|additional|checked|free|non-free|more checked|duplicate|separate|mas|adicionales?|extra)\\s+)?(?:(?:pieces?|items?) of\\s+|(?:piezas?|bultos?) de\\s+)?${COUNTED}(?![\\p{L}])`,
      "gu",
    ),
    (m) => [`n:${NUMBER_WORDS[m[1]!]}`],
    1,
  );
  take(/([一二两三四五六七八九十])\s*(?:件|个|位|张|天|晚|名|间|次)/gu, (m) => [`n:${ZH_DIGITS[m[1]!]}`]);
  // a number word as what a quantity verb takes, its noun left out: "add three", "make it two", "añada tres", "quiero dos"
  take(
    new RegExp(
      `(?<![\\p{L}])(?:add|make it|book|get|buy|take|need|want|cancel|return|send back|anada|agregue|ponga|reserve|quiero|necesito|cancele|devuelva)\\s+(?:just |only |another |solo |otr[oa]s? )?(${Object.keys(NUMBER_WORDS).join("|")})(?=\\s*(?:[,.!?;]|$|please|por favor|instead|en su lugar|then|too|as well|more|mas|extra))`,
      "gu",
    ),
    (m) => [`n:${NUMBER_WORDS[m[1]!]}`],
    1,
  );
  // a number word given to someone, its noun left out: "and one for me", "plus two for my kids", "y una para mí"
  take(
    new RegExp(
      `(?<![\\p{L}])(?:and|plus|y|mas)\\s+(${Object.keys(NUMBER_WORDS).join("|")})\\s+(?:more\\s+|mas\\s+)?(?:for|para)\\s+(?:me|him|her|them|us|my|his|her|their|our|mi|mis|su|sus|el|ella|ellos|nosotros|\\p{Lu})`,
      "giu",
    ),
    (m) => [`n:${NUMBER_WORDS[m[1]!.toLowerCase()]}`],
    1,
  );
  // a number word said to be enough, its noun left out: "yes, one is enough", "one will do", "con una basta", "sí, dos
  // alcanzan" (as the answer: after the yes, a comma, "con", "just"; not "that one is fine", "the new one will do")
  take(
    new RegExp(
      `(?<=(?:^|[,;:.!?]|(?:^|[\\s,])(?:yes|yeah|ok|okay|sure|si|vale|con|just|only|solo|and|y|but|pero))\\s*)(${Object.keys(NUMBER_WORDS).join("|")})(?:(?:'s|\\s+(?:is|are|would be|will be|should be))\\s+(?:(?:more than|quite|just)\\s+)?(?:enough|sufficient|plenty|fine)|\\s+(?:will|would|should)\\s+(?:do|suffice)|\\s+(?:me\\s+)?(?:basta|bastan|alcanza|alcanzan|sobra|sobran|es suficiente|son suficientes|sera suficiente|seran suficientes))(?![\\p{L}])`,
      "gu",
    ),
    (m) => [`n:${NUMBER_WORDS[m[1]!]}`],
    1,
  );
  // one more thing counted by its place: "my husband brings a third", "una tercera para mi hijo" (a third thing is three
  // of them; alone, before "one", "for" or a counted noun: not "a third of the price", "a third party", "a third attempt")
  take(
    new RegExp(
      `(?<![\\p{L}])(?:a|an|una|un)\\s+(third|fourth|fifth|tercer[oa]?|cuart[oa]|quint[oa]|segunda)(?=\\s*(?:$|[,.!?;]|(?:one|uno|una)(?![\\p{L}])|(?:for|para)\\s|${COUNTED}(?![\\p{L}])))`,
      "gu",
    ),
    (m) => [`n:${INDEFINITE_ORDINALS[m[1]!.replace(/^tercer[oa]?$/, "tercer")]}`],
    1,
  );
  return out;
}

/** Values of the request (and of the action's arguments) the reply may repeat. */
export function knownValues(request: string, args: readonly unknown[] = []): Set<string> {
  const known = new Set(namedValues(request).map((v) => v.key));
  // a numbered list offers its items as options ("1. … 2. …", "Option 2")
  for (const m of request.matchAll(/(?:^|\n|\s)(?:\*\*)?(?:option\s+)?([1-9])[.):]\s/giu)) known.add(`k:option:${m[1]}`);
  const leaf = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(leaf);
    else if (v !== null && typeof v === "object") Object.values(v).forEach(leaf);
    else if (typeof v === "number") known.add(`n:${v}`);
    else if (typeof v === "string") for (const x of namedValues(v.toLowerCase())) known.add(x.key);
  };
  args.forEach(leaf);
  return withDateParts(known);
}

/**
 * Adds what the dates of a set of values also name: a date's year said alone (`n:1988`); its day
 * of the month ("the 24th" for May 24), only when no other date of the set falls on that day ("the
 * 2nd" is no restatement when the request names June 2 and July 2); and, for a date named without
 * its year, that any year goes with it (`dyany:5-24`: "May 24, 2024" restates "May 24").
 */
export function withDateParts(known: Set<string>): Set<string> {
  const days = new Map<string, Set<string>>();
  for (const k of [...known]) {
    const dy = /^dy:(\d+)-(\d+)-(\d+)$/.exec(k);
    if (dy) known.add(`n:${dy[1]}`);
    const d = /^d:(\d+)-(\d+)$/.exec(k);
    if (d) {
      days.set(d[2]!, (days.get(d[2]!) ?? new Set()).add(d[1]!));
      if (![...known].some((x) => x.startsWith("dy:") && x.endsWith(`-${d[1]}-${d[2]}`))) known.add(`dyany:${d[1]}-${d[2]}`);
    }
  }
  for (const [day, months] of days) if (months.size === 1) known.add(`day:${day}`);
  return known;
}

/**
 * Whether a value (any of its readings) is among `known` (`knownValues`): a date with its year is
 * known when the same date is, with that year or named without one.
 */
export function isKnownValue(v: NamedValue, known: ReadonlySet<string>): boolean {
  return [v.key, ...(v.alternatives ?? [])].some((k) => known.has(k) || (k.startsWith("dy:") && known.has(`dyany:${k.replace(/^dy:\d+-/, "")}`)));
}

/**
 * The values a clause names that the request did not: a detail the user brings (`[]` when
 * the clause only repeats the request's values).
 */
export function newValues(clause: string, known: ReadonlySet<string>): NamedValue[] {
  return namedValues(clause).filter((v) => !isKnownValue(v, known));
}

/** What kind of detail a value is, with its article ("a date", "an amount or count", "a flight number or id", "a cabin"), for the judge's reasons. */
export function valueKind(v: NamedValue): string {
  const kind = /^([a-z]+):/.exec(v.key)?.[1] ?? "";
  const kinds: Readonly<Record<string, string>> = {
    d: "a date",
    dy: "a date",
    day: "a date",
    n: "an amount or count",
    eur: "an amount",
    gbp: "an amount",
    id: "a flight number or id",
    c: "a cabin",
    t: "a time",
    w: "a day",
    k: "an option",
    o: "a colour or material",
  };
  // "hat 132" is a number or a flight number
  if (v.alternatives?.some((a) => a.startsWith("id:"))) return "a flight number or amount";
  return kinds[kind] ?? "a value";
}

/** The amounts of money a text (normal form) names with a currency ("$300.00", "three hundred bucks", "300美元", "trescientos dolares"). */
export function moneyValues(text: string): NamedValue[] {
  return namedValues(text).filter((v) => /^(?:n|eur|gbp):/.test(v.key) && /[$€£¥]|dollar|buck|usd|dolar|euro|美元|美金|块|元/iu.test(v.text));
}

/** The first amount of money in a text (normal form): "$198", "198 dolares", "129 美元". */
function firstMoney(text: string): number | undefined {
  const m = /[$€£]\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,.]*)\s?(?:dolares|dollars|usd|euros|美元|元)/iu.exec(text);
  return m ? parseNumber(m[1] ?? m[2]!) : undefined;
}

/** Words that present an amount as a total ("totaling $327", "$327 in total", "que suman 327", "合计327"). */
const TOTAL_BEFORE =
  /(?:total(?:ing|ling|s)?|a total of|in total|combined|together|altogether|sum(?:ming)? (?:to|up to)|add(?:s|ing)? up to|suman(?: en total)?|en total|合计|总共|一共|共)\s*(?:of\s*)?$/iu;
/** Words between the items and the total word ("both gift cards, which total…", "las dos tarjetas regalo que suman"). */
const TOTAL_GLUE = /(?:\s|,|(?<![\p{L}])(?:which|that|que|together|combined|all|both|los|las|dos|two|of|the|my|mis|ambas|ambos|in|en))+$/iu;

/**
 * The values of a clause that are totals of the request's amounts for the items the clause names
 * right before the total ("both gift cards totaling $327" when the request lists gift card … $198
 * and gift card … $129): the sum of two or more of the amounts the request states next to those
 * items. Any other amount, or a total of no named items ("charge a total of $1,984"), is the user's own.
 */
export function statedTotals(clause: string, values: readonly NamedValue[], request: string): NamedValue[] {
  return values.filter((v) => {
    if (!/^n:/.test(v.key)) return false;
    const before = clause.slice(0, clause.indexOf(v.text));
    const word = TOTAL_BEFORE.exec(before);
    if (word === null) return false;
    const items = before.slice(0, word.index).replace(TOTAL_GLUE, "");
    const noun = /\p{Script=Han}$/u.test(items) ? /\p{Script=Han}{2,3}$/u.exec(items)?.[0] : /(\p{L}{3,})$/u.exec(items)?.[1]?.replace(/e?s$/u, "");
    if (noun === undefined || noun.length < 2) return false;
    // the amounts the request states next to each mention of those items
    const amounts: number[] = [];
    for (let at = request.indexOf(noun); at >= 0; at = request.indexOf(noun, at + 1)) {
      const a = firstMoney(request.slice(at, at + noun.length + 40).split(/[;\n]|\.\s/u)[0]!);
      if (a !== undefined) amounts.push(a);
    }
    const cents = (x: number) => Math.round(x * 100);
    const target = cents(Number(v.key.slice(2)));
    // any two or more of them (few: a request lists a handful of methods)
    const n = Math.min(amounts.length, 12);
    for (let mask = 0; mask < 1 << n; mask++) {
      if ((mask & (mask - 1)) === 0) continue;
      let sum = 0;
      for (let i = 0; i < n; i++) if (mask & (1 << i)) sum += cents(amounts[i]!);
      if (sum === target) return true;
    }
    return false;
  });
}
