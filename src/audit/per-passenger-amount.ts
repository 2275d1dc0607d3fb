/**
 * Amounts a text states per passenger: "$597 per passenger", "$120 per person", "USD 85 for each
 * passenger", "$150/person", "$597 por persona", "85 dólares por pasajero", "每人 $597", "每位乘客 120 美元",
 * "$597/人". A charge of that amount times the reservation's passengers is the amount the user was
 * told. Not an amount "each" alone (per flight, per bag, per leg: "HAT110 and HAT132 at $150 each"), nor
 * an allowance ("1 free bag per passenger" states no money).
 * @internal
 */

const MONEY = String.raw`(?:(?:US)?\$|USD\s?)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?|(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s?(?:USD|dollars?|d[oó]lares|美元|美金)`;
const PER_PASSENGER_AFTER = String.raw`\s*(?:\((?:USD|usd)\)\s*)?(?:per|a|for\s+each(?:\s+of\s+the)?|for\s+every|/)[\s-]*(?:passenger|person|traveler|traveller|pax|adult|head)(?![\p{L}])|\s*(?:por|para\s+cada|cada)\s+(?:persona|pasajer[oa]|viajer[oa]|adulto)(?![\p{L}])|\s*(?:/人|每人|每位(?:乘客)?)`;
const AFTER = new RegExp(`(?:${MONEY})(?:${PER_PASSENGER_AFTER})`, "giu");
const BEFORE = new RegExp(String.raw`(?:每人|每位(?:乘客)?|每名乘客)(?:的?(?:票价|费用|差价|价格))?\s*(?:是|为|:|：)?\s*(?:${MONEY})`, "giu");

function amountOf(m: RegExpExecArray): number {
  const whole = m[1] ?? m[3] ?? "";
  const cents = m[2] ?? m[4];
  return Number(`${whole.replace(/,/g, "")}${cents === undefined ? "" : `.${cents}`}`);
}

/**
 * The money amounts `text` states per passenger.
 *
 * @example
 * ```ts
 * perPassengerAmounts("The new fare is $597 per passenger."); // [597]
 * perPassengerAmounts("HAT110 and HAT132 at $150 each."); // []
 * ```
 * @param text Agent or user text, as written.
 */
export function perPassengerAmounts(text: string): number[] {
  const out: number[] = [];
  for (const re of [AFTER, BEFORE]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const a = amountOf(m);
      if (Number.isFinite(a) && a > 0) out.push(a);
    }
  }
  return out;
}
