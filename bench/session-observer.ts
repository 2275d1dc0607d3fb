/**
 * What session tracing costs per call: `session.execute` of a read tool (a self-loop, so the
 * session never ends) with no observer, with a do-nothing observer (the hook calls alone), with
 * the OpenTelemetry observer and no tracer provider registered (non-recording spans: the API is
 * installed, nothing exports), and with a recording SDK provider whose exporter drops the spans.
 * A plain `await impl(args)` is the baseline. Rounds are interleaved (each round runs every
 * variant once, in a rotated order) so a slow spell of a shared machine lands on all of them;
 * the figures are the median over rounds of the mean ns per call, and the spread is min–max.
 *
 *   npm run bench:observer     (npm run build, then node --import tsx bench/session-observer.ts [rounds] [calls])
 *
 * Variants whose modules do not exist (an older checkout) are skipped, so the script also runs
 * on a checkout without tracing to compare the no-observer figure.
 */
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { z } from "zod";

// the BUILT package, as users run it (tsx's keepNames wraps every closure and adds microseconds per call)
const dist = (p: string) => new URL(`../dist/${p}`, import.meta.url).href;
if (!existsSync(fileURLToPath(dist("src/index.js")))) {
  console.error("bench:observer measures dist/: run `npm run build` first (npm run bench:observer does).");
  process.exit(2);
}
const { defineProtocol, Session } = (await import(dist("src/index.js") as string)) as typeof import("../src/index.js");

const ROUNDS = Number(process.argv[2] ?? 9);
const CALLS = Number(process.argv[3] ?? 20_000);

const protocol = defineProtocol({
  name: "bench-observer",
  initial: "a",
  terminal: ["z"],
  tools: { look: { input: z.object({ id: z.string() }), effect: "read" }, end: { input: z.object({}), effect: "read" } },
  states: { a: { on: { look: { ok: "a" }, end: { ok: "z" } } }, z: {} },
});
const impl = (args: { id: string }) => args.id.length;
const args = { id: "B-1" };

type Variant = { name: string; run: (n: number) => Promise<void> };

function sessionVariant(name: string, observer: unknown): Variant {
  const session = new Session(protocol, { observer } as never);
  const call = { name: "look" as const, arguments: args };
  return {
    name,
    run: async (n) => {
      for (let i = 0; i < n; i++) await session.execute(call, impl);
    },
  };
}

const variants: Variant[] = [
  {
    name: "plain await impl(args)",
    run: async (n) => {
      for (let i = 0; i < n; i++) await impl(args);
    },
  },
  sessionVariant("session, no observer", null),
];
try {
  const noop = {
    callValidated() {},
    runCall: <T>(_c: unknown, body: () => T) => body(),
    callChecked() {},
    callAdvanced() {},
    callFailed() {},
    refused() {},
    capture: () => undefined,
    within: <T>(_c: unknown, body: () => T) => body(),
  };
  const { openTelemetryObserver } = (await import(dist("src/telemetry/index.js") as string)) as typeof import("../src/telemetry/index.js");
  const { BasicTracerProvider, SimpleSpanProcessor } = await import("@opentelemetry/sdk-trace-base");
  const drop = { export: (_spans: unknown, done: (r: { code: number }) => void) => done({ code: 0 }), shutdown: async () => undefined };
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(drop as never)] });
  variants.push(
    sessionVariant("session, do-nothing observer", noop),
    sessionVariant("session, OpenTelemetry observer, no provider", openTelemetryObserver()),
    sessionVariant("session, OpenTelemetry observer, recording SDK", openTelemetryObserver({ tracer: provider.getTracer("bench") })),
  );
} catch (e) {
  console.log(`(tracing variants skipped: ${e instanceof Error ? e.message.split("\n")[0] : String(e)})`);
}

for (const v of variants) await v.run(2_000); // warm up
const perCall = new Map<string, number[]>(variants.map((v) => [v.name, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < variants.length; k++) {
    const v = variants[(r + k) % variants.length]!;
    const t0 = performance.now();
    await v.run(CALLS);
    perCall.get(v.name)!.push(((performance.now() - t0) * 1e6) / CALLS);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = median(perCall.get("session, no observer")!);
console.log(`ns per call, median of ${ROUNDS} interleaved rounds of ${CALLS} calls (min–max); Δ against "session, no observer"`);
for (const v of variants) {
  const xs = perCall.get(v.name)!;
  const m = median(xs);
  console.log(
    `  ${v.name.padEnd(48)} ${m.toFixed(0).padStart(6)}  (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})  Δ ${(m - base >= 0 ? "+" : "") + (m - base).toFixed(0)}`,
  );
}
