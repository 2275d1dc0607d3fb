import type { Protocol } from "../protocol/protocol.js";
import type { ProtocolGraph } from "../protocol/types.js";
import { edgeLabel, graphEdges, type GraphOptions } from "./graph-options.js";

/** Mermaid state names must be identifiers: map each state to a stable safe id. */
function ids(states: string[]): Map<string, string> {
  return new Map(states.map((s, i) => [s, /^[A-Za-z_][A-Za-z0-9_]*$/.test(s) ? s : `s${i}`]));
}

const label = (s: string) => s.replace(/[:;#"]/g, " ");

/**
 * Mermaid `stateDiagram-v2` for a protocol: `[*] -->` the initial state, terminal states
 * `--> [*]`, tools with outcome labels on edges, write-tool edges flagged `⚠ write`, and trace
 * edges flagged `●`.
 */
export function toMermaid(protocol: ProtocolGraph | Protocol<any, any, any>, options: GraphOptions = {}): string {
  const graph: ProtocolGraph = "graph" in protocol ? protocol.graph : protocol;
  const id = ids(Object.keys(graph.states));
  const lines = ["stateDiagram-v2", `  %% protocol ${graph.name}${options.title ? ` — ${options.title}` : ""}`];
  for (const [s, sid] of id) if (sid !== s) lines.push(`  state "${label(s)}" as ${sid}`);
  lines.push(`  [*] --> ${id.get(graph.initial)}`);
  for (const e of graphEdges(graph, options)) {
    const marks = `${e.write ? " ⚠ write" : ""}${e.inTrace ? " ●" : ""}`;
    lines.push(`  ${id.get(e.from)} --> ${id.get(e.to)}: ${label(edgeLabel(graph, e))}${marks}`);
  }
  for (const t of graph.terminal) lines.push(`  ${id.get(t)} --> [*]`);
  const writes = Object.entries(graph.tools)
    .filter(([, t]) => t.effect === "write")
    .map(([n]) => n);
  if (writes.length > 0) lines.push(`  note right of ${id.get(graph.initial)}: write tools ${writes.join(", ")}`);
  return lines.join("\n") + "\n";
}
