/**
 * `npm run corpus:extract`: lists the user replies of the shared recorded runs that a consent
 * judge has to read: every user message that answers an agent message whose end asks the user
 * to agree to an action ("please confirm", "shall I proceed?", "would you like me to cancel…?",
 * "is everything correct?"), and every user message among the two before a write call. One JSON
 * line per distinct (request, reply) pair, with its provenance (file, simulation id, message
 * index, agent model) and the split it belongs to, decided by file before any labelling (see
 * test/confirmation/corpus/README.md). Labels are NOT produced here: they are written by reading.
 *
 * Usage: node --import tsx scripts/extract-real-replies.ts [trajectories dir or file] [--exclude FILE.jsonl]
 *        [--id-prefix P] > candidates.jsonl
 * (default ../shared/trajectories, or $CONCORDAT_TRAJECTORIES). `--exclude` drops the (request, reply)
 * pairs already in a labelled corpus; `--id-prefix` replaces the `t`/`h` of the ids (for a second
 * corpus whose ids must not collide with the first).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadRecordedRuns } from "../src/audit/load-recorded-runs.js";
import { AIRLINE_WRITE_TOOLS } from "../src/domains/airline/tool-specs.js";
import { heldOutFile } from "../test/confirmation/corpus/split.js";

const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { exclude: { type: "string" }, "id-prefix": { type: "string" } } });
const dir = positionals[0] ?? process.env["CONCORDAT_TRAJECTORIES"] ?? "../shared/trajectories";
const { runs, problems } = loadRecordedRuns([dir], process.cwd());
for (const p of problems) process.stderr.write(`extract: ${p.file}: ${p.message}\n`);

const WRITES = new Set<string>(AIRLINE_WRITE_TOOLS);
/** Verbs of the actions an agent asks the user to agree to. */
const VERBS =
  "proceed|go ahead|cancel|book|change|modify|update|upgrade|downgrade|add|remove|issue|send|process|apply|make|finalize|complete|purchase|rebook|switch|use|transfer|move";
/** "Would you like me to cancel…?", "Shall I proceed?", "Do you want to book this?" */
const ASKS_TO_ACT = new RegExp(`\\b(would you like|do you want|shall i|should i|may i|can i|are you ready)\\b[^.?!]*\\b(${VERBS})\\b[^?]*\\?`, "i");
/** "Please confirm (that you would like…)", "confirm by saying yes", "(yes/no)", "Is everything correct?" */
const ASKS_TO_CONFIRM =
  /\bconfirm (that |if |whether )?(you|this|these|the (above|details|change|cancellation|booking|update|modification|upgrade))\b|\bplease confirm\s*(\.|,|!|$|by|with|if|whether|that)|\bconfirm by (saying|replying|typing)|\(yes\/no\)|\b(say|reply|respond with|type) ["“]?yes\b|\bexplicit (confirmation|consent|yes)\b|\bis (that|this|everything|all of this) (correct|right|accurate)[^.]*\?/i;
/** Whether the end of the agent's message (its last 700 characters) asks the user to agree to an action. */
const asksForConsent = (request: string) => ASKS_TO_ACT.test(request.slice(-700)) || ASKS_TO_CONFIRM.test(request.slice(-700));
const seen = new Set<string>();
let excluded = 0;
if (opts.exclude !== undefined)
  readFileSync(opts.exclude, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "") return;
      let r: { request?: unknown; reply?: unknown };
      try {
        r = JSON.parse(line) as typeof r;
      } catch {
        throw new Error(`--exclude ${opts.exclude} line ${i + 1} is not JSON; pass a .jsonl corpus with request and reply on each line`);
      }
      if (typeof r.request !== "string" || typeof r.reply !== "string")
        throw new Error(`--exclude ${opts.exclude} line ${i + 1} has no request and reply strings; pass a .jsonl corpus with both on each line`);
      seen.add(`${r.request}\u0000${r.reply}`);
    });
const excludedKeys = new Set(seen);
const out: {
  split: string;
  source: { file: string; simulation: string; messageIndex: number; model: string };
  selected: string;
  request: string;
  reply: string;
}[] = [];
for (const run of runs) {
  if (run.domain !== undefined && run.domain !== "airline") continue;
  // user message indexes, and for each the agent text since the previous user message
  const users: { mi: number; request: string; reply: string }[] = [];
  let agent: string[] = [];
  const writeAt: number[] = [];
  run.messages.forEach((m, mi) => {
    if (m.role === "user") {
      // tau-bench v1 ReAct logs put tool results in user messages; they are not replies
      if (!/^API output:/.test(m.content)) users.push({ mi, request: agent.join("\n\n"), reply: m.content });
      agent = [];
    } else if (m.role === "assistant") {
      if (m.content.trim() !== "") agent.push(m.content);
      if (m.toolCalls.some((c) => c.requestor === "assistant" && WRITES.has(c.name))) writeAt.push(mi);
    }
  });
  const nearWrite = new Set<number>();
  for (const w of writeAt)
    users
      .filter((u) => u.mi < w)
      .slice(-2)
      .forEach((u) => nearWrite.add(u.mi));
  for (const u of users) {
    if (u.request.trim() === "") continue;
    const asks = asksForConsent(u.request);
    if (!asks && !nearWrite.has(u.mi)) continue;
    const key = `${u.request}\u0000${u.reply}`;
    if (excludedKeys.has(key)) excluded++;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      split: heldOutFile(run.file) ? "heldout" : "tuning",
      source: { file: run.file.replace(/\\/g, "/").replace(/^.*?trajectories\//, ""), simulation: run.id, messageIndex: u.mi, model: run.model },
      selected: asks ? "answers_consent_request" : "before_write",
      request: u.request,
      reply: u.reply,
    });
  }
}
// ids in a stable order: tuning part first, then held-out; by file, run and message
out.sort(
  (a, b) =>
    (a.split === b.split ? 0 : a.split === "tuning" ? -1 : 1) ||
    a.source.file.localeCompare(b.source.file) ||
    a.source.simulation.localeCompare(b.source.simulation) ||
    a.source.messageIndex - b.source.messageIndex,
);
const prefix = opts["id-prefix"];
out.forEach((r, i) =>
  process.stdout.write(JSON.stringify({ id: `${prefix ?? (r.split === "tuning" ? "t" : "h")}${String(i + 1).padStart(4, "0")}`, ...r }) + "\n"),
);
process.stderr.write(
  `extract: ${out.length} distinct (request, reply) pairs from ${runs.length} runs${opts.exclude !== undefined ? ` (${excluded} selected replies dropped: already in ${opts.exclude})` : ""}\n`,
);
