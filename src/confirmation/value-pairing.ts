/**
 * Which payment method goes with which order or reservation. A request that refunds two orders to
 * two methods ("refunds go to the original payment methods: Visa for #W5490111 and PayPal for
 * #W7387996") pairs each order with its method; a reply that pairs them otherwise ("yes, but refund
 * #W5490111 to PayPal and #W7387996 to Visa") names only values the request named, so no value is
 * new, yet it changes where the money goes. Found as a false confirmation on real replies
 * (real-replies-6, r6-145).
 *
 * A pair is an order or reservation id and one specific method (a brand, PayPal, a gift card, a
 * certificate, a payment id or a card's last digits) said in the same stretch of text (between
 * commas, "and", semicolons or sentence ends). A generic "card" or "original payment method" pairs
 * with nothing: it is not specific enough to contradict a brand.
 * @internal
 */
import { namedValues } from "./reply-values.js";
import { CARD_BRANDS, CARD_DIGITS_LEAD, METHOD_KINDS, isPaymentIdKey } from "./payment-method-lexicon.js";
import { boundedSource, type LexiconWords } from "./lexicon-words.js";

/** Specific methods by name, in the three languages, with the kind each stands for: the brands, and the kinds by their whole noun. */
const METHODS: readonly (readonly [RegExp, string])[] = (
  [
    [CARD_BRANDS.visa, "visa"],
    [CARD_BRANDS.mastercard, "mastercard"],
    [CARD_BRANDS.amex, "amex"],
    [METHOD_KINDS.paypal.noun, METHOD_KINDS.paypal.id],
    [METHOD_KINDS.giftCard.noun, METHOD_KINDS.giftCard.id],
    [METHOD_KINDS.certificate.noun, METHOD_KINDS.certificate.id],
  ] as const satisfies readonly (readonly [LexiconWords, string])[]
).map(([words, kind]) => [new RegExp(boundedSource(words), "iu"), kind] as const);

/** Where one stretch of text ends: a comma, a semicolon, a sentence end (not the point or comma inside "$1,000.00"), "and", "y", "和", "以及". */
const STRETCH_END = /[;!?()（），；。！？\n]|(?<!\d)[,.]|[,.](?!\d)|(?<![\p{L}])(?:and|y|e)(?![\p{L}])|和|以及|、/iu;

/** The kind of a payment id ("gift_card_1234" → gift_card, "paypal_99" → paypal); undefined for a plain credit card id. */
const idKind = (id: string) => /^id:(gift_card|paypal|certificate)_/.exec(id)?.[1];

/** A card's last four digits after the words that point at them ("ending 4421", "terminada en 4421", "尾号4421"): group 1. */
const CARD_DIGITS = new RegExp(`(?:${CARD_DIGITS_LEAD})\\s*(\\d{4})`, "giu");

/** A stretch's methods: payment ids, card digits ("ending 4421"), and named kinds. */
function methodsOf(stretch: string): { exact: string[]; kinds: string[] } {
  const exact: string[] = [];
  const kinds = new Set<string>();
  for (const v of namedValues(stretch)) {
    if (isPaymentIdKey(v.key)) {
      exact.push(v.key);
      const k = idKind(v.key);
      if (k !== undefined) kinds.add(k);
    }
  }
  for (const m of stretch.matchAll(CARD_DIGITS)) exact.push(`n:${Number(m[1])}`);
  for (const [re, kind] of METHODS) if (re.test(stretch)) kinds.add(kind);
  return { exact, kinds: [...kinds] };
}

/** An amount of money as written: a currency sign or word beside the number ("$200.00", "1.000 €", "¥7,000", "300 dólares", "50美元"). */
const MONEY = /^[$€£¥]|[$€£¥]$|(?<![\p{L}])(?:dollars?|dolares|euros?|pounds?|libras?|usd|eur)(?![\p{L}])|元|美元|欧元/iu;

/**
 * What a stretch names that a method can be paired with: order and reservation ids (not payment ids), and amounts of money
 * ("$200.00 from the gift card and $1,000.00 on your Mastercard": each part of a split payment with its method).
 */
const itemsOf = (stretch: string) => [
  ...new Set(
    namedValues(stretch).flatMap((v) =>
      v.key.startsWith("id:") && !isPaymentIdKey(v.key) ? [v.key] : MONEY.test(v.text) ? [`amt:${v.key.replace(/^[a-z]+:/u, "")}`] : [],
    ),
  ),
];

/** Each item paired with the one method said beside it, where a stretch names exactly one item and one method. */
function pairs(text: string): Map<string, { exact: string[]; kinds: string[] }> {
  const out = new Map<string, { exact: string[]; kinds: string[] }>();
  const twice = new Set<string>();
  for (const stretch of text.split(new RegExp(STRETCH_END.source, "giu"))) {
    if (stretch === undefined) continue;
    const items = itemsOf(stretch);
    const m = methodsOf(stretch);
    if (items.length !== 1 || m.exact.length + m.kinds.length === 0 || m.kinds.length > 1) continue;
    // the same amount paired with two methods ("$50 on the gift card and $50 on the Visa") pairs with neither
    if (out.has(items[0]!)) twice.add(items[0]!);
    out.set(items[0]!, m);
  }
  for (const k of twice) out.delete(k);
  return out;
}

/**
 * The item a reply pairs with another method than the request did, with both methods, or `undefined`.
 *
 * @example
 * ```ts
 * const request = "refunds go to the original payment methods (visa for #w5490111 and paypal for #w7387996).";
 * rePairedMethod("yes, but refund #w5490111 to paypal and #w7387996 to visa.", request); // { item: "w5490111", said: "paypal", described: "visa" }
 * rePairedMethod("yes, refund #w5490111 to the visa and #w7387996 to paypal.", request); // undefined
 * ```
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 */
export function rePairedMethod(reply: string, request: string): { item: string; said: string; described: string } | undefined {
  const described = pairs(request);
  if (described.size === 0) return undefined;
  for (const [item, said] of pairs(reply)) {
    const d = described.get(item);
    if (d === undefined) continue;
    const exactOff = said.exact.length > 0 && d.exact.length > 0 && !said.exact.some((x) => d.exact.includes(x));
    const kindOff = said.kinds.length > 0 && d.kinds.length > 0 && !said.kinds.some((k) => d.kinds.includes(k));
    if (exactOff || kindOff)
      return { item: item.replace(/^[a-z]+:/u, ""), said: [...said.kinds, ...said.exact].join("/"), described: [...d.kinds, ...d.exact].join("/") };
  }
  return undefined;
}
