import { readFileSync, readlinkSync } from "node:fs";
import { hostname } from "node:os";
import { canonicalHash } from "../confirmation/canonical-json.js";
import type { Protocol, ValidatedCall } from "../protocol/protocol.js";
import type { ToolCall, ToolResult } from "../protocol/types.js";
import type { ExecutionRecord, Session } from "../runtime/session.js";
import type { SessionPolicy } from "../runtime/session-policy.js";
import { describe } from "./guard-errors.js";
import type { LedgerEntry, RecordedResult } from "./session-store.js";

/**
 * The write ledger: what the guard records about a write before and after it runs, what each
 * policy claimed for it (and the append-only claim keys that make those claims rollback-proof),
 * and whether the process that claimed an unfinished write is still alive.
 * @internal
 */

/** The state of every serializable policy of a session, as JSON text, by policy key. */
export function policyStates(session: Session<any>): Map<string, string> {
  const out = new Map<string, string>();
  for (const key of Object.keys(session.toJSON().extensions)) {
    const p = session.policy(key);
    if (p?.serialize) out.set(key, JSON.stringify(p.serialize() ?? null));
  }
  return out;
}

/**
 * What each policy claimed for a write: the policy's own description when it has a
 * `claimed(session, call)` method; the entries it added to a `consumed` list (the confirmation
 * policy's consumed grants); else the hash of its new state.
 */
export function claimsOf(session: Session<any>, before: Map<string, string>, call: ValidatedCall): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [key, was] of before) {
    const p = session.policy(key) as (SessionPolicy & { claimed?: (s: Session<any>, c: ValidatedCall) => unknown }) | undefined;
    if (!p?.serialize) continue;
    const nowState = p.serialize() ?? null;
    const now = JSON.stringify(nowState);
    if (now === was) continue;
    if (typeof p.claimed === "function") {
      claims[key] = p.claimed(session, call);
      continue;
    }
    const consumedBefore = (JSON.parse(was) as { consumed?: unknown } | null)?.consumed;
    const consumedNow = (nowState as { consumed?: unknown }).consumed;
    if (Array.isArray(consumedBefore) && Array.isArray(consumedNow)) {
      const had = new Set(consumedBefore.map((c) => JSON.stringify(c)));
      claims[key] = { consumed: consumedNow.filter((c) => !had.has(JSON.stringify(c))) };
    } else {
      claims[key] = { stateHash: canonicalHash(JSON.parse(now)) };
    }
  }
  return claims;
}

/**
 * The append-only claim keys of a write: its call id, and one per thing a policy consumed (a
 * grant by its nonce; else by the hash of what was claimed). Recorded with the intent, they make
 * a second consumption fail in the store even after the head row was rolled back.
 */
export function claimKeys(callId: string, claims: Readonly<Record<string, unknown>>): string[] {
  const keys = [`call:${callId}`];
  for (const [policy, claim] of Object.entries(claims)) {
    const consumed = (claim as { consumed?: unknown } | null)?.consumed;
    if (Array.isArray(consumed)) {
      for (const item of consumed) keys.push(`consumed:${policy}:${identity(item)}`);
    } else if (claim !== null && claim !== undefined && (claim as { stateHash?: unknown }).stateHash === undefined) {
      keys.push(`consumed:${policy}:${identity(claim)}`);
    }
  }
  return keys;
}

/**
 * The append-only claim keys of a change made outside a call (`GuardedExecutor.update`): one per
 * grant a policy withdrew in it (its `withdrawn` list grew, e.g. the user took back a yes).
 * Recorded with the change, they make a head row from before the withdrawal, written back, fail
 * to load in every process (a claim newer than the head: rolled back), so the grant cannot come back.
 */
export function withdrawalKeys(session: Session<any>, before: Map<string, string>): string[] {
  const keys: string[] = [];
  const nonces = (state: unknown): string[] => {
    const list = (state as { withdrawn?: unknown } | null)?.withdrawn;
    return Array.isArray(list) ? list.map((w) => (w as { nonce?: unknown } | null)?.nonce).filter((n): n is string => typeof n === "string") : [];
  };
  for (const [key, was] of before) {
    const p = session.policy(key);
    if (!p?.serialize) continue;
    const had = new Set(nonces(JSON.parse(was)));
    for (const nonce of nonces(p.serialize())) if (!had.has(nonce)) keys.push(`withdrawn:${key}:nonce:${nonce}`);
  }
  return keys;
}

