import { ConcordatError } from "../errors/concordat-error.js";
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
 * Every reason an XState machine config does not map to a protocol, reported at once (code
 * `xstate_not_mappable`; each issue has its own code).
 * @see fromXState
 */
export class XStateMappingError extends ConcordatError<"xstate_not_mappable"> {
  readonly machine: string;
  readonly issues: readonly XStateMappingIssue[];

  constructor(machine: string, issues: readonly XStateMappingIssue[]) {
    super(
      "xstate_not_mappable",
      `XState machine "${machine}" does not map to a protocol (${issues.length} problem${issues.length === 1 ? "" : "s"}):\n` +
        issues.map((i) => `  - [${i.code}] at ${formatPath(i.path)}: ${i.message}`).join("\n"),
    );
    this.name = "XStateMappingError";
    this.machine = machine;
    this.issues = issues;
  }
}

/**
 * A protocol `toXState` cannot export: a state name XState would read as a state id (`#…`), or a
 * tool name in XState's reserved event namespace (`xstate.…`).
 * @see toXState
 */
export class XStateExportError extends ConcordatError<"xstate_export_unsupported"> {
  /** The protocol's name. */
  readonly protocol: string;
  /** The state or tool names that cannot be exported. */
  readonly names: readonly string[];

  constructor(protocol: string, names: readonly string[], message: string) {
    super("xstate_export_unsupported", message);
    this.name = "XStateExportError";
    this.protocol = protocol;
    this.names = names;
  }
}
