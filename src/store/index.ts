/**
 * `concordat/store`: persistent sessions and the exactly-once executor. Node.js only (uses
 * `node:crypto` and Buffers; needs `@types/node` for its types). The SQLite store is
 * `concordat/sqlite` (optional peer `better-sqlite3`), PostgreSQL is `concordat/postgres`
 * (optional peer `pg`).
 * @module
 */
export {
  SessionExistsError,
  ClaimConflictError,
  type SessionStore,
  type StoredSession,
  type StoredState,
  type LedgerEntry,
  type EncodedState,
  type RawRow,
  type RawChunk,
  type RowWrite,
  type RowSigner,
  type SignedStoreOptions,
  type SaveOptions,
  type RecordedCall,
  type RecordedResult,
  type LogPosition,
  type SealPolicy,
  type SealedChunk,
  type FoundCall,
  type CreationRecord,
} from "./session-store.js";
export { SignedSessionStore } from "./signed-session-store.js";
export { MemorySessionStore } from "./memory-store.js";
export { SessionConflictError } from "./session-conflict-error.js";
export { openSessionStore, type OpenSessionStoreOptions } from "./open-session-store.js";
export {
  GuardedExecutor,
  SessionNotFoundError,
  StoreContentionError,
  StoreUnavailableError,
  OutcomeNotRecordedError,
  type GuardedExecutorOptions,
  type CreateOptions,
  type GuardedExecution,
  type GuardedToolContext,
  type GuardedToolImpl,
  type ReconcileHook,
  type ReconcileResolution,
  type ReconcileReport,
  type LoadedSession,
} from "./guarded-executor.js";
export { MissingDependencyError } from "../util/optional-dependency.js";
export { attachStoredSession, saveAttachedSession } from "../../decorators/stored-session.js";
