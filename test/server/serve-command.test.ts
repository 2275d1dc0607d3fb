import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it, expect } from "vitest";
import { memoryIo } from "../../src/cli/io.js";
import { run } from "../../src/cli/run.js";

const env = {
  CONCORDAT_STORE_SECRET: "store-secret-0123456789abcdef",
  CONCORDAT_TOKEN_SECRET: "token-secret-0123456789abcdef",
  CONCORDAT_GRANT_KEY: "grant-key-0123456789abcdef",
};

describe("concordat serve", () => {
  it("serves the refund protocol over HTTP from a SQLite file and stops on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "concordat-serve-"));
    const { io, out, err } = memoryIo({ env });
    const done = run(
      [
        "serve",
        "examples/refund/refund-protocol.ts#refundProtocol",
        "--tools",
        "test/server/fixtures/refund-tools.ts#tools",
        "--port",
        "0",
        "--db",
        join(dir, "s.db"),
      ],
      io,
    );
    try {
      let url: string | undefined;
      for (let i = 0; i < 200 && !url; i++) {
        url = /on (http:\/\/\S+) /.exec(out())?.[1];
        if (!url) await new Promise((r) => setTimeout(r, 25));
      }
      expect(url, err()).toBeDefined();
      const created = (await (await fetch(`${url}/sessions`, { method: "POST" })).json()) as { sessionId: string; tokens: { agent: string } };
      const premature = await fetch(`${url}/sessions/${created.sessionId}/calls`, {
        method: "POST",
        headers: { authorization: `Bearer ${created.tokens.agent}` },
        body: JSON.stringify({ name: "issue_refund", arguments: { bookingId: "B", amount: 1 } }),
      });
      expect(premature.status).toBe(409);
      expect(((await premature.json()) as { error: { code: string } }).error.code).toBe("tool_not_allowed");
      expect(out()).toContain("(sqlite store)");
      expect(
        err()
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as { event: string; code?: string }),
      ).toContainEqual(expect.objectContaining({ event: "request", code: "tool_not_allowed" }));
    } finally {
      process.emit("SIGTERM");
      expect(await done).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(out()).toContain("stopped");
  });

  it("refuses to start without its secrets, naming them", async () => {
    const { io, err } = memoryIo({ env: {} });
    expect(await run(["serve", "examples/refund/refund-protocol.ts#refundProtocol", "--tools", "test/server/fixtures/refund-tools.ts#tools"], io)).toBe(2);
    expect(err()).toContain("CONCORDAT_STORE_SECRET and CONCORDAT_TOKEN_SECRET");
  });

  it("names a bad limit or reconcile hook flag", async () => {
    const base = ["serve", "examples/refund/refund-protocol.ts#refundProtocol", "--tools", "test/server/fixtures/refund-tools.ts#tools", "--db", ":memory:"];
    for (const [args, message] of [
      [["--max-connections", "0"], '--max-connections must be a whole number ≥ 1, not "0".'],
      [["--headers-timeout-ms", "9000", "--request-timeout-ms", "1000"], "headers-timeout-ms (9000) must not exceed request-timeout-ms (1000)"],
      [
        ["--reconcile", "test/server/fixtures/refund-tools.ts#refunds"],
        '"test/server/fixtures/refund-tools.ts#refunds" is not a function: --reconcile names a function',
      ],
      [["--table", "x; drop"], "--table must be a plain SQL identifier"],
    ] as const) {
      const { io, err } = memoryIo({ env });
      expect(await run([...base, ...args], io)).toBe(2);
      expect(err()).toContain(message);
    }
  });
});
