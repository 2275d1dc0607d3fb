/**
 * The travellers a reservation-wide write reaches. Cancelling a reservation or changing its flights or cabin applies to
 * every passenger on it; a request that put the action on some of them only ("I'll cancel Noah's ticket", "upgrade only
 * Noah", "el asiento de Noah", "Noah 的机票") or said that another stays out of it ("Mia's ticket is not affected", "Mia
 * stays in economy", "Mia se queda en turista", "Mia 保持经济舱") did not describe a write that reaches them all. One concept:
 * the passengers an action was said to cover.
 * @internal
 */
import { escapeRegExp } from "../../util/escape-regexp.js";
import type { ActionDetail } from "../audit-domain.js";

/** What of a traveller's an action may be put on: their seat, ticket, place in the booking. */
const PART = "seat|ticket|place|spot|fare|booking|reservation|flight|trip|leg|part";

/** A traveller said to stay out of the action, whatever it is: not affected, unchanged, excepted ("Mia's ticket is not affected"). */
const LEFT_OUT =
  /(?<![\p{L}])(?:unchanged|unaffected|not\s+(?:be\s+)?(?:affected|changed|cancell?ed|upgraded|downgraded|included)|will\s+not\s+(?:be\s+)?(?:affected|changed|cancell?ed|upgraded|downgraded)|won'?t\s+(?:be\s+)?(?:affected|changed|cancell?ed|upgraded|downgraded)|except|excepto|salvo|sin\s+cambios?|no\s+se\s+(?:ve\s+afectad[oa]|cancela|cambia))(?![\p{L}])|不受影响|不取消|不升级|不降级|除了|除外|不变/iu;

/** A traveller said to stay, keep or remain: out of the action only when the clause says in what ("Mia stays in economy", "keeps her ticket"). */
const STAYS = /(?<![\p{L}])(?:stays?|staying|remains?|keeps?|keeping|se\s+(?:queda|mantiene)|mantiene)(?![\p{L}])|保持|留在|保留/iu;

/** What a cancellation removes and a flight change changes, as a clause names it with "stays" or "keeps". */
const OBJECT: Readonly<Record<"cancellation" | "flight change", RegExp>> = {
  cancellation: /(?<![\p{L}])(?:booked|booking|reservation|ticket|seat|flight|trip|reserva|boleto|billete|asiento|vuelo)(?![\p{L}])|预订|机票|座位|航班/iu,
  "flight change": /(?<![\p{L}])(?:economy|business|basic|cabin|class|seat|flight|turista|ejecutiva|clase|cabina|asiento|vuelo)(?![\p{L}])|舱|座位|航班/iu,
};

/** A clause: a sentence, a list line, or a part of one after a comma or a conjunction ("Noah's seat is upgraded, Mia stays"). */
const CLAUSE = /(?<=[.!?。！？])\s+|[,，;；]|\s(?:and|but|while|whereas|y|pero|mientras)\s|但|而|\n+/iu;

function patterns(name: string): { only: RegExp; mention: RegExp } {
  const n = escapeRegExp(name);
  const word = `(?<![\\p{L}])${n}(?![\\p{L}])`;
  // "Noah's ticket", "Noah Li's seat", "only Noah", "just for Noah", "Noah only", "el asiento de Noah", "solo Noah", "Noah 的机票", "只给 Noah"
  const only = new RegExp(
    [
      `${word}(?:\\s+\\p{Lu}[\\p{L}'-]*)?['’]s\\s+(?:\\p{L}+\\s+)?(?:${PART})\\b`,
      `(?<![\\p{L}])(?:only|just|solely)\\s+(?:for\\s+|to\\s+)?${n}(?![\\p{L}])`,
      `${word}(?:\\s+\\p{Lu}[\\p{L}'-]*)?\\s+only\\b`,
      `(?<![\\p{L}])(?:asiento|boleto|billete|pasaje|plaza|vuelo)\\s+de\\s+${n}(?![\\p{L}])`,
      `(?<![\\p{L}])(?:solo|sólo|solamente|únicamente)\\s+(?:para\\s+|a\\s+)?${n}(?![\\p{L}])`,
      `${word}(?:\\s+\\p{Lu}[\\p{L}'-]*)?\\s*的\\s*(?:座位|机票|票|舱位|航班|预订)`,
      `(?:只|仅)(?:给|为|把|有)?\\s*${n}(?![\\p{L}])`,
    ].join("|"),
    "iu",
  );
  return { only, mention: new RegExp(word, "iu") };
}

/**
 * One `request` detail for a write that reaches every passenger of a reservation of two or more: the request (with the
 * reply) must not put the action on some of them only, nor say that one of them stays out of it. Passes when the text
 * names no traveller that way, or puts it on every one of them ("cancel Mia's and Noah's tickets").
 * @param action What the write does: a cancellation or a flight (or cabin) change.
 * @param firstNames The reservation's passengers' first names (the user's own included).
 * @internal
 */
export function passengerScopeDetail(action: "cancellation" | "flight change", firstNames: readonly string[]): ActionDetail | undefined {
  const names = [...new Set(firstNames.filter((n) => n.trim().length >= 2))];
  if (names.length < 2) return undefined;
  const forms = names.map((n) => ({ name: n, ...patterns(n) }));
  const scoped = (t: string) => forms.filter((f) => f.only.test(t)).map((f) => f.name);
  const out = (c: string) => LEFT_OUT.test(c) || (STAYS.test(c) && OBJECT[action].test(c));
  const leftOut = (t: string) => forms.filter((f) => t.split(CLAUSE).some((c) => c !== undefined && f.mention.test(c) && out(c))).map((f) => f.name);
  const partial = (t: string): string[] => {
    const out = leftOut(t);
    const only = scoped(t).filter((n) => !out.includes(n));
    return out.length > 0 ? names.filter((n) => !out.includes(n)) : only.length > 0 && only.length < names.length ? only : [];
  };
  return {
    label: `${action} for all passengers ${names.join(", ")}`,
    scope: "request",
    field: "passenger",
    executed: `${action} for ${names.join(", ")}`,
    test: (t) => partial(t).length === 0,
    described: (t) => partial(t).map((n) => `${n} only`),
  };
}
