import type { DefinitionIssue } from "./definition-error.js";

/** The loosely-typed shape validation reads: anything a JavaScript caller might pass. */
interface RawDefinition {
  name?: unknown;
  initial?: unknown;
  terminal?: unknown;
  tools?: unknown;
  states?: unknown;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const quote = (x: unknown) => JSON.stringify(x) ?? String(x);

/** Outcome labels a raw tool spec declares (default `["ok"]`). */
export function declaredOutcomes(spec: unknown): string[] {
  if (isRecord(spec) && Array.isArray(spec["outcomes"])) return spec["outcomes"].map(String);
  return ["ok"];
}

/**
 * Checks a protocol definition and returns every problem found (empty when it is well-formed).
 * It never throws; `defineProtocol` turns a non-empty list into a `ProtocolDefinitionError`.
 * `inputs: "skip"` leaves input schemas unchecked (for definitions read from source).
 */
export function validateDefinition(def: RawDefinition, options: { readonly inputs?: "check" | "skip" } = {}): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const p = typeof def.name === "string" && def.name ? def.name : "<unnamed>";
  const add = (code: DefinitionIssue["code"], path: (string | number)[], message: string) => issues.push({ code, path, message });

  if (typeof def.name !== "string" || def.name.trim() === "") {
    add("invalid_name", ["name"], `Protocol name ${quote(def.name)} is not a non-empty string. Fix: give the protocol a name, e.g. name: "refund".`);
  }

  const tools = isRecord(def.tools) ? def.tools : {};
  const states = isRecord(def.states) ? def.states : {};
  const stateNames = Object.keys(states);
  const toolNames = Object.keys(tools);
  const nearest = (bad: string, pool: string[]) => {
    const hit = pool.find((c) => c.toLowerCase() === bad.toLowerCase()) ?? pool.find((c) => c.startsWith(bad.slice(0, 3)));
    return hit ? ` Did you mean "${hit}"?` : "";
  };

  // tools
  for (const [tn, spec] of Object.entries(tools)) {
    if (!isRecord(spec)) {
      add(
        "invalid_tool",
        ["tools", tn],
        `Protocol "${p}": tool "${tn}" is ${quote(spec)}, not an object. Fix: declare { input: z.object({...}), effect: "read" | "write" }.`,
      );
      continue;
    }
    const input = spec["input"] as { safeParse?: unknown } | undefined;
    // (the static analyzer validates a definition read from source, where schemas are not objects)
    if (options.inputs !== "skip" && (!input || typeof input.safeParse !== "function")) {
      add(
        "invalid_tool",
        ["tools", tn, "input"],
        `Protocol "${p}": tool "${tn}" has no zod input schema. Fix: set input: z.object({...}) (z.object({}) for no arguments).`,
      );
    }
    if (spec["effect"] !== "read" && spec["effect"] !== "write") {
      add("invalid_tool", ["tools", tn, "effect"], `Protocol "${p}": tool "${tn}" has effect ${quote(spec["effect"])}. Fix: use "read" or "write".`);
    }
    if (spec["requiresConfirmation"] === true && spec["effect"] !== "write") {
      add(
        "invalid_tool",
        ["tools", tn, "requiresConfirmation"],
        `Protocol "${p}": tool "${tn}" requires confirmation but its effect is ${quote(spec["effect"])}. Fix: only "write" tools take confirmations; set effect: "write" or drop requiresConfirmation.`,
      );
    }
    const subjects = spec["subjects"];
    if (subjects !== undefined && !(Array.isArray(subjects) && subjects.every((x) => typeof x === "string" && x.length > 0))) {
      add(
        "invalid_tool",
        ["tools", tn, "subjects"],
        `Protocol "${p}": tool "${tn}" has subjects ${quote(subjects)}. Fix: list argument field names, e.g. subjects: ["reservation_id"].`,
      );
    }
    const ttl = spec["confirmationTtlMs"];
    if (ttl !== undefined && !(typeof ttl === "number" && Number.isFinite(ttl) && ttl > 0)) {
      add(
        "invalid_tool",
        ["tools", tn, "confirmationTtlMs"],
        `Protocol "${p}": tool "${tn}" has confirmationTtlMs ${quote(ttl)}. Fix: a positive number of milliseconds, e.g. confirmationTtlMs: 5 * 60_000.`,
      );
    } else if (ttl !== undefined && spec["requiresConfirmation"] !== true) {
      add(
        "invalid_tool",
        ["tools", tn, "confirmationTtlMs"],
        `Protocol "${p}": tool "${tn}" sets confirmationTtlMs but does not require confirmation. Fix: add requiresConfirmation: true or drop confirmationTtlMs.`,
      );
    }
    const assumed = spec["assumeRefinement"];
    if (assumed !== undefined && !(typeof assumed === "string" && assumed.trim().length > 0)) {
      add(
        "invalid_tool",
        ["tools", tn, "assumeRefinement"],
        `Protocol "${p}": tool "${tn}" has assumeRefinement ${quote(assumed)}. Fix: say why the tool's schema is safe, e.g. assumeRefinement: "the refine only narrows amount further".`,
      );
    }
    if (spec["inert"] === true && spec["effect"] !== "read") {
      add(
        "invalid_tool",
        ["tools", tn, "inert"],
        `Protocol "${p}": tool "${tn}" is declared inert but its effect is ${quote(spec["effect"])}. Fix: only read tools can be inert.`,
      );
    }
    const outs = declaredOutcomes(spec);
    if (Array.isArray(spec["outcomes"]) && outs.length === 0) {
      add("invalid_tool", ["tools", tn, "outcomes"], `Protocol "${p}": tool "${tn}" declares no outcomes. Fix: list at least one, e.g. outcomes: ["ok"].`);
    }
    const seen = new Set<string>();
    outs.forEach((o, i) => {
      if (seen.has(o))
        add("duplicate_name", ["tools", tn, "outcomes", i], `Protocol "${p}": tool "${tn}" lists outcome "${o}" twice. Fix: remove the duplicate.`);
      seen.add(o);
    });
  }

