import { splitSentences } from "./reply-text.js";
import { namedValues } from "./reply-values.js";
import {
  ALL_BRANDS_LATIN,
  BRANDS_HAN,
  CARD_BRANDS,
  CARD_DIGITS_LEAD,
  CREDIT_KIND_NAMED,
  DEBIT_NAMED,
  METHOD_ID,
  METHOD_ID_PREFIXES,
  METHOD_KINDS as KINDS,
} from "./payment-method-lexicon.js";
import { boundedSource, type LexiconWords } from "./lexicon-words.js";

/**
 * A payment method the reply designates in words the request never used: "I will use the same
 * payment method as before", "the original payment going towards this reservation", "I'll pay with
 * my credit card" after a request that only asked how the user would pay, or named other methods.
 * Saying how to pay is a detail of the action the user would care about; a yes that supplies one
 * the request did not describe agrees to an action nobody put to the user, so it is not a
 * confirmation. Restating the request's own method ("refund to the original payment method", "the
 * credit card ending in 7334" when the request named that card) designates nothing new.
 * Read on text in `normalizeText` form (lower case, Spanish accents removed). EN, ZH, ES.
 * @internal
 */

/** A sentence that speaks of paying or of a payment method. */
const PAYMENT_SUBJECT =
  /(?<![\p{L}])(?:pay|paying|paid|payment|payments|charge|charged|bill|card|cards|gift card|certificate|voucher|paypal|pago|pagar|pague|tarjeta|cargo|certificado)(?![\p{L}])|支付|付款|付费|扣款|信用卡|借记卡|礼品卡|旅行券|代金券/iu;

/**
 * The words that pick one method rather than another: a kind ("credit", "gift", "certificate"), a
 * brand, or a reference to an earlier one ("original", "same … as before", "previous", "usual").
 * Each is paired with the forms a request would use for the same method.
 */
/** The nouns of a payment method, in the three languages' normal form ("card", "payment method", "tarjeta", "medio de pago"). */
const METHOD_WORDS =
  "(?:gift |credit |debit )?cards?|payment(?: methods?)?|methods? of payment|(?:payment )?methods?|form of payment|account|visa|mastercard|amex|paypal|certificates?|tarjetas?(?: de (?:credito|debito|regalo))?|(?:metodo|medio|forma) de pago|pago|cuenta";
/** The first `REFERENCES` designators refer to an earlier method ("original", "same", "as before"); the rest name a kind or brand. */
const REFERENCES = 3;
/** A designator's pattern from the lexicon's words. */
function designator(words: LexiconWords): RegExp {
  return new RegExp(boundedSource(words), "iu");
}
const CERTIFICATE_OR_VALE: LexiconWords = { latin: `${KINDS.certificate.named.latin}|vales?`, han: KINDS.certificate.named.han };
const DESIGNATORS: readonly (readonly [RegExp, RegExp])[] = [
  [
    // "original" of a method ("the original card", "my original payment method", "the card I originally used", "la tarjeta
    // original"), not of a price or a flight ("my original $245", "the original flight")
    new RegExp(
      `(?<![\\p{L}])(?:original|originale?s?)\\s+(?:[\\p{L}-]+\\s+){0,2}?(?:${METHOD_WORDS})(?![\\p{L}])|(?<![\\p{L}])(?:${METHOD_WORDS})(?:\\s+[\\p{L}-]+){0,4}?\\s+(?:original(?:es)?|originally|originalmente)(?![\\p{L}])|(?<![\\p{L}])(?:paid|pague|pagamos)\\s+(?:[\\p{L}]+\\s+){0,2}?originally(?![\\p{L}])|原(?:来|始|先)?的?(?:支付|付款|卡)`,
      "iu",
    ),
    /(?<![\p{L}])original|原(?:来|始|先)?的?(?:支付|付款|卡|方式)/iu,
  ],
  [
    /(?<![\p{L}])(?:same (?:payment|method|card|one|way|account|form)|mismo (?:metodo|pago|medio)|misma (?:tarjeta|forma))(?![\p{L}])|(?:同样|一样|相同)的?(?:支付|付款|卡|方式)/iu,
    /(?<![\p{L}])(?:same|mismo|misma)(?![\p{L}])|同样|一样|相同/iu,
  ],
  [
    /(?<![\p{L}])(?:(?:payment|method|card|pay)[^.,;]{0,25}(?:as before|previously|earlier|last time)|(?:previous|usual|earlier|prior) (?:payment|method|card)|(?:como antes|de antes|anterior))(?![\p{L}])|(?:之前|以前|上次|平时)的?(?:支付|付款|卡|方式)/iu,
    /(?<![\p{L}])(?:before|previous|previously|earlier|usual|last time|anterior|antes)(?![\p{L}])|之前|以前|上次|平时/iu,
  ],
  // a kind the reply names, and the words a request describing it may use instead (a brand describes a credit card)
  [designator(KINDS.creditCard.named), designator(CREDIT_KIND_NAMED)],
  [designator(DEBIT_NAMED), designator(DEBIT_NAMED)],
  [designator(KINDS.giftCard.named), designator(KINDS.giftCard.named)],
  // "vale" is a voucher only here, in a sentence about paying: elsewhere it is Spanish for "OK"
  [designator(CERTIFICATE_OR_VALE), designator(CERTIFICATE_OR_VALE)],
  [designator(KINDS.paypal.named), designator(KINDS.paypal.named)],
  [designator(CARD_BRANDS.visa), designator(CARD_BRANDS.visa)],
  [designator(CARD_BRANDS.mastercard), designator(CARD_BRANDS.mastercard)],
  [designator(CARD_BRANDS.amex), designator(CARD_BRANDS.amex)],
];

