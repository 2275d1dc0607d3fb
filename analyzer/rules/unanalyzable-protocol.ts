import type { Finding, Rule } from "./rule.js";

/** A protocol definition the analyzer cannot extract statically: reported at the expression, never skipped. */
export const unanalyzableProtocol: Rule = {
  meta: {
    id: "unanalyzable-protocol",
    description: "A protocol definition cannot be read statically, so the other rules cannot check the classes that use it.",
    help:
      "Write the protocol as `defineProtocol({...})` with literal names, terminal list, tools (effect, outcomes) and states, " +
      "or build it from imported constants and spreads of other static protocols (`...base.config.states`). " +
      "Computed keys, function calls other than defineProtocol/defineTool/guard/allOf, and values from unreadable modules cannot be extracted.",
  },
  run(a) {
    a.extractProtocols();
    const out: Finding[] = [];
    for (const f of a.protocolFailures) {
      const inRoot = a.isProjectFile(f.at.file);
      const at = inRoot ? f.at : f.usedAt && a.isProjectFile(f.usedAt.file) ? f.usedAt : undefined;
      if (!at || !a.isRoot(at.file)) continue;
      out.push({
        rule: "unanalyzable-protocol",
        file: at.file,
        loc: at.loc,
        message: `Cannot extract this protocol statically: ${f.reason}${inRoot ? "" : ` (in ${f.at.file}:${f.at.loc.line}:${f.at.loc.column})`}.`,
      });
    }
    return out;
  },
};
