/**
 * What a piece of prose says about an action, as values: the ids, flight numbers, dates, money
 * amounts, cabins, bag and passenger counts, payment methods and insurance choice it names. Used to
 * compare what an agent told the user with what a call does (`concordat audit`, and the check of a
 * model-written confirmation request against its pending action).
 *
 * Written for the wordings agents use, not for one agent's: dates as ISO, "May 24", "24 May",
 * "May 24th, 2024", "5/24", "24/05/2024", "24 de mayo", "5月24日"; amounts as "$1,234.50",
 * "USD 50", "50 dollars", ranges "$200–$400"; counts as digits or words ("two checked bags").
 * Bare numbers are not amounts (they could be dates, counts or ids).
 */
import { MONTH_ALTERNATION, MONTH_NUMBER } from "./month-names.js";
import { CARDINAL_WORDS } from "./number-words.js";
import { ALL_BRANDS_LATIN, METHOD_ID_PREFIXES } from "./payment-method-lexicon.js";

export type Cabin = "basic_economy" | "economy" | "business";
export type PaymentKind = "credit_card" | "gift_card" | "certificate";

/** The values a text names, by family. Dates are ISO (`2024-05-24`), or `--05-24` when the text gives no year. */
export interface DescribedValues {
  /** Upper-case codes of 5 to 8 letters and digits with at least one digit, or 6 letters (reservation ids, flight numbers). */
  readonly codes: ReadonlySet<string>;
  /** Flight numbers: two or three letters and two to four digits (`HAT110`). */
  readonly flightNumbers: ReadonlySet<string>;
  readonly dates: ReadonlySet<string>;
  /** Money amounts, with a currency marker. */
  readonly amounts: readonly number[];
  /** Money ranges ("$200–$400", "between $200 and $400"). */
  readonly amountRanges: readonly { readonly min: number; readonly max: number }[];
  readonly cabins: ReadonlySet<Cabin>;
  /** Counts of bags ("3 checked bags", "two bags", "no bags" = 0). */
  readonly bagCounts: readonly number[];
  /**
   * Counts of bags stated per passenger ("one checked bag each", "2 bags per person", "una maleta
   * cada uno", "每人一件行李"), not as an allowance ("1 free checked bag per passenger" is what the
   * fare includes, not how many to carry). Also in `bagCounts`.
   */
  readonly bagCountsEach: readonly number[];
  /** Counts of passengers ("2 passengers", "for three people"). */
  readonly passengerCounts: readonly number[];
  /** Payment method ids (`credit_card_4421486`, `gift_card_…`, `certificate_…`). */
  readonly paymentIds: ReadonlySet<string>;
  /** Last digits of cards ("ending in 7447", "last four 7447", "****7447"). */
  readonly cardDigits: ReadonlySet<string>;
  /** Kinds of payment named in words ("your gift card", "a Visa", "certificate"). */
  readonly paymentKinds: ReadonlySet<PaymentKind>;
  /** Explicit insurance choices ("with travel insurance" = yes, "no insurance" = no). */
  readonly insurance: ReadonlySet<"yes" | "no">;
}

