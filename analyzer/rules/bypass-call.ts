import type { Analysis, FnNode } from "../model/analysis.js";
import { Hierarchy, type ClassNode } from "../model/hierarchy.js";
import type { Finding, Rule } from "./rule.js";

interface SinkOwner {
  readonly agent: ClassNode;
  readonly tool: string;
  readonly method: string;
  readonly label: string;
}

/** Effect sinks of every guarded write tool: what its body reaches that read tools do not, plus sinks the protocol declares. */
export function writeSinks(a: Analysis): { index: Map<string, SinkOwner>; toolLand: Set<string> } {
  const index = new Map<string, SinkOwner>();
  const toolLand = new Set<string>();
  for (const cls of a.agents()) {
    const eff = a.effectiveProtocol(cls);
    if (!eff) continue;
    const g = eff.protocol.graph;
    const impls = new Map<string, FnNode[]>();
    for (const c of Hierarchy.chain(cls)) {
      for (const t of c.tools) {
        if (!t.toolName || !(t.toolName in g.tools)) continue;
        const n = a.methodNode(c, t.member);
        if (n) impls.set(t.toolName, [...(impls.get(t.toolName) ?? []), n]);
      }
      // plain overrides of tool methods stay guarded and are part of the tool
      const guarded = a.guardedMethods(cls);
      for (const m of c.facts.members) {
        const tool = guarded.get(m.name);
        if (!tool || c.tools.some((t) => t.member === m)) continue;
        const n = a.methodNode(c, m);
        if (n) impls.set(tool, [...(impls.get(tool) ?? []), n]);
      }
    }
    const readKeys = new Set<string>();
    for (const [tool, nodes] of impls) if (g.tools[tool]?.effect === "read") for (const n of nodes) for (const k of a.reach(n).sinks.keys()) readKeys.add(k);
    for (const [tool, nodes] of impls) {
      if (g.tools[tool]?.effect !== "write") continue;
      const declared = eff.protocol.sinks[tool] ?? [];
      for (const n of nodes) {
        markToolLand(a, n, toolLand);
        for (const [k, path] of a.reach(n).sinks) {
          const isDeclared = declared.some((d) => k.endsWith("." + d) || k.endsWith("#" + d));
          if ((readKeys.has(k) && !isDeclared) || (declared.length > 0 && !isDeclared)) continue;
          if (!index.has(k)) index.set(k, { agent: n.cls ?? cls, tool, method: n.member?.name ?? tool, label: path[path.length - 1] ?? k });
        }
      }
    }
  }
  return { index, toolLand };
}

function markToolLand(a: Analysis, n: FnNode, seen: Set<string>): void {
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    if (seen.has(x.id)) continue;
    seen.add(x.id);
    stack.push(...a.callees(x));
  }
}

/** Code outside a guarded write tool that reaches the tool's effect. */
export const bypassCall: Rule = {
  meta: {
    id: "bypass-call",
    description: "Code other than a guarded tool's method reaches that tool's effect (what its body calls), directly or through helpers, so the protocol never sees the action.",
    help:
      "Perform the effect only inside the @tool method (e.g. call `this.issueRefund(args)` instead of `this.payments.refund(...)`), so the runtime validates it against the protocol. " +
      "Declare the effect sinks explicitly with `sinks: [\"payments.refund\"]` in the tool spec if the inferred set is too broad.",
  },
  run(a) {
    const { index, toolLand } = writeSinks(a);
    if (index.size === 0) return [];
    const out: Finding[] = [];
    for (const n of a.rootNodes()) {
      if (toolLand.has(n.id)) continue;
      for (const c of n.body.calls) {
        const r = a.resolveCall(n, c.chain);
        let hit: { key: string; path: readonly string[] } | undefined;
        if (r.k === "sink" && index.has(r.key)) hit = { key: r.key, path: [r.label] };
        else if (r.k === "node" && r.sink && index.has(r.sink.key)) hit = { key: r.sink.key, path: [r.sink.label] };
        else if (r.k === "node" && toolLand.has(r.node.id)) {
          for (const [k, path] of a.reach(r.node).sinks) {
            if (index.has(k)) {
              hit = { key: k, path: [`${r.node.cls ? `${r.node.cls.name}.${r.node.member?.name}` : r.node.label}`, ...path] };
              break;
            }
          }
        }
        if (!hit) continue;
        const owner = index.get(hit.key)!;
        const trace = [n.label, ...hit.path];
        out.push({
          rule: "bypass-call",
          file: n.file,
          loc: c.loc,
          ...(n.cls ? { class: n.cls.name } : {}),
          parent: owner.agent.name,
          trace,
          message: `${n.label === "<module>" ? "Module code" : n.label} reaches ${owner.label}, the effect of guarded tool "${owner.tool}" (${owner.agent.name}.${owner.method}), without going through the tool: ${trace.join(" → ")}. Call the tool method instead.`,
        });
      }
    }
    return out;
  },
};
