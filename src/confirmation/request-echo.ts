/**
 * What in a clause of the reply only echoes the request the user answered: the request's own
 * words after a marker ("just the 1 free bag"), an answer to the request's "how many?", a negation
 * the request itself states ("no insurance" after "Insurance: No"). Used by the clause reader so
 * that these do not count as restrictions, changes or refusals.
 * @internal
 */
import { NEGATOR } from "./consent-markers.js";
import { escapeRegExp } from "../util/escape-regexp.js";
import { isKnownValue, namedValues, withDateParts, type NamedValue } from "./reply-values.js";
import { swapsPassengers } from "./role-references.js";

const ALL_NEGATORS = new RegExp(NEGATOR.source, "giu");
// the user's "I" and the agent's "you" name the same person ("the only item I want" says back "the only item you want")
const withoutPronouns = (s: string) => s.replace(/\b(?:my|your|our|the|i|you|we|mi|su|tu|el|la)\s+/g, "").trim();

/** Whether a marker and the two words after it are the request's own words ("the other reservations", "just the 1 free bag"). */
export function restatesRequest(text: string, marker: string, request: string): boolean {
  // "add Sofia instead", "en lugar de Daniel" when the request itself takes one passenger off and puts another on (role-references.ts)
  if (/^(?:instead(?: of)?|in place of|en lugar de|en vez de)$/u.test(marker.trim()) && swapsPassengers(request)) return true;
  const at = text.indexOf(marker);
  if (at < 0) return false;
  // the marker and the two words after it, without articles and persons ("only the smart watch" → "only smart watch", "the only
  // item I want" → "only item want", as the request's "the only item you want")
  const after = withoutPronouns(` ${text.slice(at + marker.length).split(/[,;:]/)[0]!} `)
    .split(/\s+/)
    .filter((w) => w !== "")
    .slice(0, 2)
    .join(" ");
  const phrase = withoutPronouns(`${marker} ${after} `);
  return phrase.length >= 6 && withoutPronouns(request).includes(phrase);
}

/** "just for one passenger" after "how many passengers?": an answer, not a restriction. */
export function answersHowMany(text: string, marker: string, request: string): boolean {
  const after = text.slice(text.indexOf(marker) + marker.length).split(/[,;:]/)[0]!;
  const noun = /^\s*(?:for\s+)?(?:the\s+)?(?:\d+|one|two|three|a|an|me|myself|us)?\s*(?:\w+\s+)?([a-z]{3,})/.exec(after)?.[1];
  if (noun === undefined)
    return (
      /^\s*(?:for\s+)?(?:me|myself)\b/.test(after) && /how many (?:passengers|people|travell?ers)|number of (?:passengers|people|travell?ers)/.test(request)
    );
  const root = noun.slice(0, Math.min(noun.length, 5));
  return (
    new RegExp(`(?:how many|number of)\\s+(?:\\w+\\s+)?${escapeRegExp(root)}`).test(request) ||
    (/^(?:me|myself)$/.test(noun) && /how many (?:passengers|people|travell?ers)/.test(request))
  );
}

/** What picks out a part in Chinese: "only", an ordinal, one of a count, "some of", "half", "first / for now", "my own". */
const ZH_SELECTION = /[只仅第半先]|[一两二三四五六七八九十几\d]\s*(?:个|位|件|段|张|项|程|趟|笔)|其中|部分|一些|自己|我的|本人/u;
/** The request names several of something (two passengers, a round trip, two flights, "both"). */
const ZH_SEVERAL = /[2-9两二三四五六七八九]\s*(?:位|名|个|件|段|张|项|程|趟|笔)|往返|来回|两|都|(?<![\p{L}\p{N}])(?:both|two|three|2|3)(?![\p{L}\p{N}])/iu;
/** Words of paying or refunding: a "…就行" about them settles how the money goes, not which part is done. */
const ZH_MONEY = /退款|退回|退到|原路|支付|付款|刷|扣|卡|差价|费用/u;

/**
 * "…就行" / "…就好" ("… will do") that settles what the request described rather than restricting it: no word that picks
 * out a part before it, and either a request with one of everything or a phrase about how the money goes ("退款退回原支付方式就行",
 * "差价刷那张卡就行"). "改第一段就行", "只退一件就好" and "取消我的就行" after a booking for two stay restrictions.
 */
