/**
 * A sentence of a reply that names how to pay only by reference to the record: "I'm okay with the
 * original payment going towards this reservation", "I will use the same payment method as before",
 * "con el mismo método de pago de antes", "用原来的支付方式". When the write the reply answers pays
 * with (or refunds to) the one method the reservation it changes was paid with, such a sentence
 * states exactly the detail the write uses (labels README, rules 3 and 5); the judge, which does not
 * see the record, reads it as a method nobody put to the user. The audit removes such sentences and
 * has the judge read the rest. A sentence that also asks, puts a condition or asks to make sure
 * ("could you make sure my original payment is used?", "the same card as before, if there is no fee")
 * is kept: the reply stays the judge's to read as it is.
 * @internal
 */
import { PAYMENT_WORDS, withoutPaymentSentences } from "./payment-sentences.js";

const REFERENCE =
  /(?<![\p{L}])(?:original(?:ly)?|same\s+(?:payment|method|card|one|way|account|form)|as\s+before|previous(?:ly)?|earlier|usual|last\s+time|mism[oa]|anterior|de\s+antes|como\s+antes)(?![\p{L}])|原(?:来|始|先)|同样|一样|相同|之前|以前|上次|平时/iu;

/**
 * The reply without its sentences that name the payment method only by reference to the record, or
 * `undefined` when it has none, when one of them is not a plain statement, or when nothing else is left.
 *
 * @example
 * ```ts
 * withoutRecordedPaymentReference("Yes, please proceed. I will use the same payment method as before."); // "Yes, please proceed."
 * withoutRecordedPaymentReference("Yes. Could you make sure my original payment is used?"); // undefined
 * ```
 * @param reply The user's reply, as written.
 */
export function withoutRecordedPaymentReference(reply: string): string | undefined {
  return withoutPaymentSentences(reply, (s) => REFERENCE.test(s) && PAYMENT_WORDS.test(s))?.rest;
}
