import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, it, expect } from "vitest";
import { memoryIo } from "../../src/cli/io.js";
import { optionalService } from "../support/optional-service.js";
import { run } from "../../src/cli/run.js";

const exec = promisify(execFile);
/** Debian's chromium: required under CI (.ci/run installs it), skipped with a notice elsewhere when missing. */
const CHROMIUM_PATH = process.env["CONCORDAT_CHROMIUM"] ?? "/usr/bin/chromium";
const CHROMIUM = optionalService("Chromium", existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : undefined, `apt-get install -y chromium (Debian), or set CONCORDAT_CHROMIUM to a Chromium binary (looked for ${CHROMIUM_PATH})`);
const dir = mkdtempSync(join(tmpdir(), "concordat-report-browser-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function chromiumArgs(profile: string): string[] {
  return ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage", `--user-data-dir=${profile}`];
}

describe.runIf(CHROMIUM)("the HTML report renders in headless Chromium", () => {
  it("shows the simulation banner, the results table, the charts and the protocol graph (SVG)", { timeout: 180_000 }, async () => {
    const reportDir = join(dir, "report");
    const { io, err } = memoryIo({ cwd: dir, env: { ...process.env, CI: "1" } });
    const code = await run(["eval", "--tasks", "0,7,19,27", "--report-dir", reportDir], io);
    expect(err()).not.toMatch(/internal error/);
    expect(code).toBe(0);
    const html = join(reportDir, "index.html");
    const url = pathToFileURL(html).href;

    const { stdout: dom } = await exec(CHROMIUM ?? CHROMIUM_PATH, [...chromiumArgs(join(dir, "profile-dom")), "--dump-dom", url], { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
    // the browser parsed the page: the DOM it serializes has our elements
    expect(dom).toMatch(/id="simulation-banner"[^>]*>SIMULATION/);
    expect(dom).toMatch(/<table id="results-table">/);
    const table = /<table id="results-table">([\s\S]*?)<\/table>/.exec(dom)?.[1] ?? "";
    expect((table.match(/<tr><td>model-A<\/td><td>(unenforced|enforced)<\/td>/g) ?? []).length).toBe(2);
    expect(dom).toMatch(/<svg[^>]*id="chart-unauthorized"/);
    expect(dom).toMatch(/<svg[^>]*id="chart-success"/);
    const graph = /<div id="protocol-graph">([\s\S]*?)<\/div>/.exec(dom)?.[1] ?? "";
    expect(graph).toMatch(/<svg/);
    expect(graph).toMatch(/class="graph"/); // Graphviz's SVG
    for (const state of ["start", "identified", "reservation_open", "transferred"]) expect(graph).toContain(`<title>${state}</title>`);

    const png = join(dir, "report.png");
    await exec(CHROMIUM ?? CHROMIUM_PATH, [...chromiumArgs(join(dir, "profile-shot")), `--screenshot=${png}`, "--window-size=1200,2400", "--hide-scrollbars", url], { timeout: 120_000 });
    expect(existsSync(png)).toBe(true);
    const bytes = readFileSync(png);
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(statSync(png).size).toBeGreaterThan(20_000); // a blank page compresses to a few KB
  });
});
