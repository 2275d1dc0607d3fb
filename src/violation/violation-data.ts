/**
 * The facts each violation code carries in `ProtocolViolation.data`: one interface per code
 * (zod's issue types are the model), mapped by `ViolationData`. A construction site is checked
 * against the map, so a misspelled or missing fact does not compile; a reader narrows on `code`
 * and reads typed facts. Fields common to every violation (protocol, state, session id, tool,
 * arguments, allowed tools, hint) are properties of `ProtocolViolation` itself, not facts here.
 *
 * The figures of `docs/api.md`'s violation table are generated from this file
 * (`npm run docs:errors`): keep one interface per code and a doc comment on each field.
 * @module
 */
import type { BudgetDimension } from "../budget/budget-account.js";
import type { ArgumentChange } from "../confirmation/canonical-json.js";
import type { UnstatedValue } from "../confirmation/request-text.js";
import type { RefinementKind } from "../protocol/refinement.js";
import type { ProtocolViolation } from "./protocol-violation.js";
import type { ViolationCode } from "./violation-codes.js";

/** Facts any violation may carry, whatever its code. */
export interface ViolationDataBase {
  /** Set by `GuardedExecutor` when another process changed the session while a read ran: the read's result was discarded. */
  readonly readRanConcurrently?: true;
}

/** One way the arguments fail the tool's schema (from zod's issue). */
export interface ArgumentIssue {
  /** zod's issue code, e.g. `too_small`, `invalid_type`. */
  readonly code: string;
  /** Where in the arguments (empty for the whole object). */
  readonly path: readonly string[];
  readonly message: string;
}

/** `tool_not_allowed`: the tool exists but the current state does not allow it (or a tool was called from inside another's body). */
export interface ToolNotAllowedData extends ViolationDataBase {}

/** `unknown_tool`: the protocol (or the agent) has no such tool. */
export interface UnknownToolData extends ViolationDataBase {
  /** The decorated class whose method names the tool. */
  readonly class?: string;
  /** That method. */
  readonly method?: string;
  /** The parent class, when the class extends one. */
  readonly parent?: string;
}

/** `invalid_arguments`: the arguments fail the tool's schema, or are not the validated ones. */
export interface InvalidArgumentsData extends ViolationDataBase {
  /** What the schema refused, when the schema refused them. */
  readonly issues?: readonly ArgumentIssue[];
  /** How many arguments a guarded method got beyond its one arguments object. */
  readonly extraArguments?: number;
}

/** `session_ended`: the session is in a terminal state. */
export interface SessionEndedData extends ViolationDataBase {}

/** `guard_failed`: the state allows the tool only when a guard holds, and it does not. */
export interface GuardFailedData extends ViolationDataBase {
  /** The guard (conjunct) that failed. */
  readonly guard: string;
}

/** `invalid_outcome`: a tool's result has no transition from the state. */
export interface InvalidOutcomeData extends ViolationDataBase {}

/**
 * `protocol_weakened`: a subclass's protocol does not refine its parent's, a subclass changes
 * what an inherited method is, or a body runs under a protocol not checked against its class's.
 */
export interface ProtocolWeakenedData extends ViolationDataBase {
  /** The subclass whose protocol does not refine its parent's. */
  readonly child?: string;
  /** The parent class: whose protocol is not refined, or which does not know the tool. */
  readonly parent?: string;
  /** The subclass's protocol. */
  readonly childProtocol?: string;
  /** The parent class's protocol. */
  readonly parentProtocol?: string;
  /** What the child allows that the parent does not (`checkRefinement`'s kind). */
  readonly kind?: RefinementKind;
  /** The counterexample: tool events (`tool[outcome]`) the child allows and the parent does not. */
  readonly trace?: readonly string[];
  /** The class whose method changed tool, or implements a tool its parent's protocol lacks. */
  readonly class?: string;
  /** That method. */
  readonly method?: string;
  /** The tool the parent implements with that method. */
  readonly parentTool?: string;
  /** The protocol the method's class enforces, when the instance runs another. */
  readonly boundProtocol?: string;
}

