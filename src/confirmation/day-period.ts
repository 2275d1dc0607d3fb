/**
 * A time of day in a reply ("evening please", "the afternoon one", "晚上的", "por la noche") is a
 * detail of the flight: it is covered only when the request names that time of day or a departure or
 * arrival time within it ("HAT045 at 19:00" covers "evening"). Otherwise the reply asks for another
 * flight than the one described, whatever agreement word it opens with. Greetings ("good evening",
 * "buenas noches", "晚上好") name no time of day.
 * @internal
 */

/** A time of day and the hours it spans (start inclusive, end exclusive; a span past midnight wraps). */
interface DayPeriod {
  readonly words: RegExp;
  readonly from: number;
  readonly to: number;
}

const PERIODS: readonly DayPeriod[] = [
  { words: /(?<![\p{L}])(?:morning|(?:de|por|en) la manana)(?![\p{L}])|早上|上午|早晨|清晨|早班/iu, from: 5, to: 12 },
  { words: /(?<![\p{L}])(?:noon|midday|mediodia)(?![\p{L}])|中午/iu, from: 11, to: 14 },
  { words: /(?<![\p{L}])(?:afternoon|(?:de|por|en) la tarde)(?![\p{L}])|下午/iu, from: 12, to: 21 },
  { words: /(?<![\p{L}])(?:evening|tonight)(?![\p{L}])|傍晚|晚上|晚班/iu, from: 17, to: 24 },
  { words: /(?<![\p{L}])(?:night|overnight|red-?eye|(?:de|por|en) la noche)(?![\p{L}])|夜里|夜间|夜班|红眼/iu, from: 19, to: 29 },
];

/** Greetings and good-byes that name a time of day without choosing one. */
const GREETING =
  /(?<![\p{L}])(?:good\s+(?:morning|afternoon|evening|night)|(?:have|enjoy)\s+(?:a|the|your)\s+(?:\p{L}+\s+){0,2}(?:morning|afternoon|evening|night)|buen[oa]s\s+(?:dias|tardes|noches)|que tenga (?:una )?buena (?:tarde|noche))(?![\p{L}])|早上好|上午好|下午好|晚上好|晚安/giu;

/** A time of day of the user's story, not a choice: "that evening", "every night", "the night we spent at the airport", "昨天晚上", "toda la noche". */
const STORY_TIME =
  /(?<![\p{L}])(?:(?:that|every|each|last|all|one|same|whole|entire|yesterday|tomorrow)\s+(?:morning|afternoon|evening|night)|the\s+(?:morning|afternoon|evening|night)\s+(?:we|i|they|he|she|you|before|after|of)|(?:esa|aquella|toda la|cada|una|ayer por la|anoche)\s*(?:manana|tarde|noche)?)(?![\p{L}])|(?:那天|昨天|昨|每天|每个|整个?|当天|前天)(?:早上|上午|下午|晚上|夜里)|整晚|昨晚/giu;

/** Clock times in a request ("19:00", "7:05 pm", "7pm"), as hours from 0 to 23. */
function requestHours(request: string): number[] {
  const hours: number[] = [];
  for (const m of request.matchAll(/(?<![\d:])(\d{1,2})(?::([0-5]\d))?\s*(a\.?m\.?|p\.?m\.?)?(?![\d\p{L}])/giu)) {
    const [, h, minutes, half] = m;
    if (minutes === undefined && half === undefined) continue;
    const hour = Number(h);
    if (hour > 23) continue;
    hours.push(half !== undefined && /^p/i.test(half) && hour < 12 ? hour + 12 : half !== undefined && hour === 12 && /^a/i.test(half) ? 0 : hour);
  }
  return hours;
}

const within = (hour: number, p: DayPeriod) => (hour >= p.from && hour < p.to) || (hour + 24 >= p.from && hour + 24 < p.to);

/**
 * The time of day a clause names that the request does not offer (undefined when it names none, or the request covers it).
 *
 * @example
 * ```ts
 * unofferedDayPeriod("yes, evening please", "change to hat045 departing at 08:00?"); // "evening"
 * unofferedDayPeriod("yes, evening please", "change to hat045 departing at 19:00?"); // undefined
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @internal
 */
export function unofferedDayPeriod(clause: string, request: string): string | undefined {
  const said = clause.replace(GREETING, " ").replace(STORY_TIME, " ");
  const offered = request.replace(GREETING, " ");
  const hours = requestHours(offered);
  for (const period of PERIODS) {
    const m = period.words.exec(said);
    if (m && !period.words.test(offered) && !hours.some((h) => within(h, period))) return m[0];
  }
  return undefined;
}

/**
 * The clause without the times of day the request covers ("sí, el de la noche" to a flight at 19:00): they name
 * the described flight, not a detail of the user's own.
 *
 * @example
 * ```ts
 * withoutCoveredDayPeriods("siyes, el de la noche", "al vuelo hat045 que sale a las 19:00"); // "siyes, el  "
 * ```
 * @param clause A clause of the reply, in `normalizeText` form.
 * @param request The request, in `normalizeText` form.
 * @internal
 */
export function withoutCoveredDayPeriods(clause: string, request: string): string {
  const offered = request.replace(GREETING, " ");
  const hours = requestHours(offered);
  return PERIODS.filter((p) => p.words.test(offered) || hours.some((h) => within(h, p))).reduce(
    (text, p) => text.replace(new RegExp(p.words.source, "giu"), " "),
    clause,
  );
}
