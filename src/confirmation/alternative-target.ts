/**
 * A request whose action names its target as one of two ids: "the jigsaw puzzle in order #W3916020 or #W5416052", "cancel
 * reservation Q69X3R or K2LM7P", "el pedido #W3916020 o el #W5416052", "订单 #W3916020 或 #W5416052". Which one the action
 * touches was never settled, so a yes that does not name one of them consents to nothing exact; a reply that names exactly
 * of them ("the one in #W5416052") chooses, and is read as such by the rest of the judge. Found as a false confirmation on real
 * replies (real-replies-9, r9-119). EN, ZH, ES; read on text in `normalizeText` form (lower case).
 * @internal
 */

/** An id: an order number ("#w3916020"), a code of letters and digits ("q69x3r", "hat088"), or six or more digits (an item id). */
const ID = String.raw`#?(?:w\d{5,}|(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]{5,10}|\d{6,})`;
/** What may stand between "or" and the second id: its noun again ("order", "reservation", "el pedido", "订单"). */
const NOUN = String.raw`(?:(?:the |el |la )?(?:order|reservation|booking|item|flight|pedido|reserva|vuelo|articulo)\s+|订单\s*|预订\s*|航班\s*)?`;
const ALTERNATIVE = new RegExp(
  String.raw`(?<![\p{L}\d#])${ID}(?:\s*[,，、]\s*${NOUN}${ID})*(?![\p{L}\d])\s*[,，]?\s*(?:or|o|或者?|还是)\s*${NOUN}${ID}(?![\p{L}\d])`,
  "gu",
);
const ID_IN_LIST = new RegExp(String.raw`(?<![\p{L}\d#])${ID}(?![\p{L}\d])`, "gu");

/**
 * The two ids a statement of the request leaves open ("in order #w3916020 or #w5416052") when the reply names neither;
 * undefined otherwise (a reply that names one picks it; one that names both says what it wants for each, read elsewhere).
 * @param reply The reply in `normalizeText` form.
 * @param requestText The request in `normalizeText` form.
 */
export function unsettledTarget(reply: string, requestText: string): string | undefined {
  for (const m of requestText.matchAll(ALTERNATIVE)) {
    const ids = new Set([...m[0].matchAll(ID_IN_LIST)].map((x) => bare(x[0])));
    // (two ids in a statement of the action; a list of options, or a question — "which one: a or b?" — is a choice the
    // reply may make by other words, read by the choice readings)
    if (ids.size !== 2 || inQuestion(requestText, m.index, m[0].length)) continue;
    if ([...ids].some((id) => mentions(reply, id))) continue;
    return m[0];
  }
  return undefined;
}

const bare = (id: string): string => id.replace(/^#/, "");

/** The span's sentence (up to the next line break or sentence end) asks a question. */
function inQuestion(text: string, at: number, length: number): boolean {
  const start = Math.max(text.lastIndexOf("\n", at), text.lastIndexOf(". ", at)) + 1;
  const rest = text.slice(at + length);
  const end = rest.search(/[.!。！\n]/u);
  return /[?？¿]/u.test(text.slice(start, at + length + (end < 0 ? rest.length : end + 1)));
}

function mentions(text: string, id: string): boolean {
  return new RegExp(String.raw`(?<![\p{L}\d])#?${id}(?![\p{L}\d])`, "u").test(text);
}
