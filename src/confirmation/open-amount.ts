/**
 * Whether a user's reply accepts an open amount: it says how to pay "the difference" (or "whatever
 * it costs") without a price having been stated. Labelling rule 3 (test/audit/labels/README.md): an
 * amount never stated is covered only when the user accepted an open amount explicitly with a
 * payment method they chose. Read clause by clause; a clause that caps the amount ("up to $50"),
 * refuses ("if there's a difference, don't"), or asks ("how much would it be?") accepts nothing.
 * English, Spanish and Chinese.
 * @internal
 */

/** Open amounts said outright: "any price difference", "whatever it costs", "cualquier diferencia", "任何差价". */
const OPEN_OUTRIGHT: readonly RegExp[] = [
  /\b(?:any|whatever(?: the)?)\s+(?:(?:price|fare|cost|cabin)\s+)?(?:difference|additional (?:cost|charge|amount|fee)s?|extra (?:cost|charge)s?|price)\b|\bwhatever it costs\b/i,
  /(?<!\p{L})(?:cualquier|toda)\s+diferencia(?!\p{L})|(?<!\p{L})lo que cueste(?!\p{L})/iu,
  /任何差价|差价不管多少|不管差价多少|多少钱都(?:行|可以)|不管多少钱/u,
];

/**
 * Open amounts said as a condition, which accept only when the same clause says how to pay:
 * "if there's a price difference, use my Visa", "si hay alguna diferencia, con mi tarjeta",
 * "如果有差价就用信用卡付".
 */
const OPEN_IF: readonly RegExp[] = [
  /\bif (?:there(?:'s| is| are)|there will be|it costs) (?:a |an |any )?(?:(?:price|fare|cost) )?(?:difference|extra (?:charge|cost|fee)s?|additional (?:charge|cost|fee)s?|more|extra)\b/i,
  /(?<!\p{L})si hay (?:alguna |una )?diferencia(?!\p{L})|(?<!\p{L})si cuesta m[aá]s(?!\p{L})/iu,
  /如果有差价|有差价的话|如果要补差价|如果需要补差价/u,
];

/** The clause names how to pay. */
const PAYS =
  /\b(?:use|charge|put|pay|bill|card|visa|mastercard|amex|gift ?card|certificate|credit)\b|(?<!\p{L})(?:tarjeta|c[aá]rgue(?:la|lo)?|pague|use|usa|con mi)(?!\p{L})|付|支付|刷|信用卡|礼品卡|代金券/iu;

/** The clause limits the amount: a cap word or a stated sum. */
const CAP =
  /\b(?:under|up to|less than|no more than|below|at most|max(?:imum)?|as long as|within|not (?:more|over))\b|\$\s?\d|\d\s*(?:dollars|usd|eur|euros?)\b|(?<!\p{L})(?:menos de|hasta|como m[aá]ximo|no m[aá]s de|d[oó]lares)(?!\p{L})|不超过|以内|以下|最多|\d\s*(?:元|块|美元)/iu;

/** The clause refuses or doubts. */
const REFUSES = /\b(?:no|not|don't|do not|never|cancel|stop)\b|(?<!\p{L})no(?!\p{L})|不要|别|不用|不改|没有差价/iu;

/** The clause asks about the amount. */
const ASKS = /[?？]|\bhow much\b|(?<!\p{L})cu[aá]nto(?!\p{L})|多少钱[?？]?$|是多少/iu;

/**
 * @example
 * ```ts
 * acceptsOpenAmount("If there's a price difference, please use the card ending in 7334."); // true
 * acceptsOpenAmount("If there's a price difference under $50, use my Visa."); // false
 * ```
 * @param reply The user's reply, as recorded.
 * @returns Whether some clause of it accepts an open amount.
 * @internal
 */
export function acceptsOpenAmount(reply: string): boolean {
  const text = reply.replace(/[’‘]/g, "'");
  // clauses end at sentence punctuation; the question mark stays with its clause
  const clauses = text.split(/(?<=[.!?。！？;；\n])/u);
  return clauses.some((c) => {
    if (CAP.test(c) || REFUSES.test(c) || ASKS.test(c)) return false;
    return OPEN_OUTRIGHT.some((re) => re.test(c)) || (OPEN_IF.some((re) => re.test(c)) && PAYS.test(c));
  });
}
