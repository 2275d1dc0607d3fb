/**
 * A word of restriction ("only", "later", "keep") that says back the scope the request itself set, rather than cutting the
 * action down:
 * - "that's the only item I want to modify", "modify only this specific action" after a request that asks the user to confirm
 *   it is the only item / all the items ("please confirm this is the only item you want to exchange"): the user affirms that the
 *   described action is the whole of it;
 * - "I'll rebook the flight myself later", "we'll handle the seats later": the user's own step after the action, which is not
 *   the request's action and not a decision about it ("I'll confirm later", "I'll add the bags later" still restrict);
 * - "I want to keep the pet bed" / "宠物床我留着" / "me quedo con la cama" after a request that returns everything except the pet
 *   bed ("除了宠物床", "excepto la cama"): keeping what the request itself leaves out.
 * The first two hold only for a request that puts one action (a request that offers several may have one of them left out).
 * Read on text in `normalizeText` form. "only" and "later" are English markers (the Chinese and Spanish ones are read elsewhere:
 * "只", "solo", "por ahora"); keeping is read in EN, ZH and ES.
 * @internal
 */
import { contentBigrams, contentStems } from "./content-words.js";
import { namedValues } from "./reply-values.js";
import { requestParts } from "./request-parts.js";

/** The request asks the user to confirm that what it describes is all of it ("this is the only item", "all the items you want to modify"). */
// (a request that asks about "all the items" may list several: there only "the only items" / "those are the only ones" says it back)
const ASKS_WHOLE = /(?<![\p{L}])the only (?:item|change|thing|one)(?![\p{L}])/u;
const ASKS_ALL = /(?<![\p{L}])(?:all (?:the )?(?:items|changes) (?:you|that you)|all of the items|the only (?:items|changes|things|ones))(?![\p{L}])/u;
const PLURAL_WHOLE = /(?:items|ones|things|changes|actions|modifications|these|those)$/u;
/** The reply affirms it ("that's the only item I want…", "those are the only items", "only this specific action"), naming nothing after. */
const AFFIRMS_WHOLE =
  /(?<![\p{L}])(?:(?:that'?s|that is|this is|those are|these are|it'?s|it is)? ?the only (?:items?|ones?|things?|changes?|actions?|modifications?)|only (?:this|these|that|those)(?: (?:specific|particular|same|one))? (?:items?|ones?|actions?|changes?|modifications?|one))(?![\p{L}])/u;
/** What would name another item after the phrase ("the only item I want to exchange is the lamp"). */
const NAMES_AFTER = /(?<![\p{L}])(?:is|are|would be|will be)(?![\p{L}])/u;

