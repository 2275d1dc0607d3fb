/**
 * The user acknowledging a limit the agent stated: "I understand that it can't be cancelled" after "I'm unable to cancel this
 * reservation", "for the basic economy ones that cannot be cancelled, I understand", "entiendo que no se puede cancelar",
 * "我明白不能取消". The negation repeats the request's own, so it neither refuses nor keeps back part of the action put to the
 * user. A negation the request does not state ("I understand the return flight won't be cancelled" beside a cancellation of
 * the whole reservation) is the user's own and stays a reservation; so does an acknowledgement that goes on to ask ("…, so
 * please cancel the other one instead").
 * @internal
 */
import { NEGATOR } from "./consent-markers.js";
import { unexplainedNegations } from "./request-echo.js";

/** "I understand (that)…", "understood,", "entiendo que…", "我明白…" opening the clause. */
const LEAD =
  /^(?:(?:and|also|oh|ok|okay|well|y|pues|好的|嗯)[,，\s]+)*(?:i (?:completely |totally |fully )?(?:understand|realize|know|accept|see)|i get|understood|got it|(?:lo )?entiendo|comprendo|entendido|我(?:完全)?(?:明白|理解|知道)|明白|理解)(?:\s*(?:that|que|了))?(?![\p{L}])[,，\s]*/iu;
/** "…, I understand", "…, that's fine", "…, lo entiendo", "…，我理解" closing the clause. */
const TRAIL =
  /[,，;；]\s*(?:(?:and|y)\s+)?(?:i (?:completely |totally |fully )?(?:understand|get it|get that|accept (?:it|that))|understood|(?:that'?s|it'?s) (?:fine|ok|okay|understandable)|(?:lo )?entiendo|lo comprendo|comprendo|entendido|我(?:完全)?(?:明白|理解)了?|明白了?|理解)\s*[.!。！]*$/iu;
/** Words that ask for something beside the acknowledgement. */
const ASKS = /[?？]|(?<![\p{L}])(?:please|instead|rather|but|so|then|por favor|en cambio|en su lugar|pero|entonces)(?![\p{L}])|请|但|改|换/iu;

/**
 * What a clause acknowledges, when it only acknowledges a negation the request itself states ("it can't be cancelled"), or
 * `undefined`.
 *
 * @example
 * ```ts
 * acknowledgedLimit("i understand that it can't be cancelled", "ifoyyz: i'm unable to cancel this reservation. shall i upgrade m20izo?"); // "it can't be cancelled"
 * acknowledgedLimit("i understand that the return flight won't be cancelled", "cancel reservation abc123 (both flights)?"); // undefined
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @internal
 */
export function acknowledgedLimit(clause: string, request: string): string | undefined {
  const said = acknowledged(clause);
  if (said === undefined || ASKS.test(said) || !NEGATOR.test(said)) return undefined;
  return unexplainedNegations(said, request).length === 0 ? said : undefined;
}

/**
 * The negations a clause acknowledges that the request does not state ("I understand that it can't be refunded" beside a
 * cancellation that refunds $380): the user takes the action to be other than described. Empty when the clause
 * acknowledges nothing or only what the request stated.
 *
 * @example
 * ```ts
 * unstatedAcknowledgedNegations("i understand that it can't be refunded", "cancel h6yy2c and refund $380 to your visa?"); // ["n't refunded"]
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @internal
 */
export function unstatedAcknowledgedNegations(clause: string, request: string): string[] {
  const said = acknowledged(clause);
  return said === undefined || !NEGATOR.test(said) ? [] : unexplainedNegations(said, request);
}

/** What an acknowledging clause says is so ("it can't be cancelled" in "I understand that it can't be cancelled"), or `undefined`. */
function acknowledged(clause: string): string | undefined {
  const lead = LEAD.exec(clause);
  const trail = lead === null ? TRAIL.exec(clause) : null;
  if (lead === null && trail === null) return undefined;
  const said = (lead !== null ? clause.slice(lead[0].length) : clause.slice(0, trail!.index)).trim();
  return said === "" ? undefined : said;
}
