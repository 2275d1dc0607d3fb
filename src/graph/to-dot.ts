import type { Protocol } from "../protocol/protocol.js";
import type { ProtocolGraph } from "../protocol/types.js";
import { edgeLabel, graphEdges, type GraphEdge, type GraphOptions } from "./graph-options.js";

/** The stacked labels of one drawn edge: a tool all of whose outcomes are on it appears once, bare. */
function mergedLabels(graph: ProtocolGraph, edges: readonly GraphEdge[]): string[] {
  const labels: string[] = [];
  const done = new Set<string>();
  for (const e of edges) {
    if (done.has(e.tool)) continue;
    const outcomes = graph.tools[e.tool]?.outcomes ?? [];
    const here = new Set(edges.filter((x) => x.tool === e.tool).map((x) => x.outcome));
    if (outcomes.length > 1 && outcomes.every((o) => here.has(o))) {
      done.add(e.tool);
      labels.push(e.guarded ? `${e.tool} (guarded)` : e.tool);
    } else labels.push(edgeLabel(graph, e));
  }
  return labels;
}

const html = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
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
  const font = q(options.fontName ?? "Helvetica");
  const lines = [
    `digraph ${q(graph.name)} {`,
    `  label=${q(options.title ?? `protocol ${graph.name}`)};`,
    `  labelloc=t;`,
    `  fontname=${font};`,
    `  rankdir=LR;`,
    `  node [shape=circle, fontname=${font}];`,
    `  edge [fontname=${font}, fontsize=${Number.isFinite(options.edgeFontSize) && (options.edgeFontSize as number) > 0 ? options.edgeFontSize : 10}];`,
    `  __start [shape=point, label=""];`,
    `  __start -> ${q(graph.initial)};`,
  ];
  for (const s of Object.keys(graph.states)) {
    lines.push(`  ${q(s)} [shape=${terminal.has(s) ? "doublecircle" : "circle"}];`);
  }
  // parallel edges with the same styling are drawn once, their labels stacked; a tool whose
  // every outcome takes the same edge is named once, without outcomes (`tool`, not
  // `tool[ok]` and `tool[error]`): its outcome does not change where it goes
  const groups = new Map<string, { e: GraphEdge; edges: GraphEdge[] }>();
  for (const e of graphEdges(graph, options)) {
    const key = [e.from, e.to, e.write, e.guarded, e.inTrace].join("\u0000");
    const g = groups.get(key);
    if (g) g.edges.push(e);
    else groups.set(key, { e, edges: [e] });
  }
  const loops = new Map<string, { e: GraphEdge; edges: GraphEdge[] }[]>();
  for (const g of groups.values()) {
    if (options.mergeSelfLoops && g.e.from === g.e.to && !g.e.inTrace) {
      loops.set(g.e.from, [...(loops.get(g.e.from) ?? []), g]);
      continue;
    }
    const labels = mergedLabels(graph, g.edges);
    const attrs = [`label=${q(labels.join("\n"))}`];
    if (g.e.write) attrs.push(`color="#c62828"`, `fontcolor="#c62828"`);
    if (g.e.guarded) attrs.push(`style=dashed`);
    if (g.e.inTrace) attrs.push(`penwidth=3`, `color="#1565c0"`);
    lines.push(`  ${q(g.e.from)} -> ${q(g.e.to)} [${attrs.join(", ")}];`);
  }
  // one loop per state: its label lists every tool that stays there, write tools in red (a
  // label per loop would be drawn across the other loops' lines)
  for (const [state, gs] of loops) {
    const rows = gs.flatMap((g) => mergedLabels(graph, g.edges).map((l) => (g.e.write ? `<font color="#c62828">${html(l)}</font>` : html(l))));
    const anyWrite = gs.some((g) => g.e.write);
    lines.push(
      `  ${q(state)} -> ${q(state)} [label=<${rows.join("<br/>")}>${anyWrite ? `, color="#c62828"` : ""}${gs.some((g) => g.e.guarded) ? ", style=dashed" : ""}];`,
    );
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}
