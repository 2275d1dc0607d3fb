import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { MemoryViolationSink, ViolationLog } from "../../src/violation/violation-log.js";
import { rejectedWith } from "../support/expect-violation.js";

const loop = defineProtocol({
  name: "loop",
  initial: "open",
  terminal: ["closed"],
  tools: { lookup: { input: z.object({ n: z.number().int() }), effect: "read" }, close: { input: z.object({}), effect: "read" } },
  states: { open: { on: { lookup: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
});

describe("MemoryViolationSink", () => {
  it("keeps the latest records up to its limit, counts the rest", async () => {
    const sink = new MemoryViolationSink({ limit: 3 });
    const s = new Session(loop, { log: new ViolationLog([sink]) });
    for (let i = 0; i < 10; i++) await rejectedWith(s.execute({ name: "nope", arguments: { i } }, () => 0));
    await rejectedWith(s.execute({ name: "lookup", arguments: { n: "x" } }, () => 0));
    expect(sink.records.map((r) => r.code)).toEqual(["unknown_tool", "unknown_tool", "invalid_arguments"]);
    expect(sink.records.map((r) => (r.attempted.arguments as { i?: number }).i)).toEqual([8, 9, undefined]);
    expect(sink.dropped).toBe(8);
    expect(sink.counts).toEqual({ unknown_tool: 10, invalid_arguments: 1 });
    expect(new MemoryViolationSink().limit).toBe(1000);
    expect(() => new MemoryViolationSink({ limit: 0 })).toThrow(/limit must be a whole number ≥ 1/);
    sink.clear();
    expect(sink.records).toEqual([]);
  });

  it("a long session with a refusal per call holds a bounded log", async () => {
    const sink = new MemoryViolationSink({ limit: 50 });
    const s = new Session(loop, { log: new ViolationLog([sink]) });
    for (let i = 0; i < 500; i++) {
      await rejectedWith(s.execute({ name: "lookup", arguments: { n: `x${i}` } }, () => 0));
      await s.execute({ name: "lookup", arguments: { n: i } }, () => 0);
    }
    expect(sink.records.length).toBeLessThanOrEqual(50);
    expect(sink.dropped + sink.records.length).toBe(500);
    expect(sink.counts).toEqual({ invalid_arguments: 500 });
  });
});
