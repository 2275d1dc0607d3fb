import type { ConfirmationDecider, ConfirmationDecision, DeciderInput, DeciderVerdict, PendingAction } from "./decider.js";
import { decideReply } from "./rule-decider.js";

/** Control tokens of tau-bench user simulators (`###STOP###`): not the user's words. */
const SIMULATOR_MARKER = /#{3}\s*(?:STOP|TRANSFER|OUT[-_ ]OF[-_ ]SCOPE)\s*#{3}/gi;

/** An action the user is asked to consent to: the tool and its arguments. */
export interface ConsentAction {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** What the judge reads: what the user saw, what the user said, and what would be done. */
export interface ConsentJudgeInput {
  /** The agent's confirmation request, as the user saw it. */
  readonly request: string;
  /** The user's reply. Only text from the user channel may be passed here. */
  readonly reply: string;
  /**
   * The action the request asks about (tool + arguments), or the several actions of a
   * multi-part request. Optional: a recorded conversation may be judged before the write
   * that follows it is known.
   */
  readonly action?: ConsentAction | readonly ConsentAction[];
}

/** The judge's verdict. `unclear` never grants. */
export interface ConsentVerdict extends DeciderVerdict {
  readonly decision: ConfirmationDecision;
  /** Why, one sentence per finding (the first is the deciding one; `reason` is them joined). */
  readonly reasons: readonly string[];
  /** Id of the rule that decided. */
  readonly rule: string;
}

/**
 * The consent judge: the one decision, used by default both by live enforcement
 * (`ConfirmationPolicy`) and by `concordat audit`, on whether a user's reply confirms the
 * action a request described. Deterministic and synchronous.
 *
 * `confirmed` only for a reply that affirms the described action and nothing else: long,
 * polite, multi-sentence yeses are read sentence by sentence (thanks, pleasantries and a
 * restatement of the request do not count against a yes); a yes that also adds a condition,
 * changes a detail, asks a question, agrees to only part of a multi-part action or asks for
 * something else is `unclear`; a refusal without a yes is `denied`. Where the reading cannot
 * decide, the answer is `unclear`, never a guess. English, Chinese and Spanish.
 *
 * @example
 * ```ts
 * judgeConsent({
 *   request: "I'll cancel reservation EHGLP3 and refund $120 to your card. Shall I proceed?",
 *   reply: "Yes, I'd like to proceed with the cancellation. Thanks so much for your help!",
 *   action: { tool: "cancel_reservation", args: { reservation_id: "EHGLP3" } },
 * }).decision; // "confirmed"
 * ```
 * @param input The request the user saw, the user's reply and the action (tool + arguments).
 * @returns The decision with its reasons and the id of the deciding rule.
 * @throws Never: malformed input (a non-string reply) is `unclear`.
 */
export function judgeConsent(input: ConsentJudgeInput): ConsentVerdict {
  const actions = input.action === undefined ? [] : Array.isArray(input.action) ? (input.action as readonly ConsentAction[]) : [input.action as ConsentAction];
  // first version (interface only): the rule-based decider; the structural reading replaces it
  const v = decideReply({
    request: typeof input.request === "string" ? input.request : "",
    reply: typeof input.reply === "string" ? input.reply.replace(SIMULATOR_MARKER, " ").trim() : "",
    actions: actions.map((a, i) => ({ id: `judged-${i}`, tool: a.tool, arguments: a.args })),
  });
  return { decision: v.decision, reason: v.reason, reasons: [v.reason], rule: v.rule };
}

/**
 * The consent judge as a `ConfirmationDecider` (the default decider of `ConfirmationPolicy`
 * and of `concordat audit`). Pending actions become the judged actions.
 */
export const consentJudge: ConfirmationDecider = {
  name: "consent-judge",
  decide: (input: DeciderInput): ConsentVerdict =>
    judgeConsent({
      request: input.request,
      reply: input.reply,
      ...(input.actions && input.actions.length > 0 ? { action: input.actions.map((a: PendingAction) => ({ tool: a.tool, args: a.arguments })) } : {}),
    }),
};
