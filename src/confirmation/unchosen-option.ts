/**
 * Options a request offers but does not act on ("Option 1 is the 1000ml kettle (+$12); Option 2 is
 * the 1500ml one (+$25). Shall I proceed with Option 1?"). A reply that picks another of them, by
 * its label ("option 2", "the second one", "la opción 2", "选项二", "第二个") or by a value only that
 * option has ("the 1500ml one"), chooses what the request did not put to the user: it is not a
 * yes to the action that was put, however it agrees.
 *
 * Which option is acted on: the labels named in the request's last sentence that proposes the
 * action or asks about it ("I'll exchange it for Option 1", "Shall I proceed with Option 1?",
 * "¿Procedo con la opción 1?", "是否按方案一办理？"), or, where that sentence names no label, the option
 * whose own values it names. When that sentence names every option, or none can be told, nothing
 * is decided here (a request that asks which option is read by listed-choice.ts).
 * Read on text in `normalizeText` form. EN, ZH, ES.
 * @internal
 */
import { GOING_AHEAD } from "./either-or-question.js";
import { proposesAction } from "./listed-not-acted.js";
import { splitSentences } from "./reply-text.js";
import { CARDINAL_WORDS, numberFromChinese, ORDINAL_WORDS } from "./number-words.js";
import { namedValues } from "./reply-values.js";

/** An option's label in a request: "option 2", "choice b", "opción 2", "alternativa 1", "选项二", "方案2". */
const LABEL = /(?<![\p{L}])(?:option|choice|opcion|alternativa)\s+(\d|[abc]|one|two|three|uno|dos|tres)(?![\p{L}\p{N}])|(?:选项|方案)\s*([一二三四1-4])/giu;

/** The same label in a reply, also as an ordinal ("the second one", "la segunda opción", "第二个", "第二种"). */
const PICKED = new RegExp(
  [
    LABEL.source,
    String.raw`(?<![\p{L}])(first|second|third|primer[oa]?|segund[oa]|tercer[oa]?)\s+(?:option|one|choice|opcion|alternativa)(?![\p{L}])`,
    String.raw`(?<![\p{L}])(?:la|el)\s+(?:opcion\s+|alternativa\s+)?(primer[oa]?|segund[oa]|tercer[oa]?)(?![\p{L}])`,
    String.raw`第\s*([一二三四1-4])\s*(?:个|种|项|套)`,
  ].join("|"),
  "giu",
);

/** A label's value: a digit, a letter ("choice b"), a cardinal or ordinal word (number-words.ts), a Chinese numeral. */
function indexOf(word: string): number | undefined {
  const w = word.toLowerCase();
  if (/^\d$/u.test(w)) return Number(w);
  if (/^[abc]$/u.test(w)) return w.charCodeAt(0) - 0x60;
  return CARDINAL_WORDS[w] ?? ORDINAL_WORDS[w] ?? (/^\p{Script=Han}+$/u.test(w) ? numberFromChinese(w) : undefined);
}

/** The option numbers a text names with `re`, in order of appearance, with where each label starts and ends. */
function labels(text: string, re: RegExp): { index: number; at: number; end: number }[] {
  const out: { index: number; at: number; end: number }[] = [];
  for (const m of text.matchAll(new RegExp(re.source, "giu"))) {
    const word = m.slice(1).find((g) => g !== undefined);
    const index = word === undefined ? undefined : indexOf(word);
    if (index !== undefined) out.push({ index, at: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Besides going ahead (`GOING_AHEAD`), a question that takes an option or asks for the yes: "go with option 2", "是否", "确认". */
const TAKES_OPTION = /(?<![\p{L}])go with(?![\p{L}])|是否|确认/iu;

/** The value keys a text names, without option labels. */
function valueKeys(text: string): Set<string> {
  return new Set(
    namedValues(text)
      .map((v) => v.key)
      .filter((k) => !/^k:(?:option|opcion|choice|alternativa):/u.test(k)),
  );
}

/**
 * What the reply picks of the request's options other than the one acted on: the option's label
 * or value as said, or `undefined`.
 *
 * @example
 * ```ts
 * const request = "option 1 is the 1000ml blue kettle (+$12.00); option 2 is the 1500ml black kettle (+$25.00). shall i proceed with option 1?";
 * unchosenOption("yes, option 2 please.", request); // "option 2"
 * unchosenOption("yes — the 1500ml one.", request); // "1500ml"
 * unchosenOption("yes, option 1 is perfect.", request); // undefined
 * ```
 * @param reply The reply (normal form).
 * @param request The request (normal form).
 */
export function unchosenOption(reply: string, request: string): string | undefined {
  const offered = labels(request, LABEL);
  const numbers = new Set(offered.map((l) => l.index));
  if (numbers.size < 2) return undefined;
  // each option's own text: from its label to the next label or the end of its sentence
  const segments = new Map<number, string>();
  for (const [i, l] of offered.entries()) {
    const stop = Math.min(offered[i + 1]?.at ?? request.length, sentenceEnd(request, l.end));
    segments.set(l.index, `${segments.get(l.index) ?? ""} ${request.slice(l.end, stop)}`);
  }
  const own = new Map<number, Set<string>>();
  for (const [n, text] of segments) own.set(n, valueKeys(text));
  // a value is an option's own when no other option has it
  for (const [n, keys] of own) for (const k of [...keys]) if ([...own].some(([m, other]) => m !== n && other.has(k))) keys.delete(k);
  // the option acted on: the last sentence that proposes or asks and names some options
  const sentences = splitSentences(request).map((s) => s.text);
  let chosen: Set<number> | undefined;
  let proposing = "";
  for (const s of sentences) {
    if (!proposesAction(s) && !GOING_AHEAD.test(s) && !TAKES_OPTION.test(s)) continue;
    const named = new Set(labels(s, LABEL).map((l) => l.index));
    const keys = valueKeys(s);
    for (const [n, mine] of own) if ([...mine].some((k) => keys.has(k))) named.add(n);
    if (named.size > 0) {
      chosen = named;
      proposing = s;
    }
  }
  if (chosen === undefined || chosen.size >= numbers.size) return undefined;
  for (const l of labels(reply, PICKED)) if (numbers.has(l.index) && !chosen.has(l.index)) return reply.slice(l.at, l.end);
  const said = valueKeys(reply);
  const proposed = valueKeys(proposing);
  for (const [n, mine] of own) {
    if (chosen.has(n)) continue;
    for (const k of mine) if (said.has(k) && !proposed.has(k) && ![...chosen].some((c) => own.get(c)?.has(k))) return k.replace(/^\w+:/u, "");
  }
  return undefined;
}

/** Where the sentence that holds position `from` ends (its `.`, `;`, `?`, `!`, `。` or line break). */
function sentenceEnd(text: string, from: number): number {
  const m = /[.;?!。；？！\n](?:\s|$)|[。；？！\n]/u.exec(text.slice(from));
  return m === null ? text.length : from + m.index;
}
