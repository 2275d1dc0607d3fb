import { auditDecider } from "../audit/audit-decider.js";
import { consentJudge } from "../confirmation/consent-judge.js";
import type { ConfirmationDecider } from "../confirmation/decider.js";
import { ruleDecider } from "../confirmation/rule-decider.js";

/**
 * The deciders the command line can use (`--decider NAME`). `judge`, the default, is the consent
 * judge that live enforcement uses by default, so a command's verdicts say what enforcement would
 * have done. The others are there for comparison only:
 * `rules` — the word-by-word rule decider alone (every word must be a known yes; strict, few long
 * replies pass); `audit-reading` (alias `audit`) — `rules` plus the lenient reading of long replies
 * that `concordat audit` used before the judge (it can confirm replies enforcement would not).
 * @internal
 */
export const DECIDERS: Readonly<Record<string, () => ConfirmationDecider>> = {
  judge: () => consentJudge,
  enforcement: () => consentJudge,
  rules: () => ruleDecider,
  "audit-reading": () => auditDecider(ruleDecider),
  audit: () => auditDecider(ruleDecider),
};

/** One line per decider, for a command's usage text. */
export const DECIDER_HELP = `judge (default; alias enforcement): the consent judge live enforcement uses by default. For comparison only:
                        rules (the word-by-word rule decider alone) and audit-reading (alias audit: rules plus
                        the lenient reading of long replies the audit used before the judge)`;
