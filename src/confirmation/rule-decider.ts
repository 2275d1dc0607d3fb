// The rule decider: one reading of a reply (markers, clauses, the action's words) into a verdict.
// Over 400 lines once formatted: its lists of phrasings and the checks that use them belong together;
// splitting the checks from the reading would spread one decision over several files.
import type { ConfirmationDecider, DeciderInput, DeciderVerdict } from "./decider.js";
import {
  ACTION_VERBS,
  CHOICE_PATTERN,
  DENIAL_VERBS,
  INJECTION_PATTERNS,
  LEXICON,
  NEGATORS,
  REQUEST_VERB_PATTERNS,
  SCOPED_NEGATORS,
  TYPO_TOLERANT_WORDS,
  YES_NO_PROMPT,
  type LexiconCategory,
} from "./reply-lexicon.js";
import { escapeRegExp } from "../util/escape-regexp.js";

/** One piece of a scanned reply: a lexicon entry, or a word the lexicon does not know. */
export interface ReplyToken {
  readonly text: string;
  readonly category: LexiconCategory | "unknown";
  readonly tag?: string;
  /** Index of the clause (split at `.`, `,`, `!`, `;`, dashes, newlines and their CJK forms). */
  readonly clause: number;
}

/** Rule ids the decider reports in `verdict.rule`. */
export type ReplyRule =
  | "empty"
  | "injection"
  | "denial"
  | "mixed"
  | "ambiguous_cancel"
  | "hesitation"
  | "sarcasm"
  | "blanket"
  | "third_party"
  | "pressure"
  | "negates_other"
  | "question"
  | "unrecognized"
  | "other_action"
  | "partial_action"
  | "choice"
  | "pictograph_only"
  | "no_affirmative"
  | "affirmative";