  if (stateNames.length === 0) {
    add("state_without_tools", ["states"], `Protocol "${p}" declares no states. Fix: add at least an initial and a terminal state.`);
  }

  // initial / terminal
  if (typeof def.initial !== "string" || !(def.initial in states)) {
    add(
      "unknown_initial_state",
      ["initial"],
      `Protocol "${p}": initial state ${quote(def.initial)} is not declared in states.${typeof def.initial === "string" ? nearest(def.initial, stateNames) : ""} Fix: declare it under states or pick one of: ${stateNames.join(", ") || "(none)"}.`,
    );
  }
  const terminal = Array.isArray(def.terminal) ? def.terminal.map(String) : [];
  if (!Array.isArray(def.terminal) || terminal.length === 0) {
    add(
      "unknown_terminal_state",
      ["terminal"],
      `Protocol "${p}": terminal is ${quote(def.terminal)}. Fix: list at least one terminal state, e.g. terminal: ["done"].`,
    );
  }
  const terminalSeen = new Set<string>();
  terminal.forEach((t, i) => {
    if (terminalSeen.has(t)) add("duplicate_name", ["terminal", i], `Protocol "${p}": terminal state "${t}" is listed twice. Fix: remove the duplicate.`);
    terminalSeen.add(t);
    if (!(t in states))
      add(
        "unknown_terminal_state",
        ["terminal", i],
        `Protocol "${p}": terminal state "${t}" is not declared in states.${nearest(t, stateNames)} Fix: declare states.${t} = {} or remove it from terminal.`,
      );
  });

