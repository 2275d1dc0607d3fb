/**
 * Details of an airline write that reach further than what the user was shown, by the label rules'
 * one principle (a detail the user would care about that differs from what was described is not
 * covered by the yes):
 * - a cabin change applies to every flight of the reservation: a request that put the new cabin
 *   for some of its flights (named by number) and not the others did not describe the write;
 * - what a booking charges, read from its result, must be an amount the request stated when it
 *   stated prices (as for flight and bag changes, `chargeDetail`): an amount raised after the yes
 *   was not agreed to.
 * @internal
 */
import type { RecordedToolCall } from "../recorded-run.js";
import type { ActionDetail } from "../audit-domain.js";
import { anyMatches, idForms } from "../value-forms.js";
import { arr, num, parseJson, readReservation, str, type AirlineKnowledge } from "./airline-knowledge.js";
import { chargeDetail } from "./airline-payment-details.js";

/**
 * The written cabin covers every flight of the write: when the request names some of those flights
 * by number, it must name all of them ("upgrade HAT123 to business" does not describe putting the
 * return flight HAT456 in business too). A request that names none of them (the reservation as a
 * whole) is not contradicted.
 *
 * @param cabin The written cabin.
 * @param flights The write's flights (every flight of the reservation after the change).
 */
export function cabinScopeDetail(
  cabin: string,
  flights: readonly Record<string, unknown>[],
  passengers: readonly { readonly first_name: string }[] = [],
): ActionDetail | undefined {
  const numbers = [...new Set(flights.map((f) => str(f["flight_number"])).filter((n): n is string => n !== undefined))];
  const names = [...new Set(passengers.map((p) => p.first_name).filter((n) => n.length >= 2))];
  if (numbers.length < 2 && names.length < 2) return undefined;
  const named = (t: string) => (numbers.length < 2 ? [] : numbers.filter((n) => anyMatches(idForms(n), t)));
  const people = (t: string) =>
    names.length < 2 ? [] : names.filter((n) => new RegExp(`(?<![\\p{L}])${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "iu").test(t));
  // one direction of travel named for the new cabin ("your return flight"), the other never mentioned
  // (a trip on two or more dates: the flights of a connection share theirs, and all go out)
  const roundTrip = new Set(flights.map((f) => str(f["date"]))).size >= 2;
  const oneLeg = (t: string) => roundTrip && OUTBOUND.test(t) !== RETURN.test(t);
  return {
    label: `cabin ${cabin} for all flights ${numbers.join(", ")}${names.length >= 2 ? ` and all passengers ${names.join(", ")}` : ""}`,
    scope: "request",
    field: "cabin",
    executed: `${cabin} on ${numbers.join(", ")}${names.length >= 2 ? ` for ${names.join(", ")}` : ""}`,
    test: (t) => {
      const n = named(t).length;
      const p = people(t).length;
      return (n === 0 || n === numbers.length) && (p === 0 || p === names.length) && !oneLeg(t);
    },
    described: (t) => [...named(t).map((n) => `${n} only`), ...people(t).map((n) => `${n} only`), ...(oneLeg(t) ? ["one direction only"] : [])],
  };
}

/** The outbound and the return direction of a trip, as a request names them (EN, ES, ZH). */
const OUTBOUND = /(?<![\p{L}])(?:outbound|departing flight|departure flight|first leg|first flight|ida)(?![\p{L}])|去程/iu;
const RETURN = /(?<![\p{L}])(?:return(?:ing)? flight|return leg|inbound|second leg|flight back|vuelta|regreso)(?![\p{L}])|回程|返程/iu;

/**
 * What a booking charged (its result's payments) must be an amount the request stated, when the
 * request states amounts (`chargeDetail`). A booking that failed, or whose result is not recorded,
 * is read by what it asked to charge when one method pays (its arguments' `payment_methods`; a
 * split is checked amount by amount by `splitPaymentDetail`): enforcement judges the call before
 * it runs, so whether it then failed cannot make a yes cover an amount the user never heard.
 * Undefined when neither shows a payment.
 */
export function bookingChargeDetail(call: RecordedToolCall, k: AirlineKnowledge): ActionDetail | undefined {
  if (!call.result || call.result.error) {
    const asked = arr(call.arguments["payment_methods"]).flatMap((p) => {
      const paymentId = str(p["payment_id"]);
      const amount = num(p["amount"]);
      return paymentId !== undefined && amount !== undefined && amount > 0 ? [{ paymentId, amount }] : [];
    });
    return asked.length === 1 ? chargeDetail(asked, k) : undefined;
  }
  const after = readReservation(parseJson(call.result.content));
  if (!after || after[1].payments.length === 0) return undefined;
  return chargeDetail(after[1].payments, k);
}
