import { splitSentences } from "./reply-text.js";

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
/** The first `REFERENCES` designators refer to an earlier method ("original", "same", "as before"); the rest name a kind or brand. */
const REFERENCES = 3;
const DESIGNATORS: readonly (readonly [RegExp, RegExp])[] = [
  [
    /(?<![\p{L}])(?:original|originally|originale?s?)(?![\p{L}])|原(?:来|始|先)?的?(?:支付|付款|卡)/iu,
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
  [/(?<![\p{L}])(?:credit|credito)(?![\p{L}])|信用卡/iu, /(?<![\p{L}])(?:credit|credito|visa|mastercard|amex)(?![\p{L}])|信用卡/iu],
  [/(?<![\p{L}])(?:debit|debito)(?![\p{L}])|借记卡/iu, /(?<![\p{L}])(?:debit|debito)(?![\p{L}])|借记卡/iu],
  [/(?<![\p{L}])(?:gift|regalo)(?![\p{L}])|礼品卡/iu, /(?<![\p{L}])(?:gift|regalo)(?![\p{L}])|礼品卡/iu],
  [
    /(?<![\p{L}])(?:certificates?|vouchers?|certificados?|vales?)(?![\p{L}])|旅行券|代金券/iu,
    /(?<![\p{L}])(?:certificate|voucher|certificado|vale)|旅行券|代金券/iu,
  ],
  [/(?<![\p{L}])paypal(?![\p{L}])/iu, /(?<![\p{L}])paypal(?![\p{L}])/iu],
  [/(?<![\p{L}])visa(?![\p{L}])|维萨/iu, /(?<![\p{L}])visa(?![\p{L}])|维萨/iu],
  [/(?<![\p{L}])(?:mastercard|master card)(?![\p{L}])|万事达/iu, /(?<![\p{L}])(?:mastercard|master card)(?![\p{L}])|万事达/iu],
  [/(?<![\p{L}])(?:amex|american express)(?![\p{L}])|运通/iu, /(?<![\p{L}])(?:amex|american express)(?![\p{L}])|运通/iu],
];

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
  // a kind ("my credit card") answers a request that asked how to pay; a reference to an earlier method still needs its words
  const designators = openPayment ? DESIGNATORS.slice(0, REFERENCES) : DESIGNATORS;
  for (const s of splitSentences(reply)) {
    if (!PAYMENT_SUBJECT.test(s.text)) continue;
    for (const [said, described] of designators) {
      const m = said.exec(s.text);
      if (m && !described.test(request)) return m[0];
    }
  }
  return undefined;
}
