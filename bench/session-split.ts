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
 * - `foldHot`: `foldBlock` alone, per entry, over sixteen blocks of the same entries (chain 3).
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

const keys = ["send", "fresh", "long", "keep64", "noFold", "unbounded", "foldHot"] as const;
type Key = (typeof keys)[number];
const figures = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<Key, number[]>;
let digest = "0".repeat(64);
const measure: Record<Key, () => number> = {
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
};
for (let r = 0; r < ROUNDS; r++) {
  for (let j = 0; j < keys.length; j++) {
    const k = keys[(j + r) % keys.length]!;
    figures[k].push(measure[k]());
  }
}
if (long.traceDropped() === undefined || keep64.traceDropped() === undefined || unbounded.traceDropped() !== undefined)
  throw new Error("bench: a session's retention did not act as set");

const per = (f: (r: number) => number, digits = 0) =>
  quartileSummary(
    Array.from({ length: ROUNDS }, (_, r) => f(r)),
    digits,
  );
const at = (k: Key, r: number) => figures[k][r]!;
console.log(
  `Long-session surplus split, CPU ns per call (foldHot: per entry), ${ROUNDS} rounds of ${N}; load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
for (const k of keys) console.log(`  ${k}: ${quartileSummary(figures[k])}`);
console.log(`  per round, ns:`);
console.log(`    long − fresh (the surplus): ${per((r) => at("long", r) - at("fresh", r))}`);
console.log(`    long − noFold (the fold in place): ${per((r) => at("long", r) - at("noFold", r))}`);
console.log(`    noFold − fresh (dropping, compacting, old entries held): ${per((r) => at("noFold", r) - at("fresh", r))}`);
console.log(`    long − keep64 (1,000 entries held instead of 64): ${per((r) => at("long", r) - at("keep64", r))}`);
console.log(`    long − unbounded: ${per((r) => at("long", r) - at("unbounded", r))}`);
console.log(`  ratios over send, per round: long ${per((r) => at("long", r) / at("send", r), 3)}; fresh ${per((r) => at("fresh", r) / at("send", r), 3)}`);
console.log(
  `  medians: long ${quantile(figures.long, 0.5).toFixed(0)}, fresh ${quantile(figures.fresh, 0.5).toFixed(0)}, fold hot per entry ${quantile(figures.foldHot, 0.5).toFixed(0)} (digest ${digest.slice(0, 8)})`,
);
