/**
 * The refund agent driven by a scripted "model" that tries to refund straight away. The
 * protocol refuses the premature refund before its body runs, the model reads why, asks for
 * confirmation, and refunds once after the user's yes.
 *
 *   node --import tsx examples/refund/agent-demo.ts
 */
import { ScriptedModelClient, call, say, toolCalls } from "../../src/testing/index.js";
import { RefundAgent } from "./refund-agent.js";

const refund = { bookingId: "B-1001", amount: 120 };
const model = new ScriptedModelClient([
  toolCalls(call("issue_refund", refund)), // premature: refused, the model gets the reason
  toolCalls(call("lookup_booking", { bookingId: "B-1001" })),
  toolCalls(call("request_confirmation", refund)),
  say("I can refund 120 USD for booking B-1001. Shall I go ahead?"),
  toolCalls(call("receive_message", { text: "yes" })),
  toolCalls(call("issue_refund", refund)),
  toolCalls(call("end_conversation")),
  say("Done: 120 USD refunded."),
]);

const agent = new RefundAgent({ model, bookings: [{ id: "B-1001", amount: 120 }] });
const first = await agent.step("Please refund my booking B-1001, I'm in a hurry.");
console.log(`offered first: ${model.requests[0]!.tools.map((t) => t.name).join(", ")}`);
console.log(`refused: ${first.rejections.map((v) => `${v.tool} (${v.code})`).join(", ")}`);
console.log(`assistant: ${first.text}`);
const second = await agent.step("Yes, go ahead.");
console.log(`executed: ${second.executed.map((e) => `${e.call.name} ${e.from}→${e.to}`).join(", ")}`);
console.log(`assistant: ${second.text}`);
console.log(`refund bodies run: ${agent.refunds.length}; session ${agent.session.status}`);
if (agent.refunds.length !== 1 || first.rejections.length !== 1) process.exit(1);
