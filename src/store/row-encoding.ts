import * as nodeCrypto from "node:crypto";
import { createHash } from "node:crypto";
import type { EncodedState, StoredState } from "./session-store.js";

/**
 * How a stored session row is laid out and signed (format v2).
 *
 * Text: the state's JSON with the session's trace first —
 * `{"session":{"trace":[E0,E1,…],…the rest of the session…},"ledger":…,"pending":…}` — where
 * `Ei = JSON.stringify(trace[i])`. A trace only grows, so a writer keeps the text up to the
 * last entry and only appends; the rest ("tail", from the `]` on) is written anew each save.
 *
 * MAC: HMAC-SHA256(key, "concordat.store.v2" \0 len(id):id \0 ‖ D ‖ tail ‖ \0 version), where
 * D chains the entries: D0 = SHA-256("concordat.trace.v2" \0 `{"session":{"trace":[`),
 * D(i+1) = SHA-256(Di ‖ Si) with Si = Ei preceded by "," for i > 0 (all as UTF-8). A save
 * hashes one new entry and the tail, never the whole row, and uses only one-shot hashes (no
 * hash objects to create and collect). A verifier re-derives the Ei from the parsed row and
 * checks they are the row's exact text before chaining them, so every byte is covered. A state
 * without a trace array (not a session snapshot) is stored as plain JSON, signed from a
 * distinct chain value with the whole text as the tail.
 */
export const TRACE_HEAD = '{"session":{"trace":[';

const MAC_DOMAIN = "concordat.store.v2";
const CHAIN_SEED = "concordat.trace.v2";

/**
 * One-shot SHA-256 to hex: `crypto.hash` where Node has it (20.12+; read from the namespace, so
 * older Node 20 releases still load this module), else a hash object.
 */
const oneShot = (nodeCrypto as { hash?: (algorithm: string, data: Uint8Array, encoding: "hex") => string }).hash;
const sha256Hex: (data: Uint8Array) => string = oneShot ? (data) => oneShot("sha256", data, "hex") : (data) => createHash("sha256").update(data).digest("hex");

const D0 = sha256Hex(Buffer.from(`${CHAIN_SEED}\u0000${TRACE_HEAD}`, "utf8"));
/** The chain value for rows whose state has no trace array (not a session snapshot): the whole text is the tail. */
const D_FLAT = sha256Hex(Buffer.from(`${CHAIN_SEED}\u0000flat`, "utf8"));

/** Entry `i` of a trace as it appears in a row, with its leading comma. */
export function entryText(entry: unknown, i: number): string {
  return (i === 0 ? "" : ",") + JSON.stringify(entry);
}

/** Everything after the last trace entry: `]`, the rest of the session, then the rest of the state (ledger, pending call). */
export function stateTail(state: StoredState): string {
  // (an undefined member is left out by JSON.stringify: no rest-destructuring copies)
  const restSession = JSON.stringify({ ...state.session, trace: undefined });
  const restState = JSON.stringify({ ...state, session: undefined });
  return `]${restSession.length > 2 ? "," + restSession.slice(1) : "}"}${restState.length > 2 ? "," + restState.slice(1) : "}"}`;
}

/** HMAC key blocks (RFC 2104): the key padded to the SHA-256 block, xor ipad / opad. */
export interface HmacPads {
  readonly ipad: Buffer;
  readonly opad: Buffer;
}

export function hmacPads(key: Buffer): HmacPads {
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash("sha256").update(key).digest() : key).copy(block);
  const ipad = Buffer.alloc(64);
  const opad = Buffer.alloc(64);
  for (let i = 0; i < 64; i++) {
    ipad[i] = block[i]! ^ 0x36;
    opad[i] = block[i]! ^ 0x5c;
  }
  return { ipad, opad };
}

/**
 * Signs the rows of one session as its trace grows: `append` each new entry's text (with its
 * leading comma, exactly as written), then `sign(tail, version)` gives the row MAC. Obtain one
 * from the store (`store.rowSigner(id)`): it holds the store's key.
 */
export interface RowSigner {
  append(entry: string | Uint8Array): void;
  sign(tail: string | Uint8Array, version: number): string;
}

/** HMAC computed from the key blocks with one-shot hashes over reused buffers. */
export class ChainedRowSigner implements RowSigner {
  private d: string;
  /** D ‖ S for a chain step. */
  private step = Buffer.allocUnsafe(512);
  /** ipad ‖ header ‖ D ‖ tail ‖ \0 version: the inner hash's input; ipad and header stay. */
  private inner: Buffer;
  private readonly headerEnd: number;
  /** opad ‖ inner digest. */
  private readonly outer = Buffer.allocUnsafe(96);

