// Plain-node check, run after `npm run build`: importing the built core (dist/src/index.js)
// resolves no module of the AI SDK, the OpenAI Agents SDK or the MCP SDK, while the built
// adapters do load theirs (control). Exit code 1 with the offending modules otherwise.
//
//   node test/adapters/check-dist-loads-no-sdk.mjs [DIST_DIR]   (default: dist)
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const recorder = pathToFileURL(join(here, "fixtures", "record-resolutions.mjs")).href;
const SDK = [/\/node_modules\/ai\//, /\/node_modules\/@ai-sdk\//, /\/node_modules\/@openai\/agents/, /\/node_modules\/@modelcontextprotocol\//];

function resolvedBy(file) {
  const dir = mkdtempSync(join(tmpdir(), "concordat-dist-loads-"));
  const log = join(dir, "resolved.txt");
  try {
    execFileSync(process.execPath, ["--import", recorder, "--input-type=module", "-e", `await import(${JSON.stringify(pathToFileURL(file).href)});`], {
      cwd: root,
      env: { ...process.env, CONCORDAT_RESOLUTION_LOG: log },
      stdio: ["ignore", "ignore", "inherit"],
      timeout: 60_000,
    });
    return readFileSync(log, "utf8").split("\n").filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const sdkIn = (urls) => urls.filter((u) => SDK.some((p) => p.test(u)));

const dist = resolve(root, process.argv[2] ?? "dist");
const core = join(dist, "src/index.js");
if (!existsSync(core)) {
  console.error(`check-dist-loads-no-sdk: ${core} does not exist. Fix: run \`npm run build\` first.`);
  process.exit(1);
}
const coreSdk = sdkIn(resolvedBy(core));
if (coreSdk.length > 0) {
  console.error(
    `check-dist-loads-no-sdk: importing dist/src/index.js loads SDK modules:\n  ${coreSdk.join("\n  ")}\nFix: import the framework only from its adapter module (src/adapters/*), never from the core.`,
  );
  process.exit(1);
}
let failed = false;
for (const [adapter, pattern] of [
  ["ai-sdk", /\/node_modules\/ai\//],
  ["openai-agents", /\/node_modules\/@openai\/agents/],
  ["mcp", /\/node_modules\/@modelcontextprotocol\//],
]) {
  const file = join(dist, `src/adapters/${adapter}.js`);
  if (!resolvedBy(file).some((u) => pattern.test(u))) {
    console.error(`check-dist-loads-no-sdk: control failed: dist/src/adapters/${adapter}.js did not load its SDK, so the check would not see one.`);
    failed = true;
  }
}
if (failed) process.exit(1);
console.log("dist: the core loads no SDK; each adapter loads its own");
