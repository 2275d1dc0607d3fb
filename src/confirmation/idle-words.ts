import { CHANGE, CONDITION, PARTIAL, ADDITION, REFUSAL } from "./consent-markers.js";
import { clauseParts, INDIRECT_QUESTION, LIFE_SUBJECT } from "./clause-role.js";
import { contentBigrams, contentStems, stem } from "./content-words.js";
import { namesActionDetail, placedWords } from "./action-domain.js";

/**
 * When can a sentence that is not an instruction change the action? Only when it names a detail of the action (a value, an item, a
 * person, a payment, an address, a place, a date, a count), sets a condition or a restriction, or asks. A part of a clause that only
 * tells, thanks or feels ("things have been tight since I changed jobs", "thank you so much for your patience", "la usé una sola vez
 * y hace un ruido horrible", "我每次健身都要去接好几次水") names nothing the agent could do: its words outside the action's domain
 * (`namesActionDetail`) are no new content. An instruction (an imperative, a wish: "I want…", "please…"), a part that binds the user
 * ("I'll…", "it should…", "tiene que…") or qualifies the yes (a condition, a change, a restriction, an addition, an indirect question,
 * a refusal) keeps all its words, and so does a part without a subject of its own ("with extra legroom"): it may be a bare request.
 * @internal
 */

/** A part that binds the user or the action: anyone's intent ("I'll", "my neighbour will", "voy a", "我会"), a must, a should, what matters. */
const BINDS =
  /(?<![\p{L}])(?:'ll|will|shall|going to|gonna|matters?|important|essential|crucial|importa|importante|esencial|should|must|ought|has to|have to|had to|needs? to|got to|gotta|(?:voy|vamos|va|van) a|tiene que|tengo que|tenemos que|hay que|deb\w*)(?![\p{L}])|我(?:们)?(?:会|要|将)|应该|必须|得|会|重要/iu;

/**
 * The user saying the thing is done already or done by themselves ("I already cancelled it on the app", "I did that myself", "ya lo
 * cancelé", "我已经自己取消了"): a report about the action, never idle talk.
 */
const DONE =
  /(?<![\p{L}])(?:already|myself|ourselves|(?:i|we)(?:'ve| have)? (?:did|done) (?:it|that|this|them|so)|yo mism[oa]|nosotros mism[oa]s|ya (?:lo|la|los|las|le|les|me|se|he|hemos|hice|hicimos|\p{L}+(?:e|amos|imos|aron|ieron)(?![\p{L}])))(?![\p{L}])|已经|早就|自己/iu;

/**
 * A statement about the thing itself ("it's the lid that's cracked", "it's a one-way", "that's the one from last week", "esto es…",
 * "这是…"): it may say which item or which part of it, in words no fixed list holds. Only a story (`narrates`) may have it as subject.
 */
const ABOUT_THE_THING =
  /^(?:(?:oh|well|and|but|pues|bueno|y)[,\s]+)*(?:it|it's|its|this|that|that's|these|those|there|there's|esto|eso|este|esta|ese|esa|es|son)(?![\p{L}])|^(?:这|那|它)/iu;

/**
 * A thing pointed at as a part's subject ("the lid is cracked", "la tapa está rota"): unless the request names it ("the kettle leaks"
 * to a return of the kettle), it may be another item or a part of one, whatever the part's role.
 */
const POINTED_SUBJECT =
  /^(?:(?:oh|well|and|but|also|pues|bueno|y)[,\s]+)*(?:it's|it is|that's|that is)?\s*(?:the|this|that|these|those|el|la|los|las|este|esta|estos|estas|ese|esa)\s+((?:[\p{L}'-]+\s+){0,2}?[\p{L}'-]+)(?=\s|$)/iu;
function pointsAtOther(part: string, request: string): boolean {
  const m = POINTED_SUBJECT.exec(part);
  if (m === null || LIFE_SUBJECT.test(part)) return false;
  const named = new Set(contentStems(request));
  const words = contentStems(m[1]!);
  return words.length > 0 && !words.some((w) => named.has(w));
}

/** A part that asks or qualifies: its words may set what is done. */
const QUALIFIES = [CONDITION, PARTIAL, CHANGE, ADDITION, REFUSAL, INDIRECT_QUESTION];

/** The words that only tell (stems and Chinese character pairs), in no part that could change the action. */
export interface IdleWords {
  readonly stems: ReadonlySet<string>;
  readonly bigrams: ReadonlySet<string>;
}

/**
 * The content words of a clause (normal form) said only in parts that cannot change the action (a story, thanks, a feeling, a statement
 * of the user's life), outside the action's domain: the caller reads them as no new content. A word said in any other part of the
 * clause too is not idle.
 *
 * @example
 * ```ts
 * idleWords("add them now please, i'm boarding in ten minutes", "shall i add 2 bags?").stems; // Set { "board" }
 * idleWords("yes, i'll take the red one", "shall i exchange it for the blue one?").stems; // Set {} (an intent)
 * ```
 * @param clause The clause, in normal form.
 * @param request The request the user answered, in normal form.
 * @internal
 */
export function idleWords(clause: string, request: string): IdleWords {
  const idle = { stems: new Set<string>(), bigrams: new Set<string>() };
  const busy = { stems: new Set<string>(), bigrams: new Set<string>() };
  for (const part of clauseParts(clause, request)) {
    const t = part.text;
    const tells =
      (part.role === "empty" ||
        part.role === "narrates" ||
        (part.role === "states" && part.ownSubject && !ABOUT_THE_THING.test(t) && !BINDS.test(t) && !QUALIFIES.some((re) => re.test(t)))) &&
      !DONE.test(t) &&
      !pointsAtOther(t, request);
    const placed = placedWords(t);
    const into = tells ? idle : busy;
    for (const m of t.matchAll(/[a-z][a-z'-]*/g)) {
      const w = m[0].replace(/'(?:s|ll|d|re|ve|m|t)$/, "").replace(/^'+|'+$/g, "");
      if (!tells || !(namesActionDetail(w) || placed.has(w))) into.stems.add(stem(w));
    }
    // Chinese is not cut into words: a part naming any word of the action's domain keeps all its pairs ("我的姓是史密斯")
    const zhIdle = tells && !namesActionDetail(t.replace(/[^\p{Script=Han}]/gu, ""));
    for (const b of contentBigrams(t))
      if (!zhIdle || !(namesActionDetail(b) || [...placed].some((p) => p.includes(b[0]!) || p.includes(b[1]!)))) (zhIdle ? idle : busy).bigrams.add(b);
  }
  for (const w of busy.stems) idle.stems.delete(w);
  for (const b of busy.bigrams) idle.bigrams.delete(b);
  return idle;
}
