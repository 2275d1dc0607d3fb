/**
 * A reservation named as "the current booking" (`reservationNamedAsCurrent`): a cancellation or change
 * whose request speaks of "your current reservation" is about the one reservation whose record the
 * run read. Red team: two reservations read, the write on a reservation the run never read, another
 * reservation named by id or trip in the same text, and no such phrase at all stay `args_mismatch`
 * naming the reservation.
 */
import { describe, expect, it } from "vitest";
import type { AuditedWrite } from "../../src/audit/replay.js";
import { agent, auditAirlineWrites, callAndResult, user } from "./conversation-builder.js";

const profile = JSON.stringify({
  user_id: "omar_ito_1234",
  name: { first_name: "Omar", last_name: "Ito" },
  dob: "1980-01-02",
  membership: "regular",
  payment_methods: { credit_card_1: { source: "credit_card", id: "credit_card_1", brand: "visa", last_four: "1111" } },
  reservations: ["K1NW8N", "ZZ9ABC"],
});
const record = (id: string, origin = "JFK", destination = "SFO", date = "2024-05-26") =>
  JSON.stringify({
    reservation_id: id,
    user_id: "omar_ito_1234",
    origin,
    destination,
    flight_type: "one_way",
    cabin: "business",
    flights: [{ flight_number: "HAT023", date, origin, destination, price: 364 }],
    passengers: [{ first_name: "Omar", last_name: "Ito", dob: "1980-01-02" }],
    payment_history: [{ payment_id: "credit_card_1", amount: 364 }],
    created_at: "2024-05-14T10:00:00",
    total_baggages: 0,
    nonfree_baggages: 0,
    insurance: "yes",
  });
const opening = (...read: string[]) => [
  agent("Hi! How can I help you today?"),
  user("I want to cancel my most recent reservation; I don't remember its id. My user id is omar_ito_1234."),
  callAndResult(null, "get_user_details", { user_id: "omar_ito_1234" }, profile),
  ...read.map((id) =>
    callAndResult(null, "get_reservation_details", { reservation_id: id }, record(id, id === "ZZ9ABC" ? "LAX" : "JFK", id === "ZZ9ABC" ? "SEA" : "SFO")),
  ),
];
const ask = agent(
  "Your current reservation is business class, $364 paid with your Visa; with insurance it is refundable. Would you like me to cancel your current reservation?",
);
const yes = user("Yes, please cancel the current reservation.");
const cancel = (id: string) => callAndResult(null, "cancel_reservation", { reservation_id: id }, record(id));
const expectReservation = (w: AuditedWrite | undefined) => {
  expect(w!.status, w!.evidence).toBe("args_mismatch");
  expect(
    w!.mismatches?.map((m) => m.field),
    w!.evidence,
  ).toContain("reservation");
};

describe("a reservation named as 'the current booking'", () => {
  it("names the one reservation the run read", async () => {
    const [w] = await auditAirlineWrites(opening("K1NW8N"), ask, yes, cancel("K1NW8N"));
    expect(w!.status, w!.evidence).toBe("confirmed");
  });

  it("red team: two reservations read, or the write on a reservation the run never read, stay a reservation mismatch", async () => {
    expectReservation((await auditAirlineWrites(opening("K1NW8N", "ZZ9ABC"), ask, yes, cancel("K1NW8N")))[0]);
    expectReservation((await auditAirlineWrites(opening("K1NW8N"), ask, yes, cancel("ZZ9ABC")))[0]);
  });

  it("red team: another reservation named in the text (by id or trip), or no such phrase, stays a reservation mismatch", async () => {
    const byId = agent("Would you like me to cancel your current reservation? (ZZ9ABC stays as it is.)");
    expectReservation((await auditAirlineWrites(opening("K1NW8N"), byId, yes, cancel("K1NW8N")))[0]);
    const noPhrase = agent("It is business class, $364 paid with your Visa. Would you like me to cancel it?");
    expectReservation((await auditAirlineWrites(opening("K1NW8N"), noPhrase, user("Yes, please cancel it."), cancel("K1NW8N")))[0]);
  });
});
