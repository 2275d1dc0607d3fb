/**
 * Labelling aid: prints every write call of recorded runs with the conversation that led to it,
 * and nothing any consent judge said about it, so a person can label each write by reading
 * (see test/audit/labels/README.md). Each write starts with the key a labels file uses.
 *
 *   node --import tsx scripts/show-writes.ts ../shared/trajectories [--from N] [--count N] [--context N]
 *
 * Shown for each write: the run (file, id, task, trial), the write's tool and arguments, and the
 * messages since the previous write of the run (at most `--context` text messages, default 8),
 * user and agent text in full, other tool calls as one line each with a clipped result
 * (user and reservation records longer, for payment methods and passengers).
 */
import { parseArgs } from "node:util";
import { loadRecordedRuns } from "../src/audit/load-recorded-runs.js";
import { airlineAuditDomain } from "../src/audit/domains/airline-audit-domain.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: "string", default: "0" }, count: { type: "string", default: "100000" }, context: { type: "string", default: "8" } },
});
const from = Number(values.from);
const count = Number(values.count);
const context = Number(values.context);
if (positionals.length === 0 || ![from, count, context].every((n) => Number.isInteger(n) && n >= 0)) {
  process.stderr.write("usage: show-writes.ts <files or folders...> [--from N] [--count N] [--context N] (non-negative integers)\n");
  process.exit(2);
}

const { runs, problems } = loadRecordedRuns(positionals, process.cwd());
for (const p of problems) process.stderr.write(`show-writes: ${p.file}${p.at ? ` (${p.at})` : ""}: ${p.message}\n`);

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n)}…` : s);
let n = 0;
for (const run of runs) {
  let since = 0;
  for (const [mi, m] of run.messages.entries()) {
    for (const call of m.toolCalls) {
      if (m.role !== "assistant" || call.requestor !== "assistant" || !airlineAuditDomain.writeTools.has(call.name)) continue;
      const k = n++;
      if (k < from || k >= from + count) continue;
      const lines: string[] = since > mi ? ["   (same agent message as the previous write)"] : [];
      const shown = run.messages.slice(since, mi + 1).map((x, i) => ({ x, i: since + i }));
      const texts = shown.filter(({ x }) => x.content.trim() !== "" && (x.role === "user" || x.role === "assistant"));
      const firstText = texts.length > context ? texts[texts.length - context]!.i : since;
      for (const { x, i } of shown) {
        if (i < firstText) continue;
        if (x.role === "system") continue;
        if (x.role === "tool") {
          continue;
        }
        if (x.content.trim() !== "") lines.push(`   [${i}] ${x.role.toUpperCase()}: ${x.content.trim()}`);
        for (const c of x.toolCalls) {
          if (i === mi && c === call) continue;
          lines.push(
            `   [${i}] ${c.requestor}-call #${c.index} ${c.name} ${JSON.stringify(c.arguments)}${c.result ? ` => ${clip(c.result.content.replace(/\s+/g, " "), /^get_(user|reservation)_details$/.test(c.name) ? 900 : 160)}` : ""}`,
          );
        }
      }
      const result = call.result ? ` => ${clip(call.result.content.replace(/\s+/g, " "), 160)}` : "";
      process.stdout.write(
        `=== W${k} {"run":${JSON.stringify(run.id)},"call":${call.index},"tool":${JSON.stringify(call.name)}} ${run.file.replace(/^.*trajectories\//, "")} task ${run.taskId} trial ${run.trial} reward ${run.reward}\n` +
          `${lines.join("\n")}\n` +
          `>>> WRITE [${mi}] #${call.index} ${call.name} ${JSON.stringify(call.arguments)}${m.toolCalls.length > 1 ? " (parallel)" : ""}${result}\n\n`,
      );
      since = mi + 1;
    }
  }
}