export function settlesAsDescribed(text: string, marker: string, request: string): boolean {
  if (!/^就(?:行|好)$/u.test(marker)) return false;
  const at = text.indexOf(marker);
  const before =
    text
      .slice(0, at)
      .split(/[，,；;。]/u)
      .at(-1) ?? "";
  if (ZH_SELECTION.test(before)) return false;
  return !ZH_SEVERAL.test(request) || ZH_MONEY.test(before);
}

/** The request says `field` is "no", or asks it as a yes-or-no field ("insurance (yes/no)", `"insurance": "no"`, "waterproof no"). */
function fieldAnsweredNo(field: string, request: string): boolean {
  const f = escapeRegExp(field);
  return new RegExp(`(?<![\\p{L}])${f}["'\\s:=]{0,5}no(?![\\p{L}])|(?<![\\p{L}])${f}[^.\\n?]{0,40}\\(?yes\\s*/\\s*no(?![\\p{L}])`, "iu").test(request);
}

/** The negated phrases of a clause that do not restate a negative detail of the request ("no insurance" after "Insurance: No"). */
export function unexplainedNegations(clause: string, request: string): string[] {
  const out: string[] = [];
  for (const m of clause.matchAll(ALL_NEGATORS)) {
    const after = clause.slice(m.index! + m[0].length).trim();
    const object =
      /^(?:(?:need|want|have|require|use|add|any|a|an|the|to|be|se|puede|pueden|hay|habra|habria|extra|additional|more|further|other|of|de|la|el|los|las|un|una|ningun[oa]?|purchase|buy|get|include)\s+)*([\p{L}][\p{L}'-]*)/u.exec(
        after,
      )?.[1] ??
      /^\p{Script=Han}+/u.exec(after)?.[0] ??
      "";
    if (object.length < 2) {
      // a field answered "no" the way the request put it ("Insurance: no" to `"insurance": "no"` or to "insurance (yes/no)",
      // "waterproof no" said back from "synthetic, waterproof no"): the request's own value, not a refusal
      const field = /([\p{L}][\p{L}_-]+)["'\s:=]*$/u.exec(clause.slice(0, m.index!))?.[1];
      if (field === undefined || !fieldAnsweredNo(field, request)) out.push(m[0]);
      continue;
    }
    const root = escapeRegExp(object.slice(0, Math.max(3, Math.min(object.length, 5))));
    // the request says the same thing is absent, unchanged or impossible: "no travel insurance", "Insurance: No", "0 checked bags",
    // "no additional cost", "cannot be cancelled", "I'm unable to cancel"
    const restated = new RegExp(
      `(?:\\bno\\b|\\bnot\\b|none|without|zero|\\b0\\b|n't|\\bsin\\b|ningun|\\bcannot\\b|\\bunable\\b|不|没有|无)[^.\\n]{0,30}${root}|${root}[^.\\n]{0,30}(?:\\bno\\b|none|unchanged|remain|same|free|\\bnot\\b|\\b0\\b|无|不)`,
      "iu",
    );
    if (!restated.test(request)) out.push(`${m[0]} ${object}`);
  }
  return out;
}

/**
 * Where a text says what something becomes: "to", "→", "a"/"al"/"por" (Spanish), "改为", "改成",
 * "换成"… A request's values after one are what it changes to ("from HAT204 on May 25 to HAT289 on
 * May 26": HAT289 and May 26); a reply's values after one are what it asks the action to set.
 */
const BECOMES =
  /(?<![\p{L}])(?:to|into|a|al|por|new|nuev[oa]s?)(?![\p{L}])|→|->|=>|改为|改成|换成|改到|换到|更改为|变更为|变为|升级到|升级为|升至|调整为|调到|改签到|改签为|改签成|升舱到|新的?/giu;

/** A comma that goes on with the same item: "…the day after, which would be May 24", "HAT214 on May 22, then HAT091". */
const SAME_ITEM = /^\s*(?:which|that|then|and then|i\.e\.|namely|que|luego|y luego|然后|再|即)(?![\p{L}])/iu;

/** A comma between digits ("1,5 L", Spanish decimals) is part of a number, not the end of an item. */
const decimalComma = (text: string, i: number): boolean =>
  /(?<![\p{L}\p{N}.,])\d{1,3}$/u.test(text.slice(Math.max(0, i - 8), i)) && /^\d{1,2}(?![\p{N}])/u.test(text.slice(i + 1, i + 4));

/** The text after `at` up to the end of its item: a line, a sentence, or a comma or semicolon outside parentheses. */
function itemAfter(text: string, at: number): string {
  let depth = 0;
  let i = at;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === "(" || c === "（") depth++;
    else if ((c === ")" || c === "）") && depth > 0) depth--;
    else if (c === "\n" || /[;；。!?！？]/u.test(c) || (c === "." && !/\d/u.test(text[i + 1] ?? ""))) break;
    else if (
      depth === 0 &&
      (c === "，" || (c === "," && !/^\d{3}(?!\d)/u.test(text.slice(i + 1)) && !decimalComma(text, i))) &&
      !SAME_ITEM.test(text.slice(i + 1))
    )
      break;
  }
  return text.slice(at, i);
}

