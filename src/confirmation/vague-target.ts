/**
 * A request that describes what the action would use only by an indefinite reference ("exchange
 * the lamp for a brighter one", "split the payment with another card", "cámbielo por uno más
 * grande", "用另一张卡付") and never names it (no item id, no price, no card): a yes to it consents to
 * no exact action, since the user never saw which item or which card.
 * @internal
 */
import { CARD_DIGITS_LEAD, METHOD_ID_PREFIXES } from "./payment-method-lexicon.js";

/** Comparatives and superlatives that describe an item by how it differs, not by what it is. */
const COMPARATIVE =
  "larger|bigger|smaller|brighter|dimmer|lighter|heavier|darker|different|newer|cheaper|better|other|higher|lower|longer|shorter|faster|slower|less [\\p{L}]+|more [\\p{L}]+";
const SUPERLATIVE = "cheapest|least expensive|most affordable|largest|biggest|smallest|lightest|brightest|newest|best|highest|lowest|fastest";
const ITEM_NOUN = "one|ones|size|model|version|colou?r|item|variant|option|kind|type|product";

/**
 * "for a brighter one", "to a larger frame size", "for a lower resolution option", "for one with 1000 more pieces", "for the
 * cheapest green type available", "por uno más grande", "por el más barato disponible", "换成更大的", "换成最便宜的".
 */
const VAGUE_ITEM = new RegExp(
  [
    `(?<![\\p{L}])(?:for|to|into|with) (?:a|an|another|some) (?:[\\p{L}-]+ ){0,2}?(?:${COMPARATIVE}) (?:[\\p{L}-]+ ){0,2}?(?:${ITEM_NOUN})(?![\\p{L}])`,
    `(?<![\\p{L}])(?:for|to|into|with) (?:one|ones|something|a (?:[\\p{L}-]+ ){0,2}?(?:${ITEM_NOUN})) with (?:\\d[\\d,]* )?(?:more|fewer|less|bigger|larger|smaller|higher|lower|longer|shorter)(?![\\p{L}])`,
    `(?<![\\p{L}])(?:for|to|into|with) the (?:[\\p{L}-]+ ){0,2}?(?:${SUPERLATIVE}) (?:[\\p{L}-]+ ){0,2}?(?:${ITEM_NOUN}|available)(?![\\p{L}])`,
    `(?<![\\p{L}])por (?:otr[oa]|un[oa]|algun[oa]) (?:[\\p{L}]+ ){0,2}?(?:mas grande|mas pequen[oa]|diferente|nuev[oa]|mejor|mas barat[oa]|de (?:mayor|menor) [\\p{L}]+|con mas [\\p{L}]+|con menos [\\p{L}]+)(?![\\p{L}])`,
    `(?<![\\p{L}])por (?:el|la|los|las) (?:[\\p{L}]+ ){0,2}?(?:mas barat[oa]s?|mas econ[oó]mic[oa]s?|mas grandes?|mas pequen[oa]s?)(?![\\p{L}])`,
    `换(?:成|一个|个)?[^，。,.；;\\s]{0,6}?(?:更大|更小|更亮|更暗|更便宜|更高|更低|更长|更短|最便宜|最大|最小|别的|其他|不同)的?(?!\\s*[（(]?\\s*(?:商品|item)?\\s*#?\\d)`,
  ].join("|"),
  "iu",
);

/** "with another card", "a different payment method", "otra tarjeta", "另一张卡". */
const VAGUE_PAYMENT =
  /(?<![\p{L}])(?:another|a different|a new|some other|a second|an other) (?:credit |debit )?(?:card|payment method|method of payment|form of payment)(?![\p{L}])|(?<![\p{L}])(?:otra tarjeta|otro metodo de pago|otra forma de pago)(?![\p{L}])|(?:另一张|另外一张|其他的?|别的)(?:卡|信用卡|支付方式)/iu;

/** A price: what names the item the action would get, with its cost. */
const PRICE = /\$\s?\d|\d+(?:[.,]\d+)?\s?(?:usd|dollars|美元|dolares)/iu;
/** A product id: a long digit run (an order's number, "#W4410278", is taken out before). */
const ITEM_ID = /(?<!\d)\d{6,}(?!\d)/gu;

/**
 * Whether the request names an item the action would get: a price, or two product ids or more (one id alone is the item
 * the user has, "exchange the speaker (item 3254583681) for the cheapest green one": the new one is still unnamed).
 */
function namesItem(request: string): boolean {
  const text = request.replace(/#\s?w?\d+/giu, " ");
  return PRICE.test(text) || new Set(text.match(ITEM_ID) ?? []).size >= 2;
}

/** What names a payment method: its id, the last four digits, a gift card or certificate balance. */
const NAMED_PAYMENT = new RegExp(`(?:${METHOD_ID_PREFIXES}|card)_\\d+|(?:${CARD_DIGITS_LEAD})\\s*(?:in\\s*)?\\d{3,4}|\\*{2,}\\s?\\d{4}|•\\s?\\d{4}`, "iu");

/**
 * The indefinite reference a request (normal form) leaves unresolved, or `undefined` when it names
 * what the action would use.
 */
export function vagueTarget(request: string): string | undefined {
  const item = VAGUE_ITEM.exec(request);
  // an order's number ("#W4410278") names the order, not the item it would get
  if (item && !namesItem(request)) return item[0].trim();
  const payment = VAGUE_PAYMENT.exec(request);
  if (payment && !NAMED_PAYMENT.test(request)) return payment[0].trim();
  return undefined;
}
