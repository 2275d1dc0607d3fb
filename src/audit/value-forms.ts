/**
 * The ways an agent may write an identifier, an amount or a name in prose, as regular expressions
 * (case-insensitive): whether a call's exact value appears in the agent's description. Dates,
 * cabins and counts are read by `extractDescribedValues` (src/confirmation/described-values.ts).
 */

import { escapeRegExp } from "../util/escape-regexp.js";
import { MONTH_ALTERNATION } from "../confirmation/month-names.js";

/** A token that is not part of a longer word or number. */
function token(body: string): RegExp {
  return new RegExp(`(?<![A-Za-z0-9_])${body}(?![A-Za-z0-9_])`, "i");
}

/** An identifier (reservation id, user id, flight number): the exact token. */
export function idForms(id: string): RegExp[] {
  return [token(escapeRegExp(id))];
}

/** A money amount: `50`, `$50`, `50.00`, `1,250`. */
export function amountForms(amount: number): RegExp[] {
  if (!Number.isFinite(amount)) return [];
  const abs = Math.abs(amount);
  const whole = Number.isInteger(abs) ? String(abs) : abs.toFixed(2);
  const withCommas = Number.isInteger(abs) ? abs.toLocaleString("en-US") : abs.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const bodies = new Set([escapeRegExp(whole), escapeRegExp(withCommas)]);
  const forms: RegExp[] = [];
  for (const b of bodies) forms.push(new RegExp(`(?<![0-9.,])\\$?\\s?${b}(?:\\.00?)?(?![0-9]|[.,][0-9])`, "i"));
  return forms;
}

/** Dates and times written with numbers ("May 20", "20 de mayo", "5/20", "2024-05-20", "5月20日", "8:00"): their digits are no amounts. */
const DATE_OR_TIME = new RegExp(
  [
    String.raw`(?<!\d)\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)`,
    String.raw`\b(?:${MONTH_ALTERNATION})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s+\d{4})?`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+|de\s+)?(?:${MONTH_ALTERNATION})\b(?:,?\s+(?:de\s+)?\d{4})?`,
    String.raw`(?<![\d/.$-])\d{1,2}\/\d{1,2}(?:\/(?:\d{4}|\d{2}))?(?![\d/])`,
    String.raw`(?:\d{4}年)?\d{1,2}月\d{1,2}[日号]`,
    String.raw`\b\d{1,2}:\d{2}\b`,
  ].join("|"),
  "giu",
);

/**
 * Whether `text` mentions the money amount `amount` (in any of `amountForms`), not counting the digits of a date or a time
 * ("HAT136 on May 20" does not mention $20).
 * @example amountMentioned(20, "HAT136 on May 20, $40 from your gift card") // false
 * @internal
 */
export function amountMentioned(amount: number, text: string): boolean {
  return anyMatches(
    amountForms(amount),
    text.replace(DATE_OR_TIME, (m) => " ".repeat(m.length)),
  );
}

/** A person's name part (first or last name). */
export function nameForms(name: string): RegExp[] {
  return name.trim() === "" ? [] : [token(escapeRegExp(name.trim()))];
}

export function anyMatches(forms: readonly RegExp[], text: string): boolean {
  return forms.some((f) => f.test(text));
}

/**
 * The user saying they are the passenger ("just for myself", "it's just for me", "only for me", "the
 * passenger is me", "I'm the only passenger", "para mí mismo", "el pasajero soy yo", "乘客是我自己");
 * not "for me" ("book it for me": on my behalf), nor "just for me and my wife" or "just for me, and my
 * son", nor "myself" alone
 * ("I'll pay myself").
 */
export const SELF_AS_PASSENGER =
  /(?<![\p{L}])(?:(?:just|only) for me(?![\p{L}])(?!\s*(?:and|&|plus|with|y|和)(?![\p{L}])|\s*,\s*(?:and|y)\s+(?:my|our|mi|mis|nuestr[oa]s?)(?![\p{L}]))|(?:for|just|only|passenger(?:\s+(?:is|will be|to|would be))?|traveler(?:\s+is)?|traveller(?:\s+is)?)\s+myself|myself\s+(?:only|alone)|just me|only me|the passenger (?:is|will be) me|(?:i'?m|i am) the (?:only )?(?:passenger|traveler|traveller)|(?:i'?m|i am|i'?ll be|i will be) (?:traveling|travelling|flying) alone|para m[ií] mism[oa]|solo yo|(?:el|la) pasajer[oa] (?:soy|ser[ée]) yo|viajo sol[oa])(?![\p{L}])|乘客是我(?:自己)?|我本人乘机|给我自己订|只有我一个人|就我一个人/iu;
