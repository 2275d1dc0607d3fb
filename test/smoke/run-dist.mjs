// Smoke test of the BUILT package with plain node (no test transform): `npm test` runs it
// after `npm run build`. It then runs every other test/smoke/*.mjs the same way.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const dist = pathToFileURL(join(root, "dist", "src", "index.js")).href;
const { defineProtocol, Session, ProtocolViolation, ProtocolDefinitionError } = await import(dist);
const { z } = await import("zod");

assert.equal(typeof Symbol.metadata, "symbol", "importing concordat installs the Symbol.metadata polyfill");

const protocol = defineProtocol({
  name: "smoke",
  initial: "a",
  terminal: ["done"],
  tools: {
    look: { input: z.object({ id: z.string() }), effect: "read", outcomes: ["found", "missing"], outcome: (r) => (r.ok && r.value ? "found" : "missing") },
    write: { input: z.object({ id: z.string() }), effect: "write" },
    end: { input: z.object({}), effect: "read" },
  },
  states: {
    a: { on: { look: { found: "b", missing: "a" }, end: { ok: "done" } } },
    b: { on: { write: { ok: "c" } } },
    c: { on: { end: { ok: "done" } } },
    done: {},
  },
});

const s = new Session(protocol);
let ran = false;
await assert.rejects(
  s.execute({ name: "write", arguments: { id: "x" } }, () => (ran = true)),
  (e) => e instanceof ProtocolViolation && e.code === "tool_not_allowed",
);
assert.equal(ran, false, "a refused call never runs");
await s.execute({ name: "look", arguments: { id: "x" } }, () => ({ id: "x" }));
assert.equal(s.state, "b");
const restored = Session.fromJSON(protocol, JSON.parse(JSON.stringify(s.toJSON())));
assert.equal(restored.state, "b");
assert.throws(() => defineProtocol({ name: "bad", initial: "nope", terminal: [], tools: {}, states: {} }), ProtocolDefinitionError);

// the bin, on a plain JavaScript module
const dir = mkdtempSync(join(tmpdir(), "concordat-smoke-"));
const mod = join(dir, "protocol.mjs");
writeFileSync(
  mod,
  `import { defineProtocol } from ${JSON.stringify(dist)};\nimport { z } from ${JSON.stringify(pathToFileURL(join(root, "node_modules", "zod", "index.js")).href)};\n` +
    `export const p = defineProtocol({ name: "tiny", initial: "a", terminal: ["z"], tools: { go: { input: z.object({}), effect: "write" } }, states: { a: { on: { go: { ok: "z" } } }, z: {} } });\n`,
);
const bin = join(root, "dist", "src", "cli", "bin.js");
const g = spawnSync(process.execPath, [bin, "graph", `${mod}#p`, "--format", "mermaid"], { encoding: "utf8" });
assert.equal(g.status, 0, g.stderr);
assert.match(g.stdout, /a --> z: go ⚠ write/);
const bad = spawnSync(process.execPath, [bin, "frobnicate"], { encoding: "utf8" });
assert.equal(bad.status, 2);
assert.match(bad.stderr, /unknown command "frobnicate"/);
console.log("smoke: dist core + bin ok");

let failed = 0;
for (const f of readdirSync(here)
  .filter((f) => f.endsWith(".mjs") && f !== "run-dist.mjs")
  .sort()) {
  const r = spawnSync(process.execPath, [join(here, f)], { encoding: "utf8", stdio: "inherit" });
  if (r.status !== 0) {
    failed++;
    console.error(`smoke: ${f} failed (exit ${r.status})`);
  }
}
if (failed > 0) process.exit(1);
console.log("smoke: all passed");
