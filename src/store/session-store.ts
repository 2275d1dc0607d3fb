import { ConcordatError } from "../errors/concordat-error.js";
import type { SessionSnapshot, TraceEntry } from "../runtime/session-snapshot.js";
import type { RowSigner } from "./hmac-chain.js";

/**
 * What the guard recorded about one write call, by call id. An `intent` is written in the
 * same compare-and-set that validates the call and claims its grant; the outcome replaces
 * it after the tool ran. A call id that has an entry never executes again.
 */
export interface LedgerEntry {
  readonly callId: string;
  readonly tool: string;
  /** The arguments as the schema parsed them. */
  readonly arguments: unknown;
  /** SHA-256 of the canonical JSON of the arguments. */
  readonly argsHash: string;
  /** What each policy claimed for this call (e.g. the confirmation grant consumed), by policy key. */
  readonly claims: Readonly<Record<string, unknown>>;
  /**
   * `intent`: claimed, the tool may be running (or its process died);
   * `done`: the outcome is recorded; `unknown_outcome`: the tool failed in a way that
   * maps to no outcome; `reconciled_executed` / `reconciled_not_executed`: a reconcile hook
   * or an operator decided what happened.
   */
  readonly status: "intent" | "done" | "unknown_outcome" | "reconciled_executed" | "reconciled_not_executed";
  /** `${sessionId}:${callId}`: pass it to the target system so a reconcile hook can look the write up. */
  readonly idempotencyKey: string;
  readonly intentAt: string;
  /** Which process claimed it (host:pid:executor). */
  readonly owner: string;
  /** Identifies the host and process namespace of `owner` (whether its pid can be checked here). */
  readonly ownerHost?: string;
  readonly outcome?: string;
  readonly from?: string;
  readonly to?: string;
  readonly finishedAt?: string;
  readonly error?: string;
  /** Who resolved an unknown outcome (hook name or operator). */
  readonly resolvedBy?: string;
}

/** A call's result as recorded for retries: JSON, or a note saying why it was not kept. */
export interface RecordedResult {
  readonly ok: boolean;
  readonly value?: unknown;
  /** The tool's error as text (a failed call). */
  readonly error?: string;
  /** Why the value is not recorded (not JSON, or longer than `MAX_RECORDED_RESULT_CHARS`). */
  readonly omitted?: string;
}

/** The recorded result of one call and the stored version the call produced. */
export interface RecordedCall {
  readonly version: number;
  readonly result: RecordedResult;
}

/**
 * The recorded results of a head's unsealed calls, newest first: a list that successive states
 * share (recording one more never copies the others).
 */
export interface RecordedCalls extends RecordedCall {
  readonly callId: string;
  readonly prev: RecordedCalls | undefined;
}

/** The recorded result of `callId` in a results list. */
export function recordedCall(results: RecordedCalls | undefined, callId: string): RecordedCall | undefined {
  for (let r = results; r !== undefined; r = r.prev) if (r.callId === callId) return r;
  return undefined;
}

/**
 * A state with every member in one order (one object shape on the hot path: the engine keeps
 * its property accesses and JSON encoding fast).
 */
export function headState(
  session: SessionSnapshot,
  ledger: Readonly<Record<string, LedgerEntry>>,
  pending: string | undefined,
  results: RecordedCalls | undefined,
  log: LogPosition | undefined,
  creation: CreationRecord | undefined,
): StoredState {
  return { session, ledger, pending, results, log, creation };
}

/** Where a session's append-only log stands (kept in its head row, under its MAC). */
export interface LogPosition {
  /** Random per creation of the session id: chunks of an earlier session under the same id do not verify. */
  readonly incarnation: string;
  /** Calls (trace entries) sealed into chunks; the head holds the ones after. */
  readonly sealed: number;
  /** Chunks written. */
  readonly chunks: number;
}

/** How a session was created, for idempotent retries of the creation. */
export interface CreationRecord {
  /** A keyed hash of the creator's idempotency key (never the key itself). */
  readonly key?: string;
  readonly at: string;
  /** When the tokens issued at creation expire (ms since the epoch); a retry gets the same tokens. */
  readonly expiresAt?: number;
}

