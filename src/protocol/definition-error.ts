import { ConcordatError } from "../errors/concordat-error.js";

export const DEFINITION_ISSUE_CODES = [
  "invalid_name",
  "unknown_initial_state",
  "unknown_terminal_state",
  "unknown_target_state",
  "unknown_tool",
  "unknown_outcome",
  "missing_outcome_transition",
  "unreachable_state",
  "no_path_to_terminal",
  "terminal_state_has_tools",
  "state_without_tools",
  "duplicate_name",
  "invalid_tool",
] as const;

export type DefinitionIssueCode = (typeof DEFINITION_ISSUE_CODES)[number];

/** One problem in a protocol definition, zod-style: a code, a path into the definition, a message. */
export interface DefinitionIssue {
  readonly code: DefinitionIssueCode;
  readonly path: readonly (string | number)[];
  readonly message: string;
}

const BRAND = Symbol.for("concordat.ProtocolDefinitionError");

/** Every problem found in a protocol definition, reported at once (code `invalid_protocol`; each issue has its own code). */
export class ProtocolDefinitionError extends ConcordatError<"invalid_protocol"> {
  readonly protocol: string;
  readonly issues: readonly DefinitionIssue[];

  constructor(protocol: string, issues: readonly DefinitionIssue[]) {
    super(
      "invalid_protocol",
      `Protocol "${protocol}" has ${issues.length} problem${issues.length === 1 ? "" : "s"}:\n` +
        issues.map((i) => `  - [${i.code}] at ${formatPath(i.path)}: ${i.message}`).join("\n"),
    );
    this.name = "ProtocolDefinitionError";
    Object.defineProperty(this, BRAND, { value: true });
    this.protocol = protocol;
    this.issues = issues;
  }

  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
  }
}

export function formatPath(path: readonly (string | number)[]): string {
  return path.length === 0 ? "(root)" : path.map((p) => (typeof p === "number" ? `[${p}]` : p)).join(".");
}
