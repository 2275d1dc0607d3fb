import { describe, expect, it } from "vitest";
import { readRecordedRuns } from "../../src/audit/formats/read-recorded-runs.js";
import { modelFromFileName } from "../../src/audit/formats/tau1-trajectories.js";
import { agent, callAndResult, calls, results, tau2File, user } from "./conversation-builder.js";

const tau1Entry = (task_id: number, trial: number, reward: number, traj: unknown[]) => ({ task_id, trial, reward, info: {}, traj });

describe("tau2-bench results files", () => {
  it("reads every simulation: ids, task, trial, reward, model, messages with tool calls in order and their results", () => {
    const both = calls("Checking both.", ["get_reservation_details", { reservation_id: "AAA111" }], ["get_reservation_details", { reservation_id: "BBB222" }]);
    const file = tau2File(
      [
        [
          agent("Hi!"),
          user("Cancel AAA111"),
          both,
          ...results(both, '{"reservation_id":"AAA111"}', "Error: Reservation BBB222 not found"),
          callAndResult(null, "cancel_reservation", { reservation_id: "AAA111" }),
        ].flat(),
        [agent("Hi!"), user("Bye")],
      ],
      { reward: 0, model: "xai/grok-3" },
    );
    const { runs, problems } = readRecordedRuns("r.json", JSON.stringify(file));
    expect(problems).toEqual([]);
    expect(runs.map((r) => [r.id, r.taskId, r.trial, r.reward, r.model, r.format, r.domain])).toEqual([
      ["sim-0", "0", 0, 0, "xai/grok-3", "tau2-results", "airline"],
      ["sim-1", "1", 0, 0, "xai/grok-3", "tau2-results", "airline"],
    ]);
    const calls0 = runs[0]!.messages.flatMap((m) => m.toolCalls);
    expect(calls0.map((c) => [c.index, c.name, c.arguments["reservation_id"], c.result?.error])).toEqual([
      [0, "get_reservation_details", "AAA111", false],
      [1, "get_reservation_details", "BBB222", true],
      [2, "cancel_reservation", "AAA111", false],
    ]);
    expect(calls0[0]!.result?.content).toContain("AAA111");
  });

  it("reports a malformed simulation by position and keeps the others", () => {
    const file = tau2File([[agent("Hi!"), user("Yes")]]) as { simulations: unknown[] };
    file.simulations.push({ id: "broken", task_id: "9", messages: [{ role: "robot", content: "?" }] });
    const { runs, problems } = readRecordedRuns("mixed.json", JSON.stringify(file));
    expect(runs).toHaveLength(1);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: "mixed.json", at: "simulations[1]" });
    expect(problems[0]!.message).toContain("simulations[1].messages[0].role");
  });
});

describe("tau-bench v1 trajectory lists", () => {
  const traj = [
    { role: "system", content: "# Airline Agent Policy" },
    { role: "user", content: "Hi, cancel my trip ABC123." },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "call_1", type: "function", function: { name: "get_reservation_details", arguments: '{"reservation_id":"ABC123"}' } }],
    },
    { role: "tool", tool_call_id: "call_1", name: "get_reservation_details", content: '{"reservation_id":"ABC123"}' },
    // tau-bench v1 repeats call ids across messages
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "call_1", type: "function", function: { name: "cancel_reservation", arguments: '{"reservation_id":"ABC123"}' } }],
    },
    { role: "tool", tool_call_id: "call_1", name: "cancel_reservation", content: "Error: cannot cancel" },
    { role: "assistant", content: null, tool_calls: [{ id: "call_2", type: "function", function: { name: "cancel_reservation", arguments: "{not json" } }] },
    { role: "tool", tool_call_id: "call_2", name: "cancel_reservation", content: "Error: bad arguments" },
  ];

  it("reads each entry: arguments from JSON strings, results paired even when call ids repeat, model from the file name", () => {
    const text = JSON.stringify([tau1Entry(3, 1, 1, traj), tau1Entry(4, 0, 0, traj.slice(0, 2))]);
    const { runs, problems } = readRecordedRuns("dir/gpt-4o-airline-tasks0-4.json", text);
    expect(problems).toEqual([]);
    expect(runs.map((r) => [r.id, r.taskId, r.trial, r.reward, r.model, r.format])).toEqual([
      ["gpt-4o-airline-tasks0-4.json#0", "3", 1, 1, "gpt-4o", "tau1-trajectories"],
      ["gpt-4o-airline-tasks0-4.json#1", "4", 0, 0, "gpt-4o", "tau1-trajectories"],
    ]);
    const c = runs[0]!.messages.flatMap((m) => m.toolCalls);
    expect(c.map((x) => [x.index, x.name, x.arguments, x.result?.error])).toEqual([
      [0, "get_reservation_details", { reservation_id: "ABC123" }, false],
      [1, "cancel_reservation", { reservation_id: "ABC123" }, true],
      [2, "cancel_reservation", {}, true],
    ]);
    expect(c[1]!.result?.content).toBe("Error: cannot cancel");
    expect(c[2]!.argumentsError).toMatch(/not valid JSON/);
    expect(runs[0]!.messages[0]!.role).toBe("system");
  });

  it("takes the model from the file name, or says unknown", () => {
    expect(modelFromFileName("x/claude-3-5-sonnet-retail.json")).toBe("claude-3-5-sonnet");
    expect(modelFromFileName("runs.json")).toBe("unknown");
  });

  it("reports a malformed entry by position and keeps the others", () => {
    const { runs, problems } = readRecordedRuns("t.json", JSON.stringify([tau1Entry(0, 0, 1, traj), { task_id: 1, traj: [{ role: "user" }, { role: 7 }] }]));
    expect(runs).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: "t.json", at: "[1]" });
    expect(problems[0]!.message).toContain("[1].traj[1].role");
  });
});

describe("format detection", () => {
  it("names the file and what was expected for invalid JSON", () => {
    const { runs, problems } = readRecordedRuns("notes.json", "{ nope");
    expect(runs).toEqual([]);
    expect(problems[0]!.file).toBe("notes.json");
    expect(problems[0]!.message).toMatch(/not valid JSON.*tau2-bench results file.*tau-bench v1 trajectory list/);
  });

  it("names the file, what it found and what was expected for an unknown shape", () => {
    const { problems } = readRecordedRuns("other.json", JSON.stringify({ episodes: [] }));
    expect(problems[0]!.message).toMatch(/unknown format: found an object with keys episodes; expected a tau2-bench results file/);
    const arr = readRecordedRuns("list.json", JSON.stringify([{ turns: [] }]));
    expect(arr.problems[0]!.message).toContain("an array whose first element has keys turns");
  });
});