/** Everything stored for one session. */
export interface StoredState {
  /**
   * The session snapshot. On load its trace holds every call (sealed and unsealed); a writer may
   * pass any trace that still holds the unsealed calls (`log.sealed` onwards).
   */
  readonly session: SessionSnapshot;
  /** Write calls by call id that are not sealed into the log yet (every open one). */
  readonly ledger: Readonly<Record<string, LedgerEntry>>;
  /** Call id of the write whose outcome is not recorded yet, when there is one. */
  readonly pending?: string;
  /** Results of the unsealed calls, newest first (a retried call gets its recorded result). */
  readonly results?: RecordedCalls | undefined;
  /** Where the append-only log stands; set by the store on create. */
  readonly log?: LogPosition;
  readonly creation?: CreationRecord;
}

/** A stored row: the state and the store's version of it (compare-and-set key). */
export interface StoredSession {
  readonly id: string;
  /** Starts at 1 on create; every successful compare-and-set increments it. */
  readonly version: number;
  readonly state: StoredState;
}

/** When a head's unsealed calls are sealed into a log chunk. */
export interface SealPolicy {
  /** Calls. */
  readonly records: number;
  /** Characters of their recorded text (entries and results). */
  readonly chars: number;
}

/** A log chunk to write with a save (from the row encoder). */
export interface SealedChunk {
  /** Its index (0, 1, …): a second chunk with one index is a rollback. */
  readonly index: number;
  /** Seq of its first call. */
  readonly from: number;
  /** `{"from":<seq>,"calls":[…],"ledger":{…}}`. */
  readonly text: string;
}

/** The row text of a state as UTF-8, with its MAC and seal when the caller encoded it. */
export interface EncodedState {
  /**
   * UTF-8 text of the head row. The caller leaves this memory alone until the `compareAndSet`
   * promise settles, and may reuse it afterwards: a store copies what it keeps beyond that.
   */
  readonly bytes: Uint8Array;
  /** The state the head row holds (after a seal: without the sealed ledger entries and results). */
  readonly stored: StoredState;
  /** The row MAC at a version, from this store's `rowSigner`. Called before `compareAndSet` returns. */
  readonly mac?: (version: number) => string;
  /** The chunk to append in the same transaction, when this save seals. */
  readonly seal?: SealedChunk;
}

/** What a save must also do, atomically with the head. */
export interface SaveOptions {
  /** The head row, already encoded by the caller (`IncrementalRowEncoder`). */
  readonly encoded?: EncodedState;
  /**
   * Claims to record in the append-only claim table (`call:<id>`, `consumed:<policy>:<hash>`); one
   * that exists fails the save with `ClaimConflictError`.
   */
  readonly claims?: readonly string[] | undefined;
}

/** A recorded call found by id (in the head, or in a sealed chunk). */
export interface FoundCall {
  readonly entry?: TraceEntry;
  readonly recorded?: RecordedCall;
  readonly ledger?: LedgerEntry;
}

/**
 * Where sessions live between calls, shared by every process that serves them. A session is a
 * head row (the state, HMAC-signed) plus an append-only log of sealed calls and an append-only
 * table of claims (call ids and consumed grants); `load` refuses a modified row, and a head older
 * than its log or claims (a rollback), with `ProtocolViolation` code `state_tampered`.
 */