/** Counts in a request: the shared cardinals, plus "no bags", "a bag", "both passengers", "un", Chinese numerals. */
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  no: 0,
  zero: 0,
  none: 0,
  a: 1,
  an: 1,
  both: 2,
  un: 1,
  ...CARDINAL_WORDS,
  一: 1,
  两: 2,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
};
const COUNT = `(\\d{1,2}|${Object.keys(NUMBER_WORDS).join("|")})`;

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
function validDay(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}
function dateKey(year: number | undefined, month: number, day: number): string | undefined {
  if (!validDay(month, day)) return undefined;
  return `${year === undefined ? "-" : String(year)}-${pad(month)}-${pad(day)}`;
}
function fullYear(y: string | undefined): number | undefined {
  if (y === undefined) return undefined;
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

function extractDates(text: string): Set<string> {
  const out = new Set<string>();
  const add = (k: string | undefined) => k && out.add(k);
  const t = text.toLowerCase();
  // ISO and year-first: 2024-05-24, 2024/5/24
  for (const m of t.matchAll(/(?<![\d])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?![\d])/g)) add(dateKey(Number(m[1]), Number(m[2]), Number(m[3])));
  // month name first: May 24, May 24th, 2024; Mon, May 24; sept. 3
  for (const m of t.matchAll(new RegExp(`\\b(${MONTH_ALTERNATION})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`, "g")))
    add(dateKey(fullYear(m[3]), MONTH_NUMBER.get(m[1]!)!, Number(m[2])));
  // day first: 24 May, 24th of May 2024, 24 de mayo de 2024
  for (const m of t.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+|de\\s+)?(${MONTH_ALTERNATION})\\b\\.?(?:,?\\s+(?:de\\s+)?(\\d{4}))?`, "g")))
    add(dateKey(fullYear(m[3]), MONTH_NUMBER.get(m[2]!)!, Number(m[1])));
  // numeric: 5/24, 05/24/2024, 24/05/2024 (day first only when the first number cannot be a month)
  for (const m of t.matchAll(/(?<![\d/.-])(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?![\d/])/g)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    add(a > 12 ? dateKey(fullYear(m[3]), b, a) : dateKey(fullYear(m[3]), a, b));
  }
  // Chinese: 2024年5月24日, 5月24日
  for (const m of text.matchAll(/(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号]/g)) add(dateKey(fullYear(m[1]), Number(m[2]), Number(m[3])));
  return out;
}

const CURRENCY_BEFORE = /(?:US\$|\$|USD\s?|€|EUR\s?)/.source;
const NUMBER = /(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)/.source;
const CURRENCY_AFTER = /\s?(?:(?:USD|dollars?|d[oó]lares|EUR|euros?)\b|美元|元)/.source;

function money(s: string): number {
  return Number(s.replace(/,/g, ""));
}

function extractAmounts(text: string): { amounts: number[]; ranges: { min: number; max: number }[] } {
  const amounts: number[] = [];
  const ranges: { min: number; max: number }[] = [];
  for (const m of text.matchAll(new RegExp(`${CURRENCY_BEFORE}\\s?${NUMBER}(?![\\d])`, "gi"))) amounts.push(money(m[1]!));
  for (const m of text.matchAll(new RegExp(`(?<![\\d$.,])${NUMBER}${CURRENCY_AFTER}`, "gi"))) amounts.push(money(m[1]!));
  const range = new RegExp(
    `between\\s+${CURRENCY_BEFORE}\\s?${NUMBER}\\s+and\\s+(?:${CURRENCY_BEFORE})?\\s?${NUMBER}(?![\\d])|${CURRENCY_BEFORE}\\s?${NUMBER}\\s*(?:-|–|—|to)\\s*(?:${CURRENCY_BEFORE})?\\s?${NUMBER}(?![\\d])`,
    "gi",
  );
  for (const m of text.matchAll(range)) {
    const a = money((m[1] ?? m[3])!);
    const b = money((m[2] ?? m[4])!);
    if (b > a) {
      ranges.push({ min: a, max: b });
      if (!amounts.includes(b)) amounts.push(b);
    }
  }
  return { amounts, ranges };
}

// "business" names a cabin unless it is a business day, meeting, trip, ...
const NOT_CABIN_AFTER_BUSINESS =
  "(?!\\s+(?:days?|hours?|meetings?|trips?|travel(?:ers?|lers?)?|purposes?|needs?|matters?|reasons?|partners?|emails?|address|owners?|cards?|accounts?))";
/**
 * How each cabin is named (EN, ES with or without accents, ZH): what the request-detail reader and
 * the reply reader (`reply-values.ts`, which compares a reply's cabin with the request's) both read.
 * @internal
 */
export const CABINS: readonly (readonly [Cabin, RegExp])[] = [
  // "business class", "economy class": the cabin's own noun is part of the value
  ["basic_economy", /\bbasic[\s_-]+economy(?:\s+class)?\b|\bb[aá]sica\b|基本经济舱/gi],
  ["economy", /(?<!\bbasic[\s_-]+)(?<!\bpremium[\s_-]+)\beconomy(?:\s+class)?\b|\bclase\s+(?:turista|econ[oó]mica)\b|(?<!基本)经济舱/gi],
  ["business", new RegExp(`\\bbusiness(?:\\s+class)?\\b${NOT_CABIN_AFTER_BUSINESS}|\\bclase\\s+(?:ejecutiva|business)\\b|商务舱`, "gi")],
];

const NEGATION = /\b(?:not|no|never|cannot|without|isn'?t|aren'?t|wasn'?t|don'?t|doesn'?t|won'?t|can'?t)\b|n't\b|\bno es\b|不是/i;

function countOf(word: string): number | undefined {
  return /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()];
}

function extractCounts(text: string, nouns: string): number[] {
  const out: number[] = [];
  // a count, up to two words, then the noun: "3 checked bags", "two more bags", "1 free checked bag"
  // (not the day of a date before a list item: "on 2024-05-17\n- Passenger: Ivan Smith", "5/17 - passengers")
  for (const m of text.matchAll(new RegExp(`(?<![\\w$.]|\\d[-/])${COUNT}\\s+(?:[a-z][a-z-]*\\s+){0,2}?(?:${nouns})\\b`, "gi"))) {
    const n = countOf(m[1]!);
    if (n !== undefined) out.push(n);
  }
  // the noun with a count after it: "Bags: 2", "Passengers (2 total)", "Number of Passengers: 2", "Total Baggages: 3"
  // (on the same line: "Passengers:\n 1. Sophia" is a numbered list, not a count)
  for (const m of text.matchAll(new RegExp(`(?:${nouns})\\*{0,2}[ \\t]*(?::|\\()[ \\t]*\\*{0,2}[ \\t]*${COUNT}\\b(?!\\.\\s)`, "gi"))) {
    const n = countOf(m[1]!);
    if (n !== undefined) out.push(n);
  }
  // Chinese, a measure word and no spaces: "1件托运行李", "两件免费行李", "两位乘客"
  for (const m of text.matchAll(new RegExp(`(?<![\\d.])${COUNT}\\s*[件个位名]\\p{Script=Han}{0,4}?(?:${nouns})`, "gu"))) {
    const n = countOf(m[1]!);
    if (n !== undefined) out.push(n);
  }
  return out;
}

const BAG_NOUNS = "bags?|baggages?|luggage|suitcases?|maletas?|行李";

/** "one checked bag each", "2 bags per person", "una maleta cada uno / por persona", "每人一件行李", "各一件". */
function extractCountsEach(text: string): number[] {
  const out: number[] = [];
  const EACH =
    "(?:each|apiece|per\\s+(?:passenger|person|travell?er|head)|for\\s+each\\s+(?:of\\s+us|passenger|person|travell?er)|cada\\s+uno|cada\\s+una|por\\s+(?:persona|pasajero|cabeza))";
  for (const sentence of text.split(/(?<=[.!?;。！？；])\s+|\n+/)) {
    // an allowance ("1 free checked bag per passenger", "entitled to two bags each") is not a choice
    if (ALLOWANCE.test(sentence)) continue;
    for (const m of sentence.matchAll(new RegExp(`(?<![\\w$.])${COUNT}\\s+(?:[a-z-]+\\s+){0,2}?(?:${BAG_NOUNS})\\b[ \\t,]*${EACH}\\b`, "gi"))) {
      const n = countOf(m[1]!);
      if (n !== undefined) out.push(n);
    }
    for (const m of sentence.matchAll(new RegExp(`(?:每人|每位(?:乘客)?|各)${COUNT}件`, "g"))) {
      const n = countOf(m[1]!);
      if (n !== undefined) out.push(n);
    }
  }
  return out;
}
const ALLOWANCE = /\b(?:free|complimentary|included|includes|allowance|entitled|allowed|gratis|gratuitas?|incluidas?)\b|免费|额度/i;
const PASSENGER_NOUNS = "passengers?|travell?ers?|people|persons|adults|pasajeros?|乘客|人";

const KINDS: readonly (readonly [PaymentKind, RegExp])[] = [
  ["gift_card", /\bgift[\s_-]?cards?\b|tarjeta de regalo|礼品卡/gi],
  ["certificate", /\b(?:travel\s+)?certificates?\b|\bvouchers?\b|\bcertificados?\b|代金券/gi],
  ["credit_card", new RegExp(`\\bcredit[\\s_-]?cards?\\b|\\b(?:${ALL_BRANDS_LATIN})\\b|tarjeta de cr[eé]dito|信用卡`, "gi")],
];

const INSURANCE = "(?:(?:any|the|travel|trip)\\s+)*insurance\\b";
const INSURANCE_VERB = "(?:want|need|wish|like)(?:\\s+to\\s+(?:add|purchase|buy|get|include|have))?|add|include|purchase|buy|get";
// Spanish: "sin seguro", "sin el seguro de viaje", "no quiere / no incluye / rechaza el seguro", a label "Seguro de viaje: no incluido"
// (not "no estoy seguro", "I'm not sure"); English labels also in a table row ("| Travel insurance | Not included |")
const INSURANCE_NO_ES =
  "\\bsin\\s+(?:el\\s+|ning[uú]n\\s+)?seguro\\b|\\bno\\s+(?:quiere|quiero|quieres|desea|deseo|deseas|necesita|necesito|incluye|incluir|incluimos|a[nñ]adir|a[nñ]adimos|agregar|contratar|contrata|comprar|compra|compro)\\s+(?:el\\s+|un\\s+|ning[uú]n\\s+)?seguro\\b|\\brechaz\\S*\\s+(?:el\\s+)?seguro\\b|\\bseguro(?:\\s+de\\s+viaje)?\\**\\s*[:|]\\s*\\**\\s*(?:no\\b|ninguno\\b|rechazado\\b)";
// Chinese: a negation (不, 无, 没有, 未, 拒绝), an optional verb of buying or including, then 保险: "不购买保险", "不加保险", "无保险", "不含旅行保险"
const INSURANCE_NO_ZH = "(?:不|无|没有|未|拒绝)(?:需要|需|要|想)?(?:购买|购|买|加购|添加|附加|加|投|包含|含|包括)?(?:旅行|旅游|航空)?保险";
const INSURANCE_NO = new RegExp(
  `\\b(?:no|without|declin(?:e|es|ed|ing)|skip(?:ped|ping)?)\\s+${INSURANCE}|\\b(?:do(?:es)?\\s+not|don'?t|doesn'?t|won'?t|not)\\s+(?:${INSURANCE_VERB})(?:ing)?\\s+${INSURANCE}|\\binsurance\\**\\s*[:|]?\\s*\\**\\s*(?:no|none|not included|not purchased|declined)\\b|${INSURANCE_NO_ES}|${INSURANCE_NO_ZH}`,
  "i",
);
const INSURANCE_YES = new RegExp(
  `\\b(?:with|add(?:s|ing|ed)?|includ(?:e|es|ing|ed)|purchas(?:e|es|ed|ing)|buy(?:ing)?)\\s+${INSURANCE}|\\binsurance\\**\\s*[:|]?\\s*\\**\\s*(?:yes|included|added)\\b|\\bcon\\s+(?:el\\s+)?seguro\\b|(?:要|买|购买|加购|添加|附加|加|投|包含|含)(?:旅行|旅游|航空)?保险`,
  "i",
);

/**
 * Extracts the values a text names. Deterministic; never throws.
 *
 * @example
 * ```ts
 * const v = extractDescribedValues("Change HAT110 on May 24 to economy; the $45 difference goes on your Visa ending in 7447.");
 * [...v.flightNumbers]; // ["HAT110"]
 * [...v.dates];         // ["--05-24"]
 * v.amounts;            // [45]
 * [...v.cabins];        // ["economy"]
 * [...v.cardDigits];    // ["7447"]
 * ```
 * @param text The agent's words (a confirmation request), or any prose.
 * @returns The values, by family.
 */
export function extractDescribedValues(text: string): DescribedValues {
  const s = typeof text === "string" ? text : "";
  const codes = new Set<string>();
  const flightNumbers = new Set<string>();
  for (const m of s.matchAll(/\b[A-Z0-9]{5,8}\b/g)) {
    const tok = m[0];
    if (/\d/.test(tok) && /[A-Z]/.test(tok)) codes.add(tok);
    else if (/^[A-Z]{6}$/.test(tok)) codes.add(tok);
    if (/^[A-Z]{2,3}\d{2,4}$/.test(tok)) flightNumbers.add(tok);
  }
  const { amounts, ranges } = extractAmounts(s);
  const cabins = new Set<Cabin>();
  for (const [cabin, re] of CABINS) {
    // "it's not basic economy" does not describe basic economy
    for (const m of s.matchAll(new RegExp(re.source, re.flags))) {
      const before =
        s
          .slice(Math.max(0, m.index - 40), m.index)
          .split(/[.!?;:\n]/)
          .pop() ?? "";
      if (!NEGATION.test(before)) {
        cabins.add(cabin);
        break;
      }
    }
  }
  const paymentIds = new Set([...s.matchAll(new RegExp(`\\b(?:${METHOD_ID_PREFIXES})_\\d+\\b`, "gi"))].map((m) => m[0].toLowerCase()));
  const cardDigits = new Set<string>();
  for (const m of s.matchAll(
    /(?:ending\s+(?:in|with)|ends\s+(?:in|with)|last\s+(?:four|4)(?:\s+digits)?(?:\s+(?:of|are|is))?[\s:]*|terminada\s+en|尾号|[*x•]{2,}\s?)\s*(\d{4})\b/gi,
  ))
    cardDigits.add(m[1]!);
  for (const m of s.matchAll(/\b(\d{4})\s+(?:card|visa|mastercard|credit card)\b/gi)) cardDigits.add(m[1]!);
  const paymentKinds = new Set<PaymentKind>();
  for (const [kind, re] of KINDS)
    if (new RegExp(re.source, re.flags).test(s.replace(/\b(?:credit_card|gift_card|certificate)_\d+\b/gi, " "))) paymentKinds.add(kind);
  for (const id of paymentIds) {
    const kind = /^(credit_card|gift_card|certificate)_/.exec(id)?.[1] as PaymentKind | undefined;
    if (kind) paymentKinds.add(kind);
  }
  const insurance = new Set<"yes" | "no">();
  // statements only: "Would you like to add travel insurance?" chooses nothing
  for (const sentence of s.split(/(?<=[.!?])\s+|(?<=[。！？])\s*|\n+/)) {
    // questions and conditions ("add insurance (if confirmed)") choose nothing
    if (/[?？]\s*$/.test(sentence.trim()) || /\b(?:if|unless|whether|would you)\b|\bsi\b|如果/i.test(sentence)) continue;
    if (INSURANCE_NO.test(sentence)) insurance.add("no");
    else if (INSURANCE_YES.test(sentence)) insurance.add("yes");
  }
  return {
    codes,
    flightNumbers,
    dates: extractDates(s),
    amounts,
    amountRanges: ranges,
    cabins,
    bagCounts: extractCounts(s, BAG_NOUNS),
    bagCountsEach: extractCountsEach(s),
    passengerCounts: extractCounts(s, PASSENGER_NOUNS),
    paymentIds,
    cardDigits,
    paymentKinds,
    insurance,
  };
}

/** Whether a described date (ISO, or `--MM-DD` without a year) is the ISO date `iso`. */
export function sameDate(described: string, iso: string): boolean {
  return described === iso || (described.startsWith("--") && iso.slice(4) === described.slice(1));
}

/** Whether a money amount equals `amount` to the cent. */
export function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005;
}
