import { enforce } from "../../decorators/index.js";
import { RefundAgent } from "../refund/refund-agent.js";
import { fastRefundProtocol } from "./fast-refund-protocol.js";

/**
 * DELIBERATELY BROKEN (protocol-weakening): its protocol allows
 * lookup_booking[found] → issue_refund, which RefundAgent's protocol forbids. Importing this
 * module throws `protocol_weakened` at run time; `concordat check` finds it without running it.
 */
@enforce(fastRefundProtocol)
export class FastRefundAgent extends RefundAgent {}
