/**
 * The decorated `@tool` call's overhead over a plain async method (`decorators.callOverheadNs`'s
 * quantity) in process CPU time (user + system, `process.cpuUsage`), which a loaded machine
 * disturbs less than the wall clock; optionally against another compiled copy of the package
 * in the same process, in interleaved rounds (the order alternates every round, and each
 * decorated measurement is paired with the plain calls measured right before and after it).
 *
 * - `fresh`: instances whose sessions stay within their trace retention (500 calls each, the
 *   instances and sessions made before the clock starts), like `callOverheadFreshNs`.
 * - `long`: one instance past its retention (3,000 calls before the rounds), like `callOverheadNs`.
 *
 * Prints, per build, the median overhead over the rounds with its quartiles and minimum, and
 * with a second build the per-round ratio this/other (median and quartiles). Both builds run in
 * one process: each has its own `AsyncLocalStorage`, so every promise pays the propagation of
 * two storages in both measurements alike.
 *
 *   npm run build && node --import tsx bench/call-overhead.ts
 *   CONCORDAT_BENCH_AGAINST=../other/dist node --import tsx bench/call-overhead.ts
 *   CONCORDAT_BENCH_ROUNDS=41 CONCORDAT_BENCH_PATH=long …     (defaults: 31 rounds, fresh)
 */
import { loadavg } from "node:os";
import type * as Concordat from "../src/index.js";
import type * as Decorators from "../decorators/index.js";
import { lookupProtocol } from "./bench-protocol.js";
import { importBuilt, importFromDist } from "./import-built.js";
import { quartileSummary } from "./quantiles.js";

interface Build {
  readonly name: string;
  readonly make: () => { lookup(args: { account: string; page: number }): Promise<number> };
  readonly sessionOf: (instance: object) => unknown;
  readonly long: { lookup(args: { account: string; page: number }): Promise<number> };
}

const ROUNDS = Number(process.env["CONCORDAT_BENCH_ROUNDS"] ?? 31);
const PATH = process.env["CONCORDAT_BENCH_PATH"] ?? "fresh";
if (PATH !== "fresh" && PATH !== "long") throw new Error(`CONCORDAT_BENCH_PATH must be "fresh" or "long", got ${JSON.stringify(PATH)}.`);
if (!Number.isInteger(ROUNDS) || ROUNDS < 3) throw new Error(`CONCORDAT_BENCH_ROUNDS must be an integer >= 3, got ${process.env["CONCORDAT_BENCH_ROUNDS"]}.`);
const N = 10_000;
const PER_FRESH = 500;
const argsList = Array.from({ length: 1024 }, (_, i) => ({ account: `acct-${i % 17}`, page: i }));

class Plain {
  async lookup(args: { account: string; page: number }) {
    return args.page;
  }
}

async function load(name: string, lib: typeof Concordat & typeof Decorators): Promise<Build> {
  const protocol = lookupProtocol(lib.defineProtocol);
  @lib.enforce(protocol)
  class Decorated {
    @lib.tool() async lookup(args: { account: string; page: number }) {
      return args.page;
    }
  }
  const long = new Decorated();
  for (let i = 0; i < 3000; i++) await long.lookup(argsList[i & 1023]!);
  return { name, make: () => new Decorated(), sessionOf: lib.sessionOf, long };
}

function cpuNsPerCall(t0: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(t0);
  return ((c.user + c.system) * 1000) / N;
}

const plain = new Plain();
async function plainNs(): Promise<number> {
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) await plain.lookup(argsList[i & 1023]!);
  return cpuNsPerCall(t0);
}

async function decoratedNs(b: Build): Promise<number> {
  const instances = PATH === "fresh" ? Array.from({ length: N / PER_FRESH }, () => b.make()) : [b.long];
  for (const d of instances) b.sessionOf(d);
  const t0 = process.cpuUsage();
  if (PATH === "fresh") for (let i = 0; i < N; i++) await instances[(i / PER_FRESH) | 0]!.lookup(argsList[i & 1023]!);
  else for (let i = 0; i < N; i++) await b.long.lookup(argsList[i & 1023]!);
  return cpuNsPerCall(t0);
}

const builds: Build[] = [
  await load("this build", { ...(await importBuilt<typeof Decorators>("decorators/index.js")), ...(await importBuilt<typeof Concordat>("src/index.js")) }),
];
const against = process.env["CONCORDAT_BENCH_AGAINST"];
if (against !== undefined)
  builds.push(
    await load(`against ${against}`, {
      ...(await importFromDist<typeof Decorators>(against, "decorators/index.js")),
      ...(await importFromDist<typeof Concordat>(against, "src/index.js")),
    }),
  );

const overheads = builds.map((): number[] => []);
const plains: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? builds.map((_, i) => i) : builds.map((_, i) => builds.length - 1 - i);
  let before = await plainNs();
  for (const i of order) {
    const d = await decoratedNs(builds[i]!);
    const after = await plainNs();
    overheads[i]!.push(d - (before + after) / 2);
    plains.push(before);
    before = after;
  }
}

console.log(
  `decorated @tool call over a plain async method, CPU ns per call, ${PATH} sessions, ${ROUNDS} rounds of ${N} calls, load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
console.log(`  plain async method: ${quartileSummary(plains)}`);
builds.forEach((b, i) => console.log(`  overhead, ${b.name}: ${quartileSummary(overheads[i]!)}`));
if (builds.length === 2) {
  const ratio = overheads[0]!.map((x, r) => x / overheads[1]![r]!);
  console.log(`  per-round ratio this/against: ${quartileSummary(ratio, 3)}`);
}
