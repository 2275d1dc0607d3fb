import { extractDescribedValues, sameAmount, type Cabin } from "../../confirmation/described-values.js";
import type { ActionDetail, AuditDomain, DetailField } from "../audit-domain.js";
import { amountForms, anyMatches, idForms } from "../value-forms.js";
import { statedBirthDateDetails, userNameOtherBirthDate } from "./airline-stated-birth-dates.js";
import { certificateAmounts } from "./airline-amount-roles.js";
import { airlineProtocol } from "../../domains/airline/protocol.js";
import { bagsDetail, freeAllowance } from "./airline-bag-details.js";
import { AIRLINE_TOOL_NAMES, AIRLINE_WRITE_TOOLS } from "../../domains/airline/tool-specs.js";
import { arr, initialAirlineKnowledge, moneyMoved, num, observeAirline, str, type AirlineKnowledge, type Reservation } from "./airline-knowledge.js";
import { chargeDetail, chosenPaymentDetail, pairedAmountDetail, paymentDetail, splitPaymentDetail } from "./airline-payment-details.js";
import { bookingChargeDetail, cabinScopeDetail } from "./airline-scope-details.js";
import { bookingDirectionDetail, namesOtherTrip, reservationNamedAsCurrent, reservationNamedByTrip } from "./airline-reservation-route.js";
import { detail, flightDetails, passengerDetails, rebooksTravellers, repeatsCancelledBooking } from "./airline-trip-details.js";
import { repeatsAppliedUpdate } from "./airline-repeat.js";
import { passengerScopeDetail } from "./airline-passenger-scope.js";
import { leftOutTravellerDetail } from "./airline-traveller-names.js";

export type { AirlineKnowledge } from "./airline-knowledge.js";

// English stems, then Spanish and Chinese (the words of requests the judge reads in those languages)
const ACTION_WORDS: Readonly<Record<string, RegExp>> = {
  // "reservation" alone names every action; a booking is "book", "purchase" or a "new reservation"; a flight change is also
  // "move" ("move my flight to HAT200"), "mejorar / pasar a" (a cabin), "升级为商务舱" (any cabin, 舱)
  // (Spanish "reserva" is also the existing reservation: it names a booking only as the thing made or summed up)
  book_reservation:
    /\b(book|purchas|new reservation|reserve\b|reservar|comprar|nueva reserva|(?:proceder|proceda|hacer|haga|realizar|realice|completar|complete|resumen de|detalles de)\s+(?:con\s+)?(?:la|su|esta|una)\s+reserva\b)|预订|预定|订票|订购|新订单/iu,
  cancel_reservation: /\bcancel|取消/iu,
  update_reservation_flights:
    /\b(chang|modif|updat|upgrad|downgrad|switch|rebook|mov(?:e|es|ed|ing)\b|flight|cabin|cambi|vuelo|cabina|actualiz|mejor(?:ar|amos|a|e)\b|pasar\s+(?:a|al)\b)|改签|变更|更改|更换|升舱|降舱|升级|降级|航班|舱/iu,
  update_reservation_baggages: /\b(bag|luggage|suitcase|maleta|equipaje)|行李|托运/iu,
  update_reservation_passengers:
    /\b(passenger|name|date of birth|dob|updat|chang|correct|pasajer|nombre|fecha de nacimiento|cambi|corrig)|乘客|姓名|出生日期|更改|修改/iu,
  send_certificate: /\b(certificate|voucher|compensat|certificado|compensaci)|代金券|补偿|优惠券/iu,
};

/** Travel insurance spoken of: "insurance", "el seguro de viaje", "con seguro" (not "¿está seguro?", "are you sure?"), "保险". */
const INSURANCE_SPOKEN = /\binsur|\b(?:el|un|su|con|sin)\s+seguro\b|\bseguro\s+de\s+viaje|保险/iu;

const CABIN_RANK: Readonly<Record<string, number>> = { basic_economy: 0, economy: 1, business: 2 };
const CABIN_WORDS: Readonly<Record<string, string>> = { basic_economy: "basic economy", economy: "economy", business: "business" };

function cabinDetail(cabin: string): ActionDetail {
  return detail(
    `cabin ${cabin}`,
    "cabin",
    CABIN_WORDS[cabin] ?? cabin,
    (t) => extractDescribedValues(t).cabins.has(cabin as Cabin),
    (t) => [...extractDescribedValues(t).cabins].map((c) => CABIN_WORDS[c] ?? c),
  );
}

