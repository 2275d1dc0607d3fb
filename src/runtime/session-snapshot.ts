import { z } from "zod";

/** One executed call, as the trace records it. */
export interface TraceEntry {
  readonly seq: number;
  readonly callId?: string;
  readonly tool: string;
  readonly arguments: unknown;
  readonly outcome: string;
  readonly from: string;
  readonly to: string;
  readonly at: string;
}

const traceEntry = z.object({
  seq: z.number().int().nonnegative(),
  callId: z.string().optional(),
  tool: z.string(),
  arguments: z.unknown().optional(),
  outcome: z.string(),
  from: z.string(),
  to: z.string(),
  at: z.string(),
});

export const sessionSnapshotSchema = z.object({
  format: z.literal("concordat.session"),
  formatVersion: z.literal(1),
  id: z.string().min(1),
  protocol: z.string().min(1),
  state: z.string(),
  status: z.enum(["active", "ended", "needs_reconciliation"]),
  context: z.unknown().optional(),
  trace: z.array(traceEntry),
  version: z.number().int().nonnegative(),
  extensions: z.record(z.string(), z.unknown()),
});

export type SessionSnapshot = z.infer<typeof sessionSnapshotSchema> & { trace: TraceEntry[] };

const BRAND = Symbol.for("concordat.SessionStateError");

/** Stored session data that cannot be restored (malformed, wrong protocol, unknown state). */
export class SessionStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SessionStateError";
    Object.defineProperty(this, BRAND, { value: true });
  }
  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** Parses a session snapshot (an object or its JSON text); throws `SessionStateError` listing every problem. */
export function parseSessionSnapshot(data: unknown): SessionSnapshot {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch (e) {
      throw new SessionStateError(`Stored session is not valid JSON (${(e as Error).message}). Fix: restore from a backup or start a new session.`);
    }
  }
  const parsed = sessionSnapshotSchema.safeParse(value);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
    throw new SessionStateError(`Stored session is malformed: ${where}. Fix: it must be the output of session.toJSON() (format "concordat.session", formatVersion 1).`);
  }
  return parsed.data as SessionSnapshot;
}
