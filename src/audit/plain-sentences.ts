/**
 * The sentences of the user's words after a yes that state something plainly: details the user dictates
 * after a yes, before the write, count as agreed (`replay.ts`), but only from a sentence that neither
 * asks nor puts a condition ("Use the Visa ending in 6437, but only if the total stays under $350",
 * "Could you put it on the Visa if that's cheaper?", "Use la Visa si el total no pasa de $350", "如果总价
 * 不超过$350，就用Visa卡支付"). Contrasts and feelings ("even though I'm upset", "only for me") are
 * no condition.
 * @internal
 */
import { replySentences } from "./payment-sentences.js";

/** A question or a condition (EN, ES, ZH); Spanish "si" only when not the yes "si," / "si." typed without its accent. */
const ASKS_OR_CONDITIONS =
  /[?？]|(?<![\p{L}])(?:if|unless|only if|as long as|provided|providing|assuming|make sure|ensure|can you|could you|would you|will it|is it|siempre que|solo si|con tal de que|a menos que|aseg[uú]rese|si(?!\s*[,.!]))(?![\p{L}])|如果|只要|除非|假如|要是|确保|是否|吗/iu;

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
  return replySentences(message).filter((s) => !ASKS_OR_CONDITIONS.test(s));
}
