import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// House rule: no file over 400 lines in src/, decorators/, analyzer/ without a note near its top
// (first 15 lines) saying why it is one concept: a comment containing "over 400 lines".
const ROOTS = ["src", "decorators", "analyzer"];
const LIMIT = 400;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return tsFiles(p);
    return p.endsWith(".ts") ? [p] : [];
  });
}

function lineCount(text: string): number {
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("file length", () => {
  it("every file over 400 lines carries a note on why it is one concept", () => {
    const long = ROOTS.flatMap(tsFiles)
      .map((file) => ({ file, text: readFileSync(file, "utf8") }))
      .filter(({ text }) => lineCount(text) > LIMIT);
    const withoutNote = long
      .filter(({ text }) => !/over 400 lines/i.test(text.split("\n").slice(0, 15).join("\n")))
      .map(({ file, text }) => `${file} (${lineCount(text)} lines)`);
    expect(withoutNote, "add a note at the top (one concept, and why it is long) or split the file").toEqual([]);
  });

  it("counts lines the way wc -l does", () => {
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
  });
});
