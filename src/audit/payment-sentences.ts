/**
 * The sentences of a user's reply that say how to pay, taken out so that the judge reads the rest:
 * the one sentence filter behind the audit's readings of a payment method the reply names by reference
 * to the record (`recorded-payment-reference.ts`) or by itself (`named-payment.ts`). Such a sentence
 * must be a plain statement: one that also asks, puts a condition or asks to make sure keeps the
 * whole reply for the judge to read as it is.
 * @internal
 */

/** Words of paying (EN, ES, ZH). */
export const PAYMENT_WORDS =
  /(?<![\p{L}])(?:pay|paying|paid|payment|payments|charge|charged|card|method|refund|refunded|pago|pagar|tarjeta|cargo|m[eé]todo|reembolso)(?![\p{L}])|支付|付款|扣款|退款|卡/iu;

/** Questions, conditions and requests to make sure: a sentence with one is not a plain statement of the method. */
export const NOT_PLAIN =
  /[?？]|(?<![\p{L}])(?:if|unless|only|as long as|provided|but|though|although|make sure|ensure|sure that|can you|could you|would you|will it|is it|si|siempre que|solo si|pero|aseg[uú]rese|asegurar)(?![\p{L}])|如果|只要|除非|但是|确保|是否|吗/iu;

/** A reply cut into sentences (after `.`, `!`, `?` and their Chinese forms), blank ones dropped. */
export function replySentences(reply: string): string[] {
  return reply
    .split(/(?<=[.!?。！？])\s*/u)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * The reply without the sentences `isPayment` picks, as `rest`, and those sentences as `removed`; or
 * `undefined` when it picks none, when one of them matches `notPlain`, or when nothing else is left.
 *
 * @example
 * ```ts
 * withoutPaymentSentences("Yes. I'll pay with my Visa.", (s) => /visa/i.test(s)); // { rest: "Yes.", removed: ["I'll pay with my Visa."] }
 * ```
 * @param reply The user's reply, as written.
 * @param isPayment Whether a sentence is one of those to take out.
 * @param notPlain What makes such a sentence more than a statement (default: `NOT_PLAIN`).
 */
export function withoutPaymentSentences(
  reply: string,
  isPayment: (sentence: string) => boolean,
  notPlain: RegExp = NOT_PLAIN,
): { rest: string; removed: string[] } | undefined {
  const kept: string[] = [];
  const removed: string[] = [];
  for (const s of replySentences(reply)) {
    if (!isPayment(s)) kept.push(s);
    else if (notPlain.test(s)) return undefined;
    else removed.push(s);
  }
  return removed.length > 0 && kept.length > 0 ? { rest: kept.join(" "), removed } : undefined;
}
