// `npx eslint .` in the sample projects of examples/eslint-plugin, as a user runs it: the
// eslint.config.js there loads `concordat/eslint-plugin` (the built package, by self-reference).
// broken/: exits 1, reporting the weakened subclass and the bypass with the rule ids and lines of
// `concordat check` (the built bin, run in the same directory); fixed/: exits 0 with no message.
// run-dist.mjs runs this after `npm run build`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "dist", "src", "cli", "bin.js");
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

function eslint(cwd) {
  const r = spawnSync(npx, ["--no-install", "eslint", ".", "--format", "json"], { cwd, encoding: "utf8", timeout: 300_000 });
  assert.ok(r.stdout, `npx eslint . printed nothing in ${cwd} (exit ${r.status}): ${r.stderr}`);
  const results = JSON.parse(r.stdout);
  const found = results.flatMap((f) => f.messages.map((m) => `${m.ruleId} ${relative(cwd, f.filePath)}:${m.line}:${m.column} ${m.message}`));
  return { status: r.status, found, stderr: r.stderr };
}

function concordatCheck(cwd) {
  const r = spawnSync(process.execPath, [bin, "check", "--format", "json"], { cwd, encoding: "utf8", timeout: 300_000 });
  const { diagnostics } = JSON.parse(r.stdout);
  return { status: r.status, found: diagnostics.map((d) => `concordat/${d.rule} ${d.file}:${d.line}:${d.column} ${d.message}`) };
}

const broken = join(root, "examples", "eslint-plugin", "broken");
const lintBroken = eslint(broken);
const checkBroken = concordatCheck(broken);
assert.equal(lintBroken.status, 1, `npx eslint . in examples/eslint-plugin/broken should exit 1:\n${lintBroken.found.join("\n")}\n${lintBroken.stderr}`);
assert.equal(checkBroken.status, 1);
assert.deepEqual(lintBroken.found, checkBroken.found);
assert.deepEqual(
  lintBroken.found.map((f) => f.split(" ").slice(0, 2).join(" ")),
  ["concordat/protocol-weakening express-refund-agent.ts:6:2", "concordat/bypass-call goodwill-agent.ts:6:5"],
);

const fixed = join(root, "examples", "eslint-plugin", "fixed");
const lintFixed = eslint(fixed);
assert.equal(lintFixed.status, 0, `npx eslint . in examples/eslint-plugin/fixed should exit 0:\n${lintFixed.found.join("\n")}\n${lintFixed.stderr}`);
assert.deepEqual(lintFixed.found, []);
assert.equal(concordatCheck(fixed).status, 0);
console.log("smoke: npx eslint . reports what concordat check reports (examples/eslint-plugin/broken exits 1, fixed/ exits 0)");
