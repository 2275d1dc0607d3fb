/**
 * `npm run audit:real-c [-- --decider NAME] [-- --show-heldout]`: the counterfactual replay of
 * real-audit-C (58 real recorded tau2-bench airline runs from other people's leaderboard submissions,
 * `test/fixtures/real-audit-c/`, collected and labelled blind on 2026-12-01) against its hand labels
 * (`test/audit/labels/real-audit-C.jsonl`), per part of the split fixed before anyone read it
 * (`runHashSplit`). The held-out part is reported as counts only.
 * Exit code: the audit's (1 when it found violations, 2 on an input problem).
 */
import { pathToFileURL } from "node:url";
import { runHashSplit } from "../test/confirmation/corpus/split.js";
import { auditBySplit } from "./audit-tau1.js";

export const REAL_C_LABELS = "test/audit/labels/real-audit-C.jsonl";
/** The `concordat audit` arguments of the replay (the whole fixture, every label). */
export const AUDIT_REAL_C_ARGS = ["audit", "test/fixtures/real-audit-c", "--baseline", "regex-switch", "--labels", REAL_C_LABELS] as const;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await auditBySplit(
    {
      args: AUDIT_REAL_C_ARGS,
      labelsFile: REAL_C_LABELS,
      partOf: runHashSplit,
      splitText: "first hex digit of sha256(run id) 0-9 = held out, else tuning (test/confirmation/corpus/split.ts)",
    },
    process.argv.slice(2),
  );
