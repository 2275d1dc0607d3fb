/**
 * The words of payment methods, in one place: the kinds a method can be (gift card, credit card, certificate, PayPal), the card
 * brands, the payment ids a tool names (`gift_card_2240918`), and the words that point at a card by its last digits ("ending in
 * 7334", "terminada en 7334", "尾号7334"). The readers of payment (payment-reference.ts, payment-choice.ts, payment-question.ts,
 * value-pairing.ts, vague-target.ts, described-references.ts) build their patterns from these lists instead of keeping copies.
 * Sources are in `normalizeText` form (lower case, Spanish accents removed); Latin words are matched between non-letters
 * (`boundedSource`, lexicon-words.ts), Chinese words as they are (a Chinese word has no spaces around it). EN, ZH, ES.
 * @internal
 */
import type { LexiconWords } from "./lexicon-words.js";

/** The card brands, each with its spellings ("master card", "american express") and its Chinese name. */
export const CARD_BRANDS = {
  visa: { latin: "visa", han: "维萨" },
  mastercard: { latin: "mastercard|master card", han: "万事达" },
  amex: { latin: "amex|american express", han: "运通" },
} as const satisfies Record<string, LexiconWords>;

/**
 * Every card brand's Latin spelling, "discover" included. "Discover" is also an English verb ("we'll discover…"), so it is read
 * only where a text is about cards already (a brand beside an offered card, the request's brand); the kind readers
 * (`CREDIT_KIND_NAMED`) leave it out.
 */
export const ALL_BRANDS_LATIN = `${CARD_BRANDS.visa.latin}|${CARD_BRANDS.mastercard.latin}|${CARD_BRANDS.amex.latin}|discover`;
/**
 * One spelling of each brand, the one-word form ("visa", "mastercard", "amex"): the method nouns of payment-choice.ts, whose
 * matches are compared with the request's own words (`offersMethodKind`). With every spelling there, "Yes, put it on my master
 * card" to a request naming "your Mastercard ending in 7447" would find "master card", which the request does not spell, and
 * lose a plain yes (tried on 2026-12-02: confirmed before, unclear after).
 */
export const BRANDS_ONE_WORD = "visa|mastercard|amex";
/** The Chinese names of the card brands. */
export const BRANDS_HAN = `${CARD_BRANDS.visa.han}|${CARD_BRANDS.mastercard.han}|${CARD_BRANDS.amex.han}`;

/**
 * The kinds of payment method. `named` is the word that names the kind inside longer words ("gift" of "gift card", "regalo" of
 * "tarjeta de regalo", "礼品卡"), as a request names it; `noun` the kind's whole noun as a reply says it ("gift card", "tarjetas de
 * regalo"); `id` the prefix of the kind's payment ids (`gift_card_…`).
 */
export const METHOD_KINDS = {
  giftCard: {
    kind: "gift card",
    id: "gift_card",
    named: { latin: "gift|regalo", han: "礼品卡" },
    noun: { latin: "gift ?cards?|tarjetas? (?:de )?regalo", han: "礼品卡" },
  },
  creditCard: {
    kind: "credit card",
    id: "credit_card",
    named: { latin: "credit|credito", han: "信用卡" },
    noun: { latin: "credit ?cards?|tarjetas? de credito", han: "信用卡" },
  },
  certificate: {
    kind: "certificate",
    id: "certificate",
    named: { latin: "certificates?|vouchers?|certificados?", han: "旅行券|代金券" },
    noun: { latin: "certificates?|vouchers?|certificados?", han: "旅行券|代金券" },
  },
  paypal: { kind: "paypal", id: "paypal", named: { latin: "paypal", han: "" }, noun: { latin: "paypal", han: "" } },
} as const satisfies Record<string, { kind: string; id: string; named: LexiconWords; noun: LexiconWords }>;

/** A debit card's kind word ("debit", "debito", "借记卡"): named by the readers that tell debit from credit. */
export const DEBIT_NAMED: LexiconWords = { latin: "debit|debito", han: "借记卡" };

/** A credit card named as a kind or by a brand ("credit", "Visa", "American Express", "信用卡"); not "discover" (`ALL_BRANDS_LATIN`). */
export const CREDIT_KIND_NAMED: LexiconWords = {
  latin: `${METHOD_KINDS.creditCard.named.latin}|${CARD_BRANDS.visa.latin}|${CARD_BRANDS.mastercard.latin}|${CARD_BRANDS.amex.latin}`,
  han: METHOD_KINDS.creditCard.named.han,
};

/** The id prefixes of payment methods a tool names (`gift_card_2240918`, `credit_card_4196779`, `certificate_7719204`, `paypal_99`). */
export const METHOD_ID_PREFIXES = "gift_card|credit_card|debit_card|certificate|paypal";

/** A payment method's id ("gift_card_2240918", "credit_card_4196779", "certificate_7719204", "paypal_1234"): three digits or more. */
export const METHOD_ID = new RegExp(`(?<![\\p{L}\\p{N}])(?:${METHOD_ID_PREFIXES})_\\d{3,}`, "gu");

/** A value key (`namedValues`) of a payment id: `id:credit_card_7334`, `id:gift_card_1`, `id:paypal_99`, `id:bank_account_5`. */
const PAYMENT_ID_KEY = /^id:(?:[a-z]+_)*(?:card|certificate|voucher|paypal|account)_\d+$/;

/**
 * Whether a value key (`namedValues(text)[i].key`) is a payment method's id rather than an order's or a reservation's.
 *
 * @example
 * ```ts
 * isPaymentIdKey("id:gift_card_2240918"); // true
 * isPaymentIdKey("id:w5490111"); // false
 * ```
 * @param key The value's key.
 * @internal
 */
export function isPaymentIdKey(key: string): boolean {
  return PAYMENT_ID_KEY.test(key);
}

/**
 * The words before a card's last digits ("ending in 7334", "ending with 7334", "terminada en 7334", "que termina en 7334",
 * "尾号7334"), as a regex source without a group.
 */
export const CARD_DIGITS_LEAD = "ending(?: in| with)?|terminad[ao] en|que termina en|尾号";
/** Further ways to point at a card's last digits ("last four of 7334", "the last 4 digits 7334", "末四位"). */
export const LAST_DIGITS_LEAD = "last (?:four|4)(?: digits)?(?: of)?|末四位";
