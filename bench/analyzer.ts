/**
 * `npm run bench:analyzer [-- --json FILE] [-- --sizes 100,1000] [-- --runs 3]`
 *
 * For synthetic projects of 100 and 1,000 agent classes (hierarchies 3–5 deep, one class per
 * file; bench/generate-project.ts), measures in the same run:
 * - `tsc --noEmit` (the TypeScript compiler's own CLI) and `concordat check` (the check
 *   command, bundled once with esbuild so it runs on plain node like the built package):
 *   process wall time and peak RSS, median of N runs, as ratios check / tsc;
 * - the same with the on-disk cache: a cold check (empty cache), then a re-check after one
 *   changed file, as a ratio warm / cold — both in-process (the command's own `durationMs`,
 *   which excludes node start-up and module loading) and as whole-process wall time.
 *
 * Keys: `analyzer.classes<N>.ratioToTsc`, `.memoryRatioToTsc`, `.incrementalRatio`,
 * `.incrementalRatioProcess`, plus the raw milliseconds and megabytes.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateProject } from "./generate-project.js";
import { writeBenchJson } from "./write-bench-json.js";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");

interface Sample {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly rssMb: number;
  readonly inProcessMs?: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** A preload that records the process's peak RSS and CPU time at exit. */
function writePreload(work: string): string {
  const p = join(work, "usage-preload.cjs");
  writeFileSync(
    p,
    `process.on("exit", () => { const u = process.resourceUsage(); require("fs").writeFileSync(process.env.CONCORDAT_USAGE_OUT, JSON.stringify({ maxRSS: u.maxRSS, cpu: (u.userCPUTime + u.systemCPUTime) / 1000 })); });\n`,
  );
  return p;
}

/** Bundles the `check` command into one plain-node ESM file (ts-morph stays external). */
async function bundleCheck(work: string): Promise<{ cmd: string; args: string[]; how: string }> {
  const entry = join(work, "check-entry.ts");
  writeFileSync(
    entry,
    `import "${repo}/src/polyfill/symbol-metadata.ts";\nimport { command } from "${repo}/src/cli/commands/check.ts";\nimport { processIo } from "${repo}/src/cli/io.ts";\nprocess.exitCode = await command.run(process.argv.slice(2), processIo());\n`,
  );
  const out = join(work, "check.mjs");
  try {
    const esbuild = (await import("esbuild")) as typeof import("esbuild");
    await esbuild.build({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      external: ["ts-morph", "zod", "reflect-metadata"],
      nodePaths: [join(repo, "node_modules")],
      logLevel: "error",
    });
    // resolve externals from the repository
    writeFileSync(join(work, "package.json"), JSON.stringify({ type: "module" }));
    execFileSync("ln", ["-sfn", join(repo, "node_modules"), join(work, "node_modules")]);
    return { cmd: process.execPath, args: [out], how: "esbuild bundle of src/cli/commands/check.ts on plain node" };
  } catch (e) {
    return {
      cmd: process.execPath,
      args: ["--import", "tsx", join(repo, "src/cli/bin.ts"), "check"],
      how: `tsx (esbuild bundle failed: ${e instanceof Error ? e.message : String(e)})`,
    };
  }
}

