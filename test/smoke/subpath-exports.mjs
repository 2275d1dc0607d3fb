// Plain-node check of the BUILT package's public surface (run by run-dist.mjs after `npm run build`):
// every subpath in package.json "exports" resolves to a built module that exports something, and
// the root stays small — the protocol model, sessions, violations, confirmation and budgets, no
// stores, servers, agent loop, CLI or test helpers (those live behind their subpaths).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const MAX_ROOT_VALUES = 60;

for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (subpath === "./package.json") continue;
  for (const file of [target.import, target.types])
    assert.ok(existsSync(join(root, file)), `exports["${subpath}"] points at ${file}, which the build did not produce`);
  const mod = await import(pathToFileURL(join(root, target.import)).href);
  assert.ok(Object.keys(mod).length > 0, `concordat${subpath.slice(1)} exports nothing`);
}

const core = await import(pathToFileURL(join(root, pkg.exports["."].import)).href);
const values = Object.keys(core);
assert.ok(values.length <= MAX_ROOT_VALUES, `the root export has ${values.length} values (at most ${MAX_ROOT_VALUES}): ${values.join(", ")}`);
for (const name of [
  "AgentLoop",
  "ScriptedModelClient",
  "SqliteSessionStore",
  "MemorySessionStore",
  "GuardedExecutor",
  "createHttpGuard",
  "runCli",
  "memoryIo",
  "OpenAICompatibleClient",
]) {
  assert.ok(!(name in core), `${name} is exported from the root; it belongs behind a subpath`);
}
console.log(`subpath exports: ${Object.keys(pkg.exports).length - 1} subpaths load; root has ${values.length} values`);
