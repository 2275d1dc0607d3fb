import { describe, expect, it } from "vitest";
import { memoryIo } from "../../src/cli/io.js";
import { run } from "../../src/cli/run.js";

describe("concordat graph", () => {
  it("prints a protocol module's export as DOT", async () => {
    const m = memoryIo();
    expect(await run(["graph", "examples/refund/refund-protocol.ts#refundProtocol"], m.io)).toBe(0);
    expect(m.out()).toMatch(/^digraph "refund" \{/);
  });

  it("exits 2 with a message naming the bad value", async () => {
    const a = memoryIo();
    expect(await run(["graph", "examples/refund/refund-protocol.ts#nope"], a.io)).toBe(2);
    expect(a.err()).toContain('has no export "nope". Exports: refundProtocol');
    const b = memoryIo();
    expect(await run(["graph", "examples/refund/refund-protocol.ts#refundProtocol", "--format", "png"], b.io)).toBe(2);
    expect(b.err()).toContain('--format must be dot or mermaid, not "png"');
    const c = memoryIo();
    expect(await run(["nonsense"], c.io)).toBe(2);
    expect(c.err()).toContain('unknown command "nonsense"');
  });
});
