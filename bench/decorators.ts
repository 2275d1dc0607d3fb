/**
 * Import-time cost of the decorators: defining 1,000 decorated classes in a hierarchy (a
 * binary tree, depth 10), each with its own protocol object (so every refinement check is
 * computed, none cached) that refines its parent's, and two @tool methods. Reported as the
 * median of several rounds, in milliseconds; the protocols are built before the clock starts.
 * `define1000BaselineMs` is the same hierarchy with do-nothing decorators (the cost of TC39
 * decorators themselves, as compiled), measured in the same run; `instantiate1000Ms` is the
 * first instantiation of each class (when undecorated subclasses are prepared).
 * `define1000CpuMs` is the process CPU time of the same definitions (user + system, all
 * threads): on a shared, overloaded machine it is steadier than the wall clock. The decorators
 * and `defineProtocol` come from the compiled package (`dist/`, see import-built.ts); the classes
 * below are compiled by tsx, like a user's.
 *
 *   npm run bench            (key decorators.define1000Ms)
 *   npm run build && node --import tsx bench/decorators.ts
 *   CONCORDAT_BENCH_AGAINST=../other/dist node --import tsx bench/decorators.ts   (CPU and wall ratios against another build;
 *     CONCORDAT_BENCH_ROUNDS=N interleaved rounds, default 7)
 */
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { pathToFileURL } from "node:url";
import { runInNewContext } from "node:vm";
import { z } from "zod";
import type * as Concordat from "../src/index.js";
import type * as Decorators from "../decorators/index.js";
import type { Protocol } from "../src/protocol/protocol.js";
import { importBuilt } from "./import-built.js";

// the compiled package, as users run it (the decorators module installs the Symbol.metadata polyfill)
interface Lib {
  readonly enforce: typeof Decorators.enforce;
  readonly tool: typeof Decorators.tool;
  readonly defineProtocol: typeof Concordat.defineProtocol;
}
const built: Lib = {
  ...(await importBuilt<typeof Decorators>("decorators/index.js")),
  ...(await importBuilt<typeof Concordat>("src/index.js")),
};

const CLASSES = 1000;
const ROUNDS = 7;

function protocolAtDepth(depth: number, i: number, { defineProtocol }: Lib = built) {
  return defineProtocol({
    name: `bench-${i}`,
    initial: "start",
    terminal: ["done"],
    tools: {
      lookup_booking: { input: z.object({ bookingId: z.string() }), effect: "read", outcomes: ["found", "not_found"] },
      request_confirmation: { input: z.object({ bookingId: z.string() }), effect: "read" },
      receive_message: { input: z.object({ text: z.string() }), effect: "read", outcomes: ["confirmed", "denied"] },
      issue_refund: { input: z.object({ bookingId: z.string(), amount: z.number() }), effect: "write" },
      end_conversation: { input: z.object({}), effect: "read" },
    },
    states: {
      start: { on: { lookup_booking: { found: "booked", not_found: "start" }, end_conversation: { ok: "done" } } },
      booked: { on: { request_confirmation: { ok: "awaiting" }, end_conversation: { ok: "done" } } },
      awaiting: { on: { receive_message: { confirmed: "confirmed", denied: "booked" } }, budget: { toolCalls: 100 - depth } },
      confirmed: { on: { issue_refund: { ok: "refunded" } } },
      refunded: { on: { end_conversation: { ok: "done" } } },
      done: {},
    },
    // deeper classes tighten the budget: each protocol refines its parent's
    budget: { totalTokens: 100_000 - depth * 10, toolCalls: 200 - depth },
  });
}

type Ctor = new (...args: any[]) => object;

function defineHierarchy(protocols: readonly Protocol<any, any, any>[], { enforce, tool }: Lib = built): { ms: number; cpuMs: number; classes: Ctor[] } {
  class Base {}
  const classes: Ctor[] = [];
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < CLASSES; i++) {
    const Parent: Ctor = i === 0 ? Base : classes[(i - 1) >> 1]!;
    @enforce(protocols[i]!)
    class Node extends Parent {
      @tool() async lookup_booking(args: { bookingId: string }) {
        return args.bookingId;
      }
      @tool("issue_refund") async refund(args: { bookingId: string; amount: number }) {
        return args.amount;
      }
    }
    classes.push(Node);
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, classes };
}

/** A full GC before the clock starts, so garbage from building the protocols is not billed to the decorators. */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (() => void) | undefined;
  gc?.();
}

