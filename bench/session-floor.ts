/**
 * The floor of `runtime.sessionRatio` (a long session's check + advance over XState `send`): what
 * one call of a long session is made of, each part measured in the same process, in CPU time
 * (user + system, `process.cpuUsage`), in interleaved rounds, against the built package
 * (`dist/`). Answers "how low can the long-session ratio go with a SHA-256 chain over every
 * dropped entry, computed on the call path, in JavaScript on this machine?".
 *
 * Per round, per call or per dropped entry:
 * - `send`: XState v5 `actor.send` of the same transition (the ratio's denominator);
 * - `fresh`: check + advance on sessions within their retention (nothing dropped);
 * - `long`: check + advance on a session past its retention (every call drops one entry and
 *   folds it into the chain: the path of `runtime.sessionNs`);
 * - `unbounded`: the same on a session that keeps its whole trace (`trace: { keep: Infinity }`,
 *   3,000 calls made before): `long − unbounded` is what dropping and folding costs in place;
 * - `fold`: the build's chain fold (`foldBlock`, chain 2) per entry, blocks of the bench's entries;
 * - `fold3`: the same in chain 3 (what sessions created since snapshot format 4 fold with);
 * - `sha`: SHA-256 alone of one block's chain-2 bytes (the same length), per entry;
 * - `bytes2`: a hand-written encoder of exactly this entry shape's chain-2 bytes, no checks at
 *   all, plus the hash: the least any chain-2 implementation can spend per entry (checked to give
 *   the build's digest);
 * - `compact`: the same for a smaller, hypothetical encoding (1 byte for a line that repeats the
 *   previous names, the argument keys left out when the key list repeats: 28 bytes of text and
 *   numbers instead of 48): the least a "chain 3" of that kind could spend;
 * - `clock`: one `Date.now()` (the trace's clock, one read per call);
 * - `core`: what any check + advance of this call must do, written by hand with nothing else: the
 *   arguments type-checked and copied (what the compiled check does), the validated call object,
 *   one clock read and the trace entry stored in a ring (no protocol lookups, no policies, no
 *   claims, no retention): the least a fresh call can cost in JavaScript here.
 *
 * Prints each median with its quartiles, then the ratios over `send`: today's long and fresh
 * paths, the floors `fresh + bytes2` and `fresh + compact` (a long call cannot cost less than a
 * fresh one plus the encoding and hashing of the entry it drops), and `core + compact` (no
 * session machinery at all).
 *
 *   npm run build && node --import tsx bench/session-floor.ts
 *   CONCORDAT_BENCH_ROUNDS=31 …     (default 15)
 */
import * as nodeCrypto from "node:crypto";
import { loadavg } from "node:os";
import { createActor, createMachine } from "xstate";
import type * as Concordat from "../src/index.js";
import type { TraceEntry } from "../src/runtime/session-trace.js";
import { BENCH_BLOCK, LOOKUP_CALLS, lookupProtocol, lookupTraceBlocks } from "./bench-protocol.js";
import { importBuilt } from "./import-built.js";
import { quantile, quartileSummary } from "./quantiles.js";

type Fold = (version: 2 | 3, digest: string, block: readonly TraceEntry[], start: number, count: number) => string;

const ROUNDS = Number(process.env["CONCORDAT_BENCH_ROUNDS"] ?? 15);
if (!Number.isInteger(ROUNDS) || ROUNDS < 3) throw new Error(`CONCORDAT_BENCH_ROUNDS must be an integer >= 3, got ${process.env["CONCORDAT_BENCH_ROUNDS"]}.`);
const N = 20_000;
const PER_FRESH = 500;
const BLOCK = BENCH_BLOCK;

const lib = await importBuilt<typeof Concordat>("src/index.js");
const { foldBlock } = await importBuilt<{ foldBlock: Fold }>("src/runtime/trace-chain.js");
const protocol = lookupProtocol(lib.defineProtocol);
const machine = createMachine({
  id: "bench-session",
  initial: "open",
  states: { open: { on: { "lookup.ok": "open", "close.ok": "closed" } }, closed: { type: "final" } },
});
const EVENT = { type: "lookup.ok" } as const;
const calls = LOOKUP_CALLS;
const RESULT = { ok: true, value: 1 } as const;
const blocks = lookupTraceBlocks();

const oneShot = (nodeCrypto as { hash?: (algorithm: string, data: Uint8Array, encoding: "hex") => string }).hash;
const sha256Hex = (bytes: Uint8Array): string => (oneShot ? oneShot("sha256", bytes, "hex") : nodeCrypto.createHash("sha256").update(bytes).digest("hex"));

// ---------------------------------------------------------------------------------------------
// hand-written encoders of the bench's entries (tool "lookup", outcome "ok", open → open, no call
// id, arguments { account: ASCII string, page: number }): no checks, no generality

