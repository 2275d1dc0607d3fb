// One concept, the fold of dropped trace entries into the hash chain; over 400 lines because its
// three encodings share one byte writer and one value walk (chain 3 is chain 2 with two
// shortenings), which must change together. Learned argument shapes live in trace-chain-shapes.ts.
/**
 * The hash chain over the trace entries a session's retention dropped (see `DroppedTrace`):
 * how one block of `TRACE_BLOCK` entries is folded into the digest. Three encodings:
 *
 * - chain 3 (written since snapshot format 4): chain 2, with a line that repeats the previous
 *   line's names written `=` and arguments that repeat the previous line's key list written `~`
 *   and their values (see `foldBlockV2`): about 40 % fewer bytes to write and hash.
 * - chain 2 (snapshot format 3): a compact encoding built for the per-call path
 *   (see `foldBlockV2`): no JSON of the entries, no number formatting, one SHA-256 per block.
 * - chain 1 (snapshot formats 1 and 2): `SHA-256(digest ‖ JSON.stringify(block))`. Still read:
 *   a session restored with a chain-1 digest goes on folding with chain 1.
 *
 * @internal (the digest is read through `traceDropped()`; `verifyTraceHistory` checks it)
 */
import * as nodeCrypto from "node:crypto";
import { createHash } from "node:crypto";
import type { TraceEntry } from "./session-trace.js";
import { shapeRegistry, type ShapeEncoder } from "./trace-chain-shapes.js";

/** The chain encodings: 1 (JSON of each block), 2 (the compact encoding) and 3 (chain 2 with repeats written once). */
export type TraceChainVersion = 1 | 2 | 3;
/** The encoding new sessions use. */
export const TRACE_CHAIN_VERSION: TraceChainVersion = 3;
/** Whether a value names a chain encoding this version reads. */
export function isTraceChainVersion(x: unknown): x is TraceChainVersion {
  return x === 1 || x === 2 || x === 3;
}

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
  return version === 1 ? foldBlockV1(digest, block.slice(start, start + count)) : foldBlockV2(digest, block, start, count, version === 3);
}

// ---------------------------------------------------------------------------------------------
// chain 2

/**
 * The block's bytes are written straight into one reused buffer (the fold is synchronous, so one
 * buffer serves every trace): the digest's hex, then the text (UTF-8), then the numbers. No
 * string is built for the text: ASCII that needs no escape (names, keys, most values) is copied
 * code unit by code unit, anything else goes through `JSON.stringify` and `Buffer.write`, which
 * gives the same bytes.
 */
let out = Buffer.allocUnsafe(16 * 1024);
let pos = 0;

/** The numbers of the block being folded (written after the text). */
let nums = new Float64Array(256);
let numCount = 0;

function grow(need: number): void {
  const bigger = Buffer.allocUnsafe(Math.max(need, out.length * 2));
  out.copy(bigger, 0, 0, pos);
  out = bigger;
}

function pushNumber(x: number): void {
  if (numCount === nums.length) {
    const grown = new Float64Array(nums.length * 2);
    grown.set(nums);
    nums = grown;
  }
  nums[numCount++] = x;
}

function writeByte(c: number): void {
  if (pos === out.length) grow(pos + 1);
  out[pos++] = c;
}

/** Any text, as UTF-8. */
function writeText(text: string): void {
  const most = text.length * 3;
  if (pos + most > out.length) grow(pos + most);
  pos += out.write(text, pos, "utf8");
}

/** A string as a JSON string literal (`JSON.stringify(s)`, as UTF-8). */
function writeQuoted(s: string): void {
  const n = s.length;
  if (pos + n + 2 > out.length) grow(pos + n + 2);
  const b = out;
  let p = pos;
  b[p++] = 0x22;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    // (control characters, quote and backslash are escaped; non-ASCII may be a lone surrogate, which JSON escapes)
    if (c < 0x20 || c === 0x22 || c === 0x5c || c >= 0x80) return writeText(JSON.stringify(s));
    b[p++] = c;
  }
  b[p++] = 0x22;
  pos = p;
}

