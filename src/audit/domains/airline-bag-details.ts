/**
 * The bags of an airline write the user must have been told: the new total (or the number added, or bags per
 * passenger, or the free allowance), where a count the text states as the total is never read as the number added.
 */
import { extractDescribedValues } from "../../confirmation/described-values.js";
import { CARDINAL_WORDS } from "../../confirmation/number-words.js";
import { freeBagsPerPassenger } from "../../domains/airline/protocol.js";
import type { ActionDetail } from "../audit-domain.js";
import type { AirlineKnowledge } from "./airline-knowledge.js";
import { detail } from "./airline-trip-details.js";
import { escapeRegExp } from "../../util/escape-regexp.js";

const COUNT_WORDS: Readonly<Record<string, number>> = { ...CARDINAL_WORDS, 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 };
const COUNT = `(\\d{1,2}|${Object.keys(COUNT_WORDS).join("|")})`;
// not "free" bags: "6 free checked bags total" is the allowance, not the bags the write carries
const BAG = "(?:(?:checked\\s+)?(?:bags?|baggages?|luggage|suitcases?)\\b|maletas?|行李)";
/** What the reservation includes, receives or is entitled to, right before a count, is an allowance ("includes 6 checked bags in total"). */
const ALLOWANCE_BEFORE = /(?:\binclud\w*|\bentitled\s+to|\breceiv\w*|\ballow\w*|\bget|\bgets|incluye\w*|recib\w*|免费|包含|可享)[^.;!?\n]{0,12}$/iu;

/**
 * Counts of bags a text states as the total, not as a number added: "2 bags total", "3 checked bags in all",
 * "a total of 3 bags", "bring ABC123 to 2 bags", "2 maletas en total", "un total de 3 maletas",
 * "共2件行李", "总共三件行李".
 * @internal
 */
export function bagTotalsStated(t: string): number[] {
  const forms = [
    new RegExp(`(?<![\\w$.])${COUNT}\\s+${BAG}\\s*(?:in\\s+total|total|in\\s+all|altogether|overall|en\\s+total)`, "giu"),
    new RegExp(`\\b(?:a\\s+)?total\\s+(?:of\\s+)?${COUNT}\\s+${BAG}|\\b(?:un\\s+)?total\\s+de\\s+${COUNT}\\s+${BAG}`, "giu"),
    new RegExp(`\\b(?:bring|brings|bringing|take|takes|taking|increas\\w*|rais\\w*)\\b[^.;!?]{0,40}?\\bto\\s+${COUNT}\\s+${BAG}`, "giu"),
    new RegExp(`(?:共|总共|一共|总计|合计)\\s*${COUNT}\\s*件?\\s*(?:托运)?行李`, "gu"),
  ];
  // by where the count stands: "bring it to 2 bags total" states one total, not two
  const byPlace = new Map<number, number>();
  for (const re of forms)
    for (const m of t.matchAll(re)) {
      const word = m.slice(1).find((g) => g !== undefined);
      const n = word === undefined ? undefined : /^\d+$/.test(word) ? Number(word) : COUNT_WORDS[word.toLowerCase()];
      if (n === undefined || ALLOWANCE_BEFORE.test(t.slice(Math.max(0, m.index - 40), m.index))) continue;
      byPlace.set(m.index + m[0].lastIndexOf(word!), n);
    }
  return [...byPlace.values()];
}

/**
 * Bag counts a text gives traveller by traveller, summed: "1 checked bag for Mia and 2 for Noah", "Mia gets 2 checked bags
 * and Noah 1", "2 maletas para Mia y 1 para Noah", "Mia 1件，Noah 2件" (3 each time) — one sum per sentence that counts
 * every traveller, and only then: a count for one traveller of several is neither the total nor the number added.
 * @param t A description.
 * @param names The travellers' first names (the write's, or the reservation's).
 * @internal
 */
export function bagSumsByTraveller(t: string, names: readonly string[]): number[] {
  if (names.length < 2) return [];
  const sums: number[] = [];
  for (const sentence of t.split(/(?<=[.!?;。！？；])\s*|\n+/u)) {
    const counts = names.map((name) => {
      const n = escapeRegExp(name);
      const forms = [
        // "1 checked bag for Mia", "2 for Noah", "2 maletas para Mia", "给Mia 1件"
        new RegExp(`(?<![\\w$.])${COUNT}\\s+(?:(?:checked\\s+)?${BAG}\\s+)?(?:for|para|a)\\s+${n}(?![\\p{L}])`, "iu"),
        // "Mia gets 2 checked bags", "Noah 1", "Noah: 2 bags", "Mia 1件" (not after a comma: "Thanks Mia, 2 bags for Noah" addresses her)
        new RegExp(
          `(?<![\\p{L}])${n}(?:'s)?\\s*(?:gets|has|will have|tendrá|lleva|[:：])?\\s*${COUNT}(?=\\s*(?:件|${BAG}|[,，;；.。]|\\s+(?:and|y)\\b|$))`,
          "iu",
        ),
      ];
      for (const re of forms) {
        const m = re.exec(sentence);
        const word = m?.[1];
        if (word !== undefined) return /^\d+$/.test(word) ? Number(word) : COUNT_WORDS[word.toLowerCase()];
      }
      return undefined;
    });
    if (counts.every((c) => c !== undefined)) sums.push(counts.reduce((a, b) => a! + b!, 0)!);
  }
  return sums;
}

/**
 * Bag counts a summary gives as a label and its value, in a list line or a table row: "- Checked bags: 2", "| Checked bags |
 * 2 (both free) |", "- **Checked bags:** 2", "Total checked bags: 3", "Maletas facturadas: 2", "托运行李：2件" — not a label of
 * bags added ("Additional checked bags: 1") nor a change written with an arrow ("Checked bags: 1 → 2"). Read as a count the
 * description names, never as a veto: a summary of the reservation as it stands ("- Baggage: 0 checked bags") uses the same form.
 * @internal
 */
