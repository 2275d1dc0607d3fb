/**
 * A reply that asks for the action the request said cannot be done ("I'm sorry, a basic economy
 * reservation cannot be upgraded. I can check other flights instead — would you like that?" —
 * "Yes, upgrade it anyway."; "I can cancel it without a refund. Shall I?" — "Yes, cancel it and
 * refund me."): the user agrees, but to something the agent refused, not to what it offered. The
 * refused verb is a word of the request, so the word-by-word reading finds nothing new in the
 * reply. Found as a false confirmation on real replies (real-replies-5, unlicensed part: "I still
 * want to upgrade XEHM4B to economy and then cancel it. Can you do that?") and on the lead's red
 * team 10.
 *
 * A verb is **refused** when every mention of it in the request stands in a refusal ("cannot be
 * upgraded", "I'm unable to refund", "not eligible for a refund", "without a refund", "no se puede
 * cambiar", "sin reembolso", "无法升舱", "不能退款"); a verb the request also puts plainly ("I can
 * cancel it without a refund": cancel) is not. A reply asks for a refused verb when it says it
 * in a clause that negates nothing ("cancel it, no refund needed", "the refund doesn't matter" and
 * "I understand it can't be refunded" ask for nothing refused).
 * @internal
 */
import { ACTION } from "./request-parts.js";
import { splitSentences } from "./reply-text.js";
import { verbStem } from "./sequenced-action.js";

/** Verbs and their nouns, in the three languages (request-parts.ts's `ACTION`, with the Spanish nouns it lacks). */
const VERB = new RegExp(`${ACTION.source}|(?<![\\p{L}])(?:reembols\\w*|devoluci\\w*|mejora\\w*|cambio\\w*|cancelaci\\w*)(?![\\p{L}])`, "giu");

/**
 * What refuses the verb after it, within its sentence: "cannot (be)", "can't", "unable to", "not able to", "not possible to",
 * "not eligible (for|to)", "not allowed to", "doesn't allow", "won't be able to", "no way to", "without", "no se puede",
 * "no es posible", "no podemos", "sin", "不能", "无法", "不可以", "不支持", "没法", "不可", "不予".
 */
const REFUSAL =
  /(?<![\p{L}])(?:cannot|can'?t|can not|could ?n'?t|unable to|not able to|not (?:possible|permitted|allowed|eligible)(?: to| for)?|isn'?t (?:possible|permitted|allowed|eligible)(?: to| for)?|ineligible for|(?:doesn'?t|does not|don'?t|do not) (?:allow|permit|support)|won'?t be able to|no way to|without(?: (?:a|an|any))?|no se (?:puede|pueden|permite)|no es posible|no (?:podemos|puedo|puede)|no (?:est[aá]|es) permitid[oa]|sin)(?![\p{L}])|不能|无法|不可以|不支持|没法|不可|不予/giu;

/** A reply's own negation before a verb: "no", "not", "without", "don't", "no need to", "sin", "不", "无", "别". */
const OWN_NEGATION = /(?<![\p{L}])(?:no|not|without|don'?t|do not|never|can'?t|cannot|won'?t|sin|nunca)(?![\p{L}])|不|无|别|没/iu;

/** Verbs of one action in other words: a change is a modification, an update, a switch, a move ("cambio", "改"). */
const FAMILIES: readonly (readonly [RegExp, string])[] = [
  [/^(?:chan|modi|upda|swit|move|camb|改|更)/u, "change"],
  [/^(?:canc|anul|取消)/u, "cancel"],
  [/^(?:refu|reem|退)/u, "refund"],
  [/^(?:upgr|mejo|升)/u, "upgrade"],
  [/^(?:book|rebo|rese|订|预)/u, "book"],
];

/** The verb's action: its family ("modified", "cambio", "改签" → change), else its stem as sequenced-action.ts compares verbs ("added" → "add"). */
const stem = (verb: string) => {
  const s = verbStem(verb);
  return FAMILIES.find(([re]) => re.test(s))?.[1] ?? s;
};

/** The user's wish said back ("I understand you'd like to upgrade…", "quiere cambiar", "您想升舱"): not the agent putting the action. */
const REPORTED_WISH =
  /(?<![\p{L}])(?<!(?:would|do|did|if|should)\s)you(?:'d| would)? (?:like|want|wish)(?:ed)? to|(?<![\p{L}])you(?:'ve| have)? (?:asked|requested)(?: me)? to|your request to|(?<![¿\p{L}])(?:usted )?(?:quiere|desea|quisiera)(?![\p{L}])|(?<![是否要])您(?:想|希望)/giu;

/** Where a governing phrase stops governing: a comma, a semicolon, a colon or "but". */
const GOVERNED_END = /[,;:，；]|(?<![\p{L}])(?:but|however|pero|sin embargo)(?![\p{L}])|但|不过/iu;

/** The spans of a sentence that a phrase governs, from the phrase to the next comma, semicolon or "but". */
function governed(sentence: string, phrase: RegExp): [number, number][] {
  return [...sentence.matchAll(new RegExp(phrase.source, "giu"))].map((m) => {
    const from = m.index + m[0].length;
    const stop = GOVERNED_END.exec(sentence.slice(from));
    return [m.index, stop === null ? sentence.length : from + stop.index];
  });
}

/** The verbs of a request sentence: those a refusal governs, those it puts plainly (a wish of the user's said back is neither). */
function verbsOf(sentence: string): { refused: string[]; plain: string[] } {
  const refused: string[] = [];
  const plain: string[] = [];
  const refusals = governed(sentence, REFUSAL);
  const wishes = governed(sentence, REPORTED_WISH);
  const within = (spans: [number, number][], i: number) => spans.some(([a, b]) => i >= a && i < b);
  for (const v of sentence.matchAll(VERB)) {
    if (within(refusals, v.index)) refused.push(stem(v[0]));
    else if (!within(wishes, v.index)) plain.push(stem(v[0]));
  }
  return { refused, plain };
}

/**
 * The verb (as the reply says it) of a reply that asks for an action the request refused, or `undefined`.
 *
 * @example
 * ```ts
 * const request = "i'm sorry, but a basic economy reservation cannot be upgraded. i can check other flights for you instead. would you like me to do that?";
 * asksForRefusedAction("yes, upgrade it anyway.", request); // "upgrade"
 * asksForRefusedAction("yes, please check other flights.", request); // undefined
 * ```
 * @param reply The reply, in normal form.
 * @param request The request, in normal form.
 */
export function asksForRefusedAction(reply: string, request: string): string | undefined {
  const refused = new Set<string>();
  const plain = new Set<string>();
  for (const s of splitSentences(request)) {
    const v = verbsOf(s.text);
    v.refused.forEach((x) => refused.add(x));
    v.plain.forEach((x) => plain.add(x));
  }
  for (const x of plain) refused.delete(x);
  // "make the change" names whatever the request puts: beside any action put plainly, a refused change is not what it asks for
  if (plain.size > 0) refused.delete("change");
  if (refused.size === 0) return undefined;
  // a clause of the reply that negates anything ("the refund doesn't matter", "sin reembolso", "不用退款") does not ask for the verb
  for (const clause of reply.split(/[,;:.!?，；：。！？]|(?<![\p{L}])(?:but|pero|though|although|even if|aunque)(?![\p{L}])|但|不过/iu)) {
    if (OWN_NEGATION.test(clause)) continue;
    for (const v of clause.matchAll(VERB)) if (refused.has(stem(v[0]))) return v[0];
  }
  return undefined;
}
