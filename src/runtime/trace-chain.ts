/**
 * The hash chain over the trace entries a session's retention dropped (see `DroppedTrace`):
 * how one block of `TRACE_BLOCK` entries is folded into the digest. Two encodings:
 *
 * - chain 2 (written since snapshot format 3): a compact encoding built for the per-call path
 *   (see `foldBlockV2`): no JSON of the entries, no number formatting, one SHA-256 per block.
 * - chain 1 (snapshot formats 1 and 2): `SHA-256(digest ‖ JSON.stringify(block))`. Still read:
 *   a session restored with a chain-1 digest goes on folding with chain 1.
 *
 * @internal (the digest is read through `traceDropped()`; `verifyTraceHistory` checks it)
 */
import * as nodeCrypto from "node:crypto";
import { createHash } from "node:crypto";
import type { TraceEntry } from "./session-trace.js";

/** The chain encodings: 1 (JSON of each block) and 2 (the compact encoding). */
export type TraceChainVersion = 1 | 2;
/** The encoding new sessions use. */
export const TRACE_CHAIN_VERSION: TraceChainVersion = 2;

const oneShot = (nodeCrypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: "hex") => string }).hash;
const sha256Hex: (text: string) => string = oneShot
  ? (text) => oneShot("sha256", text, "hex")
  : (text) => createHash("sha256").update(text, "utf8").digest("hex");

/** The chain value before any entry was dropped: `SHA-256("concordat.trace.chain.v<n>" \0 sessionId)` (binds the chain to its session). */
export function chainSeed(version: TraceChainVersion, sessionId: string): string {
  return sha256Hex(`concordat.trace.chain.v${version}\u0000${sessionId}`);
}

/** Folds `block[start, start + count)` into `digest` with the given encoding. */
export function foldBlock(version: TraceChainVersion, digest: string, block: readonly TraceEntry[], start: number, count: number): string {
  return version === 2 ? foldBlockV2(digest, block, start, count) : foldBlockV1(digest, block.slice(start, start + count));
}

// ---------------------------------------------------------------------------------------------
// chain 2

/** The numbers of the block being folded (the fold is synchronous: one scratch array serves every trace). */
let nums = new Float64Array(256);
let numCount = 0;

function pushNumber(x: number): void {
  if (numCount === nums.length) {
    const grown = new Float64Array(nums.length * 2);
    grown.set(nums);
    nums = grown;
  }
  nums[numCount++] = x;
}

/** A name's JSON text, remembered per field for the last name seen there (names repeat). */
class QuotedCache {
  name: unknown = undefined;
  text = "";
  of(name: unknown): string {
    if (name !== this.name || this.text === "") {
      this.text = String(JSON.stringify(name));
      this.name = name;
    }
    return this.text;
  }
}
const qTool = new QuotedCache();
const qOutcome = new QuotedCache();
const qFrom = new QuotedCache();
const qTo = new QuotedCache();

/** Object keys' JSON text (keys of argument objects repeat across calls). */
const quotedKeys = new Map<string, string>();
function quotedKey(key: string): string {
  let q = quotedKeys.get(key);
  if (q === undefined) {
    q = JSON.stringify(key);
    if (quotedKeys.size < 4096) quotedKeys.set(key, q);
  }
  return q;
}

/** A string's JSON text; a scan instead of `JSON.stringify` for the common string that needs no escape. */
function quotedString(s: string): string {
  if (s.length > 64) return JSON.stringify(s);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** Thrown by `valueText` for a value the fast walk does not cover (see `argumentsText`). */
const NOT_PLAIN = new Error("not plain data (internal to the trace chain)");
const OBJECT_PROTO = Object.prototype;

/**
 * The chain-2 text of a JSON value (numbers go to the number list, `#` marks each): strings as
 * JSON string literals, `t` `f` `n` for true, false and null (and numbers JSON writes as null),
 * `[` items `]`, `{` (key value)* `}`. Throws `NOT_PLAIN` for what only `JSON.stringify` knows
 * how to write (a `toJSON`, a class instance, a bigint, very deep nesting).
 */
function valueText(v: unknown, depth: number): string {
  switch (typeof v) {
    case "string":
      return quotedString(v);
    case "number":
      if (v - v !== 0) return "n"; // NaN and ±Infinity: JSON writes null
      pushNumber(v + 0); // (-0 as 0, as JSON writes it)
      return "#";
    case "boolean":
      return v ? "t" : "f";
    case "object": {
      if (v === null) return "n";
      if (depth > 48 || typeof (v as { toJSON?: unknown }).toJSON === "function") throw NOT_PLAIN;
      if (Array.isArray(v)) {
        let text = "[";
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          text += x === undefined || typeof x === "function" || typeof x === "symbol" ? "n" : valueText(x, depth + 1);
        }
        return text + "]";
      }
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== OBJECT_PROTO && proto !== null) throw NOT_PLAIN;
      let text = "{";
      // (for-in with an own-property test: V8 walks the object's enum cache, no key array is
      // made; the order is Object.keys' and JSON.stringify's)
      for (const k in v) {
        if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined || typeof x === "function" || typeof x === "symbol") continue;
        text += quotedKey(k) + valueText(x, depth + 1);
      }
      return text + "}";
    }
    default:
      throw NOT_PLAIN; // a bigint (JSON.stringify throws on it)
  }
}

