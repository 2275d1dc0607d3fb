/**
 * The paths users run, against baselines measured in the same run (interleaved rounds; medians
 * and the spread over rounds are reported). Measures the built package (`dist/`, see
 * import-built.ts), as users run it.
 *
 * - `runtime.sessionNs`: one `Session` check + advance (`validate(call, true)` then
 *   `advance(call, result)`), on a long session in its steady state (default trace retention,
 *   so dropping and hashing old entries is included); `runtime.sessionRatio` = that over XState
 *   v5 `actor.send` of the same transition, measured in the same round.
 * - `runtime.sessionFreshNs` / `runtime.sessionFreshRatio`: the same check + advance on sessions
 *   still within their retention (500 calls each, made before the clock starts): nothing is
 *   dropped or hashed, the case of a conversation shorter than `trace.keep` (1,000 by default).
 * - `runtime.sessionRunNs`: `await session.execute(call, impl)` with a synchronous tool.
 * - `decorators.callOverheadNs`: an awaited call of a decorated `@tool` method minus an awaited
 *   call of the same plain async method.
 *   `decorators.callOverheadFreshNs`: the same on instances whose sessions are within their
 *   retention (500 calls each; the instances and their sessions made before the clock starts).
 * - `runtime.session100kHeapMB`: heap held by a session after 100,000 calls with distinct
 *   arguments (default retention), after a full GC; `runtime.session100kJsonKB` its snapshot's
 *   size; `runtime.session100kRestoreMs`: `Session.fromJSON` of that snapshot's JSON text.
 *
 *   npm run bench            (all benchmarks; this one needs `npm run build`, which the script runs)
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createActor, createMachine } from "xstate";
import type * as Concordat from "../src/index.js";
import type * as Decorators from "../decorators/index.js";
import { lookupProtocol } from "./bench-protocol.js";
import { importBuilt } from "./import-built.js";

const { defineProtocol, Session } = await importBuilt<typeof Concordat>("src/index.js");
const { enforce, tool, sessionOf } = await importBuilt<typeof Decorators>("decorators/index.js");

const protocol = lookupProtocol(defineProtocol);

const machine = createMachine({
  id: "bench-session",
  initial: "open",
  states: { open: { on: { "lookup.ok": "open", "close.ok": "closed" } }, closed: { type: "final" } },
});

@enforce(protocol)
class Decorated {
  @tool() async lookup(args: { account: string; page: number }) {
    return args.page;
  }
}
class Plain {
  async lookup(args: { account: string; page: number }) {
    return args.page;
  }
}

const ROUNDS = Number(process.env["CONCORDAT_BENCH_ROUNDS"] ?? 9);
const N = 20_000;
const calls = Array.from({ length: 1024 }, (_, i) => ({ name: "lookup", arguments: { account: `acct-${i % 17}`, page: i } }));
const argsList = calls.map((c) => c.arguments);
const RESULT = { ok: true, value: 1 } as const;
const EVENT = { type: "lookup.ok" } as const;

function nsPerOp(n: number, f: (i: number) => void): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f(i);
  return Number(process.hrtime.bigint() - t0) / n;
}

async function nsPerAwaitedOp(n: number, f: (i: number) => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await f(i);
  return Number(process.hrtime.bigint() - t0) / n;
}

const gc: () => void = (() => {
  setFlagsFromString("--expose-gc");
  return (runInNewContext("gc") as (() => void) | undefined) ?? (() => undefined);
})();

export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

function spread(xs: readonly number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[s.length >> 1]!, min: s[0]!, max: s[s.length - 1]! };
}

export interface SessionBench {
  readonly rounds: number;
  readonly sessionFreshNs: Spread;
  readonly sessionFreshRatio: Spread;
  readonly sessionNs: Spread;
  readonly xstateSendNs: Spread;
  readonly sessionRatio: Spread;
  readonly sessionRunNs: Spread;
  readonly decoratedNs: Spread;
  readonly plainNs: Spread;
  readonly callOverheadNs: Spread;
  readonly callOverheadFreshNs: Spread;
  readonly session100kHeapMB: number;
  readonly session100kJsonKB: number;
  readonly session100kRestoreMs: Spread;
}

/** Runs every measurement of this file; see the module comment for what each figure is. */
export async function benchSession(): Promise<SessionBench> {
  const session = new Session(protocol);
  const runSession = new Session(protocol);
  const actor = createActor(machine).start();
  const decorated = new Decorated();
  const plain = new Plain();
  const impl = () => 1;
  // warm-up past the retention, so every round measures the steady state
  for (let i = 0; i < 3000; i++) session.advance(session.validate(calls[i & 1023]!, true), RESULT);
  for (let i = 0; i < 3000; i++) await runSession.execute(calls[i & 1023]!, impl);
  for (let i = 0; i < 3000; i++) await decorated.lookup(argsList[i & 1023]!);
  for (let i = 0; i < 3000; i++) await plain.lookup(argsList[i & 1023]!);
  for (let i = 0; i < 3000; i++) actor.send(EVENT);

  const sessionNs: number[] = [];
  const xstateNs: number[] = [];
  const ratios: number[] = [];
  const runNs: number[] = [];
  const decoratedNs: number[] = [];
  const plainNs: number[] = [];
  const overheads: number[] = [];
  const freshNs: number[] = [];
  const freshOverheads: number[] = [];
  const freshRatios: number[] = [];
  const PER_FRESH = 500;
  for (let r = 0; r < ROUNDS; r++) {
    const fresh = Array.from({ length: N / PER_FRESH }, () => new Session(protocol));
    const x1 = nsPerOp(N, () => actor.send(EVENT));
    const s = nsPerOp(N, (i) => void session.advance(session.validate(calls[i & 1023]!, true), RESULT));
    const x2 = nsPerOp(N, () => actor.send(EVENT));
    const f = nsPerOp(N, (i) => {
      const fs = fresh[(i / PER_FRESH) | 0]!;
      fs.advance(fs.validate(calls[i & 1023]!, true), RESULT);
    });
    const x3 = nsPerOp(N, () => actor.send(EVENT));
    const x = (x1 + x2) / 2;
    sessionNs.push(s);
    xstateNs.push(x);
    ratios.push(s / x);
    freshNs.push(f);
    freshRatios.push(f / ((x2 + x3) / 2));
    if (fresh.some((fs) => fs.traceDropped() !== undefined)) throw new Error("bench: a fresh session dropped trace entries");
    runNs.push(await nsPerAwaitedOp(N, (i) => runSession.execute(calls[i & 1023]!, impl)));
    const p1 = await nsPerAwaitedOp(N, (i) => plain.lookup(argsList[i & 1023]!));
    const d = await nsPerAwaitedOp(N, (i) => decorated.lookup(argsList[i & 1023]!));
    const p2 = await nsPerAwaitedOp(N, (i) => plain.lookup(argsList[i & 1023]!));
    const freshDecorated = Array.from({ length: N / PER_FRESH }, () => new Decorated());
    for (const fd of freshDecorated) sessionOf(fd);
    const df = await nsPerAwaitedOp(N, (i) => freshDecorated[(i / PER_FRESH) | 0]!.lookup(argsList[i & 1023]!));
    const p3 = await nsPerAwaitedOp(N, (i) => plain.lookup(argsList[i & 1023]!));
    decoratedNs.push(d);
    plainNs.push((p1 + p2) / 2);
    overheads.push(d - (p1 + p2) / 2);
    freshOverheads.push(df - (p2 + p3) / 2);
  }
  if (actor.getSnapshot().value !== "open") throw new Error("bench: the XState actor left state open");

  // a 100,000-call session with distinct arguments, default retention
  gc();
  const before = process.memoryUsage().heapUsed;
  let long: InstanceType<typeof Session> | undefined = new Session(protocol);
  for (let i = 0; i < 100_000; i++)
    long.advance(long.validate({ id: `call-${i}`, name: "lookup", arguments: { account: `acct-${i}`, page: i } }, true), { ok: true, value: i });
  gc();
  const heapMB = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  const text = JSON.stringify(long.toJSON());
  long = undefined;
  const restoreMs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now();
    const restored = Session.fromJSON(protocol, text);
    restoreMs.push(performance.now() - t0);
    if (restored.traceLength !== 100_000) throw new Error("bench: the restored session lost calls");
  }

  return {
    rounds: ROUNDS,
    sessionFreshNs: spread(freshNs),
    sessionFreshRatio: spread(freshRatios),
    sessionNs: spread(sessionNs),
    xstateSendNs: spread(xstateNs),
    sessionRatio: spread(ratios),
    sessionRunNs: spread(runNs),
    decoratedNs: spread(decoratedNs),
    plainNs: spread(plainNs),
    callOverheadNs: spread(overheads),
    callOverheadFreshNs: spread(freshOverheads),
    session100kHeapMB: heapMB,
    session100kJsonKB: Buffer.byteLength(text) / 1024,
    session100kRestoreMs: spread(restoreMs),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchSession());
}
