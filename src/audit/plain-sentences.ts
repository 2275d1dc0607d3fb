/**
 * The sentences of the user's words after a yes that state something plainly: details the user dictates
 * after a yes, before the write, count as agreed (`replay.ts`), but only from a sentence that neither
 * asks nor puts a condition ("Use the Visa ending in 6437, but only if the total stays under $350",
 * "Could you put it on the Visa if that's cheaper?", "Use la Visa si el total no pasa de $350", "如果总价
 * 不超过$350，就用Visa卡支付"), nor one that sets the value aside ("not the Visa ending in 6437", "my
 * Visa expired"). Contrasts and feelings ("even though I'm upset", "only for me") are no condition.
 * @internal
 */
import { replySentences } from "./payment-sentences.js";

/** A question or a condition (EN, ES, ZH); Spanish "si" only when not the yes "si," / "si." typed without its accent. */
const ASKS_OR_CONDITIONS =
  /[?？]|(?<![\p{L}])(?:if|unless|only if|as long as|provided|providing|assuming|make sure|ensure|can you|could you|would you|will it|is it|siempre que|solo si|con tal de que|a menos que|aseg[uú]rese|si(?!\s*[,.!]))(?![\p{L}])|如果|只要|除非|假如|要是|确保|是否|吗/iu;

/**
 * A sentence that sets a value aside or says it cannot be used: "not the Visa ending in 6437", "anything
 * but the Mastercard", "my Visa expired", "en vez de la Visa", "la Visa está vencida", "不是那张Visa卡",
 * "Visa卡过期了". The value it names is no detail the user dictates.
 */
const SETS_ASIDE =
  /(?<![\p{L}])(?:not (?:the|my|your|that|this|a|an|on|with)|instead of|rather than|other than|anything but|except|expired|declined|stolen|lost|blocked|frozen|(?:does|is)n'?t work(?:ing)?|no longer (?:valid|works?|active)|en vez de|en lugar de|excepto|no (?:la|el|mi|con|a) |vencid[ao]|caducad[ao]|caduc[oó]|robad[ao]|bloquead[ao])|不是|不要用|别用|不用|过期|被盗|丢了|冻结|不能用/iu;

/**
 * The plain sentences of a user message, in order.
 *
 * @example
 * ```ts
 * plainSentences("Use the Visa ending in 6437. Can you also add a bag?"); // ["Use the Visa ending in 6437."]
 * plainSentences("Use the Visa, but only if it's under $350."); // []
 * ```
 * @param message A user message, as written.
 */
export function plainSentences(message: string): string[] {
  return replySentences(message).filter((s) => !ASKS_OR_CONDITIONS.test(s) && !SETS_ASIDE.test(s));
}
