import { RefundAgent } from "../refund/refund-agent.js";

/**
 * DELIBERATELY BROKEN (bypass-call): `apologize` reaches the effect of the guarded
 * `issue_refund` tool (appending to `this.refunds`) through a helper, without going through
 * the tool, so the protocol never sees the refund.
 */
export class GoodwillAgent extends RefundAgent {
  async apologize(bookingId: string): Promise<string> {
    this.compensate(bookingId, 5);
    return "Sorry about that, we refunded 5 USD.";
  }

  private compensate(bookingId: string, amount: number): void {
    this.refunds.push({ bookingId, amount });
  }
}
