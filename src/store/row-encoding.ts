import { chainSeed, ChainedRowSigner, type HmacPads, type RowSigner } from "./hmac-chain.js";
import {
  headState,
  recordedCall,
  type EncodedState,
  type LedgerEntry,
  type LogPosition,
  type RecordedCall,
  type RecordedCalls,
  type SealPolicy,
  type StoredState,
} from "./session-store.js";
import type { TraceEntry } from "../runtime/session-snapshot.js";
import { entryText, sessionText } from "./row-text.js";

/**
 * How a stored session's head row is laid out and signed (format v3), and how its recorded
 * calls are sealed into the append-only log.
 *
 * Head text: `{"calls":[R0,R1,…],"session":{…the session without its trace…},…the rest of the
 * state (ledger, pending, log position, creation)}` where `Ri` is one recorded call not yet
 * sealed: `{"e":<trace entry>}` or `{"e":<trace entry>,"r":<result>,"v":<version>}` (the result
 * the call returned, kept so a retry gets it back). Calls only accumulate, so a writer keeps the
 * text up to the last record and only appends; the rest ("tail", from the `]` on) is written anew
 * each save.
 *
 * MAC: HMAC-SHA256(key, "concordat.store.v3" \0 len(id):id \0 ‖ D ‖ tail ‖ \0 version), where D
 * chains the records: D0 = SHA-256("concordat.calls.v3" \0 `{"calls":[`), D(i+1) = SHA-256(Di ‖ Si)
 * with Si = Ri preceded by "," for i > 0. A save hashes one new record and the tail. A verifier
 * re-derives each Ri from the parsed row and checks it is the row's exact text, so every byte is
 * covered. A state without a trace array (not a session snapshot) is stored as plain JSON,
 * signed from a distinct chain value with the whole text as the tail.
 *
 * Sealing: once the head holds `SealPolicy.records` + `KEEP_RECENT` records, or `SealPolicy.chars`
 * characters of them, the save that crosses the line moves all but the newest (up to
 * `KEEP_RECENT`, within half the character budget) — with the finished ledger entries of the
 * calls it moves — into one log chunk `{"from":<first seq>,"calls":[R…],"ledger":{…}}`, written in
 * the same transaction as the head. So a save writes a head of bounded size whatever the
 * session's length, plus one small insert every `records` calls, and the newest calls (the ones a
 * client retries) are always in the head.
 */
export const CALLS_HEAD = '{"calls":[';

const DOMAIN = "concordat.store.v3";
const D0 = chainSeed("concordat.calls.v3", CALLS_HEAD);
/** The chain value for rows whose state has no trace array (not a session snapshot). */
const D_FLAT = chainSeed("concordat.calls.v3", "flat");

/** When the unsealed records of a head are sealed into a log chunk. @default `{ records: 32, chars: 8192 }` */
export const DEFAULT_SEAL_POLICY: SealPolicy = { records: 32, chars: 8192 };

/** Results longer than this (as JSON) are recorded as omitted. */
export const MAX_RECORDED_RESULT_CHARS = 65_536;

/** A new signer for the head rows of session `id` (v3). @internal */
export function headSigner(pads: HmacPads, id: string): RowSigner {
  return new ChainedRowSigner(pads, id, D0, DOMAIN);
}

/** The JSON text of a recorded result: as given, or an `omitted` marker when it is not JSON or too long. @internal */
export function resultText(r: RecordedCall["result"]): string {
  if (!r.ok || r.omitted !== undefined) return JSON.stringify(r);
  let value: string | undefined;
  try {
    value = JSON.stringify(r.value);
  } catch (e) {
    return JSON.stringify({ ok: true, omitted: `not JSON-serializable (${(e as Error).message})` });
  }
  if (value === undefined) return '{"ok":true}';
  if (value.length > MAX_RECORDED_RESULT_CHARS)
    return JSON.stringify({ ok: true, omitted: `${value.length} characters of JSON, more than the ${MAX_RECORDED_RESULT_CHARS} kept` });
  return `{"ok":true,"value":${value}}`;
}

/** Record `i` of a head's call list as it appears in the row, with its leading comma. @internal */
export function recordText(entry: TraceEntry, recorded: RecordedCall | undefined, i: number): string {
  const e = entryText(entry);
  const body = recorded ? `{"e":${e},"r":${resultText(recorded.result)},"v":${recorded.version}}` : `{"e":${e}}`;
  return i === 0 ? body : "," + body;
}

