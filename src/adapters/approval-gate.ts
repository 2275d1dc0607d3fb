/**
 * How the AI SDK and OpenAI Agents adapters turn an SDK's approval step into Concordat
 * confirmations (one implementation for both; imports no SDK):
 * - every approval item the SDK shows is one pending action bound to its tool call
 *   (`RequestOptions.callId`), so the calls of one model step are confirmed or denied each on
 *   its own, in any order, and a grant runs only the call it was given for;
 * - a call whose confirmation is missing, was used up, went stale or expired is asked of the
 *   user (again); a refused call for any other reason (wrong state, denied, changed arguments)
 *   never is.
 * @internal
 */
import { canonicalHash } from "../confirmation/canonical-json.js";
import type { PendingActionRecord } from "../confirmation/grant.js";
import type { Session } from "../runtime/session.js";
import { traceTime } from "../runtime/session-trace.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { PendingActionRef } from "./confirmation-access.js";

/** A call as an SDK's approval step sees it: its id, tool name and arguments (parsed or not). */
export interface ApprovalCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
}

/**
 * - `run`: a grant this call may use exists (or prior consent just produced one); executing consumes it.
 * - `ask`: the user must decide; `action` is the pending action bound to this call.
 * - `asked-before`: this very call was evaluated before (the SDK re-checks an approval) and
 *   still has no usable grant; `violation` says why.
 * - `refuse`: refused for a reason the user cannot fix by approving.
 */
export type ApprovalDecision =
  | { readonly kind: "run" }
  | { readonly kind: "ask"; readonly action: PendingActionRef }
  | { readonly kind: "asked-before"; readonly action: PendingActionRecord; readonly violation: ProtocolViolation }
  | { readonly kind: "refuse"; readonly violation: ProtocolViolation };

/** Violations that a (new) yes from the user resolves. */
const ASK_AGAIN: ReadonlySet<string> = new Set(["confirmation_missing", "confirmation_reused", "confirmation_stale", "confirmation_expired"]);

/** Decides what an SDK should do with a call of a `requiresConfirmation` tool. */
export function decideApproval(session: Session<any>, call: ApprovalCall): ApprovalDecision {
  const checked = session.check(call);
  if (checked.ok) return { kind: "run" };
  const v = checked.violation;
  if (!ASK_AGAIN.has(v.code)) return { kind: "refuse", violation: v };
  const ran = session.trace.find((t) => t.callId === call.id);
  if (ran) return { kind: "refuse", violation: alreadyRan(session, call, traceTime(ran)) };
  const existing = actionForCall(session, call.id);
  if (existing) return { kind: "asked-before", action: existing, violation: v };
  const request = session.requestConfirmation(call, { callId: call.id });
  // prior consent may already have granted it: executing consumes that grant
  return request.status === "confirmed" ? { kind: "run" } : { kind: "ask", action: request };
}

/**
 * The user approved this call: confirms its pending action, or asks and confirms now when this
 * process did not ask (a restart), the request was superseded, or its grant is gone. Returns
 * the confirmed action. Throws `ProtocolViolation` when the arguments do not fit the tool.
 */
export function approveCall(session: Session<any>, call: ApprovalCall): PendingActionRef {
  const existing = matchingAction(session, call);
  if (existing?.status === "pending") {
    session.confirm(existing.id);
    return current(session, existing.id);
  }
  if (
    existing?.status === "confirmed" &&
    session
      .confirmationPolicy()
      .liveGrants()
      .some((g) => g.actionId === existing.id)
  )
    return existing;
  const request = session.requestConfirmation(call, { callId: call.id });
  if (request.status !== "confirmed") session.confirm(request.id);
  return current(session, request.id);
}

/** The user declined this call: denies its pending action (revoking a grant it had), or records the denial. */
export function denyCall(session: Session<any>, call: ApprovalCall): PendingActionRef {
  const existing = matchingAction(session, call);
  if (existing && (existing.status === "pending" || existing.status === "confirmed")) {
    session.deny(existing.id);
    return current(session, existing.id);
  }
  const request = session.requestConfirmation(call, { callId: call.id });
  session.deny(request.id);
  return current(session, request.id);
}

function current(session: Session<any>, actionId: string): PendingActionRecord {
  return session
    .confirmationPolicy()
    .actions()
    .find((a) => a.id === actionId)!;
}

/**
 * The action to show the user for an approval item: the one already asked for this call (when it
 * is about these arguments and still open), or a new request bound to the call. Throws
 * `ProtocolViolation` when the arguments do not fit the tool.
 */
export function pendingActionFor(session: Session<any>, call: ApprovalCall): PendingActionRef {
  const existing = matchingAction(session, call);
  if (
    existing &&
    (existing.status === "pending" ||
      (existing.status === "confirmed" &&
        session
          .confirmationPolicy()
          .liveGrants()
          .some((g) => g.actionId === existing.id)))
  )
    return existing;
  return session.requestConfirmation(call, { callId: call.id });
}

/** The latest pending action asked for this tool call, if any. */
export function actionForCall(session: Session<any>, callId: string): PendingActionRecord | undefined {
  const actions = session.confirmationPolicy().actions();
  for (let i = actions.length - 1; i >= 0; i--) if (actions[i]!.callId === callId) return actions[i];
  return undefined;
}

/** The latest action for this call when it is about the same arguments (parsed by the tool's schema). */
function matchingAction(session: Session<any>, call: ApprovalCall): PendingActionRecord | undefined {
  const existing = actionForCall(session, call.id);
  if (!existing || existing.tool !== call.name) return undefined;
  const spec = session.protocol.tools[call.name] as { input: { safeParse(x: unknown): { success: boolean; data?: unknown } } } | undefined;
  const parsed = spec?.input.safeParse(call.arguments);
  return parsed?.success && canonicalHash(parsed.data) === existing.argsHash ? existing : undefined;
}

function alreadyRan(session: Session<any>, call: ApprovalCall, at: string): ProtocolViolation {
  return session.reject(
    new ProtocolViolation({
      code: "duplicate_call",
      message: `Tool call ${JSON.stringify(call.id)} ("${call.name}") already ran in this session (at ${at}); one call runs once.`,
      tool: call.name,
      arguments: call.arguments,
      data: { callId: call.id },
      hint: "If the user wants it done again, make a new call; the user will be asked to confirm it.",
    }),
  );
}