/**
 * The chain-2 text of an entry's arguments: `u` when JSON leaves them out (undefined, a
 * function, a symbol), else the text of the value a snapshot stores, i.e. of
 * `JSON.parse(JSON.stringify({ arguments }))` (walked directly when it is plain data, so a live
 * entry and its stored copy read back give the same text; `J` and its JSON text, as a JSON
 * string, when it nests deeper than the walk goes); `x` when JSON cannot write it.
 */
function argumentsText(a: unknown): string {
  if (a === undefined || typeof a === "function" || typeof a === "symbol") return "u";
  const direct = plainText(a);
  if (direct !== undefined) return direct;
  let stored: unknown;
  try {
    stored = (JSON.parse(JSON.stringify({ arguments: a })) as { arguments?: unknown }).arguments;
  } catch {
    return "x"; // a cycle or a bigint: no snapshot could hold these arguments either
  }
  if (stored === undefined) return "u";
  // (plain data nested deeper than the walk goes: its JSON text, as a JSON string)
  return plainText(stored) ?? `J${JSON.stringify(JSON.stringify(stored))}`;
}

/** `valueText`, or undefined (and no numbers added) when the value is not plain data. */
function plainText(v: unknown): string | undefined {
  const mark = numCount;
  try {
    return valueText(v, 0);
  } catch (e) {
    if (e !== NOT_PLAIN) throw e;
    numCount = mark;
    return undefined;
  }
}

/**
 * One step of chain 2: `SHA-256(digest ‖ UTF-8(text) ‖ numbers)` as hex, where `text` has one
 * line per entry, `callId tool outcome from to arguments` (`-` for no call id; names as JSON
 * strings, or `=` when equal to the previous entry's in the block; arguments as
 * `argumentsText`) ended by `\n`, and `numbers` is every entry's `at`
 * followed by the numbers of its arguments, in order, as IEEE 754 doubles, little-endian. The
 * text is well-formed (JSON string literals escape lone surrogates), its 64th line break ends it,
 * and the `#` marks say how many numbers follow: the encoding is injective. `seq` is not
 * encoded: the block's place in the chain fixes it (`verifyTraceHistory` checks it).
 */
function foldBlockV2(digest: string, block: readonly TraceEntry[], start: number, count: number): string {
  numCount = 0;
  let text = "";
  let tool: unknown, outcome: unknown, from: unknown, to: unknown;
  for (let i = start; i < start + count; i++) {
    const e = block[i]!;
    const at = e.at;
    pushNumber(typeof at === "number" && at - at === 0 ? at + 0 : Number.NaN);
    const callId = e.callId;
    // (a name equal to the previous entry's in the same field is written `=`)
    text +=
      (callId === undefined ? "-" : quotedString(String(callId))) +
      (e.tool === tool ? "=" : qTool.of((tool = e.tool))) +
      (e.outcome === outcome ? "=" : qOutcome.of((outcome = e.outcome))) +
      (e.from === from ? "=" : qFrom.of((from = e.from))) +
      (e.to === to ? "=" : qTo.of((to = e.to))) +
      argumentsText(e.arguments) +
      "\n";
  }
  const bytes = new Uint8Array(nums.buffer, 0, numCount * 8);
  if (!LITTLE_ENDIAN) for (let i = 0; i < bytes.length; i += 8) bytes.subarray(i, i + 8).reverse();
  if (oneShot === undefined) return createHash("sha256").update(digest, "latin1").update(text, "utf8").update(bytes).digest("hex");
  // one buffer, one hash call (a Hash object and its updates cost more than hashing a block)
  const most = digest.length + text.length * 3 + bytes.length;
  if (scratch.length < most) scratch = Buffer.allocUnsafe(Math.max(most, scratch.length * 2));
  let at = scratch.write(digest, 0, "latin1");
  at += scratch.write(text, at, "utf8");
  scratch.set(bytes, at);
  return oneShot("sha256", scratch.subarray(0, at + bytes.length), "hex");
}

/** Where a block's bytes are put together for hashing (reused: the fold is synchronous). */
let scratch = Buffer.allocUnsafe(16 * 1024);

/** Float64Array holds the platform's byte order; the chain is defined little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

// ---------------------------------------------------------------------------------------------
// chain 1 (sessions restored from snapshot formats 1 and 2)

/**
 * One step of chain 1: `SHA-256(digest ‖ JSON.stringify(block))` as hex, over UTF-8, where
 * `block` is `TRACE_BLOCK` consecutive entries in canonical form (`canonicalEntry`).
 */
function foldBlockV1(digest: string, block: readonly TraceEntry[]): string {
  let text: string;
  try {
    text = JSON.stringify(block);
  } catch (e) {
    // an argument JSON cannot represent (a BigInt, a cycle): the snapshot could not hold it either
    text = `unserializable:${block[0]?.seq ?? -1}:${(e as Error).message}`;
  }
  return sha256Hex(digest + text);
}
