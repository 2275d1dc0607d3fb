import { enforce } from "../../../decorators/index.js";
import { RefundAgent } from "../../refund/refund-agent.js";
import { expressRefundProtocol } from "./express-refund-protocol.js";

/** DELIBERATELY BROKEN (protocol-weakening): its protocol skips the confirmation RefundAgent's requires. */
@enforce(expressRefundProtocol)
export class ExpressRefundAgent extends RefundAgent {}
