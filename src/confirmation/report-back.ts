import { IMPERATIVE_OPENING, REPORT_BACK } from "./consent-markers.js";
import { contentBigrams, contentStems } from "./content-words.js";

/**
 * A wish to be told once the action is done ("let me know once it's done", "please let me know the final charges once processed")
 * asks for nothing else; its words are the report's, not another request. Only the part of the clause that asks for the report
 * is read out: the rest is read as before, so "cancel my hotel too, let me know when it's done" still asks for the hotel.
 * Parts are cut at commas and semicolons, and at "and" before an imperative ("…once processed and add a bag"). A part asks for
 * the report when it says so ("let me know", "tell me", "avíseme", "告诉我") or is the time alone ("once it's done"): "book a
 * hotel once it's done" asks for the hotel.
 * @internal
 */

/** Verbs of telling the user: what makes a part with "once it's done" a wish to be told. */
const TELL =
  /(?<![\p{L}])(?:let (?:me|us) know|tell (?:me|us)|notify|inform|update (?:me|us)|keep (?:me|us) (?:posted|updated|informed)|confirm|share|send (?:me|us) (?:a |an |the |my )?(?:[\p{L}-]+ )?(?:numbers?|confirmation|receipt|update|email|summary|details|code|id|itinerary)|(?:like|want|need|love) to (?:know|hear|find out)|(?:i'?ll|i will) wait|avise\w*|aviseme|digame|informe\w*|confirme\w*)(?![\p{L}])|告诉|通知|告知|说一声/iu;
const REPORT_BACK_ALL = new RegExp(REPORT_BACK.source, "giu");
const asksForReport = (part: string) =>
  REPORT_BACK.test(part) &&
  (TELL.test(part) || contentStems(part.replace(REPORT_BACK_ALL, " ")).length + contentBigrams(part.replace(REPORT_BACK_ALL, " ")).length === 0);

const PARTS = /\s*[,;，；]\s*/u;
const AND = /\s+(?:and|y)\s+/iu;

/**
 * The clause (normal form) without its parts that ask to be told once the action is done (`REPORT_BACK`).
 *
 * @example
 * ```ts
 * withoutReportBack("yes, please let me know the final charges once processed"); // "yes"
 * withoutReportBack("yes, and cancel my hotel too, let me know when it's done"); // "yes, and cancel my hotel too"
 * ```
 * @param clause A clause of the reply, in normal form.
 * @internal
 */
export function withoutReportBack(clause: string): string {
  const parts: string[] = [];
  for (const piece of clause.split(PARTS)) {
    // "…once processed and add a bag": an imperative after "and" is a part of its own
    const sub = piece.split(AND);
    let current = sub[0]!;
    for (const next of sub.slice(1)) {
      if (IMPERATIVE_OPENING.test(next)) {
        parts.push(current);
        current = next;
      } else current = `${current} and ${next}`;
    }
    parts.push(current);
  }
  return parts
    .filter((p) => !asksForReport(p))
    .join(", ")
    .trim();
}