/** What a request changes: the values it names as what things become, and those it names as what they are now. */
export interface RequestChange {
  /** The new flight, date, cabin or amount of a change (`namedValues` keys, with their date parts). */
  readonly targets: ReadonlySet<string>;
  /** The old ones: after "from", "de", "从", before "→", after "current", "original", "原". */
  readonly sources: ReadonlySet<string>;
  /** Values named on both sides of one change ("blue / size M → blue / size L": blue): they stay as they are. */
  readonly kept?: ReadonlySet<string>;
}

/**
 * What a request changes, as values: "from HAT204 on May 25 to HAT289 on May 26" has targets
 * HAT289 and May 26 and sources HAT204 and May 25; a detail that stays as it is is neither. A reply
 * that says "change it to X" restates the request only when X is a target, and changes it when X
 * is a source.
 *
 * @param request The request, in normal form.
 */
export function requestChange(request: string): RequestChange {
  const out = new Set<string>();
  const from = new Set<string>();
  const [arrowTo, arrowFrom, exchangeKept] = [new Set<string>(), new Set<string>(), new Set<string>()];
  for (const m of request.matchAll(BECOMES)) {
    const after = labelledLine(request, m.index, m.index + m[0].length) ?? itemAfter(request, m.index + m[0].length);
    const before = itemBefore(request, m.index);
    const arrow = /^(?:→|->|=>)$/u.test(m[0]);
    // a route ("LAS → DEN") changes nothing
    if (arrow && /(?<![\p{L}])\p{L}{3}\s*$/u.test(before) && /^\s*\p{L}{3}(?![\p{L}])/u.test(after)) continue;
    for (const v of namedValues(after)) out.add(v.key);
    if (arrow) {
      for (const v of namedValues(after)) arrowTo.add(v.key);
      for (const v of namedValues(untilBecomes(before))) arrowFrom.add(v.key);
    }
    // what a change starts from is not what it becomes: "HAT204 (May 25) → HAT289", "from economy to business", "de HAT204 del 2024-05-25 a HAT289", "从经济舱升级到商务舱"
    const start = arrow ? 0 : Math.max(-1, ...[...before.matchAll(FROM)].map((f) => f.index));
    if (start >= 0) for (const v of namedValues(untilBecomes(before.slice(start)))) from.add(v.key);
  }
  // an exchange "X for Y", "replace X with Y", "cambiar X por Y": X is what the request exchanges away, Y what it exchanges to
  for (const m of request.matchAll(EXCHANGE_FOR)) {
    const [source, target] = [namedValues(m[1] ?? m[2]!).map((v) => v.key), namedValues(sentenceAfter(request, m.index + m[0].length)).map((v) => v.key)];
    for (const k of target) out.add(k);
    // "for a size L in the same color", "en el mismo color", "同色": the source's colours and materials stay as they are
    const same = SAME_OPTION.test(sentenceAfter(request, m.index + m[0].length));
    for (const k of source) (target.includes(k) || (same && k.startsWith("o:")) ? exchangeKept : from).add(k);
  }
  // "Current flight: HAT112 on 2024-05-18", "the current flights (HAT202 and HAT232) with HAT041", "原航班", "vuelo actual"
  for (const m of request.matchAll(NOW)) {
    const line = labelledLine(request, m.index, m.index + m[0].length);
    const item = itemAfter(request, m.index + m[0].length);
    for (const v of namedValues(line ?? untilBecomes(item.split(/[,，]/u)[0]!))) from.add(v.key);
  }
  // what is on both sides of one arrow ("blue / size M → blue / size L": blue) stays as it is (only an arrow: a value that is the
  // target of one "to" and the source of another "from" is not kept)
  const kept = new Set([...[...arrowFrom].filter((k) => arrowTo.has(k)), ...exchangeKept]);
  // an order's number names what is acted on, never what an exchange or change gives away ("…in order #W6390527")
  for (const k of from) if (/^id:#?w\d{5,}$/u.test(k)) from.delete(k);
  for (const k of from) out.delete(k);
  return { targets: withDateParts(out), sources: withDateParts(from), kept };
}

/** A text up to the first word that says what something becomes ("to", "with", "→", "改为"). */
function untilBecomes(text: string): string {
  const to = new RegExp(`${BECOMES.source}|(?<![\\p{L}])(?:with|by|con|por)(?![\\p{L}])`, "iu").exec(text.slice(1));
  return to === null ? text : text.slice(0, to.index + 1);
}

/**
 * An exchange and what it gives away, up to the word that names what it gets ("exchange the kettle (white) for", "replace the
 * black one with", "cambiar el hervidor (blanco) por", "把白色的换成"): within one sentence.
 */
const EXCHANGE_FOR =
  /(?<![\p{L}])(?:exchang(?:e|ed|ing)|swap(?:s|ped|ping)?|trad(?:e|ed|ing)|replac(?:e|ed|ing)|cambi(?:ar|e|o|amos|aremos|are)(?:l[oa]s?)?|intercambi\w*|reemplaz\w*|sustitu\w*)(?![\p{L}])((?:(?!(?<![\p{L}])(?:to|into|a|al)(?![\p{L}])|→|->)(?:\.(?=\d)|[^.;!?\n。；！？])){1,160}?)(?<![\p{L}])(?:for|with|por)(?![\p{L}])|把([^。；！？\n]{1,60}?)(?=换成|换为|更换为|替换为)/giu;

/** The target of an exchange keeps the source's option ("in the same color", "del mismo color", "同色", "颜色不变"). */
const SAME_OPTION =
  /(?<![\p{L}])(?:same|mism[oa])\s+(?:colou?r|material|finish|style|color|acabado|estilo)(?![\p{L}])|同色|同一?颜色|相同颜色|颜色不变|颜色一样/iu;

/** The text after `at` to the end of its sentence (a target's details may follow a comma: "for the same jacket in L, navy"). */
const sentenceAfter = (text: string, at: number): string => /^(?:\.(?=\d)|[^.;!?\n。；！？])*/u.exec(text.slice(at))![0];

/**
 * A labelled line of a request ("- New flight: HAT512, 2024-06-14, 09:30", "新航班：…", "Vuelo nuevo: …", "Current flight: …"):
 * when the word at `start` is in the line's label, every detail after the label is the item's, up to the line's end. `undefined`
 * when the word is not in a short label that opens its line.
 */
function labelledLine(text: string, start: number, end: number): string | undefined {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  if (!/^\s*(?:[-•*·]|\d+[.)])?\s*[\p{L}\s]{0,16}$/u.test(text.slice(lineStart, start))) return undefined;
  const label = /^[\p{L}\s]{0,16}?[:：]/u.exec(text.slice(end));
  if (label === null) return undefined;
  const lineEnd = text.indexOf("\n", end);
  return text.slice(end + label[0].length, lineEnd < 0 ? text.length : lineEnd);
}

