/**
 * Airports and the places they serve: a reply may name the request's airport by its city ("HAT078
 * to Atlanta" for LAS → ATL, "亚特兰大", "a Nueva York"). The city is the same value as the code only
 * when the request names exactly one airport of that city; a city served by an airport the request
 * does not name (Newark for JFK, Love Field for DFW) stays words of the user's own, and a city said
 * as where the trip goes when the request has it only as where it starts (or the other way) is a
 * change of route (`routeMismatch`).
 *
 * Source of the table: the 20 airport codes of tau2-bench's airline database (`../shared/tau2/airline/db.json`,
 * every flight's `origin` and `destination`) with the city names the recorded agents themselves use
 * beside them in `../shared/trajectories` ("New York (JFK)", "Newark (EWR)", "Chicago O'Hare (ORD)"),
 * their usual Spanish and Chinese names, and the other commercial airports of the same metropolitan
 * areas (MDW, DAL, HOU, the New York three), so that a city served by several airports is known to be
 * ambiguous. Aliases are the few everyday short forms ("Vegas", "NYC", "Philly").
 * @internal
 */

/** One airport: its code, the names of its place (city and airport names; normal form: lower case, no accents). */
interface Airport {
  readonly code: string;
  /** City and airport names, EN/ES (normal form). */
  readonly names: readonly string[];
  /** Chinese names. */
  readonly zh: readonly string[];
}

const AIRPORTS: readonly Airport[] = [
  { code: "atl", names: ["atlanta", "hartsfield"], zh: ["亚特兰大"] },
  { code: "bos", names: ["boston", "logan"], zh: ["波士顿"] },
  { code: "clt", names: ["charlotte"], zh: ["夏洛特"] },
  { code: "den", names: ["denver"], zh: ["丹佛"] },
  { code: "dfw", names: ["dallas", "dallas fort worth", "dallas-fort worth", "dallas/fort worth", "fort worth"], zh: ["达拉斯", "沃斯堡"] },
  { code: "dal", names: ["dallas", "love field", "dallas love field"], zh: ["达拉斯"] },
  { code: "dtw", names: ["detroit"], zh: ["底特律"] },
  { code: "ewr", names: ["newark", "new york", "nueva york", "nyc"], zh: ["纽瓦克", "纽约"] },
  { code: "jfk", names: ["new york", "nueva york", "nyc", "kennedy"], zh: ["纽约", "肯尼迪"] },
  { code: "lga", names: ["new york", "nueva york", "nyc", "laguardia", "la guardia"], zh: ["纽约", "拉瓜迪亚"] },
  { code: "iah", names: ["houston", "bush intercontinental", "george bush"], zh: ["休斯顿", "休斯敦"] },
  { code: "hou", names: ["houston", "hobby"], zh: ["休斯顿", "休斯敦"] },
  { code: "las", names: ["las vegas", "vegas"], zh: ["拉斯维加斯"] },
  { code: "lax", names: ["los angeles"], zh: ["洛杉矶"] },
  { code: "mco", names: ["orlando"], zh: ["奥兰多"] },
  { code: "mia", names: ["miami"], zh: ["迈阿密"] },
  { code: "msp", names: ["minneapolis", "mineapolis", "minneapolis-saint paul", "minneapolis-st. paul", "twin cities"], zh: ["明尼阿波利斯"] },
  { code: "ord", names: ["chicago", "o'hare", "ohare"], zh: ["芝加哥", "奥黑尔"] },
  { code: "mdw", names: ["chicago", "midway"], zh: ["芝加哥"] },
  { code: "phl", names: ["philadelphia", "filadelfia", "philly"], zh: ["费城"] },
  { code: "phx", names: ["phoenix", "fenix"], zh: ["凤凰城"] },
  { code: "sea", names: ["seattle"], zh: ["西雅图"] },
  { code: "sfo", names: ["san francisco"], zh: ["旧金山", "三藩市"] },
];

const CODES: ReadonlySet<string> = new Set(AIRPORTS.map((a) => a.code));

/** The airport codes a text (normal form) names: three letters that are a code of the table, standing alone. */
export function airportCodes(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<![\p{L}\p{N}_])([a-z]{3})(?![\p{L}\p{N}_])/gu)) if (CODES.has(m[1]!)) out.add(m[1]!);
  return out;
}

/** Every name of the table (EN/ES and ZH), longest first, with the codes it may stand for. */
const NAME_CODES: readonly (readonly [string, readonly string[]])[] = (() => {
  const m = new Map<string, string[]>();
  for (const a of AIRPORTS) for (const n of [...a.names, ...a.zh]) m.set(n, [...(m.get(n) ?? []), a.code]);
  return [...m.entries()].sort((x, y) => y[0].length - x[0].length);
})();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * Words that put a place name where it is a place: before it ("to", "from", "a", "desde", "到", "飞往") or after it
 * ("airport", "flight", "trip", "/", "to"). Not "for", "para", "de", "por": "book it for Charlotte", "la reserva de
 * Charlotte" name a person as often as a place.
 */
const PLACE_BEFORE =
  /(?:(?<![\p{L}])(?:to|from|into|via|through|in|at|out of|back to|a|al|desde|hacia|hasta|en)\s+(?:the\s+)?|[/–—→-]\s*|(?:到|去|往|飞往|飞|从|由|在|回|至|抵达)\s*)$/u;
