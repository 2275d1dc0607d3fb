import { randomBytes, timingSafeEqual } from "node:crypto";
import { hmacHex, hmacPads, type HmacPads, type RowSigner } from "./hmac-chain.js";
import { v1Mac, v2Mac } from "./legacy-rows.js";
import { DEFAULT_SEAL_POLICY, flatRow, hasTrace, headMac, headSigner, isHeadLayout, IncrementalRowEncoder, stateOfHead } from "./row-encoding.js";
import {
  dataText,
  recordedCall,
  SessionExistsError,
  storeKey,
  type EncodedState,
  type FoundCall,
  type LedgerEntry,
  type RawChunk,
  type RawHead,
  type RawRow,
  type RecordedCall,
  type RowWrite,
  type SaveOptions,
  type SealPolicy,
  type SessionStore,
  type SignedStoreOptions,
  type StoredSession,
  type StoredState,
} from "./session-store.js";
import type { TraceEntry } from "../runtime/session-snapshot.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";

const CHUNK_DOMAIN = "concordat.log.v1";
/** Never seal when creating: a new row is written alone. */
const NO_SEAL: SealPolicy = { records: Number.POSITIVE_INFINITY, chars: Number.POSITIVE_INFINITY };

/** A parsed log chunk. */
interface ParsedChunk {
  readonly from: number;
  readonly calls: readonly { readonly e: TraceEntry; readonly r?: RecordedCall["result"]; readonly v?: number }[];
  readonly ledger: Readonly<Record<string, LedgerEntry>>;
}

/**
 * The shared part of every store: the head row layout and MAC (`row-encoding.ts`), the log
 * chunks and their MACs, tamper and rollback detection. Implementations only move raw rows:
 * a head table, an append-only chunk table and an append-only claim table, written together
 * in one transaction (one statement on PostgreSQL).
 */
export abstract class SignedSessionStore implements SessionStore {
  abstract readonly kind: string;
  readonly sealPolicy: SealPolicy;
  private readonly key: Buffer;
  private readonly pads: HmacPads;

  constructor(options: SignedStoreOptions, who: string) {
    this.key = storeKey(options?.secret, who);
    this.pads = hmacPads(this.key);
    const p = options.sealPolicy ?? DEFAULT_SEAL_POLICY;
    if (!(Number.isInteger(p.records) && p.records >= 1 && Number.isInteger(p.chars) && p.chars >= 1)) {
      throw new TypeError(`${who}: sealPolicy must be { records, chars } with positive integers; got ${JSON.stringify(p)}.`);
    }
    this.sealPolicy = p;
  }

  // (a synchronous driver returns plain values: the hot path then creates no extra promises)
  protected abstract insertRow(id: string, row: RawRow): boolean | Promise<boolean>;
  /** The head with the highest chunk index and claim version of the session. */
  protected abstract selectHead(id: string): RawHead | undefined | Promise<RawHead | undefined>;
  /** The chunks of the session from the one holding call `fromSeq` on (from the first when none does), in index order. */
  protected abstract selectChunks(id: string, fromSeq: number): RawChunk[] | Promise<RawChunk[]>;
  protected abstract selectVersion(id: string): number | undefined | Promise<number | undefined>;
  /**
   * The compare-and-set with its claims and chunk, atomically. False on a version mismatch;
   * throws `ClaimConflictError` when a claim exists (`chunk:<index>` when the chunk index does).
   */
  protected abstract updateRow(id: string, expectedVersion: number, row: RowWrite): boolean | Promise<boolean>;
  abstract delete(id: string): Promise<boolean>;
  abstract close(): Promise<void>;

  rowSigner(id: string): RowSigner {
    checkId(id);
    return headSigner(this.pads, id);
  }

  async create(id: string, state: StoredState): Promise<StoredSession> {
    checkId(id);
    const withLog: StoredState = state.log ? state : { ...state, log: { incarnation: randomBytes(8).toString("hex"), sealed: 0, chunks: 0 } };
    const enc = this.encode(id, withLog, NO_SEAL);
    const ok = await this.insertRow(id, { version: 1, data: dataText(enc.bytes), mac: enc.mac!(1) });
    if (!ok) throw new SessionExistsError(id);
    return { id, version: 1, state: enc.stored };
  }

