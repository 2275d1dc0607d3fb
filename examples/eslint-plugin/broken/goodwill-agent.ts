import { RefundAgent } from "../../refund/refund-agent.js";

/** DELIBERATELY BROKEN (bypass-call): records a refund without going through `issue_refund`. */
export class GoodwillAgent extends RefundAgent {
  async apologize(bookingId: string): Promise<string> {
    this.refunds.push({ bookingId, amount: 5 });
    return "Sorry about that, we refunded 5 USD.";
  }
}
