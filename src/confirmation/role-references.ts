/**
 * Words that name a part of the request by the role the request gave it, not by a value: "the extra
 * bag" or "the added bag" for the bag a request adds, "the new return flight" or "la nueva fecha" for
 * what a change makes new, "the second bag" for the second of the bags it counts, "in his place" for
 * the passenger a swap puts in. They bring no content of their own; the values beside them are still
 * compared as values (a "new" flight that is the one the request changes from is a change:
 * `staleNewValue` in request-echo.ts).
 *
 * Only with a definite word ("the", "my", "that", "el", "la", "这", "新增的"): "an extra bag", "another
 * bag", "one more" ask for one more, and stay words of the user's own. Only where the request gives
 * that role: it adds something for "extra", it makes something new for "new", it counts at least
 * that many bags for "the second bag", it takes one passenger off and puts another on for "in his
 * place". Read on text in `normalizeText` form. EN, ES, ZH.
 * @internal
 */
import { extractDescribedValues } from "./described-values.js";
import { namedValues } from "./reply-values.js";

/** The request adds something ("add 1 checked bag", "añadir 2 maletas", "新增", "添加"), or says extra itself. */
const ADDS = /(?<![\p{L}])(?:add|adds|adding|added|extra|additional|anadir|anad\w*|agreg\w*|adicional(?:es)?)(?![\p{L}])|新增|添加|加上|增加|额外/u;
/** The request makes something new: says "new", or changes something to something else. */
const RENEWS = /(?<![\p{L}])(?:new|nuev[oa]s?|change|changing|switch|rebook|cambi\w*)(?![\p{L}])|→|新|改签|改为|改成|换成/u;

/** A definite word, then "extra / additional / added" (EN, ES), then the noun. */
const EXTRA =
  /(?<![\p{L}])(?:the|that|this|those|these|my|our|el|la|los|las|ese|esa|mi|mis)\s+(?:extra|additional|added|adicional(?:es)?)(?=\s+\p{L})|(?<=(?:^|[^\p{L}])(?:la|las|el|mi|mis|esa|esas)\s+(?:maletas?|equipaje)\s+)(?:extra|adicional(?:es)?)(?![\p{L}])|新增的|额外的|多加的|加的那/gu;
/** A definite word, then "new / nuevo", then the noun ("the new return flight", "la nueva fecha", "el vuelo nuevo", "新的航班"). */
const NEW =
  /(?<=(?:^|[^\p{L}])(?:the|that|this|my|our|el|la|los|las|mi|mis)\s+)new(?=\s+\p{L})|(?<=(?:^|[^\p{L}])(?:el|la|los|las|mi|mis)\s+)nuev[oa]s?(?=\s+\p{L})|(?<=(?:^|[^\p{L}])(?:el|la|los|las|mi|mis)\s+(?:vuelo|fecha|reserva|asiento|direccion|tarjeta|maleta)s?(?:\s+de\s+\p{L}+)?\s+)nuev[oa]s?(?![\p{L}])/gu;

/** "the second bag", "la segunda maleta", "第二件行李": an ordinal of the request's bags. */
const NTH_BAG =
  /(?<![\p{L}])(?:the|that|my|la|mi)\s+(first|second|third|primera|segunda|tercera)\s+(?:checked\s+)?(?:bag|suitcase|maleta)(?![\p{L}])|第([一二三])件(?:托运)?行李/gu;
const NTH: Readonly<Record<string, number>> = { first: 1, second: 2, third: 3, primera: 1, segunda: 2, tercera: 3, 一: 1, 二: 2, 三: 3 };

/** The request states a cost as more than before ("$12.30 more", "cuesta $12.30 más", "difference", "多付"). */
const MORE = /(?<![\p{L}])(?:more|extra|additional|difference|mas|adicional(?:es)?|diferencia)(?![\p{L}])|差价|多付|补/u;
/** An amount with "extra" after it ("the $12.30 extra", "los $12.30 extra", "los $12.30 adicionales", "$50 de más"). */
const AMOUNT_EXTRA = /([$€£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:dollars?|dolares|usd))\s+(?:extra|adicionales?|de mas)(?![\p{L}])/gu;

