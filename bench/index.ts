import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { benchRuntime } from "./runtime.js";
import { benchSession, type Spread } from "./session.js";
import { writeBenchJson } from "./write-bench-json.js";

/**
 * `npm run bench [-- --json FILE] [--skip analyzer,decorators]`: every benchmark, each against a baseline measured in the
 * same run, printed as ratios (lower is better for Concordat). The script builds first: the
 * session and decorated-call figures (bench/session.ts) measure the compiled package.
 */
const { values } = parseArgs({ options: { json: { type: "string" }, skip: { type: "string" } } });
// `--skip analyzer` (or decorators, or both, comma-separated): the analyzer part alone takes minutes on a busy machine
const skip = new Set((values.skip ?? "").split(",").filter((x) => x !== ""));
const here = dirname(fileURLToPath(import.meta.url));
const out: Record<string, number> = {};
const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

/** A benchmark contributed by another module (exporting bench<Name>() → flat numeric record), unless skipped. */
async function contributed(file: string, fn: string, prefix: string): Promise<void> {
  const path = join(here, file);
  if (!existsSync(path) || skip.has(prefix)) return;
  const mod = (await import(pathToFileURL(path).href)) as Record<string, () => Promise<Record<string, number>>>;
  const res = await mod[fn]!();
  if (prefix === "decorators") console.log(`${prefix}:`);
  for (const [k, v] of Object.entries(res)) {
    out[`${prefix}.${k}`] = v;
    if (prefix === "decorators") console.log(`  ${k.padEnd(20)} ${fmt(v)}`);
  }
}

// import time first, in the fresh process, as an application defines its classes at startup (after the session benchmarks'
// 100k-call sessions, the same definitions measured 42–56 ms against 31–39 ms alone, 2026-12-02)
await contributed("decorators.ts", "benchDecorators", "decorators");

const r = await benchRuntime();
out["runtime.concordatNs"] = r.concordatNs;
out["runtime.xstateNs"] = r.xstateNs;
out["runtime.ratio"] = r.ratio;
out["runtime.large.concordatNs"] = r.large.concordatNs;
out["runtime.large.xstateNs"] = r.large.xstateNs;
out["runtime.large.ratio"] = r.large.ratio;
console.log("runtime: median ns per call, validateCall + nextState vs XState v5 actor.send (same run)");
console.log(`  refund protocol     concordat ${fmt(r.concordatNs)} ns   xstate ${fmt(r.xstateNs)} ns   ratio ${r.ratio.toFixed(3)}`);
console.log(`  1,000-state proto   concordat ${fmt(r.large.concordatNs)} ns   xstate ${fmt(r.large.xstateNs)} ns   ratio ${r.large.ratio.toFixed(3)}`);

// the paths users run: Session check + advance, session.execute, a decorated @tool call, a 100k-call session
const s = await benchSession();
const put = (key: string, v: Spread) => {
  out[key] = v.median;
  out[`${key}Min`] = v.min;
  out[`${key}Max`] = v.max;
};
put("runtime.sessionNs", s.sessionNs);
put("runtime.sessionXStateNs", s.xstateSendNs);
put("runtime.sessionRatio", s.sessionRatio);
put("runtime.sessionFreshNs", s.sessionFreshNs);
put("runtime.sessionFreshRatio", s.sessionFreshRatio);
put("runtime.sessionRunNs", s.sessionRunNs);
put("decorators.callNs", s.decoratedNs);
put("decorators.plainCallNs", s.plainNs);
put("decorators.callOverheadNs", s.callOverheadNs);
put("decorators.callOverheadFreshNs", s.callOverheadFreshNs);
out["runtime.session100kHeapMB"] = s.session100kHeapMB;
out["runtime.session100kJsonKB"] = s.session100kJsonKB;
put("runtime.session100kRestoreMs", s.session100kRestoreMs);
const row = (label: string, v: Spread, unit: string, digits = 0) =>
  console.log(`  ${label.padEnd(52)} median ${v.median.toFixed(digits).padStart(7)} ${unit}   (min ${v.min.toFixed(digits)}, max ${v.max.toFixed(digits)})`);
console.log(`session: ${s.rounds} interleaved rounds, median and spread over the rounds`);
row("Session check+advance, long session (ns)", s.sessionNs, "ns");
row("  XState actor.send, same rounds (ns)", s.xstateSendNs, "ns");
row("  ratio (runtime.sessionRatio)", s.sessionRatio, "", 3);
row("Session check+advance, within retention (ns)", s.sessionFreshNs, "ns");
row("  ratio (runtime.sessionFreshRatio)", s.sessionFreshRatio, "", 3);
row("await session.execute, sync tool (ns)", s.sessionRunNs, "ns");
row("decorated @tool call (ns)", s.decoratedNs, "ns");
row("  plain async method (ns)", s.plainNs, "ns");
row("  overhead, long session (decorators.callOverheadNs)", s.callOverheadNs, "ns");
row("  overhead, within retention (callOverheadFreshNs)", s.callOverheadFreshNs, "ns");
console.log(`  100k-call session: heap ${s.session100kHeapMB.toFixed(2)} MB, snapshot ${s.session100kJsonKB.toFixed(0)} KB`);
row("  restore of that snapshot (ms)", s.session100kRestoreMs, "ms", 1);

await contributed("analyzer.ts", "benchAnalyzer", "analyzer");

// both spellings: flat dotted keys ("runtime.ratio") and the same values as nested objects
if (values.json) writeBenchJson(values.json, out);
