import { z } from "zod";
import { SessionStateError } from "../runtime/session-snapshot.js";
import type { PendingActionRecord } from "./grant.js";

/**
 * The confirmation policy's part of a session snapshot (`session.toJSON().extensions.confirmation`),
 * and its validation on restore. Every field but `pending`, `grants`, `consumed` and `userMessages`
 * was added later and is optional: a snapshot without it restores as before it existed.
 * @internal
 */

/** A grant whose call ran (single use). Kept for the whole session. */
export interface ConsumedGrant {
  readonly nonce: string;
  readonly tool: string;
  readonly argsHash: string;
  readonly actionId: string;
  readonly consumedAt: string;
}

/**
 * A grant the user took back before it was used: asked again about the same action, they did not
 * answer with a clear yes, or they refused the action it confirmed. Kept until the grant would
 * have expired (after that its token is refused as expired anyway).
 */
export interface WithdrawnGrant {
  readonly nonce: string;
  /** When the withdrawn grant would have expired (ISO-8601): the record can be dropped after it. */
  readonly expiresAt: string;
  readonly tool: string;
  readonly actionId: string;
}

/** Why the user's last answer to a still pending action was `unclear` (the wording of the refusal asks again with it). */
export interface UnclearAnswer {
  readonly actionId: string;
  readonly reason: string;
}

export interface UserMessage {
  readonly text: string;
  readonly at: string;
}

export interface ConfirmationSnapshot {
  readonly pending: PendingActionRecord[];
  /** Live grants, signed. */
  readonly grants: string[];
  readonly consumed: ConsumedGrant[];
  readonly userMessages: UserMessage[];
  /** The latest request round. Absent in snapshots from before rounds: then every action is round 0. */
  readonly round?: number;
  /** Whether the latest round is still open (no user message since it started). */
  readonly roundOpen?: boolean;
  /** Grants withdrawn and not yet expired. Absent in snapshots from before it was stored: none withdrawn. */
  readonly withdrawn?: WithdrawnGrant[];
  /** The reasons of `unclear` answers to actions still pending. Absent in older snapshots: none known. */
  readonly unclear?: UnclearAnswer[];
}

/** A grant's nonce as the policy makes them: 16 random bytes, lowercase hex. */
export const NONCE_PATTERN = /^[0-9a-f]{32}$/;

const isoTime = z.string().refine((s) => Number.isFinite(Date.parse(s)), { message: "is not an ISO-8601 time" });
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, { message: "is not a SHA-256 hex digest" });
const nonce = z.string().regex(NONCE_PATTERN, { message: "is not a grant nonce (32 lowercase hex digits)" });

// loose objects: a field a later version adds to a record is kept, not dropped
const pendingRecord = z.looseObject({
  id: z.string().min(1),
  tool: z.string().min(1),
  arguments: z.unknown(),
  description: z.string().optional(),
  argsHash: hex64,
  subjects: z.array(z.string()),
  createdAt: isoTime,
  status: z.enum(["pending", "confirmed", "denied", "superseded"]),
  round: z.number().int().nonnegative().optional(),
  callId: z.string().min(1).optional(),
  requestedAtSeq: z.number().int().nonnegative().optional(),
});

const fields = {
  pending: z.array(pendingRecord),
  grants: z.array(z.string()),
  consumed: z.array(z.looseObject({ nonce: z.string().min(1), tool: z.string().min(1), argsHash: hex64, actionId: z.string().min(1), consumedAt: isoTime })),
  userMessages: z.array(z.looseObject({ text: z.string(), at: isoTime })),
  round: z.number().int().nonnegative(),
  roundOpen: z.boolean(),
  withdrawn: z.array(z.looseObject({ nonce, expiresAt: isoTime, tool: z.string().min(1), actionId: z.string().min(1) })),
  unclear: z.array(z.looseObject({ actionId: z.string().min(1), reason: z.string() })),
} as const;

/** What each field is, for the error message. */
const MEANING: Record<keyof typeof fields, string> = {
  pending: "the actions asked about, with their status",
  grants: "the live grants, as signed tokens",
  consumed: "the grants whose call ran",
  userMessages: "the user's recent messages",
  round: "the latest request round",
  roundOpen: "whether the latest round is still open",
  withdrawn: "the grants the user withdrew before they were used",
  unclear: "why the user's last answer to a pending action was unclear",
};

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const k of path) v = typeof v === "object" && v !== null ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/**
 * Checks the stored confirmation state field by field, before anything is restored. A missing
 * optional field is what an older version wrote; a field present with the wrong shape is refused.
 * @throws SessionStateError naming the field, the bad value and the fix.
 */
export function parseConfirmationSnapshot(data: unknown): ConfirmationSnapshot {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new SessionStateError(
      `Stored confirmation state (extensions.confirmation) is not an object: ${shown(data)}. Fix: restore from session.toJSON() output, or from a backup.`,
    );
  }
  const d = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(fields) as [keyof typeof fields, z.ZodType][]) {
    const value = d[name];
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = [name, ...issue.path.map(String)].join(".");
      throw new SessionStateError(
        `Stored confirmation state: extensions.confirmation.${where} ${issue.path.length > 0 ? `= ${shown(at(value, issue.path))} ` : `= ${shown(value)} `}is invalid (${issue.message}); "${name}" holds ${MEANING[name]}. Nothing was restored. Fix: restore the session from an unedited session.toJSON() output or a backup${name === "pending" || name === "grants" || name === "consumed" ? "" : `, or remove "${name}" (an older snapshot without it restores${name === "withdrawn" ? " with no grant withdrawn: a withdrawn grant's token would then be accepted again until it expires" : ""})`}.`,
      );
    }
    out[name] = value;
  }
  return out as unknown as ConfirmationSnapshot;
}