/** A swap of passengers: one taken off, one put on ("Remove: Daniel … Add: Sofia", "replace X with Y", "quitar … añadir", "删除…添加"). */
const TAKES_OFF =
  /(?<![\p{L}])(?:remove|removing|take off|replace|replacing|swap|swapping|instead of|in place of|quitar|eliminar|sustituir|reemplazar)(?![\p{L}])|删除|移除|替换|换下|代替/u;
const PUTS_ON =
  /(?<![\p{L}])(?:add|adding|with|replace|replacing|swap|swapping|instead of|in place of|anadir|agregar|sustituir|reemplazar)(?![\p{L}])|添加|加上|替换|换上|代替/u;
/** "in his place", "in her stead", "en su lugar", "代替他". */
export const IN_PLACE = /(?<![\p{L}])in (?:his|her|their) (?:place|stead)(?![\p{L}])|(?<![\p{L}])en su lugar(?![\p{L}])|代替(?:他|她)/gu;

/** Whether the request takes one passenger off a booking and puts another on. */
export function swapsPassengers(request: string): boolean {
  return (
    TAKES_OFF.test(request) && PUTS_ON.test(request) && /passenger|traveller|traveler|pasajer|乘客|dob|date of birth|fecha de nacimiento|出生/u.test(request)
  );
}

/**
 * The clause with the role references the request licenses blanked out (see the module's summary).
 * @param clause A clause of the reply, in normal form.
 * @param request The request, in normal form.
 * @param known The values the request names (`knownValues`): an amount called "extra" must be one of them.
 */
export function withoutRoleReferences(clause: string, request: string, known?: ReadonlySet<string>): string {
  let out = clause;
  if (ADDS.test(request)) out = out.replace(EXTRA, " ");
  if (RENEWS.test(request)) out = out.replace(NEW, " ");
  if (/(?<![\p{L}])(?:first|second|third|primera|segunda|tercera)(?![\p{L}])|第[一二三]件/u.test(out)) {
    const bags = Math.max(0, ...extractDescribedValues(request).bagCounts);
    out = out.replace(NTH_BAG, (m: string, en?: string, zh?: string) => (NTH[(en ?? zh)!]! <= bags ? " " : m));
  }
  if (swapsPassengers(request)) out = out.replace(IN_PLACE, " ");
  // "the $12.30 extra" for the request's "$12.30 more": an amount it states as an extra cost
  if (known !== undefined && MORE.test(request))
    out = out.replace(AMOUNT_EXTRA, (m: string, amount: string) => (namedValues(amount).some((v) => known.has(v.key)) ? amount : m));
  return out;
}

/**
 * "the second bag" when the request adds fewer bags than that: a bag the request did not describe.
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 */
export function ordinalBeyondCount(reply: string, request: string): string | undefined {
  const said = [...reply.matchAll(NTH_BAG)];
  if (said.length === 0) return undefined;
  const bags = Math.max(0, ...extractDescribedValues(request).bagCounts);
  return said.find((m) => NTH[(m[1] ?? m[2])!]! > bags)?.[0];
}

/** One more of something, in so many words: "one more bag", "再加一件", "多加", "另加", "una más", "una maleta extra" (EN, ZH, ES). */
const ONE_MORE =
  /(?<![\p{L}])(?:one more|an? (?:extra|additional) \p{L}+|(?:una?|otr[oa]) (?:\p{L}+ )?(?:mas|extra|adicional)(?![\p{L}])(?!\s+\p{L}))|再加|再添|多加|另加|再来一|再订一|再买一|多一件|多一个/u;

/**
 * A reply that asks for one more of something ("…and one more bag", "再加一件行李", "y una maleta extra") in
 * words the request does not use itself: more than the request described. `undefined` otherwise.
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 */
export function asksOneMore(reply: string, request: string): string | undefined {
  const m = ONE_MORE.exec(reply);
  return m !== null && !request.includes(m[0]) ? m[0] : undefined;
}
