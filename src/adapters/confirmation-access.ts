import type { ToolCall } from "../protocol/types.js";
import type { Session } from "../runtime/session.js";
import { ConfigurationError } from "../errors/configuration-error.js";

/** The part of a pending action the adapters read. */
export interface PendingActionRef {
  readonly id: string;
  readonly tool: string;
  readonly arguments: unknown;
  /** `confirmed` when a grant was issued for it (e.g. by prior consent); `superseded` when a later request replaced it. */
  readonly status?: "pending" | "confirmed" | "denied" | "superseded";
}

/** The session's structured confirmation API (from the confirmation policy). */
export interface SessionConfirmationApi {
  requestConfirmation(call: ToolCall): PendingActionRef | Promise<PendingActionRef>;
  confirm(actionId: string): unknown;
  deny(actionId: string): unknown;
}

/**
 * The session's confirmation API, or a clear error naming what is missing. Adapters only
 * call it for tools declared `requiresConfirmation`, whose sessions carry the policy.
 */
export function confirmationApi(session: Session<any>): SessionConfirmationApi {
  const s = session as unknown as Partial<SessionConfirmationApi>;
  if (typeof s.requestConfirmation !== "function" || typeof s.confirm !== "function" || typeof s.deny !== "function") {
    throw new ConfigurationError(
      "confirmation_not_configured",
      `Session ${session.id} (protocol "${session.protocol.name}") has no confirmation API (requestConfirmation/confirm/deny). Fix: declare the write tool with requiresConfirmation: true so the confirmation policy is installed.`,
    );
  }
  return s as SessionConfirmationApi;
}
