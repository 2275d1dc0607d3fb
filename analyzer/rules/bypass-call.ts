import { KeyIndex, splitKey } from "../model/call-keys.js";
import { targetsOf, type Analysis, type FnNode, type Resolved } from "../model/analysis.js";
import { Hierarchy } from "../model/hierarchy.js";
import type { Finding, Rule } from "./rule.js";

/** Who owns an effect sink: the guarded write tool whose body reaches it. Plain data (cached between runs). */
export interface SinkOwner {
  readonly agent: string;
  readonly tool: string;
  readonly method: string;
  readonly label: string;
}

/** What the write tools of the agents declared in one file contribute: their sinks and the bodies they reach. */
export interface BypassContribution {
  readonly sinks: [string, SinkOwner][];
  readonly toolLand: string[];
}

/**
 * Calls a write tool makes that are not its effect, by the called name alone: logging, schema
 * validation, and members named as reads (`getX`, `findX`, `list`, `retrieve`, ...). Other code
 * making the same calls is not a bypass. A protocol that declares `sinks` overrides this.
 */
const LOGGING = new Set(["log", "info", "debug", "warn", "warning", "error", "trace", "fatal", "verbose", "silly", "notice"]);
const VALIDATION = new Set(["parse", "safeParse", "parseAsync", "safeParseAsync", "validate", "assert", "is", "check"]);
/** Reading collections, strings and promises. */
const PURE = new Set([
  "filter",
  "map",
  "some",
  "every",
  "includes",
  "indexOf",
  "lastIndexOf",
  "slice",
  "concat",
  "join",
  "reduce",
  "reduceRight",
  "at",
  "flat",
  "flatMap",
  "entries",
  "keys",
  "values",
  "toString",
  "toJSON",
  "valueOf",
  "toFixed",
  "toLowerCase",
  "toUpperCase",
  "trim",
  "split",
  "startsWith",
  "endsWith",
  "padStart",
  "padEnd",
  "localeCompare",
  "then",
  "catch",
  "finally",
  "forEach",
  "size",
  "length",
]);
const READ_NAME = /^(?:(?:get|find|list|read|load|lookup|search|count|exists|has|is|describe|peek|retrieve)(?:[A-Z_]|$)|fetch[A-Z_])/;

export function isNonEffectName(key: string): boolean {
  const cut = Math.max(key.lastIndexOf("."), key.lastIndexOf("#"));
  if (cut < 0) return false;
  const name = key.slice(cut + 1);
  const member = key.lastIndexOf(".") > key.lastIndexOf("#");
  if (LOGGING.has(name) || VALIDATION.has(name) || PURE.has(name)) return member;
  // `fetch(...)` and `http.fetch(...)` are requests of any kind; `client.fetchBooking()` is a read
  return READ_NAME.test(name);
}

/**
 * Effect sinks of every guarded write tool (what its body reaches that the protocol's read tools
 * do not, plus sinks the protocol declares), grouped by the file of the agent class.
 */
export function writeSinkContributions(a: Analysis): Map<string, BypassContribution> {
  const out = new Map<string, BypassContribution>();
  const reachable = new Map<string, string[]>();
  for (const cls of a.agents()) {
    const eff = a.effectiveProtocol(cls);
    if (!eff) continue;
    const g = eff.protocol.graph;
    const impls = new Map<string, FnNode[]>();
    const guarded = a.guardedMethods(cls);
    for (const c of Hierarchy.chain(cls)) {
      for (const t of c.tools) {
        if (!t.toolName || !(t.toolName in g.tools)) continue;
        const n = a.methodNode(c, t.member);
        if (n) impls.set(t.toolName, [...(impls.get(t.toolName) ?? []), n]);
      }
      // plain overrides of tool methods stay guarded and are part of the tool
      for (const m of c.facts.members) {
        const tool = guarded.get(m.name);
        if (!tool || c.tools.some((t) => t.member === m)) continue;
        const n = a.methodNode(c, m);
        if (n) impls.set(tool, [...(impls.get(tool) ?? []), n]);
      }
    }
    const readKeys = new Set<string>();
    for (const [tool, nodes] of impls) if (g.tools[tool]?.effect === "read") for (const n of nodes) for (const k of a.reach(n).sinks.keys()) readKeys.add(k);
    let contrib = out.get(cls.file);
    if (!contrib) {
      contrib = { sinks: [], toolLand: [] };
      out.set(cls.file, contrib);
    }
    const land = new Set(contrib.toolLand);
    for (const [tool, nodes] of impls) {
      if (g.tools[tool]?.effect !== "write") continue;
      const declared = eff.protocol.sinks[tool] ?? [];
      for (const n of nodes) {
        let r = reachable.get(n.id);
        if (!r) {
          r = reachableFrom(a, n);
          reachable.set(n.id, r);
        }
        for (const id of r) land.add(id);
        for (const [k, path] of a.reach(n).sinks) {
          const base = splitKey(k).base;
          const isDeclared = declared.some((d) => base.endsWith("." + d) || base.endsWith("#" + d));
          if ((readKeys.has(k) && !isDeclared) || (declared.length > 0 && !isDeclared)) continue;
          if (!isDeclared && isNonEffectName(base)) continue;
          contrib.sinks.push([k, { agent: n.cls?.name ?? cls.name, tool, method: n.member?.name ?? tool, label: path[path.length - 1] ?? k }]);
        }
      }
    }
    contrib.toolLand.splice(0, contrib.toolLand.length, ...land);
  }
  return out;
}

