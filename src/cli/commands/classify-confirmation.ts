import { confusionMatrix, formatConfusionMarkdown, type LabelledDecision } from "../../confirmation/confusion-matrix.js";
import { DECIDER_HELP, DECIDERS } from "../deciders.js";
import { UsageError, type CliCommand } from "../io.js";
import { parseCommandArgs } from "../parse-command-args.js";

const usage = `Usage: concordat classify-confirmation [--explain | --matrix] [--decider NAME] [--split NAME] < replies.jsonl

Reads JSON lines on stdin, each {"request": "<the agent's confirmation message>",
"reply": "<the user's message>", "id": <optional, any JSON value>}, and writes one JSON line
per input line, in order: {"id": <same>, "decision": "confirmed" | "denied" | "unclear"}
(with --explain also "rule" and "reason"). Decisions come from the consent judge, the one live
enforcement and \`concordat audit\` use by default (English, Spanish, Chinese; only a yes without
condition, change, question, restriction or other request is "confirmed").

  --decider NAME   ${DECIDER_HELP}
  --split NAME     only lines whose "split" field is NAME (e.g. tuning or heldout in real-replies.jsonl)

Blank lines are skipped. A malformed line (not JSON, not an object, "request" or "reply"
not a string) produces {"line": N, "id": <when readable>, "error": "..."} in its place, and
the command exits 1 after processing every line. Exit codes: 0 all lines classified,
1 some lines malformed, 2 bad flags.

--matrix evaluates a labelled corpus instead: every line also has "label" (the true decision)
and optionally "category" and "lang"; the output is the confusion matrix and the decisions per
category as Markdown. Exit 1 when any reply labelled denied/unclear was classified
"confirmed" (or a line is malformed), else 0. E.g.
  concordat classify-confirmation --matrix < test/confirmation/corpus/replies.jsonl`;

const DECISION_LABELS: ReadonlySet<unknown> = new Set(["confirmed", "denied", "unclear"]);

export const command: CliCommand = {
  summary: "Classify user replies to confirmation requests (JSON lines in, JSON lines out)",
  usage,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      allowPositionals: true,
      options: {
        explain: { type: "boolean", default: false },
        matrix: { type: "boolean", default: false },
        decider: { type: "string", default: "judge" },
        split: { type: "string" },
      },
    });
    if (values.explain && values.matrix) throw new UsageError("--explain and --matrix cannot be combined.");
    const makeDecider = DECIDERS[values.decider as string];
    if (!makeDecider) throw new UsageError(`unknown --decider "${values.decider}"; use one of ${Object.keys(DECIDERS).join(", ")}`);
    const decider = makeDecider();
    if (positionals.length > 0)
      throw new UsageError(`takes no arguments (got ${positionals.map((p) => JSON.stringify(p)).join(" ")}); pipe JSON lines to stdin.`);
    const input = await io.readStdin();
    const lines = input.split(/\r?\n/);
    if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    let bad = 0;
    let done = 0;
    const out: string[] = [];
    const labelled: LabelledDecision[] = [];
    for (const [i, line] of lines.entries()) {
      const n = i + 1;
      if (line.trim() === "") continue;
      const fail = (error: string, id?: unknown) => {
        bad++;
        out.push(JSON.stringify({ line: n, ...(id !== undefined ? { id } : {}), error }));
      };
      let data: unknown;
      try {
        data = JSON.parse(line);
      } catch (e) {
        fail(`line ${n} is not JSON (${(e as Error).message}). Each line must be {"request": "...", "reply": "...", "id": ...}.`);
        continue;
      }
      if (typeof data !== "object" || data === null || Array.isArray(data)) {
        fail(
          `line ${n} is ${Array.isArray(data) ? "an array" : typeof data === "object" ? "null" : `a ${typeof data}`}, not an object with "request" and "reply".`,
        );
        continue;
      }
      const rec = data as Record<string, unknown>;
      if (values.split !== undefined && rec["split"] !== values.split) continue;
      const problems: string[] = [];
      if (typeof rec["request"] !== "string")
        problems.push(`"request" must be a string (got ${rec["request"] === undefined ? "nothing" : typeof rec["request"]})`);
      if (typeof rec["reply"] !== "string") problems.push(`"reply" must be a string (got ${rec["reply"] === undefined ? "nothing" : typeof rec["reply"]})`);
      if (values.matrix && !DECISION_LABELS.has(rec["label"]))
        problems.push(`"label" must be "confirmed", "denied" or "unclear" (got ${JSON.stringify(rec["label"]) ?? "nothing"})`);
      if (problems.length > 0) {
        fail(`line ${n}: ${problems.join("; ")}.`, rec["id"]);
        continue;
      }
      const v = await decider.decide({ request: rec["request"] as string, reply: rec["reply"] as string });
      done++;
      if (values.matrix) {
        labelled.push({
          label: rec["label"] as LabelledDecision["label"],
          decision: v.decision,
          ...(typeof rec["category"] === "string" ? { category: rec["category"] } : {}),
          ...(typeof rec["lang"] === "string" ? { lang: rec["lang"] } : {}),
        });
        continue;
      }
      out.push(JSON.stringify({ id: rec["id"] ?? null, decision: v.decision, ...(values.explain ? { rule: v.rule, reason: v.reason } : {}) }));
    }
    if (values.matrix) {
      const m = confusionMatrix(labelled);
      io.stdout(formatConfusionMarkdown(m, `Decider "${decider.name}"${values.split !== undefined ? `, split ${values.split}` : ""}`));
      if (out.length > 0) io.stderr(out.join("\n") + "\n");
      if (m.falseConfirmed > 0)
        io.stderr(
          `concordat classify-confirmation: ${m.falseConfirmed} repl${m.falseConfirmed === 1 ? "y" : "ies"} labelled denied/unclear classified as confirmed.\n`,
        );
      if (bad > 0) io.stderr(`concordat classify-confirmation: ${bad} malformed line${bad === 1 ? "" : "s"}; ${done} classified.\n`);
      return m.falseConfirmed > 0 || bad > 0 ? 1 : 0;
    }
    if (out.length > 0) io.stdout(out.join("\n") + "\n");
    if (bad > 0) {
      io.stderr(`concordat classify-confirmation: ${bad} malformed line${bad === 1 ? "" : "s"} (see the "error" lines); ${done} classified.\n`);
      return 1;
    }
    return 0;
  },
};
