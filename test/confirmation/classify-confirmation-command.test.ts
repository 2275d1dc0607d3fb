import { describe, it, expect } from "vitest";
import { run } from "../../src/cli/run.js";
import { memoryIo } from "../../src/cli/io.js";

const lines = (s: string) =>
  s
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("concordat classify-confirmation", () => {
  it("writes one line per input line with the same id", async () => {
    const stdin =
      [
        { id: "a", request: "Refund $250 for booking ABC123?", reply: "yes please" },
        { id: 2, request: "Refund $250 for booking ABC123?", reply: "no" },
        { request: "Refund $250 for booking ABC123?", reply: "yes but only half" },
        { id: { nested: true }, request: "要取消预订吗？", reply: "好的，取消吧" },
      ]
        .map((x) => JSON.stringify(x))
        .join("\n") + "\n";
    const m = memoryIo({ stdin });
    expect(await run(["classify-confirmation"], m.io)).toBe(0);
    expect(lines(m.out())).toEqual([
      { id: "a", decision: "confirmed" },
      { id: 2, decision: "denied" },
      { id: null, decision: "unclear" },
      { id: { nested: true }, decision: "confirmed" },
    ]);
    expect(m.err()).toBe("");
  });

  it("--explain adds the rule and the reason", async () => {
    const m = memoryIo({ stdin: JSON.stringify({ id: 1, request: "Pay?", reply: "my wife says yes" }) });
    expect(await run(["classify-confirmation", "--explain"], m.io)).toBe(0);
    expect(lines(m.out())[0]).toMatchObject({ id: 1, decision: "unclear", rule: "third_party", reason: expect.stringContaining("someone else") });
  });

  it("malformed lines get an error line naming the line number; the rest is still classified; exit 1", async () => {
    const stdin = [
      '{"id":1,"request":"Pay?","reply":"yes"}',
      "not json",
      "",
      '{"id":3,"request":"Pay?"}',
      "[1,2]",
      '{"id":5,"request":"Pay?","reply":"ok"}',
    ].join("\n");
    const m = memoryIo({ stdin });
    expect(await run(["classify-confirmation"], m.io)).toBe(1);
    const out = lines(m.out());
    expect(out).toHaveLength(5);
    expect(out[0]).toEqual({ id: 1, decision: "confirmed" });
    expect(out[1]).toMatchObject({ line: 2, error: expect.stringContaining("line 2 is not JSON") });
    expect(out[2]).toMatchObject({ line: 4, id: 3, error: expect.stringContaining('"reply" must be a string (got nothing)') });
    expect(out[3]).toMatchObject({ line: 5, error: expect.stringContaining("an array") });
    expect(out[4]).toEqual({ id: 5, decision: "confirmed" });
    expect(m.err()).toContain("3 malformed lines");
  });

  it("bad flags and arguments are usage errors (exit 2)", async () => {
    const a = memoryIo({ stdin: "" });
    expect(await run(["classify-confirmation", "--nope"], a.io)).toBe(2);
    expect(a.err()).toContain("Usage: concordat classify-confirmation");
    const b = memoryIo({ stdin: "" });
    expect(await run(["classify-confirmation", "file.jsonl"], b.io)).toBe(2);
    expect(b.err()).toContain("pipe JSON lines to stdin");
  });

  it("empty input writes nothing and exits 0", async () => {
    const m = memoryIo({ stdin: "" });
    expect(await run(["classify-confirmation"], m.io)).toBe(0);
    expect(m.out()).toBe("");
  });
});
