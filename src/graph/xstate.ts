/**
 * `concordat/xstate`: protocols as XState v5 machine configs and back (no `xstate` import: the
 * config is plain JSON that `createMachine` loads).
 *
 * @example
 * ```ts
 * import { createMachine } from "xstate";
 * import { toXState, fromXState } from "concordat/xstate";
 * const machine = createMachine(toXState(refundProtocol));
 * const graph = fromXState(machine); // refundProtocol.graph again
 * ```
 * @see https://github.com/concordat/concordat/blob/main/docs/xstate.md
 * @module
 */
export { toXState } from "./to-xstate.js";
export { fromXState, type FromXStateOptions } from "./from-xstate.js";
export {
  XStateMappingError,
  XStateExportError,
  XSTATE_MAPPING_ISSUE_CODES,
  type XStateMappingIssue,
  type XStateMappingIssueCode,
} from "./xstate-mapping-error.js";
export type { XStateMachineConfig, XStateStateConfig, XStateTransitionConfig, XStateTransitionMeta, XStateProtocolMeta } from "./xstate-config.js";
