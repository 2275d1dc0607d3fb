/**
 * A request that describes what the action would use only by an indefinite reference ("exchange
 * the lamp for a brighter one", "split the payment with another card", "cámbielo por uno más
 * grande", "用另一张卡付") and never names it (no item id, no price, no card): a yes to it consents to
 * no exact action, since the user never saw which item or which card.
 * @internal
 */
import { CARD_DIGITS_LEAD, METHOD_ID_PREFIXES } from "./payment-method-lexicon.js";

/** "for a brighter one", "to a larger size", "por una más grande", "换成更大的". */
const VAGUE_ITEM =
  /(?<![\p{L}])(?:for|to|into|with) (?:a|an|another|some) (?:[\p{L}-]+ ){0,2}?(?:larger|bigger|smaller|brighter|dimmer|lighter|darker|different|newer|cheaper|better|other|less [\p{L}]+|more [\p{L}]+) (?:one|ones|size|model|version|colou?r|item|variant|option|kind|type)(?![\p{L}])|(?<![\p{L}])por (?:otr[oa]|un[oa]|algun[oa]) (?:[\p{L}]+ ){0,2}?(?:mas grande|mas pequen[oa]|diferente|nuev[oa]|mejor|mas barat[oa])(?![\p{L}])|换(?:成|一个|个)?(?:更大|更小|更亮|更暗|别的|其他|不同)的?(?!\s*[（(]?\s*(?:商品|item)?\s*#?\d)/iu;

/** "with another card", "a different payment method", "otra tarjeta", "另一张卡". */
const VAGUE_PAYMENT =
  /(?<![\p{L}])(?:another|a different|a new|some other|a second|an other) (?:credit |debit )?(?:card|payment method|method of payment|form of payment)(?![\p{L}])|(?<![\p{L}])(?:otra tarjeta|otro metodo de pago|otra forma de pago)(?![\p{L}])|(?:另一张|另外一张|其他的?|别的)(?:卡|信用卡|支付方式)/iu;

/** What names an item: a product id (a long digit run), a price. */
const NAMED_ITEM = /\d{6,}|\$\s?\d|\d+(?:[.,]\d+)?\s?(?:usd|dollars|美元|dolares)/iu;

/** What names a payment method: its id, the last four digits, a gift card or certificate balance. */
const NAMED_PAYMENT = new RegExp(`(?:${METHOD_ID_PREFIXES}|card)_\\d+|(?:${CARD_DIGITS_LEAD})\\s*(?:in\\s*)?\\d{3,4}|\\*{2,}\\s?\\d{4}|•\\s?\\d{4}`, "iu");

/**
 * The indefinite reference a request (normal form) leaves unresolved, or `undefined` when it names
 * what the action would use.
 */
export function vagueTarget(request: string): string | undefined {
  const item = VAGUE_ITEM.exec(request);
  // an order's number ("#W4410278") names the order, not the item it would get
  if (item && !NAMED_ITEM.test(request.replace(/#\s?w?\d+/giu, " "))) return item[0].trim();
  const payment = VAGUE_PAYMENT.exec(request);
  if (payment && !NAMED_PAYMENT.test(request)) return payment[0].trim();
  return undefined;
}