/** A request that names a method: a payment id or a card's last digits. */
const NAMES_METHOD = new RegExp(`(?<![\\p{L}\\p{N}])(?:${METHOD_ID_PREFIXES})_\\d{3,}|(?:${CARD_DIGITS_LEAD})\\s*\\d{4}`, "iu");

/**
 * The first payment designator in a sentence of the reply that speaks of paying and that the
 * request does not use, or `undefined`.
 *
 * @example
 * ```ts
 * undescribedPaymentMethod("yes, proceed. i will use the same payment method as before", "please let me know the payment method for any difference."); // "same"
 * undescribedPaymentMethod("yes, refund to the original payment method", "the refund goes to your original payment method. proceed?"); // undefined
 * ```
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 */
export function undescribedPaymentMethod(reply: string, request: string, openPayment = false): string | undefined {
  // a kind ("my credit card") answers a request that asked how to pay without naming any method; where it names some ("e.g.
  // credit_card_6754990 or credit_card_7407366"), a kind it never named was not offered (real-replies-6, r6-123: "I'd like to use a
  // gift card"); a reference to an earlier method always needs its words
  const designators = openPayment && !NAMES_METHOD.test(request) ? DESIGNATORS.slice(0, REFERENCES) : DESIGNATORS;
  for (const s of splitSentences(reply)) {
    if (!PAYMENT_SUBJECT.test(s.text)) continue;
    for (const [i, [said, described]] of designators.entries()) {
      const m = said.exec(s.text);
      if (m && !described.test(request) && !(i === 0 && originalOfOnlyMethod(m[0], request))) return m[0];
    }
  }
  return undefined;
}

/**
 * The kinds of payment method, each with how a reply names one (EN/ES/ZH) and how a request may
 * name one of that kind, in words or by id (`gift_card_2240918` is a gift card, `尾号 5120 的卡` a card).
 */
const METHOD_KINDS: readonly { readonly kind: string; readonly said: RegExp; readonly named: RegExp; readonly id: RegExp }[] = [
  KINDS.giftCard,
  KINDS.creditCard,
  KINDS.certificate,
  KINDS.paypal,
].map((k) => ({
  kind: k.kind,
  said: new RegExp(`^(?:${[k.noun.latin, k.noun.han].filter((w) => w !== "").join("|")})$`, "u"),
  named: new RegExp(boundedSource(k.named), "u"),
  id: new RegExp(`(?<![\\p{L}\\p{N}])${k.id}_\\d{3,}`, "gu"),
}));

/**
 * "The original gift card" where the request names one payment method only, and it is of that kind ("refunded to your gift
 * card"): "original" only describes the one method put to the user. "The original card" (no kind), or a request that names
 * another method beside it, still says which method in words the request did not use.
 */
function originalOfOnlyMethod(said: string, request: string): boolean {
  const kinds = METHOD_KINDS.filter((k) =>
    k.said.test(
      said
        .replace(/^.*?(?:original(?:es)?|originally|originalmente)\s+|\s+(?:original(?:es)?|originally|originalmente).*$/gu, "")
        .replace(/^(?:my|the|mi|la|el|su)\s+/u, ""),
    ),
  );
  if (kinds.length !== 1) return false;
  const kind = kinds[0]!;
  const others = METHOD_KINDS.filter((k) => k !== kind && (k.named.test(request.replace(METHOD_ID, " ")) || new RegExp(k.id.source, "u").test(request)));
  const ids = new Set(request.match(kind.id) ?? []);
  return others.length === 0 && !BRAND.test(request) && ids.size <= 1 && (ids.size === 1 || kind.named.test(request));
}
const BRAND = new RegExp(boundedSource({ latin: ALL_BRANDS_LATIN, han: BRANDS_HAN }), "iu");

