/**
 * A reservation named by its trip rather than its id: "your reservation from EWR to LAX on May 21"
 * tells the user which booking an action is about as surely as "OWZ4XL" does (agents look the
 * reservation up from the user's profile and describe it by where and when it flies, never reading
 * the id out). It counts only when the trip points at one reservation: its origin and destination
 * airport codes and the date of one of its flights are all named, and no other reservation read in
 * the run is named the same way in the same text.
 * @internal
 */
import { extractDescribedValues, sameDate } from "../../confirmation/described-values.js";
import { anyMatches, idForms } from "../value-forms.js";
import type { ActionDetail } from "../audit-domain.js";
import type { AirlineKnowledge, Reservation } from "./airline-knowledge.js";

/** An airport code as a word of its own, in capitals ("EWR", "(LAX)"; not "lax", not "EWR1"). */
function codeNamed(code: string, text: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return new RegExp(`(?<![A-Za-z0-9_])${code}(?![A-Za-z0-9_])`).test(text);
}

/**
 * Whether `text` names the code as a departure: "from JFK", "from New York (JFK)", "desde JFK", "de JFK", "从JFK". The
 * code in capitals, the word before it a word of its own (not "¿Desea…?" read as "de" + "sea").
 */
function departureNamed(code: string, text: string): boolean {
  return new RegExp(
    `(?<![\\p{L}])(?:[Ff][Rr][Oo][Mm]|[Dd][Ee][Ss][Dd][Ee]|[Dd][Ee])(?![\\p{L}])\\s*(?:[\\p{L} ]{0,30}\\()?${code}(?![A-Za-z0-9_])|从\\s*${code}(?![A-Za-z0-9_])`,
    "u",
  ).test(text);
}

/**
 * The flights of `r` that fly the way `text` names the trip: from the origin to the destination (the
 * legs up to the first arrival at the destination), or back (the legs after it). The departure is the
 * code "from" names, else the code named first. Flights recorded without their airports are all kept
 * (the direction cannot be told).
 */
function legsOfNamedDirection(r: Reservation, text: string): readonly { date: string }[] {
  if (r.flights.some((f) => f.origin === undefined || f.destination === undefined)) return r.flights;
  const arrival = r.flights.findIndex((f) => f.destination === r.destination);
  const outbound = arrival < 0 ? r.flights : r.flights.slice(0, arrival + 1);
  const back = arrival < 0 ? [] : r.flights.slice(arrival + 1);
  const fromOrigin = departureNamed(r.origin!, text);
  const fromDestination = departureNamed(r.destination!, text);
  if (fromOrigin !== fromDestination) return fromOrigin ? outbound : back;
  return text.search(codePattern(r.origin!)) <= text.search(codePattern(r.destination!)) ? outbound : back;
}

function codePattern(code: string): RegExp {
  return new RegExp(`(?<![A-Za-z0-9_])${code}(?![A-Za-z0-9_])`);
}

/**
 * `text` names `r`'s origin and destination codes and the date of one of its flights that fly the way
 * the text names the trip ("from JFK to SEA on May 20" is not the return flight SEA–JFK of May 20). @internal
 */
export function tripNamed(r: Reservation, text: string): boolean {
  if (!r.origin || !r.destination || r.origin === r.destination || r.flights.length === 0) return false;
  if (!codeNamed(r.origin, text) || !codeNamed(r.destination, text)) return false;
  const dates = [...extractDescribedValues(text).dates];
  return legsOfNamedDirection(r, text).some((f) => dates.some((d) => sameDate(d, f.date)));
}

/**
 * Whether `text` names the reservation `id` by its trip, and no other reservation read in the run by
 * its own trip (two bookings on the same route and day, or two trips named in one text: the id is needed).
 * @internal
 */
export function reservationNamedByTrip(id: string, k: AirlineKnowledge, text: string): boolean {
  const r = k.reservations.get(id);
  if (!r || !tripNamed(r, text)) return false;
  for (const [other, o] of k.reservations) if (other !== id && tripNamed(o, text)) return false;
  return true;
}

/** Whether `text` names, by its trip, a reservation read in the run other than `id`. @internal */
export function namesOtherTrip(id: string, k: AirlineKnowledge, text: string): boolean {
  for (const [other, o] of k.reservations) if (other !== id && tripNamed(o, text)) return true;
  return false;
}

/**
 * "The current booking", "your existing reservation", "la reserva actual", "当前的订单": a reservation
 * named as the one the user already has, without its id or trip.
 */
const CURRENT_RESERVATION =
  /\b(?:the|my|your|our)\s+(?:current|existing|present)\s+(?:booking|reservation)\b|(?<![\p{L}])(?:la|mi|su)\s+reserva\s+(?:actual|existente)(?![\p{L}])|(?:当前|现有|目前)的?(?:订单|预订|预定)/iu;

/**
 * Whether `text` names the reservation `id` as "the current booking": only when it is the one
 * reservation whose record was read in the run (two read, or the one read being another, and the phrase
 * points at nothing certain), and the text names no other reservation by id or trip.
 * @internal
 */
export function reservationNamedAsCurrent(id: string, k: AirlineKnowledge, text: string): boolean {
  if (!CURRENT_RESERVATION.test(text)) return false;
  const read = [...k.reservations.keys()];
  if (read.length !== 1 || read[0] !== id) return false;
  const others = [...k.reservationIds].filter((other) => other !== id);
  return !others.some((other) => anyMatches(idForms(other), text)) && !namesOtherTrip(id, k, text);
}

/**
 * A one-way booking's direction: a request that names the written destination as where the trip leaves from ("a one-way
 * trip from SEA to JFK", "desde SEA", "从SEA") and never the written origin did not describe a booking from the origin to
 * the destination (its origin and destination swapped). Round trips leave from both ends and are not read.
 * @internal
 */
export function bookingDirectionDetail(origin: string, destination: string): ActionDetail {
  const swapped = (t: string) => departureNamed(destination, t) && !departureNamed(origin, t);
  return {
    label: `trip from ${origin} to ${destination}`,
    scope: "request",
    field: "flight",
    executed: `${origin} → ${destination}`,
    test: (t) => !swapped(t),
    described: (t) => (swapped(t) ? [`${destination} → ${origin}`] : []),
  };
}
