import type { AirlineToolName } from "./tool-specs.js";

/**
 * The arguments of each airline write that a confirmation request must state, for
 * `ConfirmationOptions.requestText.fields`: what a customer cares about (the reservation, flights
 * and dates, cabin, passengers, payment methods and amounts, bags, insurance, a certificate's
 * amount). Ids of the acting user, the route of a booking (implied by its flights) and counts of
 * non-free bags (a price detail) are not required. The same details `concordat audit` checks in
 * recorded runs.
 *
 * @example
 * ```ts
 * const session = new Session(airlineProtocol, { confirmation: { requestText: { fields: AIRLINE_CONFIRM_FIELDS } } });
 * ```
 */
export const AIRLINE_CONFIRM_FIELDS: Readonly<Partial<Record<AirlineToolName, readonly string[]>>> = {
  book_reservation: [
    "cabin",
    "flights[].flight_number",
    "flights[].date",
    "passengers[].first_name",
    "passengers[].last_name",
    "payment_methods[].payment_id",
    "payment_methods[].amount",
    "total_baggages",
    "insurance",
  ],
  cancel_reservation: ["reservation_id"],
  update_reservation_flights: ["reservation_id", "cabin", "flights[].flight_number", "flights[].date", "payment_id"],
  update_reservation_baggages: ["reservation_id", "total_baggages", "payment_id"],
  update_reservation_passengers: ["reservation_id", "passengers[].first_name", "passengers[].last_name", "passengers[].dob"],
  send_certificate: ["amount"],
};
