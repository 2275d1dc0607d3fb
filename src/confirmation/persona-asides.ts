/**
 * What impatient customers wrap around a go-ahead without changing it: an idiom of haste with a negator ("without further
 * ado", "without delay", "sin más demora") and a question about what comes after ("…, then what?", "what's next?", "¿y luego
 * qué?", "然后呢？"). Neither negates, conditions nor asks about the action: the first only hurries it, the second asks about the
 * steps after it, which cannot change the decision. Both are read out before the reply's clauses are read; what remains is judged
 * as before (so "then what?" alone, or after a clause that does not agree, is still no consent).
 * @internal
 */

import { GO_AHEAD, HESITATION } from "./consent-markers.js";

/**
 * Haste said with a negator or as a moment: "without (any) further ado", "without (any more) delay", "without hesitation", "without
 * another word", "this (very) second", "sin más demora", "sin dudarlo", "en este instante", "不要再耽误了", "一秒都别等".
 */
const HASTE_IDIOM =
  /(?:,\s*|\s+|^)(?:and\s+)?without (?:any |much )?(?:further |more |more of an? )?(?:ado|delay|delays|fuss|waiting|hesitation|hesitating|another word|a second thought|second thoughts)(?![\p{L}])|(?:,\s*|\s+|^)(?:and\s+)?(?:do it |get it done |complete it |finish it )?(?:this (?:very )?(?:second|instant)|right this (?:second|minute|instant))(?![\p{L}])|(?:,\s*|\s+|^)sin (?:mas )?(?:demora|demoras|rodeos|retrasos|esperas|mas espera|dudar(?:lo)?|vacilar|titubear|titubeos|decir (?:nada )?mas)(?![\p{L}])|(?:,\s*|\s+|^)en este (?:mismo )?(?:instante|segundo)(?![\p{L}])|[，,]?\s*(?:不要|别)再?(?:耽误|拖延|拖|犹豫)了?|[，,]?\s*一(?:秒|分钟)(?:都|也)(?:别|不要)(?:等|耽误)了?/giu;

/** A question about the next step, at the end of a sentence: "then what?", "and what's next?", "¿y luego qué?", "然后呢？". */
const NEXT_STEP_QUESTION =
  /(?:[,;]\s*|\s+|^)¿?(?:(?:and|so|ok(?:ay)?)[,\s]+)?(?:then what|what(?:'s| is| comes| happens)? next|what now|and then|y (?:luego|despues|ahora) que|(?:luego|despues) que)\s*\?+|[，,]?\s*(?:然后呢|接下来呢|下一步呢|然后怎么办|接下来怎么办)\s*[?？]+/giu;

/**
 * The reply (normal form) with the idioms of haste and the next-step questions read out; a sentence left empty keeps its
 * full stop, so the reply's other sentences are read as they were.
 * @internal
 */
export function withoutPersonaAsides(reply: string): string {
  return withoutLeadingFiller(reply)
    .replace(NEXT_STEP_QUESTION, ".")
    .replace(HASTE_IDIOM, "")
    .replace(/\s+([.,!?])/g, "$1")
    .trim();
}

/** A filler that opens the reply: "um,", "uh…", "hmm.", "erm", "嗯，", "este…" (normal form). */
const LEADING_FILLER = /^(?:(?:u+m+|u+h+|h+m+|m{2,}|e+r+m+|嗯+|呃+)(?:[,.…!，。]+\s*|\s+)|este[,.…]+\s*)/iu;

/**
 * The reply without a filler at its start ("Um, yes, that's fine. Please go ahead and make the change."), where the rest says an
 * explicit go-ahead ("go ahead", "proceed", "adelante", "请办理") and hesitates nowhere: the filler is a sound, not a doubt. Without
 * a go-ahead ("umm ok", "uh yes?") or beside another hedge ("hmm, I guess that's fine"), the filler stays and is read as before.
 * @internal
 */
export function withoutLeadingFiller(reply: string): string {
  const m = LEADING_FILLER.exec(reply);
  if (m === null) return reply;
  const rest = reply.slice(m[0].length);
  return GO_AHEAD.test(rest) && !HESITATION.test(rest) && !/[?？]/u.test(rest) ? rest : reply;
}

/**
 * A hand-off the user declines, said beside the answer: "I don't want to be transferred to anyone else", "no need to transfer me",
 * "don't pass me to a supervisor", "no quiero que me transfieran", "不用转人工". It turns down something the request did not offer
 * and changes nothing of the action; read out only where the request offers no hand-off (where it does, declining it is part of
 * the answer and is read as such).
 */
const DECLINED_HANDOFF =
  /(?:^|[,;]\s*|\s+)(?:and\s+)?(?:i\s+)?(?:(?:do not|don't|dont|really don't|really do not)\s+(?:want|need|wish)\s+(?:to\s+be|being)\s+(?:transferred|passed|handed|put through|escalated)|(?:please\s+)?(?:do not|don't|dont)\s+(?:transfer|pass|hand|escalate)\s+me|(?:there's\s+|there is\s+)?no\s+need\s+to\s+(?:transfer|pass|escalate)\s+me)(?:\s+(?:to|over to|on to)\s+(?:anyone|anybody|someone|somebody)(?:\s+else)?|\s+(?:to|over to)\s+(?:a|an|the|another)\s+(?:human|agent|person|representative|supervisor|manager)(?:\s+agent)?)?(?![\p{L}])|(?:^|[,;]\s*|\s+)no\s+(?:quiero|necesito)\s+que\s+me\s+(?:transfieran|pasen|comuniquen)(?:\s+con\s+(?:nadie|otra persona|un agente|otro agente))?(?![\p{L}])|[，,]?\s*(?:不用|不要|别)(?:帮我)?转(?:人工|接)(?:了)?/giu;

/**
 * The reply without a hand-off it declines ("…—I don't want to be transferred to anyone else"), where the request offers none.
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 * @internal
 */
export function withoutDeclinedHandoff(reply: string, request: string): string {
  if (
    /(?<![\p{L}])(?:transfer\w*|human|supervisor|representative|hand(?:-| )?off|escalat\w*|transfier\w*|agente humano)(?![\p{L}])|转人工|转接|人工/iu.test(
      request,
    )
  )
    return reply;
  if (!new RegExp(DECLINED_HANDOFF.source, "iu").test(reply)) return reply;
  return reply
    .replace(DECLINED_HANDOFF, "")
    .replace(/\s+([.,!?])/g, "$1")
    .replace(/([.!?。！？])(?:\s*[.。])+/gu, "$1")
    .replace(/^[\s.,;。，]+/u, "")
    .trim();
}
