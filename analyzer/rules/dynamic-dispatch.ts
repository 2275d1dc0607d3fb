import type { Chain, DynSite, Loc } from "../facts/file-facts.js";
import type { Analysis, FnNode } from "../model/analysis.js";
import type { ClassNode } from "../model/hierarchy.js";
import type { Finding, Rule } from "./rule.js";

/** Where a chain lands on an agent: the agent itself (`this`, an agent variable) or one of its members. */
interface AgentTarget {
  readonly agent: ClassNode;
  /** Member name after the agent (or after `Agent.prototype`), if any. */
  readonly member: string | undefined;
  /** The chain goes through `.prototype`. */
  readonly viaPrototype: boolean;
  /** Path elements after the member. */
  readonly extra: number;
}

function agentTarget(a: Analysis, n: FnNode, chain: Chain | undefined): AgentTarget | undefined {
  if (!chain) return undefined;
  let agent: ClassNode | undefined;
  let path = chain.path;
  let viaPrototype = false;
  const r = chain.root;
  if (r.k === "this" || r.k === "super") agent = n.cls && (a.isAgent(n.cls) ? n.cls : agentBelow(a, n.cls));
  else if (r.k === "type") agent = a.hierarchy.classOfType(n.file, r.type);
  else if (r.k === "module") {
    const { sym, rest } = a.program.resolvePath(n.file, r.name, chain.path);
    path = rest;
    if (sym.k === "decl" && sym.decl.kind === "class") {
      agent = a.hierarchy.classOfSym(sym);
      if (path[0] === "prototype") {
        viaPrototype = true;
        path = path.slice(1);
      } else if (path.length > 0) return undefined; // static members
    } else if (sym.k === "decl" && sym.decl.kind === "value" && sym.decl.type) agent = a.hierarchy.classOfType(sym.file, sym.decl.type);
  }
  if (!agent || !a.isAgent(agent)) return undefined;
  if (path[0] === "constructor" && path[1] === "prototype") {
    viaPrototype = true;
    path = path.slice(2);
  }
  return { agent, member: path[0], viaPrototype, extra: Math.max(0, path.length - 1) };
}

/** In an undecorated base class, `this` may be any agent subclass: the first one below it. */
function agentBelow(a: Analysis, cls: ClassNode): ClassNode | undefined {
  const stack = [...cls.children];
  const seen = new Set<ClassNode>();
  while (stack.length) {
    const c = stack.shift()!;
    if (seen.has(c)) continue;
    seen.add(c);
    if (a.isAgent(c)) return c;
    stack.push(...c.children);
  }
  return undefined;
}

function contains(outer: Loc, inner: Loc): boolean {
  const before = (l1: number, c1: number, l2: number, c2: number): boolean => l1 < l2 || (l1 === l2 && c1 <= c2);
  return before(outer.line, outer.column, inner.line, inner.column) && before(inner.endLine, inner.endColumn, outer.endLine, outer.endColumn);
}

