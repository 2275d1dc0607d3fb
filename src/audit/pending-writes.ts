/**
 * The writes a reply was followed by, as the actions live enforcement would have held pending while
 * judging it, and the three places where the audit judges a reply with them: a yes the judge reads as
 * consenting to no action, a payment method named by reference to the reservation's record, and a
 * payment method the reply names itself.
 * @internal
 */
import type { ConfirmationDecider, DeciderVerdict, PendingAction } from "../confirmation/decider.js";
import type { AuditDomain } from "./audit-domain.js";
import type { RecordedRun, RecordedToolCall } from "./recorded-run.js";
import { withoutNamedPayment } from "./named-payment.js";
import { withoutRecordedPaymentReference } from "./recorded-payment-reference.js";

/** The judge's rule for a yes to a request that names no action (`src/confirmation/consent-judge.ts`). */
const NO_ACTION_RULE = "no_action";
/** The judge's rule for a reply that says how to pay in words the request did not use (`src/confirmation/consent-judge.ts`). */
const PAYMENT_REFERENCE_RULE = "payment_reference";

/**
 * For each user message, the write calls the agent made after it and before the next user message:
 * the actions live enforcement would have held pending while judging that reply (the agent calls the
 * write, the runtime asks, the user answers, and the judge reads the answer with the held call).
 * Calls with unreadable arguments are left out (nothing can be bound to them).
 */
export function writesAfterEachReply(run: RecordedRun, domain: AuditDomain<any>): Map<number, RecordedToolCall[]> {
  const out = new Map<number, RecordedToolCall[]>();
  let current: RecordedToolCall[] | undefined;
  for (const [mi, m] of run.messages.entries()) {
    if (m.role === "user") {
      current = [];
      out.set(mi, current);
      continue;
    }
    if (m.role !== "assistant" || current === undefined) continue;
    for (const call of m.toolCalls) {
      if (call.requestor !== "assistant" || !domain.writeTools.has(call.name) || call.argumentsError !== undefined) continue;
      current.push(call);
    }
  }
  return out;
}

const pendingAction = (call: RecordedToolCall): PendingAction => ({ id: call.id ?? `call-${call.index}`, tool: call.name, arguments: call.arguments });

/**
 * The judge's verdict on a reply, with the writes the agent made right after it (`calls`) taken into
 * account: "the request names no action" stands in for not knowing what was pending, so such a reply
 * is judged again, as live enforcement judges it, with them pending (the judge's checks against the
 * action's values then apply; the write must still be described in full, which the replay checks); a
 * payment method the reply names only by reference to the record ("the same payment method as before")
 * is the one the writes use when every one pays with (or refunds to) the one method its reservation
 * was paid with, so the rest of the reply is judged, with the writes pending; so is the rest of a reply
 * with a plain sentence naming the method to pay with ("Also, I'd like to use my gift card with the
 * smallest balance to pay", `named-payment.ts`) when the first write after it pays with that method
 * (the domain's details then bind every write under the yes to the method named).
 *
 * @param decider The judge.
 * @param domain The audit domain (reads the record a write changes).
 * @param knowledge What earlier tool results revealed.
 * @param request The agent's words the reply answered.
 * @param reply The user's reply.
 * @param calls The write calls made after the reply and before the next user message.
 */
export async function judgeWithPendingWrites<K>(
  decider: ConfirmationDecider,
  domain: AuditDomain<K>,
  knowledge: K,
  request: string,
  reply: string,
  calls: readonly RecordedToolCall[],
): Promise<DeciderVerdict> {
  const verdict = await decider.decide({ request, reply });
  if (verdict.decision !== "unclear" || calls.length === 0) return verdict;
  const actions = calls.map(pendingAction);
  if (verdict.rule === NO_ACTION_RULE) return decider.decide({ request, reply, actions });
  const rest = verdict.rule === PAYMENT_REFERENCE_RULE ? withoutRecordedPaymentReference(reply) : undefined;
  if (rest !== undefined && calls.every((c) => domain.paysWithRecordedMethod?.(c, knowledge) === true)) {
    const again = await decider.decide({ request, reply: rest, actions });
    if (again.decision === "confirmed")
      return { ...again, reason: `${again.reason} (the payment method it names, by reference to the reservation's record, is the one the write uses)` };
  }
  // a payment method the reply names itself ("use my gift card with the smallest balance"): the
  // write the agent made next pays with it; later writes are bound to it by the domain's details
  const named = withoutNamedPayment(reply);
  if (named === undefined || domain.paysWithMethodsNamedIn?.(calls[0]!, knowledge, named.statement) !== true) return verdict;
  const again = await decider.decide({ request, reply: named.rest, actions });
  return again.decision === "confirmed" ? { ...again, reason: `${again.reason} (the payment method it names is the one the write uses)` } : verdict;
}
