import { describe, expect, it } from "vitest";
import { createMachine, transition } from "xstate";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { memoryIo } from "../../src/cli/io.js";
import { run } from "../../src/cli/run.js";

describe("concordat graph", () => {
  it("prints a protocol module's export as DOT", async () => {
    const m = memoryIo();
    expect(await run(["graph", "examples/refund/refund-protocol.ts#refundProtocol"], m.io)).toBe(0);
    expect(m.out()).toMatch(/^digraph "refund" \{/);
  });

  it("--format xstate prints a machine config that createMachine loads, with the protocol's transitions", async () => {
    const m = memoryIo();
    expect(await run(["graph", "examples/refund/refund-protocol.ts#refundProtocol", "--format", "xstate"], m.io)).toBe(0);
    const machine = createMachine(JSON.parse(m.out()));
    const g = refundProtocol.graph;
    let compared = 0;
    for (const [state, st] of Object.entries(g.states)) {
      for (const [tool, outs] of Object.entries(st.on)) {
        for (const [outcome, target] of Object.entries(outs)) {
          const type = g.tools[tool]!.outcomes.length === 1 && outcome === "ok" ? tool : `${tool}[${outcome}]`;
          const [next] = transition(machine, machine.resolveState({ value: state } as never), { type } as never);
          expect(`${state} --${type}--> ${String(next.value)}`).toBe(`${state} --${type}--> ${target}`);
          compared++;
        }
      }
      // a tool the state does not allow leaves the machine where it is (the protocol refuses it)
      const [stay] = transition(machine, machine.resolveState({ value: state } as never), { type: "issue_refund" } as never);
      if (!("issue_refund" in st.on) && !g.terminal.includes(state)) expect(stay.value).toBe(state);
    }
    expect(compared).toBe(10);
    const t = memoryIo();
    expect(await run(["graph", "examples/refund/refund-protocol.ts#refundProtocol", "--format", "xstate", "--trace", "x.json"], t.io)).toBe(2);
    expect(t.err()).toContain("--trace highlights a path in dot or mermaid output");
  });

  it("exits 2 with a message naming the bad value", async () => {
    const a = memoryIo();
    expect(await run(["graph", "examples/refund/refund-protocol.ts#nope"], a.io)).toBe(2);
    expect(a.err()).toContain('has no export "nope". Exports: refundProtocol');
    const b = memoryIo();
    expect(await run(["graph", "examples/refund/refund-protocol.ts#refundProtocol", "--format", "png"], b.io)).toBe(2);
    expect(b.err()).toContain('--format must be dot, mermaid or xstate, not "png"');
    const c = memoryIo();
    expect(await run(["nonsense"], c.io)).toBe(2);
    expect(c.err()).toContain('unknown command "nonsense"');
  });
});
