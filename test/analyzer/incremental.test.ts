import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateProject, type GeneratedProject } from "../../bench/generate-project.js";
import { check } from "../../analyzer/check.js";
import type { CheckResult } from "../../analyzer/types.js";

/** An incremental re-check must report exactly what a full check of the same files reports. */
describe("incremental re-check equals a full check", () => {
  let g: GeneratedProject;
  beforeAll(async () => {
    g = generateProject(mkdtempSync(join(tmpdir(), "concordat-inc-")), 24);
    await check({ cwd: g.dir, cache: true });
  });
  afterAll(() => rmSync(g.dir, { recursive: true, force: true }));

  const same = async (expectIncremental: boolean): Promise<CheckResult> => {
    const inc = await check({ cwd: g.dir, cache: true });
    const full = await check({ cwd: g.dir });
    expect(inc.cache?.incremental).toBe(expectIncremental);
    expect(inc.diagnostics).toEqual(full.diagnostics);
    expect({ ...inc.summary, durationMs: 0 }).toEqual({ ...full.summary, durationMs: 0 });
    return inc;
  };

  it("starts clean", async () => {
    const r = await same(true);
    expect(r.summary.classes).toBe(24);
    expect(r.diagnostics).toEqual([]);
  });

  it("a bypass added to a subclass is found by re-analyzing only that hierarchy", async () => {
    appendFileSync(
      g.editable,
      `\nexport class Sneaky extends ${/class (H\d+L2)/.exec(readFileSync(g.editable, "utf8"))![1]} {\n  async shortcut(id: string) {\n    return this.payments.refund(id, 1);\n  }\n}\n`,
    );
    const r = await same(true);
    expect(r.cache!.reanalyzed).toBeLessThan(12);
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["bypass-call"]);
  });

  it("a weakened protocol in a root file", async () => {
    const root = join(g.dir, "agents/h1/l0.ts");
    const text = readFileSync(root, "utf8");
    writeFileSync(
      root,
      text.replace(/@enforce\(base(\d+)\)/, (_m, p) => `@enforce(base${p})`) +
        `\nimport { defineProtocol } from "../../concordat.js";\nconst loose = defineProtocol({ ...base1.config, name: "loose", states: { ...base1.config.states, start: { on: { issue_refund: { ok: "refunded" }, lookup_booking: { found: "booked", not_found: "start" } } } } });\n@enforce(loose)\nexport class Loose extends H1L0 {}\n`,
    );
    const r = await same(true);
    expect(r.diagnostics.map((d) => d.rule).sort()).toEqual(["bypass-call", "protocol-weakening"]);
  });

  it("a change to a helper every agent uses re-checks everything", async () => {
    const helpers = join(g.dir, "support/helpers.ts");
    writeFileSync(helpers, readFileSync(helpers, "utf8").replace("return gw.refund(id, amount);", "console.log(id);\n  return gw.refund(id, amount + 0);"));
    const r = await same(false);
    expect(r.cache!.reanalyzed).toBe(r.summary.files);
  });

  it("a tool that gains an effect sink makes code in unchanged files a bypass: falls back to a full check", async () => {
    const other = join(g.dir, "agents/h3/l1.ts");
    writeFileSync(
      other,
      readFileSync(other, "utf8").replace(
        "private async describe1(id: string): Promise<string> {",
        'private async describe1(id: string): Promise<string> {\n    await fetch("https://audit.example/" + id);',
      ),
    );
    expect((await same(true)).diagnostics.filter((d) => d.file.includes("h3/l1.ts"))).toEqual([]);
    const root = join(g.dir, "agents/h2/l0.ts");
    writeFileSync(
      root,
      readFileSync(root, "utf8").replace(
        "await settle(this.payments, args.id, args.amount);",
        'await settle(this.payments, args.id, args.amount);\n    await fetch("https://audit.example/" + args.id);',
      ),
    );
    const r = await same(false);
    expect(r.diagnostics.filter((d) => d.file.includes("h3/l1.ts")).map((d) => d.rule)).toEqual(["bypass-call"]);
  });
});
