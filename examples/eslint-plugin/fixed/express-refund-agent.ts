import { enforce } from "../../../decorators/index.js";
import { RefundAgent } from "../../refund/refund-agent.js";
import { expressRefundProtocol } from "./express-refund-protocol.js";

/** Fixed: enforces a protocol that refines RefundAgent's. */
@enforce(expressRefundProtocol)
export class ExpressRefundAgent extends RefundAgent {}