/** A card named without its kind ("the card", "mi tarjeta", "那张卡"): any card the request names, by kind, brand, id or last digits. */
const ANY_CARD_SAID = /^(?:cards?|tarjetas?|卡)$/u;
const ANY_CARD_NAMED = new RegExp(
  `${boundedSource({ latin: `cards?|tarjetas?|${ALL_BRANDS_LATIN}`, han: "卡" })}|(?<![\\p{L}\\p{N}])(?:credit|gift)_card_\\d|(?:${CARD_DIGITS_LEAD})\\s*\\d{4}`,
  "u",
);

/**
 * Whether the request offers a method of the kind a reply names (`noun` in normal form: "gift card",
 * "tarjeta de regalo", "礼品卡", "card"): the request names that kind in any of the three languages,
 * or a method id of that kind ("gift_card_2240918" offers "the gift card"). A brand (Visa,
 * Mastercard) is not a kind: it must be the request's own word.
 *
 * @example
 * ```ts
 * offersMethodKind("$150 from gift_card_2240918 and $239 on your card ending 5120", "gift card"); // true
 * offersMethodKind("refund to your credit card ending 1184", "tarjeta de regalo"); // false
 * ```
 * @param request The request, in normal form.
 * @param noun The method as the reply names it, in normal form.
 */
export function offersMethodKind(request: string, noun: string): boolean {
  const n = noun.trim();
  if (request.includes(n.replace(/s$/u, ""))) return true;
  if (ANY_CARD_SAID.test(n)) return ANY_CARD_NAMED.test(request);
  const kind = METHOD_KINDS.find((k) => k.said.test(n));
  if (kind === undefined) return false;
  // the kind in words ("gift card", "tarjeta de regalo"), not inside an id ("gift_card_2240918")
  if (kind.named.test(request.replace(METHOD_ID, " "))) return true;
  // "the gift card" for gift_card_2240918 only where the request pays with one method: a split ("$150 from gift_card_… and $239
  // on your card …") re-described in the reply's own words pairs amounts with methods, which this reading does not check
  return new RegExp(kind.id.source, "u").test(request) && paymentMethodCount(request) < 2;
}

/**
 * Whether a payment method a clause names by kind (`match`, found in `clause`) is one the request put to the user: a kind the
 * request offers (`offersMethodKind`); "each gift card" / "ambas tarjetas de regalo" / "两张礼品卡" for the several methods of
 * that kind the request names; or, in a split between methods, the request's one method of that kind named beside the amount the
 * request pairs with it ("$150 from the gift card" for "$150 from gift_card_2240918 and $239 on your card ending 5120"). The
 * kind named beside another amount ("$239 from the gift card") or without one is not said to be the request's.
 *
 * @example
 * ```ts
 * const request = "- $150 from gift_card_2240918\n- $239 on your credit card ending 5120\nreply yes";
 * const clause = "$150 from the gift card and the remaining $239 on my card ending 5120";
 * refersToOfferedMethod(request, clause, /gift card/u.exec(clause)!); // true
 * ```
 * @param request The request, in normal form.
 * @param clause The clause of the reply, in normal form.
 * @param match The method's name as found in `clause` (with its index).
 * @internal
 */
export function refersToOfferedMethod(request: string, clause: string, match: RegExpExecArray | RegExpMatchArray): boolean {
  const noun = match[0].trim();
  if (offersMethodKind(request, noun)) return true;
  const kind = METHOD_KINDS.find((k) => k.said.test(noun));
  if (kind === undefined) return false;
  const ids = new Set(request.match(kind.id) ?? []);
  const at = match.index ?? clause.indexOf(match[0]);
  const amounts = (t: string) =>
    namedValues(t).filter(
      (v) => /^n:/.test(v.key) && /\d|dollar|dolar|bucks|美元|块|元/u.test(v.text) && !/^\d{4,}$/.test(v.text.trim()) && !/_\d/.test(v.text),
    );
  // (an amount beside "each gift card" would pair one amount with every card: not the request's split)
  if (ids.size >= 2 && ALL_OF_KIND.test(clause.slice(0, at)) && amounts(clause).length === 0) return true;
  if (ids.size !== 1) return false;
  const id = [...ids][0]!;
  const said = amounts(segmentAround(clause, at));
  const paired = new Set(amounts(segmentAround(request, request.indexOf(id))).map((v) => v.key));
  return said.length > 0 && said.every((v) => paired.has(v.key));
}