function measure(cmd: string, args: string[], preload: string, usageOut: string, cwd: string, okCodes: number[]): Sample {
  const t0 = performance.now();
  const r = spawnSync(cmd, ["--require", preload, ...args], {
    cwd,
    env: { ...process.env, CONCORDAT_USAGE_OUT: usageOut, NO_COLOR: "1" },
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const wallMs = performance.now() - t0;
  if (r.status === null || !okCodes.includes(r.status))
    throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}: ${r.stderr?.slice(0, 2000)} ${r.stdout?.slice(0, 2000)}`);
  const u = JSON.parse(readFileSync(usageOut, "utf8")) as { maxRSS: number; cpu: number };
  return { wallMs, cpuMs: u.cpu, rssMb: u.maxRSS / 1024 };
}

async function benchSize(
  classes: number,
  runs: number,
  work: string,
  runner: { cmd: string; args: string[] },
  preload: string,
): Promise<Record<string, number>> {
  const dir = join(work, `project-${classes}`);
  const g = generateProject(dir, classes);
  const usage = join(work, "usage.json");
  const report = join(work, `report-${classes}.json`);
  const tscJs = join(repo, "node_modules/typescript/lib/tsc.js");
  const tsc: Sample[] = [];
  const plain: Sample[] = [];
  const cold: Sample[] = [];
  const warm: Sample[] = [];
  const cacheDir = join(dir, ".concordat-cache");
  const checkArgs = [...runner.args, "--project", join(dir, "tsconfig.json"), "--format", "json", "--output-file", report];
  const inProcess = (): number => (JSON.parse(readFileSync(report, "utf8")) as { summary: { durationMs: number; errors: number } }).summary.durationMs;
  for (let i = 0; i < runs; i++) {
    tsc.push(measure(runner.cmd, [tscJs, "--noEmit", "-p", join(dir, "tsconfig.json")], preload, usage, dir, [0]));
    plain.push({ ...measure(runner.cmd, checkArgs, preload, usage, dir, [0]), inProcessMs: inProcess() });
    rmSync(cacheDir, { recursive: true, force: true });
    cold.push({ ...measure(runner.cmd, [...checkArgs, "--cache", "--cache-location", cacheDir], preload, usage, dir, [0]), inProcessMs: inProcess() });
    appendFileSync(g.editable, `\nexport const edited${i} = ${i};\n`);
    warm.push({ ...measure(runner.cmd, [...checkArgs, "--cache", "--cache-location", cacheDir], preload, usage, dir, [0]), inProcessMs: inProcess() });
  }
  const m = (xs: Sample[], k: keyof Sample): number => median(xs.map((x) => x[k] ?? NaN));
  const res = {
    tscMs: m(tsc, "wallMs"),
    tscCpuMs: m(tsc, "cpuMs"),
    tscPeakMb: m(tsc, "rssMb"),
    checkMs: m(plain, "wallMs"),
    checkCpuMs: m(plain, "cpuMs"),
    checkInProcessMs: m(plain, "inProcessMs"),
    checkPeakMb: m(plain, "rssMb"),
    coldCacheInProcessMs: m(cold, "inProcessMs"),
    warmCacheInProcessMs: m(warm, "inProcessMs"),
    coldCacheMs: m(cold, "wallMs"),
    warmCacheMs: m(warm, "wallMs"),
  };
  return {
    ...res,
    files: g.files,
    ratioToTsc: res.checkMs / res.tscMs,
    cpuRatioToTsc: res.checkCpuMs / res.tscCpuMs,
    memoryRatioToTsc: res.checkPeakMb / res.tscPeakMb,
    incrementalRatio: res.warmCacheInProcessMs / res.coldCacheInProcessMs,
    incrementalRatioProcess: res.warmCacheMs / res.coldCacheMs,
  };
}

export async function benchAnalyzer(options: { sizes?: number[]; runs?: number } = {}): Promise<Record<string, number>> {
  const work = mkdtempSync(join(tmpdir(), "concordat-bench-analyzer-"));
  try {
    const preload = writePreload(work);
    const runner = await bundleCheck(work);
    console.log(`analyzer: concordat check (${runner.how}) vs tsc --noEmit, median of ${options.runs ?? 3} runs`);
    const out: Record<string, number> = {};
    for (const n of options.sizes ?? [100, 1000]) {
      const r = await benchSize(n, options.runs ?? 3, work, runner, preload);
      for (const [k, v] of Object.entries(r)) out[`classes${n}.${k}`] = Number(v.toFixed(k.includes("atio") ? 3 : 1));
      const f = (x: number) => x.toFixed(0);
      console.log(`  ${n} classes (${r.files} files)`);
      console.log(
        `    wall       tsc ${f(r.tscMs!)} ms   check ${f(r.checkMs!)} ms (in-process ${f(r.checkInProcessMs!)} ms)   ratio ${r.ratioToTsc!.toFixed(3)}`,
      );
      console.log(`    cpu        tsc ${f(r.tscCpuMs!)} ms   check ${f(r.checkCpuMs!)} ms   ratio ${r.cpuRatioToTsc!.toFixed(3)}`);
      console.log(`    peak RSS   tsc ${f(r.tscPeakMb!)} MB   check ${f(r.checkPeakMb!)} MB   ratio ${r.memoryRatioToTsc!.toFixed(3)}`);
      console.log(
        `    cache      cold ${f(r.coldCacheInProcessMs!)} ms   after one changed file ${f(r.warmCacheInProcessMs!)} ms   ratio ${r.incrementalRatio!.toFixed(3)} (whole process: ${f(r.coldCacheMs!)} → ${f(r.warmCacheMs!)} ms, ratio ${r.incrementalRatioProcess!.toFixed(3)})`,
      );
    }
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { json: { type: "string" }, sizes: { type: "string" }, runs: { type: "string" } } });
  const res = await benchAnalyzer({
    ...(values.sizes ? { sizes: values.sizes.split(",").map(Number) } : {}),
    ...(values.runs ? { runs: Number(values.runs) } : {}),
  });
  const flat: Record<string, number> = {};
  for (const [k, v] of Object.entries(res)) flat[`analyzer.${k}`] = v;
  if (values.json) writeBenchJson(values.json, flat, { merge: true });
}