  constructor(pads: HmacPads, id: string, seed: string = D0) {
    this.d = seed;
    const header = Buffer.from(`${MAC_DOMAIN}\u0000${id.length}:${id}\u0000`, "utf8");
    this.headerEnd = 64 + header.length;
    this.inner = Buffer.allocUnsafe(this.headerEnd + 32 + 1024);
    pads.ipad.copy(this.inner, 0);
    header.copy(this.inner, 64);
    pads.opad.copy(this.outer, 0);
  }

  append(entry: string | Uint8Array): void {
    const n = typeof entry === "string" ? Buffer.byteLength(entry, "utf8") : entry.length;
    if (32 + n > this.step.length) this.step = Buffer.allocUnsafe(Math.max(32 + n, this.step.length * 2));
    this.step.write(this.d, 0, "hex");
    if (typeof entry === "string") this.step.write(entry, 32, "utf8");
    else this.step.set(entry, 32);
    this.d = sha256Hex(this.step.subarray(0, 32 + n));
  }

  sign(tail: string | Uint8Array, version: number): string {
    const v = `\u0000${version}`;
    const n = typeof tail === "string" ? Buffer.byteLength(tail, "utf8") : tail.length;
    const end = this.headerEnd + 32 + n + v.length;
    if (end > this.inner.length) {
      const bigger = Buffer.allocUnsafe(Math.max(end, this.inner.length * 2));
      this.inner.copy(bigger, 0, 0, this.headerEnd);
      this.inner = bigger;
    }
    let p = this.headerEnd;
    p += this.inner.write(this.d, p, "hex");
    if (typeof tail === "string") p += this.inner.write(tail, p, "utf8");
    else {
      this.inner.set(tail, p);
      p += n;
    }
    this.inner.write(v, p, "latin1");
    this.outer.write(sha256Hex(this.inner.subarray(0, end)), 64, "hex");
    return sha256Hex(this.outer);
  }
}

/**
 * The v2 MAC of a stored row's text, re-deriving the chain from the parsed state; undefined
 * when the text is not laid out as a v2 writer writes it (its trace entries are not its exact
 * text, trace first), i.e. it cannot carry a valid v2 MAC.
 */
export function v2MacOfText(pads: HmacPads, id: string, version: number, text: string, state: StoredState): string | undefined {
  const trace = (state.session as { trace?: unknown } | undefined)?.trace;
  if (!Array.isArray(trace)) return new ChainedRowSigner(pads, id, D_FLAT).sign(text, version);
  if (!text.startsWith(TRACE_HEAD)) return undefined;
  const signer = new ChainedRowSigner(pads, id);
  let p = TRACE_HEAD.length;
  for (let i = 0; i < trace.length; i++) {
    const e = entryText(trace[i], i);
    if (!text.startsWith(e, p)) return undefined;
    signer.append(e);
    p += e.length;
  }
  return signer.sign(text.slice(p), version);
}

/** The row text of a state and its MAC, in one pass (the writer of rows not encoded incrementally). */
export function encodeAndSign(pads: HmacPads, id: string, version: number, state: StoredState): { readonly text: string; readonly mac: string } {
  const trace = (state.session as { trace?: unknown } | undefined)?.trace;
  if (!Array.isArray(trace)) {
    const flat = JSON.stringify(state);
    return { text: flat, mac: new ChainedRowSigner(pads, id, D_FLAT).sign(flat, version) };
  }
  const signer = new ChainedRowSigner(pads, id);
  let text = TRACE_HEAD;
  for (let i = 0; i < trace.length; i++) {
    const e = entryText(trace[i], i);
    signer.append(e);
    text += e;
  }
  const tail = stateTail(state);
  return { text: text + tail, mac: signer.sign(tail, version) };
}

/**
 * Encodes the successive states of one session as it runs: the trace only grows, so the
 * entries already encoded (and chained by the signer) are kept in a buffer, each save appends
 * the new entries and writes the tail after them. The bytes returned are valid until the next
 * `encode` on this encoder.
 */
export class IncrementalRowEncoder {
  private n = 0;
  private buf = Buffer.allocUnsafe(4096);
  /** `buf[0, len)` is the text up to the last entry encoded. */
  private len: number;

  constructor(private readonly signer: RowSigner | undefined) {
    this.len = this.buf.write(TRACE_HEAD, 0, "latin1");
  }

  /** How many trace entries are encoded. */
  get entries(): number {
    return this.n;
  }

  encode(state: StoredState): EncodedState {
    const trace = state.session.trace;
    for (; this.n < trace.length; this.n++) {
      const start = this.len;
      this.append(entryText(trace[this.n], this.n));
      this.signer?.append(this.buf.subarray(start, this.len));
    }
    const prefix = this.len;
    this.append(stateTail(state));
    const bytes = this.buf.subarray(0, this.len);
    const tail = this.buf.subarray(prefix, this.len);
    this.len = prefix; // the tail is rewritten on the next save
    const signer = this.signer;
    return signer ? { bytes, mac: (version) => signer.sign(tail, version) } : { bytes };
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
