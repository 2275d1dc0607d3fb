import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { toDot } from "../../graph/to-dot.js";
import { toMermaid } from "../../graph/to-mermaid.js";
import { toXState } from "../../graph/to-xstate.js";
import { Protocol } from "../../protocol/protocol.js";
import { parseSessionSnapshot } from "../../runtime/session-snapshot.js";
import { UsageError, type CliCommand } from "../io.js";
import { loadExport } from "../load-export.js";

const usage = `Usage: concordat graph <module>#<export> [--format dot|mermaid|xstate] [--trace session.json] [--output-file F]

Prints a protocol as a Graphviz DOT or Mermaid graph: states, tools on edges with outcome
labels, write tools highlighted, terminal states marked. --trace highlights the path a stored
session (session.toJSON() output) took (dot and mermaid only).
--format xstate prints an XState v5 machine config (JSON) for Stately's editor, visualizer and
inspector, or createMachine(); fromXState() maps it back.`;

/** The XState export, its refusals (state names XState cannot hold) reported as exit-2 errors. */
function xstateOf(protocol: Protocol): ReturnType<typeof toXState> {
  try {
    return toXState(protocol);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

export const command: CliCommand = {
  summary: "Export a protocol as a DOT or Mermaid graph, or an XState machine",
  usage,
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { format: { type: "string", default: "dot" }, trace: { type: "string" }, "output-file": { type: "string" } },
    });
    if (positionals.length !== 1) throw new UsageError(`expected one <module>#<export>, got ${positionals.length}.`);
    const format = values.format;
    if (format !== "dot" && format !== "mermaid" && format !== "xstate") throw new UsageError(`--format must be dot, mermaid or xstate, not "${format}".`);
    if (format === "xstate" && values.trace)
      throw new UsageError(
        `--trace highlights a path in dot or mermaid output; an XState machine has no place for it. Fix: drop --trace, or use --format dot.`,
      );
    const value = await loadExport(positionals[0]!, io.cwd);
    if (!(value instanceof Protocol) && !(typeof value === "object" && value !== null && "graph" in value)) {
      throw new UsageError(`"${positionals[0]}" is not a protocol (made by defineProtocol).`);
    }
    const protocol = value as Protocol;
    const trace = values.trace ? parseSessionSnapshot(readFileSync(resolve(io.cwd, values.trace), "utf8")).trace : undefined;
    const text =
      format === "xstate"
        ? `${JSON.stringify(xstateOf(protocol), null, 2)}\n`
        : format === "dot"
          ? toDot(protocol, trace ? { trace } : {})
          : toMermaid(protocol, trace ? { trace } : {});
    if (values["output-file"]) writeFileSync(resolve(io.cwd, values["output-file"]), text);
    else io.stdout(text);
    return 0;
  },
};
