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
import { bookingLegPrices } from "./airline-leg-prices.js";
import { chargeDetail } from "./airline-payment-details.js";
import { escapeRegExp } from "../../util/escape-regexp.js";

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
  const people = (t: string) => (names.length < 2 ? [] : names.filter((n) => new RegExp(`(?<![\\p{L}])${escapeRegExp(n)}(?![\\p{L}])`, "iu").test(t)));
  // one direction of travel named for the new cabin ("your return flight"), the other never mentioned
  // (a trip on two or more dates: the flights of a connection share theirs, and all go out), unless
  // the request says the cabin applies to every flight ("applied to all flights")
  const roundTrip = new Set(flights.map((f) => str(f["date"]))).size >= 2;
  const oneLeg = (t: string) => roundTrip && OUTBOUND.test(t) !== RETURN.test(t) && !cabinForAllFlights(t);
  const some = (found: readonly string[], all: number) => (found.length < all ? found : []);
  return {
    label: `cabin ${cabin} for all flights ${numbers.join(", ")}${names.length >= 2 ? ` and all passengers ${names.join(", ")}` : ""}`,
    scope: "request",
    field: "cabin",
    executed: `${cabin} on ${numbers.join(", ")}${names.length >= 2 ? ` for ${names.join(", ")}` : ""}`,
    test: (t) => {
      const n = named(t).length;
      const p = people(t).length;
      return (n === 0 || n === numbers.length) && (p === 0 || p === names.length) && !oneLeg(t) && !(roundTrip && directionLeftOut(t));
    },
    described: (t) => [
      ...some(named(t), numbers.length).map((n) => `${n} only`),
      ...some(people(t), names.length).map((n) => `${n} only`),
      ...(oneLeg(t) || (roundTrip && directionLeftOut(t)) ? ["one direction only"] : []),
    ],
  };
}

/**
 * The outbound and the return direction of a trip, as a request names them (EN, ES, ZH): as a noun
 * phrase ("return flight"), or as a label in a list of the trip's flights ("Return (HAT208, May 27)",
 * "return: HAT208", "returning on May 20 via HAT290", "outbound $53, return $99").
 */
const OUTBOUND = /(?<![\p{L}])(?:outbound|departing flight|departure flight|first leg|first flight|ida)(?![\p{L}])|去程/iu;
const RETURN =
  /(?<![\p{L}])(?:return(?:ing)? flight|return leg|inbound|second leg|flight back|vuelta|regreso)(?![\p{L}])|(?<![\p{L}])return(?:ing)?\**\s*(?:[(:$]|on\s+(?:\p{L}+\s+)?\d|via\b|[A-Z]{2,3}\d{2,4}\b)|回程|返程/iu;

/**
 * The request says, in a sentence about the cabin, that the new cabin applies to every flight of the
 * reservation ("New cabin: basic economy (applied to all flights and passengers)", "change the cabin
 * to business across all segments", "todos los vuelos en business", "所有航班升级为商务舱"). A sentence
 * that says "all flights" about something else ("all flights keep their dates") does not count, nor
 * one that excepts some ("all flights except the return").
 */
function cabinForAllFlights(t: string): boolean {
  return t.split(/(?<=[.!?。！？;；])\s*|\n+/).some((s) => ALL_FLIGHTS.test(s) && CABIN_WORD.test(s) && !EXCEPT.test(s));
}
/**
 * A sentence that names a direction of the trip as left out of the change: it stays, remains, is
 * unchanged, or is excepted ("the return stays in economy", "all flights except the return",
 * "el vuelo de regreso se queda en turista", "回程保持经济舱"), or a list line labelled by the direction whose value says so
 * ("- Return HAT101 (May 27): economy, unchanged").
 */
function directionLeftOut(t: string): boolean {
  const direction = (s: string) => OUTBOUND.test(s) || RETURN.test(s) || /\bthe return\b/i.test(s);
  // also a list line labelled by the direction whose value says it stays ("- Return HAT101 (May 27): economy, unchanged")
  const labelled = (line: string) => {
    const colon = line.search(/[:：]/u);
    return colon > 0 && direction(line.slice(0, colon)) && LEFT_OUT.test(line.slice(colon));
  };
  return t.split(/(?<=[.!?。！？;；,，])\s*|\n+/).some((s) => direction(s) && LEFT_OUT.test(s)) || t.split(/\n+/).some(labelled);
}
const LEFT_OUT =
  /\b(?:stays?|staying|remains?|remaining|unchanged|(?:will|would)\s+not\s+(?:be\s+)?(?:upgraded|downgraded|changed)|not\s+(?:be\s+)?(?:upgraded|downgraded)|except|but not|other than|apart from|excluding|excepto|menos|salvo|se\s+(?:queda|mantiene)|sin\s+cambios?)\b|除了|除外|保持|不变|不升级|不降级/i;
const ALL_FLIGHTS =
  /\b(?:all|every|both)\s+(?:of\s+)?(?:the\s+|your\s+)?(?:flights?|segments?|legs?|directions)\b|\b(?:whole|entire)\s+(?:reservation|booking|trip|itinerary)\b|\b(?:todos\s+los\s+(?:vuelos|tramos|trayectos)|ambos\s+(?:vuelos|tramos|trayectos))\b|(?:所有|全部|两个|每个)(?:航班|航段)|整个(?:预订|行程)/i;
const CABIN_WORD = /\b(?:cabin|class|business|economy|upgrad\w*|downgrad\w*|clase|cabina|turista|econ[oó]mica)\b|舱/i;
const EXCEPT = /\b(?:except|but not|other than|apart from|excluding|excepto|menos|salvo)\b|除了|除外/i;

/**
 * What a booking charged (its result's payments) must be an amount the request stated, when the
 * request states amounts (`chargeDetail`). A booking that failed, or whose result is not recorded,
 * is read by what it asked to charge when one method pays (its arguments' `payment_methods`; a
 * split is checked amount by amount by `splitPaymentDetail`): enforcement judges the call before
 * it runs, so whether it then failed cannot make a yes cover an amount the user never heard.
 * Undefined when neither shows a payment.
 */
export function bookingChargeDetail(call: RecordedToolCall, k: AirlineKnowledge): ActionDetail | undefined {
  const travellers = Math.max(1, arr(call.arguments["passengers"]).length);
  if (!call.result || call.result.error) {
    const asked = arr(call.arguments["payment_methods"]).flatMap((p) => {
      const paymentId = str(p["payment_id"]);
      const amount = num(p["amount"]);
      return paymentId !== undefined && amount !== undefined && amount > 0 ? [{ paymentId, amount }] : [];
    });
    return asked.length === 1 ? chargeDetail(asked, k, travellers, bookingLegPrices(call, k), str(call.arguments["cabin"])) : undefined;
  }
  const after = readReservation(parseJson(call.result.content));
  if (!after || after[1].payments.length === 0) return undefined;
  return chargeDetail(after[1].payments, k, travellers, bookingLegPrices(call, k), str(call.arguments["cabin"]));
}