function identity(item: unknown): string {
  const o = item as { nonce?: unknown; id?: unknown; grantId?: unknown } | null;
  if (typeof o?.nonce === "string") return `nonce:${o.nonce}`;
  if (typeof o?.grantId === "string") return `id:${o.grantId}`;
  if (typeof o?.id === "string") return `id:${o.id}`;
  return `hash:${canonicalHash(item ?? null)}`;
}

/** The intent of a write, recorded before it runs. */
export function newIntent(sessionId: string, validated: ValidatedCall, claims: Record<string, unknown>, owner: string, at: Date): LedgerEntry {
  const callId = validated.id as string;
  return {
    callId,
    tool: validated.name,
    arguments: validated.arguments,
    argsHash: canonicalHash(validated.arguments ?? null),
    claims,
    status: "intent",
    idempotencyKey: `${sessionId}:${callId}`,
    intentAt: at.toISOString(),
    owner,
    ownerHost: HOST_ID,
  };
}

/** The ledger entry of a write whose outcome is known (`record`) or not (`failure`). */
export function finishedEntry(intent: LedgerEntry, record: ExecutionRecord | undefined, failure: unknown, at: Date): LedgerEntry {
  return record
    ? { ...intent, status: "done", outcome: record.outcome, from: record.from, to: record.to, finishedAt: at.toISOString() }
    : { ...intent, status: "unknown_outcome", error: describe(failure), finishedAt: at.toISOString() };
}

/** A tool result as recorded for retries (an error becomes its text). */
export function recordedResult(result: ToolResult): RecordedResult {
  return result.ok ? { ok: true, value: result.value } : { ok: false, error: errorText(result.error) };
}

/** The tool result a recorded one stands for. */
export function resultOfRecord(r: RecordedResult): ToolResult {
  return r.ok ? { ok: true, value: r.value } : { ok: false, error: r.error };
}

/** The validated call a ledger entry stands for (to apply a reconciled outcome). */
export function revalidated(protocol: Protocol<any, any, any>, intent: LedgerEntry): ValidatedCall {
  const spec = protocol.tools[intent.tool];
  if (!spec)
    throw new Error(
      `Pending write "${intent.tool}" (call ${intent.callId}) is not a tool of protocol "${protocol.name}". Fix: reconcile with the protocol version that created it.`,
    );
  return { id: intent.callId, name: intent.tool, arguments: intent.arguments, spec };
}

/** True when a retried call is the same call as the recorded one (same tool, same parsed arguments). */
export function sameCall(protocol: Protocol<any, any, any>, call: ToolCall, tool: string, args: unknown): boolean {
  if (call.name !== tool) return false;
  const spec = protocol.tools[tool] as { input?: { safeParse(v: unknown): { success: boolean; data?: unknown } } } | undefined;
  const parsed = spec?.input?.safeParse(call.arguments ?? {});
  const given = parsed?.success ? parsed.data : call.arguments;
  return canonicalHash(given ?? null) === canonicalHash(args ?? null);
}

/**
 * This host and process namespace (and boot): an owner recorded with the same value runs where
 * its pid can be checked with `kill(pid, 0)`.
 */
export const HOST_ID = hostIdentity();

function hostIdentity(): string {
  const read = (f: () => string) => {
    try {
      return f().trim();
    } catch {
      return "";
    }
  };
  return `${hostname()}/${read(() => readlinkSync("/proc/self/ns/pid"))}/${read(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8"))}`;
}

/**
 * Whether the process that claimed an unfinished write is known to be gone: it ran on this host
 * (same pid namespace and boot) and its pid no longer exists. `false` means unknown (another host,
 * or alive): wait for the lease.
 */
export function ownerGone(entry: LedgerEntry): boolean {
  if (entry.ownerHost === undefined || entry.ownerHost !== HOST_ID) return false;
  const parts = entry.owner.split(":");
  const pid = Number(parts[parts.length - 2]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false; // this process: its executors know what they run
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as { code?: string }).code === "ESRCH";
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : typeof e === "string" ? e : (JSON.stringify(e) ?? String(e));
}
