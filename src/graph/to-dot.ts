import type { Protocol } from "../protocol/protocol.js";
import type { ProtocolGraph } from "../protocol/types.js";
import { edgeLabel, graphEdges, type GraphOptions } from "./graph-options.js";

const q = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/**
 * Graphviz DOT for a protocol: states as nodes (terminal states double-circled, the initial
 * state marked by an arrow), tools with outcome labels on edges, write tools in red, and the
 * edges of an optional trace drawn bold in blue.
 */
export function toDot(protocol: ProtocolGraph | Protocol<any, any, any>, options: GraphOptions = {}): string {
  const graph: ProtocolGraph = "graph" in protocol ? protocol.graph : protocol;
  const terminal = new Set(graph.terminal);
  const lines = [
    `digraph ${q(graph.name)} {`,
    `  label=${q(options.title ?? `protocol ${graph.name}`)};`,
    `  labelloc=t;`,
    `  rankdir=LR;`,
    `  node [shape=circle, fontname="Helvetica"];`,
    `  edge [fontname="Helvetica", fontsize=10];`,
    `  __start [shape=point, label=""];`,
    `  __start -> ${q(graph.initial)};`,
  ];
  for (const s of Object.keys(graph.states)) {
    lines.push(`  ${q(s)} [shape=${terminal.has(s) ? "doublecircle" : "circle"}];`);
  }
  for (const e of graphEdges(graph, options)) {
    const attrs = [`label=${q(edgeLabel(graph, e))}`];
    if (e.write) attrs.push(`color="#c62828"`, `fontcolor="#c62828"`);
    if (e.guarded) attrs.push(`style=dashed`);
    if (e.inTrace) attrs.push(`penwidth=3`, `color="#1565c0"`);
    lines.push(`  ${q(e.from)} -> ${q(e.to)} [${attrs.join(", ")}];`);
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}
