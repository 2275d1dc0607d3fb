/** The airline tools that change the database (../shared/trajectories/FORMATS.md); each needs an explicit yes. */
export const AIRLINE_AUDITED_WRITE_TOOLS: ReadonlySet<string> = new Set([
  "book_reservation",
  "cancel_reservation",
  "update_reservation_flights",
  "update_reservation_baggages",
  "update_reservation_passengers",
  "send_certificate",
]);
