import type { RunRecord } from "../eval/results.js";
import type { EvalProgress, RunSpec } from "../eval/runner.js";
import { formatCount, formatUsd } from "../eval/token-cost.js";

/** @internal How `concordat eval` shows its progress on stderr. */
export interface EvalProgressOptions {
  /** Write to stderr (never stdout: `--json -` keeps stdout for the figures). */
  readonly write: (text: string) => void;
  /** A terminal: one line redrawn in place. Otherwise (CI logs, pipes) whole lines. */
  readonly tty: boolean;
  /** Print a line per finished run, with its tokens (real-model mode: runs take seconds to minutes). */
  readonly perRun: boolean;
  /** Inside a run, a "still running" line at most this often (ms); 0 = after every model call. */
  readonly intervalMs: number;
  /** Clock (ms); injectable for tests. */
  readonly now?: () => number;
}

const label = (s: RunSpec): string => `${s.group} ${s.mode} task ${s.task.id} (${s.customer}${s.trial > 0 ? `, trial ${s.trial + 1}` : ""})`;

/** @internal One run's tokens, for the progress line. */
export function runTokens(r: RunRecord): number {
  return r.inputTokens + r.outputTokens + r.customerInputTokens + r.customerOutputTokens;
}

function runLine(e: Extract<EvalProgress, { kind: "run-end" }>, seconds: number): string {
  const r = e.run;
  const outcome =
    r.endedBy === "error"
      ? `ERROR (${r.error ?? "?"})`
      : `${r.success ? "task success" : "task failed"}, ${r.unauthorizedWrites} unauthorized write${r.unauthorizedWrites === 1 ? "" : "s"}`;
  const cost = r.costUsd !== undefined ? `, ${formatUsd(r.costUsd)}` : "";
  return `eval: run ${e.index}/${e.total} ${label(e.spec)}: ${outcome}; ${r.modelCalls + r.customerModelCalls} model calls, ${formatCount(runTokens(r))} tokens${cost}; ${seconds.toFixed(1)} s\n`;
}

/**
 * @internal
 * The progress printer of `concordat eval`: a bar redrawn in place on a terminal; in logs, a
 * line per 10% of the runs, or (real-model mode) a line per finished run with its tokens and
 * cost; and a "still running" line inside a long run at most every `intervalMs`.
 */
export function evalProgressReporter(options: EvalProgressOptions): (event: EvalProgress) => void {
  const now = options.now ?? (() => performance.now());
  let lastDecile = -1;
  let runStarted = now();
  let lastLine = runStarted;
  let lastDraw = -Infinity;
  return (e) => {
    const t = now();
    if (e.kind === "run-start") {
      runStarted = t;
      lastLine = t;
    }
    if (options.tty) {
      const done = e.kind === "run-end" ? e.index : e.index - 1;
      // redraw at most 10 times a second, and always at the end
      if (t - lastDraw < 100 && done !== e.total) return;
      lastDraw = t;
      const width = 30;
      const filled = Math.round((done / e.total) * width);
      const inRun =
        e.kind === "model-call"
          ? ` · run ${e.index}: ${label(e.spec)}, turn ${e.turn + 1}, ${e.modelCalls} ${e.side} calls, ${formatCount(e.tokens)} tokens`
          : "";
      options.write(`\r\x1b[K[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${e.total} runs${inRun}${done === e.total ? "\n" : ""}`);
      return;
    }
    if (e.kind === "model-call") {
      if (t - lastLine < options.intervalMs) return;
      lastLine = t;
      options.write(
        `eval: run ${e.index}/${e.total} ${label(e.spec)} still running: turn ${e.turn + 1}, ${e.modelCalls} ${e.side} model call${e.modelCalls === 1 ? "" : "s"}, ${formatCount(e.tokens)} ${e.side} tokens so far; ${((t - runStarted) / 1000).toFixed(1)} s\n`,
      );
      return;
    }
    if (e.kind !== "run-end") return;
    // a line per run already counts the runs; otherwise a line per 10% of them
    if (options.perRun) {
      options.write(runLine(e, (t - runStarted) / 1000));
      return;
    }
    const decile = Math.floor((e.index / e.total) * 10);
    if (decile !== lastDecile) {
      lastDecile = decile;
      options.write(`eval: ${e.index}/${e.total} runs (${Math.round((e.index / e.total) * 100)}%)\n`);
    }
  };
}
