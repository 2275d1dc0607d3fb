/**
 * Who and what flies in an airline write, as details the user must have been told: each flight's
 * number and date (with the readings of a date left as it was and of a flight the agent's plan
 * named), each passenger's name and birth date (with the user as the passenger and the travellers
 * of a cancelled reservation rebooked). One concept: the trip's flights and travellers.
 * @internal
 */
import { extractDescribedValues, sameDate } from "../../confirmation/described-values.js";
import type { ActionDetail, DetailField } from "../audit-domain.js";
import { anyMatches, idForms, nameForms, SELF_AS_PASSENGER } from "../value-forms.js";
import { arr, str, type AirlineKnowledge, type Reservation } from "./airline-knowledge.js";
import { flightDateDetail } from "./airline-flight-dates.js";
import { namedAsTraveller } from "./airline-traveller-names.js";

/** A detail of one field, tested as text. @internal */
export function detail(
  label: string,
  field: DetailField,
  executed: string,
  test: (text: string, reply?: string) => boolean,
  described: (text: string) => readonly string[],
  scope: ActionDetail["scope"] = "change",
): ActionDetail {
  return { label, scope, field, executed, test, described };
}

/**
 * The dates a flight change leaves as they were: a date on which the reservation had flights and
 * the change replaces all of them (another flight on the same day). Such a new flight's date is not
 * a change the user must hear again, unless the text names another date than the reservation's own.
 */
function unchangedDates(before: Reservation | undefined, flights: readonly Record<string, unknown>[]): Set<string> {
  const out = new Set<string>();
  if (!before || before.flights.length === 0) return out;
  const kept = new Set(flights.map((f) => `${str(f["flight_number"])}@${str(f["date"])}`));
  for (const d of new Set(before.flights.map((f) => f.date)))
    if (before.flights.filter((f) => f.date === d).every((f) => !kept.has(`${f.flight_number}@${f.date}`))) out.add(d);
  return out;
}

/** @internal */
export function flightDetails(
  flights: readonly Record<string, unknown>[],
  keep: (f: { flight_number: string; date: string }) => boolean,
  k: AirlineKnowledge,
  before?: Reservation,
  travellers: readonly Record<string, unknown>[] = [],
): ActionDetail[] {
  const sameDay = unchangedDates(before, flights);
  const ownDates = (before?.flights ?? []).map((f) => f.date);
  // the travellers' (the reservation's, or the booking's own) and the user's birth dates, in full, are no travel day
  const birthDates = [
    ...(before?.passengers ?? []).map((p) => p.dob),
    ...travellers.map((p) => str(p["dob"]) ?? ""),
    ...(k.profile ? [k.profile.dob] : []),
  ].filter((x) => /^\d{4}-\d{2}-\d{2}$/.test(x));
  const written = new Set(flights.map((f) => str(f["flight_number"])).filter((n): n is string => n !== undefined));
  const writtenDates = [...new Set(flights.map((f) => str(f["date"])).filter((n): n is string => n !== undefined)), ...ownDates];
  const flightsIn = (t: string) => [...extractDescribedValues(t).flightNumbers].filter((f) => !k.reservationIds.has(f));
  // the plan since the last write names flights, all of them written, and what was said names none
  const planPointsHere = (plan: string, said: string) => {
    const planned = flightsIn(plan);
    return flightsIn(said).length === 0 && planned.length > 0 && planned.every((f) => written.has(f));
  };
  const out: ActionDetail[] = [];
  for (const f of flights) {
    const n = str(f["flight_number"]);
    const d = str(f["date"]);
    if (n === undefined || d === undefined || !keep({ flight_number: n, date: d })) continue;
    const forms = idForms(n);
    out.push(
      // a reservation id can have a flight number's shape (ABC123): known ones are not flights
      {
        ...detail(
          `flight ${n}`,
          "flight",
          n,
          (t) => anyMatches(forms, t),
          (t) => flightsIn(t),
        ),
        impliedBy: (plan: string, said: string) => planPointsHere(plan, said) && anyMatches(forms, plan),
      },
      {
        ...detail(
          `date ${d}`,
          "date",
          d,
          (t) => [...extractDescribedValues(t).dates].some((x) => sameDate(x, d)),
          (t) => [...extractDescribedValues(t).dates],
        ),
        impliedBy: (plan: string, said: string) => {
          // the same day as the flights it replaces, and no other day named by the request, the user or the agent's plan
          if (
            sameDay.has(d) &&
            [...extractDescribedValues(`${plan}\n\n${said}`).dates].every((x) => ownDates.some((o) => sameDate(x, o)) || birthDates.includes(x))
          )
            return true;
          // a date of the plan's flights, when the plan names no date but the written ones and the reservation's
          if (!planPointsHere(plan, said)) return false;
          const inPlan = [...extractDescribedValues(plan).dates];
          const inSaid = [...extractDescribedValues(said).dates];
          const known = (x: string) => writtenDates.some((w) => sameDate(x, w)) || birthDates.includes(x);
          return inPlan.some((x) => sameDate(x, d)) && inPlan.every(known) && inSaid.every(known);
        },
      },
    );
    // the date the request gives this flight, if it gives one, is the one written (after the date itself: reports name that first)
    out.push(flightDateDetail(n, d));
  }
  return out;
}

/**
 * The details a write sets for its passengers: first and last names, and the date of birth where `withDob` says so (a booking
 * takes the birth dates as the user gives them; an update must describe a birth date it changes).
 * @param withDob Whether each passenger's date of birth must have been described (a flag for all, or per passenger).
 * @param asTravellers For a booking: a name counts only where the text puts it as a traveller (`namedAsTraveller`), not in a
 * greeting, a self-introduction or a sign-off.
 * @internal
 */