/** `confirmation_missing`: a write has no confirmation of these exact arguments (or the action named does not exist). */
export interface ConfirmationMissingData extends ViolationDataBase {
  /** The action id given (that is not pending, or was superseded). */
  readonly actionId?: string;
  /** The action's status, when it was superseded. */
  readonly status?: "pending" | "confirmed" | "denied" | "superseded";
  /** The tool calls the same arguments were confirmed for (a confirmation is bound to its call). */
  readonly confirmedForCalls?: readonly (string | undefined)[];
}

/** `confirmation_args_mismatch`: the user confirmed the tool with other arguments. */
export interface ConfirmationArgsMismatchData extends ViolationDataBase {
  /** Each difference, confirmed → attempted. */
  readonly diff: readonly ArgumentChange[];
  /** The arguments the user confirmed. */
  readonly confirmed: unknown;
  /** The arguments of the refused call. */
  readonly attempted: unknown;
  /** The confirmed action. */
  readonly actionId: string;
}

/** `confirmation_expired`: the grant's time ran out. */
export interface ConfirmationExpiredData extends ViolationDataBase {
  /** ISO time the grant expired. */
  readonly expiresAt: string;
  /** ISO time the user confirmed. */
  readonly issuedAt: string;
}

/** `confirmation_reused`: the grant (or the confirmation) was already used; one confirmation authorizes one call. */
export interface ConfirmationReusedData extends ViolationDataBase {
  /** The grant's nonce. */
  readonly nonce?: string;
  /** The confirmed action. */
  readonly actionId?: string;
}

/** `confirmation_forged`: a grant token that is malformed or not signed with this deployment's key. */
export interface ConfirmationForgedData extends ViolationDataBase {
  /** The token presented (cut at 80 characters), or its type when it is not a string. */
  readonly token: string;
}

/** `confirmation_other_session`: the grant was issued in another session. */
export interface ConfirmationOtherSessionData extends ViolationDataBase {
  /** The session the grant belongs to. */
  readonly grantSession: string;
  /** The grant's nonce. */
  readonly nonce?: string;
}

/** `confirmation_stale`: something the user confirmed changed since (or the trace no longer proves it did not). */
export interface ConfirmationStaleData extends ViolationDataBase {
  /** ISO time the user confirmed. */
  readonly issuedAt: string;
  /** Trace position at the confirmation, when the entries since were dropped by trace retention. */
  readonly issuedAtSeq?: number;
  /** The confirmed subjects a later write changed. */
  readonly subjects?: readonly string[];
  /** The write that changed them. */
  readonly changedBy?: string;
  /** Its trace position. */
  readonly changedAtSeq?: number;
}

/** `confirmation_denied`: the user refused this action. */
export interface ConfirmationDeniedData extends ViolationDataBase {
  /** The denied action. */
  readonly actionId: string;
}

/** `confirmation_text_mismatch`: a confirmation request's text does not state every value of the action it asks about. */
export interface ConfirmationTextMismatchData extends ViolationDataBase {
  /** The values of the action the text leaves out (path in the arguments, and value). */
  readonly unstated: readonly UnstatedValue[];
}

/** `budget_exceeded`: the call or model turn would go over a budget (or the account is closed). */
export interface BudgetExceededData extends ViolationDataBase {
  /** What ran out: `inputTokens`, `outputTokens`, `totalTokens` or `toolCalls`. */
  readonly dimension: BudgetDimension;
  readonly limit: number;
  readonly used: number;
  readonly requested: number;
  /** `run`, `reserve`, `closed`, or `state:<name>` for a state's budget. */
  readonly scope: string;
}

/** `state_tampered`: stored state was changed outside Concordat, rolled back, or belongs elsewhere. */
export interface StateTamperedData extends ViolationDataBase {
  /** The version of the row read, when it is older than one already seen (a rollback). */
  readonly storedVersion?: number;
  /** The newest version this process has seen. */
  readonly seenVersion?: number;
  /** True when an older row was written back (a rollback), rather than a row whose signature fails. */
  readonly rollback?: boolean;
  /** The claim (call id, consumed grant or log chunk) the store's append-only tables already hold but the head row does not know. */
  readonly claim?: string;
}

