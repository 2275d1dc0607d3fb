import type { AuditDomain } from "./audit-domain.js";
import type { InputProblem, RecordedRun } from "./recorded-run.js";

/** An agent tool call whose tool the domain does not know. */
export interface UnknownToolCall {
  readonly index: number;
  readonly tool: string;
  /** Whether the environment reported success (null: no result recorded). */
  readonly executed: boolean | null;
}

/** How a run's tool calls fit the domain the audit was asked to use. */
export type DomainFit =
  /** Every call is a tool of the domain (or the domain does not list its tools). */
  | { readonly kind: "fits"; readonly unknown: readonly UnknownToolCall[] }
  /** Some calls are to unknown tools, but the run also uses tools specific to the domain: audited, unknown calls listed. */
  | { readonly kind: "partly"; readonly unknown: readonly UnknownToolCall[]; readonly problem?: InputProblem }
  /** Only unknown tools (besides generic ones such as `think`): a run of another domain, not audited. */
  | { readonly kind: "other_domain"; readonly unknown: readonly UnknownToolCall[]; readonly problem: InputProblem };

function countNames(calls: readonly UnknownToolCall[]): string {
  const n = new Map<string, number>();
  for (const c of calls) n.set(c.tool, (n.get(c.tool) ?? 0) + 1);
  return [...n].map(([t, k]) => (k > 1 ? `${t} ×${k}` : t)).join(", ");
}

/**
 * Checks a run's agent tool calls against the domain's tools. A run of another domain (retail tool
 * names given with `--domain airline`) would otherwise be judged `no_writes`, since none of its
 * writes is a write of this domain: it is reported as a problem instead. A run that mixes in a few
 * unknown tools (an agent inventing a tool name, refused by the environment) is audited and the
 * calls listed; when such a call succeeded, the log may come from a version of the domain with tools
 * the audit does not know, and that is a problem too (those calls were not judged).
 */
export function domainFit(run: RecordedRun, domain: AuditDomain<any>): DomainFit {
  const known = domain.knownTools;
  if (!known) return { kind: "fits", unknown: [] };
  const generic = domain.genericTools ?? new Set<string>();
  const calls = run.messages.flatMap((m) => m.toolCalls).filter((c) => c.requestor === "assistant");
  const unknown: UnknownToolCall[] = calls
    .filter((c) => !known.has(c.name) && !generic.has(c.name))
    .map((c) => ({ index: c.index, tool: c.name, executed: c.result === undefined ? null : !c.result.error }));
  if (unknown.length === 0) return { kind: "fits", unknown };
  const specific = calls.filter((c) => known.has(c.name) && !generic.has(c.name)).length;
  if (specific === 0) {
    return {
      kind: "other_domain",
      unknown,
      problem: {
        file: run.file,
        at: run.id,
        message: `not audited: the run calls only tools unknown to domain ${domain.name} (${countNames(unknown)}), so it looks like a run of another domain and its writes cannot be told from its reads; audit it with the --domain its tools belong to`,
      },
    };
  }
  const succeeded = unknown.filter((c) => c.executed === true);
  return {
    kind: "partly",
    unknown,
    ...(succeeded.length > 0
      ? {
          problem: {
            file: run.file,
            at: run.id,
            message: `audited in part: tool calls unknown to domain ${domain.name} succeeded (${countNames(succeeded)} at #${succeeded.map((c) => c.index).join(", #")}); the log may come from another version of the domain, and these calls were not judged (if they are writes, they may be unconfirmed)`,
          },
        }
      : {}),
  };
}
