/**
 * `concordat/xstate`: a protocol as an XState v5 machine config (for Stately's visual editor and
 * inspector), and back for the subset that maps. XState itself is not needed to use these.
 * @module
 */
export { toXState } from "./to-xstate.js";
export { fromXState, type FromXStateOptions } from "./from-xstate.js";
export { XStateMappingError, XStateExportError, XSTATE_MAPPING_ISSUE_CODES, type XStateMappingIssue, type XStateMappingIssueCode } from "./xstate-mapping-error.js";
export type { XStateMachineConfig, XStateStateConfig, XStateTransitionConfig, XStateTransitionMeta, XStateProtocolMeta } from "./xstate-config.js";