/** What is there before the change: "current flight:", "original", "old", "actual", "当前", "原". */
const NOW = /(?<![\p{L}])(?:current(?:ly)?|original|old|existing|actual|anterior)(?![\p{L}])|当前|目前|原(?!因)/giu;

/**
 * What a change starts from: "from", "de", "del", "从", "由", "原", and the object of the change itself ("change your flight HAT233
 * on July 8 to…", "cambiar su vuelo del HAT101 del 3 de junio al…", "把您的预订（HAT118，5月5日）改到…"). A Spanish date's own
 * "de" ("3 de junio") and "del" before a day ("del 3 de junio") belong to the date, not to a start.
 */
const FROM =
  /(?<![\p{L}])(?:from|chang(?:e|ing)|mov(?:e|ing)|switch(?:ing)?|rebook(?:ing)?|modify(?:ing)?|de(?!\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)(?![\p{L}]))|del(?!\s+\d))(?![\p{L}])|从|由|原|把/gu;

/** The text before `at` back to the start of its item (as `itemAfter`, read backwards). */
function itemBefore(text: string, at: number): string {
  let depth = 0;
  let i = at - 1;
  for (; i >= 0; i--) {
    const c = text[i]!;
    if (c === ")" || c === "）") depth++;
    else if ((c === "(" || c === "（") && depth > 0) depth--;
    else if (c === "\n" || /[;；。!?！？]/u.test(c) || (c === "." && !/\d/u.test(text[i + 1] ?? ""))) break;
    else if (depth === 0 && (c === "，" || (c === "," && !/^\d{3}(?!\d)/u.test(text.slice(i + 1)) && !decimalComma(text, i)))) break;
  }
  return text.slice(i + 1, at);
}