/** The same hierarchy with do-nothing decorators: what TC39 decorators cost by themselves. */
function defineBaseline(): number {
  const noop = (value: unknown, _context: unknown) => value as never;
  class Base {}
  const classes: Ctor[] = [];
  const t0 = performance.now();
  for (let i = 0; i < CLASSES; i++) {
    const Parent: Ctor = i === 0 ? Base : classes[(i - 1) >> 1]!;
    @noop
    class Node extends Parent {
      @noop async lookup_booking(args: { bookingId: string }) {
        return args.bookingId;
      }
      @noop async refund(args: { bookingId: string; amount: number }) {
        return args.amount;
      }
    }
    classes.push(Node);
  }
  return performance.now() - t0;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

export async function benchDecorators(): Promise<{ define1000Ms: number; define1000CpuMs: number; define1000BaselineMs: number; instantiate1000Ms: number }> {
  const depthOf = (i: number) => Math.floor(Math.log2(i + 1));
  const defineTimes: number[] = [];
  const instantiateTimes: number[] = [];
  const baselineTimes: number[] = [];
  const cpuTimes: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const protocols = Array.from({ length: CLASSES }, (_, i) => protocolAtDepth(depthOf(i), i));
    collectGarbage();
    const { ms, cpuMs, classes } = defineHierarchy(protocols);
    // first instantiation of every class (subclass preparation happens here)
    const t0 = performance.now();
    for (const C of classes) new C();
    const inst = performance.now() - t0;
    if (process.env["CONCORDAT_BENCH_VERBOSE"])
      console.log(`round ${round}: define ${ms.toFixed(1)} ms (cpu ${cpuMs.toFixed(1)} ms), instantiate ${inst.toFixed(1)} ms`);
    collectGarbage();
    const baseline = defineBaseline();
    if (round > 0) {
      // round 0 warms up the JIT
      defineTimes.push(ms);
      instantiateTimes.push(inst);
      baselineTimes.push(baseline);
      cpuTimes.push(cpuMs);
    }
  }
  return {
    define1000Ms: median(defineTimes),
    define1000CpuMs: median(cpuTimes),
    define1000BaselineMs: median(baselineTimes),
    instantiate1000Ms: median(instantiateTimes),
  };
}

/**
 * The define CPU time of this package against another compiled copy of concordat (a `dist/`
 * directory, e.g. main's), in interleaved rounds in one process: `CONCORDAT_BENCH_AGAINST=DIR`.
 */
async function compareWith(dir: string, rounds: number): Promise<void> {
  const root = pathToFileURL(`${dir.replace(/\/$/, "")}/`).href;
  const other: Lib = { ...(await import(`${root}decorators/index.js`)), ...(await import(`${root}src/index.js`)) } as Lib;
  const depthOf = (i: number) => Math.floor(Math.log2(i + 1));
  const cpu: Record<"this" | "other", number[]> = { this: [], other: [] };
  const wall: Record<"this" | "other", number[]> = { this: [], other: [] };
  for (let round = 0; round <= rounds; round++) {
    for (const side of round % 2 ? (["this", "other"] as const) : (["other", "this"] as const)) {
      const lib = side === "this" ? built : other;
      const protocols = Array.from({ length: CLASSES }, (_, i) => protocolAtDepth(depthOf(i), i, lib));
      collectGarbage();
      const { ms, cpuMs } = defineHierarchy(protocols, lib);
      if (round > 0) {
        cpu[side].push(cpuMs);
        wall[side].push(ms);
      }
    }
  }
  const spread = (xs: number[]) => `${median(xs).toFixed(1)} ms (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
  for (const [what, t] of [
    ["define1000CpuMs", cpu],
    ["define1000Ms (wall)", wall],
  ] as const) {
    const ratios = t.this.map((x, i) => x / t.other[i]!);
    console.log(
      `${what}: this package ${spread(t.this)}, ${dir} ${spread(t.other)}; ratio this/other ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) over ${rounds} rounds, load ${loadavg()[0]!.toFixed(1)}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const against = process.env["CONCORDAT_BENCH_AGAINST"];
  const rounds = Number(process.env["CONCORDAT_BENCH_ROUNDS"] ?? ROUNDS);
  if (!Number.isInteger(rounds) || rounds < 3) throw new Error(`CONCORDAT_BENCH_ROUNDS must be an integer >= 3, got ${process.env["CONCORDAT_BENCH_ROUNDS"]}.`);
  if (against) await compareWith(against, rounds);
  else console.log(await benchDecorators());
}
