import type { ConfirmationDecider, DeciderInput, DeciderVerdict } from "../confirmation/decider.js";
import { normalizeReply, requestVerbs, ruleDecider, scanReply } from "../confirmation/rule-decider.js";
import { stripSimulatorMarkers } from "./simulator-markers.js";

/**
 * Words that, among otherwise unknown words, make an affirmative reply conditional, partial or a
 * change of plan ("yes, but…", "only if…", "instead…"). Any of them keeps the reply `unclear`.
 */
const RISK_WORDS = new Set([
  "if",
  "unless",
  "only",
  "but",
  "however",
  "instead",
  "rather",
  "except",
  "although",
  "though",
  "provided",
  "providing",
  "assuming",
  "otherwise",
  "else",
  "different",
  "another",
  "other",
  "alternative",
  "alternatively",
  "first",
  "before",
  "until",
  "pending",
  "hopefully",
  "ideally",
  "prefer",
  "preferably",
  "switch",
  "unfortunately",
  "nevermind",
]);

/**
 * Phrases the rule decider's lexicon misreads in recorded conversations, rewritten before it
 * judges: "as well" is not the hedge "well"; "everything looks correct" agrees with the listed
 * details rather than giving blanket consent; "no insurance" / "no additional cost" state a detail
 * rather than refuse. Each rewrite keeps the reply's meaning; nothing else is touched.
 */
const MISREAD_PHRASES: readonly [RegExp, string][] = [
  [/\bas well\b/gi, "too"],
  [/\b(?:everything|all of (?:it|that|this)) (?:looks|is|seems|sounds) (?:correct|good|right|fine|perfect|great)\b/gi, "that's correct"],
  [/\bno (additional |extra )?(cost|costs|charge|charges|fee|fees|payment|insurance|travel insurance|checked bags|bags|non-free bags)\b/gi, "without $1$2"],
];

export function rewriteMisreadPhrases(reply: string): string {
  return MISREAD_PHRASES.reduce((t, [re, to]) => t.replace(re, to), reply);
}

/** The second reading's rule id in verdicts. */
export const AUDIT_READING_RULE = "audit_reading";

/**
 * The decider the auditor uses: the project's rule-based decider, composed with a second, still
 * conservative reading for the long, chatty replies of recorded runs (the composition of issue 5:
 * the second opinion is asked only when the rules say `unclear`, and a `denied` is never upgraded).
 *
 * 1. Simulator control tokens (`###STOP###`) are removed: they are not the user's words; a few
 *    phrases the lexicon misreads are rewritten (`rewriteMisreadPhrases`).
 * 2. The base decider judges the reply; `confirmed` stands, and so does `denied` when the reply has
 *    no affirmative at all; a `denied` reply that also says yes ("Yes, I confirm. I'll wait for your
 *    confirmation") becomes `unclear` (never `confirmed`). Every `unclear` stands except "unrecognized
 *    words" (conditions, questions, hedges, sarcasm, blanket or third-party consent, injected system
 *    text all stay `unclear`).
 * 3. For a reply that was `unclear` only because of words the lexicon does not know, the reply is
 *    `confirmed` when it holds an affirmative ("yes", "please proceed", "I confirm"), names no action
 *    other than the request's (a verb followed by "of", as in "a change of plans", is a noun), and none of its other words is a condition, contrast or alternative
 *    ("if", "only", "but", "instead", "another", …).
 * The auditor separately requires that the request described the action and its details.
 */
export function auditDecider(base: ConfirmationDecider = ruleDecider): ConfirmationDecider {
  return {
    name: `${base.name}+audit-reading`,
    async decide(input: DeciderInput): Promise<DeciderVerdict> {
      const reply = rewriteMisreadPhrases(stripSimulatorMarkers(input.reply));
      const first = await base.decide({ ...input, reply });
      if (first.decision === "confirmed" || (first.decision === "unclear" && first.rule !== "unrecognized")) return first;
      const tokens = scanReply(normalizeReply(reply));
      const affirm = tokens.filter((t) => t.category === "affirm");
      if (first.decision === "denied") {
        // "Yes, I confirm … I'll wait for your confirmation": a refusal word after a yes is not a clear no either
        if (affirm.length === 0) return first;
        return {
          decision: "unclear",
          rule: AUDIT_READING_RULE,
          reason: `The reply says ${affirm.map((a) => JSON.stringify(a.text)).join(", ")} and also a refusal word (${first.reason})`,
        };
      }
      if (affirm.length === 0) return { decision: "unclear", rule: "no_affirmative", reason: "The reply does not say yes." };
      const risky = [...new Set(tokens.filter((t) => t.category === "unknown" && RISK_WORDS.has(t.text)).map((t) => t.text))];
      if (risky.length > 0) {
        return {
          decision: "unclear",
          rule: AUDIT_READING_RULE,
          reason: `The reply says ${affirm.map((a) => JSON.stringify(a.text)).join(", ")} but also ${risky.map((w) => JSON.stringify(w)).join(", ")}, which may make it conditional or change the action.`,
        };
      }
      const asked = requestVerbs({ ...input, reply });
      // a verb followed by "of" is a noun ("a change of plans"), not an action asked for
      const foreign = [
        ...new Set(tokens.filter((t, i) => t.category === "verb" && !asked.has(t.tag ?? "") && tokens[i + 1]?.text !== "of").map((t) => t.text)),
      ];
      if (foreign.length > 0) {
        return {
          decision: "unclear",
          rule: AUDIT_READING_RULE,
          reason: `The reply names an action the request did not ask about (${foreign.map((w) => JSON.stringify(w)).join(", ")}).`,
        };
      }
      return {
        decision: "confirmed",
        rule: AUDIT_READING_RULE,
        reason: `The reply says ${affirm.map((a) => JSON.stringify(a.text)).join(", ")} with no condition, hedge, question or other action among its other words.`,
      };
    },
  };
}
