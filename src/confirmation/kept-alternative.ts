/**
 * Keeping what is there, when the request offered it as the alternative to the action ("switch to
 * HAT266, or stay on HAT100?"): a reply that names the standing item ("go ahead with the current
 * flight", "el vuelo actual", "按现在的航班") or says to keep it ("keep it", "quedarme", "保留") chooses
 * the alternative, whatever agreement word it opens with.
 * @internal
 */

/** The request offers to keep or stay with what is there as an alternative. */
const OFFERS_KEEPING =
  /(?<![\p{L}])(?:or|rather|instead)\s+(?:would you (?:like|prefer) to\s+|do you want to\s+|you (?:can|could)\s+)?(?:stay|keep|remain|stick|leave)(?![\p{L}])|(?<![\p{L}])o\s+(?:prefiere\s+|quiere\s+)?(?:quedarse|mantener|conservar|dejar)(?![\p{L}])|(?:还是|或者)(?:继续)?(?:留在|保留|维持|不变|保持)/iu;

/** The standing item, or keeping it, in a reply. */
const KEEPS =
  /(?<![\p{L}])(?:(?:current|existing|original|old|present|same)\s+(?:flight|one|booking|reservation|trip|itinerary|date|plan)|stay(?:ing)?\s+(?:on|with|put)|keep(?:ing)?\s+(?:it|that|this|the|my)|stick(?:ing)?\s+with|leave\s+it)(?![\p{L}])|(?<![\p{L}])(?:(?:vuelo|reserva|viaje|fecha)\s+(?:actual|original|existente)|(?:el|la)\s+mism[oa]\s+(?:vuelo|reserva|viaje)|quedarme|me quedo|mantener(?:la|lo)?|conservar(?:la|lo)?|dejarl[oa])(?![\p{L}])|(?:现在|目前|原来|原先|当前)的?(?:航班|预订|行程|日期)|保留|留在|维持|不变/iu;

/**
 * What in a clause keeps the standing item the request offered as the alternative (undefined when
 * nothing does, or the request offered no such alternative).
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 */
export function keptAlternative(clause: string, request: string): string | undefined {
  return OFFERS_KEEPING.test(request) ? KEEPS.exec(clause)?.[0] : undefined;
}