const out = Buffer.allocUnsafe(16 * 1024);
const nums = new Float64Array(4 * BLOCK);
const numBytes = new Uint8Array(nums.buffer);
const ascii = (s: string): number[] => [...Buffer.from(s, "latin1")];
const FIRST_LINE = ascii(`-"lookup""ok""open""open"`);
const ACCOUNT = ascii(`{"account"`);
/** The byte length of the block an encoder hashed last. */
let lastLength = 0;
const PAGE = ascii(`"page"`);

function put(p: number, bytes: readonly number[]): number {
  for (let i = 0; i < bytes.length; i++) out[p + i] = bytes[i]!;
  return p + bytes.length;
}

function putQuoted(p: number, s: string): number {
  out[p++] = 0x22;
  for (let i = 0; i < s.length; i++) out[p++] = s.charCodeAt(i);
  out[p++] = 0x22;
  return p;
}

/** Chain 2's bytes of one block of the bench's entries, hashed. */
function bytes2(digest: string, block: readonly TraceEntry[]): string {
  let p = out.write(digest, 0, "latin1");
  let n = 0;
  for (let i = 0; i < block.length; i++) {
    const e = block[i]!;
    const a = e.arguments as { account: string; page: number };
    nums[n++] = e.at;
    if (i === 0) p = put(p, FIRST_LINE);
    else {
      out[p] = 0x2d;
      out[p + 1] = out[p + 2] = out[p + 3] = out[p + 4] = 0x3d;
      p += 5;
    }
    p = put(p, ACCOUNT);
    p = putQuoted(p, a.account);
    p = put(p, PAGE);
    nums[n++] = a.page;
    out[p++] = 0x23;
    out[p++] = 0x7d;
    out[p++] = 0x0a;
  }
  out.set(numBytes.subarray(0, n * 8), p);
  lastLength = p + n * 8;
  return sha256Hex(out.subarray(0, lastLength));
}

/** A compact encoding of the same block (one byte for a repeated line start, keys left out for a repeated key list), hashed. */
function compact(digest: string, block: readonly TraceEntry[]): string {
  let p = out.write(digest, 0, "latin1");
  let n = 0;
  for (let i = 0; i < block.length; i++) {
    const e = block[i]!;
    const a = e.arguments as { account: string; page: number };
    nums[n++] = e.at;
    if (i === 0) {
      p = put(p, FIRST_LINE);
      p = put(p, ACCOUNT);
      p = putQuoted(p, a.account);
      p = put(p, PAGE);
    } else {
      out[p++] = 0x3d; // the same names as the line before
      out[p++] = 0x7e; // the same key list as the line before
      p = putQuoted(p, a.account);
    }
    nums[n++] = a.page;
    out[p++] = 0x23;
    out[p++] = 0x0a;
  }
  out.set(numBytes.subarray(0, n * 8), p);
  lastLength = p + n * 8;
  return sha256Hex(out.subarray(0, lastLength));
}

/** Bytes per block of an encoding (for the report and the `sha` measurement). */
function blockBytes(encode: (d: string, b: readonly TraceEntry[]) => string): number {
  encode("0".repeat(64), blocks[0]!);
  return lastLength;
}

// the hand-written chain-2 encoder must give the build's digest, or its figure means nothing
for (const b of blocks) {
  if (bytes2("0".repeat(64), b) !== foldBlock(2, "0".repeat(64), b, 0, BLOCK))
    throw new Error("bench: the hand-written chain-2 encoder does not give the build's digest (the encoding changed?)");
}

// ---------------------------------------------------------------------------------------------

function cpuNs(n: number, f: (i: number) => void): number {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) f(i);
  const c = process.cpuUsage(t0);
  return ((c.user + c.system) * 1000) / n;
}

const long = new lib.Session(protocol);
for (let i = 0; i < 3000; i++) long.advance(long.validate(calls[i & 1023]!, true), RESULT);
const unbounded = new lib.Session(protocol, { trace: { keep: Number.POSITIVE_INFINITY } });
for (let i = 0; i < 3000; i++) unbounded.advance(unbounded.validate(calls[i & 1023]!, true), RESULT);
const actor = createActor(machine).start();
for (let i = 0; i < 3000; i++) actor.send(EVENT);
const shaBuffer = Buffer.alloc(blockBytes(bytes2));

