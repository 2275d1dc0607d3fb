import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { benchRuntime } from "./runtime.js";
import { writeBenchJson } from "./write-bench-json.js";

/**
 * `npm run bench [-- --json FILE]`: every benchmark, each against a baseline measured in the
 * same run, printed as ratios (lower is better for Concordat).
 */
const { values } = parseArgs({ options: { json: { type: "string" } } });
const here = dirname(fileURLToPath(import.meta.url));
const out: Record<string, number> = {};
const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

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

// benchmarks contributed by other modules, each exporting bench<Name>() → flat numeric record
for (const [file, fn, prefix] of [
  ["decorators.ts", "benchDecorators", "decorators"],
  ["analyzer.ts", "benchAnalyzer", "analyzer"],
] as const) {
  const path = join(here, file);
  if (!existsSync(path)) continue;
  const mod = (await import(pathToFileURL(path).href)) as Record<string, () => Promise<Record<string, number>>>;
  const res = await mod[fn]!();
  if (prefix === "decorators") console.log(`${prefix}:`);
  for (const [k, v] of Object.entries(res)) {
    out[`${prefix}.${k}`] = v;
    if (prefix === "decorators") console.log(`  ${k.padEnd(20)} ${fmt(v)}`);
  }
}

// both spellings: flat dotted keys ("runtime.ratio") and the same values as nested objects
if (values.json) writeBenchJson(values.json, out);
