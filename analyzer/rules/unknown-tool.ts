import { Hierarchy } from "../model/hierarchy.js";
import type { Finding, Rule } from "./rule.js";

/** A protocol tool no class of the hierarchy implements, or a @tool method the protocol does not declare. */
export const unknownTool: Rule = {
  meta: {
    id: "unknown-tool",
    description: "A protocol names a tool the class hierarchy does not implement, or a @tool method is not a tool of the protocol.",
    help:
      'Give every tool of the protocol a `@tool()` method (the tool name defaults to the method name; use `@tool("name")` otherwise), ' +
      "and declare every @tool method's tool in the protocol the class enforces.",
  },
  run(a) {
    const out: Finding[] = [];
    const seen = new Set<string>();
    for (const cls of a.agents()) {
      if (!a.isRoot(cls.file)) continue;
      const eff = a.effectiveProtocol(cls);
      if (!eff) continue;
      const g = eff.protocol.graph;
      for (const t of cls.tools) {
        const key = `${t.at.file}:${t.at.loc.line}:${t.at.loc.column}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (t.toolName === undefined) {
          out.push({
            rule: "unknown-tool",
            file: t.at.file,
            loc: t.at.loc,
            class: cls.name,
            message: `@tool on ${cls.name}.${t.member.name} has a tool name that is not a string literal, so it cannot be matched to protocol "${g.name}". Use @tool("tool_name").`,
          });
        } else if (!(t.toolName in g.tools)) {
          out.push({
            rule: "unknown-tool",
            file: t.at.file,
            loc: t.at.loc,
            class: cls.name,
            message: `${cls.name}.${t.member.name} implements tool "${t.toolName}", which protocol "${g.name}" (enforced on ${eff.from.name}) does not declare. Declared tools: ${Object.keys(g.tools).join(", ") || "none"}.`,
          });
        }
      }
      if (cls.enforce.length === 0) continue;
      const implemented = new Set<string>();
      for (const c of [...Hierarchy.chain(cls), ...Hierarchy.descendants(cls)]) for (const t of c.tools) if (t.toolName) implemented.add(t.toolName);
      for (const tn of Object.keys(g.tools)) {
        if (implemented.has(tn)) continue;
        const at = cls.enforce[0]!.at;
        out.push({
          rule: "unknown-tool",
          file: at.file,
          loc: at.loc,
          class: cls.name,
          message: `Protocol "${g.name}" declares tool "${tn}", but no @tool method of ${cls.name}, its ancestors or its subclasses implements it. Add a method decorated with @tool("${tn}").`,
        });
      }
    }
    // @tool methods on classes without any enforced protocol
    for (const cls of a.hierarchy.nodes.values()) {
      if (!a.isRoot(cls.file) || a.isAgent(cls)) continue;
      for (const t of cls.tools)
        out.push({
          rule: "unknown-tool",
          file: t.at.file,
          loc: t.at.loc,
          class: cls.name,
          message: `${cls.name}.${t.member.name} is a @tool method, but neither ${cls.name} nor its ancestors enforce a protocol. Decorate the class with @enforce(protocol).`,
        });
    }
    return out;
  },
};
