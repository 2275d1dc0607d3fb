import { checkRefinement } from "../../src/protocol/refinement.js";
import { Hierarchy } from "../model/hierarchy.js";
import type { Finding, Rule } from "./rule.js";

/** A subclass whose protocol does not refine its nearest decorated ancestor's (the same check the decorators run at import time). */
export const protocolWeakening: Rule = {
  meta: {
    id: "protocol-weakening",
    description: "A subclass's protocol does not refine its parent's protocol.",
    help:
      "Every sequence of tool calls the subclass's protocol allows must be allowed by the parent's protocol. " +
      "Make the subclass stricter (drop transitions, add states, add guard conjuncts, lower budgets), declare new read-only tools `inert: true`, " +
      'or map a new tool onto a parent tool with `refines: "parentTool"`. The message shows the shortest trace the parent rejects.',
  },
  run(a) {
    const out: Finding[] = [];
    for (const cls of a.agents()) {
      const own = cls.enforce[0];
      if (!own || !a.isRoot(cls.file)) continue;
      const child = a.protocolOf(own);
      if (!child) continue;
      const ancestor = Hierarchy.chain(cls)
        .slice(1)
        .find((c) => c.enforce.length > 0);
      if (!ancestor) continue;
      const parent = a.protocolOf(ancestor.enforce[0]!);
      if (!parent || parent.id === child.id) continue;
      const r = checkRefinement(child.graph, parent.graph, { child: cls.name, parent: ancestor.name });
      if (r.ok) continue;
      out.push({
        rule: "protocol-weakening",
        file: own.at.file,
        loc: own.at.loc,
        message: `${cls.name} (protocol "${child.graph.name}") weakens ${ancestor.name} (protocol "${parent.graph.name}"): ${r.message}${r.trace.length ? ` [counterexample: ${r.trace.join(" → ")}]` : ""}`,
        class: cls.name,
        parent: ancestor.name,
        trace: r.trace,
      });
    }
    return out;
  },
};
