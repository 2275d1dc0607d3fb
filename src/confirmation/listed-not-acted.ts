/**
 * Bookings and orders a request lists but does not act on ("You have two reservations: AB12CD
 * and EF34GH. I'll cancel AB12CD only"). A reply that names one of the others ("Cancel EF34GH",
 * "取消 EF34GH", "Cancele la EF34GH"), or says "both" of them, asks for an action on something the
 * request did not put to the user: it is not a yes to the action that was put.
 *
 * Which booking or order is acted on: the action's own `reservation_id` / `order_id` when the
 * judge is given the pending action; otherwise the ones named in the request's sentences that
 * propose the action ("I'll cancel…", "Shall I cancel…", "我将取消…", "Voy a cancelar…"), when those
 * name some of the listed ones and not all and say so ("only", "just", 只, "solo"). When neither
 * tells, nothing is decided here: from text alone, a sentence naming one booking ("I can see
 * AB12CD is refundable") does not say the others are left out.
 * Read on text in `normalizeText` form. EN, ZH, ES.
 * @internal
 */
import { saysBoth } from "./both-reference.js";
import type { ConsentAction } from "./consent-judge.js";
import { namedValues } from "./reply-values.js";
import { splitSentences } from "./reply-text.js";

/** A reservation code (six letters and digits, with a digit, not a flight number such as HAT114) or an order id (#W1234567). */
function isBookingOrOrder(key: string): boolean {
  if (!key.startsWith("id:")) return false;
  const id = key.slice(3);
  if (/^#?w\d{5,}$/u.test(id)) return true;
  return /^[a-z0-9]{6}$/u.test(id) && /\d/u.test(id) && /[a-z]/u.test(id) && !/^[a-z]{2,3}\d{3,4}$/u.test(id);
}

/** The arguments that say which booking or order an action acts on. */
const SUBJECT_KEY = /^(?:reservation|order|booking)_?ids?$/iu;

/** A sentence that proposes the action: the agent says it will act, or asks whether to. */
const PROPOSES =
  /(?<![\p{L}])(?:i'?ll|i will|i am going to|i'?m going to|i can|shall i|should i|may i|can i|would you like me to|do you want me to)(?![\p{L}])|我(?:将|会|可以)|(?:将|会)为您|是否(?:要|需要|确认)?(?:取消|办理|继续)|(?<![\p{L}])(?:voy a|puedo|procedo|procedere|desea que|quiere que)(?![\p{L}])/iu;
/**
 * Whether a sentence (normal form) proposes an action: the agent says it will act, or asks whether to
 * ("I'll cancel…", "Shall I proceed with…", "我将取消…", "¿Desea que proceda?").
 * @param sentence One sentence of a request (normal form).
 */
export function proposesAction(sentence: string): boolean {
  return PROPOSES.test(sentence);
}

/** The proposing sentence itself says it leaves the others out ("I'll cancel AB12CD only", "只取消", "solo la AB12CD"; not "a solo passenger"). */
const ONLY = /(?<![\p{L}])(?:only|just|alone|solamente|unicamente|solo (?:la|el|los|las|esta|este|esa|ese|una|un|su)(?![\p{L}]))(?![\p{L}])|只|仅/iu;

/** Words that leave a booking as it is ("keep", "stays", "as is", 保留, "se queda", "no toque"). */
const KEEP =
  /(?<![\p{L}])(?:keep|keeping|stays?|remains?|leave|leaving|as is|as it is|untouched|unchanged|mantener|mantenga|se queda|deje|dejar|no toque)(?![\p{L}])|保留|不变|不动|留着/iu;

/** Whether the sentence of the reply that names `id` leaves it as it is. */
function leftOut(reply: string, id: string): boolean {
  return splitSentences(reply).some((s) => s.text.includes(id) && s.text.split(/,|;|\band\b|\by\b|，|、|和/u).some((c) => c.includes(id) && KEEP.test(c)));
}

/** The bookings or orders a text names (normal form), as `id:` keys. */
function subjects(text: string): Set<string> {
  return new Set(
    namedValues(text)
      .map((v) => v.key)
      .filter(isBookingOrOrder),
  );
}

/**
 * What the reply says about a booking or order the request lists but does not act on: the id it
 * names, or "both", or `undefined` when it names none (or which one is acted on cannot be told).
 *
 * @example
 * ```ts
 * const request = "you have two reservations: ab12cd (june 3) and ef34gh (june 9). i'll cancel ab12cd only. should i proceed?";
 * namesListedNotActed("cancel ef34gh.", request, []); // "ef34gh"
 * namesListedNotActed("cancel both.", request, []); // "both"
 * namesListedNotActed("yes, cancel ab12cd.", request, []); // undefined
 * ```
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 * @param actions The pending action(s), when known.
 * @param pair Whether the reply's "both" already means two things one action takes (both-reference.ts).
 */
export function namesListedNotActed(reply: string, request: string, actions: readonly ConsentAction[], pair = false): string | undefined {
  const listed = subjects(request);
  if (listed.size < 2) return undefined;
  let acted: Set<string>;
  const fromArgs = actions.flatMap((a) =>
    Object.entries(a.args)
      .filter(([k]) => SUBJECT_KEY.test(k))
      .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
      .filter((v): v is string => typeof v === "string")
      .map((v) => `id:${v.toLowerCase()}`),
  );
  const proposed = (needsOnly: boolean) =>
    splitSentences(request)
      .filter((s) => PROPOSES.test(s.text) && (!needsOnly || ONLY.test(s.text)))
      .flatMap((s) => [...subjects(s.text)])
      .filter((k) => listed.has(k));
  // the action's own booking, and any the request proposes to act on as well ("I'll cancel FDZ0T5, HSR97W
  // and MFRB94"): one yes may cover several listed writes, judged one at a time
  if (fromArgs.length > 0) acted = new Set([...fromArgs, ...proposed(false)]);
  else {
    acted = new Set(proposed(true));
    // the proposing sentences name none, or all of them: which one is acted on is not told here
    if (acted.size === 0 || acted.size >= listed.size) return undefined;
  }
  // "cancel AB12CD and keep EF34GH as it is" names the other one only to leave it out
  const other = [...subjects(reply)].find((k) => listed.has(k) && !acted.has(k) && !leftOut(reply, k.slice(3)));
  if (other !== undefined) return other.slice(3);
  // a date is how people tell their bookings apart ("the June 9 one"); flights and amounts are read elsewhere
  const detail = namedValues(reply).find((v) => v.key.startsWith("d:") && otherDetails(request, listed, acted).has(v.key));
  if (detail !== undefined) return detail.text;
  if (!pair && acted.size === 1 && saysBoth(reply)) return "both";
  return undefined;
}

/**
 * The details the request's listing gives only for the bookings or
 * orders not acted on: "AB12CD (June 3) and EF34GH (June 9)" gives June 9 to EF34GH. Read in the
 * sentences that list two or more of them, each segment running from one id to the next.
 */
function otherDetails(request: string, listed: ReadonlySet<string>, acted: ReadonlySet<string>): Set<string> {
  const mine = new Set<string>();
  const theirs = new Set<string>();
  for (const s of splitSentences(request)) {
    const text = s.text;
    const at = [...listed]
      .map((k) => ({ k, i: text.indexOf(k.slice(3)) }))
      .filter((x) => x.i >= 0)
      .sort((a, b) => a.i - b.i);
    if (at.length < 2) {
      // a sentence about one booking only: its details are that booking's
      if (at.length === 1) for (const v of namedValues(text)) (acted.has(at[0]!.k) ? mine : theirs).add(v.key);
      else for (const v of namedValues(text)) mine.add(v.key);
      continue;
    }
    for (const v of namedValues(text.slice(0, at[0]!.i))) mine.add(v.key);
    at.forEach((x, j) => {
      const segment = text.slice(x.i, at[j + 1]?.i ?? text.length);
      for (const v of namedValues(segment)) (acted.has(x.k) ? mine : theirs).add(v.key);
    });
  }
  for (const k of mine) theirs.delete(k);
  for (const k of listed) theirs.delete(k);
  return theirs;
}
