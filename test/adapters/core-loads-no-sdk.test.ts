import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const recorder = join(import.meta.dirname, "fixtures", "record-resolutions.mjs");
const SDK_PATTERNS = [/\/node_modules\/ai\//, /\/node_modules\/@ai-sdk\//, /\/node_modules\/@openai\/agents/, /\/node_modules\/@modelcontextprotocol\//];

/** Imports a module in a fresh `node` and returns every module URL that was resolved. */
function loadedBy(target: string, viaTsx: boolean): string[] {
  const dir = mkdtempSync(join(tmpdir(), "concordat-loads-"));
  const log = join(dir, "resolved.txt");
  try {
    execFileSync(
      process.execPath,
      [
        ...(viaTsx ? ["--import", "tsx"] : []),
        "--import",
        pathToFileURL(recorder).href,
        "--input-type=module",
        "-e",
        `await import(${JSON.stringify(pathToFileURL(target).href)});`,
      ],
      { cwd: root, env: { ...process.env, CONCORDAT_RESOLUTION_LOG: log }, stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 },
    );
    return readFileSync(log, "utf8").split("\n").filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sdkModules = (urls: string[]) => urls.filter((u) => SDK_PATTERNS.some((p) => p.test(u)));

// The built dist is checked with plain node after `npm run build`: test/adapters/check-dist-loads-no-sdk.mjs.
describe("the core adds no SDK dependency", () => {
  it("importing src/index.ts loads no AI SDK, Agents SDK or MCP SDK module", () => {
    const urls = loadedBy(join(root, "src/index.ts"), true);
    expect(urls.some((u) => u.endsWith("/src/runtime/session.ts"))).toBe(true);
    expect(sdkModules(urls)).toEqual([]);
  });

  it("importing src/index.ts loads no native addon or heavy tool (better-sqlite3, pg, ts-morph) until it is used", () => {
    const urls = loadedBy(join(root, "src/index.ts"), true);
    expect(urls.filter((u) => /\/node_modules\/(better-sqlite3|pg|ts-morph)\//.test(u) || /(^|\/)(better-sqlite3|pg|ts-morph)$/.test(u))).toEqual([]);
    // control: the analyzer does load ts-morph
    expect(loadedBy(join(root, "analyzer/index.ts"), true).some((u) => /ts-morph/.test(u))).toBe(true);
  });

  it("the detector sees an SDK when an adapter is imported (control)", () => {
    const urls = loadedBy(join(root, "src/adapters/ai-sdk.ts"), true);
    expect(sdkModules(urls).some((u) => /\/node_modules\/ai\//.test(u))).toBe(true);
  });
});
