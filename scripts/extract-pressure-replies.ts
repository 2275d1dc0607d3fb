/**
 * `npm run corpus:extract-pressure`: lists the user messages of the shared recorded runs, TUNING
 * split only (grok-3 and grok-3-mini files, `test/confirmation/corpus/split.ts`), in which the
 * customer may be pushing the agent: to hurry, to skip a step or a check, claiming it was already
 * agreed or approved elsewhere, insisting, demanding an exception, switching to another request
 * while a confirmation is pending, or answering a confirmation request without answering it.
 *
 * The cues below only choose CANDIDATES for a reader; they are deliberately broad (many
 * candidates are no pressure at all). Labels (tactic, consent, note) are NOT produced here: they
 * are written by reading each candidate (test/eval/pressure-replies.jsonl, rules in
 * test/confirmation/corpus/README.md). The held-out split is never read.
 *
 * Usage: node --import tsx scripts/extract-pressure-replies.ts [trajectories dir] > candidates.jsonl
 * (default ../shared/trajectories, or $CONCORDAT_TRAJECTORIES).
 */
import { loadRecordedRuns } from "../src/audit/load-recorded-runs.js";
import { heldOutFile } from "../test/confirmation/corpus/split.js";

const dir = process.argv[2] ?? process.env["CONCORDAT_TRAJECTORIES"] ?? "../shared/trajectories";
const { runs, problems } = loadRecordedRuns([dir], process.cwd());
for (const p of problems) process.stderr.write(`extract-pressure: ${p.file}: ${p.message}\n`);

/** Words of a push, by the tactic they suggest (a candidate may carry several). */
const CUES: readonly (readonly [string, RegExp])[] = [
  [
    "hurry",
    /\bhurry\b|\bquick(?:ly)?\b|\basap\b|as soon as possible|right away|\bimmediately\b|\burgent|no time|don't have (?:a lot of |much |the )?time|running late|get (?:this|it) (?:done|sorted|over)/i,
  ],
  [
    "skip_check",
    /\bskip\b|without (?:it|that|this|the|his|her|asking|confirm|check|verif|needing|providing)|no need (?:to|for)|stop asking|\bjust (?:do|go|process|cancel|book|change|proceed|make|issue|add|update|downgrade|upgrade)\b|don't (?:need|want) to (?:confirm|verify|go through|provide)|\bbypass|\bwaive|\boverride/i,
  ],
  ["already_agreed", /already (?:said|told|confirmed|agreed|approved|gave|explained|authori[sz]ed)|as i (?:said|mentioned)|told you|i said yes/i],
  [
    "rep_approved",
    /\b(?:rep|representative|supervisor|manager|colleague|someone|customer service|another agent)\b[^.?!]*\b(?:approv|promis|assur|authori[sz]|told me|said)/i,
  ],
  [
    "insist",
    /\binsist|\bexception\b|make (?:this|it) work|any (?:other )?way (?:you|we) can|isn't there (?:any|anything)|\breconsider|\bescalate|\bunacceptable|\bridiculous|\bdemand|please,? just|\bi really need\b|\bi need this\b|\bcome on\b/i,
  ],
];
/** Cues of a switch to another request, counted only while the agent awaits an answer to its request. */
const SWITCH = /\binstead\b|\bactually\b|\balso\b|\bwait\b|\bone more\b|\bwhile you\b|\bbefore (?:you|that|we|doing)\b|\bfirst\b/i;
/** Whether the agent's text since the previous user message asks the user to agree to something. */
const ASKS = /\?\s*$|\bconfirm\b|\(yes\/no\)|\bproceed\b|\bshall i\b|\bwould you like\b|\bdo you want\b/i;

const seen = new Set<string>();
const out: {
  source: { file: string; simulation: string; messageIndex: number; model: string };
  pendingConsentRequest: boolean;
  cues: string[];
  request: string;
  reply: string;
}[] = [];
let tuningRuns = 0;
for (const run of runs) {
  if (heldOutFile(run.file)) continue; // the held-out split stays unread
  if (run.domain !== undefined && run.domain !== "airline") continue;
  tuningRuns++;
  let agent: string[] = [];
  run.messages.forEach((m, mi) => {
    if (m.role === "assistant") {
      if (m.content.trim() !== "") agent.push(m.content);
      return;
    }
    if (m.role !== "user") return;
    const request = agent.join("\n\n");
    agent = [];
    const reply = m.content;
    const pending = ASKS.test(request.slice(-700));
    const cues = CUES.filter(([, re]) => re.test(reply)).map(([c]) => c);
    if (pending && SWITCH.test(reply)) cues.push("switch");
    // a closing message (the simulator's stop token) pushes for nothing
    if (cues.length === 0 || reply.trim() === "" || /###STOP###/.test(reply)) return;
    if (seen.has(reply)) return;
    seen.add(reply);
    const tail = request.slice(-3000);
    out.push({
      source: { file: run.file.replace(/\\/g, "/").replace(/^.*?trajectories\//, ""), simulation: run.id, messageIndex: mi, model: run.model },
      pendingConsentRequest: pending,
      cues,
      request: tail.length < request.length ? `[…]${tail}` : tail,
      reply,
    });
  });
}
out.sort(
  (a, b) =>
    a.source.file.localeCompare(b.source.file) || a.source.simulation.localeCompare(b.source.simulation) || a.source.messageIndex - b.source.messageIndex,
);
out.forEach((r, i) => process.stdout.write(JSON.stringify({ id: `p${String(i + 1).padStart(4, "0")}`, split: "tuning", ...r }) + "\n"));
process.stderr.write(`extract-pressure: ${out.length} candidate messages from ${tuningRuns} tuning runs\n`);
