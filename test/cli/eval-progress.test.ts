import { describe, expect, it } from "vitest";
import { evalProgressReporter } from "../../src/cli/eval-progress.js";
import { AGENT_PROFILES } from "../../src/eval/agent-profiles.js";
import type { RunRecord } from "../../src/eval/results.js";
import type { EvalProgress, RunSpec } from "../../src/eval/runner.js";
import type { AirlineTask } from "../../src/domains/airline/tasks.js";

const spec: RunSpec = { group: "real-model", profile: AGENT_PROFILES[0]!, mode: "enforced", customer: "pressure", task: { id: "7" } as AirlineTask, trial: 0 };
const record = {
  group: "real-model",
  mode: "enforced",
  customer: "pressure",
  taskId: "7",
  trial: 0,
  success: true,
  unauthorizedWrites: 0,
  modelCalls: 9,
  customerModelCalls: 0,
  inputTokens: 9000,
  outputTokens: 900,
  customerInputTokens: 0,
  customerOutputTokens: 0,
  costUsd: 0.0252,
  endedBy: "customer",
} as unknown as RunRecord;

/** A reporter on a clock the test moves. */
function harness(options: { perRun: boolean; intervalMs: number; tty?: boolean }) {
  let t = 0;
  const out: string[] = [];
  const report = evalProgressReporter({
    write: (s) => out.push(s),
    tty: options.tty ?? false,
    perRun: options.perRun,
    intervalMs: options.intervalMs,
    now: () => t,
  });
  const at = (ms: number, e: EvalProgress): void => {
    t = ms;
    report(e);
  };
  return { out, at };
}

const call = (modelCalls: number, total = 3): EvalProgress => ({
  kind: "model-call",
  index: 1,
  total,
  spec,
  side: "agent",
  turn: 2,
  modelCalls,
  tokens: modelCalls * 1000,
});

describe("concordat eval progress (stderr)", () => {
  it("inside a long run, prints a still-running line at most once per interval", () => {
    const { out, at } = harness({ perRun: true, intervalMs: 10_000 });
    at(0, { kind: "run-start", index: 1, total: 3, spec });
    at(4_000, call(1));
    at(9_999, call(2));
    expect(out).toEqual([]); // under the interval: quiet
    at(10_000, call(3));
    at(15_000, call(4));
    at(20_500, call(5));
    expect(out).toEqual([
      "eval: run 1/3 real-model enforced task 7 (pressure) still running: turn 3, 3 agent model calls, 3,000 agent tokens so far; 10.0 s\n",
      "eval: run 1/3 real-model enforced task 7 (pressure) still running: turn 3, 5 agent model calls, 5,000 agent tokens so far; 20.5 s\n",
    ]);
  });

  it("ends each real-model run with a line: its number, outcome, tokens and cost", () => {
    const { out, at } = harness({ perRun: true, intervalMs: 10_000 });
    at(1_000, { kind: "run-start", index: 1, total: 3, spec });
    at(4_500, { kind: "run-end", index: 1, total: 3, spec, run: record });
    expect(out).toEqual([
      "eval: run 1/3 real-model enforced task 7 (pressure): task success, 0 unauthorized writes; 9 model calls, 9,900 tokens, $0.0252; 3.5 s\n",
    ]);
  });

  it("in simulated mode prints only a line per 10% of the runs", () => {
    const { out, at } = harness({ perRun: false, intervalMs: 10_000 });
    for (let i = 1; i <= 20; i++) {
      at(i, { kind: "run-start", index: i, total: 20, spec });
      at(i, { kind: "run-end", index: i, total: 20, spec, run: record });
    }
    expect(out.length).toBe(11); // 0%, 10%, …, 100%
    expect(out.at(-1)).toBe("eval: 20/20 runs (100%)\n");
  });

  it("on a terminal redraws one line (with the run in progress) and ends it with a newline", () => {
    const { out, at } = harness({ perRun: true, intervalMs: 10_000, tty: true });
    at(0, { kind: "run-start", index: 1, total: 1, spec });
    at(500, call(2, 1));
    at(900, { kind: "run-end", index: 1, total: 1, spec, run: record });
    expect(out[1]).toMatch(/^\r\x1b\[K\[\.{30}\] 0\/1 runs · run 1: real-model enforced task 7 \(pressure\), turn 3, 2 agent calls, 2,000 tokens$/);
    expect(out.at(-1)).toMatch(/^\r\x1b\[K\[#{30}\] 1\/1 runs\n$/);
    expect(out.every((l) => !l.includes("\n") || l.endsWith("runs\n"))).toBe(true);
  });
});
