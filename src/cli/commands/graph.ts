import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { toDot } from "../../graph/to-dot.js";
import { toMermaid } from "../../graph/to-mermaid.js";
import { Protocol } from "../../protocol/protocol.js";
import { parseSessionSnapshot } from "../../runtime/session-snapshot.js";
import { UsageError, type CliCommand } from "../io.js";
import { loadExport } from "../load-export.js";

const usage = `Usage: concordat graph <module>#<export> [--format dot|mermaid] [--trace session.json] [--output-file F]

Prints a protocol as a Graphviz DOT or Mermaid graph: states, tools on edges with outcome
labels, write tools highlighted, terminal states marked. --trace highlights the path a stored
session (session.toJSON() output) took.`;

export const command: CliCommand = {
  summary: "Export a protocol as a DOT or Mermaid graph",
  usage,
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { format: { type: "string", default: "dot" }, trace: { type: "string" }, "output-file": { type: "string" } },
    });
    if (positionals.length !== 1) throw new UsageError(`expected one <module>#<export>, got ${positionals.length}.`);
    const format = values.format;
    if (format !== "dot" && format !== "mermaid") throw new UsageError(`--format must be dot or mermaid, not "${format}".`);
    const value = await loadExport(positionals[0]!, io.cwd);
    if (!(value instanceof Protocol) && !(typeof value === "object" && value !== null && "graph" in value)) {
      throw new UsageError(`"${positionals[0]}" is not a protocol (made by defineProtocol).`);
    }
    const protocol = value as Protocol;
    const trace = values.trace ? parseSessionSnapshot(readFileSync(resolve(io.cwd, values.trace), "utf8")).trace : undefined;
    const text = format === "dot" ? toDot(protocol, trace ? { trace } : {}) : toMermaid(protocol, trace ? { trace } : {});
    if (values["output-file"]) writeFileSync(resolve(io.cwd, values["output-file"]), text);
    else io.stdout(text);
    return 0;
  },
};
