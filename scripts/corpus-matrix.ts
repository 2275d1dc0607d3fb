/**
 * `npm run corpus:matrix [-- --decider NAME]`: `concordat classify-confirmation --matrix` on every
 * labelled corpus of test/confirmation/corpus (the real-reply corpora once whole and once per
 * split), one table each, then one summary line per corpus. Exit 1 when any corpus has a false
 * confirmation.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { run } from "../src/cli/run.js";
import { memoryIo } from "../src/cli/io.js";

const dir = "test/confirmation/corpus";
const extra = process.argv.slice(2);
const runs: { title: string; file: string; args: string[] }[] = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".jsonl"))
  .sort()) {
  runs.push({ title: file, file, args: [] });
  if (file === "real-replies.jsonl" || file === "real-replies-tau1.jsonl" || file === "real-replies-3.jsonl")
    for (const split of ["tuning", "heldout"]) runs.push({ title: `${file} (${split})`, file, args: ["--split", split] });
}
let failed = false;
const summary: string[] = [];
for (const r of runs) {
  const mem = memoryIo({ stdin: readFileSync(join(dir, r.file), "utf8") });
  const code = await run(["classify-confirmation", "--matrix", ...r.args, ...extra], mem.io);
  const text = mem.out();
  process.stdout.write(`\n### ${r.title}\n\n${text}`);
  if (mem.err() !== "") process.stderr.write(mem.err());
  const head = /false `confirmed`: \*\*(\d+)\*\*; recall on true confirmations (\d+\/\d+ \([^)]*\))/.exec(text);
  summary.push(`${r.title.padEnd(34)} false confirmed ${head?.[1] ?? "?"}, recall ${head?.[2] ?? "?"}`);
  if (code !== 0) failed = true;
}
process.stdout.write(`\n${summary.join("\n")}\n`);
process.exitCode = failed ? 1 : 0;
