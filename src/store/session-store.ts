import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { ChainedRowSigner, encodeAndSign, hmacPads, v2MacOfText, type HmacPads, type RowSigner } from "./row-encoding.js";
import type { SessionSnapshot } from "../runtime/session-snapshot.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import { ConcordatError } from "../errors/concordat-error.js";

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
  readonly outcome?: string;
  readonly from?: string;
  readonly to?: string;
  readonly finishedAt?: string;
  readonly error?: string;
  /** Who resolved an unknown outcome (hook name or operator). */
  readonly resolvedBy?: string;
}

/** Everything stored for one session: the session snapshot and the write ledger. */
export interface StoredState {
  readonly session: SessionSnapshot;
  /** Write calls by call id. */
  readonly ledger: Readonly<Record<string, LedgerEntry>>;
  /** Call id of the write whose outcome is not recorded yet, when there is one. */
  readonly pending?: string;
}

/** A stored row: the state and the store's version of it (compare-and-set key). */
export interface StoredSession {
  readonly id: string;
  /** Starts at 1 on create; every successful compare-and-set increments it. */
  readonly version: number;
  readonly state: StoredState;
}

/**
 * Where sessions live between calls, shared by every process that serves them. Rows carry an
 * HMAC; `load` refuses a modified row with `ProtocolViolation` code `state_tampered`.
 */
export interface SessionStore {
  /** "memory", "sqlite" or "postgres". */
  readonly kind: string;
  /** Stores a new session at version 1; throws `SessionExistsError` when the id is taken. */
  create(id: string, state: StoredState): Promise<StoredSession>;
  /** The row, verified, or undefined when there is none. */
  load(id: string): Promise<StoredSession | undefined>;
  /** Only the row's current version (a cheap freshness probe), or undefined when there is none. */
  version(id: string): Promise<number | undefined>;
  /**
   * Replaces the row only when its version is still `expectedVersion`; returns the new row
   * (version + 1), or undefined when another writer got there first (reload and retry).
   * `encoded`, when given with a `mac` from this store's `rowSigner`, is the row the caller
   * already built incrementally (stored as is; `JSON.parse` of its bytes must equal `state`);
   * without one the store encodes and signs `state` itself.
   */
  compareAndSet(id: string, expectedVersion: number, state: StoredState, encoded?: EncodedState): Promise<StoredSession | undefined>;
  /**
   * Optional: a signer for the rows of session `id` that chains trace entries as they are
   * appended, so a save hashes only the new entry and the rest of the state (see
   * `row-encoding.ts`). The executor uses it when present.
   */
  rowSigner?(id: string): RowSigner;
  /** Removes a session; true when it existed. */
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

/** The JSON text of a state as UTF-8, with its row MAC when the caller computed it incrementally. */
export interface EncodedState {
  /**
   * UTF-8 JSON text of the state (`JSON.parse` of it must equal the state). The caller leaves
   * this memory alone until the `compareAndSet` promise settles, and may reuse it afterwards: a
   * store copies what it keeps beyond that.
   */
  readonly bytes: Uint8Array;
  /**
   * The row MAC of `bytes` at a version, from this store's `rowSigner` (a wrong one only makes
   * the row fail verification on load). Called before `compareAndSet` returns.
   */
  readonly mac?: (version: number) => string;
}

/** A row to write: `data` is JSON text, as a string or as UTF-8 bytes (valid until the write settles). */
export interface RowWrite {
  readonly version: number;
  readonly data: string | Uint8Array;
  readonly mac: string;
}

/** Row data as a string (UTF-8 bytes decoded). */
export function dataText(data: string | Uint8Array): string {
  return typeof data === "string" ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("utf8");
}

export type { RowSigner } from "./row-encoding.js";

/** Options every signed store takes. */
export interface SignedStoreOptions {
  /**
   * HMAC-SHA256 key for stored rows (at least 16 bytes), from configuration — the same for
   * every process that shares the store, never stored with the data.
   */
  readonly secret: string | Uint8Array;
}

/** A raw row as the database holds it. */
export interface RawRow {
  readonly version: number;
  readonly data: string;
  readonly mac: string;
}

/** v1 rows (0.1): HMAC over (domain, id, version, SHA-256 of the text); still verified when loaded. */
const MAC_DOMAIN_V1 = "concordat.store.v1";

/** Checks and normalizes the HMAC key. */
export function storeKey(secret: string | Uint8Array | undefined, who: string): Buffer {
  if (secret === undefined || secret === null || (typeof secret !== "string" && !(secret instanceof Uint8Array))) {
    throw new TypeError(`${who}: "secret" is required (an HMAC key of at least 16 bytes from your configuration, e.g. process.env.CONCORDAT_STORE_SECRET).`);
  }
  const key = typeof secret === "string" ? Buffer.from(secret, "utf8") : Buffer.from(secret);
  if (key.length < 16) throw new TypeError(`${who}: "secret" is ${key.length} bytes; it must be at least 16. Fix: use a long random value (e.g. \`openssl rand -hex 32\`).`);
  return key;
}

/**
 * The shared part of every store: the row layout and MAC (`row-encoding.ts`), tamper
 * detection. Implementations only move raw rows.
 */
export abstract class SignedSessionStore implements SessionStore {
  abstract readonly kind: string;
  private readonly key: Buffer;
  private readonly pads: HmacPads;