export function passengerDetails(
  passengers: readonly Record<string, unknown>[],
  withDob: boolean | ((passenger: Record<string, unknown>) => boolean),
  k: AirlineKnowledge,
  asTravellers = false,
): ActionDetail[] {
  const out: ActionDetail[] = [];
  const allNames = passengers.flatMap((p) => [str(p["first_name"]), str(p["last_name"])]).filter((n): n is string => n !== undefined && n !== "");
  const names = (name: string, t: string) => (asTravellers ? namedAsTraveller(name, t, allNames) : anyMatches(nameForms(name), t));
  for (const p of passengers) {
    const first = str(p["first_name"]);
    const last = str(p["last_name"]);
    const dob = str(p["dob"]);
    // the user's own date of birth, on file, needs no repeating when the passenger is the user
    const self = k.profile !== undefined && k.profile.firstName === first && k.profile.lastName === last && k.profile.dob === dob;
    // nor their name, when they said they are the passenger ("myself", "yo mismo", "我自己"), and only in a booking for one
    const saidSelf = (t: string) => self && passengers.length === 1 && SELF_AS_PASSENGER.test(t);
    if (first)
      out.push(
        detail(
          `passenger first name ${first}`,
          "passenger",
          first,
          (t) => names(first, t) || saidSelf(t),
          () => [],
        ),
      );
    if (last)
      out.push(
        detail(
          `passenger last name ${last}`,
          "passenger",
          last,
          (t) => names(last, t) || saidSelf(t),
          () => [],
        ),
      );
    if ((typeof withDob === "function" ? withDob(p) : withDob) && dob && !self)
      out.push(
        detail(
          `date of birth ${dob}`,
          "passenger",
          dob,
          (t) => [...extractDescribedValues(t).dates].some((x) => sameDate(x, dob)),
          (t) => [...extractDescribedValues(t).dates],
        ),
      );
  }
  return out;
}

const SPEAKS_OF_CANCELLING = /cancel|anular|取消/i;

/**
 * Cancel and rebook: a booking for exactly the travellers of the reservation the run cancelled last (same
 * names and birth dates, same number), under a request that spoke of the cancellation ("cancel the
 * current booking and book the new one"), replaces it: the travellers need no naming. One traveller
 * more, fewer or different, or a booking put without a word of cancelling, is still a new booking.
 */
export function rebooksTravellers(passengers: readonly Record<string, unknown>[], k: AirlineKnowledge): (plan: string, said: string) => boolean {
  const key = (p: { first_name?: unknown; last_name?: unknown; dob?: unknown }) => `${str(p.first_name)}|${str(p.last_name)}|${str(p.dob)}`;
  const booked = passengers.map(key).sort().join(";");
  // the reservation cancelled last: an earlier cancellation's travellers are not those of this rebooking
  const last = [...(k.cancelled ?? [])].at(-1);
  const r = last === undefined ? undefined : k.reservations.get(last);
  const replaces = r !== undefined && r.passengers.length > 0 && r.passengers.map(key).sort().join(";") === booked;
  return (_plan, said) => replaces && SPEAKS_OF_CANCELLING.test(said);
}

/** A request speaking of the booking made again: "book it again", "rebook", "the same booking", "de nuevo", "重新预订". */
const SPEAKS_OF_AGAIN =
  /(?<![\p{L}])(?:again|re-?book\w*|the same (?:booking|reservation|flights?|itinerary|trip)|de nuevo|otra vez|nuevamente)(?![\p{L}])|重新|再次/iu;

/**
 * Cancel and book again: a booking that repeats in full the reservation the run cancelled last (the same flights and dates,
 * cabin, travellers, bags, insurance, and the same payment methods and amounts it was paid with), under a request that
 * speaks of the cancellation or of booking it again ("The reservation has been cancelled … shall I book the flight
 * using your credit card for the full amount again?"), describes nothing new: the user saw every detail in that
 * reservation. One field different (another flight, a bag more, another card or amount) and the booking is judged on its
 * own description.
 * @internal
 */
export function repeatsCancelledBooking(args: Readonly<Record<string, unknown>>, k: AirlineKnowledge): (plan: string, said: string) => boolean {
  const last = [...(k.cancelled ?? [])].at(-1);
  const r = last === undefined ? undefined : k.reservations.get(last);
  if (r === undefined || r.flights.length === 0) return () => false;
  const sorted = (xs: readonly string[]) => [...xs].sort().join(";");
  const person = (p: { first_name?: unknown; last_name?: unknown; dob?: unknown }) => `${str(p.first_name)}|${str(p.last_name)}|${str(p.dob)}`;
  const flights = arr(args["flights"]).map((f) => `${str(f["flight_number"])}@${str(f["date"])}`);
  const paid = arr(args["payment_methods"]).map((p) => `${str(p["payment_id"])}=${Number(p["amount"])}`);
  const same =
    sorted(flights) === sorted(r.flights.map((f) => `${f.flight_number}@${f.date}`)) &&
    str(args["cabin"]) === r.cabin &&
    sorted(arr(args["passengers"]).map(person)) === sorted(r.passengers.map(person)) &&
    Number(args["total_baggages"] ?? 0) === (r.totalBaggages ?? 0) &&
    Number(args["nonfree_baggages"] ?? 0) === (r.nonfreeBaggages ?? 0) &&
    (str(args["insurance"]) ?? "no") === (r.insurance ?? "no") &&
    sorted(paid) === sorted(r.payments.filter((p) => p.amount > 0).map((p) => `${p.paymentId}=${p.amount}`));
  return (_plan, said) => same && (SPEAKS_OF_CANCELLING.test(said) || SPEAKS_OF_AGAIN.test(said));
}
