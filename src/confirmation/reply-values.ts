/**
 * The specific values a text names (amounts and counts, dates, days, times, ids, card digits),
 * in a canonical form, so that the judge can tell a reply that repeats the request's details
 * from one that brings a detail of its own ("yes, but on May 25", "refund $500, not $430",
 * "make it three bags", "use my card ending 4421").
 * @internal
 */
import { MONTH_ALTERNATION, MONTH_NUMBER } from "./month-names.js";
import { CARDINAL_WORDS } from "./number-words.js";

const NUMBER_WORDS = CARDINAL_WORDS;
const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  primer: 1,
  primera: 1,
  segund: 2,
  segunda: 2,
  tercer: 3,
  tercera: 3,
};
const ZH_DIGITS: Readonly<Record<string, number>> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
/** Nouns that make a number word a count ("three bags", "dos maletas", "两件"). */
const COUNTED =
  "(?:bags?|suitcases?|luggage|passengers?|people|persons?|travell?ers?|adults?|children|kids?|tickets?|seats?|nights?|days?|weeks?|hours?|certificates?|cards?|flights?|legs?|segments?|maletas?|pasajeros?|personas?|billetes?|asientos?|dias?|noches?|semanas?|horas?)";

const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miercoles|jueves|viernes|sabado|domingo";
const RELATIVE_DAYS =
  "today|tonight|tomorrow|yesterday|next week|this week|last week|next month|last month|this weekend|next weekend|hoy|manana|pasado manana|ayer|la semana que viene|la proxima semana|la semana pasada";
const ZH_DAYS = "今天|明天|后天|昨天|下周|这周|本周|下个月|周[一二三四五六日天]|星期[一二三四五六日天]";

