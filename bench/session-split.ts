/**
 * Where a long session's call goes: the surplus of `runtime.sessionNs` (a session past its trace
 * retention) over `runtime.sessionFreshNs` (sessions within it), split into parts, in one
 * process, CPU time (user + system, `process.cpuUsage`), interleaved rounds whose order rotates.
 * All of it is the built package (`dist/`), check + advance (`validate(call, true)` then
 * `advance(call, result)`) of the bench's `lookup` call:
 *
 * - `send`: XState v5 `actor.send` of the same transition (the ratios' denominator);
 * - `fresh`: sessions within their retention (500 calls each, made before the clock starts);
 * - `long`: one session past its retention (default `keep` 1,000; 3,000 calls made before): every
 *   call drops one entry, recorded 1,000 calls earlier, and folds it into the hash chain;
 * - `keep64`: the same with `trace: { keep: 64 }`: the same drops and folds, of entries recorded
 *   64 calls earlier (still in the cache, still young): `long − keep64` is what holding 1,000
 *   entries costs (cold entries folded, entries promoted to the old generation);
 * - `noFold`: the long session of a scratch copy of `dist/` whose `foldBlock` returns the digest
 *   unchanged (made by this bench under `dist/.bench-nofold/`, removed by the next build):
 *   `long − noFold` is the fold in place, `noFold − fresh` the rest (dropping, compacting, GC);
 * - `unbounded`: `trace: { keep: Infinity }` (nothing dropped, the trace grows; 3,000 calls made before);
 * - `foldHot`: `foldBlock` alone, per entry, over sixteen blocks of the same entries (chain 3);
 * - with `CONCORDAT_BENCH_KINDS=1`, `fold:<kind>`: the same over entries whose arguments are of one
 *   kind (none, `{}`, one boolean, one number, one 6-character string, and the bench's
 *   `{ account, page }`), each kind its own tool: what each part of an entry's line costs the fold.
 *   (Off by default: folding six shapes makes the fold's code see more kinds of arguments than
 *   the bench's session does, which slows its `long` figure too.) With it also `str:quoted` and
 *   `str:prefixed`, per string, 64 six-character strings a block: written as the fold writes a
 *   string (a JSON literal, each character checked for an escape and stored), against a
 *   hypothetical length-prefixed encoding (the length into the numbers, the strings concatenated
 *   and written once per block as UTF-16, no per-character checks).
 * - `copy`, `copyFreeze`: copying the bench's arguments object into a new one (what the compiled
 *   argument check does), and the same copy frozen: what it would cost a call to know, at fold
 *   time, that the arguments are unchanged since they were checked (see docs/benchmarks.md).
 *
 *   npm run build && node --import tsx bench/session-split.ts
 *   CONCORDAT_BENCH_ROUNDS=21 …     (default 15)
 */
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { createActor, createMachine } from "xstate";
import type * as Concordat from "../src/index.js";
import type { TraceEntry } from "../src/runtime/session-trace.js";
import { BENCH_BLOCK, LOOKUP_CALLS, lookupProtocol, lookupTraceBlocks } from "./bench-protocol.js";
import { importBuilt, importFromDist } from "./import-built.js";
import { quantile, quartileSummary } from "./quantiles.js";

type Fold = (version: number, digest: string, block: readonly TraceEntry[], start: number, count: number) => string;
type SessionType = InstanceType<typeof Concordat.Session>;

const ROUNDS = Number(process.env["CONCORDAT_BENCH_ROUNDS"] ?? 15);
if (!Number.isInteger(ROUNDS) || ROUNDS < 3) throw new Error(`CONCORDAT_BENCH_ROUNDS must be an integer >= 3, got ${process.env["CONCORDAT_BENCH_ROUNDS"]}.`);
const N = 20_000;
const PER_FRESH = 500;
const calls = LOOKUP_CALLS;
const RESULT = { ok: true, value: 1 } as const;
const EVENT = { type: "lookup.ok" } as const;

