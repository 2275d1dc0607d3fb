import { describe, expect, it } from "vitest";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { toDot } from "../../src/graph/to-dot.js";
import { toMermaid } from "../../src/graph/to-mermaid.js";
import { Session } from "../../src/runtime/session.js";

describe("graph export", () => {
  it("DOT marks terminal states, the initial state, outcome labels and write edges", () => {
    const dot = toDot(refundProtocol);
    expect(dot).toContain(`"done" [shape=doublecircle];`);
    expect(dot).toContain(`__start -> "start";`);
    expect(dot).toContain(`"start" -> "booked" [label="lookup_booking[found]"];`);
    expect(dot).toMatch(/"confirmed" -> "refunded" \[label="issue_refund", color="#c62828"/);
    expect(dot.split("->").length - 1).toBe(11); // 10 protocol edges + the start arrow
  });

  it("highlights a session's trace", async () => {
    const s = new Session(refundProtocol);
    await s.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ id: "B1" }));
    const dot = toDot(refundProtocol, { trace: s.trace });
    expect(dot).toMatch(/"start" -> "booked" \[label="lookup_booking\[found\]", penwidth=3/);
    expect(dot).not.toMatch(/"booked" -> "awaiting" [^\n]*penwidth/);
    expect(toMermaid(refundProtocol, { trace: s.trace })).toContain("start --> booked: lookup_booking[found] ●");
  });

  it("Mermaid output is a stateDiagram with start and end markers", () => {
    const m = toMermaid(refundProtocol);
    expect(m.startsWith("stateDiagram-v2\n")).toBe(true);
    expect(m).toContain("[*] --> start");
    expect(m).toContain("done --> [*]");
    expect(m).toContain("confirmed --> refunded: issue_refund ⚠ write");
  });
});

describe("DOT parallel edges", () => {
  it("draws parallel edges with the same styling once, with stacked labels", async () => {
    const { defineProtocol } = await import("../../src/protocol/define-protocol.js");
    const { z } = await import("zod");
    const p = defineProtocol({
      name: "par",
      initial: "a",
      terminal: ["z"],
      tools: {
        r1: { input: z.object({}), effect: "read" },
        r2: { input: z.object({}), effect: "read" },
        w: { input: z.object({}), effect: "write" },
      },
      states: { a: { on: { r1: { ok: "a" }, r2: { ok: "a" }, w: { ok: "z" } } }, z: {} },
    });
    const dot = toDot(p);
    expect(dot).toContain(`"a" -> "a" [label="r1\\nr2"];`);
    expect(dot).toMatch(/"a" -> "z" \[label="w", color="#c62828"/);
  });
});

describe("DOT labels for the report", () => {
  async function protocol() {
    const { defineProtocol } = await import("../../src/protocol/define-protocol.js");
    const { guard } = await import("../../src/protocol/guard.js");
    const { z } = await import("zod");
    return defineProtocol({
      name: "lab",
      initial: "a",
      terminal: ["z"],
      tools: {
        r: { input: z.object({}), effect: "read", outcomes: ["ok", "error"] },
        find: { input: z.object({}), effect: "read", outcomes: ["found", "not_found"] },
        w: { input: z.object({}), effect: "write" },
        close: { input: z.object({}), effect: "write" },
      },
      states: {
        a: {
          on: { r: { ok: "a", error: "a" }, find: { found: "b", not_found: "a" }, w: { ok: "a" }, close: { ok: "z" } },
          guards: { w: guard("always", () => true) },
        },
        b: { on: { close: { ok: "z" } } },
        z: {},
      },
    } as never);
  }

  it("names a tool once, without outcomes, when all its outcomes take the same edge", async () => {
    const dot = toDot(await protocol());
    expect(dot).toContain(`"a" -> "a" [label="r\\nfind[not_found]"];`);
    expect(dot).toContain(`"a" -> "b" [label="find[found]"];`);
    expect(dot).not.toMatch(/r\[ok\]|r\[error\]/);
  });

  it("mergeSelfLoops draws one loop per state, write tools in red, instead of one per style", async () => {
    const p = await protocol();
    const loops = (dot: string) => dot.split("\n").filter((l) => l.startsWith(`  "a" -> "a"`));
    expect(loops(toDot(p))).toHaveLength(2);
    const merged = loops(toDot(p, { mergeSelfLoops: true }));
    expect(merged).toEqual([`  "a" -> "a" [label=<r<br/>find[not_found]<br/><font color="#c62828">w (guarded)</font>>, color="#c62828", style=dashed];`]);
  });

  it("mergeSelfLoops keeps a loop on a highlighted trace apart", async () => {
    const p = await protocol();
    const dot = toDot(p, { mergeSelfLoops: true, trace: [{ from: "a", tool: "r", outcome: "ok", to: "a" }] });
    expect(dot).toMatch(/"a" -> "a" \[label="r\[ok\]", penwidth=3/);
    expect(dot.split("\n").filter((l) => l.startsWith(`  "a" -> "a"`))).toHaveLength(2);
  });

  it("edgeFontSize sets the edge label size; a NaN, zero or negative size keeps the default", async () => {
    const p = await protocol();
    expect(toDot(p, { edgeFontSize: 12 })).toContain(`edge [fontname="Helvetica", fontsize=12];`);
    for (const bad of [Number.NaN, 0, -3]) expect(toDot(p, { edgeFontSize: bad })).toContain(`edge [fontname="Helvetica", fontsize=10];`);
  });
});

describe("DOT font", () => {
  it("fontName sets the font of the graph, its nodes and its edges (Graphviz sizes labels with it)", () => {
    const dot = toDot(refundProtocol, { fontName: "DejaVu Sans" });
    expect(dot).toContain(`  fontname="DejaVu Sans";`);
    expect(dot).toContain(`node [shape=circle, fontname="DejaVu Sans"];`);
    expect(dot).toContain(`edge [fontname="DejaVu Sans", fontsize=10];`);
    expect(toDot(refundProtocol)).toContain(`node [shape=circle, fontname="Helvetica"];`);
  });
});
