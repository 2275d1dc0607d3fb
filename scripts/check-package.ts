/**
 * `npm run check:package`: what a user gets from `npm i concordat`.
 *
 * Packs the package (after a build), installs the tarball with `--ignore-scripts` into a fresh
 * ESM project that has only `typescript` and `zod` besides it, and checks:
 *  1. no installed package has a native build (binding.gyp, `gypfile`, or an install script);
 *  2. node_modules without typescript is at most 15 MB;
 *  3. a strict consumer file importing `concordat` and `concordat/decorators` type-checks with
 *     `skipLibCheck: false` and no `@types/node`;
 *  4. `npx concordat --help` runs, and `concordat check` without ts-morph names the install command;
 *  5. importing `concordat/eslint-plugin` without ts-morph names the install command too.
 *
 * Prints one line per check and exits 1 when any fails (2 when the check itself cannot run).
 * `--keep` leaves the consumer project in place and prints its path.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const keep = process.argv.includes("--keep");
const MAX_MB = 15;

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
const versionOf = (name: string): string => {
  const v = pkg.devDependencies[name];
  if (!v) throw new Error(`package.json has no devDependency "${name}" to take the consumer's version from`);
  return v;
};

function sh(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
}

/** Bytes under `dir`, not following links. */
function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(path);
    else total += lstatSync(path).size;
  }
  return total;
}

/** Every package folder under node_modules (scoped ones included, nested node_modules too). */
function packageDirs(nodeModules: string): string[] {
  const out: string[] = [];
  if (!existsSync(nodeModules)) return out;
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith(".")) continue;
    const path = join(nodeModules, name);
    if (name.startsWith("@")) {
      for (const sub of readdirSync(path)) out.push(join(path, sub), ...packageDirs(join(path, sub, "node_modules")));
    } else out.push(path, ...packageDirs(join(path, "node_modules")));
  }
  return out;
}

function nativeBuilds(nodeModules: string): string[] {
  const found: string[] = [];
  for (const dir of packageDirs(nodeModules)) {
    const manifest = join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    const p = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; gypfile?: boolean; scripts?: Record<string, string> };
    const scripts = p.scripts ?? {};
    const why = existsSync(join(dir, "binding.gyp")) ? "binding.gyp" : p.gypfile ? "gypfile" : ["preinstall", "install", "postinstall"].find((s) => scripts[s]);
    if (why) found.push(`${p.name ?? dir} (${why})`);
  }
  return found;
}

const consumerSource = `import { z } from "zod";
import { defineProtocol, Session, ProtocolViolation, type ViolationCode } from "concordat";
import { Agent, tool } from "concordat/decorators";

export const refund = defineProtocol({
  name: "refund",
  initial: "start",
  terminal: ["done"],
  tools: {
    lookup_booking: { input: z.object({ bookingId: z.string() }), effect: "read" },
    issue_refund: { input: z.object({ bookingId: z.string(), amount: z.number().positive() }), effect: "write", requiresConfirmation: true },
  },
  states: {
    start: { on: { lookup_booking: { ok: "booked" } } },
    booked: { on: { issue_refund: { ok: "done" } } },
    done: {},
  },
});

@refund.enforce
export class RefundAgent extends Agent {
  @tool<typeof refund>() async lookup_booking(args: { bookingId: string }): Promise<string> { return args.bookingId; }
  @tool<typeof refund>() async issue_refund(args: { bookingId: string; amount: number }): Promise<number> { return args.amount; }
}

const session = new Session(refund);
const code: ViolationCode | undefined = session.check({ name: "issue_refund", arguments: { bookingId: "B", amount: 1 } }).ok ? undefined : "tool_not_allowed";
const agent = new RefundAgent();
await agent.lookup_booking({ bookingId: "B-1" });
const refused = await agent.issue_refund({ bookingId: "B-1", amount: 5 }).catch((e: unknown) => e);
console.log(refused instanceof ProtocolViolation ? refused.code : "ran", code);
`;

