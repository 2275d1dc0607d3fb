import type { Protocol } from "../protocol/protocol.js";
import type { ProtocolGraph } from "../protocol/types.js";
import { edgeLabel, graphEdges, type GraphEdge, type GraphOptions } from "./graph-options.js";

const q = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;

/**
 * Graphviz DOT for a protocol: states as nodes (terminal states double-circled, the initial
 * state marked by an arrow), tools with outcome labels on edges (parallel edges merged, labels
 * stacked), write tools in red, guarded permissions dashed, and the edges of an optional trace
 * drawn bold in blue.
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
  // parallel edges with the same styling are drawn once, their labels stacked
  const groups = new Map<string, { e: GraphEdge; labels: string[] }>();
  for (const e of graphEdges(graph, options)) {
    const key = [e.from, e.to, e.write, e.guarded, e.inTrace].join("\u0000");
    const g = groups.get(key);
    if (g) g.labels.push(edgeLabel(graph, e));
    else groups.set(key, { e, labels: [edgeLabel(graph, e)] });
  }
  for (const { e, labels } of groups.values()) {
    const attrs = [`label=${q(labels.join("\n"))}`];
    if (e.write) attrs.push(`color="#c62828"`, `fontcolor="#c62828"`);
    if (e.guarded) attrs.push(`style=dashed`);
    if (e.inTrace) attrs.push(`penwidth=3`, `color="#1565c0"`);
    lines.push(`  ${q(e.from)} -> ${q(e.to)} [${attrs.join(", ")}];`);
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}
