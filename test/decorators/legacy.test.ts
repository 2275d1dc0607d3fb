import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Legacy `experimentalDecorators` + `emitDecoratorMetadata`: the fixture is compiled with its
 * own tsconfig by `tsc` and run with plain `node` (no test transform in between). The output
 * goes under node_modules/.cache so the compiled files resolve the project's dependencies.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const cache = join(root, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(join(cache, "concordat-legacy-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("legacy experimentalDecorators mode", () => {
  it("compiles with tsc and enforces the protocol under plain node", () => {
    const compiled = spawnSync(process.execPath, [tsc, "-p", "test/fixtures/decorators/legacy/tsconfig.json", "--outDir", out], {
      cwd: root,
      encoding: "utf8",
    });
    expect(compiled.stdout + compiled.stderr).toBe("");
    expect(compiled.status).toBe(0);
    // the compiled tree sits under node_modules, where Node stops looking for package.json
    writeFileSync(join(out, "package.json"), JSON.stringify({ type: "module" }));
    const run = spawnSync(process.execPath, [join(out, "test/fixtures/decorators/legacy/main.js")], { cwd: root, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.filter((l) => l.startsWith("ok "))).toHaveLength(13);
    expect(lines.at(-1)).toBe("legacy decorators: all checks passed");
  }, 180_000);
});