/** "each", "both", "all (of) the", "ambas", "cada", "两张", "每张" right before a method's kind: every method of that kind. */
const ALL_OF_KIND =
  /(?:(?<![\p{L}])(?:each|both|all|the two|ambas|ambos|cada|las dos|los dos|todas)(?:\s+(?:of\s+)?(?:the|my|las|los|mis))?\s*|两张|每张|这两张)$/u;
/** The part of a text around a position, between list lines, commas, semicolons, colons and "and" / "y" / "和". */
function segmentAround(text: string, at: number): string {
  const cut = /\n|[,;:，；：]|\s(?:and|y|plus|then|luego|和|以及)\s|和/gu;
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(cut)) {
    if (m.index! + m[0].length <= at) start = m.index! + m[0].length;
    else if (m.index! > at) {
      end = m.index!;
      break;
    }
  }
  return text.slice(start, end);
}

/** A card's last four digits after the words that point at them ("ending in 5120", "尾号5120"): group 1. */
const CARD_DIGITS = new RegExp(`(?:${CARD_DIGITS_LEAD})\\s*(\\d{4})`, "gu");

/** How many payment methods a request (normal form) names: method ids, and cards by their last digits. */
function paymentMethodCount(request: string): number {
  const ids = new Set(request.match(METHOD_ID) ?? []);
  const digits = new Set([...request.matchAll(CARD_DIGITS)].map((m) => m[1]));
  return ids.size + digits.size;
}

/** Words that say which method pays or is paid to ("use", "charge", "from", "on", "con", "a", "用", "扣", "刷", "退回"). */
const PAYS_WITH =
  /(?<![\p{L}])(?:use|using|charge|charged|bill|put|pay|paying|paid|take|from|on|onto|to|with|via|cobre\w*|cargue\w*|use|usar|pague\w*|pagar|con|de|a|al)(?![\p{L}])|用|扣|刷|付|从|退回|退到/u;

/** A method named by its kind alone, with a word that picks one ("the gift card", "my certificate", "la tarjeta de regalo", "那张礼品卡", "礼品卡"). */
const ONE_OF_KIND =
  /(?<![\p{L}])(?:the|my|that|this|el|la|mi|esa|ese|esta|este)\s+(gift ?card|credit ?card|certificate|voucher|tarjeta de regalo|tarjeta de credito|certificado)(?![\p{L}s])(?!\s+(?:balances?|numbers?|ids?|details|saldos?)(?![\p{L}]))|(礼品卡|信用卡|旅行券|代金券)/gu;

/**
 * A payment method the reply names by its kind alone ("the gift card", "mi tarjeta de regalo",
 * "礼品卡") when the request names two or more methods of that kind (two gift card ids, two credit
 * cards with different last digits): which one is meant is not said, so the yes does not bind to the
 * request's split. `undefined` when the kind is one the request names once, or the same sentence names
 * the method's id or digits.
 *
 * @example
 * ```ts
 * ambiguousMethodKind("yes, use the gift card", "$100 from gift_card_111 and $50 from gift_card_222. ok?"); // "the gift card"
 * ambiguousMethodKind("yes, use the gift card", "$100 from gift_card_111 and $50 on your visa. ok?"); // undefined
 * ```
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 */
export function ambiguousMethodKind(reply: string, request: string): string | undefined {
  for (const s of splitSentences(reply)) {
    // the method's own id or digits in the same sentence say which one
    if (/(?:card|certificate|paypal)_\d{3,}|(?<!\d)\d{4}(?!\d)/u.test(s.text)) continue;
    // only where the sentence says what pays ("take the $150 from the gift card"), not "thanks for checking the gift card balances"
    if (!PAYS_WITH.test(s.text)) continue;
    for (const m of s.text.matchAll(ONE_OF_KIND)) {
      const said = (m[1] ?? m[2])!;
      const kind = METHOD_KINDS.find((k) => k.said.test(said));
      if (kind === undefined) continue;
      const ids = new Set([...request.matchAll(kind.id)].map((x) => x[0]));
      const digits = kind.kind === "credit card" ? new Set([...request.matchAll(CARD_DIGITS)].map((x) => x[1])) : new Set<string>();
      if (Math.max(ids.size, digits.size) >= 2) return m[0].trim();
    }
  }
  return undefined;
}
