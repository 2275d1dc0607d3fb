import fc from "fast-check";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import type { Protocol } from "../../src/protocol/protocol.js";

/**
 * Random well-formed protocols: states s0..sN-1 plus a terminal "done"; every state allows
 * "end" (to done) and a chain edge s_i → s_{i+1} keeps every state reachable; other edges
 * are random. Tools pick their outcome from the result value, so a test controls it.
 */
export const arbProtocol: fc.Arbitrary<Protocol> = fc
  .record({
    stateCount: fc.integer({ min: 1, max: 6 }),
    toolCount: fc.integer({ min: 1, max: 4 }),
    seed: fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
  })
  .map(({ stateCount, toolCount, seed }) => {
    let k = 0;
    const next = () => seed[k++ % seed.length]!;
    const states = Array.from({ length: stateCount }, (_, i) => `s${i}`);
    const tools: Record<string, unknown> = {
      end: { input: z.object({}), effect: "read" },
    };
    const outcomesOf: Record<string, string[]> = {};
    for (let t = 0; t < toolCount; t++) {
      const outs = Array.from({ length: 1 + (next() % 3) }, (_, i) => `o${i}`);
      outcomesOf[`t${t}`] = outs;
      tools[`t${t}`] = {
        input: z.object({ n: z.number().int() }),
        effect: next() % 2 === 0 ? "write" : "read",
        outcomes: outs,
        outcome: (r: { ok: boolean; value?: unknown }) => (r.ok && typeof r.value === "string" && outs.includes(r.value) ? r.value : outs[0]),
      };
    }
    const stateSpecs: Record<string, { on: Record<string, Record<string, string>> }> = {};
    states.forEach((s, i) => {
      const on: Record<string, Record<string, string>> = { end: { ok: "done" } };
      for (const [t, outs] of Object.entries(outcomesOf)) {
        const chain = t === "t0" && i + 1 < stateCount;
        if (!chain && next() % 3 === 0) continue;
        on[t] = Object.fromEntries(outs.map((o, j) => [o, chain && j === 0 ? states[i + 1]! : states[next() % stateCount]!]));
      }
      stateSpecs[s] = { on };
    });
    return defineProtocol({ name: "random", initial: "s0", terminal: ["done"], tools, states: { ...stateSpecs, done: {} } } as never) as Protocol;
  });

/** A call attempt: a tool name (sometimes unknown), arguments (sometimes invalid), and the outcome the implementation will produce. */
export const arbCall = fc.record({
  tool: fc.oneof(fc.constantFrom("t0", "t1", "t2", "t3", "end"), fc.constant("nope")),
  validArgs: fc.boolean(),
  n: fc.integer(),
  produce: fc.constantFrom("o0", "o1", "o2"),
});
