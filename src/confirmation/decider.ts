/** An action waiting for the user's yes or no. */
export interface PendingAction {
  readonly id: string;
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** How the agent described it to the user. */
  readonly description?: string;
}

export type ConfirmationDecision = "confirmed" | "denied" | "unclear";

export interface DeciderInput {
  /** The agent's confirmation request (the message that described the action). */
  readonly request: string;
  /** The user's reply. Only text from the user channel may be passed here. */
  readonly reply: string;
  /** The structured actions the request described, when known. */
  readonly actions?: readonly PendingAction[];
}

export interface DeciderVerdict {
  readonly decision: ConfirmationDecision;
  /** Why, in a sentence (which rule fired, which words). */
  readonly reason: string;
  /** Id of the rule that decided, for the rule-based decider. */
  readonly rule?: string;
}

/** Decides whether a user's reply confirms a pending action. `unclear` never grants. */
export interface ConfirmationDecider {
  readonly name: string;
  decide(input: DeciderInput): DeciderVerdict | Promise<DeciderVerdict>;
}
