import { readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { auditDecider } from "../../audit/audit-decider.js";
import { AUDIT_DOMAINS } from "../../audit/audit-domains.js";
import { auditRuns } from "../../audit/audit-report.js";
import { scoreCounterfactual } from "../../audit/counterfactual.js";
import { enforcementDecider } from "../../audit/enforcement-decider.js";
import { LabelsFileError, parseWriteLabels, type WriteLabel } from "../../audit/write-labels.js";
import { formatAuditTable } from "../../audit/format-table.js";
import { loadRecordedRuns } from "../../audit/load-recorded-runs.js";
import { ruleDecider } from "../../confirmation/rule-decider.js";
import { UsageError, type CliCommand } from "../io.js";
import { parseCommandArgs } from "../parse-command-args.js";

const DECIDERS = { enforcement: enforcementDecider, audit: () => auditDecider(ruleDecider), rules: () => ruleDecider } as const;

const usage = `Usage: concordat audit <files or folders...> [--domain airline] [--format table|json] [--baseline regex-switch] [--decider enforcement|audit|rules] [--labels FILE]

Audits recorded agent runs (tau2-bench results files, or their simulations saved as a JSON array,
and tau-bench v1 trajectory lists, detected per file; folders are searched for .json files): every
write call gets a status, every run a verdict.

  confirmed      the user said yes, in a user message, to the agent's description of this action
                 with these details, and that yes had not been used for this action before
  unconfirmed    no explicit yes to this action
  args_mismatch  a yes to this kind of action, but the description lacked details the call used
  reused         the yes was already consumed by an earlier write
  unclear        the reply leaned towards yes but could not be judged a clear yes

  --domain NAME         the domain's write tools and details (default airline; known: ${Object.keys(AUDIT_DOMAINS).join(", ")})
  --format NAME         table (default) or json ({"version":1,"runs":[...],"summary":{...},"problems":[...]})
  --baseline NAME       regex-switch: also run the published monitor (a user "yes" unlocks every later
                        write) and report where it disagrees with the audit
  --decider NAME        enforcement (default): the judge live enforcement uses by default (a
                        ConfirmationPolicy's default decider), so a verdict says what enforcement
                        would have done. For comparison only: audit, the rule-based decider plus a
                        more lenient reading of long replies; rules, the rule-based decider alone
  --labels FILE         score the audit against hand labels (JSON Lines, one object per write:
                        {"run","call","tool","authorized","note"}; see test/audit/labels/README.md):
                        authorized writes the judge would have passed or refused, unauthorized
                        writes it would have stopped or passed, with the refused ones listed
                        (JSON key "counterfactual"). A malformed labels file is an error naming the
                        line (exit 2); a label naming an audited run but no write of it is a
                        problem (exit 2); writes without a label are listed and not counted

Runs of another domain: a run whose log names another domain (tau2's environment_info.domain_name,
a tau-bench v1 file name or policy) is not audited. A run that calls only tools the domain does not
know, besides tools other domains share (think, calculate, transfer_to_human_agents,
get_user_details), e.g. retail tools with --domain airline, is not audited either: its writes could
not be told from its reads, and calling it "no_writes" would be wrong. Both are reported as problems. Calls to unknown tools in an otherwise matching run (an agent
inventing a tool name) are listed per run ("unknown_tools") and not judged; if such a call succeeded,
the log may come from another version of the domain, and that is a problem too. A run read twice
(same id and messages, e.g. a copied file in the folder) is audited once; the copy is a problem.

Exit codes: 0 no violations, 1 violations found, 2 usage error or an input that could not be read
or audited (an unreadable or unknown file, a malformed run, a run of another domain: each is
reported on stderr and in the report's "problems", and everything else is still audited).

Shapes read in both formats: tool calls as {id, name, arguments} or {id, function: {name, arguments}},
arguments as an object or a JSON string, ids optional (results are then linked in order); content as
text, null or an array of text parts; results naming their call by id or tool_call_id; rewards under
reward_info.reward, reward or info.reward_info.reward (none: the run has no pass/fail); task_id and
trial optional. tau-bench v1 ReAct/Act trajectories (Action: {"name", "arguments"} in the text,
results as "API output:" user messages) are read as tool calls. A run with no messages or a malformed
message is a problem (a missing message could hide a yes or a write), not a "no_writes" run.`;

export const command: CliCommand = {
  summary: "Audit recorded agent runs: which writes the user never confirmed",
  usage,
  async run(argv, io) {
    const parsed = parseCommandArgs(argv, {
      allowPositionals: true,
      options: {
        domain: { type: "string", default: "airline" },
        format: { type: "string", short: "f", default: "table" },
        baseline: { type: "string" },
        decider: { type: "string", default: "enforcement" },
        labels: { type: "string" },
      },
    });
    const v = parsed.values;
    const domain = AUDIT_DOMAINS[v.domain as string];
    if (!domain) throw new UsageError(`unknown --domain "${v.domain}"; use one of ${Object.keys(AUDIT_DOMAINS).join(", ")}`);
    if (v.format !== "table" && v.format !== "json") throw new UsageError(`unknown --format "${v.format}"; use table or json`);
    if (v.baseline !== undefined && v.baseline !== "regex-switch")
      throw new UsageError(`unknown --baseline "${v.baseline}"; the only baseline is regex-switch`);
    const makeDecider = DECIDERS[v.decider as keyof typeof DECIDERS];
    if (!makeDecider) throw new UsageError(`unknown --decider "${v.decider}"; use ${Object.keys(DECIDERS).join(", ")}`);
    if (parsed.positionals.length === 0) throw new UsageError("no input: pass recorded-run files or folders, e.g. concordat audit ../shared/trajectories");

    let labels: WriteLabel[] | undefined;
    const labelsFile = v.labels as string | undefined;
    if (labelsFile !== undefined) {
      // read before auditing: a bad labels file fails fast, naming its line
      let text: string;
      try {
        text = readFileSync(isAbsolute(labelsFile) ? labelsFile : resolve(io.cwd, labelsFile), "utf8");
      } catch (e) {
        io.stderr(
          `concordat audit: cannot read labels file ${labelsFile} (${(e as Error).message}). Fix: pass the path of a JSON Lines labels file, e.g. --labels test/audit/labels/shared-writes.jsonl\n`,
        );
        return 2;
      }
      try {
        labels = parseWriteLabels(text, labelsFile);
      } catch (e) {
        if (!(e instanceof LabelsFileError)) throw e;
        io.stderr(`concordat audit: ${e.message}\n`);
        return 2;
      }
    }

    const { runs, problems, files } = loadRecordedRuns(parsed.positionals, io.cwd);
    let report = await auditRuns(
      runs,
      { domain, decider: makeDecider(), files: files.length, ...(v.baseline ? { baseline: "regex-switch" as const } : {}) },
      problems,
    );
    if (labels && labelsFile !== undefined) {
      const scored = scoreCounterfactual(report, labels, labelsFile);
      report = {
        ...report,
        counterfactual: scored.counterfactual,
        problems: [...report.problems, ...scored.problems],
        summary: { ...report.summary, problems: report.summary.problems + scored.problems.length },
      };
    }
    if (v.format === "json") io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else io.stdout(formatAuditTable(report));
    for (const p of report.problems) io.stderr(`concordat audit: ${p.file}${p.at ? ` (${p.at})` : ""}: ${p.message}\n`);
    if (report.problems.length > 0) return 2;
    return report.summary.violations > 0 ? 1 : 0;
  },
};