/** `needs_reconciliation`: an earlier write's outcome is unknown; nothing runs until it is recorded. */
export interface NeedsReconciliationData extends ViolationDataBase {
  /** The call id of the unresolved write. */
  readonly pendingCallId?: string;
  /** Its tool. */
  readonly pendingTool?: string;
  /** Its ledger status. */
  readonly status?: "intent" | "done" | "unknown_outcome" | "reconciled_executed" | "reconciled_not_executed";
  /** True when the refused call is a retry of that unresolved write itself (its result is returned once recorded). */
  readonly retryOfPending?: boolean;
  /** True when the write is running in this process now. */
  readonly inFlight?: boolean;
}

/** `duplicate_call`: a call id that already ran (or was claimed); a call id never executes twice. */
export interface DuplicateCallData extends ViolationDataBase {
  readonly callId: string;
  /** The earlier call's ledger status. */
  readonly status?: "intent" | "done" | "unknown_outcome" | "reconciled_executed" | "reconciled_not_executed";
  /** The earlier call's outcome. */
  readonly outcome?: string;
  /** Why the earlier call's result cannot be returned instead: a different call under the same id, a call that did not execute, or no recorded result. */
  readonly reason?: "different_call" | "not_executed" | "no_result";
  /** The earlier call's states (from its trace entry). */
  readonly from?: string;
  readonly to?: string;
}

/** What an agent loop did in the step it stopped (`concordat/agent`'s `StepResult`, without `stopReason`). */
export interface StoppedStep {
  readonly executed: readonly {
    readonly call: { readonly id: string; readonly name: string; readonly arguments: unknown };
    readonly result?: unknown;
    readonly error?: unknown;
    readonly from: string;
    readonly to: string;
  }[];
  readonly rejections: readonly ProtocolViolation[];
  readonly usage: { readonly inputTokens: number; readonly outputTokens: number };
  readonly modelCalls: number;
}

/** `retries_exhausted`: the model kept making refused calls; the agent loop stopped. */
export interface RetriesExhaustedData extends ViolationDataBase {
  /** The loop's `maxRetries`. */
  readonly maxRetries: number;
  /** The code of the last refusal. */
  readonly lastCode: ViolationCode;
  /** What the step did before it stopped. */
  readonly step?: StoppedStep;
}

/** The facts (`ProtocolViolation.data`) of each violation code. */
export interface ViolationData {
  tool_not_allowed: ToolNotAllowedData;
  unknown_tool: UnknownToolData;
  invalid_arguments: InvalidArgumentsData;
  session_ended: SessionEndedData;
  guard_failed: GuardFailedData;
  invalid_outcome: InvalidOutcomeData;
  protocol_weakened: ProtocolWeakenedData;
  confirmation_missing: ConfirmationMissingData;
  confirmation_args_mismatch: ConfirmationArgsMismatchData;
  confirmation_expired: ConfirmationExpiredData;
  confirmation_reused: ConfirmationReusedData;
  confirmation_forged: ConfirmationForgedData;
  confirmation_other_session: ConfirmationOtherSessionData;
  confirmation_stale: ConfirmationStaleData;
  confirmation_denied: ConfirmationDeniedData;
  confirmation_text_mismatch: ConfirmationTextMismatchData;
  budget_exceeded: BudgetExceededData;
  state_tampered: StateTamperedData;
  needs_reconciliation: NeedsReconciliationData;
  duplicate_call: DuplicateCallData;
  retries_exhausted: RetriesExhaustedData;
}

// Every code in VIOLATION_CODES has facts here and nothing else does: adding a code without its
// interface (or the reverse) fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _EveryCodeHasData = Holds<Same<keyof ViolationData, ViolationCode>>;
