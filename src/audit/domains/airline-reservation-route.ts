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
import type { AirlineKnowledge, Reservation } from "./airline-knowledge.js";

/** An airport code as a word of its own, in capitals ("EWR", "(LAX)"; not "lax", not "EWR1"). */
function codeNamed(code: string, text: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return new RegExp(`(?<![A-Za-z0-9_])${code}(?![A-Za-z0-9_])`).test(text);
}

/** `text` names `r`'s origin and destination codes and the date of one of its flights. @internal */
export function tripNamed(r: Reservation, text: string): boolean {
  if (!r.origin || !r.destination || r.origin === r.destination || r.flights.length === 0) return false;
  if (!codeNamed(r.origin, text) || !codeNamed(r.destination, text)) return false;
  const dates = [...extractDescribedValues(text).dates];
  return r.flights.some((f) => dates.some((d) => sameDate(d, f.date)));
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
