import type { ConfirmationDecider } from "../confirmation/decider.js";
import { ConfirmationPolicy } from "../confirmation/confirmation-policy.js";

/**
 * The decider live enforcement uses by default: the one a `ConfirmationPolicy` built without a
 * `decider` option judges replies with. `concordat audit` judges with it by default, so an audit
 * verdict says what enforcement would have done. Read from the policy itself, so the two cannot
 * drift apart when the default changes.
 *
 * @internal
 */
export function enforcementDecider(): ConfirmationDecider {
  return new ConfirmationPolicy().decider;
}