/** Merges contributions deterministically (owner: first by file path, then agent, tool). */
export function mergeContributions(parts: Iterable<[string, BypassContribution]>): { index: KeyIndex<SinkOwner>; toolLand: Set<string> } {
  const sorted = [...parts].sort((x, y) => x[0].localeCompare(y[0]));
  const index = new Map<string, SinkOwner>();
  const toolLand = new Set<string>();
  for (const [, c] of sorted) {
    const sinks = [...c.sinks].sort(
      (x, y) => x[1].agent.localeCompare(y[1].agent) || x[1].tool.localeCompare(y[1].tool) || x[1].method.localeCompare(y[1].method),
    );
    for (const [k, owner] of sinks) if (!index.has(k)) index.set(k, owner);
    for (const id of c.toolLand) toolLand.add(id);
  }
  return { index: new KeyIndex(index), toolLand };
}

function reachableFrom(a: Analysis, n: FnNode): string[] {
  const seen = new Set<string>();
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    if (seen.has(x.id)) continue;
    seen.add(x.id);
    stack.push(...a.callees(x));
  }
  return [...seen];
}

/** The write-tool effect a resolved call reaches, if any. */
function hitOf(a: Analysis, r: Resolved, index: KeyIndex<SinkOwner>, toolLand: ReadonlySet<string>): { owner: SinkOwner; path: readonly string[] } | undefined {
  if (r.k === "sink") {
    const owner = index.find(r.key);
    return owner ? { owner, path: [r.label] } : undefined;
  }
  if (r.k !== "node") return undefined;
  if (r.sink) {
    const owner = index.find(r.sink.key);
    if (owner) return { owner, path: [r.sink.label] };
    // a generic client method called with another constant first argument is another effect
    if (splitKey(r.sink.key).arg !== undefined) return undefined;
  }
  // a helper the tool also runs is not reported at its own body; a borrowed helper has none
  if (!toolLand.has(r.node.id) && !r.node.borrowed) return undefined;
  for (const [k, path] of a.reach(r.node).sinks) {
    const owner = index.find(k);
    if (owner) return { owner, path: [r.node.borrowed ? r.node.label : `${r.node.cls ? `${r.node.cls.name}.${r.node.member?.name}` : r.node.label}`, ...path] };
  }
  return undefined;
}

/** Code outside a guarded write tool that reaches the tool's effect. */
export const bypassCall: Rule = {
  meta: {
    id: "bypass-call",
    description:
      "Code other than a guarded tool's method reaches that tool's effect (what its body calls), directly or through helpers, so the protocol never sees the action.",
    help:
      "Perform the effect only inside the @tool method (e.g. call `this.issueRefund(args)` instead of `this.payments.refund(...)`), so the runtime validates it against the protocol. " +
      'Declare the effect sinks explicitly with `sinks: ["payments.refund"]` in the tool spec if the inferred set is too broad.',
  },
  run(a) {
    const own = writeSinkContributions(a);
    a.bypassContributions = own;
    const parts = new Map(a.priorBypassContributions ?? []);
    for (const [file, c] of own) if (a.isRoot(file) || !parts.has(file)) parts.set(file, c);
    const { index, toolLand } = mergeContributions(parts);
    if (index.size === 0) return [];
    // from here on the type checker is asked only about calls named like an effect sink
    a.oracleNames = new Set([...index.bases()].map((b) => b.slice(Math.max(b.lastIndexOf("."), b.lastIndexOf("#")) + 1)));
    const out: Finding[] = [];
    for (const n of a.rootNodes()) {
      if (toolLand.has(n.id)) continue;
      // `db.prepare(sql).run()`: the inner and the outer call start at the same place; report once
      const reportedAt = new Set<string>();
      for (const c of n.body.calls) {
        let hit: { owner: SinkOwner; path: readonly string[] } | undefined;
        for (const r of targetsOf(a.resolveSite(n, c))) {
          hit = hitOf(a, r, index, toolLand);
          if (hit) break;
        }
        if (!hit) continue;
        const start = `${c.loc.line}:${c.loc.column}`;
        if (reportedAt.has(start)) continue;
        reportedAt.add(start);
        const owner = hit.owner;
        const trace = [n.label, ...hit.path];
        out.push({
          rule: "bypass-call",
          file: n.file,
          loc: c.loc,
          ...(n.cls ? { class: n.cls.name } : {}),
          parent: owner.agent,
          trace,
          message: `${n.label === "<module>" ? "Module code" : n.label} reaches ${owner.label}, the effect of guarded tool "${owner.tool}" (${owner.agent}.${owner.method}), without going through the tool: ${trace.join(" → ")}. Call the tool method instead.`,
        });
      }
    }
    return out;
  },
};