/**
 * Everything after the last record: `]`, the session without its trace, then the rest of the
 * state (ledger, pending call, log position, creation) — the members a state has, in this order.
 * @internal
 */
export function headTail(state: StoredState): string {
  // (an undefined member is left out by JSON.stringify: no rest-destructuring copies)
  let out = `],"session":${sessionText(state.session)},"ledger":${isEmpty(state.ledger) ? "{}" : JSON.stringify(state.ledger)}`;
  if (state.pending !== undefined) out += `,"pending":${JSON.stringify(state.pending)}`;
  const log = state.log;
  if (log !== undefined) out += `,"log":{"incarnation":${JSON.stringify(log.incarnation)},"sealed":${log.sealed},"chunks":${log.chunks}}`;
  if (state.creation !== undefined) out += `,"creation":${JSON.stringify(state.creation)}`;
  for (const k in state) {
    // members a later version may add: kept, after the known ones
    if (
      k !== "session" &&
      k !== "ledger" &&
      k !== "pending" &&
      k !== "results" &&
      k !== "log" &&
      k !== "creation" &&
      (state as unknown as Record<string, unknown>)[k] !== undefined
    ) {
      out += `,${JSON.stringify(k)}:${JSON.stringify((state as unknown as Record<string, unknown>)[k])}`;
    }
  }
  return out + "}";
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

/** Where the unsealed calls of a state start in its (possibly trimmed) trace. @internal */
export function unsealedStart(state: StoredState): number {
  const trace = state.session.trace;
  const sealed = state.log?.sealed ?? 0;
  const first = trace.length > 0 && typeof trace[0]!.seq === "number" ? trace[0]!.seq : sealed;
  const i = sealed - first;
  if (i < 0 || i > trace.length) {
    throw new Error(
      `Session "${state.session.id}": the store has sealed ${sealed} calls, but the session's trace holds calls ${first}–${first + trace.length - 1}; the calls after the sealed ones must still be in memory to be stored. Fix: keep a trace retention of at least the store's seal size (${DEFAULT_SEAL_POLICY.records} calls).`,
    );
  }
  return i;
}

/** A parsed v3 head row. @internal */
interface ParsedHead {
  readonly calls: readonly { readonly e: TraceEntry; readonly r?: RecordedCall["result"]; readonly v?: number }[];
  readonly session: Record<string, unknown>;
  readonly [member: string]: unknown;
}

/** True when a parsed row has the v3 head layout. @internal */
export function isHeadLayout(parsed: unknown): parsed is ParsedHead {
  const p = parsed as ParsedHead | null;
  return typeof p === "object" && p !== null && Array.isArray(p.calls) && typeof p.session === "object" && p.session !== null;
}

/** The state a v3 head row holds: the session with its unsealed calls as trace, their results. @internal */
export function stateOfHead(parsed: ParsedHead): StoredState {
  const { calls, session, ledger, pending, log, creation, ...rest } = parsed as ParsedHead &
    Partial<Record<"ledger" | "pending" | "log" | "creation", unknown>>;
  let results: RecordedCalls | undefined;
  for (const c of calls) if (c.r !== undefined && c.e.callId !== undefined) results = { callId: c.e.callId, version: c.v ?? 0, result: c.r, prev: results };
  const state = headState(
    { ...session, trace: calls.map((c) => c.e) } as unknown as StoredState["session"],
    ledger as StoredState["ledger"],
    pending as string | undefined,
    results,
    log as LogPosition | undefined,
    creation as StoredState["creation"],
  );
  return Object.keys(rest).length > 0 ? Object.assign(state, rest) : state;
}

/**
 * The v3 MAC of a head row's text, re-deriving each record from the parsed row; undefined when
 * the text is not laid out as a v3 writer writes it. @internal
 */
export function headMac(pads: HmacPads, id: string, version: number, text: string, parsed: unknown): string | undefined {
  if (!isHeadLayout(parsed)) return new ChainedRowSigner(pads, id, D_FLAT, DOMAIN).sign(text, version);
  if (!text.startsWith(CALLS_HEAD)) return undefined;
  const signer = headSigner(pads, id);
  let p = CALLS_HEAD.length;
  for (let i = 0; i < parsed.calls.length; i++) {
    const c = parsed.calls[i]!;
    const body = c.r !== undefined ? `{"e":${JSON.stringify(c.e)},"r":${JSON.stringify(c.r)},"v":${JSON.stringify(c.v)}}` : `{"e":${JSON.stringify(c.e)}}`;
    const e = i === 0 ? body : "," + body;
    if (!text.startsWith(e, p)) return undefined;
    signer.append(e);
    p += e.length;
  }
  return signer.sign(text.slice(p), version);
}

/** A flat state (no trace array) as a row: plain JSON. @internal */
export function flatRow(pads: HmacPads, id: string, version: number, state: StoredState): { readonly text: string; readonly mac: string } {
  const text = JSON.stringify(state);
  return { text, mac: new ChainedRowSigner(pads, id, D_FLAT, DOMAIN).sign(text, version) };
}

/** True when `state` is a session snapshot with a trace (stored in the head layout). @internal */
export function hasTrace(state: StoredState): boolean {
  return Array.isArray((state.session as { trace?: unknown } | undefined)?.trace);
}

/**
 * Ledger entries sealed with the calls: the final ones whose call is sealed (or that have no
 * call, like a write recorded as not executed); the pending one, open intents and the entries of
 * calls the head keeps stay in the head.
 */
function splitLedger(
  state: StoredState,
  keptCalls: ReadonlySet<string>,
): { readonly sealed: Record<string, LedgerEntry>; readonly kept: Record<string, LedgerEntry> } {
  const sealed: Record<string, LedgerEntry> = {};
  const kept: Record<string, LedgerEntry> = {};
  for (const id in state.ledger) {
    const e = state.ledger[id]!;
    if (id !== state.pending && !keptCalls.has(id) && (e.status === "done" || e.status === "reconciled_executed" || e.status === "reconciled_not_executed"))
      sealed[id] = e;
    else kept[id] = e;
  }
  return { sealed, kept };
}

/** Most recent calls a head keeps when it seals (a retry of any of them is answered from the head). */
export const KEEP_RECENT = 8;

/**
 * Encodes the successive states of one session as it runs: the records already encoded (and
 * chained by the signer) are kept in a buffer, each save appends the new ones and writes the
 * tail after them; when the unsealed records reach the seal policy, all but the most recent
 * ones are sealed (see the module comment). The bytes returned are valid until the next
 * `encode` on this encoder.
 */
export class IncrementalRowEncoder {
  /** Global index (seq) of the first record in `buf`. */
  private base = -1;
  /** Global index of the next call to encode. */
  private n = 0;
  private buf = Buffer.allocUnsafe(2048);
  /** `buf[0, len)` is the text up to the last record encoded. */
  private len = 0;
  private readonly headLen: number;
  /** Where each record in the buffer starts (its leading comma included). */
  private starts: number[] = [];
  /** The call ids of the records in the buffer (the head's unsealed calls). */
  private readonly ids = new Set<string>();
  /** The state the last `encode` returned (what `callIds` describes). */
  private last: StoredState | undefined;

  constructor(
    private readonly signer: RowSigner | undefined,
    private readonly policy: SealPolicy = DEFAULT_SEAL_POLICY,
  ) {
    this.headLen = this.buf.write(CALLS_HEAD, 0, "latin1");
    this.len = this.headLen;
  }

  encode(given: StoredState): EncodedState {
    let state = given;
    const first = state.session.trace[0]?.seq;
    if (state.log && first !== undefined && state.log.sealed < first && state.log.incarnation.startsWith("legacy-")) {
      // a row of an earlier release held the whole trace; the calls the session's retention has
      // since dropped stay summarized by its `dropped` digest, the log starts after them
      state = { ...state, log: { ...state.log, sealed: first } };
    }
    const trace = state.session.trace;
    const start = unsealedStart(state);
    const sealed = state.log?.sealed ?? 0;
    const total = sealed + trace.length - start;
    if (this.base !== sealed || this.n > total) {
      // another starting point (a new session object, or records sealed elsewhere): start over
      this.base = sealed;
      this.n = sealed;
      this.len = this.headLen;
      this.starts.length = 0;
      this.ids.clear();
      this.signer?.reset();
    }
    const results = state.results;
    for (; this.n < total; this.n++) {
      const entry = trace[start + this.n - sealed]!;
      const at = this.len;
      this.starts.push(at);
      if (entry.callId !== undefined) this.ids.add(entry.callId);
      // (the newest call's result heads the list: found at once)
      this.append(recordText(entry, entry.callId !== undefined ? recordedCall(results, entry.callId) : undefined, this.n - this.base));
      this.signer?.append(this.buf.subarray(at, this.len));
    }
    const records = this.n - this.base;
    if (records >= this.policy.records + KEEP_RECENT || (records > 1 && this.len - this.headLen >= this.policy.chars)) {
      const keep = this.keepCount(records);
      if (keep < records) return this.seal(state, records - keep);
    }
    const prefix = this.len;
    this.append(headTail(state));
    const bytes = this.buf.subarray(0, this.len);
    const tail = this.buf.subarray(prefix, this.len);
    this.len = prefix; // the tail is rewritten on the next save
    this.last = state;
    const signer = this.signer;
    return signer ? { bytes, stored: state, mac: (version) => signer.sign(tail, version) } : { bytes, stored: state };
  }

  /**
   * The call ids of the head's unsealed calls in `state`, when `state` is what this encoder last
   * returned (else undefined: the caller scans the state): a duplicate-id check without a scan.
   */
  callIds(state: StoredState): ReadonlySet<string> | undefined {
    return state === this.last ? this.ids : undefined;
  }

  /** How many of the newest records stay in the head: up to KEEP_RECENT within half the seal size in characters, at least one. */
  private keepCount(records: number): number {
    let keep = 1;
    while (keep < KEEP_RECENT && keep < records && this.len - this.starts[records - keep - 1]! <= this.policy.chars / 2) keep++;
    return keep;
  }

  /** Moves the oldest `count` records and their finished ledger entries into a chunk; the head keeps the rest. */
  private seal(state: StoredState, count: number): EncodedState {
    const log: LogPosition = state.log ?? { incarnation: "", sealed: 0, chunks: 0 };
    const trace = state.session.trace;
    const start = unsealedStart(state);
    const keptCalls = new Set<string>();
    let results: RecordedCalls | undefined;
    for (let i = start + count; i < trace.length; i++) {
      const callId = trace[i]!.callId;
      if (callId === undefined) continue;
      keptCalls.add(callId);
      const r = recordedCall(state.results, callId);
      if (r) results = { callId, version: r.version, result: r.result, prev: results };
    }
    const { sealed: ledger, kept } = splitLedger(state, keptCalls);
    const cut = this.starts[count]!; // where the first kept record starts (with its comma)
    const text = `{"from":${this.base},"calls":[${this.buf.toString("utf8", this.headLen, cut)}],"ledger":${JSON.stringify(ledger)}}`;
    const seal = { index: log.chunks, from: this.base, text };
    // the kept records become the head's first ones: the first loses its comma, the chain starts over
    const keptBytes = Buffer.from(this.buf.subarray(cut, this.len));
    const rel = this.starts.slice(count).map((at) => at - cut);
    this.base += count;
    this.len = this.headLen;
    this.starts.length = 0;
    this.ids.clear();
    for (const id of keptCalls) this.ids.add(id);
    this.signer?.reset();
    for (let j = 0; j < rel.length; j++) {
      const at = this.len;
      this.starts.push(at);
      // every kept record was written after another one: it starts with a comma, dropped for the first
      this.appendBytes(keptBytes.subarray(rel[j]! + (j === 0 ? 1 : 0), j + 1 < rel.length ? rel[j + 1]! : keptBytes.length));
      this.signer?.append(this.buf.subarray(at, this.len));
    }
    const stored = headState(
      state.session,
      kept,
      state.pending,
      results,
      { incarnation: log.incarnation, sealed: this.base, chunks: log.chunks + 1 },
      state.creation,
    );
    this.last = stored;
    const prefix = this.len;
    this.append(headTail(stored));
    const bytes = this.buf.subarray(0, this.len);
    const tail = this.buf.subarray(prefix, this.len);
    this.len = prefix;
    const signer = this.signer;
    return signer ? { bytes, stored, seal, mac: (version) => signer.sign(tail, version) } : { bytes, stored, seal };
  }

  private appendBytes(bytes: Uint8Array): void {
    if (this.len + bytes.length > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.len + bytes.length, this.buf.length * 2));
      this.buf.copy(bigger, 0, 0, this.len);
      this.buf = bigger;
    }
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }

  /** Writes `text` as UTF-8 at `len`, growing the buffer when it might not fit (≤ 3 bytes per UTF-16 unit). */
  private append(text: string): void {
    const need = this.len + text.length * 3;
    if (need > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      this.buf.copy(bigger, 0, 0, this.len);
      this.buf = bigger;
    }
    this.len += this.buf.write(text, this.len, "utf8");
  }
}