/** A canonical value and where it was found. */
export interface NamedValue {
  /** Canonical form: `n:430`, `d:5-24`, `w:friday`, `id:q69x3r`. */
  readonly key: string;
  /** The text as written. */
  readonly text: string;
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
  /** `shown`: which group is the value's own text (a count's number, not the noun it counts). */
  const take = (re: RegExp, f: (m: RegExpExecArray) => string[] | undefined, shown = 0) => {
    t = t.replace(re, (...args) => {
      const m = args as unknown as RegExpExecArray;
      const keys = f(m);
      if (keys === undefined) return m[0];
      for (const key of keys) out.push({ key, text: (m[shown] ?? m[0]).trim() });
      return shown === 0 ? " " : m[0].replace(m[shown]!, " ");
    });
  };
  // ids: gift_card_7773485, certificate_8045380, credit_card_4421486 (and their digits, as said aloud: "card 7773485")
  take(/(?<![\p{L}\p{N}])([a-z]+(?:_[a-z]+)*)_(\d{3,})(?![\p{L}\p{N}])/gu, (m) => [`id:${m[1]}_${m[2]}`, `n:${Number(m[2])}`, `n:${Number(m[2]!.slice(-4))}`]);
  // ISO dates
  take(/(?<!\d)(20\d\d)-(\d\d)-(\d\d)(?!\d)/g, (m) => [`d:${Number(m[2])}-${Number(m[3])}`, `n:${Number(m[1])}`]);
  // "May 24", "May 24th", "24 May", "24 de mayo", "May 24, 2024"
  take(new RegExp(`(?<![\\p{L}])(${MONTH_ALTERNATION})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)(?:,?\\s+(20\\d\\d))?`, "gu"), (m) => [
    `d:${MONTH_NUMBER.get(m[1]!)}-${Number(m[2])}`,
    ...(m[3] ? [`n:${Number(m[3])}`] : []),
  ]);
  take(new RegExp(`(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:de\\s+|of\\s+)?(${MONTH_ALTERNATION})(?![\\p{L}])(?:,?\\s+(?:de\\s+)?(20\\d\\d))?`, "gu"), (m) => [
    `d:${MONTH_NUMBER.get(m[2]!)}-${Number(m[1])}`,
    ...(m[3] ? [`n:${Number(m[3])}`] : []),
  ]);
  take(/(\d{1,2})月(\d{1,2})[日号]?/gu, (m) => [`d:${Number(m[1])}-${Number(m[2])}`]);
  // "the 25th", "on the 19th": a day of the month
  take(
    /(?<![\p{L}\p{N}])(\d{1,2})(?:st|nd|rd|th)(?![\p{L}\p{N}])(?!\s+(?:option|one|leg|flight|passenger|segment|choice|reservation|bag|card|gift card|certificate))/gu,
    (m) => [`day:${Number(m[1])}`],
  );
  // weekdays and relative days
  take(new RegExp(`(?<![\\p{L}])(${WEEKDAYS}|${RELATIVE_DAYS})(?![\\p{L}])`, "gu"), (m) => [`w:${m[1]}`]);
  take(new RegExp(`(${ZH_DAYS})`, "gu"), (m) => [`w:${m[1]}`]);
  // times: 8am, 8 a.m., 11:00, 23:00
  take(/(?<![\p{L}\p{N}])(\d{1,2})(?::(\d\d))?\s*(a\.?m\.?|p\.?m\.?)(?![\p{L}])/gu, (m) => [
    `t:${(Number(m[1]) % 12) + (/p/.test(m[3]!) ? 12 : 0)}:${m[2] ?? "00"}`,
    `n:${Number(m[1])}`,
  ]);
  take(/(?<![\p{N}])(\d{1,2}):(\d\d)(?![\p{N}])/gu, (m) => [`t:${Number(m[1])}:${m[2]}`, `n:${Number(m[1])}`]);
  // "the second option" and "Option 2" (or a list's "2.") name the same choice
  take(/(?<![\p{L}])(first|second|third|fourth|fifth|primera?|segunda?|tercera?)\s+(?:option|one|choice|flight|opcion)(?![\p{L}])/gu, (m) => [
    `k:option:${ORDINALS[m[1]!]}`,
  ]);
  // a label after a noun that takes one: "size S", "option B", "gate 12", "row 7", "group A"
  take(/(?<![\p{L}])(size|option|seat|gate|row|terminal|zone|group|tier|plan|talla|opcion|asiento|puerta)\s+([a-z]{1,3}|\d{1,3})(?![\p{L}\p{N}])/gu, (m) => [
    `k:${m[1]}:${m[2]}`,
  ]);
  // codes with letters and digits: Q69X3R, HAT110, 3RK2T9, B-1001 (not ordinals, not 2nd)
  take(/(?<![\p{L}\p{N}])((?=[a-z-]*\d)(?=[\d-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*)(?![\p{L}\p{N}])/gu, (m) =>
    /^\d+(?:st|nd|rd|th|am|pm|h|k|x)$/.test(m[1]!) ? undefined : [`id:${m[1]}`],
  );
  // amounts and counts: $1,200, 430 $, 1.200,50, 207 (also "ending in 9990")
  take(/[$€£¥]?\s?(?<![a-z\d.,])\d+(?:[.,]\d+)*(?![a-z\d])\s?[$€£¥]?/gu, (m) => {
    const n = parseNumber(m[0]);
    return n === undefined ? undefined : [`n:${n}`];
  });
  take(/(\d+)\s*(?:美元|元|块|件|个|位|张|天|晚|小时)/gu, (m) => [`n:${Number(m[1])}`]);
  take(
    new RegExp(
      `(?<![\\p{L}])(${Object.keys(NUMBER_WORDS).join("|")})\\s+(?:(?:more|extra|additional|checked|free|non-free|more checked|mas|adicionales?|extra)\\s+)?${COUNTED}(?![\\p{L}])`,
      "gu",
    ),
    (m) => [`n:${NUMBER_WORDS[m[1]!]}`],
    1,
  );
  take(/([一二两三四五六七八九十])\s*(?:件|个|位|张|天|晚|名|间|次)/gu, (m) => [`n:${ZH_DIGITS[m[1]!]}`]);
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
  // a date also names its day of the month ("the 24th" for May 24); "both" is two of anything
  for (const k of [...known]) {
    const d = /^d:\d+-(\d+)$/.exec(k);
    if (d) known.add(`day:${d[1]}`);
  }
  return known;
}

/**
 * The values a clause names that the request did not: a detail the user brings (`[]` when
 * the clause only repeats the request's values).
 */
export function newValues(clause: string, known: ReadonlySet<string>): NamedValue[] {
  return namedValues(clause).filter((v) => !known.has(v.key));
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
