import type { Chain } from "../facts/file-facts.js";
import type { Analysis, FnNode } from "../model/analysis.js";
import type { ClassNode } from "../model/hierarchy.js";
import type { Finding, Rule } from "./rule.js";

const KIND_TEXT: Record<string, string> = {
  "arrow-property": "an arrow-function property",
  property: "an instance property",
  get: "a getter",
  set: "a setter",
};

/** A guarded tool redefined where the prototype wrapper cannot guard it. */
export const unguardedOverride: Rule = {
  meta: {
    id: "unguarded-override",
    description: "A guarded tool is redefined as an arrow-function property, an accessor, or an own-instance assignment, which escapes prototype wrapping.",
    help: "Override a guarded tool as an ordinary method (`async issueRefund(args) { ... }`); the enforcement wraps prototype methods, so instance properties, accessors and `this.tool = ...` assignments shadow the guarded method and run unchecked.",
  },
  run(a) {
    const out: Finding[] = [];
    for (const cls of a.agents()) {
      if (!a.isRoot(cls.file)) continue;
      const guarded = a.guardedMethods(cls);
      if (guarded.size === 0) continue;
      for (const m of cls.facts.members) {
        if (m.isStatic || !guarded.has(m.name)) continue;
        const what = KIND_TEXT[m.kind];
        if (!what) continue;
        out.push({
          rule: "unguarded-override",
          file: cls.file,
          loc: m.loc,
          class: cls.name,
          ...(cls.parent ? { parent: cls.parent.name } : {}),
          message: `${cls.name} redefines guarded tool method "${m.name}" (tool "${guarded.get(m.name)}") as ${what}; it shadows the guarded prototype method and runs without protocol checks. Override it as a method.`,
        });
      }
    }
    // own-instance assignments: `this.tool = ...` in an agent, or `agent.tool = ...` anywhere
    for (const n of a.rootNodes()) {
      for (const s of n.body.assigns) {
        if (s.bindsSelf) continue;
        const hit = assignedTool(a, n, s.chain);
        if (!hit) continue;
        out.push({
          rule: "unguarded-override",
          file: n.file,
          loc: s.loc,
          class: hit.agent.name,
          message: `Assignment \`${s.text}\` replaces guarded tool method "${hit.method}" of ${hit.agent.name} (tool "${hit.tool}") with an own-instance property, which escapes prototype wrapping.`,
        });
      }
    }
    return out;
  },
};

function assignedTool(a: Analysis, n: FnNode, chain: Chain): { agent: ClassNode; method: string; tool: string } | undefined {
  const method = chain.path[chain.path.length - 1];
  if (!method || chain.path.length !== 1) return undefined;
  let agent: ClassNode | undefined;
  if (chain.root.k === "this") agent = n.cls;
  else if (chain.root.k === "type") agent = a.hierarchy.classOfType(n.file, chain.root.type);
  else if (chain.root.k === "module") {
    const { sym } = a.program.resolvePath(n.file, chain.root.name, []);
    if (sym.k === "decl" && sym.decl.kind === "value" && sym.decl.type) agent = a.hierarchy.classOfType(sym.file, sym.decl.type);
  }
  if (!agent) return undefined;
  const tool = a.guardedMethods(agent).get(method);
  return tool ? { agent, method, tool } : undefined;
}
