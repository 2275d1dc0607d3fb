import { formatPath, type DefinitionIssueCode } from "../protocol/definition-error.js";

/** Codes of the problems `fromXState` reports, besides the protocol definition's own. */
export const XSTATE_MAPPING_ISSUE_CODES = [
  /** Not a machine config: no `states`, no `initial`, a state that is not an object. */
  "invalid_machine",
  /** A feature with no protocol counterpart: nested or parallel states, actions, invoke, delays, eventless or wildcard transitions, guard parameters. */
  "unsupported",
  /** A target that names no top-level state. */
  "invalid_target",
  /** A guard that is neither a name nor `{ type }`. */
  "invalid_guard",
  /** The same tool allowed with different guards for different outcomes in one state. */
  "inconsistent_guard",
  /** Two events of one state that stand for the same tool and outcome. */
  "duplicate_transition",
  /** A tool whose effect (read or write) nothing says. */
  "unknown_effect",
  /** A tool description or budget under `meta.concordat` that is malformed. */
  "invalid_meta",
] as const;

export type XStateMappingIssueCode = (typeof XSTATE_MAPPING_ISSUE_CODES)[number];

/** One problem mapping an XState machine to a protocol: a code, a path into the machine config (or, for definition codes, into the protocol), a message. */
export interface XStateMappingIssue {
  readonly code: XStateMappingIssueCode | DefinitionIssueCode;
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/**
 * Every reason an XState machine config does not map to a protocol, reported at once.
 * @see fromXState
 */
export class XStateMappingError extends Error {
  readonly machine: string;
  readonly issues: readonly XStateMappingIssue[];

  constructor(machine: string, issues: readonly XStateMappingIssue[]) {
    super(
      `XState machine "${machine}" does not map to a protocol (${issues.length} problem${issues.length === 1 ? "" : "s"}):\n` +
        issues.map((i) => `  - [${i.code}] at ${formatPath(i.path)}: ${i.message}`).join("\n"),
    );
    this.name = "XStateMappingError";
    this.machine = machine;
    this.issues = issues;
  }
}
