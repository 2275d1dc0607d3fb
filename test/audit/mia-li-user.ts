/**
 * The user of the hand-made binding conversations: Mia Li (mia_li_3668), gold member, a Visa ending 7447 and a $120 gift
 * card, with a one-way JFK→SEA economy reservation as the default record. Shared by the binding tests so that each states
 * only what its conversation changes.
 * @internal
 */
import { agent, callAndResult, user } from "./conversation-builder.js";

/** Mia Li as a passenger (her birth date is the one on file). */
export const MIA_LI = { first_name: "Mia", last_name: "Li", dob: "1990-04-05" } as const;

/** Her profile as `get_user_details` returns it, holding these reservation ids (and any payment methods besides the two). */
export function miaLiProfile(reservations: readonly string[], moreMethods: Record<string, unknown> = {}): string {
  return JSON.stringify({
    user_id: "mia_li_3668",
    name: { first_name: "Mia", last_name: "Li" },
    dob: "1990-04-05",
    membership: "gold",
    payment_methods: {
      credit_card_4421486: { source: "credit_card", id: "credit_card_4421486", brand: "visa", last_four: "7447" },
      gift_card_1111111: { source: "gift_card", id: "gift_card_1111111", amount: 120 },
      ...moreMethods,
    },
    reservations,
  });
}

export type Flight = { flight_number: string; date: string; origin?: string; destination?: string; price?: number };

/** One of her reservations as `get_reservation_details` returns it: JFK→SEA, HAT100 on May 20, economy, unless `extra` says otherwise. */
export function miaLiReservation(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    reservation_id: id,
    user_id: "mia_li_3668",
    origin: "JFK",
    destination: "SEA",
    flight_type: "one_way",
    cabin: "economy",
    flights: [{ flight_number: "HAT100", date: "2024-05-20", origin: "JFK", destination: "SEA", price: 120 }] as Flight[],
    passengers: [MIA_LI],
    payment_history: [{ payment_id: "credit_card_4421486", amount: 120 }],
    created_at: "2024-05-15T10:00:00",
    total_baggages: 1,
    nonfree_baggages: 0,
    insurance: "no",
    ...extra,
  };
}

/** The arguments of her one-way JFK→SEA booking of HAT136 on May 20 in economy, no bags, no insurance, with the given changes. */
export function miaLiBooking(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: "mia_li_3668",
    origin: "JFK",
    destination: "SEA",
    flight_type: "one_way",
    cabin: "economy",
    flights: [{ flight_number: "HAT136", date: "2024-05-20" }],
    passengers: [MIA_LI],
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: "no",
    ...changes,
  };
}

/** The opening turns: she says who she is (`opening`), the agent reads her profile and the given reservations. */
export function identifyMiaLi(profile: string, opening: string, ...reservations: Record<string, unknown>[]) {
  return [
    agent("Hi! How can I help you today?"),
    user(opening),
    callAndResult(null, "get_user_details", { user_id: "mia_li_3668" }, profile),
    ...reservations.map((r) => callAndResult(null, "get_reservation_details", { reservation_id: r["reservation_id"] }, JSON.stringify(r))),
  ];
}

/**
 * Her reservation ABC123 updated to `total` checked bags (`nonfree` of them paid, on her Visa), with the record the tool
 * returns (`record`: the rest of it, e.g. its passengers).
 */
export function miaLiBagsUpdate(total: number, options: { readonly nonfree?: number; readonly record?: Record<string, unknown> } = {}) {
  return callAndResult(
    null,
    "update_reservation_baggages",
    { reservation_id: "ABC123", total_baggages: total, nonfree_baggages: options.nonfree ?? 0, payment_id: "credit_card_4421486" },
    JSON.stringify(miaLiReservation("ABC123", { ...options.record, total_baggages: total })),
  );
}
