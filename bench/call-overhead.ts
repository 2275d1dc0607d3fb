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
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import type * as Concordat from "../src/index.js";
import type * as Decorators from "../decorators/index.js";
import { importBuilt } from "./import-built.js";

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
  const protocol = lib.defineProtocol({
    name: "bench-call-overhead",
    initial: "open",
    terminal: ["closed"],
    tools: {
      lookup: { input: z.object({ account: z.string(), page: z.number().int() }), effect: "read" },
      close: { input: z.object({}), effect: "read" },
    },
    states: { open: { on: { lookup: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
  });
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

async function importFrom(dir: string): Promise<typeof Concordat & typeof Decorators> {
  const at = (p: string) => pathToFileURL(resolve(dir, p)).href;
  // the decorators module first: it installs the Symbol.metadata polyfill
  const decorators = (await import(at("decorators/index.js"))) as typeof Decorators;
  return { ...((await import(at("src/index.js"))) as typeof Concordat), ...decorators };
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

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) * q)]!;
}

const fmt = (x: number, digits = 0) => x.toFixed(digits);
const summary = (xs: readonly number[], digits = 0) =>
  `${fmt(quantile(xs, 0.5), digits)} (quartiles ${fmt(quantile(xs, 0.25), digits)}–${fmt(quantile(xs, 0.75), digits)}, min ${fmt(quantile(xs, 0), digits)})`;

const builds: Build[] = [
  await load("this build", { ...(await importBuilt<typeof Decorators>("decorators/index.js")), ...(await importBuilt<typeof Concordat>("src/index.js")) }),
];
const against = process.env["CONCORDAT_BENCH_AGAINST"];
if (against !== undefined) builds.push(await load(`against ${against}`, await importFrom(against)));

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
console.log(`  plain async method: ${summary(plains)}`);
builds.forEach((b, i) => console.log(`  overhead, ${b.name}: ${summary(overheads[i]!)}`));
if (builds.length === 2) {
  const ratio = overheads[0]!.map((x, r) => x / overheads[1]![r]!);
  console.log(`  per-round ratio this/against: ${summary(ratio, 3)}`);
}