export function bagLabelCounts(t: string): number[] {
  const forms = [
    new RegExp(
      `(?:^|\\n|\\|)[ \\t]*(?:[-*•][ \\t]*)?(?:\\*\\*)?(?:total\\s+)?(?:checked\\s+)?(?:bags?|baggages?|luggage)(?:\\*\\*)?[ \\t]*[:|][ \\t]*(?:\\*\\*)?[ \\t]*${COUNT}(?![\\w.]|\\s*(?:→|->|=>|to\\b|a\\b))`,
      "giu",
    ),
    new RegExp(
      `(?:^|\\n|\\|)[ \\t]*(?:[-*•][ \\t]*)?(?:\\*\\*)?(?:total\\s+de\\s+)?(?:maletas?(?:\\s+facturadas)?|equipaje(?:\\s+facturado)?)(?:\\*\\*)?[ \\t]*[:|][ \\t]*(?:\\*\\*)?[ \\t]*${COUNT}(?![\\w.]|\\s*(?:→|->|=>|to\\b|a\\b))`,
      "giu",
    ),
    new RegExp(`(?:^|\\n|\\|)[ \\t]*(?:[-*•][ \\t]*)?(?:托运)?行李(?:数量|件数)?[ \\t]*[:：|][ \\t]*${COUNT}(?!\\s*件?\\s*(?:→|->|=>|变为|改为))`, "gu"),
  ];
  const out: number[] = [];
  for (const re of forms)
    for (const m of t.matchAll(re)) {
      const word = m.slice(1).find((g) => g !== undefined);
      const n = word === undefined ? undefined : /^\d+$/.test(word) ? Number(word) : COUNT_WORDS[word.toLowerCase()];
      if (n !== undefined) out.push(n);
    }
  return out;
}

/** The counts left once each count stated as a total is taken out (once per time it is stated). */
function withoutTotals(counts: readonly number[], totals: readonly number[]): number[] {
  const left = [...counts];
  for (const n of totals) {
    const i = left.indexOf(n);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/**
 * The user's free bag allowance, as the write uses it: how many bags the membership and cabin carry free
 * for the travellers, and whether the write adds no paid bag. Unknown (undefined) without the user's
 * profile (membership) and the cabin.
 */
/** @internal */
export interface FreeAllowance {
  readonly free: number;
  readonly perPassenger: number;
  readonly addsNoPaidBag: boolean;
}

/** @internal */
export function freeAllowance(k: AirlineKnowledge, cabin: string | undefined, passengers: number, addsNoPaidBag: boolean): FreeAllowance | undefined {
  const m = k.profile?.membership;
  if ((m !== "regular" && m !== "silver" && m !== "gold") || (cabin !== "basic_economy" && cabin !== "economy" && cabin !== "business")) return undefined;
  const perPassenger = freeBagsPerPassenger(m, cabin);
  return { free: perPassenger * passengers, perPassenger, addsNoPaidBag };
}

/** The text speaks of using the free allowance ("I'll use my free allowance", "your free checked bags"). */
const FREE_BAGS_SPOKEN =
  /\bfree\s+(?:checked\s+)?(?:bag|baggage|luggage)|\b(?:bag(?:gage)?|luggage|free)\s+allowance\b|equipaje\s+(?:gratuito|incluido)|franquicia\s+de\s+equipaje|免费(?:托运)?行李|免费托运|行李额度/iu;

/**
 * @param names The travellers' first names: counts given traveller by traveller are read as their sum (`bagSumsByTraveller`).
 */
export function bagsDetail(
  total: number,
  before: number | undefined,
  passengers: number | undefined,
  allowance?: FreeAllowance,
  names: readonly string[] = [],
): ActionDetail {
  // "3 bags in total", or "add 2 bags" to a reservation that had 1, or "one bag each" for 3 passengers;
  // or, with no other count stated, "my free allowance" when every bag written is within it and none is paid
  const added = before !== undefined && total > before ? total - before : undefined;
  const withinAllowance = (t: string, c: readonly number[]) =>
    allowance !== undefined &&
    allowance.addsNoPaidBag &&
    total <= allowance.free &&
    FREE_BAGS_SPOKEN.test(t) &&
    c.every((n) => n === total || n === allowance.perPassenger);
  return detail(
    `${total} bags in total`,
    "bags",
    `${total} bags`,
    (t) => {
      // counts given traveller by traveller: their sum is the count, never one traveller's count alone
      const sums = bagSumsByTraveller(t, names);
      if (sums.length > 0) return sums.includes(total) || (added !== undefined && sums.includes(added));
      const v = extractDescribedValues(t);
      const c = v.bagCounts;
      // "one bag each": the total, or the number added ("add one checked bag for each of you")
      const each = passengers !== undefined && passengers > 0 && v.bagCountsEach.some((n) => n * passengers === total || n * passengers === added);
      // a count stated as the total ("bring it to 2 bags total", "共2件行李") is not a number of bags added
      const totals = bagTotalsStated(t);
      if (totals.length > 0 && !totals.includes(total)) return false;
      const additions = withoutTotals(c, totals);
      return (
        c.includes(total) ||
        totals.includes(total) ||
        bagLabelCounts(t).includes(total) ||
        (added !== undefined && additions.includes(added)) ||
        each ||
        withinAllowance(t, c)
      );
    },
    (t) => extractDescribedValues(t).bagCounts.map((n) => `${n} bags`),
  );
}
