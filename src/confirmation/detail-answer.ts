/**
 * A reply that answers only the request's question about a detail: the request asks two things,
 * whether a detail holds ("Is the Visa ending 2208 still your card, and shall I proceed?", "¿Sigue
 * siendo suya la Visa…?", "尾号2208的Visa卡还是您的吗？") and whether to go ahead, and the reply says
 * yes to the detail in so many words ("Yes, that's my card", "Sí, es mi tarjeta", "对，是我的卡") and
 * nothing to the action. Its yes answers the first question; the second is still open.
 * @internal
 */

/** The request asks whether a detail holds ("is … (still) your card", "is … correct", "¿es su…?", "…是您的吗"), and what that detail's words are. */
const DETAIL_QUESTION =
  /(?<![\p{L}])(?:is|are)\s+(?:that|this|it|the|your)?\s*([^?.!\n]{0,60}?)\s+(?:still\s+)?(?:your|yours|correct|right|current|valid|up to date)(?:\s+([\p{L}-]+(?:\s+[\p{L}-]+)?))?[^?.!\n]{0,120}\?|(?:es|sigue siendo)\s+(?:su|suya|suyo|correct[oa])\s*([^?.!\n]{0,40})\?|(\p{Script=Han}{1,10})(?:还是|是)(?:您|你)的吗/giu;

/** The reply's yes to a detail: "that's my card", "the Visa is (still) mine", "es mi tarjeta", "是我的卡". The noun is group 1 or 2. */
const DETAIL_YES =
  /^(?:(?:yes|yeah|yep|correct|right|siyes|si|sí|对|是的|是)[,.!，。！\s]*)?(?:(?:that|this|it)(?:'s| is)\s+(?:still\s+)?(?:my|the right|the correct)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)|(?:the|my)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+is\s+(?:still\s+)?(?:mine|correct|right|current|valid)|(?:es|sigue siendo)\s+(?:mi|la)\s+([\p{L}-]+)|(?:还)?是我的(\p{Script=Han}{1,4}))[.!。！\s]*$/iu;

/** Words that go ahead with the action: a reply that has one answers the second question too. */
const GOES_AHEAD = /(?<![\p{L}])(?:proceed|go ahead|do it|cancel|book|change|continue|adelante|proceda|continue|cancele)(?![\p{L}])|办理|继续|取消/iu;

/**
 * The detail the reply's yes is about, when the request asked about that detail as a question of its
 * own and the reply says nothing of the action; undefined otherwise.
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function answersDetailOnly(reply: string, request: string): string | undefined {
  const said = DETAIL_YES.exec(reply.trim());
  if (said === null || GOES_AHEAD.test(reply)) return undefined;
  const noun = (said[1] ?? said[2] ?? said[3] ?? said[4] ?? "").toLowerCase();
  const head = /\p{Script=Han}/u.test(noun) ? noun.slice(-1) : noun.split(/\s+/).pop()!.replace(/s$/u, "");
  if (head === "") return undefined;
  for (const m of request.matchAll(DETAIL_QUESTION)) {
    if (m[0].toLowerCase().includes(head)) return said[0].trim();
  }
  return undefined;
}
