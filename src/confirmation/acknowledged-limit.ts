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
  // one statement only: "…, I'll keep it for now" goes on to say something of its own
  if (said === undefined || /[,;，；]/u.test(said) || ASKS.test(said) || !NEGATOR.test(said)) return undefined;
  if (unexplainedNegations(said, request).length > 0) return undefined;
  const verb = negatedVerb(said);
  if (verb === undefined) return undefined;
  // what it names must be what the request says it cannot act on: a code named on a line of the request that negates the verb
  const codes = said.match(CODE) ?? [];
  if (codes.length > 0) return codeOffLimit(codes, verb, request) === undefined ? said : undefined;
  // "it", "that one": only where the action the request puts is another one ("I understand it can't be cancelled" beside an upgrade)
  const question = request.split(LINE).filter((line) => /[?？]/u.test(line));
  return question.some((line) => line.includes(verb)) ? undefined : said;
}

/**
 * The code an acknowledgement says cannot be acted on when the request never said so of it ("I understand that 8c8k4e can't be
 * cancelled" when the request cancels 8c8k4e and says another reservation cannot be): the user takes the action to be other
 * than described. Undefined when the clause acknowledges no negation, names no code, or the request says so of every code it names.
 *
 * @example
 * ```ts
 * acknowledgedCodeOffLimit("i understand that 8c8k4e can't be cancelled", "xaz3c0 cannot be cancelled. shall i cancel 8c8k4e?"); // "8c8k4e"
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @internal
 */
export function acknowledgedCodeOffLimit(clause: string, request: string): string | undefined {
  const said = acknowledged(clause);
  const verb = said === undefined ? undefined : negatedVerb(said);
  if (verb === undefined) return undefined;
  return codeOffLimit(said!.match(CODE) ?? [], verb, request);
}

/** The first code not named on a line of the request that negates `verb` (undefined when every one is). */
function codeOffLimit(codes: readonly string[], verb: string, request: string): string | undefined {
  const limitLines = request.split(LINE).filter((line) => new RegExp(`${NEGATED}[^\\n]{0,40}${verb}`, "iu").test(line));
  return codes.find((c) => !limitLines.some((line) => line.includes(c)));
}

/** Where a line or sentence of the request ends (a Chinese full stop needs no space after it). */
const LINE = /\n|(?<=[.!?])\s+|(?<=[。！？])/u;

/**
 * Whether a clause acknowledges only negations the request itself states ("entiendo que no se puede cancelar" after "no se
 * puede cancelar"), whatever they are said of: its "no se" is then the reflexive "no se puede", not "no sé".
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @internal
 */
export function acknowledgesRestatedNegation(clause: string, request: string): boolean {
  const said = acknowledged(clause);
  return said !== undefined && NEGATOR.test(said) && unexplainedNegations(said, request).length === 0;
}

/** Reservation ids and flight numbers, in `normalizeText` form (lower case, letters and digits). */
const CODE = /(?<![\p{L}\p{N}])(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{5,8}(?![\p{L}\p{N}])/gu;
/** A negator before what cannot be done. */
const NEGATED = "(?:not|n't|cannot|unable|no|不|无法|没法)";
/** The first few letters of the verb a negation puts out of reach ("cance" of "can't be cancelled", "取消" of "不能取消"). */
function negatedVerb(said: string): string | undefined {
  const m =
    /(?:not|n't|cannot|unable to|no)\s+(?:(?:be|been|se|puede|pueden|able|to|get|getting)\s+)*([\p{L}]{3,})/iu.exec(said) ??
    /(?:不能|无法|不可以|没法)(\p{Script=Han}{2})/u.exec(said);
  return m ? m[1]!.slice(0, 5).toLowerCase() : undefined;
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
