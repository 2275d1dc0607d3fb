/**
 * A condition the request already settled: "if that's the only option, then yes", "si no hay otra opción, adelante", "如果只能这样的话，
 * 那就办吧" after a request that itself said there is no other option ("compensation is only available as a certificate", "la única
 * opción es…", "只能退到原支付方式"). The user grants what the request stated; nothing is left open, so the clause is read without
 * it. After a request that did not say so ("I can issue a $150 certificate"), the same words still leave the yes hanging on
 * something the agent has not told ("is there another option?"), and the clause keeps its condition.
 *
 * Likewise an alternative the user concedes is not available ("Since PayPal is not an option, yes, please proceed…", "como
 * PayPal no es una opción, adelante", "既然不能退到PayPal，那就办吧"): it says what the action will *not* use, so it adds nothing
 * to the action, provided what it rules out is not something the request itself put (real-replies-9 tuning, r9-115).
 * @internal
 */

/** The condition in the reply (normal form: lower case, Spanish accents removed), up to its comma or the clause's end. */
const ONLY_OPTION_CONDITION = new RegExp(
  [
    // "if that's the only option", "if this is really the only way", "if it's our only choice available"
    String.raw`(?<![\p{L}])if (?:that|this|it)(?:'s| is) (?:really |truly |honestly )?(?:the|my|our) only (?:option|way|choice|alternative)(?: (?:available|left|there is|you have|you can offer))?`,
    // "if there's no other option", "if there is no other way"
    String.raw`(?<![\p{L}])if there(?:'s| is) no (?:other )?(?:option|way|choice|alternative)(?: (?:available|left))?`,
    // "si esa es la única opción", "si es la única manera", "si no hay otra opción", "si no queda otra"
    String.raw`(?<![\p{L}])si (?:esa |esta |eso )?(?:es )?(?:la |mi |nuestra )?unica (?:opcion|manera|forma|alternativa|salida)(?: (?:disponible|posible|que hay|que queda))?`,
    String.raw`(?<![\p{L}])si no (?:hay|queda|tenemos|tengo) (?:de )?otra(?: (?:opcion|manera|forma|alternativa|salida))?(?: (?:disponible|posible))?`,
    // "如果只能这样的话", "如果这是唯一的选择", "如果没有别的办法的话", "既然只能这样"
    String.raw`(?:如果|要是|既然)(?:真的)?(?:只能这样|只有这样|只有这个办法|(?:这|这个)?是唯一的?(?:选择|办法|方式|方案)|没有(?:其他|别的)(?:选择|办法|方式|方案))(?:的话)?`,
  ].join("|"),
  "iu",
);

/** The request saying there is no other option (normal form). */
const REQUEST_ONLY_OPTION = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:the|your) only (?:option|way|choice|alternative|thing (?:i|we) can)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:is|are) only (?:available|possible|offered|provided|allowed|permitted)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:i|we) can only (?:offer|issue|provide|give|refund|do|process)(?![\p{L}])`,
    String.raw`(?<![\p{L}])no other (?:option|way|choice|alternative)s?(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:la|su) unica (?:opcion|manera|forma|alternativa)(?![\p{L}])|(?<![\p{L}])no hay otra (?:opcion|manera|forma|alternativa)(?![\p{L}])|(?<![\p{L}])solo (?:se )?(?:puede|podemos|es posible|esta disponible|estan disponibles|ofrecemos)(?![\p{L}])`,
    String.raw`只能|唯一的?(?:选择|办法|方式|方案)|没有(?:其他|别的)(?:选择|办法|方式|方案)|仅(?:能|可|限)`,
  ].join("|"),
  "iu",
);

/**
 * The clause without a condition the request already settled ("if that's the only option" after "the only option is a
 * certificate"), or unchanged.
 *
 * @example
 * ```ts
 * withoutSettledCondition("if that's the only option, then yes, go ahead", "the only option is a $150 certificate. shall i issue it?");
 * // " , then yes, go ahead"
 * withoutSettledCondition("if that's the only option, then yes, go ahead", "i can issue a $150 certificate. shall i issue it?"); // unchanged
 * ```
 * @param clause The reply's clause, in normal form.
 * @param request The request, in normal form.
 * @internal
 */
export function withoutSettledCondition(clause: string, request: string): string {
  const m = ONLY_OPTION_CONDITION.exec(clause);
  if (m === null || !REQUEST_ONLY_OPTION.test(request)) return clause;
  return clause.slice(0, m.index) + " " + clause.slice(m.index + m[0].length);
}

/** "since PayPal is not an option,", "as a refund to the card isn't possible,", "como PayPal no es una opción,", "既然不能用PayPal，". */
const CONCEDED_UNAVAILABLE = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:since|as|because|given that|seeing as) ((?:[\p{L}\d'-]+ ){1,5}?)(?:is|are)(?:n't| not) (?:an? |really an? )?(?:option|options|possible|available|allowed|an alternative)(?![\p{L}])[^,.;]*[,.;]?`,
    String.raw`(?<![\p{L}])(?:como|ya que|dado que|puesto que) ((?:[\p{L}\d'-]+ ){1,5}?)no (?:es|son|esta|estan) (?:una |un )?(?:opcion|opciones|posible|disponibles?|permitid[oa]s?|alternativa)(?![\p{L}])[^,.;]*[,.;]?`,
    String.raw`既然(?:不能|没法|无法)(?:退到|用|使用|退回)?([^，,。；;]{1,12}?)(?:的话)?[，,]`,
  ].join("|"),
  "iu",
);

/**
 * The clause without an alternative it concedes is unavailable ("since PayPal is not an option"), unless what it rules out
 * is named in the request; or unchanged.
 * @param clause The reply's clause, in normal form.
 * @param request The request, in normal form.
 * @internal
 */
export function withoutConcededUnavailable(clause: string, request: string): string {
  const m = CONCEDED_UNAVAILABLE.exec(clause);
  if (m === null) return clause;
  const ruledOut = (m[1] ?? m[2] ?? m[3] ?? "").trim();
  const words = ruledOut.match(/[\p{L}\d]{3,}|\p{Script=Han}{2,}/gu) ?? [];
  if (words.length === 0 || words.some((w) => !/^(?:that|this|the|una?|el|la|los|las|refund|reembolso|退款)$/u.test(w) && request.includes(w))) return clause;
  return clause.slice(0, m.index) + " " + clause.slice(m.index + m[0].length);
}