const results: { name: string; ok: boolean; detail: string }[] = [];
const record = (name: string, ok: boolean, detail: string): void => {
  results.push({ name, ok, detail });
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
};

const work = mkdtempSync(join(tmpdir(), "concordat-package-"));
try {
  console.log("building and packing …");
  sh("npm", ["run", "build"], root);
  const tarball = join(work, sh("npm", ["pack", "--pack-destination", work, "--silent"], root).trim().split("\n").pop() ?? "");
  const app = join(work, "app");
  sh("mkdir", ["-p", app], work);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2));
  console.log(`installing ${tarball} typescript@${versionOf("typescript")} zod@${versionOf("zod")} with --ignore-scripts …`);
  sh("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", tarball, `typescript@${versionOf("typescript")}`, `zod@${versionOf("zod")}`], app);
  const nodeModules = join(app, "node_modules");

  const native = nativeBuilds(nodeModules);
  record(
    "no native build",
    native.length === 0,
    native.length ? native.join(", ") : `${packageDirs(nodeModules).length} packages, none with binding.gyp, gypfile or install scripts`,
  );

  const mb = (sizeOf(nodeModules) - sizeOf(join(nodeModules, "typescript"))) / (1024 * 1024);
  record(`node_modules without typescript <= ${MAX_MB} MB`, mb <= MAX_MB, `${mb.toFixed(1)} MB`);

  writeFileSync(join(app, "consumer.ts"), consumerSource);
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: false, noEmit: true, types: [] },
        files: ["consumer.ts"],
      },
      null,
      2,
    ),
  );
  const tsc = spawnSync(process.execPath, [join(nodeModules, "typescript", "bin", "tsc"), "-p", "tsconfig.json"], { cwd: app, encoding: "utf8" });
  const noNodeTypes = !existsSync(join(nodeModules, "@types", "node"));
  record(
    "strict consumer type-checks (skipLibCheck false, no @types/node)",
    tsc.status === 0 && noNodeTypes,
    tsc.status === 0
      ? noNodeTypes
        ? "tsc exit 0"
        : "@types/node was installed, so this proves nothing"
      : `tsc exit ${tsc.status}:\n${(tsc.stdout + tsc.stderr).trim()}`,
  );

  const help = spawnSync("npx", ["--no-install", "concordat", "--help"], { cwd: app, encoding: "utf8" });
  record(
    "npx concordat --help",
    help.status === 0 && /Usage: concordat/.test(help.stdout),
    help.status === 0 ? (help.stdout.split("\n")[0] ?? "") : `exit ${help.status}: ${help.stderr.trim()}`,
  );

  const checkRun = spawnSync("npx", ["--no-install", "concordat", "check"], { cwd: app, encoding: "utf8" });
  record(
    "concordat check without ts-morph says how to install it",
    checkRun.status === 2 && /npm i -D ts-morph/.test(checkRun.stderr),
    `exit ${checkRun.status}: ${checkRun.stderr.trim().split("\n")[0] ?? ""}`,
  );

  const pluginRun = spawnSync(process.execPath, ["--input-type=module", "-e", 'await import("concordat/eslint-plugin")'], { cwd: app, encoding: "utf8" });
  record(
    "concordat/eslint-plugin without ts-morph says how to install it",
    pluginRun.status !== 0 && /needs the optional package "ts-morph".*npm i -D ts-morph/.test(pluginRun.stderr),
    `exit ${pluginRun.status}: ${
      pluginRun.stderr
        .trim()
        .split("\n")
        .find((l) => l.includes("ts-morph")) ??
      pluginRun.stderr.trim().split("\n")[0] ??
      ""
    }`,
  );
} catch (e) {
  console.error(`check:package could not run: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 2;
} finally {
  if (keep) console.log(`consumer project kept at ${join(work, "app")}`);
  else rmSync(work, { recursive: true, force: true });
}
if (process.exitCode !== 2) process.exitCode = results.every((r) => r.ok) ? 0 : 1;