/** The user as the subject of a step still to come ("I'll", "we will", "I need to", "I'm going to"). */
const OWN_STEP =
  /(?<![\p{L}])(?:i|we)(?:'ll| will| can| could| need to| have to| plan to|'m going to| am going to|'re going to| are going to)\s+(?:(?:just|probably|then|simply|go ahead and)\s+)?([\p{L}-]+)/u;
/** Steps that decide or answer about the action itself: put off, they agree to nothing yet. */
const DECIDING = /^(?:confirm\w*|decid\w*|approv\w*|think|consider\w*|let|get|tell|answer|respond|reply|say|check|see|look|talk|ask|call|pay\w*|do|make)$/u;
/** Verbs of the actions an agent carries out: the request's own one, put off by the user, restricts it ("I'll add the bags later"). */
const ACTION_VERBS =
  /^(?:cancel\w*|book\w*|add\w*|chang\w*|modif\w*|upgrad\w*|downgrad\w*|return\w*|exchang\w*|refund\w*|remov\w*|send\w*|issu\w*|transfer\w*|updat\w*|switch\w*|mov\w*|submit\w*|process\w*|charg\w*|select\w*|choos\w*|pick\w*)$/u;
/** Doing it oneself ("myself", "on my own", "ourselves"). */
const ONESELF = /(?<![\p{L}])(?:myself|ourselves|on my own|on our own|by myself)(?![\p{L}])/u;

/** The request leaves something out or as it is ("except the pet bed", "keep HATHAV", "the lamp stays"). */
const LEAVES =
  /(?<![\p{L}])(?:except|excluding|other than|but not|keep|keeping|kept|stays?|remains?|unchanged|as is|excepto|salvo|menos|sin incluir|conserva\w*|mantiene\w*)(?![\p{L}])|除了|除外|不包括|保留|留下/gu;

/**
 * Whether a restriction marker in a clause (normal form) only restates the scope the request set.
 *
 * @example
 * ```ts
 * const request = "return the kettle and the keyboard, everything except the pet bed. shall i proceed?";
 * restatesScope("please start the return, but i want to keep the pet bed", "i want to keep the", request, false); // true
 * restatesScope("please start the return, but i want to keep the kettle", "i want to keep the", request, false); // false
 * ```
 * @param clause The clause of the reply, in normal form.
 * @param marker The restriction found in it ("only", "later", "keep"…).
 * @param request The request, in normal form.
 * @param several Whether the request puts or offers several actions.
 * @internal
 */
export function restatesScope(clause: string, marker: string, request: string, several: boolean): boolean {
  const m = marker.trim();
  // keeping what the request itself leaves out holds however many things it acts on
  if (/keep|qued|conserv|guard|留|保留/u.test(m)) return keepsWhatRequestLeaves(clause, m, request);
  // the user's own later step: a request with several parts may have one of them put off
  if (m === "later") return requestParts(request).length < 2 && ownLaterStep(clause, request);
  if (several) return false;
  if (/^only$/u.test(m)) {
    const whole = AFFIRMS_WHOLE.exec(clause);
    if (whole === null || NAMES_AFTER.test(clause.slice(whole.index + whole[0].length))) return false;
    return ASKS_WHOLE.test(request) || (ASKS_ALL.test(request) && PLURAL_WHOLE.test(whole[0]));
  }
  return false;
}

/** "I'll rebook the flight myself later": a step of the user's own, with a verb the request does not use, about nothing it acts on. */
function ownLaterStep(clause: string, request: string): boolean {
  const step = OWN_STEP.exec(clause);
  if (step === null || step.index > clause.indexOf("later")) return false;
  const verb = step[1]!;
  if (DECIDING.test(verb) || (ACTION_VERBS.test(verb) && new RegExp(`(?<![\\p{L}])${verb.slice(0, Math.min(verb.length, 5))}`, "u").test(request)))
    return false;
  const object = clause.slice(step.index + step[0].length, clause.indexOf("later"));
  if (namedValues(object).length > 0) return false;
  const requestStems = new Set(contentStems(request));
  return ONESELF.test(clause) || contentStems(object).every((w) => !requestStems.has(w));
}

/** "I want to keep the pet bed" / "宠物床我留着" / "me quedo con la cama" when the request returns everything "except the pet bed". */
function keepsWhatRequestLeaves(clause: string, marker: string, request: string): boolean {
  const at = clause.indexOf(marker);
  if (at < 0) return false;
  // the object: after the marker in English and Spanish ("keep the pet bed"), before it in Chinese ("宠物床我留着")
  const after = clause.slice(at + marker.length).split(/[,;.，；。]|(?<![\p{L}])(?:and|but|then|y|pero)(?![\p{L}])/u)[0]!;
  const object = /\p{Script=Han}/u.test(marker)
    ? clause
        .slice(0, at)
        .split(/[,;，；]/u)
        .pop()!
    : after;
  const ids = namedValues(object).map((v) => v.key);
  const words = [...contentStems(object), ...contentBigrams(object)].filter((w) => !/^(?:我|我们|自己)/u.test(w));
  if (ids.length + words.length === 0) return false;
  for (const leave of request.matchAll(LEAVES)) {
    // what the request leaves out runs to the end of its phrase ("except the pet bed, so I'll return the kettle…")
    const window = /^[^,;:.!?\n，；：。！？]*/u
      .exec(request.slice(leave.index + leave[0].length))![0]
      .split(/(?<![\p{L}])(?:so|then|which|while)(?![\p{L}])/u)[0]!;
    const there = new Set([...namedValues(window).map((v) => v.key), ...contentStems(window), ...contentBigrams(window)]);
    if (ids.length > 0 ? ids.every((k) => there.has(k)) : words.every((w) => there.has(w))) return true;
  }
  return false;
}
