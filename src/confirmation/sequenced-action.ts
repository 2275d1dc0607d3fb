/**
 * A yes followed by another action in sequence ("Yes, do the upgrade and then cancel both
 * reservations", "sí, y luego cancele la otra", "好的，然后把另一个也取消"): the second action is one the
 * request's question did not put (its verb is not among the question's), so the reply asks for more
 * than was described. Found as a false confirmation on new real replies (real-replies-4: the request
 * mentioned cancelling only as a consequence of the upgrade, so "cancel" was not new to it).
 * @internal
 */
import { ACTION } from "./request-parts.js";
import { splitSentences } from "./reply-text.js";

/** "and then", "after that", "y luego", "然后": what follows is a next step. */
const NEXT_STEP =
  /(?<![\p{L}])(?:(?:and )?then|after that|afterwards|once (?:that'?s|that is|it'?s|it is) done|(?:y )?luego|(?:y )?despues)(?![\p{L}])|然后|之后再|接着|再把/giu;

/**
 * What follows "then" in a story: a verb in the past ("…and then found out it moved online", "y luego me enteré de que…", "然后才发现…"),
 * with or without its subject. The story goes on; no next step is asked.
 */
const PAST_AFTER_THEN =
  /^[\s,]*(?:(?:i|we|he|she|they|it|you|my \p{L}+|our \p{L}+)\s+)?(?:just\s+|suddenly\s+|finally\s+)?(?:\p{L}+ed|found|saw|got|heard|learnt|knew|was|were|had|went|came|did|told|said|left|became|realised|(?:me|nos|se) (?:entere|enteramos|entero|di cuenta|dimos cuenta|dio cuenta)|vi|vimos|supe|supimos|descubri|descubrimos)(?![\p{L}])|^(?:才|我才|我们才)?(?:发现|知道|听说|得知|意识到|想起)/iu;

/** A sentence that puts the action to the user, or announces the step after it: a question, "I'll…", "after this, we can…" (not "I can't…"). */
const PUTS =
  /(?<![\p{L}])(?:i'?ll|i will|shall i|should i|would you like(?: me)? to|do you want(?: me)? to|proceed with|go ahead with|confirm|(?:we|i) can(?!'t|not)(?: then)?|after (?:this|that)|once (?:this|that|it)|next)(?![\p{L}])|是否|要(?:我|为您)|(?<![\p{L}])(?:voy a|desea|procedo|quiere)(?![\p{L}])/iu;

/** A verb's stem for comparing across forms ("cancel", "cancellation", "booking"/"book", "added"/"add"; "取消"). @internal */
export const verbStem = (verb: string) =>
  /\p{Script=Han}/u.test(verb)
    ? verb.slice(0, 2)
    : verb
        .toLowerCase()
        .replace(/(?:ations?|ing|ed|ion|es|s|e)$/u, "")
        .slice(0, 4);

/** The action verbs of a text, as stems ("cancel", "cancellation" → "canc"; "取消"). */
export const actionVerbs = (text: string) => [...text.matchAll(new RegExp(ACTION.source, "giu"))].map((m) => verbStem(m[0]));

/** The sentences of a request that put the action to the user or announce the step after it. */
export function putSentences(request: string): ReturnType<typeof splitSentences> {
  return splitSentences(request).filter((s) => s.question || PUTS.test(s.text));
}

/**
 * The next-step verb of a reply (normal form) that the request's question does not put, or `undefined`.
 *
 * @example
 * ```ts
 * const request = "…once upgraded, the reservation would be eligible for cancellation. would you like me to proceed with the upgrade of xehm4b?";
 * nextStepNotPut("yes, do the upgrade and then cancel both xehm4b and 59xx6w.", request); // "cancel"
 * nextStepNotPut("yes, do the upgrade and then i'll fly on the 20th.", request); // undefined (no action verb after "then")
 * ```
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 */
export function nextStepNotPut(reply: string, request: string): string | undefined {
  const put = new Set(putSentences(request).flatMap((s) => actionVerbs(s.text)));
  if (put.size === 0) return undefined;
  for (const m of reply.matchAll(NEXT_STEP)) {
    const after = reply.slice(m.index + m[0].length).split(/[.!?;。！？]/u)[0] ?? "";
    if (PAST_AFTER_THEN.test(after)) continue;
    const verb = new RegExp(ACTION.source, "iu").exec(after);
    if (verb !== null && !put.has(verbStem(verb[0]))) return verb[0];
  }
  return undefined;
}
