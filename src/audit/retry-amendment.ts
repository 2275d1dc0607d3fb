/**
 * A retry after a failed call, amended with the user's yes (labels README, rule 4): the agent's call
 * failed (a tool error: not enough balance, a payment method not found), the agent put the change to
 * the user ("the gift card covers $280; shall I charge the remaining $60 to your Visa ending in 6437?"),
 * the user said yes, and the agent called the write again. The retry is covered when every detail it
 * changed was described to the user in that later exchange and every detail it kept is one the first
 * yes already covered (the failed attempt was confirmed with that same detail). The changed details
 * must be described in that later exchange itself (the request the yes answered, and the yes), not
 * merely somewhere in the user's words since the last write. A failed call changed
 * nothing, so the first yes still stands for what the retry keeps.
 *
 * Not covered: a retry that also changes a detail the later exchange did not describe (another flight,
 * another card than the one the user agreed to); a retry of an attempt that was not itself confirmed;
 * a later yes that came before the failure. Checks of what a request states (a cabin or an amount it
 * contradicts: `request` details) must hold on the later exchange too.
 * @internal
 */
import type { ActionDetail } from "./audit-domain.js";

/** A write call that failed after the audit had found it confirmed. */
export interface FailedAttempt {
  readonly tool: string;
  /** The call's index among the run's tool calls. */
  readonly index: number;
  /** The assistant message that made the call. */
  readonly messageIndex: number;
  /** The user message whose yes confirmed it. */
  readonly replyMessageIndex: number;
  /** The labels of its details (each names its value: `payment gift_card_1`, `flight HAT056 …`). */
  readonly covered: ReadonlySet<string>;
}

/**
 * The yes that amends the latest failed attempt of `tool` so that it covers a retry with `details`,
 * or undefined. `grants` are the live yeses, in the order they should be preferred; `mentions` tells
 * whether a yes's exchange describes a detail.
 *
 * @param tool The retry's tool.
 * @param details The retry's details.
 * @param attempts Failed confirmed attempts since the last write that succeeded, oldest first.
 * @param grants The live yeses not yet used for this same action.
 * @param mentions Whether the exchange a yes answered (its request and the yes) describes a detail.
 */
export function amendingGrant<G extends { readonly messageIndex: number }>(
  tool: string,
  details: readonly ActionDetail[],
  attempts: readonly FailedAttempt[],
  grants: readonly G[],
  mentions: (g: G, d: ActionDetail) => boolean,
): { readonly grant: G; readonly attempt: FailedAttempt } | undefined {
  const attempt = [...attempts].reverse().find((a) => a.tool === tool);
  if (attempt === undefined) return undefined;
  const kept = (d: ActionDetail) => d.scope !== "request" && attempt.covered.has(d.label);
  // a retry with the same details is the first yes's to cover (or not); this reading is for a changed one
  if (details.every((d) => attempt.covered.has(d.label))) return undefined;
  const toDescribe = details.filter((d) => !kept(d));
  const grant = grants.find((g) => g.messageIndex > attempt.messageIndex && toDescribe.every((d) => mentions(g, d)));
  return grant === undefined ? undefined : { grant, attempt };
}