  // states
  const edges = new Map<string, Set<string>>();
  for (const [sn, spec] of Object.entries(states)) {
    const out = new Set<string>();
    edges.set(sn, out);
    const on = isRecord(spec) && isRecord(spec["on"]) ? spec["on"] : {};
    const allowed = Object.keys(on);
    const isTerminal = terminalSeen.has(sn);
    if (isTerminal && allowed.length > 0) {
      add(
        "terminal_state_has_tools",
        ["states", sn, "on"],
        `Protocol "${p}": terminal state "${sn}" allows tools ${allowed.map((a) => `"${a}"`).join(", ")}. Fix: remove them, or remove "${sn}" from terminal.`,
      );
    }
    if (!isTerminal && allowed.length === 0) {
      add(
        "state_without_tools",
        ["states", sn],
        `Protocol "${p}": state "${sn}" is not terminal and allows no tools, so a session there is stuck. Fix: allow a tool in it (e.g. one that ends the conversation) or add "${sn}" to terminal.`,
      );
    }
    if (isRecord(spec) && isRecord(spec["guards"])) {
      for (const gt of Object.keys(spec["guards"])) {
        if (!(gt in on))
          add(
            "unknown_tool",
            ["states", sn, "guards", gt],
            `Protocol "${p}": state "${sn}" guards tool "${gt}", which it does not allow. Fix: allow "${gt}" in states.${sn}.on or remove the guard.`,
          );
      }
    }
    for (const [tn, transitions] of Object.entries(on)) {
      if (!(tn in tools)) {
        add(
          "unknown_tool",
          ["states", sn, "on", tn],
          `Protocol "${p}": state "${sn}" allows tool "${tn}", which is not declared in tools.${nearest(tn, toolNames)} Fix: declare tools.${tn} or remove it from this state.`,
        );
        continue;
      }
      const outs = declaredOutcomes(tools[tn]);
      const map = isRecord(transitions) ? transitions : {};
      for (const o of outs) {
        if (!(o in map)) {
          add(
            "missing_outcome_transition",
            ["states", sn, "on", tn, o],
            `Protocol "${p}": state "${sn}" allows "${tn}" but says nothing for its outcome "${o}". Fix: add ${o}: "<next state>" under states.${sn}.on.${tn}.`,
          );
        }
      }
      for (const [o, target] of Object.entries(map)) {
        if (!outs.includes(o)) {
          add(
            "unknown_outcome",
            ["states", sn, "on", tn, o],
            `Protocol "${p}": state "${sn}" has a transition for outcome "${o}" of "${tn}", which "${tn}" does not declare (it declares ${outs.map((x) => `"${x}"`).join(", ")}). Fix: add "${o}" to tools.${tn}.outcomes or remove the transition.`,
          );
          continue;
        }
        if (typeof target !== "string" || !(target in states)) {
          add(
            "unknown_target_state",
            ["states", sn, "on", tn, o],
            `Protocol "${p}": state "${sn}", tool "${tn}", outcome "${o}" goes to ${quote(target)}, which is not a declared state.${typeof target === "string" ? nearest(target, stateNames) : ""} Fix: declare it under states or target one of: ${stateNames.join(", ")}.`,
          );
          continue;
        }
        out.add(target);
      }
    }
  }

  // reachability from the initial state
  if (typeof def.initial === "string" && def.initial in states) {
    const reached = closure([def.initial], (s) => edges.get(s) ?? []);
    for (const sn of stateNames) {
      if (!reached.has(sn))
        add(
          "unreachable_state",
          ["states", sn],
          `Protocol "${p}": state "${sn}" cannot be reached from the initial state "${def.initial}". Fix: add a transition into it or remove it.`,
        );
    }
    // co-reachability of a terminal state
    const reverse = new Map<string, string[]>();
    for (const [from, tos] of edges) for (const to of tos) reverse.set(to, [...(reverse.get(to) ?? []), from]);
    const canFinish = closure(
      terminal.filter((t) => t in states),
      (s) => reverse.get(s) ?? [],
    );
    for (const sn of stateNames) {
      if (reached.has(sn) && !canFinish.has(sn) && !terminalSeen.has(sn)) {
        add(
          "no_path_to_terminal",
          ["states", sn],
          `Protocol "${p}": no terminal state (${terminal.join(", ") || "none"}) can be reached from state "${sn}", so a session there can never end. Fix: add a transition from "${sn}" toward a terminal state.`,
        );
      }
    }
  }
  return issues;
}

function closure(start: string[], next: (s: string) => Iterable<string>): Set<string> {
  const seen = new Set<string>(start);
  const stack = [...start];
  while (stack.length > 0) {
    const s = stack.pop()!;
    for (const n of next(s)) {
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(n);
    }
  }
  return seen;
}
