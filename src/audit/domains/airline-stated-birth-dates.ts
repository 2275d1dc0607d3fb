/**
 * Birth dates a description ties to a traveller of a booking. A booking takes the birth dates as the
 * user gave them and need not repeat them; but a request that states one for a traveller ("Noah Li
 * (born 1992-01-10)", "Noah Li, fecha de nacimiento 10/01/1992", "Noah Li，出生日期 1992-01-10") has told the
 * user which date will be written, and a booking with another date is not what the yes covered. And a
 * traveller with the user's own name but a birth date other than the one on file is not the user on
 * file: that date is a detail to describe.
 * @internal
 */
import { extractDescribedValues, sameDate } from "../../confirmation/described-values.js";
import type { ActionDetail } from "../audit-domain.js";
import { nameForms } from "../value-forms.js";
import { str, type AirlineKnowledge } from "./airline-knowledge.js";

/** A word saying that the date beside it is a birth date. */
const BIRTH_CUE = /\b(?:born|birth|d\.?o\.?b\.?|birthday)\b|nacid[oa]|nacimiento|出生|生日/i;

/** How far after a traveller's name the text still speaks of that traveller (up to the next traveller's name). */
const WINDOW = 80;

/**
 * The stretches of `text` that follow a mention of `names` (a traveller's first name), each cut
 * at the first mention of another traveller's name, at most {@link WINDOW} characters long.
 */
function windowsAfter(names: readonly string[], others: readonly string[], text: string): string[] {
  const out: string[] = [];
  for (const re of names.flatMap((n) => nameForms(n)))
    for (const m of text.matchAll(new RegExp(re.source, "giu"))) {
      let w = text.slice(m.index + m[0].length, m.index + m[0].length + WINDOW);
      for (const o of others.flatMap((n) => nameForms(n))) {
        const hit = new RegExp(o.source, "iu").exec(w);
        if (hit) w = w.slice(0, hit.index);
      }
      out.push(w);
    }
  return out;
}

/**
 * One `request` detail per traveller of a booking whose birth date is written: the request (with the
 * reply) must not tie another birth date to that traveller's name. Passes when no stretch after the
 * traveller's name carries a birth-date word with a date.
 * @param passengers The booking's travellers, as written.
 * @internal
 */
export function statedBirthDateDetails(passengers: readonly Record<string, unknown>[]): ActionDetail[] {
  const out: ActionDetail[] = [];
  for (const p of passengers) {
    const dob = str(p["dob"]);
    // a traveller is spoken of from their first name on (a last name may be shared: "Mia Li and Noah Li (born …)")
    const first = str(p["first_name"]);
    const names = first ? [first] : [];
    if (!dob || names.length === 0) continue;
    // another traveller's first name ends this one's stretch
    const others = passengers
      .filter((q) => q !== p)
      .map((q) => str(q["first_name"]))
      .filter((n): n is string => n !== undefined && n !== "" && !names.includes(n));
    const stated = (t: string) =>
      windowsAfter(names, others, t)
        .filter((w) => BIRTH_CUE.test(w))
        .flatMap((w) => [...extractDescribedValues(w).dates]);
    out.push({
      label: `date of birth ${dob} of ${first} ${str(p["last_name"]) ?? ""}`.trim(),
      scope: "request",
      field: "passenger",
      executed: dob,
      test: (t) => {
        const dates = stated(t);
        return dates.length === 0 || dates.some((d) => sameDate(d, dob));
      },
      described: (t) => stated(t),
    });
  }
  return out;
}

/**
 * Whether a traveller carries the user's name on file with a birth date other than the one on file: not
 * the user on file, so the birth date written must have been described.
 * @internal
 */
export function userNameOtherBirthDate(k: AirlineKnowledge): (passenger: Record<string, unknown>) => boolean {
  return (p) =>
    k.profile !== undefined &&
    str(p["first_name"]) === k.profile.firstName &&
    str(p["last_name"]) === k.profile.lastName &&
    str(p["dob"]) !== undefined &&
    str(p["dob"]) !== k.profile.dob;
}
