import { validateDefinition } from "../../src/protocol/validate-definition.js";
import type { GraphTool, ProtocolGraph } from "../../src/protocol/types.js";
import type { ExtractedProtocol } from "../model/protocol-graph.js";
import type { At } from "../model/program.js";
import type { Finding, Rule } from "./rule.js";

/** The definition `validateDefinition` reads, rebuilt from a protocol read from source. */
function rawDefinition(g: ProtocolGraph): Parameters<typeof validateDefinition>[0] {
  const tool = (t: GraphTool) => ({
    effect: t.effect,
    outcomes: t.outcomes,
    ...(t.requiresConfirmation ? { requiresConfirmation: true } : {}),
    ...(t.inert ? { inert: true } : {}),
    ...(t.exit ? { exit: true } : {}),
    ...(t.subjects ? { subjects: t.subjects } : {}),
    ...(t.confirmationTtlMs !== undefined ? { confirmationTtlMs: t.confirmationTtlMs } : {}),
    ...(t.assumeRefinement !== undefined ? { assumeRefinement: t.assumeRefinement } : {}),
  });
  return {
    name: g.name,
    initial: g.initial,
    terminal: g.terminal,
    tools: Object.fromEntries(Object.entries(g.tools).map(([n, t]) => [n, tool(t)])),
    states: Object.fromEntries(Object.entries(g.states).map(([n, s]) => [n, { on: s.on, ...(s.guards ? { guards: s.guards } : {}) }])),
  };
}

/**
 * Where an issue's path is written: the longest prefix of the path with a known location in the
 * protocol's own file. (A derived protocol's problem with a state it inherits is reported at the
 * derivation, not in the parent's file, where the parent's own definition is fine.)
 */
function locate(p: ExtractedProtocol, path: readonly (string | number)[]): At {
  for (let n = path.length; n > 0; n--) {
    const at = p.locs[path.slice(0, n).join(".")];
    if (at) return at.file === p.at.file ? at : p.at;
  }
  return p.at;
}

/**
 * Protocol definitions read from source that `defineProtocol` would reject when the module is
 * imported (an undeclared target state, an outcome without a transition, an unreachable state,
 * ...): the same `validateDefinition` the runtime runs, reported where the problem is written.
 */
export function invalidProtocolFindings(protocols: readonly ExtractedProtocol[], isRoot: (file: string) => boolean): Finding[] {
  const out: Finding[] = [];
  for (const p of protocols) {
    if (!isRoot(p.at.file)) continue;
    for (const issue of validateDefinition(rawDefinition(p.graph), { inputs: "skip" })) {
      const at = locate(p, issue.path);
      if (!isRoot(at.file)) continue;
      out.push({
        rule: "invalid-protocol",
        file: at.file,
        loc: at.loc,
        message: `${issue.message} [${issue.code}; defineProtocol throws ProtocolDefinitionError when this module is loaded]`,
      });
    }
  }
  return out;
}

export const invalidProtocol: Rule = {
  meta: {
    id: "invalid-protocol",
    description:
      "A protocol definition that defineProtocol rejects when its module is loaded (undeclared states or tools, missing transitions, unreachable states, ...).",
    help: "Fix the definition as the message says: every target state and allowed tool must be declared, every outcome of an allowed tool needs a transition, and every state must be reachable and able to reach a terminal state.",
  },
  run(a) {
    a.extractProtocols();
    return invalidProtocolFindings(a.extractedProtocols(), (f) => a.isRoot(f));
  },
};
