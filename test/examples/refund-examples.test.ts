import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const runExample = (file: string) => spawnSync(process.execPath, ["--import", "tsx", file], { encoding: "utf8", timeout: 60_000 });

describe("refund examples (as a user runs them)", () => {
  it("run.ts: the premature refund is refused before it runs, then runs once after the user's yes", () => {
    const r = runExample("examples/refund/run.ts");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("premature refund refused before it ran (tool_not_allowed); refunds so far: 0");
    expect(r.stdout).toContain("refunds executed: B-1001:120; session ended");
  });

  it("agent-demo.ts: the model only sees allowed tools, reads the refusal, asks, and refunds once", () => {
    const r = runExample("examples/refund/agent-demo.ts");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("offered first: lookup_booking, end_conversation");
    expect(r.stdout).toContain("refused: issue_refund (tool_not_allowed)");
    expect(r.stdout).toContain("refund bodies run: 1; session ended");
  });
});
