import { splitSentences } from "./reply-text.js";

/**
 * The cancellation a bare "which one?" puts: a request that lists the user's reservations and asks
 * only which one to cancel ("Could you tell me which reservation you would like to cancel? Also,
 * please give the reason", "请告诉我您想取消哪个预订", "¿qué reserva desea cancelar?"). The user's own
 * instruction naming that action and one of the listed items ("I'd like to cancel Q69X3R") is then
 * consent to it (labels README, rule 1, "After a bare 'which one?'"): the item is the only detail a
 * cancellation takes besides the reason, and its refund goes back by the airline's rule.
 *
 * Only a cancellation: a flight, a cabin or an upgrade picked after "which one?" is one step of an
 * action whose other details (price, payment, passengers) are still open. Only when the which-question
 * is the request's one open question (a question about the reason may come with it).
 * Read on text in `normalizeText` form. EN, ZH, ES.
 * @internal
 */

/** A which-question about cancelling: "which reservation you would like to cancel", "qué reserva desea cancelar", "取消哪个预订". */
const WHICH_CANCEL =
  /(?<![\p{L}])(?:which|what)(?![\p{L}])[^.?!\n]{0,60}(?<![\p{L}])cancel(?:led|ed|ling|ing)?(?![\p{L}])|(?<![\p{L}])(?:que|cual(?:es)?)(?![\p{L}])[^.?!\n]{0,60}(?<![\p{L}])(?:cancelar|anular)(?![\p{L}])|取消哪|哪[^。？?！!\n]{0,10}取消/iu;
/** A question or an ask for information. */
const ASKING =
  /^(?:please |kindly )?(?:let me know|tell me|specify|provide|give|indicate|share)|(?:could|can|would) you (?:please )?(?:tell|let|specify|provide|give|share|confirm)|^(?:indique|digame|proporcione)|^请(?:告诉|提供|说明|选择)/iu;
/** The reason for a cancellation, which a which-question may also ask for. */
const REASON = /(?<![\p{L}])(?:reason|why|motivo|razon|por que)(?![\p{L}])|原因|理由|为什么/iu;

/** The verbs that tell the agent to cancel ("cancel", "cancele", "取消"). */
export const CANCEL_VERB = /^(?:cancel\w*|anul\w*|取消)$/iu;

/**
 * Whether the request asks only which of its items to cancel (and, perhaps, the reason).
 *
 * @example
 * ```ts
 * asksWhichToCancel("1. q69x3r … 2. mzdds4 … which reservation would you like to cancel?"); // true
 * asksWhichToCancel("which flight would you like? and which cabin?"); // false
 * ```
 * @param request The request, in normal form.
 */
export function asksWhichToCancel(request: string): boolean {
  const asks = splitSentences(request.slice(-900))
    .filter((s) => s.question || ASKING.test(s.text.trim()))
    .map((s) => s.text.trim());
  const which = asks.filter((t) => WHICH_CANCEL.test(t));
  return which.length >= 1 && asks.every((t) => WHICH_CANCEL.test(t) || REASON.test(t));
}
