/**
 * Offers of further help that close many agent messages ("Is there anything else I can help you with today?", "If you have
 * any other questions, let me know.", "¿Algo más en lo que pueda ayudarle?", "还有什么可以帮您的吗？"): they ask nothing about
 * the action. The request readers set them aside before reading what the request asks. Read on text in `normalizeText` form.
 * EN, ZH, ES.
 * @internal
 */

/**
 * The words that make a question an offer of further help ("anything else", "any other questions", "help you with today",
 * "algo mas", "其他问题"): a question that holds one asks about nothing of the action (asked-question.ts). @internal
 */
export const CLOSING_OFFER_WORDS =
  /(?:anything else|something else|any other (?:questions?|requests?|concerns?)|further questions?|help you with today|algo mas|alguna otra|其他问题|还有什么)/iu;

/**
 * A whole sentence that offers further help: a lead-in ("if you have", "let me know if", "is there anything else") and what it
 * offers help with ("questions", "assistance", "anything else"), to the sentence's end. Narrower than `CLOSING_OFFER_WORDS`
 * (both parts must be there) because it removes the sentence from the request before the consent judge reads what it asks
 * (consent-judge.ts). Global: use it with `replace`. @internal
 */
export const CLOSING_OFFER_SENTENCE =
  /[^.?!\n]*(?:if you have|should you have|let me know if|is there anything else|anything else i can|if there'?s anything else|if you need)[^.?!\n]*(?:questions?|concerns?|assistance|help|anything else|other requests?|further)[^.?!\n]*[.?!]?/giu;
