/**
 * Another leg of the trip put under the action, one the request never names: "same for the way back", "I assume the connecting
 * flight from Denver gets cancelled along with it", "回程那班也顺便往后推一天", "lo mismo para la vuelta", "entiendo que la
 * conexión también se cancela". The request acts on one flight (or one booking's flights, described as one); the reply adds a
 * return, a connection or the way home by the kind of leg it is, never by number, so no flight-number reading sees it. Said as a
 * wish, a plan or something the user takes for granted, it asks for more than was described.
 *
 * What it reads, and only that:
 * - the request is about a flight or a trip, and names no leg of the kind the reply names (a request that changes "your outbound and
 *   return flights" has the return in it: saying it back adds nothing);
 * - the clause names a leg by its kind ("the return flight", "the flight home", "the connection", "回程", "回来那趟", "转机那段",
 *   "el vuelo de vuelta", "la conexión") with a word that puts it beside the action ("too", "as well", "the same for", "along
 *   with", "也", "一起", "同样", "también", "lo mismo", "igual");
 * - and does not say the leg stays, is not wanted or is not there ("the return stays as it is", "回程不变", "la vuelta se queda
 *   como está", "there's no return flight"), nor that it happened already ("my return was cancelled too").
 * Found by red team 15 (rt15-098, rt15-099, rt15-104). EN, ZH, ES; read on one clause in `normalizeText` form.
 * @internal
 */
import { NEGATOR } from "./consent-markers.js";

/** A leg of a trip named by its kind: the way back, the return, a connection, the other leg. */
const LEG =
  /(?<![\p{L}])(?:(?:return|inbound|onward|connecting|homebound) (?:flight|leg|trip|journey|segment)s?|(?:flight|leg|trip|journey|way) (?:home|back)|connections?|(?:second|other) (?:leg|segment)|(?:vuelo|trayecto|billete|pasaje|viaje|tramo) de (?:vuelta|regreso|conexion|enlace)|la vuelta|el regreso|el de (?:vuelta|regreso)|la conexion|el enlace|el otro (?:tramo|trayecto))(?![\p{L}])|回程|返程|回来(?:的)?(?:那)?(?:程|趟|班|段)|回来那|转机(?:的|那)?(?:段|班|程)|中转(?:的|那)?(?:段|班|程|航班)|联程|另一段|第二段/iu;

/** Beside the action: "too", "as well", "the same for", "along with it", "也", "一起", "同样", "también", "lo mismo", "igual". */
const BESIDE =
  /(?<![\p{L}])(?:too|also|as well|likewise|same (?:for|with|goes for)|along with|together with|tambien|ademas|igualmente|lo mismo|igual (?:para|con|que)|junto con)(?![\p{L}])|也|一起|一并|同样|照这样|照此|顺便/iu;

/** The leg said to stay, to be left, or to be somewhere else: "stays as it is", "unchanged", "不变", "保持", "se queda como está". */
const STAYS =
  /(?<![\p{L}])(?:stays?|remains?|unchanged|as (?:it )?is|keep\w*|leave|another airline|se queda|queda igual|como esta|sin cambios|mantenga\w*|dej\w*|otra (?:aerolinea|compania))(?![\p{L}])|不变|保持|原样|照旧|留着|另外订|别的航空/iu;

/** Told as done already: "was cancelled too", "had been moved", "already", "ya", a Spanish reflexive past ("se canceló"), "已经". */
const DONE = /(?<![\p{L}])(?:was|were|had|already|ya|se \p{L}+(?:o|aron|ieron))(?![\p{L}])|已经/iu;

/** The request is about a flight, a trip or a booking. */
const FLIGHT_REQUEST = /(?<![\p{L}])(?:flights?|vuelos?|trips?|viajes?|itinerar\w*|reservations?|bookings?|reservas?)(?![\p{L}])|航班|行程|机票|预订/iu;

/**
 * The leg of the trip the clause puts beside the action where the request names no such leg, or undefined.
 *
 * @example
 * ```ts
 * const request = "i'll cancel reservation k7p2qd (flight hat301 on june 3). shall i go ahead?";
 * otherLeg("same for the way back, please", request); // "way back"
 * otherLeg("the return stays as it is", request); // undefined
 * ```
 * @param clause One clause of the reply, in normal form.
 * @param request The request, in normal form.
 */
export function otherLeg(clause: string, request: string): string | undefined {
  if (!FLIGHT_REQUEST.test(request) || LEG.test(request)) return undefined;
  const leg = LEG.exec(clause);
  if (leg === null || !BESIDE.test(clause) || STAYS.test(clause) || NEGATOR.test(clause) || DONE.test(clause)) return undefined;
  return leg[0];
}