/** A name field's JSON text (a string's, or whatever else was stored there, as `String(JSON.stringify(x))`). */
function writeName(x: unknown): void {
  if (typeof x === "string") writeQuoted(x);
  else writeText(String(JSON.stringify(x)));
}

const T = 0x74; // t
const F = 0x66; // f
const N = 0x6e; // n
const HASH = 0x23; // #

/** Thrown by `writeValue` for a value the fast walk does not cover (see `writeArguments`). */
const NOT_PLAIN = new Error("not plain data (internal to the trace chain)");
const OBJECT_PROTO = Object.prototype;

/**
 * Writes the chain-2 text of a JSON value (numbers go to the number list, `#` marks each):
 * strings as JSON string literals, `t` `f` `n` for true, false and null (and numbers JSON writes
 * as null), `[` items `]`, `{` (key value)* `}`. Throws `NOT_PLAIN` for what only
 * `JSON.stringify` knows how to write (a `toJSON`, a class instance, a bigint, very deep nesting).
 */
function writeValue(v: unknown, depth: number): void {
  switch (typeof v) {
    case "string":
      return writeQuoted(v);
    case "number":
      if (v - v !== 0) return writeByte(N); // NaN and ±Infinity: JSON writes null
      pushNumber(v + 0); // (-0 as 0, as JSON writes it)
      return writeByte(HASH);
    case "boolean":
      return writeByte(v ? T : F);
    case "object": {
      if (v === null) return writeByte(N);
      if (depth > 48 || typeof (v as { toJSON?: unknown }).toJSON === "function") throw NOT_PLAIN;
      if (Array.isArray(v)) {
        writeByte(0x5b); // [
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          if (x === undefined || typeof x === "function" || typeof x === "symbol") writeByte(N);
          else writeValue(x, depth + 1);
        }
        return writeByte(0x5d); // ]
      }
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== OBJECT_PROTO && proto !== null) throw NOT_PLAIN;
      writeByte(0x7b); // {
      // (for-in with an own-property test: V8 walks the object's enum cache, no key array is
      // made; the order is Object.keys' and JSON.stringify's)
      for (const k in v) {
        if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined || typeof x === "function" || typeof x === "symbol") continue;
        writeQuoted(k);
        writeValue(x, depth + 1);
      }
      return writeByte(0x7d); // }
    }
    default:
      throw NOT_PLAIN; // a bigint (JSON.stringify throws on it)
  }
}

/**
 * Chain 3: the key list (`JSON.stringify` of the keys written) of the previous line's arguments
 * in the block when they were a plain object (written `{`…`}` or `~`); undefined otherwise.
 * (Kept in chain 2 too, where nothing reads it.)
 */
let prevKeys: string | undefined;
const TILDE = 0x7e; // ~

/**
 * Writes the text of an entry's arguments: `u` when JSON leaves them out (undefined, a
 * function, a symbol), else the text of the value a snapshot stores, i.e. of
 * `JSON.parse(JSON.stringify({ arguments }))` (walked directly when it is plain data, so a live
 * entry and its stored copy read back give the same text; `J` and its JSON text, as a JSON
 * string, when it nests deeper than the walk goes); `x` when JSON cannot write it. In chain 3
 * (`v3`), a plain object whose written key list is the previous line's (`prevKeys`) is written
 * `~` and its values in order (no `{`, keys, `}`). Which path writes it (a learned shape or the
 * walk; the live value or its stored form) changes nothing: the text depends on the data only.
 */
function writeArguments(a: unknown, tool: unknown, shape: ShapeEncoder | undefined, v3: boolean): ShapeEncoder | undefined {
  if (a === undefined || typeof a === "function" || typeof a === "symbol") {
    prevKeys = undefined;
    writeByte(0x75); // u
    return shape;
  }
  if (typeof a === "object" && a !== null && !Array.isArray(a)) {
    // the tool's learned shape first (it writes exactly what the walk would, or declines)
    if (shape !== undefined && writeShaped(shape, a, v3)) return shape;
    if (v3 ? writeTopObject(a) : writePlain(a)) return learnShape(tool, a, shape);
  } else if (writePlain(a)) {
    prevKeys = undefined;
    return shape;
  }
  writeUnplain(a, v3);
  return shape;
}

