/**
 * The request's amount said back on another basis: "$65 a year" when the request charges $65 a month, "a one-time $5" for $5
 * per month, "$30 total for both of us" for $30 per passenger ($60 in total), "一年才 ¥199" for ¥199 每月, "30 € en total por los
 * dos" for 30 € por pasajero. The number is the request's; what it buys is not: the user agrees to another price.
 *
 * An amount's basis is the word of a period, of a unit or of a total written right after it in its clause ("$65/month", "30 €
 * por pasajero", "¥30 一次性") or, failing that, right before it ("每月 ¥199", "a one-time $5", "un pago único de 5 €"). Read only
 * where the reply's amount has a basis and the request writes the same amount with a basis, never with the reply's. EN, ZH, ES;
 * read on text in `normalizeText` form.
 * @internal
 */
import { moneyValues } from "./reply-values.js";

const L = (s: string) => `(?<![\\p{L}])(?:${s})(?![\\p{L}])`;

/** The bases an amount is put on: a period, a unit (each person, bag, item), once, or a total. */
const BASES: readonly (readonly [basis: string, word: RegExp])[] = [
  [
    "a month",
    new RegExp(
      `/\\s?(?:month|mo|mes)${"(?![\\p{L}])"}|${L("per month|a month|each month|every month|monthly|al mes|por mes|cada mes|mensual(?:es)?|mensualmente")}|每(?:个)?月|/月|月费|包月`,
      "u",
    ),
  ],
  [
    "a year",
    new RegExp(
      `/\\s?(?:year|yr|ano)${"(?![\\p{L}])"}|${L("(?:for|over) (?:the|a) (?:whole|entire|full) year|for a year|per year|a year|each year|every year|yearly|annual(?:ly)?|al ano|por ano|cada ano|anual(?:es)?|anualmente")}|每年|一年|年费|/年`,
      "u",
    ),
  ],
  [
    "a day",
    new RegExp(`/\\s?(?:day|dia)${"(?![\\p{L}])"}|${L("per day|a day|each day|every day|daily|al dia|por dia|cada dia|diari[oa]s?")}|每天|每日|一天|/天`, "u"),
  ],
  ["once", new RegExp(`${L("one-time|one time|one-off|once|single payment|pago unico|unico pago|unic[oa]|una sola vez|una vez")}|一次性|一次`, "u")],
  [
    "each",
    new RegExp(
      `${L("per (?:person|passenger|traveller|traveler|head|bag|item|ticket)|each|apiece|por (?:persona|pasajer[oa]|viajer[oa]|cabeza|maleta|billete)|cada uno|cada una")}|每人|每位|每个人|每件|每张`,
      "u",
    ),
  ],
  [
    "in total",
    new RegExp(
      `${L("in total|total|altogether|all together|for (?:both|all)(?: of us)?|en total|por los dos|por las dos|entre los dos|entre todos")}|一共|总共|合计|共`,
      "u",
    ),
  ],
];

/** The basis written beside the amount that ends at `end` and starts at `start` in `text`, after it first, else before it. */
function basisAt(text: string, start: number, end: number): string | undefined {
  const after = text.slice(end, end + 30).split(/[,.;!?，。；！？:：\d$€¥£]/u)[0] ?? "";
  const before =
    text
      .slice(Math.max(0, start - 48), start)
      .split(/[,.;!?，。；！？:：\d]/u)
      .pop() ?? "";
  for (const side of [after, before]) {
    let best: { basis: string; at: number } | undefined;
    for (const [basis, word] of BASES) {
      const m = word.exec(side);
      if (m === null) continue;
      // the word nearest the amount: the first after it, the last before it
      const at = side === after ? m.index : side.length - (m.index + m[0].length);
      if (best === undefined || at < best.at) best = { basis, at };
    }
    if (best !== undefined) return best.basis;
  }
  return undefined;
}

/** Each amount of money of a text with the basis written beside it (amounts without one are left out). */
function basedAmounts(text: string): { readonly key: string; readonly text: string; readonly basis: string }[] {
  const out: { key: string; text: string; basis: string }[] = [];
  let from = 0;
  for (const v of moneyValues(text)) {
    const start = text.indexOf(v.text, from);
    if (start < 0) continue;
    from = start + v.text.length;
    const basis = basisAt(text, start, from);
    if (basis !== undefined) out.push({ key: v.key, text: v.text, basis });
  }
  return out;
}

/**
 * The reply's amount that the request writes on another basis (and never on the reply's), as a short description; undefined when
 * every amount the reply puts on a basis is on the request's, or not the request's amount.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function otherBasis(reply: string, request: string): string | undefined {
  const asked = basedAmounts(request);
  if (asked.length === 0) return undefined;
  for (const said of basedAmounts(reply)) {
    const same = asked.filter((a) => a.key === said.key);
    if (same.length === 0 || same.some((a) => a.basis === said.basis)) continue;
    return `${said.text} ${said.basis} (the request: ${same[0]!.text} ${same[0]!.basis})`;
  }
  return undefined;
}