  async load(id: string): Promise<StoredSession | undefined> {
    checkId(id);
    const head = await this.selectHead(id);
    if (!head) return undefined;
    const state = this.verify(id, head);
    const log = state.log!;
    if (head.maxChunk !== undefined && head.maxChunk !== null && head.maxChunk >= log.chunks) {
      throw rolledBack(id, this.kind, `its log holds chunk ${head.maxChunk}, but the head row (version ${head.version}) knows only ${log.chunks} chunks`);
    }
    if (head.maxClaimVersion !== undefined && head.maxClaimVersion !== null && head.maxClaimVersion > head.version) {
      throw rolledBack(id, this.kind, `a call id or grant was claimed at version ${head.maxClaimVersion}, but the head row is at version ${head.version}`);
    }
    if (!hasTrace(state)) return { id, version: head.version, state };
    // the session holds its trace from where its own retention dropped entries (`dropped.count`) on
    const from = (state.session as { dropped?: { count?: number } }).dropped?.count ?? 0;
    if (log.chunks === 0 || from >= log.sealed) return { id, version: head.version, state };
    const sealed: TraceEntry[] = [];
    for (const c of await this.verifiedChunks(id, log, from)) for (const call of c.calls) if (call.e.seq >= from) sealed.push(call.e);
    const trace = sealed.concat(state.session.trace);
    return { id, version: head.version, state: { ...state, session: { ...state.session, trace } } };
  }

  /**
   * Every call the session ever recorded, from its append-only log and head (verified), oldest
   * first: the full history a trimmed trace summarizes (check one with `verifyTraceHistory`).
   * @throws ProtocolViolation `state_tampered` when a chunk or the head does not verify.
   */
  async history(id: string): Promise<TraceEntry[] | undefined> {
    checkId(id);
    const head = await this.selectHead(id);
    if (!head) return undefined;
    const state = this.verify(id, head);
    const out: TraceEntry[] = [];
    if (state.log!.chunks > 0) for (const c of await this.verifiedChunks(id, state.log!, 0)) for (const call of c.calls) out.push(call.e);
    const sealed = state.log!.sealed;
    for (const e of state.session.trace) if (e.seq >= sealed) out.push(e);
    return out;
  }

  version(id: string): Promise<number | undefined> {
    try {
      checkId(id);
      return Promise.resolve(this.selectVersion(id));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  compareAndSet(id: string, expectedVersion: number, state: StoredState, options?: SaveOptions): Promise<StoredSession | undefined> {
    try {
      checkId(id);
      const version = expectedVersion + 1;
      const enc = options?.encoded?.mac ? options.encoded : this.encode(id, state, this.sealPolicy);
      const seal = enc.seal;
      const claims = options?.claims;
      const row: RowWrite = {
        version,
        data: enc.bytes,
        mac: enc.mac!(version),
        claims: claims !== undefined && claims.length > 0 ? claims : undefined,
        chunk: seal
          ? { index: seal.index, from: seal.from, version, data: seal.text, mac: this.chunkMac(id, enc.stored.log?.incarnation ?? "", seal.index, seal.text) }
          : undefined,
      };
      const ok = this.updateRow(id, expectedVersion, row);
      const saved = (won: boolean): StoredSession | undefined => (won ? { id, version, state: enc.stored } : undefined);
      return ok instanceof Promise ? ok.then(saved) : Promise.resolve(saved(ok));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  async findCall(id: string, callId: string): Promise<FoundCall | undefined> {
    checkId(id);
    const head = await this.selectHead(id);
    if (!head) return undefined;
    const state = this.verify(id, head);
    const inHead = findInHead(state, callId);
    if (inHead) return inHead;
    const log = state.log!;
    if (log.chunks === 0) return undefined;
    const chunks = await this.verifiedChunks(id, log, 0);
    for (let i = chunks.length - 1; i >= 0; i--) {
      const c = chunks[i]!;
      const ledger = c.ledger[callId];
      const call = c.calls.find((x) => x.e.callId === callId);
      if (call || ledger) {
        return {
          ...(call ? { entry: call.e } : {}),
          ...(call?.r !== undefined ? { recorded: { version: call.v ?? 0, result: call.r } } : {}),
          ...(ledger ? { ledger } : {}),
        };
      }
    }
    return undefined;
  }

  /** The head row (and seal) of a state, encoded from scratch. */
  private encode(id: string, state: StoredState, policy: SealPolicy): EncodedState {
    if (!hasTrace(state)) {
      const { text } = flatRow(this.pads, id, 0, state);
      return { bytes: Buffer.from(text, "utf8"), stored: state, mac: (v) => flatRow(this.pads, id, v, state).mac };
    }
    return new IncrementalRowEncoder(headSigner(this.pads, id), policy).encode(state);
  }

  private chunkMac(id: string, incarnation: string, index: number, text: string): string {
    return hmacHex(this.pads, `${CHUNK_DOMAIN}\u0000${id.length}:${id}\u0000${incarnation}\u0000${index}\u0000`, text);
  }

  /**
   * The chunks of a session from the one holding call `fromSeq` on, verified: each chunk's MAC,
   * consecutive indexes ending with the last one the head records, calls contiguous up to the
   * first call the head holds.
   */
  private async verifiedChunks(
    id: string,
    log: { readonly incarnation: string; readonly sealed: number; readonly chunks: number },
    fromSeq: number,
  ): Promise<ParsedChunk[]> {
    const raw = await this.selectChunks(id, fromSeq);
    const first = log.chunks - raw.length;
    if (raw.length === 0 || raw[raw.length - 1]!.index !== log.chunks - 1)
      throw tampered(id, this.kind, `its log does not end with chunk ${log.chunks - 1}, the last one the head row records`);
    const out: ParsedChunk[] = [];
    let next: number | undefined;
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i]!;
      if (c.index !== first + i) throw tampered(id, this.kind, `log chunk ${first + i} is missing`);
      if (!macEquals(c.mac, this.chunkMac(id, log.incarnation, c.index, c.data)))
        throw tampered(id, this.kind, `the HMAC of log chunk ${c.index} does not match its contents`);
      let parsed: ParsedChunk;
      try {
        parsed = JSON.parse(c.data) as ParsedChunk;
      } catch {
        throw tampered(id, this.kind, `log chunk ${c.index} is not valid JSON`);
      }
      if (!Array.isArray(parsed.calls) || (next !== undefined && parsed.from !== next) || (i === 0 && first > 0 && parsed.from > fromSeq)) {
        throw tampered(id, this.kind, `log chunk ${c.index} does not continue where the chunk before it stopped`);
      }
      next = parsed.from + parsed.calls.length;
      out.push(parsed);
    }
    if (next !== log.sealed) throw tampered(id, this.kind, `its log holds calls up to ${next}, where the head row records ${log.sealed}`);
    return out;
  }

  /** Parses a head row and verifies its MAC (v3, or v2 / v1 for rows of earlier releases); a mismatch is `state_tampered`. */
  protected verify(id: string, row: RawRow): StoredState {
    if (typeof row.mac !== "string" || !/^[0-9a-f]{64}$/.test(row.mac)) throw tampered(id, this.kind, "its HMAC is missing or malformed");
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.data);
    } catch {
      throw tampered(id, this.kind, "it is not valid JSON");
    }
    if (
      typeof parsed !== "object" ||
      parsed === null ||
      typeof (parsed as { session?: unknown }).session !== "object" ||
      (parsed as { session?: unknown }).session === null
    ) {
      throw tampered(id, this.kind, "it is not a stored concordat session");
    }
    const v3 = headMac(this.pads, id, row.version, row.data, parsed);
    let state: StoredState;
    if (v3 !== undefined && macEquals(row.mac, v3)) {
      state = isHeadLayout(parsed) ? stateOfHead(parsed) : (parsed as StoredState);
    } else if (macEquals(row.mac, v2Mac(this.pads, id, row.version, row.data, parsed)) || macEquals(row.mac, v1Mac(this.key, id, row.version, row.data))) {
      state = parsed as StoredState;
    } else {
      throw tampered(id, this.kind, "its HMAC does not match its contents");
    }
    if (typeof state.ledger !== "object" || state.ledger === null) throw tampered(id, this.kind, "it is not a stored concordat session");
    // rows of earlier releases have no log: everything is in the head
    return state.log ? state : { ...state, log: { incarnation: `legacy-${row.mac.slice(0, 16)}`, sealed: 0, chunks: 0 } };
  }
}

