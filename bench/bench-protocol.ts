import { z } from "zod";
import type * as Concordat from "../src/index.js";
import type { TraceEntry } from "../src/runtime/session-trace.js";

/**
 * The protocol the session and call-overhead benchmarks run: one read tool (`lookup`) that loops
 * on `open`, and `close`. Built with the `defineProtocol` of the build under measurement, so two
 * compiled copies compared in one process each get their own.
 * @internal
 */
export function lookupProtocol(defineProtocol: typeof Concordat.defineProtocol) {
  return defineProtocol({
    name: "bench-session",
    initial: "open",
    terminal: ["closed"],
    tools: {
      lookup: { input: z.object({ account: z.string(), page: z.number().int() }), effect: "read" },
      close: { input: z.object({}), effect: "read" },
    },
    states: { open: { on: { lookup: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
  });
}

/** The benches' calls: 1,024 `lookup` calls over 17 accounts (arguments of one shape, values varying). */
export const LOOKUP_CALLS = Array.from({ length: 1024 }, (_, i) => ({ name: "lookup", arguments: { account: `acct-${i % 17}`, page: i } }));

/** Entries per folded block of the benches' chain figures. */
export const BENCH_BLOCK = 64;

/** Sixteen blocks of `BENCH_BLOCK` trace entries of those calls (what a long session evicts and folds). */
export function lookupTraceBlocks(): TraceEntry[][] {
  return Array.from({ length: 16 }, (_, b) =>
    Array.from({ length: BENCH_BLOCK }, (_, j): TraceEntry => ({
      seq: b * BENCH_BLOCK + j,
      tool: "lookup",
      arguments: LOOKUP_CALLS[(b * BENCH_BLOCK + j) & 1023]!.arguments,
      outcome: "ok",
      from: "open",
      to: "open",
      at: 1.7e12 + j,
    })),
  );
}
