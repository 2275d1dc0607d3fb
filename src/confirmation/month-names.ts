/**
 * Month names (English and Spanish, full and abbreviated) and their numbers: what both the
 * reply reader (`reply-values.ts`) and the request-detail reader (`described-values.ts`) need to
 * read dates written in words.
 * @internal
 */
const MONTHS: readonly (readonly string[])[] = [
  ["january", "jan", "enero", "ene"],
  ["february", "feb", "febrero"],
  ["march", "mar", "marzo"],
  ["april", "apr", "abril", "abr"],
  ["may", "mayo"],
  ["june", "jun", "junio"],
  ["july", "jul", "julio"],
  ["august", "aug", "agosto", "ago"],
  ["september", "sep", "sept", "septiembre", "setiembre"],
  ["october", "oct", "octubre"],
  ["november", "nov", "noviembre"],
  ["december", "dec", "diciembre", "dic"],
];

/** Lower-case month name → month number (1–12). */
export const MONTH_NUMBER: ReadonlyMap<string, number> = new Map(MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));

/** A regular-expression alternation of the month names, longest first (so "june" wins over "jun"). */
export const MONTH_ALTERNATION: string = [...MONTH_NUMBER.keys()].sort((a, b) => b.length - a.length).join("|");
