/**
 * What in a clause of the reply only echoes the request the user answered: the request's own
 * words after a marker ("just the 1 free bag"), an answer to the request's "how many?", a negation
 * the request itself states ("no insurance" after "Insurance: No"). Used by the clause reader so
 * that these do not count as restrictions, changes or refusals.
 * @internal
 */
import { NEGATOR } from "./consent-markers.js";
import { escapeRegExp } from "../util/escape-regexp.js";

const ALL_NEGATORS = new RegExp(NEGATOR.source, "giu");
const withoutPronouns = (s: string) => s.replace(/\b(?:my|your|our|the|mi|su|tu|el|la)\s+/g, "").trim();

/** Whether a marker and the two words after it are the request's own words ("the other reservations", "just the 1 free bag"). */
export function restatesRequest(text: string, marker: string, request: string): boolean {
  const at = text.indexOf(marker);
  if (at < 0) return false;
  const phrase = withoutPronouns(
    `${marker}${text
      .slice(at + marker.length)
      .split(/[,;:]/)[0]!
      .split(/\s+/)
      .slice(0, 2)
      .join(" ")}`,
  );
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

/** The negated phrases of a clause that do not restate a negative detail of the request ("no insurance" after "Insurance: No"). */
export function unexplainedNegations(clause: string, request: string): string[] {
  const out: string[] = [];
  for (const m of clause.matchAll(ALL_NEGATORS)) {
    const after = clause.slice(m.index! + m[0].length).trim();
    const object =
      /^(?:(?:need|want|have|require|use|add|any|a|an|the|to|be|extra|additional|more|further|other|of|de|la|el|los|las|un|una|ningun[oa]?|purchase|buy|get|include)\s+)*([\p{L}][\p{L}'-]*)/u.exec(
        after,
      )?.[1] ??
      /^\p{Script=Han}+/u.exec(after)?.[0] ??
      "";
    if (object.length < 2) {
      out.push(m[0]);
      continue;
    }
    const root = escapeRegExp(object.slice(0, Math.max(3, Math.min(object.length, 5))));
    // the request says the same thing is absent or unchanged: "no travel insurance", "Insurance: No", "0 checked bags", "no additional cost"
    const restated = new RegExp(
      `(?:\\bno\\b|\\bnot\\b|none|without|zero|\\b0\\b|n't|\\bsin\\b|ningun|不|没有|无)[^.\\n]{0,30}${root}|${root}[^.\\n]{0,30}(?:\\bno\\b|none|unchanged|remain|same|free|\\bnot\\b|\\b0\\b|无|不)`,
      "iu",
    );
    if (!restated.test(request)) out.push(`${m[0]} ${object}`);
  }
  return out;
}
