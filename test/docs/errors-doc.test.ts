import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { errorsMarkdown, violationCodes, withErrorsSection } from "../../scripts/errors-doc.js";
import { VIOLATION_CODES } from "../../src/violation/violation-codes.js";

const apiMd = resolve(import.meta.dirname, "..", "..", "docs", "api.md");

describe("docs/api.md's Errors tables", () => {
  it("are what npm run docs:errors generates from the sources (run it after changing an error class or a violation's facts)", () => {
    const current = readFileSync(apiMd, "utf8");
    expect(withErrorsSection(current)).toBe(current);
  });

  it("list every violation code, in VIOLATION_CODES order, each with the facts of its ViolationData interface", () => {
    const docs = violationCodes();
    expect(docs.map((d) => d.code)).toEqual([...VIOLATION_CODES]);
    const budget = docs.find((d) => d.code === "budget_exceeded")!;
    expect(budget.interfaceName).toBe("BudgetExceededData");
    expect(budget.fields.map((f) => `${f.name}${f.optional ? "?" : ""}`)).toEqual(["dimension", "limit", "used", "requested", "scope"]);
    expect(docs.find((d) => d.code === "session_ended")!.fields).toEqual([]);
    const markdown = errorsMarkdown();
    for (const code of VIOLATION_CODES) expect(markdown).toContain(`| \`${code}\` |`);
  });

  it("refuse a document without the markers, naming the fix", () => {
    expect(() => withErrorsSection("# API\n")).toThrow(/no "<!-- errors:start -->" … "<!-- errors:end -->" block\. Fix:/);
  });
});
