/**
 * A request that moves the user to a flight it never names: "making the change to a nonstop flight", "rebook you on an
 * earlier flight", "New flight: Nonstop from EWR to LAX on May 21", "cambiarle a un vuelo directo", "改到一班更早的航班",
 * with no flight number and no departure time anywhere in it. Which flight the change would book was never put to the
 * user, so a yes to it consents to no exact action. A definite reference ("the nonstop flight", "明天上午的航班") points at
 * a flight the conversation already settled and is not read here. Found as false confirmations on real replies
 * (real-replies-9, r9-019 and r9-025). EN, ZH, ES; read on text in `normalizeText` form (lower case).
 * @internal
 */

/**
 * A change onto an indefinite flight ("change you to a nonstop flight", "rebook it on an earlier flight"; not "compensation
 * for a delayed flight"), or the request's "new flight".
 */
const UNNAMED_FLIGHT = new RegExp(
  [
    String.raw`(?<![\p{L}])(?:chang|switch|mov|rebook|transferr|put|plac)(?:e|es|ed|ing)? (?:(?:you|it|them|the (?:[\p{L}-]+ )?(?:reservation|booking|trip|ticket)|your (?:[\p{L}-]+ )?(?:reservation|booking|trip|ticket)) )?(?:to|on|onto|into) (?:a|an|another|some|any) (?:[\p{L}-]+ ){0,3}?flights?(?![\p{L}])`,
    String.raw`(?<![\p{L}])new flights?(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:a|en|por|para) (?:un|otro) vuelo(?![\p{L}])|(?<![\p{L}])(?:nuevo vuelo|vuelo nuevo)(?![\p{L}])`,
    String.raw`(?:一班|一个|另一班|另一个|别的|其他)[^，。,.；;？?\s]{0,6}航班|新航班`,
  ].join("|"),
  "iu",
);

/** A flight number ("hat088", "aa 123", "UA456"), a departure time ("07:40", "7 am", "上午7点"), or a flight's own id. */
const NAMES_FLIGHT =
  /(?<![\p{L}\d])(?!(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|ene|abr|ago|dic|en|in|to|on|at|de|by|of|and|the|for|por|con|del|los|las|via|per|was|are|is|al|el|la|no|nr) ?\d)[a-z]{2,3} ?\d{2,4}(?![\p{L}\d])|\d{1,2}:\d{2}|(?<![\d])\d{1,2} ?(?:am|pm|a\.m\.|p\.m\.)(?![\p{L}])|\d{1,2}\s*点|vuelo (?:n(?:umero|o\.?|º) ?)?\d{2,4}|航班号/iu;

/**
 * The request's reference to a flight it never names, or undefined.
 * @param requestText The request in `normalizeText` form.
 */
export function unnamedFlight(requestText: string): string | undefined {
  const m = UNNAMED_FLIGHT.exec(requestText);
  return m && !NAMES_FLIGHT.test(requestText) ? m[0] : undefined;
}