/** A copy of dist/ whose foldBlock does nothing (the digest passes through), for `noFold`. */
function noFoldCopy(): string {
  const dist = fileURLToPath(new URL("../dist/", import.meta.url));
  const copy = `${dist}.bench-nofold/`;
  rmSync(copy, { recursive: true, force: true });
  for (const d of readdirSync(dist)) if (!d.startsWith(".")) cpSync(dist + d, copy + d, { recursive: true });
  const chain = `${copy}src/runtime/trace-chain.js`;
  if (!existsSync(chain)) throw new Error(`bench: ${chain} is missing. Fix: run \`npm run build\` first.`);
  const text = readFileSync(chain, "utf8");
  const patched = text.replace(/export function foldBlock\(version, digest, block, start, count\) \{\n/, "$&    return digest;\n");
  if (patched === text) throw new Error("bench: foldBlock's compiled signature changed; update session-split.ts's scratch patch.");
  writeFileSync(chain, patched);
  return copy;
}

const lib = await importBuilt<typeof Concordat>("src/index.js");
const { foldBlock } = await importBuilt<{ foldBlock: Fold }>("src/runtime/trace-chain.js");
const scratch = await importFromDist<typeof Concordat>(noFoldCopy(), "src/index.js");
const protocol = lookupProtocol(lib.defineProtocol);
const scratchProtocol = lookupProtocol(scratch.defineProtocol) as unknown as ConstructorParameters<typeof Concordat.Session>[0];

function warm(s: SessionType): SessionType {
  for (let i = 0; i < 3000; i++) s.advance(s.validate(calls[i & 1023]!, true), RESULT);
  return s;
}
const long = warm(new lib.Session(protocol));
const keep64 = warm(new lib.Session(protocol, { trace: { keep: 64 } }));
const unbounded = warm(new lib.Session(protocol, { trace: { keep: Number.POSITIVE_INFINITY } }));
const noFold = warm(new scratch.Session(scratchProtocol) as unknown as SessionType);
if (noFold.traceDropped() === undefined) throw new Error("bench: the scratch session did not drop entries");
const machine = createMachine({
  id: "bench-split",
  initial: "open",
  states: { open: { on: { "lookup.ok": "open", "close.ok": "closed" } }, closed: { type: "final" } },
});
const actor = createActor(machine).start();
for (let i = 0; i < 3000; i++) actor.send(EVENT);
const blocks = lookupTraceBlocks();

function cpuNs(n: number, f: (i: number) => void): number {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) f(i);
  const c = process.cpuUsage(t0);
  return ((c.user + c.system) * 1000) / n;
}
const run = (s: SessionType) => cpuNs(N, (k) => void s.advance(s.validate(calls[k & 1023]!, true), RESULT));

/** Blocks of entries whose arguments are of one kind, each kind its own tool (so each has its own learned shape). */
const kindArguments: Record<string, (i: number) => unknown> = {
  none: () => undefined,
  empty: () => ({}),
  boolean: (i) => ({ flag: (i & 1) === 0 }),
  number: (i) => ({ page: i }),
  string: (i) => ({ account: `acct-${i % 17}` }),
  both: (i) => ({ account: `acct-${i % 17}`, page: i }),
};
const kindBlocks = Object.fromEntries(
  Object.entries(kindArguments).map(([kind, make]) => [
    kind,
    Array.from({ length: 16 }, (_, b) =>
      Array.from({ length: BENCH_BLOCK }, (_, j): TraceEntry => ({
        seq: b * BENCH_BLOCK + j,
        tool: `kind-${kind}`,
        arguments: make(b * BENCH_BLOCK + j),
        outcome: "ok",
        from: "open",
        to: "open",
        at: 1.7e12 + j,
      })),
    ),
  ]),
);
const argsList = calls.map((c) => c.arguments);
const strings = Array.from({ length: 1024 }, (_, i) => `acct-${i % 17}`);
const strOut = Buffer.alloc(64 * 1024);
const strNums = new Float64Array(64);
let strPos = 0;
/** A string as the fold writes one with no escape needed (writeQuoted's fast path); throws otherwise. */
function quoted(s: string): void {
  const n = s.length;
  const b = strOut;
  let p = strPos;
  b[p++] = 0x22;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c >= 0x80) throw new Error("bench: a string needing an escape");
    b[p++] = c;
  }
  b[p++] = 0x22;
  strPos = p;
}
let kept: unknown;

