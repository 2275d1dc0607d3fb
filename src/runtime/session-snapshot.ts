import { z } from "zod";
import type { DroppedTrace, TraceEntry } from "./session-trace.js";
import { ConcordatError } from "../errors/concordat-error.js";

export type { DroppedTrace, TraceEntry } from "./session-trace.js";

const SESSION_STATUS = z.enum(["active", "ended", "needs_reconciliation"]);

const traceEntryV2 = z.object({
  seq: z.number().int().nonnegative(),
  callId: z.string().optional(),
  tool: z.string(),
  arguments: z.unknown().optional(),
  outcome: z.string(),
  from: z.string(),
  to: z.string(),
  at: z.number().finite(),
});

const droppedTraceV2 = z.object({
  count: z.number().int().positive(),
  digest: z.string(),
  lastTo: z.string(),
  firstAt: z.number().finite(),
  lastAt: z.number().finite(),
  tools: z.record(z.string(), z.number().int().nonnegative()),
});

const common = {
  format: z.literal("concordat.session"),
  id: z.string().min(1),
  protocol: z.string().min(1),
  state: z.string(),
  status: SESSION_STATUS,
  context: z.unknown().optional(),
  version: z.number().int().nonnegative(),
  extensions: z.record(z.string(), z.unknown()),
};

/** Format 4 (written since chain 3): format 3, and the dropped-prefix summary's chain may be 3. */
export const sessionSnapshotSchema = z.object({
  ...common,
  formatVersion: z.literal(4),
  trace: z.array(traceEntryV2),
  dropped: droppedTraceV2.extend({ chain: z.union([z.literal(1), z.literal(2), z.literal(3)]) }).optional(),
});

/** Format 3 (still read): format 2, and the dropped-prefix summary names its chain encoding (1 or 2). */
const sessionSnapshotV3Schema = sessionSnapshotSchema.extend({
  formatVersion: z.literal(3),
  dropped: droppedTraceV2.extend({ chain: z.union([z.literal(1), z.literal(2)]) }).optional(),
});

/** Format 2 (still read): `at` in ms since the epoch, an optional dropped-prefix summary whose chain is chain 1. */
const sessionSnapshotV2Schema = z.object({ ...common, formatVersion: z.literal(2), trace: z.array(traceEntryV2), dropped: droppedTraceV2.optional() });

/** Format 1 (still read): the whole trace, `at` as an ISO 8601 string. */
const sessionSnapshotV1Schema = z.object({
  ...common,
  formatVersion: z.literal(1),
  trace: z.array(traceEntryV2.extend({ at: z.string().refine((s) => Number.isFinite(Date.parse(s)), { message: "not an ISO 8601 time" }) })),
});

/**
 * `session.toJSON()`: versioned JSON of everything a session knows (format 4). `trace` holds the
 * entries kept in full; `dropped` summarizes the older ones (absent when none were dropped).
 */
export interface SessionSnapshot {
  readonly format: "concordat.session";
  readonly formatVersion: 4;
  readonly id: string;
  readonly protocol: string;
  readonly state: string;
  readonly status: "active" | "ended" | "needs_reconciliation";
  readonly context?: unknown;
  trace: TraceEntry[];
  readonly dropped?: DroppedTrace;
  readonly version: number;
  readonly extensions: Record<string, unknown>;
}

const BRAND = Symbol.for("concordat.SessionStateError");

/** Stored session data that cannot be restored (malformed, wrong protocol, unknown state): code `invalid_session_state`. */
export class SessionStateError extends ConcordatError<"invalid_session_state"> {
  constructor(message: string) {
    super("invalid_session_state", message);
    this.name = "SessionStateError";
    Object.defineProperty(this, BRAND, { value: true });
  }
  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
  }
}

const issuesText = (error: z.ZodError) => error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");

/**
 * Parses a session snapshot (an object or its JSON text), format 4 or an older one (format 3:
 * its chain is 1 or 2, which the restored session goes on with; format 2:
 * its dropped-trace digest is chain 1; format 1: its ISO times become numbers); throws
 * `SessionStateError` listing every problem.
 */
export function parseSessionSnapshot(data: unknown): SessionSnapshot {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch (e) {
      throw new SessionStateError(`Stored session is not valid JSON (${(e as Error).message}). Fix: restore from a backup or start a new session.`);
    }
  }
  const version = (value as { formatVersion?: unknown } | null | undefined)?.formatVersion;
  if (version === 1) {
    const v1 = sessionSnapshotV1Schema.safeParse(value);
    if (!v1.success)
      throw new SessionStateError(`Stored session (format 1) is malformed: ${issuesText(v1.error)}. Fix: it must be the output of session.toJSON().`);
    const { trace, formatVersion: _v, ...rest } = v1.data;
    return { ...rest, formatVersion: 4, trace: trace.map((e) => ({ ...e, at: Date.parse(e.at) })) } as SessionSnapshot;
  }
  if (version === 2) {
    const v2 = sessionSnapshotV2Schema.safeParse(value);
    if (!v2.success)
      throw new SessionStateError(`Stored session (format 2) is malformed: ${issuesText(v2.error)}. Fix: it must be the output of session.toJSON().`);
    const { dropped, formatVersion: _v, ...rest } = v2.data;
    return { ...rest, formatVersion: 4, ...(dropped ? { dropped: { ...dropped, chain: 1 } } : {}) } as SessionSnapshot;
  }
  if (version === 3) {
    const v3 = sessionSnapshotV3Schema.safeParse(value);
    if (!v3.success)
      throw new SessionStateError(`Stored session (format 3) is malformed: ${issuesText(v3.error)}. Fix: it must be the output of session.toJSON().`);
    return { ...v3.data, formatVersion: 4 } as SessionSnapshot;
  }
  const parsed = sessionSnapshotSchema.safeParse(value);
  if (!parsed.success) {
    throw new SessionStateError(
      `Stored session is malformed: ${issuesText(parsed.error)}. Fix: it must be the output of session.toJSON() (format "concordat.session", formatVersion 4, or 3, 2 or 1 from older versions).`,
    );
  }
  return parsed.data as SessionSnapshot;
}