  constructor(options: SignedStoreOptions, who: string) {
    this.key = storeKey(options?.secret, who);
    this.pads = hmacPads(this.key);
  }

  // (a synchronous driver returns plain values: the hot path then creates no extra promises)
  protected abstract insertRow(id: string, row: RawRow): boolean | Promise<boolean>;
  protected abstract selectRow(id: string): RawRow | undefined | Promise<RawRow | undefined>;
  protected abstract selectVersion(id: string): number | undefined | Promise<number | undefined>;
  protected abstract updateRow(id: string, expectedVersion: number, row: RowWrite): boolean | Promise<boolean>;
  abstract delete(id: string): Promise<boolean>;
  abstract close(): Promise<void>;

  /** The MAC rows written before v2 carry: HMAC-SHA256(key, domain ‖ id ‖ version ‖ SHA-256(data)). */
  private signV1(id: string, version: number, data: string): string {
    const digest = createHash("sha256").update(data, "utf8").digest();
    return createHmac("sha256", this.key).update(`${MAC_DOMAIN_V1}\u0000${id}\u0000${version}\u0000`).update(digest).digest("hex");
  }

  rowSigner(id: string): RowSigner {
    checkId(id);
    return new ChainedRowSigner(this.pads, id);
  }

  async create(id: string, state: StoredState): Promise<StoredSession> {
    checkId(id);
    const { text, mac } = encodeAndSign(this.pads, id, 1, state);
    const ok = await this.insertRow(id, { version: 1, data: text, mac });
    if (!ok) throw new SessionExistsError(id);
    return { id, version: 1, state };
  }

  async load(id: string): Promise<StoredSession | undefined> {
    checkId(id);
    const row = await this.selectRow(id);
    if (!row) return undefined;
    return { id, version: row.version, state: this.verify(id, row) };
  }

  version(id: string): Promise<number | undefined> {
    try {
      checkId(id);
      return Promise.resolve(this.selectVersion(id));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  compareAndSet(id: string, expectedVersion: number, state: StoredState, encoded?: EncodedState): Promise<StoredSession | undefined> {
    try {
      checkId(id);
      const version = expectedVersion + 1;
      let row: RowWrite;
      if (encoded?.mac) row = { version, data: encoded.bytes, mac: encoded.mac(version) };
      else {
        const { text, mac } = encodeAndSign(this.pads, id, version, state);
        row = { version, data: text, mac };
      }
      const ok = this.updateRow(id, expectedVersion, row);
      const saved = (won: boolean): StoredSession | undefined => (won ? { id, version, state } : undefined);
      return ok instanceof Promise ? ok.then(saved) : Promise.resolve(saved(ok));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** Parses a row and verifies its MAC (v2, or v1 for rows written by 0.1); a mismatch is `state_tampered`. */
  protected verify(id: string, row: RawRow): StoredState {
    const given = typeof row.mac === "string" && /^[0-9a-f]{64}$/.test(row.mac) ? Buffer.from(row.mac, "hex") : undefined;
    if (given === undefined) throw tampered(id, this.kind, "its HMAC is missing or malformed");
    let state: StoredState;
    try {
      state = JSON.parse(row.data) as StoredState;
    } catch {
      throw tampered(id, this.kind, "it is not valid JSON");
    }
    if (typeof state !== "object" || state === null || typeof state.session !== "object" || state.session === null || typeof state.ledger !== "object") {
      throw tampered(id, this.kind, "it is not a stored concordat session");
    }
    const matches = (mac: string | undefined) => mac !== undefined && timingSafeEqual(given, Buffer.from(mac, "hex"));
    if (!matches(v2MacOfText(this.pads, id, row.version, row.data, state)) && !matches(this.signV1(id, row.version, row.data))) {
      throw tampered(id, this.kind, "its HMAC does not match its contents");
    }
    return state;
  }
}

function checkId(id: string): void {
  if (typeof id !== "string" || id.length === 0 || id.length > 200) throw new TypeError(`Session id ${JSON.stringify(id)} is invalid: it must be a non-empty string of at most 200 characters.`);
}

/** The violation for a stored row whose HMAC does not verify. */
export function tampered(sessionId: string, kind: string, why: string): ProtocolViolation {
  return new ProtocolViolation({
    code: "state_tampered",
    message: `Stored session "${sessionId}" (${kind} store) was modified outside concordat: ${why}. Nothing was executed.`,
    sessionId,
    hint: "Restore the row from a backup or an audit log, or start a new session; check that every process uses the same store secret.",
  });
}
