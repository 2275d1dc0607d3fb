// Plain-node check of the BUILT package (run by run-dist.mjs after `npm run build`): using the
// core and the decorators (a session validating, running and refusing calls) resolves no
// @opentelemetry module, while concordat/opentelemetry loads @opentelemetry/api (the control:
// it shows the recorder would see one).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const recorder = pathToFileURL(join(root, "test", "adapters", "fixtures", "record-resolutions.mjs")).href;
const dist = (p) => JSON.stringify(pathToFileURL(join(root, "dist", p)).href);
const zod = JSON.stringify(pathToFileURL(join(root, "node_modules", "zod", "index.js")).href);

function resolvedBy(script) {
  const dir = mkdtempSync(join(tmpdir(), "concordat-otel-optional-"));
  const log = join(dir, "resolved.txt");
  try {
    execFileSync(process.execPath, ["--import", recorder, "--input-type=module", "-e", script], {
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
const otel = (urls) => urls.filter((u) => u.includes("/node_modules/@opentelemetry/"));

const coreRun = `
const { defineProtocol, Session } = await import(${dist("src/index.js")});
await import(${dist("decorators/index.js")});
const { z } = await import(${zod});
const p = defineProtocol({ name: "p", initial: "a", terminal: ["z"], tools: { look: { input: z.object({}), effect: "read" }, end: { input: z.object({}), effect: "read" } }, states: { a: { on: { look: { ok: "a" }, end: { ok: "z" } } }, z: {} } });
const s = new Session(p);
s.check({ name: "look", arguments: {} });
await s.execute({ name: "look", arguments: {} }, () => 1);
await s.execute({ name: "nope", arguments: {} }, () => 1).catch(() => undefined);
await s.execute({ name: "end", arguments: {} }, () => 1);
if (s.state !== "z") process.exit(3);
`;
const coreUrls = resolvedBy(coreRun);
assert.ok(
  coreUrls.some((u) => u.endsWith("/dist/src/index.js")),
  "the recorder saw the core load",
);
assert.deepEqual(otel(coreUrls), [], `the core loaded OpenTelemetry modules without being asked to:\n  ${otel(coreUrls).join("\n  ")}`);

const tracedUrls = resolvedBy(`const { instrumentSessions } = await import(${dist("src/telemetry/index.js")}); instrumentSessions();`);
assert.ok(
  otel(tracedUrls).some((u) => u.includes("/@opentelemetry/api/")),
  "control failed: concordat/opentelemetry did not load @opentelemetry/api, so the check would not see it",
);
console.log("smoke: the core runs sessions without loading @opentelemetry; concordat/opentelemetry loads @opentelemetry/api");
