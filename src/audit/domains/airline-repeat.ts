/**
 * A repeat of a reservation update already applied: an `update_reservation_*` call whose result shows the reservation exactly as
 * the run last saw it (same cabin, flights, passengers, bags and insurance) and no new payment. It changed nothing, so, like a
 * failed call, it asks for no yes of its own beside the one its identical predecessor used. A repeat that charges or refunds
 * again, a cancellation, a booking or a certificate (each creates or removes something anew) is not such a repeat.
 * @internal
 */
import type { RecordedToolCall } from "../recorded-run.js";
import { parseJson, readReservation, str, type AirlineKnowledge, type Reservation } from "./airline-knowledge.js";

const UPDATES: ReadonlySet<string> = new Set(["update_reservation_flights", "update_reservation_baggages", "update_reservation_passengers"]);

const flightsKey = (r: Reservation) => JSON.stringify(r.flights.map((f) => [f.flight_number, f.date]));
const passengersKey = (r: Reservation) => JSON.stringify(r.passengers.map((p) => [p.first_name, p.last_name, p.dob]));

/**
 * Whether `call` is an update whose recorded result leaves its reservation as the run last saw it, with no new payment.
 *
 * @example
 * ```ts
 * // after update_reservation_flights(GV1N64 → basic_economy) was applied and its result observed,
 * // the same call again, whose result shows the same reservation and payment history:
 * repeatsAppliedUpdate(secondCall, knowledge); // true
 * ```
 * @param call The recorded write, with its result.
 * @param k What the run's earlier results showed (the reservation as last seen).
 * @internal
 */
export function repeatsAppliedUpdate(call: RecordedToolCall, k: AirlineKnowledge): boolean {
  if (!UPDATES.has(call.name) || !call.result || call.result.error) return false;
  const id = str(call.arguments["reservation_id"]);
  const before = id === undefined ? undefined : k.reservations.get(id);
  const after = readReservation(parseJson(call.result.content))?.[1];
  if (!before || !after) return false;
  return (
    after.cabin === before.cabin &&
    flightsKey(after) === flightsKey(before) &&
    passengersKey(after) === passengersKey(before) &&
    after.totalBaggages === before.totalBaggages &&
    after.nonfreeBaggages === before.nonfreeBaggages &&
    after.insurance === before.insurance &&
    after.payments.length === before.payments.length
  );
}
