/**
 * The refund agent as a decorated class. `@refundProtocol.enforce` attaches the protocol:
 * every call of a tool method — from the agent loop, from another method, from a subclass or
 * from outside — is validated by the instance's session before its body runs.
 */
import { Agent, tool, toolFor, type AgentOptions } from "../../decorators/index.js";
import { refundProtocol } from "./refund-protocol.js";

export interface Booking {
  readonly id: string;
  readonly amount: number;
}

const refundTool = toolFor(refundProtocol);

export interface RefundAgentOptions extends AgentOptions {
  readonly bookings?: Iterable<Booking>;
}

@refundProtocol.enforce
export class RefundAgent extends Agent {
  readonly bookings: Map<string, Booking>;
  /** Refunds the body of `issueRefund` actually executed. */
  readonly refunds: { bookingId: string; amount: number }[] = [];
  /** Messages sent to the user by `request_confirmation`. */
  readonly outbox: string[] = [];

  constructor(options: RefundAgentOptions = {}) {
    super(options);
    this.bookings = new Map([...(options.bookings ?? [])].map((b) => [b.id, b]));
  }

  @tool<typeof refundProtocol>()
  async lookup_booking(args: { bookingId: string }): Promise<Booking | null> {
    return this.bookings.get(args.bookingId) ?? null;
  }

  /** Registers the exact refund as a pending action and asks the user. */
  @tool<typeof refundProtocol>()
  async request_confirmation(args: { bookingId: string; amount: number }): Promise<string> {
    this.session.requestConfirmation({ name: "issue_refund", arguments: { bookingId: args.bookingId, amount: args.amount } });
    const text = `Refund ${args.amount} USD for booking ${args.bookingId}? Please answer yes or no.`;
    this.outbox.push(text);
    return text;
  }

  /**
   * Judges the user's own last message (never the text the model passes): only a clear yes
   * to the pending refund yields `confirmed` and the grant `issue_refund` needs.
   */
  @tool<typeof refundProtocol>()
  async receive_message(_args: { text: string }): Promise<"confirmed" | "denied" | "unclear"> {
    const lastUser = [...this.messages].reverse().find((m) => m.role === "user");
    const outcome = await this.session.receiveUserReply(lastUser?.content ?? "");
    return outcome.decision;
  }

  @refundTool("issue_refund")
  async issueRefund(args: { bookingId: string; amount: number }): Promise<{ refunded: number }> {
    this.refunds.push({ bookingId: args.bookingId, amount: args.amount });
    return { refunded: args.amount };
  }

  @tool<typeof refundProtocol>()
  async end_conversation(): Promise<string> {
    return "Goodbye.";
  }

  /** A shortcut that skips the confirmation: the session refuses it before the refund body runs. */
  async issueRefundWithoutConfirmation(bookingId: string, amount: number): Promise<{ refunded: number }> {
    return this.issueRefund({ bookingId, amount });
  }
}
