/**
 * Number words: the cardinals both the reply reader (`reply-values.ts`) and the request-detail
 * reader (`described-values.ts`) count with, and the one reading of a number said in words
 * ("three hundred fifty", "twenty-five", "trescientos cincuenta", "ciento veinte", "三百五十") that
 * the reply reader uses for amounts ("three hundred bucks" is `$300`).
 * @internal
 */

/**
 * Cardinal number words (English one to twelve, "single", Spanish uno to diez) and their values.
 * Each reader adds the words only it reads ("a", "both", Chinese numerals in a request's counts).
 */
export const CARDINAL_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  single: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
};

/**
 * Ordinal words that pick one of several ("the second option", "la segunda", "el primero") and their values: English first to
 * fifth, Spanish primer(o/a) to tercer(o/a) and the stem "segund". (Day ordinals, "the 15th", are `DAY_ORDINALS`.)
 */
export const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  primer: 1,
  primero: 1,
  primera: 1,
  segund: 2,
  segundo: 2,
  segunda: 2,
  tercer: 3,
  tercero: 3,
  tercera: 3,
};

/** Words that add their value (units, teens, tens; Spanish hundreds, which are words of their own). */
const ADDITIVE: Readonly<Record<string, number>> = {
  ...CARDINAL_WORDS,
  zero: 0,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  un: 1,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiuno: 21,
  veintiun: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
  cien: 100,
  ciento: 100,
  doscientos: 200,
  doscientas: 200,
  trescientos: 300,
  trescientas: 300,
  cuatrocientos: 400,
  cuatrocientas: 400,
  quinientos: 500,
  quinientas: 500,
  seiscientos: 600,
  seiscientas: 600,
  setecientos: 700,
  setecientas: 700,
  ochocientos: 800,
  ochocientas: 800,
  novecientos: 900,
  novecientas: 900,
};
/** Words that multiply what came before them ("three hundred"); "mil" and "thousand" close a group. */
const HUNDRED = new Set(["hundred"]);
const THOUSAND = new Set(["thousand", "mil"]);

/**
 * A regular-expression source matching a number said in words (lower case, accents removed), such
 * as "three hundred and fifty", "twenty-five", "trescientos cincuenta", "mil doscientos".
 */
export const NUMBER_PHRASE: string = (() => {
  const word = `(?:${[...Object.keys(ADDITIVE), ...HUNDRED, ...THOUSAND].sort((a, b) => b.length - a.length).join("|")})`;
  return `${word}(?:(?:[\\s-]+(?:and|y)[\\s-]+|[\\s-]+)${word})*`;
})();

/**
 * The value of a number said in words (lower case, accents removed), or `undefined` when a word is
 * not a number word.
 *
 * @example
 * ```ts
 * numberFromWords("three hundred fifty"); // 350
 * numberFromWords("trescientos cincuenta"); // 350
 * numberFromWords("twenty-five"); // 25
 * ```
 * @param phrase The words.
 */
export function numberFromWords(phrase: string): number | undefined {
  let total = 0;
  let group = 0;
  for (const w of phrase.split(/[\s-]+/u).filter((x) => x !== "" && x !== "and" && x !== "y")) {
    if (HUNDRED.has(w)) group = (group === 0 ? 1 : group) * 100;
    else if (THOUSAND.has(w)) {
      total += (group === 0 ? 1 : group) * 1000;
      group = 0;
    } else if (ADDITIVE[w] !== undefined) group += ADDITIVE[w]!;
    else return undefined;
  }
  return total + group;
}

const ZH_DIGIT: Readonly<Record<string, number>> = { 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const ZH_UNIT: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };

/** A regular-expression source matching a Chinese number in characters ("三百", "一百五十", "十五"). */
export const ZH_NUMBER_PHRASE = "[零一二两三四五六七八九十百千]+";

/**
 * The value of a Chinese number written in characters, or `undefined`.
 *
 * @example
 * ```ts
 * numberFromChinese("三百五十"); // 350
 * numberFromChinese("十五"); // 15
 * ```
 * @param text The characters.
 */
export function numberFromChinese(text: string): number | undefined {
  let total = 0;
  let digit: number | undefined;
  for (const c of text) {
    if (ZH_DIGIT[c] !== undefined) digit = ZH_DIGIT[c];
    else if (ZH_UNIT[c] !== undefined) {
      total += (digit ?? 1) * ZH_UNIT[c]!;
      digit = undefined;
    } else return undefined;
  }
  return total + (digit ?? 0);
}

const ORDINAL_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"];
const ORDINAL_TEENS = ["tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"];

/** English ordinal words of the days of a month ("second", "twenty-first", "thirty first") and their numbers. */
export const DAY_ORDINALS: ReadonlyMap<string, number> = new Map([
  ...ORDINAL_UNITS.map((w, i) => [w, i + 1] as const),
  ...ORDINAL_TEENS.map((w, i) => [w, i + 10] as const),
  ["twentieth", 20],
  ...ORDINAL_UNITS.map((w, i) => [`twenty-${w}`, 21 + i] as const),
  ...ORDINAL_UNITS.map((w, i) => [`twenty ${w}`, 21 + i] as const),
  ["thirtieth", 30],
  ["thirty-first", 31],
  ["thirty first", 31],
]);

/** A regular-expression alternation of `DAY_ORDINALS`, longest first. */
export const DAY_ORDINAL_ALTERNATION: string = [...DAY_ORDINALS.keys()].sort((a, b) => b.length - a.length).join("|");