const keys = [
  "send",
  "fresh",
  "long",
  "keep64",
  "noFold",
  "unbounded",
  "foldHot",
  ...(process.env["CONCORDAT_BENCH_KINDS"] === "1" ? [...Object.keys(kindArguments).map((k) => `fold:${k}` as const), "str:quoted", "str:prefixed"] : []),
  "copy",
  "copyFreeze",
] as const;
/** The figures always measured; the optional ones (`fold:<kind>`, `str:…`) are read through `keys` only. */
type Key = "send" | "fresh" | "long" | "keep64" | "noFold" | "unbounded" | "foldHot" | "copy" | "copyFreeze";
const figures = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<string, number[]>;
const foldOf = (kind: string) => () => {
  const bs = kindBlocks[kind]!;
  return cpuNs(N / BENCH_BLOCK, (k) => void (digest = foldBlock(3, digest, bs[k & 15]!, 0, BENCH_BLOCK))) / BENCH_BLOCK;
};
let digest = "0".repeat(64);
const measure: Record<string, () => number> = {
  send: () => cpuNs(N, () => void actor.send(EVENT)),
  fresh: () => {
    const fresh = Array.from({ length: N / PER_FRESH }, () => new lib.Session(protocol));
    return cpuNs(N, (k) => {
      const s = fresh[(k / PER_FRESH) | 0]!;
      s.advance(s.validate(calls[k & 1023]!, true), RESULT);
    });
  },
  long: () => run(long),
  keep64: () => run(keep64),
  noFold: () => run(noFold),
  unbounded: () => run(unbounded),
  foldHot: () => cpuNs(N / BENCH_BLOCK, (k) => void (digest = foldBlock(3, digest, blocks[k & 15]!, 0, BENCH_BLOCK))) / BENCH_BLOCK,
  ...Object.fromEntries(Object.keys(kindArguments).map((kind) => [`fold:${kind}`, foldOf(kind)])),
  "str:quoted": () =>
    cpuNs(N / 64, (k) => {
      strPos = 0;
      for (let j = 0; j < 64; j++) quoted(strings[(k * 64 + j) & 1023]!);
    }) / 64,
  "str:prefixed": () =>
    cpuNs(N / 64, (k) => {
      strPos = 0;
      let joined = "";
      for (let j = 0; j < 64; j++) {
        const x = strings[(k * 64 + j) & 1023]!;
        joined += x;
        strNums[j] = x.length;
        strOut[strPos++] = 0x73;
      }
      strPos += strOut.write(joined, strPos, "utf16le");
    }) / 64,
  copy: () =>
    cpuNs(N, (k) => {
      const a = argsList[k & 1023]!;
      kept = { account: a.account, page: a.page };
    }),
  copyFreeze: () =>
    cpuNs(N, (k) => {
      const a = argsList[k & 1023]!;
      kept = Object.freeze({ account: a.account, page: a.page });
    }),
};
for (let r = 0; r < ROUNDS; r++) {
  for (let j = 0; j < keys.length; j++) {
    const k = keys[(j + r) % keys.length]!;
    figures[k]!.push(measure[k]!());
  }
}
if (kept === undefined || long.traceDropped() === undefined || keep64.traceDropped() === undefined || unbounded.traceDropped() !== undefined)
  throw new Error("bench: a session's retention did not act as set");

const per = (f: (r: number) => number, digits = 0) =>
  quartileSummary(
    Array.from({ length: ROUNDS }, (_, r) => f(r)),
    digits,
  );
const at = (k: Key, r: number) => figures[k]![r]!;
console.log(
  `Long-session surplus split, CPU ns per call (foldHot: per entry), ${ROUNDS} rounds of ${N}; load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
for (const k of keys) console.log(`  ${k}: ${quartileSummary(figures[k]!)}`);
console.log(`  per round, ns:`);
console.log(`    long − fresh (the surplus): ${per((r) => at("long", r) - at("fresh", r))}`);
console.log(`    long − noFold (the fold in place): ${per((r) => at("long", r) - at("noFold", r))}`);
console.log(`    noFold − fresh (dropping, compacting, old entries held): ${per((r) => at("noFold", r) - at("fresh", r))}`);
console.log(`    long − keep64 (1,000 entries held instead of 64): ${per((r) => at("long", r) - at("keep64", r))}`);
console.log(`    long − unbounded: ${per((r) => at("long", r) - at("unbounded", r))}`);
console.log(`  ratios over send, per round: long ${per((r) => at("long", r) / at("send", r), 3)}; fresh ${per((r) => at("fresh", r) / at("send", r), 3)}`);
console.log(
  `  medians: long ${quantile(figures["long"]!, 0.5).toFixed(0)}, fresh ${quantile(figures["fresh"]!, 0.5).toFixed(0)}, fold hot per entry ${quantile(figures["foldHot"]!, 0.5).toFixed(0)} (digest ${digest.slice(0, 8)})`,
);
