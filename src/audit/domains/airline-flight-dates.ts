/**
 * The date a description gives to a flight: "HAT300 on May 20", "HAT300 (May 20)", "HAT300, 2024-05-20",
 * "HAT300 departing May 20", "el vuelo HAT300 del 20 de mayo", "HAT300（5月20日）", "HAT300 航班，5月20日". Flights and dates are otherwise read as
 * two sets, so a round trip described as "HAT300 on May 20 and HAT301 on May 27" and written with the
 * two dates swapped matched both sets; the date written for a flight must be the one given to it, when
 * the text gives one right after its number.
 * @internal
 */
import { extractDescribedValues, sameDate } from "../../confirmation/described-values.js";
import type { ActionDetail } from "../audit-domain.js";
import { idForms } from "../value-forms.js";

/** What may stand between a flight number and its date (full-width brackets and commas in Chinese). */
const CONNECTOR = /^\s*(?:航班\s*)?(?:[(,:–—（，：-]\s*)?(?:(?:on|departing(?:\s+on)?|leaving(?:\s+on)?|el|del|de)\s+)?/iu;
/** A date starts here: digits, or an English month name and a day. */
const DATE_START = /^(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)/iu;
/** Where the date given to a flight ends: a clause break or the next item. */
const DATE_END = /[;()（）；，、。]|,\s+(?!\d{4})|\s(?:and|y|or|o|to|a)\s|\.\s|和|或/iu;

/** The dates `t` gives to `flight` right after its number (several when it is named several times). @internal */
export function datesGivenTo(flight: string, t: string): string[] {
  const out: string[] = [];
  for (const re of idForms(flight))
    for (const m of t.matchAll(new RegExp(re.source, "giu"))) {
      const rest = t.slice(m.index! + m[0].length, m.index! + m[0].length + 60);
      const head = rest.slice(CONNECTOR.exec(rest)![0].length);
      if (!DATE_START.test(head)) continue;
      const cut = DATE_END.exec(head);
      out.push(...extractDescribedValues(cut ? head.slice(0, cut.index) : head).dates);
    }
  return out;
}

/**
 * A `request` detail: the request (with the reply) gives `flight` no date other than `date`.
 * @internal
 */
export function flightDateDetail(flight: string, date: string): ActionDetail {
  return {
    label: `flight ${flight} on ${date}`,
    scope: "request",
    field: "date",
    executed: `${flight} on ${date}`,
    test: (t) => {
      const given = datesGivenTo(flight, t);
      return given.length === 0 || given.some((d) => sameDate(d, date));
    },
    described: (t) => datesGivenTo(flight, t).map((d) => `${flight} on ${d}`),
  };
}