const PLACE_AFTER =
  /^(?:\s+(?:airport|flight|flights|trip|leg|segment|route|run|one|aeropuerto|vuelo)(?![\p{L}])|\s*[/–—→-]|\s+(?:to|a)\s+(?=\p{L})|\s*(?:的|机场|航班|段|那段|出发|起飞))/u;

/**
 * The reply with each place name that stands for one airport of the request written as that
 * airport's code: "hat078 to atlanta" becomes "hat078 to atl" when the request names ATL (and no
 * other Atlanta airport). Names of places the request's airports do not serve, names of a city the
 * request names two airports of, and names outside a place's position ("Charlotte is travelling
 * with me") are left as written, so they stay words of the user's own.
 *
 * @example
 * ```ts
 * placesAsRequestAirports("yes, book hat078 to atlanta", "hat078 from las to atl on may 30"); // "yes, book hat078 to atl"
 * placesAsRequestAirports("yes, to dallas", "hat1 dfw → atl, or hat2 dal → atl"); // unchanged: two Dallas airports
 * ```
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 */
export function placesAsRequestAirports(reply: string, request: string): string {
  const codes = airportCodes(request);
  if (codes.size === 0) return reply;
  let out = reply;
  for (const [name, serves] of NAME_CODES) {
    const named = serves.filter((c) => codes.has(c));
    if (named.length !== 1) continue;
    const zh = /\p{Script=Han}/u.test(name);
    const re = zh ? new RegExp(escape(name), "gu") : new RegExp(`(?<![\\p{L}'])${escape(name)}(?![\\p{L}])`, "gu");
    out = out.replace(re, (m: string, at: number, whole: string) => {
      if (!zh && !(PLACE_BEFORE.test(whole.slice(Math.max(0, at - 16), at)) || PLACE_AFTER.test(whole.slice(at + m.length)))) return m;
      return zh ? ` ${named[0]} ` : named[0]!;
    });
  }
  return out;
}

/** Where a code stands in a route: the end of a "→", "to", "a", "到" (a destination) or its start. */
const TO_BEFORE = /(?:→|->|=>|–|—|(?<![\p{L}])(?:to|a|al|hacia|hasta|into)|到|去|往|飞往|飞|至|抵达)\s*(?:\(|the\s+)?$/u;
const FROM_BEFORE = /(?:(?<![\p{L}])(?:from|desde|departing|leaving|out of)|从|由)\s*(?:\(|the\s+)?$/u;
const FROM_AFTER = /^\)?\s*(?:→|->|=>|–|—|(?<![\p{L}])(?:to|a|al|hacia)(?![\p{L}])|到|飞往|至|出发)/u;

/** How a text (normal form) places each code it names: as where a trip goes (`to`), where it starts (`from`), or both. */
function codeRoles(text: string): Map<string, Set<"to" | "from">> {
  const roles = new Map<string, Set<"to" | "from">>();
  for (const m of text.matchAll(/(?<![\p{L}\p{N}_])([a-z]{3})(?![\p{L}\p{N}_])/gu)) {
    if (!CODES.has(m[1]!)) continue;
    const before = text.slice(Math.max(0, m.index - 14), m.index);
    // a city before its code ("Atlanta (ATL)") takes the place of the code in the route
    const beforeCity = before.replace(/(?:\p{L}[\p{L} .'-]*)\s*\($/u, "");
    const after = text.slice(m.index + 3, m.index + 12);
    const set = roles.get(m[1]!) ?? new Set();
    if (TO_BEFORE.test(before) || TO_BEFORE.test(beforeCity)) set.add("to");
    if (FROM_BEFORE.test(before) || FROM_BEFORE.test(beforeCity) || FROM_AFTER.test(after)) set.add("from");
    roles.set(m[1]!, set);
  }
  return roles;
}

/**
 * A code (or a place written as one, `placesAsRequestAirports`) the reply says a trip goes to when
 * the request has it only as where a trip starts, or the other way ("yes, the flight to Las Vegas"
 * for LAS → ATL): the reply describes another route. `undefined` when every code the reply places
 * is placed as the request places it, or the request does not say.
 *
 * @param reply The reply, in normal form, with places as codes.
 * @param request The request, in normal form.
 */
export function routeMismatch(reply: string, request: string): { readonly code: string; readonly said: "to" | "from" } | undefined {
  const asked = codeRoles(request);
  for (const [code, said] of codeRoles(reply)) {
    const described = asked.get(code);
    if (described === undefined || described.size === 0) continue;
    for (const role of said) if (!described.has(role)) return { code, said: role };
  }
  return undefined;
}

/**
 * A place name of the reply that stands for two or more of the request's airports ("to Dallas" when
 * the request flies to both DFW and DAL, "New York" beside JFK and LGA): which one is not said.
 *
 * @param reply The reply, in normal form (after `placesAsRequestAirports`).
 * @param request The request, in normal form.
 */
export function ambiguousPlace(reply: string, request: string): string | undefined {
  const codes = airportCodes(request);
  for (const [name, serves] of NAME_CODES) {
    if (serves.filter((c) => codes.has(c)).length < 2) continue;
    const re = /\p{Script=Han}/u.test(name) ? new RegExp(escape(name), "u") : new RegExp(`(?<![\\p{L}'])${escape(name)}(?![\\p{L}])`, "u");
    if (re.test(reply)) return name;
  }
  return undefined;
}
