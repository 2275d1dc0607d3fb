/**
 * The consent judge's first rule on every labelled corpus of test/confirmation/corpus (written,
 * recorded and blind ones alike, every file found there): no reply labelled `denied` or `unclear`
 * is ever `confirmed` (a refusal read as a yes included; the known open cases of a newly added corpus of
 * real material are listed and documented, so no other can slip in). Recall is reported by `npm run
 * corpus:matrix`, not asserted here (it is a figure to improve, not a property).
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { judgeConsent } from "../../src/confirmation/consent-judge.js";
import { KNOWN_OPEN } from "./corpus/known-open.js";

const dir = fileURLToPath(new URL("./corpus/", import.meta.url));
const row = z.object({ id: z.string(), label: z.enum(["confirmed", "denied", "unclear"]), request: z.string(), reply: z.string() });
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".jsonl"))
  .sort();

describe("consent judge on every labelled corpus", () => {
  it("finds the corpora (a renamed directory must not make this test vacuous)", () => {
    expect(files).toEqual(expect.arrayContaining(["replies.jsonl", "real-replies.jsonl", "real-replies-tau1.jsonl", "blind-multilingual-5.jsonl"]));
  });
  for (const file of files) {
    it(`${file}: zero false confirmations`, () => {
      const rows = readFileSync(dir + file, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l, i) => {
          const r = row.safeParse(JSON.parse(l));
          if (!r.success) throw new Error(`${file} line ${i + 1}: ${r.error.message}`);
          return r.data;
        });
      expect(rows.length).toBeGreaterThan(0);
      const decided = rows.map((r) => ({ ...r, decision: judgeConsent({ request: r.request, reply: r.reply }).decision }));
      const open = new Set(KNOWN_OPEN[file] ?? []);
      for (const id of open) expect(rows.some((r) => r.id === id && r.label !== "confirmed")).toBe(true);
      expect(
        decided.filter((r) => r.label !== "confirmed" && r.decision === "confirmed" && !open.has(r.id)).map((r) => `${r.id}: ${JSON.stringify(r.reply)}`),
      ).toEqual([]);
    }, 120_000); // a whole corpus, judged reply by reply: slow on a loaded 2-core machine
  }
});