/**
 * `shape(a)` (see shapeEncoder), in chain 3 as `~` and the values when its key list repeats the
 * previous line's; false (and nothing written, no numbers added) when it declines or meets data
 * that is not plain.
 */
function writeShaped(shape: ShapeEncoder, a: object, v3: boolean): boolean {
  const mark = pos;
  const numMark = numCount;
  const repeat = v3 && shape.keysId === prevKeys;
  if (repeat) writeByte(TILDE);
  try {
    if (shape(a, repeat)) {
      prevKeys = shape.keysId;
      return true;
    }
  } catch (e) {
    if (e !== NOT_PLAIN) throw e;
  }
  pos = mark;
  numCount = numMark;
  return false;
}

/**
 * Chain 3's plain object at the top of the arguments, by the walk: `~` and its values when the
 * keys it writes (own enumerable, in `for-in` order, values JSON does not leave out) are the
 * previous line's, else `{` (key value)* `}` as `writeValue`; false (nothing written) when it is
 * not plain.
 */
function writeTopObject(v: object): boolean {
  const mark = pos;
  const numMark = numCount;
  try {
    if (typeof (v as { toJSON?: unknown }).toJSON === "function") throw NOT_PLAIN;
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== OBJECT_PROTO && proto !== null) throw NOT_PLAIN;
    const keys: string[] = [];
    const values: unknown[] = [];
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      const x = (v as Record<string, unknown>)[k];
      if (x === undefined || typeof x === "function" || typeof x === "symbol") continue;
      keys.push(k);
      values.push(x);
    }
    const id = JSON.stringify(keys);
    const repeat = id === prevKeys;
    writeByte(repeat ? TILDE : 0x7b);
    for (let i = 0; i < keys.length; i++) {
      if (!repeat) writeQuoted(keys[i]!);
      writeValue(values[i], 1);
    }
    if (!repeat) writeByte(0x7d);
    prevKeys = id;
    return true;
  } catch (e) {
    if (e !== NOT_PLAIN) throw e;
    pos = mark;
    numCount = numMark;
    return false;
  }
}

/**
 * The arguments when they are not plain data: the text of their stored (JSON) form (in chain 3
 * a plain object of it through `writeTopObject`), `x` when JSON cannot write them.
 */
function writeUnplain(a: unknown, v3: boolean): void {
  let stored: unknown;
  // (read by writeTopObject below: a stored object may repeat the previous line's key list)
  const keysBefore = prevKeys;
  prevKeys = undefined;
  try {
    stored = (JSON.parse(JSON.stringify({ arguments: a })) as { arguments?: unknown }).arguments;
  } catch {
    return writeByte(0x78); // x: a cycle or a bigint: no snapshot could hold these arguments either
  }
  if (stored === undefined) return writeByte(0x75);
  if (v3 && typeof stored === "object" && stored !== null && !Array.isArray(stored)) {
    prevKeys = keysBefore;
    if (writeTopObject(stored)) return;
    prevKeys = undefined;
  } else if (writePlain(stored)) return;
  // (plain data nested deeper than the walk goes: its JSON text, as a JSON string)
  writeByte(0x4a); // J
  writeText(JSON.stringify(JSON.stringify(stored)));
}

// ---------------------------------------------------------------------------------------------
// learned shapes (trace-chain-shapes.ts): what they write with

/** Makes room for `n` more bytes; the position to write them at. */
function reserve(n: number): number {
  if (pos + n > out.length) grow(pos + n);
  return pos;
}
function currentBuffer(): Buffer {
  return out;
}
function advance(n: number): void {
  pos += n;
}

const { shapes, learnShape } = shapeRegistry({ reserve, out: currentBuffer, advance, writeValue, writeByte, writeQuoted });

