/**
 * The refund example, end to end, with no model: a premature `issue_refund` is refused before
 * its body runs; after the user's confirmation of the exact refund, it runs once.
 *
 *   npm run example:refund
 */
import { Session } from "../../src/runtime/session.js";
import { toMermaid } from "../../src/graph/to-mermaid.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { refundProtocol } from "./refund-protocol.js";

const bookings = new Map([["B-1001", { id: "B-1001", amount: 120 }]]);
const refunds: string[] = [];
const tools = {
  lookup_booking: ({ bookingId }: { bookingId: string }) => bookings.get(bookingId) ?? null,
  request_confirmation: ({ bookingId, amount }: { bookingId: string; amount: number }) =>
    `Refund ${amount} USD for booking ${bookingId}? Please answer yes or no.`,
  issue_refund: ({ bookingId, amount }: { bookingId: string; amount: number }) => {
    refunds.push(`${bookingId}:${amount}`);
    return { refunded: amount };
  },
  end_conversation: () => "bye",
};

const session = new Session(refundProtocol, { confirmation: { requestTools: { request_confirmation: "issue_refund" } } });
const say = (line: string) => console.log(line);

say(`state ${session.state}; the model may call: ${session.allowedTools().join(", ")}`);
try {
  await session.execute({ name: "issue_refund", arguments: { bookingId: "B-1001", amount: 120 } }, tools.issue_refund);
} catch (e) {
  if (!(e instanceof ProtocolViolation)) throw e;
  say(`premature refund refused before it ran (${e.code}); refunds so far: ${refunds.length}`);
  say(`what the model is told:\n  ${e.toModelMessage().replace(/\n/g, "\n  ")}`);
}

await session.execute({ name: "lookup_booking", arguments: { bookingId: "B-1001" } }, tools.lookup_booking);
const request = await session.execute({ name: "request_confirmation", arguments: { bookingId: "B-1001", amount: 120 } }, tools.request_confirmation);
say(`agent: ${request}`);
const reply = "Yes, please refund the 120 USD for B-1001.";
say(`user: ${reply}`);
const decided = await session.receiveUserReply(reply);
await session.execute({ name: "receive_message", arguments: { text: reply } }, () => decided.decision);
say(`decision: ${decided.decision}; state ${session.state}`);
await session.execute({ name: "issue_refund", arguments: { bookingId: "B-1001", amount: 120 } }, tools.issue_refund);
await session.execute({ name: "end_conversation", arguments: {} }, tools.end_conversation);
say(`refunds executed: ${refunds.join(", ")}; session ${session.status}`);
say(`\ntrace:\n${toMermaid(refundProtocol, { trace: session.trace })}`);
if (refunds.length !== 1) process.exit(1);
