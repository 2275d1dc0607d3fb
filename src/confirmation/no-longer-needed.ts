import { DETAIL_WORDS } from "./reason-given.js";

/**
 * "I won't be needing that flight", "I don't need those items anymore", "ya no lo necesito",
 * "用不上了", "I'm not going anymore": to a request that takes something away (cancel, return, remove,
 * downgrade), the user saying they no longer need it, or no longer go, is the reason for the action,
 * not a negation of it. Only the
 * temporal forms count ("anymore", "any longer", "no longer", "won't be needing"): a bare "I don't
 * need it" may refuse the action itself. It stays a negation when the thing no longer needed is a
 * detail of the action (the refund, the card, the bags…), and to a request that adds or books
 * something ("I don't need it anymore" to "shall I add a bag?" refuses).
 * @internal
 */

/** The request takes something away. */
const REMOVES =
  /(?<![\p{L}])(?:cancel\w*|return\w*|remov\w*|downgrad\w*|anular|cancelar|devolver|devoluci[oó]n|eliminar)(?![\p{L}])|取消|退货|退掉|退回商品|删除|降级/iu;
/** The request adds, books or upgrades something (verbs only: "your booking", "预订" as a noun, are what a cancellation takes away). */
const ADDS = /(?<![\p{L}])(?:add|adding|book|upgrad\w*|purchas\w*|buy|anadir|agregar|reservar|comprar)(?![\p{L}])|添加|加上|订票|升级|购买/iu;

/**
 * The object: a pronoun, or the whole thing the action takes away named plainly ("that flight", "those
 * items", "the reservation"). A qualified part ("the return flight", "the lamp") is left to the rest
 * of the judge: it may say which part the user means.
 */
const OBJECT = String.raw`(?:(?:the|that|this|those|these|my|our)\s+(?:flight|flights|trip|reservation|booking|order|item|items|ticket|tickets|stuff|things?)|it|them|that|this|those|these)(?![\p{L}])`;
const NO_LONGER_NEEDED = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:(?:i|we)\s+)?(?:won'?t|will not)\s+(?:be\s+)?need(?:ing)?\s+${OBJECT}(?:\s+(?:anymore|any more|any longer))?`,
    String.raw`(?<![\p{L}])(?:(?:i|we)\s+)?(?:don'?t|do not|won'?t|will not)\s+need\s+${OBJECT}\s+(?:anymore|any more|any longer)`,
    String.raw`(?<![\p{L}])(?:(?:i|we)\s+)?no longer\s+(?:need|require)\s+${OBJECT}`,
    // the trip itself no longer happening, in its temporal forms only: "i'm not going anymore", "we're no longer travelling"
    String.raw`(?<![\p{L}])(?:i|we|i'm|we're)\s+(?:am\s+|are\s+)?not\s+(?:going|travel+ing|flying|coming)\s+(?:anymore|any more|any longer)(?=\s*(?:[.,;!]|$))`,
    String.raw`(?<![\p{L}])(?:i|we|i'm|we're)\s+(?:am\s+|are\s+)?no longer\s+(?:going|travel+ing|flying|coming)(?=\s*(?:[.,;!]|$))`,
    String.raw`(?<![\p{L}])ya no (?:lo|la|los|las)?\s*(?:necesito|necesitamos|voy a necesitar|vamos a necesitar)(?![\p{L}])`,
    String.raw`不再需要|用不上了|用不到了`,
  ].join("|"),
  "giu",
);

/**
 * A clause (normal form) without the user's saying that they no longer need what the request takes
 * away; the clause unchanged when the request does not take something away or the phrase names a
 * detail of the action.
 *
 * @example
 * ```ts
 * withoutNoLongerNeeded("i won't be needing that flight", "shall i cancel reservation 9mzkt4?"); // " "
 * withoutNoLongerNeeded("i don't need the refund anymore", "shall i cancel it and refund $80?"); // unchanged
 * ```
 * @param clause The clause, in normal form.
 * @param request The request, in normal form.
 * @internal
 */
export function withoutNoLongerNeeded(clause: string, request: string): string {
  if (!REMOVES.test(request) || ADDS.test(request)) return clause;
  return clause.replace(NO_LONGER_NEEDED, (m) => (DETAIL_WORDS.test(m) ? m : " "));
}
