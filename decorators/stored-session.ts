import { Session, type SessionOptions } from "../src/runtime/session.js";
import type { SessionStore, StoredState } from "../src/store/session-store.js";
import { SessionNotFoundError } from "../src/store/guarded-executor.js";
import { SessionConflictError } from "../src/store/session-conflict-error.js";
import { ProtocolViolation } from "../src/violation/protocol-violation.js";
import { attachSession, protocolOf, sessionOf } from "./instance-session.js";

interface Attachment {
  readonly store: SessionStore;
  readonly sessionId: string;
  version: number;
  state: StoredState;
}

const attachments = new WeakMap<object, Attachment>();

/**
 * Attaches a decorated instance to a session stored by id (resuming a conversation in another
 * process). The row is verified by the store (a modified row throws `state_tampered`) and
 * restored with the class's protocol; `saveAttachedSession` writes it back with
 * compare-and-set. For writes that must run exactly once across processes, route the calls
 * through `GuardedExecutor` instead.
 */
export async function attachStoredSession<T extends object>(instance: T, store: SessionStore, sessionId: string, options: SessionOptions = {}): Promise<T> {
  const protocol = protocolOf((instance as { constructor: Function }).constructor);
  if (!protocol)
    throw new TypeError(`attachStoredSession: ${(instance as object).constructor?.name ?? "the instance"} is not decorated with @enforce(protocol).`);
  const row = await store.load(sessionId);
  if (!row)
    throw new SessionNotFoundError(
      sessionId,
      `attachStoredSession: no session "${sessionId}" in the ${store.kind} store. Fix: create it first (GuardedExecutor.create or store.create), or check the id.`,
    );
  if (row.state.pending !== undefined) {
    throw new ProtocolViolation({
      code: "needs_reconciliation",
      message: `attachStoredSession: session "${sessionId}" has a write whose outcome is not recorded (call ${row.state.pending}); it needs reconciliation before anything else runs.`,
      protocol: protocol.name,
      sessionId,
      data: { pendingCallId: row.state.pending, pendingTool: row.state.ledger[row.state.pending]?.tool, status: row.state.ledger[row.state.pending]?.status },
      hint: `Have an operator or the reconcile hook record what that write did: GuardedExecutor.reconcile("${sessionId}", …).`,
    });
  }
  const session = Session.fromJSON(protocol, row.state.session, { ...options, id: sessionId });
  attachSession(instance, session);
  attachments.set(instance, { store, sessionId, version: row.version, state: row.state });
  return instance;
}

/**
 * Writes the attached session back to its store with compare-and-set on the version it was
 * loaded (or last saved) at. Returns the new version; throws when another process changed the
 * session in between (attach again and retry).
 */
export async function saveAttachedSession(instance: object): Promise<number> {
  const a = attachments.get(instance);
  if (!a) throw new TypeError(`saveAttachedSession: ${instance.constructor?.name ?? "the instance"} was not attached with attachStoredSession.`);
  const next: StoredState = { ...a.state, session: sessionOf(instance).toJSON() };
  const row = await a.store.compareAndSet(a.sessionId, a.version, next);
  if (!row) {
    throw new SessionConflictError(
      a.sessionId,
      `saveAttachedSession: session "${a.sessionId}" changed in the ${a.store.kind} store since version ${a.version} was loaded; nothing was saved. Fix: attach again (attachStoredSession) and redo the step.`,
    );
  }
  a.version = row.version;
  a.state = row.state;
  return row.version;
}
