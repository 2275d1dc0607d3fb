import { RefundAgent } from "../../refund/refund-agent.js";

/** Fixed: the goodwill refund goes through the `issue_refund` tool, so the protocol sees it (and asks first). */
export class GoodwillAgent extends RefundAgent {
  async apologize(bookingId: string): Promise<string> {
    await this.issueRefund({ bookingId, amount: 5 });
    return "Sorry about that, we refunded 5 USD.";
  }
}
