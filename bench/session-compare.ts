/**
 * `Session` check + advance (`validate(call, true)` then `advance(call, result)`, the quantity of
 * `runtime.sessionNs` and `runtime.sessionFreshNs`) in process CPU time (user + system,
 * `process.cpuUsage`), which a loaded machine disturbs less than the wall clock; optionally
 * against another compiled copy of the package in the same process, in interleaved rounds (the
 * order alternates every round). Also the trace chain's fold alone (one block of the same
 * entries folded over and over) in the chain each build's new sessions use (its
 * `TRACE_CHAIN_VERSION`; 2 for builds that do not export it).
 *
 * - `long`: one session past its trace retention (3,000 calls before the rounds): every call
 *   also folds one dropped entry into the chain, like `runtime.sessionNs`.
 * - `fresh`: sessions within their retention (500 calls each, made before the clock starts).
 *
 * Prints, per build, the median with its quartiles and minimum, and with a second build the
 * per-round ratio this/other (median and quartiles).
 *
 *   npm run build && node --import tsx bench/session-compare.ts
 *   CONCORDAT_BENCH_AGAINST=../other/dist node --import tsx bench/session-compare.ts
 *   CONCORDAT_BENCH_ROUNDS=31 …     (default 21)
 *
 * To build another commit: `git archive COMMIT | tar -x -C DIR`, link `node_modules`, then
 * `npx tsc -p tsconfig.build.json` in DIR.
 */
import { loadavg } from "node:os";
import type * as Concordat from "../src/index.js";
import type { TraceEntry } from "../src/runtime/session-trace.js";
import { BENCH_BLOCK, LOOKUP_CALLS, lookupProtocol, lookupTraceBlocks } from "./bench-protocol.js";
import { importBuilt, importFromDist } from "./import-built.js";
import { quartileSummary } from "./quantiles.js";

type Fold = (version: number, digest: string, block: readonly TraceEntry[], start: number, count: number) => string;
interface ChainModule {
  readonly foldBlock: Fold;
  /** The chain new sessions of the build fold with (absent before it was exported: 2). */
  readonly TRACE_CHAIN_VERSION?: number;
}

interface Build {
  readonly name: string;
  readonly lib: typeof Concordat;
  /** (typed loosely: the builds' `Protocol` classes are distinct) */
  readonly protocol: ConstructorParameters<typeof Concordat.Session>[0];
  readonly long: InstanceType<typeof Concordat.Session>;
  readonly fold: Fold;
  /** The chain the build's new sessions fold with: `fold` is measured at it. */
  readonly chain: number;
}

const ROUNDS = Number(process.env["CONCORDAT_BENCH_ROUNDS"] ?? 21);
if (!Number.isInteger(ROUNDS) || ROUNDS < 3) throw new Error(`CONCORDAT_BENCH_ROUNDS must be an integer >= 3, got ${process.env["CONCORDAT_BENCH_ROUNDS"]}.`);
const N = 20_000;
const PER_FRESH = 500;
const calls = LOOKUP_CALLS;
const RESULT = { ok: true, value: 1 } as const;
const BLOCK = BENCH_BLOCK;
const blocks = lookupTraceBlocks();

function load(name: string, lib: typeof Concordat, chainModule: ChainModule): Build {
  const protocol = lookupProtocol(lib.defineProtocol) as ConstructorParameters<typeof Concordat.Session>[0];
  const long = new lib.Session(protocol);
  for (let i = 0; i < 3000; i++) long.advance(long.validate(calls[i & 1023]!, true), RESULT);
  return { name, lib, protocol, long, fold: chainModule.foldBlock, chain: chainModule.TRACE_CHAIN_VERSION ?? 2 };
}

function cpuNs(n: number, f: (i: number) => void): number {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) f(i);
  const c = process.cpuUsage(t0);
  return ((c.user + c.system) * 1000) / n;
}

const here = await importBuilt<ChainModule>("src/runtime/trace-chain.js");
const builds: Build[] = [load("this build", await importBuilt<typeof Concordat>("src/index.js"), here)];
const against = process.env["CONCORDAT_BENCH_AGAINST"];
if (against !== undefined) {
  const lib = await importFromDist<typeof Concordat>(against, "src/index.js");
  builds.push(load(`against ${against}`, lib, await importFromDist<ChainModule>(against, "src/runtime/trace-chain.js")));
}

const figures = builds.map(() => ({ long: [] as number[], fresh: [] as number[], fold: [] as number[] }));
let sink = "";
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i);
  for (const i of order) {
    const b = builds[i]!;
    const f = figures[i]!;
    const s = b.long;
    f.long.push(cpuNs(N, (k) => void s.advance(s.validate(calls[k & 1023]!, true), RESULT)));
    const fresh = Array.from({ length: N / PER_FRESH }, () => new b.lib.Session(b.protocol));
    f.fresh.push(
      cpuNs(N, (k) => {
        const fs = fresh[(k / PER_FRESH) | 0]!;
        fs.advance(fs.validate(calls[k & 1023]!, true), RESULT);
      }),
    );
    let d = "0".repeat(64);
    f.fold.push(cpuNs(N / BLOCK, (k) => void (d = b.fold(b.chain, d, blocks[k & 15]!, 0, BLOCK))) / BLOCK);
    sink = d;
  }
}
if (builds.length === 2 && builds[0]!.fold(2, sink, blocks[0]!, 0, BLOCK) !== builds[1]!.fold(2, sink, blocks[0]!, 0, BLOCK)) {
  throw new Error("bench: the two builds fold a block to different chain-2 digests");
}

console.log(
  `Session check + advance, CPU ns per call, ${ROUNDS} rounds of ${N} calls; chain fold CPU ns per entry; load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
builds.forEach((b, i) => {
  const f = figures[i]!;
  console.log(`  ${b.name}: long ${quartileSummary(f.long)}; fresh ${quartileSummary(f.fresh)}; fold (chain ${b.chain}) per entry ${quartileSummary(f.fold)}`);
});
if (builds.length === 2) {
  const ratio = (k: "long" | "fresh" | "fold") =>
    quartileSummary(
      figures[0]![k].map((x, r) => x / figures[1]![k][r]!),
      3,
    );
  console.log(`  per-round ratio this/against: long ${ratio("long")}; fresh ${ratio("fresh")}; fold ${ratio("fold")}`);
}