/**
 * The request names a cabin that is neither the one written nor one the reservation had (its current
 * or an earlier one), and the user's reply did not pick the written one: a request listing fares per
 * cabin ("Basic Economy $51, Economy $121, Business $239") answered by "let's go with Basic Economy"
 * (the reply names that cabin and no other) offered the others as options.
 */
function cabinConflict(cabin: string, had: readonly string[]): ActionDetail {
  const others = (t: string) => [...extractDescribedValues(t).cabins].filter((c) => c !== cabin && !had.includes(c));
  const picked = (reply: string | undefined) => {
    if (reply === undefined) return false;
    const said = [...extractDescribedValues(reply).cabins];
    return said.length === 1 && said[0] === cabin;
  };
  return detail(
    `cabin ${cabin} (no other cabin described)`,
    "cabin",
    CABIN_WORDS[cabin] ?? cabin,
    (t, reply) => others(t).length === 0 || picked(reply),
    (t) => others(t).map((c) => CABIN_WORDS[c] ?? c),
    "request",
  );
}

/** A count the request states for this field must include the written one. */
function countConflict(label: string, field: DetailField, executed: number, counts: (t: string) => readonly number[], unit: string): ActionDetail {
  return detail(
    label,
    field,
    `${executed} ${unit}`,
    (t) => {
      const c = counts(t);
      return c.length === 0 || c.includes(executed);
    },
    (t) => counts(t).map((n) => `${n} ${unit}`),
    "request",
  );
}

function isDowngrade(before: Reservation | undefined, cabin: string | undefined, flights: readonly Record<string, unknown>[]): boolean {
  if (!before?.cabin || !cabin || (CABIN_RANK[cabin] ?? 9) >= (CABIN_RANK[before.cabin] ?? -1)) return false;
  const had = new Set(before.flights.map((f) => `${f.flight_number}@${f.date}`));
  return flights.length === had.size && flights.every((f) => had.has(`${str(f["flight_number"])}@${str(f["date"])}`));
}

/**
 * The airline domain as the auditor sees it. A reservation may be named by its trip as well as its
 * id (`reservationNamedByTrip`); flights, dates and passengers are read by `airline-trip-details.ts`. Which details must have been described, per tool
 * (for updates the reservation id is a `subject` detail: named in the request, or earlier in the
 * conversation when the request names no other reservation; `request` details check what the
 * request the user answered says; everything else is a `change` detail, see `ActionDetail`):
 * - `cancel_reservation`: the reservation id.
 * - `update_reservation_flights`: the reservation id; every flight number and date that is new to
 *   the reservation (all of them if the reservation was never read); the cabin when it changes, and
 *   no other cabin in the request than the written one or one the reservation had; the payment method, unless the
 *   change refunds to the reservation's original method or moves no money (read from the result,
 *   or a downgrade of the same flights when there is none); what the result shows charged, when the
 *   request states prices (see `chargeDetail`).
 * - `update_reservation_baggages`: the reservation id; the new total number of bags (or the number
 *   added); the payment method and the charge when bags are charged.
 * - `update_reservation_passengers`: the reservation id; the names and birth dates of passengers
 *   that change (not the user's own birth date, on file, when the passenger is the user).
 * - `book_reservation`: every flight number and date, the cabin (and no other), every passenger's
 *   name and no other passenger count, every payment method and, when several pay, each amount (or
 *   the total and all amounts but one; a method's whole balance is determined by "use it up
 *   first"); the number of bags when there are any; insurance when bought, and no contrary
 *   insurance choice in the request.
 * - `send_certificate`: the amount.
 * A payment method counts as described by its id, its number, a credit card's last four digits, its
 * brand ("my MasterCard") when the user has one card of that brand, its
 * kind ("your gift card") when the user has only one of that kind, its kind and balance, its kind
 * and rank ("the gift card with the smallest balance"), "one of my certificates" (the user left the
 * choice), or as "the original payment method" when the reservation was paid with it. Dates,
 * cabins, counts and amounts are read by `extractDescribedValues` (many wordings). When a detail
 * fails, the report names its field, what the request named instead and what the call did.
 */
