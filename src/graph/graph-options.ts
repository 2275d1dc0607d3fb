import type { ProtocolGraph } from "../protocol/types.js";

/** Options shared by the DOT and Mermaid exporters. */
export interface GraphOptions {
  /** Highlight the path a session took: the trace's (from, tool, outcome, to) steps. */
  readonly trace?: readonly { readonly from: string; readonly tool: string; readonly outcome: string; readonly to: string }[];
  /** Title shown above the graph (defaults to the protocol name). */
  readonly title?: string;
  /**
   * Font size of the edge labels, in points (DOT only). A graph scaled down to fit a page needs
   * a larger one to stay readable.
   * @default 10
   */
  readonly edgeFontSize?: number;
  /**
   * Draw one loop per state, labelled with every tool that stays there (write tools in red),
   * instead of a loop per style (DOT only). Separate loops on one node are drawn across each
   * other's labels; one loop stays readable. Loops on a highlighted trace stay separate.
   * @default false
   */
  readonly mergeSelfLoops?: boolean;
  /**
   * Font of every label (DOT only). Graphviz sizes labels with this font's metrics, so it
   * should be the font the picture is shown in: a page that renders the SVG with a wider font
   * than Graphviz measured gets labels that overrun their space.
   * @default "Helvetica"
   */
  readonly fontName?: string;
}

/** One labelled edge: a tool with one of its outcomes, from a state to the next. */
export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly tool: string;
  readonly outcome: string;
  readonly write: boolean;
  readonly guarded: boolean;
  readonly inTrace: boolean;
}

/** The edges of a protocol, with what each exporter needs to style them. */
export function graphEdges(graph: ProtocolGraph, options: GraphOptions = {}): GraphEdge[] {
  const traced = new Set((options.trace ?? []).map((t) => `${t.from}\u0000${t.tool}\u0000${t.outcome}\u0000${t.to}`));
  const edges: GraphEdge[] = [];
  for (const [from, st] of Object.entries(graph.states)) {
    for (const [tool, outs] of Object.entries(st.on)) {
      for (const [outcome, to] of Object.entries(outs)) {
        edges.push({
          from,
          to,
          tool,
          outcome,
          write: graph.tools[tool]?.effect === "write",
          guarded: (st.guards?.[tool]?.length ?? 0) > 0,
          inTrace: traced.has(`${from}\u0000${tool}\u0000${outcome}\u0000${to}`),
        });
      }
    }
  }
  return edges;
}

/** The label of an edge: `tool` for a tool's only outcome `ok`, else `tool[outcome]`. */
export function edgeLabel(graph: ProtocolGraph, e: GraphEdge): string {
  const outs = graph.tools[e.tool]?.outcomes ?? [];
  const base = outs.length === 1 && outs[0] === "ok" ? e.tool : `${e.tool}[${e.outcome}]`;
  return e.guarded ? `${base} (guarded)` : base;
}
