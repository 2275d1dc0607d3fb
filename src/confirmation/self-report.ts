/**
 * The user's report about their own records: "I can't seem to find it right now", "I don't remember
 * the reservation number", "I'm not sure what the reservation number was", "找不到", "不记得预订号了",
 * "no lo encuentro", "no estoy seguro de cuál era el número de reserva". It neither refuses nor
 * hesitates about the action. Not this: uncertainty about what the action will do ("I'm not sure what
 * the fee will be"), not remembering anything but a booking's id ("I don't remember it", "I don't
 * remember agreeing to a fee").
 * @internal
 */

/** An identifier of a past booking ("the reservation ID", "my booking number", "el número de reserva"). */
const ID_WORDS = String.raw`(?:the|my)\s+(?:reservation|booking|confirmation)\s+(?:id|number|code)`;
const ES_ID_WORDS = String.raw`(?:el|mi)\s+(?:numero|codigo|localizador)\s+de\s+(?:reserva|confirmacion)`;
const NOW = String.raw`(?:\s+(?:right now|at the moment|now|anymore|offhand))?`;
const CLAUSE_END = String.raw`(?=\s*(?:[,.;!?]|$))`;

const SELF_REPORT = new RegExp(
  [
    String.raw`(?<![\p{L}])i\s+(?:can'?t|cannot|couldn'?t|don'?t|do not)\s+(?:seem to\s+)?(?:find|locate)(?:\s+(?:it|them|${ID_WORDS}))?${NOW}${CLAUSE_END}`,
    String.raw`(?<![\p{L}])i\s+(?:can'?t|cannot|couldn'?t|don'?t|do not)\s+(?:remember|recall)\s+${ID_WORDS}${NOW}${CLAUSE_END}`,
    String.raw`(?<![\p{L}])(?:i'?m|i am)\s+not\s+(?:sure|certain)\s+(?:what|which)\s+${ID_WORDS}\s+(?:was|were)${CLAUSE_END}`,
    String.raw`(?<![\p{L}])no\s+(?:lo|la|los|las)\s+encuentro(?:\s+(?:ahora(?: mismo)?|en este momento))?${CLAUSE_END}`,
    String.raw`(?<![\p{L}])no\s+(?:estoy\s+segur[oa]\s+de\s+(?:cual|que)\s+(?:era|fue)|recuerdo|me acuerdo de)\s+${ES_ID_WORDS}${CLAUSE_END}`,
    String.raw`(?:我)?(?:现在|一时)?找不到(?:了)?(?=[,，。.!！;；]|$)`,
    String.raw`(?:我)?不记得(?:预订号|订单号|预订编号)(?:是多少)?了`,
  ].join("|"),
  "giu",
);

/**
 * The clause without the user's reports about their own memory of a past detail.
 * @param clause A clause of the reply, in `normalizeText` form.
 */
export function withoutSelfReports(clause: string): string {
  return clause.replace(SELF_REPORT, " ");
}
