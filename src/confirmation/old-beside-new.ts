/**
 * A yes that puts an old value beside a new one. A request that changes or exchanges something names what it starts from
 * and what it becomes ("the Running Shoes (size 9, black) for size 10, white", "from HAT101 on June 3 to HAT205 on June 4",
 * "40 码黑色 换成 41 码白色", "talla 40, negras, por la talla 41 en blanco"). A reply that names a new value and, beside it,
 * an old one the change leaves behind ("size 10 in black", "HAT205 on June 3", "41码黑色的", "la talla 41 en negro") asks
 * for a mix the request did not describe. Saying the change back ("from HAT101 to HAT205", "the black 9s for the white
 * 10s", "HAT205 instead of HAT101", "黑色换成白色") keeps each value on its side. EN, ZH, ES; normal form.
 * @internal
 */
import { isKnownValue, namedValues, type NamedValue } from "./reply-values.js";
import { splitSentences } from "./reply-text.js";
import type { RequestChange } from "./request-echo.js";

/**
 * Kinds of value an item or a flight is told apart by: options (colour, material), sizes and keyed values, dates, flight numbers.
 * Not a cabin or a booking code: a request's "Current: Economy … New: Business" and "reservation GV1N64" are read on either side.
 */
const DETAIL_KIND = /^(?:o|k|d|dy|day):|^id:[a-z]{2,3}\d{3,4}$/u;
/** The kind of a value key, dates of every form as one ("d:6-3", "dy:2024-6-3", "day:3" → "d"), flight numbers apart from other ids. */
const kindOf = (key: string): string => {
  const k = key.slice(0, key.indexOf(":"));
  if (k === "id") return /^id:[a-z]{2,3}\d{3,4}$/u.test(key) ? "flight" : "id";
  return k === "dy" || k === "day" || k === "dyany" ? "d" : k === "k" ? key.split(":").slice(0, 2).join(":") : k;
};
/** Words that lead from an old value to a new one ("… for …", "… to …", "… por …", "… a …", "…换成…", "→"). */
const LEADS_TO = /(?<![\p{L}])(?:for|to|into|with|by|then|por|a|al|hacia)(?![\p{L}])|换成|换为|换到|改成|改为|改到|变成|→|->|=>/iu;
/** Words that set an old value aside after a new one ("… instead of …", "… not …", "… en lugar de …", "…而不是…"). */
const SETS_ASIDE =
  /(?<![\p{L}])(?:instead of|rather than|in place of|replacing|not|no|en lugar de|en vez de|y no|en vez del)(?![\p{L}])|而不是|不是|不要|替换|代替/iu;
/** Words that mark a value as the old one ("from …", "the old …", "my current …", "desde …", "原…", "从…"). */
const MARKED_OLD =
  /(?:(?<![\p{L}])(?:from|old|current|original|previous|existing|desde|actual|original|antigu[oa]s?|viej[oa]s?))\s+(?:\S+\s+){0,2}$|(?:从|原|旧|现在的?)\S{0,4}$/iu;

/**
 * The old value a sentence of the reply puts beside a new one, without a word that keeps them on their sides; undefined otherwise.
 * @param reply The reply (normal form).
 * @param change What the request changes (`requestChange`).
 */
export function oldBesideNew(reply: string, change: RequestChange): NamedValue | undefined {
  if (change.sources.size === 0 || change.targets.size === 0) return undefined;
  const kept = change.kept ?? new Set<string>();
  // only a kind the request changes has an old value: a flight the request keeps is no old flight ("HAT056 …: economy → business")
  const changedKinds = new Set([...change.targets].map(kindOf));
  for (const { text } of splitSentences(reply)) {
    const values = namedValues(text);
    const fresh = values.filter((v) => isKnownValue(v, change.targets) && !isKnownValue(v, change.sources));
    if (fresh.length === 0) continue;
    for (const old of values) {
      if (
        !DETAIL_KIND.test(old.key) ||
        !changedKinds.has(kindOf(old.key)) ||
        !isKnownValue(old, change.sources) ||
        isKnownValue(old, change.targets) ||
        isKnownValue(old, kept)
      )
        continue;
      const at = text.indexOf(old.text);
      if (at < 0 || MARKED_OLD.test(text.slice(0, at))) continue;
      const apart = fresh.some((n) => {
        const nat = text.indexOf(n.text);
        if (nat < 0) return true;
        return nat > at ? LEADS_TO.test(text.slice(at + old.text.length, nat)) : SETS_ASIDE.test(text.slice(nat + n.text.length, at));
      });
      if (!apart) return old;
    }
  }
  return undefined;
}
