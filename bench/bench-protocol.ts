import { z } from "zod";
import type * as Concordat from "../src/index.js";

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