/** A change asked for in other words than the judge's retarget markers: "change the return to", "move my flight to", "cámbielo al", "调到". */
const CHANGED_TO =
  /(?<![\p{L}])(?:chang(?:e|ing)|switch(?:ing)?|mov(?:e|ing)|rebook(?:ing)?|cambi\w*|pas(?:e|ar|elo|ela)|mueva\w*)(?:\s+[\p{L}'-]+){0,3}?\s+(?:to|into|a|al|para)(?![\p{L}])|(?<![\p{L}])(?:swap\w*|exchang\w*|trad(?:e|ing)|replac\w*|cambi\w*|intercambi\w*|reemplac\w*|sustitu\w*)(?:\s+[\p{L}'-]+){0,3}?\s+(?:for|with|por)(?!\s+favor)(?![\p{L}])|改成|改到|改为|换成|换到|调到|改签到/iu;

/** The reply naming what something will be: "the new return flight is", "la nueva fecha es", "新的航班是". */
const NEW_IS =
  /(?<![\p{L}])(?:the\s+)?(?:new|nuev[oa])(?:\s+[\p{L}'-]+){0,2}?\s+(?:is|will be|would be|es|sera|:)(?![\p{L}])|新的?\p{Script=Han}{0,4}(?:是|为|：)/iu;

/** What a clause asks the action to change to, read against what the request changes. */
export interface ChangeToReading {
  /** The words that say it ("change it to", "改成", "the new flight is"). */
  readonly marker: string;
  /** The values named after them. */
  readonly values: readonly NamedValue[];
  /** Those that are not what the request changes to: a change of what it described. */
  readonly off: readonly NamedValue[];
}

/**
 * What a clause (normal form) asks the action to change to, or `undefined` when it asks no change.
 * After a retarget word (`retarget`, "change it to", "改成") or "the new … is", every value must be
 * one the request changes to; after a looser "switching to", "cámbielo al", a value must be one the
 * request names and not what it changes from (the old date).
 *
 * @param clause The clause, in normal form.
 * @param retarget The judge's retarget marker found in the clause, if any.
 * @param known The values the request and the action name (`knownValues`).
 * @param change What the request changes (`requestChange`).
 */
export function readChangeTo(
  clause: string,
  retarget: string | undefined,
  known: ReadonlySet<string>,
  change: RequestChange | undefined,
): ChangeToReading | undefined {
  const strict = retarget ?? NEW_IS.exec(clause)?.[0];
  const marker = strict ?? CHANGED_TO.exec(clause)?.[0];
  if (marker === undefined) return undefined;
  const at = clause.indexOf(marker);
  const values = namedValues(itemAfter(clause, at + marker.length));
  const { targets, sources } = change ?? { targets: new Set<string>(), sources: new Set<string>() };
  const kept = change?.kept ?? new Set<string>();
  const off = values.filter(
    (v) =>
      !isKnownValue(v, known) ||
      (!isKnownValue(v, kept) &&
        ((isKnownValue(v, sources) && !isKnownValue(v, targets)) || (strict !== undefined && targets.size > 0 && !isKnownValue(v, targets)))),
  );
  return { marker, values, off };
}

/** "the new flight", "la nueva fecha", "el vuelo nuevo", "新的航班", "新航班": what the reply calls new. */
const CALLED_NEW = /(?<![\p{L}])(?:new|nuev[oa]s?)(?![\p{L}])|新的?/gu;

/**
 * A value the reply calls new that the request changes *from* ("yes, the new flight HAT301" when the
 * request moves HAT301 to HAT305, "新航班 HAT171" for the old one): the reply has the change the wrong
 * way round, or names the old flight as the one to keep. `undefined` when every value after "new" is
 * one the request changes to, or one it does not change.
 *
 * @param reply The reply, in normal form.
 * @param change What the request changes (`requestChange`).
 */
export function staleNewValue(reply: string, change: RequestChange): NamedValue | undefined {
  if (change.sources.size === 0) return undefined;
  for (const m of reply.matchAll(CALLED_NEW)) {
    const after = itemAfter(reply, m.index + m[0].length).slice(0, 60);
    for (const v of namedValues(after)) if (isKnownValue(v, change.sources) && !isKnownValue(v, change.targets)) return v;
  }
  return undefined;
}