const MAX_REPLY_CHARS = 2000;
const WORD = /[a-z0-9']/;
const SEPARATOR = /[\s.,!;:\-—–~、。，！；·]/u;
const CLAUSE_BREAK = /[.!;\n—–、。，,！；]/u;

interface CompiledEntry {
  readonly re: RegExp;
  readonly category: LexiconCategory;
  readonly tag: string | undefined;
}

const COMPILED: readonly CompiledEntry[] = LEXICON.map((x) => ({ re: new RegExp(x.pattern, "uy"), category: x.category, tag: x.tag }));

/**
 * Entries by the one character a match must start with (when the pattern starts with a plain
 * character that is not quantified), plus the entries that may start anywhere. Only a speed-up:
 * the same entries are tried, in the same order, as without it.
 */
const BY_FIRST: ReadonlyMap<string, readonly CompiledEntry[]> = (() => {
  const literal = (p: string): string | undefined => {
    const first = String.fromCodePoint(p.codePointAt(0)!);
    const rest = p.slice(first.length);
    if (/[\\.^$|?*+()[\]{}]/u.test(first) || /^[?*{]/u.test(rest)) return undefined;
    return first;
  };
  const any: CompiledEntry[] = [];
  const keyed = new Map<string, CompiledEntry[]>();
  LEXICON.forEach((x, i) => {
    const k = literal(x.pattern);
    if (k === undefined) any.push(COMPILED[i]!);
  });
  const out = new Map<string, CompiledEntry[]>();
  LEXICON.forEach((x, i) => {
    const k = literal(x.pattern);
    if (k !== undefined) (keyed.get(k) ?? keyed.set(k, []).get(k)!).push(COMPILED[i]!);
  });
  for (const [k, list] of keyed)
    out.set(
      k,
      COMPILED.filter((c) => list.includes(c) || any.includes(c)),
    );
  out.set("", any);
  return out;
})();
const REQUEST_VERBS = Object.entries(REQUEST_VERB_PATTERNS).map(([tag, src]) => [tag, new RegExp(src, "giu")] as const);
/** A request that itself offers two or more actions, so that "both" in a reply refers to them. */
const OFFERS_SEVERAL = /\bboth\b|\btwo (?:things|actions|changes)\b|两项|两件|两个|两样/iu;
/** A word right after an article or possessive is a noun ("a refund", "the seat upgrade", "原支付卡"). */
const NOUN_BEFORE = /\b(?:the|a|an|your|my|our|this|that|any|no)\s+(?:[a-z]+\s+)?$/i;
const NOUN_AFTER = /^(?:卡|方式|宝|密码|记录|金额|费|flights?\b)/iu;

function typoVariants(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    out.add(word.slice(0, i) + word.slice(i + 1));
    out.add(word.slice(0, i) + word[i] + word.slice(i));
    if (i + 1 < word.length) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  out.delete(word);
  return out;
}
const TYPOS: ReadonlyMap<string, string> = new Map(TYPO_TOLERANT_WORDS.flatMap((w) => [...typoVariants(w)].map((v) => [v, w] as const)));

/** Replaces common typos of a few affirmative words ("confrim", "procede", "go ahaed") with the word. */
function correctTypos(normalized: string): string {
  return normalized.replace(/[a-z]{4,}/g, (w) => TYPOS.get(w) ?? w);
}

/**
 * Lower-cases, applies NFKC (full-width forms become ASCII), straightens quotes, drops
 * zero-width characters and emoji modifiers, and collapses white space.
 */
export function normalizeReply(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .replace(/[\u200b-\u200f\u2060\ufeff\ufe0f\u{1f3fb}-\u{1f3ff}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Splits a normalized reply into lexicon tokens and unknown words. */
export function scanReply(normalized: string): ReplyToken[] {
  const out: ReplyToken[] = [];
  let clause = 0;
  let i = 0;
  const s = normalized;
  while (i < s.length) {
    const ch = s[i]!;
    // "..." and "…" are hedges; try the lexicon before treating punctuation as a separator
    let best: { end: number; entry: CompiledEntry } | undefined;
    const candidates = BY_FIRST.get(String.fromCodePoint(s.codePointAt(i)!)) ?? BY_FIRST.get("")!;
    for (const entry of candidates) {
      entry.re.lastIndex = i;
      const m = entry.re.exec(s);
      if (!m || m[0].length === 0) continue;
      const end = i + m[0].length;
      if (WORD.test(ch) && i > 0 && WORD.test(s[i - 1]!)) continue;
      if (WORD.test(s[end - 1]!) && end < s.length && WORD.test(s[end]!)) continue;
      if (!best || end > best.end) best = { end, entry };
    }
    if (best) {
      out.push({ text: s.slice(i, best.end), category: best.entry.category, ...(best.entry.tag ? { tag: best.entry.tag } : {}), clause });
      i = best.end;
      continue;
    }
    if (SEPARATOR.test(ch)) {
      if (CLAUSE_BREAK.test(ch)) clause++;
      i++;
      continue;
    }
    if (WORD.test(ch)) {
      let j = i;
      while (j < s.length && WORD.test(s[j]!)) j++;
      out.push({ text: s.slice(i, j), category: "unknown", clause });
      i = j;
      continue;
    }
    const cp = String.fromCodePoint(s.codePointAt(i)!);
    out.push({ text: cp, category: "unknown", clause });
    i += cp.length;
  }
  return out;
}

/** Stands for an argument value of the pending action that the reply repeats; scans as an object reference. */
export const ARGUMENT_PLACEHOLDER = "\u2063arg\u2063";
const VALUE_GLUE = /(?<![a-z0-9'])(?:for|of|usd|eur|dollars?|euros?|booking|reservation|order|amount)(?![a-z0-9'])|[$€£¥]|美元|元|块钱|块/gu;

function leafValues(v: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(v)) for (const x of v) leafValues(x, out);
  else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) leafValues(x, out);
  else out.push(v);
  return out;
}

/**
 * With exactly one pending action, a reply may repeat its own argument values ("Yes, refund the
 * 120 USD for B-1001"): exact values (strings of 2+ characters, numbers by value) become an
 * object reference, and the currency and "for/of" words around them are dropped. Any other
 * number or id stays unknown, so a changed amount is still `unclear`.
 */
/** The form of a value: letters become "a", digits "9" ("2024-05-20" → "9999-99-99", "HAT170" → "aaa999"). */
const shapeOf = (v: string) => v.replace(/\p{L}/gu, "a").replace(/\d/g, "9");

function maskArgumentValues(text: string, args: unknown): string {
  const values = leafValues(args);
  // a value that is itself a reply word ("no", "ok", "later", "not now") is never masked: it would hide a refusal or a hedge
  const isReplyLike = (v: string) =>
    scanReply(v).every((t) => t.category !== "unknown") ||
    scanReply(v).some((t) => t.category === "deny" || t.category === "hedge" || t.category === "question");
  const allStrings = [
    ...new Set(
      values
        .filter((v): v is string => typeof v === "string")
        .map((v) => normalizeReply(v))
        .filter((v) => v.length >= 2 && !isReplyLike(v)),
    ),
  ];
  // two values of the same form (a from-date and a to-date, an old and a new flight) can be told apart
  // only by their role, which a bare repetition does not give: "yes, June 3" to "June 3 → June 5" is not a yes
  const strings = allStrings.filter((v) => allStrings.filter((w) => shapeOf(w) === shapeOf(v)).length === 1).sort((a, b) => b.length - a.length);
  const distinctNumbers = [...new Set(values.filter((v): v is number => typeof v === "number"))];
  // likewise two numbers (a count and an amount): a repeated number could be either, so none is masked
  const numbers = distinctNumbers.length === 1 ? distinctNumbers : [];
  let out = text;
  let masked = false;
  for (const v of strings) {
    const re = new RegExp(`(?<![a-z0-9])${escapeRegExp(v)}(?![a-z0-9])`, "gu");
    out = out.replace(re, () => ((masked = true), ` ${ARGUMENT_PLACEHOLDER} `));
  }
  // a number in plain form only: "0412" or "-412" is another value (an id, a debit), not the amount 412
  out = out.replace(/(?<![a-z0-9.,\-])(?:0|[1-9]\d*)(?:\.\d+)?(?![a-z0-9]|[.,]\d)/g, (tok) =>
    numbers.includes(Number(tok)) ? ((masked = true), ` ${ARGUMENT_PLACEHOLDER} `) : tok,
  );
  if (!masked) return text;
  return out
    .replace(new RegExp(`(?<![a-z0-9'])(?:the|my|this)\\s+(?=${ARGUMENT_PLACEHOLDER})|[给把为](?=\\s*${ARGUMENT_PLACEHOLDER})`, "gu"), " ")
    .replace(VALUE_GLUE, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The canonical actions ("refund", "cancel"…) a confirmation request names: the pending
 * actions' tool names when they are known (precise), else the request's words. With
 * `verbsOnly`, words in noun position ("a refund", "原支付卡") are left out.
 */
export function requestVerbs(input: DeciderInput, options: { readonly verbsOnly?: boolean } = {}): Set<string> {
  const actions = input.actions ?? [];
  const texts = actions.length > 0 ? actions.map((a) => a.tool.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_\-.]+/g, " ")) : [input.request ?? ""];
  const found = new Set<string>();
  for (const t of texts) {
    for (const [tag, re] of REQUEST_VERBS) {
      for (const m of t.matchAll(re)) {
        const before = t.slice(0, m.index);
        const after = t.slice(m.index + m[0].length);
        if (options.verbsOnly && actions.length === 0 && (NOUN_BEFORE.test(before) || NOUN_AFTER.test(after))) continue;
        found.add(tag);
        break;
      }
    }
  }
  return found;
}

function isScopedNegator(text: string): boolean {
  return SCOPED_NEGATORS.has(text) || /^no+$/.test(text);
}

/** "cancel" for "cancel" or "取消": a refusal word that is also the name of an action. */
function denialVerbTag(text: string): string | undefined {
  for (const tag of DENIAL_VERBS) if (ACTION_VERBS[tag]?.includes(text)) return tag;
  return undefined;
}

function verdict(decision: DeciderVerdict["decision"], rule: ReplyRule, reason: string): DeciderVerdict & { rule: ReplyRule } {
  return { decision, rule, reason };
}

const quote = (tokens: readonly ReplyToken[]) => tokens.map((t) => JSON.stringify(t.text)).join(", ");

/**
 * The rule-based decision for one reply. Conservative: `confirmed` only when the whole reply is
 * an unconditional affirmative made of known words (and, when it names an action, the pending
 * action's own verb). A refusal anywhere without an affirmative is `denied`; everything else —
 * conditions, changed amounts, partial consent, questions, hedges, sarcasm, a third party's
 * consent, blanket consent, text posing as a system message — is `unclear`.
 */
export function decideReply(input: DeciderInput): DeciderVerdict & { rule: ReplyRule } {
  const raw = typeof input.reply === "string" ? input.reply : "";
  if (raw.length > MAX_REPLY_CHARS)
    return verdict("unclear", "unrecognized", `The reply is ${raw.length} characters long; a confirmation is short (at most ${MAX_REPLY_CHARS}).`);
  for (const re of INJECTION_PATTERNS) {
    const m = re.exec(raw) ?? re.exec(raw.normalize("NFKC"));
    if (m)
      return verdict(
        "unclear",
        "injection",
        `The reply contains text posing as a system message or a recorded confirmation (${JSON.stringify(m[0])}); only the user's own words can confirm.`,
      );
  }
  const only = input.actions?.length === 1 ? input.actions[0] : undefined;
  const text = only ? maskArgumentValues(correctTypos(normalizeReply(raw)), only.arguments) : correctTypos(normalizeReply(raw));
  if (text === "") return verdict("unclear", "empty", "The reply is empty.");
  const offersSeveral = OFFERS_SEVERAL.test(input.request ?? "");
  // "both" refers to the pending actions only when the request offered several; otherwise it adds something
  const tokens = scanReply(text).map((t): ReplyToken => (t.tag === "both" && !offersSeveral ? { text: t.text, category: "unknown", clause: t.clause } : t));
  const verbsInRequest = requestVerbs(input);
  const actionVerbs = requestVerbs(input, { verbsOnly: true });
  // "don't do it", "absolutely not", "不好": a negator next to an affirmative makes it a refusal
  const negated = new Set<number>();
  tokens.forEach((t, i) => {
    if (t.category !== "deny" || !NEGATORS.has(t.text)) return;
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    if (next && next.clause === t.clause && next.category === "affirm") negated.add(i + 1);
    if (t.text === "not" && prev && prev.clause === t.clause && prev.category === "affirm") negated.add(i - 1);
  });
  for (const i of negated) tokens[i] = { ...tokens[i]!, category: "deny" };
  const affirm = tokens.filter((t) => t.category === "affirm");
  // "yes, no rush", "sure, don't forget the receipt", "好的，不要发短信": next to a yes, a negator
  // right before a word the lexicon does not know, a hedge, or a verb of another action negates
  // that, not the action. It is extra content (unclear), never a refusal.
  const negatesOther = (next: ReplyToken | undefined, clause: number) =>
    next !== undefined &&
    next.clause === clause &&
    (next.category === "unknown" || next.category === "hedge" || (next.category === "verb" && !verbsInRequest.has(next.tag!)));
  if (affirm.length > 0) {
    tokens.forEach((t, i) => {
      const next = tokens[i + 1];
      if (t.category === "deny" && isScopedNegator(t.text) && negatesOther(next, t.clause)) {
        tokens[i] = { ...t, category: "hedge", tag: "negates_other" };
        // "no hurry": the negated hedge is part of the same negation
        if (next!.category === "hedge") tokens[i + 1] = { ...next!, tag: "negates_other" };
      }
    });
  }
  // a verb that is also a refusal ("cancel") is the action only next to an affirmative, in a request for that action
  const resolved = tokens.map((t): ReplyToken => {
    const tag = t.category === "deny" ? denialVerbTag(t.text) : undefined;
    if (tag !== undefined && verbsInRequest.has(tag) && affirm.length > 0) return { ...t, category: "verb", tag };
    return t;
  });
  const deny = resolved.filter((t) => t.category === "deny");
  const hedge = resolved.filter((t) => t.category === "hedge");
  const question = resolved.filter((t) => t.category === "question");
  const unknown = resolved.filter((t) => t.category === "unknown");
  const verbs = resolved.filter((t) => t.category === "verb");

  if (deny.length > 0) {
    if (affirm.length === 0) {
      if (deny.every((d) => verbsInRequest.has(denialVerbTag(d.text) ?? ""))) {
        return verdict(
          "unclear",
          "ambiguous_cancel",
          `The reply says ${quote(deny)} without a yes, and the request is itself a cancellation: it could mean "do it" or "stop".`,
        );
      }
      return verdict("denied", "denial", `The reply refuses or asks to stop (${quote(deny)}).`);
    }
    const last = Math.max(...resolved.map((t) => t.clause));
    const lastClause = resolved.filter((t) => t.clause === last);
    if (lastClause.some((t) => t.category === "deny") && !lastClause.some((t) => t.category === "affirm")) {
      return verdict("denied", "denial", `The reply ends by refusing (${quote(lastClause.filter((t) => t.category === "deny"))}), after ${quote(affirm)}.`);
    }
    return verdict("unclear", "mixed", `The reply both agrees (${quote(affirm)}) and refuses (${quote(deny)}).`);
  }
  if (hedge.length > 0) {
    const kind = (
      hedge.find((h) => h.tag === "third_party") ??
      hedge.find((h) => h.tag === "blanket") ??
      hedge.find((h) => h.tag === "pressure") ??
      hedge.find((h) => h.tag === "sarcasm") ??
      hedge[0]!
    ).tag as ReplyRule;
    const what =
      {
        hesitation: "hesitates or hedges",
        sarcasm: "reads as sarcasm",
        blanket: "gives blanket consent rather than agreeing to this action",
        third_party: "reports someone else's consent",
        pressure: "pressures instead of agreeing to this action (ask for an explicit yes)",
        negates_other: "agrees but also negates something else, which may change what is agreed to",
      }[kind as "hesitation"] ?? "hedges";
    return verdict("unclear", kind, `The reply ${what} (${quote(hedge)}).`);
  }
  if (question.length > 0) return verdict("unclear", "question", `The reply asks a question (${quote(question)}).`);
  if (unknown.length > 0) {
    return verdict(
      "unclear",
      "unrecognized",
      `The reply has words that are not a plain yes (${quote(unknown.slice(0, 8))}${unknown.length > 8 ? ", …" : ""}): they may add a condition, change the action or its arguments, or consent only in part.`,
    );
  }
  const namedByNoun = resolved.filter((t) => t.category === "object" && t.tag?.startsWith("action:"));
  const foreign = [...verbs.filter((v) => !verbsInRequest.has(v.tag!)), ...namedByNoun.filter((t) => !verbsInRequest.has(t.tag!.slice("action:".length)))];
  if (foreign.length > 0) {
    return verdict(
      "unclear",
      "other_action",
      `The reply names an action (${quote(foreign)}) that the request did not ask about${verbsInRequest.size > 0 ? ` (it asked about: ${[...verbsInRequest].join(", ")})` : ""}.`,
    );
  }
  const named = new Set(verbs.map((v) => v.tag!));
  if (named.size > 0 && [...actionVerbs].some((v) => !named.has(v))) {
    return verdict(
      "unclear",
      "partial_action",
      `The reply agrees only to ${[...named].join(", ")} of the actions the request described (${[...actionVerbs].join(", ")}).`,
    );
  }
  if (affirm.length === 0 && !(verbs.length > 0 && verbs.every((v) => !DENIAL_VERBS.has(v.tag!)))) {
    return verdict("unclear", "no_affirmative", "The reply does not say yes.");
  }
  if (verbs.length === 0 && affirm.length > 0 && affirm.every((a) => a.tag === "pictograph")) {
    return verdict(
      "unclear",
      "pictograph_only",
      `The reply is only ${quote(affirm)}: a pictograph alone is as often an acknowledgement ("seen", "got it") as a yes; ask for the word.`,
    );
  }
  if (named.size === 0 && CHOICE_PATTERN.test((input.request ?? "").replace(YES_NO_PROMPT, " "))) {
    return verdict("unclear", "choice", "The request offers a choice, and a bare yes does not say which option.");
  }
  return verdict("confirmed", "affirmative", `The reply is an unconditional yes (${quote(affirm.length > 0 ? affirm : verbs)}).`);
}

/** The built-in rule-based decider (English and Chinese). `unclear` never grants. */
export const ruleDecider: ConfirmationDecider = {
  name: "rules",
  decide: (input) => decideReply(input),
};