// the hand-written core of a call (see the module comment): the entry is the trace's own shape
type CoreEntry = TraceEntry;
const ring: (CoreEntry | undefined)[] = new Array<CoreEntry | undefined>(1024).fill(undefined);
let coreSeq = 0;
const spec = { effect: "read" };
function core(call: { readonly name: string; readonly arguments: { readonly account: unknown; readonly page: unknown } }): void {
  const input = call.arguments;
  const account = input.account;
  const page = input.page;
  if (typeof account !== "string" || !Number.isSafeInteger(page)) throw new TypeError("bench: bad arguments");
  const validated = { id: undefined, name: call.name, arguments: { account, page }, spec };
  const seq = coreSeq++;
  ring[seq & 1023] = { seq, tool: validated.name, arguments: validated.arguments, outcome: "ok", from: "open", to: "open", at: Date.now() };
}

const keys = ["send", "fresh", "long", "unbounded", "fold", "fold3", "sha", "bytes2", "compact", "clock", "core"] as const;
const figures = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<(typeof keys)[number], number[]>;
let sink: unknown;
for (let r = 0; r < ROUNDS; r++) {
  const fresh = Array.from({ length: N / PER_FRESH }, () => new lib.Session(protocol));
  const x1 = cpuNs(N, () => actor.send(EVENT));
  figures.long.push(cpuNs(N, (k) => void long.advance(long.validate(calls[k & 1023]!, true), RESULT)));
  figures.fresh.push(
    cpuNs(N, (k) => {
      const s = fresh[(k / PER_FRESH) | 0]!;
      s.advance(s.validate(calls[k & 1023]!, true), RESULT);
    }),
  );
  figures.unbounded.push(cpuNs(N, (k) => void unbounded.advance(unbounded.validate(calls[k & 1023]!, true), RESULT)));
  const x2 = cpuNs(N, () => actor.send(EVENT));
  figures.send.push((x1 + x2) / 2);
  let d = "0".repeat(64);
  figures.fold.push(cpuNs(N / BLOCK, (k) => void (d = foldBlock(2, d, blocks[k & 15]!, 0, BLOCK))) / BLOCK);
  figures.fold3.push(cpuNs(N / BLOCK, (k) => void (d = foldBlock(3, d, blocks[k & 15]!, 0, BLOCK))) / BLOCK);
  figures.bytes2.push(cpuNs(N / BLOCK, (k) => void (d = bytes2(d, blocks[k & 15]!))) / BLOCK);
  figures.compact.push(cpuNs(N / BLOCK, (k) => void (d = compact(d, blocks[k & 15]!))) / BLOCK);
  figures.sha.push(cpuNs(N / BLOCK, () => void (d = sha256Hex(shaBuffer))) / BLOCK);
  let t = 0;
  figures.clock.push(cpuNs(N, () => void (t += Date.now())));
  figures.core.push(cpuNs(N, (k) => core(calls[k & 1023]!)));
  sink = [d, t];
}
if (sink === undefined || actor.getSnapshot().value !== "open") throw new Error("bench: nothing measured");

const med = (k: (typeof keys)[number]) => quantile(figures[k], 0.5);
const perRound = (f: (r: number) => number) =>
  quartileSummary(
    Array.from({ length: ROUNDS }, (_, r) => f(r)),
    3,
  );
const at = (k: (typeof keys)[number], r: number) => figures[k][r]!;
console.log(
  `Long-session floor, CPU ns, ${ROUNDS} rounds (per call, or per dropped entry for fold/sha/bytes2/compact); load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
console.log(
  `  block bytes: chain 2 ${blockBytes(bytes2)}, compact ${blockBytes(compact)} (64 entries, with the 64-byte digest; chain 3 writes the compact bytes and a '}' on its first line)`,
);
for (const k of keys) console.log(`  ${k}: ${quartileSummary(figures[k])}`);
console.log(`  ratios over send, per round (median, quartiles, min):`);
console.log(`    long (runtime.sessionRatio's path): ${perRound((r) => at("long", r) / at("send", r))}`);
console.log(`    fresh (runtime.sessionFreshRatio's path): ${perRound((r) => at("fresh", r) / at("send", r))}`);
console.log(`    floor, fresh + chain-2 bytes written with no checks + hash: ${perRound((r) => (at("fresh", r) + at("bytes2", r)) / at("send", r))}`);
console.log(`    floor, fresh + compact bytes written with no checks + hash: ${perRound((r) => (at("fresh", r) + at("compact", r)) / at("send", r))}`);
console.log(`    floor, core + compact (no session machinery): ${perRound((r) => (at("core", r) + at("compact", r)) / at("send", r))}`);
console.log(
  `  medians: long − fresh ${(med("long") - med("fresh")).toFixed(0)} ns, long − unbounded ${(med("long") - med("unbounded")).toFixed(0)} ns; fold ${med("fold").toFixed(0)} (chain 3: ${med("fold3").toFixed(0)}; hash ${med("sha").toFixed(0)}); the no-check chain-2 encoder ${med("bytes2").toFixed(0)}, compact ${med("compact").toFixed(0)}; clock ${med("clock").toFixed(0)}`,
);