export const airlineAuditDomain: AuditDomain<AirlineKnowledge> = {
  name: "airline",
  writeTools: new Set<string>(AIRLINE_WRITE_TOOLS),
  // tau-bench v1's airline domain also has `think`
  knownTools: new Set<string>([...AIRLINE_TOOL_NAMES, "think"]),
  // tools the retail domain has too: they do not tell an airline run from a retail one
  genericTools: new Set<string>(["think", "calculate", "transfer_to_human_agents", "get_user_details"]),
  protocol: airlineProtocol,
  actionWords(tool) {
    return ACTION_WORDS[tool] ?? new RegExp(`\\b${tool.split("_")[0] ?? tool}`, "i");
  },
  adaptResult(call, value) {
    // tau-bench v1's get_user_details result has no user_id: it is the id the call asked for. A record
    // without payment methods or reservations (other versions) still identifies the user, with none of them.
    if (call.name !== "get_user_details" || value === null || typeof value !== "object" || Array.isArray(value)) return value;
    const user = value as Record<string, unknown>;
    const asked = str(call.arguments["user_id"]);
    const userId = typeof user["user_id"] === "string" ? user["user_id"] : asked;
    if (userId === undefined) return value;
    const methods = user["payment_methods"];
    return {
      ...user,
      user_id: userId,
      payment_methods: methods !== null && typeof methods === "object" && !Array.isArray(methods) ? methods : {},
      reservations: Array.isArray(user["reservations"]) ? user["reservations"] : [],
    };
  },
  initialKnowledge: initialAirlineKnowledge,
  observe: observeAirline,
  repeatsApplied: repeatsAppliedUpdate,
  paysWithRecordedMethod(call, k) {
    const reservationId = str(call.arguments["reservation_id"]);
    const pay = str(call.arguments["payment_id"]);
    const old = reservationId ? k.reservations.get(reservationId) : undefined;
    if (!old || pay === undefined || call.name === "book_reservation") return false;
    const methods = new Set(old.payments.filter((p) => p.amount > 0).map((p) => p.paymentId));
    return methods.size === 1 && methods.has(pay);
  },
  paysWithMethodsNamedIn(call, k, text) {
    const a = call.arguments;
    const reservationId = str(a["reservation_id"]);
    const ids =
      call.name === "book_reservation" ? arr(a["payment_methods"]).map((p) => str(p["payment_id"])) : [str(a["payment_id"])].filter((id) => id !== undefined);
    return ids.length > 0 && ids.every((id) => id !== undefined && paymentDetail(id, k, reservationId).test(text));
  },
  details(call, k) {
    const a = call.arguments;
    const out: ActionDetail[] = [];
    const reservationId = str(a["reservation_id"]);
    const old = reservationId ? k.reservations.get(reservationId) : undefined;
    // the reservation a cancellation removes is what the user must hear; for updates it is the context
    if (reservationId) {
      const others = [...k.reservationIds].filter((id) => id !== reservationId).map((id) => idForms(id)[0]!);
      const forms = idForms(reservationId);
      out.push({
        ...detail(
          `reservation ${reservationId}`,
          "reservation",
          reservationId,
          // its id, or its trip ("from EWR to LAX on May 21") when that points at it alone, or "the
          // current booking" when it is the one reservation read in the run
          (t) => anyMatches(forms, t) || reservationNamedByTrip(reservationId, k, t) || reservationNamedAsCurrent(reservationId, k, t),
          (t) => [...extractDescribedValues(t).codes].filter((c) => k.reservationIds.has(c)),
          call.name === "cancel_reservation" ? "change" : "subject",
        ),
        namesOther: (t: string) => others.some((re) => re.test(t)) || namesOtherTrip(reservationId, k, t),
        primary: true,
      });
    }
    // a cancellation or a flight change reaches every passenger of the reservation: not one said to be put on some of them only
    const travellers = (old?.passengers ?? []).map((p) => p.first_name);
    const scope =
      call.name === "cancel_reservation" || call.name === "update_reservation_flights"
        ? passengerScopeDetail(call.name === "cancel_reservation" ? "cancellation" : "flight change", travellers)
        : undefined;
    if (scope) out.push(scope);
    switch (call.name) {
      case "cancel_reservation":
        break;
      case "update_reservation_flights": {
        const flights = arr(a["flights"]);
        const had = new Set((old?.flights ?? []).map((f) => `${f.flight_number}@${f.date}`));
        out.push(...flightDetails(flights, (f) => !had.has(`${f.flight_number}@${f.date}`), k, old));
        const cabin = str(a["cabin"]);
        if (cabin && (old?.cabin === undefined || old.cabin !== cabin))
          out.push(
            cabinDetail(cabin),
            ...[
              cabinScopeDetail(
                cabin,
                flights,
                (old?.passengers ?? []).filter((p) => p.first_name !== k.profile?.firstName),
              ),
            ].filter((d) => d !== undefined),
          );
        if (cabin) out.push(cabinConflict(cabin, [...(old?.cabinsSeen ?? []), ...(old?.cabin ? [old.cabin] : [])]));
        const pay = str(a["payment_id"]);
        const moved = moneyMoved(call, old);
        const original = pay !== undefined && (old?.payments.some((p) => p.paymentId === pay) ?? false);
        // a refund to the reservation's original method, or a change that moved no money, needs no payment named
        const refundOnly =
          moved !== undefined ? moved.every((p) => p.amount <= 0) && (moved.length === 0 || original) : original && isDowngrade(old, cabin, flights);
        if (pay && !refundOnly) out.push(paymentDetail(pay, k, reservationId), chosenPaymentDetail([pay], k, reservationId));
        const charge = moved && chargeDetail(moved, k, old?.passengers.length, undefined, cabin);
        if (charge) out.push(charge);
        break;
      }
      case "update_reservation_baggages": {
        const total = num(a["total_baggages"]);
        const nonfree = num(a["nonfree_baggages"]) ?? 0;
        if (total !== undefined) {
          const noPaidBag = old?.nonfreeBaggages !== undefined && nonfree <= old.nonfreeBaggages;
          const allowance = old ? freeAllowance(k, old.cabin, old.passengers.length, noPaidBag) : undefined;
          const travellers = old?.passengers.map((p) => p.first_name);
          out.push(bagsDetail(total, old?.totalBaggages, old?.passengers.length, allowance, travellers));
        }
        const pay = str(a["payment_id"]);
        const moved = moneyMoved(call, old);
        const charged =
          moved !== undefined ? moved.some((p) => p.amount > 0) : old?.nonfreeBaggages === undefined ? nonfree > 0 : nonfree > old.nonfreeBaggages;
        if (pay && charged) out.push(paymentDetail(pay, k, reservationId), chosenPaymentDetail([pay], k, reservationId));
        const charge = moved && chargeDetail(moved, k);
        if (charge) out.push(charge);
        break;
      }
      case "update_reservation_passengers": {
        const before = new Set((old?.passengers ?? []).map((p) => `${p.first_name}|${p.last_name}|${p.dob}`));
        const written = arr(a["passengers"]);
        const changed = written.filter((p) => !before.has(`${str(p["first_name"])}|${str(p["last_name"])}|${str(p["dob"])}`));
        // a birth date the update keeps (the passenger in the same place had it: only the name is corrected) is not a change to describe
        const dobChanged = (p: Record<string, unknown>) => old?.passengers[written.indexOf(p)]?.dob !== str(p["dob"]);
        out.push(...passengerDetails(changed, dobChanged, k));
        break;
      }
      case "book_reservation": {
        const first = out.length;
        const passengers = arr(a["passengers"]);
        out.push(...flightDetails(arr(a["flights"]), () => true, k, undefined, passengers));
        const [origin, destination] = [str(a["origin"]), str(a["destination"])];
        if (origin && destination && str(a["flight_type"]) === "one_way") out.push(bookingDirectionDetail(origin, destination));
        const cabin = str(a["cabin"]);
        if (cabin) out.push(cabinDetail(cabin), cabinConflict(cabin, []));
        // birth dates as the user gave them, but not one the request tied to another traveller, nor another than the user's own on file
        out.push(...passengerDetails(passengers, userNameOtherBirthDate(k), k, true).map((d) => ({ ...d, impliedBy: rebooksTravellers(passengers, k) })));
        out.push(...statedBirthDateDetails(passengers));
        // a traveller the run knows whom the request put on this booking but the booking leaves out
        const person = (p: { first_name?: unknown; last_name?: unknown }) => ({ first: str(p.first_name) ?? "", last: str(p.last_name) ?? "" });
        const known = [
          ...(k.profile ? [{ first: k.profile.firstName, last: k.profile.lastName }] : []),
          ...[...k.reservations.values()].flatMap((r) => r.passengers.map(person)),
        ];
        const leftOut = leftOutTravellerDetail(passengers.map(person), known);
        if (leftOut) out.push(leftOut);
        out.push(
          countConflict(`${passengers.length} passengers`, "passenger", passengers.length, (t) => extractDescribedValues(t).passengerCounts, "passengers"),
        );
        const payments = arr(a["payment_methods"]);
        for (const p of payments) {
          const id = str(p["payment_id"]);
          if (id) out.push(paymentDetail(id, k, undefined));
        }
        const paying = payments.map((p) => str(p["payment_id"])).filter((id): id is string => id !== undefined);
        if (paying.length > 0) out.push(chosenPaymentDetail(paying, k, undefined));
        const split = payments.flatMap((p) => {
          const id = str(p["payment_id"]);
          const amount = num(p["amount"]);
          return id !== undefined && amount !== undefined ? [{ id, amount }] : [];
        });
        if (split.length > 1) out.push(splitPaymentDetail(split, k));
        out.push(...pairedAmountDetail(split, k));
        const booked = bookingChargeDetail(call, k);
        if (booked) out.push(booked);
        const bags = num(a["total_baggages"]);
        if (bags !== undefined && bags > 0) {
          const travellers = passengers.flatMap((p) => str(p["first_name"]) ?? []);
          out.push(
            bagsDetail(bags, undefined, passengers.length, freeAllowance(k, cabin, passengers.length, (num(a["nonfree_baggages"]) ?? 0) === 0), travellers),
          );
        }
        const insurance = str(a["insurance"]);
        const said = (t: string) => [...extractDescribedValues(t).insurance];
        // insurance bought must have been spoken of, and not only declined ("I don't want travel insurance" in the user's words)
        if (insurance === "yes")
          out.push(
            detail(
              "travel insurance",
              "insurance",
              "with insurance",
              (t) => INSURANCE_SPOKEN.test(t) && (said(t).includes("yes") || !said(t).includes("no")),
              (t) => said(t).map((x) => (x === "yes" ? "with insurance" : "no insurance")),
            ),
          );
        if (insurance === "yes" || insurance === "no") {
          out.push(
            detail(
              `insurance ${insurance}`,
              "insurance",
              insurance === "yes" ? "with insurance" : "no insurance",
              (t) => said(t).length === 0 || said(t).includes(insurance),
              (t) => said(t).map((x) => (x === "yes" ? "with insurance" : "no insurance")),
              "request",
            ),
          );
        }
        // the very booking the run just cancelled, booked again under a request that speaks of it: its details were the user's to see
        const again = repeatsCancelledBooking(a, k);
        for (let i = first; i < out.length; i++) {
          const d = out[i]!;
          if (d.scope === "change") out[i] = { ...d, impliedBy: (plan, said) => (d.impliedBy?.(plan, said) ?? false) || again(plan, said) };
        }
        break;
      }
      case "send_certificate": {
        const amount = num(a["amount"]);
        if (amount !== undefined)
          out.push(
            detail(
              `amount ${amount}`,
              "amount",
              `$${amount}`,
              (t) => anyMatches(amountForms(amount), t),
              (t) => extractDescribedValues(t).amounts.map((x) => `$${x}`),
            ),
            // a request naming several certificate amounts leaves the amount open, unless the reply names the one sent
            detail(
              `one certificate amount, ${amount}`,
              "amount",
              `$${amount}`,
              (t, reply) => certificateAmounts(t).every((x) => sameAmount(x, amount)) || (reply !== undefined && anyMatches(amountForms(amount), reply)),
              (t) => certificateAmounts(t).map((x) => `$${x}`),
              "request",
            ),
          );
        break;
      }
      default: {
        // A write the auditor has no specific rule for: every scalar argument must be mentioned.
        for (const [key, v] of Object.entries(a)) {
          if (typeof v === "string" && v !== "")
            out.push(
              detail(
                `${key} ${v}`,
                "other",
                v,
                (t) => anyMatches(idForms(v), t),
                () => [],
              ),
            );
          else if (typeof v === "number")
            out.push(
              detail(
                `${key} ${v}`,
                "other",
                String(v),
                (t) => anyMatches(amountForms(v), t),
                () => [],
              ),
            );
        }
      }
    }
    return out;
  },
};
