import { z } from "zod";

/**
 * The user's consent to one exact action: this session, this tool, these canonical arguments.
 * Single-use and expiring. Signed with HMAC-SHA256 (`signGrant`) whenever it leaves memory.
 */
export interface Grant {
  /** Format version of the record. */
  readonly v: 1;
  readonly sessionId: string;
  readonly tool: string;
  /** `canonicalHash(arguments)`: sha256 hex of the canonical JSON of the confirmed arguments. */
  readonly argsHash: string;
  /** The confirmed arguments (parsed by the tool's schema), for diffs against an attempted call. */
  readonly arguments: unknown;
  /** Ids of the things the action changes (values of the tool's `subjects` fields), for the stale check. */
  readonly subjects: readonly string[];
  /** ISO-8601 time of issue. */
  readonly issuedAt: string;
  /** ISO-8601 time after which the grant is void. */
  readonly expiresAt: string;
  /** Number of calls in the session's trace when the grant was issued: writes at or after it can make it stale. */
  readonly issuedAtSeq: number;
  /** Random, unique per grant: what single use is keyed on. */
  readonly nonce: string;
  /** The pending action it confirms. */
  readonly actionId: string;
  /** How the consent was obtained. */
  readonly via: "structured" | "reply" | "prior_consent";
}

export const grantSchema = z
  .object({
    v: z.literal(1),
    sessionId: z.string().min(1),
    tool: z.string().min(1),
    argsHash: z.string().regex(/^[0-9a-f]{64}$/),
    arguments: z.unknown(),
    subjects: z.array(z.string()),
    issuedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    issuedAtSeq: z.number().int().nonnegative(),
    nonce: z.string().min(16),
    actionId: z.string().min(1),
    via: z.enum(["structured", "reply", "prior_consent"]),
  })
  .strict();

/** An action the agent described to the user and that waits for a yes or no. */
export interface PendingActionRecord {
  readonly id: string;
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly description?: string;
  readonly argsHash: string;
  readonly subjects: readonly string[];
  readonly createdAt: string;
  /**
   * `superseded`: a later request replaced it before the user answered (a request of a later
   * round, or one for the same tool in the same round).
   */
  readonly status: "pending" | "confirmed" | "denied" | "superseded";
  /** The request round (agent message) it was asked in. Absent in records from before rounds (round 0). */
  readonly round?: number;
  /** The tool call it was asked for (`RequestOptions.callId`): its grant authorizes that call only. */
  readonly callId?: string;
  /**
   * Number of calls in the session's trace when it was asked: a write to one of its subjects from
   * then on makes a yes to it stale. Absent in records from before it was kept (then: when the yes came).
   */
  readonly requestedAtSeq?: number;
}

/**
 * The subject ids of a call: for each field the tool declares in `subjects`, its value
 * (strings as they are, other values as canonical JSON). Missing fields are skipped.
 */
export function subjectsOf(subjectFields: readonly string[] | undefined, args: unknown): string[] {
  if (!subjectFields || typeof args !== "object" || args === null) return [];
  const out: string[] = [];
  for (const f of subjectFields) {
    const v = (args as Record<string, unknown>)[f];
    if (v === undefined || v === null) continue;
    out.push(typeof v === "string" ? v : JSON.stringify(v));
  }
  return out;
}