export interface SessionStore {
  /** "memory", "sqlite" or "postgres". */
  readonly kind: string;
  /** When unsealed calls are sealed into the log. */
  readonly sealPolicy?: SealPolicy;
  /** Stores a new session at version 1; throws `SessionExistsError` when the id is taken. */
  create(id: string, state: StoredState): Promise<StoredSession>;
  /** The head and every sealed call, verified, or undefined when there is none. */
  load(id: string): Promise<StoredSession | undefined>;
  /** Only the row's current version (a cheap freshness probe), or undefined when there is none. */
  version(id: string): Promise<number | undefined>;
  /**
   * Replaces the head only when its version is still `expectedVersion`, with the chunk and claims
   * of `options` in the same transaction; returns the new row (version + 1), or undefined when
   * another writer got there first (reload and retry). Throws `ClaimConflictError` when a claim
   * exists already.
   */
  compareAndSet(id: string, expectedVersion: number, state: StoredState, options?: SaveOptions): Promise<StoredSession | undefined>;
  /** A recorded call by id: in the head, or else in the sealed log (verified). */
  findCall(id: string, callId: string): Promise<FoundCall | undefined>;
  /** Optional: a signer for the head rows of session `id` (see `row-encoding.ts`). The executor uses it when present. */
  rowSigner?(id: string): RowSigner;
  /** Removes a session, its log and its claims; true when it existed. */
  delete(id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** `create` on an id that is already stored (code `session_exists`). */
export class SessionExistsError extends ConcordatError<"session_exists"> {
  constructor(readonly sessionId: string) {
    super("session_exists", `Session "${sessionId}" already exists in the store. Fix: load it, or create the new session with another id.`);
    this.name = "SessionExistsError";
  }
}

/** A save whose claim (a call id, a consumed grant) is already in the append-only claim table (code `claim_conflict`). */
export class ClaimConflictError extends ConcordatError<"claim_conflict"> {
  constructor(
    readonly sessionId: string,
    readonly claim: string,
  ) {
    super("claim_conflict", `Session "${sessionId}": "${claim}" is already claimed in the store's append-only claim table; nothing was saved.`);
    this.name = "ClaimConflictError";
  }
}

export type { RowSigner } from "./hmac-chain.js";

/** A row to write: `data` is JSON text, as a string or as UTF-8 bytes (valid until the write settles). */
export interface RowWrite {
  readonly version: number;
  readonly data: string | Uint8Array;
  readonly mac: string;
  readonly claims?: readonly string[] | undefined;
  readonly chunk?: RawChunk | undefined;
}

/** A raw row as the database holds it. */
export interface RawRow {
  readonly version: number;
  readonly data: string;
  readonly mac: string;
}

/** A raw log chunk as the database holds it. */
export interface RawChunk {
  readonly index: number;
  /** Seq of its first call. */
  readonly from: number;
  /** The head version that sealed it. */
  readonly version: number;
  readonly data: string;
  readonly mac: string;
}

/** A head row with what its append-only tables say about it. */
export interface RawHead extends RawRow {
  /** Highest chunk index, when there are chunks. */
  readonly maxChunk?: number | undefined;
  /** Highest version any claim was recorded at, when there are claims. */
  readonly maxClaimVersion?: number | undefined;
}

/** Row data as a string (UTF-8 bytes decoded). */
export function dataText(data: string | Uint8Array): string {
  return typeof data === "string" ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("utf8");
}

/** Options every signed store takes. */
export interface SignedStoreOptions {
  /**
   * HMAC-SHA256 key for stored rows (at least 16 bytes), from configuration — the same for
   * every process that shares the store, never stored with the data.
   */
  readonly secret: string | Uint8Array;
  /** When unsealed calls are sealed into the log. @default `{ records: 32, chars: 8192 }` */
  readonly sealPolicy?: SealPolicy;
}

/** Checks and normalizes the HMAC key. */
export function storeKey(secret: string | Uint8Array | undefined, who: string): Buffer {
  if (secret === undefined || secret === null || (typeof secret !== "string" && !(secret instanceof Uint8Array))) {
    throw new TypeError(`${who}: "secret" is required (an HMAC key of at least 16 bytes from your configuration, e.g. process.env.CONCORDAT_STORE_SECRET).`);
  }
  const key = typeof secret === "string" ? Buffer.from(secret, "utf8") : Buffer.from(secret);
  if (key.length < 16)
    throw new TypeError(`${who}: "secret" is ${key.length} bytes; it must be at least 16. Fix: use a long random value (e.g. \`openssl rand -hex 32\`).`);
  return key;
}
