/**
 * A booking's total described by its parts: the request states the price of every flight the booking
 * writes, each beside its flight number ("HAT056 … Price: $155", "HAT138 … Price: $185"), and the
 * booking charges their sum (for one passenger; for several, each price stated per passenger and the
 * sum times the passengers). The user who picks "Option 2" from such a list knows what it costs without
 * the agent adding it up. The prices are the recorded ones: the booking's result (`flights[].price`),
 * or, for a call that failed, the search results the run read for that flight, day and cabin.
 *
 * Not read as described: a flight whose price is not stated beside it (another flight's price, a price
 * for the whole option), a charge that is not exactly the sum (a paid bag or insurance never added
 * up for the user), several passengers without per-passenger prices.
 * @internal
 */
import { sameAmount } from "../../confirmation/described-values.js";
import type { RecordedToolCall } from "../recorded-run.js";
import { perPassengerAmounts } from "../per-passenger-amount.js";
import { amountForms, anyMatches } from "../value-forms.js";
import { arr, flightPriceKey as key, num, parseJson, str, type AirlineKnowledge } from "./airline-knowledge.js";

/** One flight of a booking and the price it was (or would have been) booked at, per passenger. */
export interface LegPrice {
  readonly flight: string;
  readonly price: number;
}

/** A flight number as agents write it ("HAT056"): where the text starts speaking of another flight. */
const FLIGHT_NUMBER = /(?<![A-Za-z0-9])[A-Z]{2,3}\d{2,4}(?![A-Za-z0-9])/g;
/** How far after a flight number its price may stand (a listing's departure and arrival lines between them). */
const PRICE_WINDOW = 260;

/**
 * The flights of a booking call with their prices: from its result when it succeeded, else from the
 * searches the run read (by the call's cabin); undefined when a price is not known.
 */
export function bookingLegPrices(call: RecordedToolCall, k: AirlineKnowledge): LegPrice[] | undefined {
  const written = arr(call.arguments["flights"]);
  if (written.length === 0) return undefined;
  if (call.result && !call.result.error) {
    const booked = parseJson(call.result.content);
    const flights = booked && typeof booked === "object" ? arr((booked as Record<string, unknown>)["flights"]) : [];
    const legs = flights.flatMap((f) => {
      const flight = str(f["flight_number"]);
      const price = num(f["price"]);
      return flight && price !== undefined ? [{ flight, price }] : [];
    });
    return legs.length === written.length ? legs : undefined;
  }
  const cabin = str(call.arguments["cabin"]);
  if (!cabin) return undefined;
  const legs: LegPrice[] = [];
  for (const f of written) {
    const flight = str(f["flight_number"]);
    const date = str(f["date"]);
    const price = flight && date ? k.flightPrices?.get(key(flight, date))?.[cabin] : undefined;
    if (!flight || price === undefined) return undefined;
    legs.push({ flight, price });
  }
  return legs;
}

/** Whether `text` states `leg.price` after a mention of `leg.flight`, before it speaks of another flight. */
function pricedBeside(leg: LegPrice, text: string): boolean {
  const mentions = [...text.matchAll(FLIGHT_NUMBER)];
  return mentions.some((m, i) => {
    if (m[0] !== leg.flight) return false;
    const start = m.index + m[0].length;
    const next = mentions.slice(i + 1).find((n) => n[0] !== leg.flight);
    const segment = text.slice(start, Math.min(next?.index ?? text.length, start + PRICE_WINDOW));
    return anyMatches(amountForms(leg.price), segment);
  });
}

/**
 * Whether `text` describes a charge of `charged` by the prices of its flights: every flight's price
 * stated beside it, and the charge exactly their sum (times `passengers`, when every price is stated
 * per passenger).
 *
 * @example
 * ```ts
 * chargeByLegPrices([{ flight: "HAT056", price: 155 }, { flight: "HAT138", price: 185 }], 340, 1,
 *   "Option 2: HAT056, Price: $155; HAT138, Price: $185"); // true
 * ```
 */
export function chargeByLegPrices(legs: readonly LegPrice[], charged: number, passengers: number, text: string): boolean {
  if (legs.length < 2 || !legs.every((l) => pricedBeside(l, text))) return false;
  const sum = legs.reduce((s, l) => s + l.price, 0);
  if (passengers <= 1) return sameAmount(sum, charged);
  const perPassenger = perPassengerAmounts(text);
  return legs.every((l) => perPassenger.some((a) => sameAmount(a, l.price))) && sameAmount(sum * passengers, charged);
}