/** A guarded tool reachable by a route the analyzer (and the prototype wrapper) cannot follow. */
export const dynamicDispatch: Rule = {
  meta: {
    id: "dynamic-dispatch",
    description:
      "A guarded tool may be reached through computed member access, Reflect, call/apply/bind, a method taken as a value, prototype manipulation, or eval/Function.",
    help:
      "Call guarded tools directly (`this.issueRefund(args)`), so both the runtime guard and this analyzer see which tool runs. " +
      "Replace `this[name]()` with an explicit switch, pass `(args) => this.tool(args)` instead of `this.tool`, and do not patch prototypes or use eval. " +
      "If the access is deliberate and safe, suppress it with `// concordat-disable-next-line dynamic-dispatch -- <reason>`.",
  },
  run(a) {
    const out: Finding[] = [];
    for (const n of a.rootNodes()) {
      const inAgent = n.cls !== undefined && a.isAgent(n.cls);
      const found: { s: DynSite; text: string; cls: string | undefined }[] = [];
      for (const s of n.body.dyn) {
        // `this.tool = this.tool.bind(this)` keeps the guarded wrapper bound to its own instance
        if (s.kind === "call-apply-bind" && n.body.assigns.some((x) => x.bindsSelf && x.loc.line === s.loc.line)) continue;
        const msg = message(a, n, s, inAgent);
        if (msg) found.push({ s, text: msg.text, cls: msg.cls });
      }
      for (const f of found) {
        // a method value that is the argument of a reported Reflect/call/bind site is the same finding
        if (f.s.kind === "method-value" && found.some((g) => g !== f && g.s.kind !== "method-value" && contains(g.s.loc, f.s.loc))) continue;
        out.push({ rule: "dynamic-dispatch", file: n.file, loc: f.s.loc, message: f.text, ...(f.cls ? { class: f.cls } : {}) });
      }
    }
    return out;
  },
};

function message(a: Analysis, n: FnNode, s: DynSite, inAgent: boolean): { text: string; cls?: string } | undefined {
  const where = n.label === "<module>" ? "module code" : n.label;
  switch (s.kind) {
    case "eval":
      return { text: `\`${s.text}\` in ${where} runs code the analyzer cannot see; it may call any guarded tool.` };
    case "computed": {
      const t = agentTarget(a, n, s.chain);
      if (!t || t.member !== undefined) return undefined;
      return {
        cls: t.agent.name,
        text: `Computed member access \`${s.text}\` on ${t.agent.name}${t.viaPrototype ? ".prototype" : ""} cannot be resolved; it may reach a guarded tool (${[...a.guardedMethods(t.agent).keys()].join(", ")}).`,
      };
    }
    case "reflect": {
      const t = agentTarget(a, n, s.chain);
      if (t)
        return {
          cls: t.agent.name,
          text: `\`${s.text}\` reaches ${t.agent.name}${t.member ? `.${t.member}` : ""} through Reflect, which the analyzer cannot follow.`,
        };
      if (inAgent) return { cls: n.cls!.name, text: `\`${s.text}\` in agent ${n.cls!.name} cannot be resolved; it may reach a guarded tool.` };
      return undefined;
    }
    case "call-apply-bind":
    case "method-value": {
      const t = agentTarget(a, n, s.chain);
      if (!t || !t.member || t.extra > 0) return undefined;
      const tool = a.guardedMethods(t.agent).get(t.member);
      if (!tool) return undefined;
      const how = s.kind === "method-value" ? "is taken as a value (callback or variable)" : "is invoked through call/apply/bind";
      return {
        cls: t.agent.name,
        text: `Guarded tool method ${t.agent.name}.${t.member} (tool "${tool}") ${how} in \`${s.text}\`; the receiver and the call are no longer visible. Call it directly or wrap it: \`(args) => this.${t.member}(args)\`.`,
      };
    }
    case "prototype": {
      const t = agentTarget(a, n, s.chain);
      if (t && s.text.startsWith("Object.getOwnPropertyDescriptor"))
        return {
          cls: t.agent.name,
          text: `\`${s.text}\` takes the methods of ${t.agent.name}${t.viaPrototype ? ".prototype" : ""} as values (property descriptors); a guarded tool called through one is no longer visible.`,
        };
      if (t)
        return {
          cls: t.agent.name,
          text: `\`${s.text}\` manipulates ${t.agent.name}${t.viaPrototype ? ".prototype" : ""}${t.member ? `.${t.member}` : ""} at run time; guarded tools may be replaced or reached unchecked.`,
        };
      if (s.text.startsWith("Object.setPrototypeOf") || /__proto__/.test(s.text))
        return { text: `\`${s.text}\` changes a prototype chain at run time; the analyzer cannot tell which guarded tools it affects.` };
      return undefined;
    }
  }
}
