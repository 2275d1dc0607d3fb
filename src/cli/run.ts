import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { ConcordatError } from "../errors/concordat-error.js";
import { UsageError, type CliCommand, type CliIo } from "./io.js";

const commandsDir = dirname(fileURLToPath(import.meta.url)) + "/commands";

/** Names of the commands in src/cli/commands (one file each). */
export function commandNames(): string[] {
  return readdirSync(commandsDir)
    .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith(".d.ts") && !f.endsWith(".map"))
    .map((f) => f.replace(/\.(ts|js)$/, ""))
    .filter((n, i, all) => all.indexOf(n) === i)
    .sort();
}

async function loadCommand(name: string): Promise<CliCommand | undefined> {
  if (!/^[a-z][a-z0-9-]*$/.test(name) || !commandNames().includes(name)) return undefined;
  const ext = import.meta.url.endsWith(".ts") ? "ts" : "js";
  const mod = (await import(`./commands/${name}.${ext}`)) as { command: CliCommand };
  return mod.command;
}

async function helpText(): Promise<string> {
  const lines = ["Usage: concordat <command> [options]", "", "Commands:"];
  for (const n of commandNames()) {
    const c = await loadCommand(n);
    if (c) lines.push(`  ${n.padEnd(24)}${c.summary}`);
  }
  lines.push("", "Run `concordat <command> --help` for a command's options.");
  return lines.join("\n") + "\n";
}

/** The version in the package's own package.json (two folders up from src/cli and from dist/src/cli). */
function packageVersion(): string {
  for (const up of ["../../package.json", "../../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), "utf8")) as { name?: unknown; version?: unknown };
      if (pkg.name === "concordat" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // not at this level: try the next one
    }
  }
  return "unknown";
}

/** ESLint-style entry point: `run(argv) → exit code` (0 ok, 1 findings, 2 usage or internal error). */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name === undefined ? io.stderr : io.stdout)(await helpText());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v") {
    io.stdout(`${packageVersion()}\n`);
    return 0;
  }
  const command = await loadCommand(name);
  if (!command) {
    io.stderr(`concordat: unknown command "${name}". Known commands: ${commandNames().join(", ")}.\n`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`concordat ${name}: ${e.message}\n${command.usage}\n`);
      return 2;
    }
    // a missing optional package, missing shared data, …: the message names the fix; no stack
    if (e instanceof ConcordatError) {
      io.stderr(`concordat ${name}: ${e.message}\n`);
      return 2;
    }
    io.stderr(`concordat ${name}: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 2;
  }
}