/**
 * A call recorded in a head state: its trace entry, result, ledger entry. With `callIds` (the
 * call ids of the state's unsealed calls, from the row encoder that wrote it), an id that is not
 * among them and has no ledger entry is answered without scanning the head.
 */
export function findInHead(state: StoredState, callId: string, callIds?: ReadonlySet<string>): FoundCall | undefined {
  const ledger = state.ledger[callId];
  if (callIds !== undefined && ledger === undefined && !callIds.has(callId)) return undefined;
  const recorded = recordedCall(state.results, callId);
  const trace = state.session.trace;
  let entry: TraceEntry | undefined;
  const sealed = state.log?.sealed ?? 0;
  for (let i = trace.length - 1; i >= 0 && (trace[i]!.seq ?? sealed) >= sealed; i--) {
    if (trace[i]!.callId === callId) {
      entry = trace[i];
      break;
    }
  }
  if (!ledger && !recorded && !entry) return undefined;
  return { ...(entry ? { entry } : {}), ...(recorded ? { recorded } : {}), ...(ledger ? { ledger } : {}) };
}

function macEquals(given: string, expected: string | undefined): boolean {
  if (expected === undefined || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"));
}

function checkId(id: string): void {
  if (typeof id !== "string" || id.length === 0 || id.length > 200)
    throw new TypeError(`Session id ${JSON.stringify(id)} is invalid: it must be a non-empty string of at most 200 characters.`);
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

/** The violation for a head row older than its append-only log or claims. */
function rolledBack(sessionId: string, kind: string, why: string): ProtocolViolation {
  return new ProtocolViolation({
    code: "state_tampered",
    message: `Stored session "${sessionId}" (${kind} store) was rolled back: ${why}. An older head row was written back; nothing was executed.`,
    sessionId,
    data: { rollback: true },
    hint: "Restore the latest head row from a backup; a call id or grant consumed once is never consumed again. If the session was deleted outside concordat and created again, use a new id.",
  });
}