/** `writeValue`; false (and nothing written, no numbers added) when the value is not plain data. */
function writePlain(v: unknown): boolean {
  const mark = pos;
  const numMark = numCount;
  try {
    writeValue(v, 0);
    return true;
  } catch (e) {
    if (e !== NOT_PLAIN) throw e;
    pos = mark;
    numCount = numMark;
    return false;
  }
}

/**
 * One step of chain 2: `SHA-256(digest ‖ UTF-8(text) ‖ numbers)` as hex, where `text` has one
 * line per entry, `callId tool outcome from to arguments` (`-` for no call id; names as JSON
 * strings, or `=` when equal to the previous entry's in the block; arguments as
 * `writeArguments`) ended by `\n`, and `numbers` is every entry's `at`
 * followed by the numbers of its arguments, in order, as IEEE 754 doubles, little-endian. The
 * text is well-formed (JSON string literals escape lone surrogates), its 64th line break ends it,
 * and the `#` marks say how many numbers follow: the encoding is injective. `seq` is not
 * encoded: the block's place in the chain fixes it (`verifyTraceHistory` checks it).
 *
 * Chain 3 (`v3`): the same, except that (a) a line with no call id whose four names all equal
 * the previous line's in the block starts with the one byte `=` (chain 2: `-====`), and (b)
 * arguments that are a plain object whose written key list equals the previous line's (when
 * those were a plain object too) are written `~` then each value in key order (no `{`, keys or
 * `}`; see `writeArguments`). A line starts with `=`, `-` or `"`; after `~` the previous key
 * list says how many values follow, each self-delimiting: still injective.
 */
function foldBlockV2(digest: string, block: readonly TraceEntry[], start: number, count: number, v3: boolean): string {
  numCount = 0;
  pos = 0;
  prevKeys = undefined;
  writeText(digest);
  let tool: unknown, outcome: unknown, from: unknown, to: unknown;
  // the learned shape of the arguments of `shapeTool` (looked up when the tool changes)
  let shapeTool: unknown, shape: ShapeEncoder | undefined;
  for (let i = start; i < start + count; i++) {
    const e = block[i]!;
    const at = e.at;
    pushNumber(typeof at === "number" && at - at === 0 ? at + 0 : Number.NaN);
    const callId = e.callId;
    if (callId === undefined && e.tool === tool && e.outcome === outcome && e.from === from && e.to === to) {
      // (the usual line start: `=` in chain 3, `-====` in chain 2, with one capacity check)
      if (v3) writeByte(0x3d);
      else {
        if (pos + 5 > out.length) grow(pos + 5);
        const b = out;
        const p = pos;
        b[p] = 0x2d;
        b[p + 1] = b[p + 2] = b[p + 3] = b[p + 4] = 0x3d;
        pos = p + 5;
      }
    } else {
      if (callId === undefined)
        writeByte(0x2d); // -
      else writeQuoted(String(callId));
      // (a name equal to the previous entry's in the same field is written `=`)
      if (e.tool === tool) writeByte(0x3d);
      else writeName((tool = e.tool));
      if (e.outcome === outcome) writeByte(0x3d);
      else writeName((outcome = e.outcome));
      if (e.from === from) writeByte(0x3d);
      else writeName((from = e.from));
      if (e.to === to) writeByte(0x3d);
      else writeName((to = e.to));
    }
    if (e.tool !== shapeTool) shape = shapes.get((shapeTool = e.tool) as string);
    shape = writeArguments(e.arguments, shapeTool, shape, v3);
    writeByte(0x0a);
  }
  const bytes = new Uint8Array(nums.buffer, 0, numCount * 8);
  if (!LITTLE_ENDIAN) for (let i = 0; i < bytes.length; i += 8) bytes.subarray(i, i + 8).reverse();
  if (pos + bytes.length > out.length) grow(pos + bytes.length);
  out.set(bytes, pos);
  pos += bytes.length;
  // one buffer, one hash call (a Hash object and its updates cost more than hashing a block)
  const block_ = out.subarray(0, pos);
  return oneShot === undefined ? createHash("sha256").update(block_).digest("hex") : oneShot("sha256", block_, "hex");
}

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
