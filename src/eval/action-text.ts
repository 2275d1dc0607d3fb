import { actionKey } from "./canonical.js";

/** A concrete tool call: name and arguments. */
export interface Action {
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

export function keyOf(a: Action): string {
  return actionKey(a.tool, a.arguments);
}

/**
 * How the simulated agent lists an action in a message: the tool name followed by its exact
 * arguments as JSON on one line (`• cancel_reservation {"reservation_id":"EHGLP3"}`), so the
 * simulated customer can tell exactly which action it is asked about.
 */
export function describeAction(a: Action): string {
  return `• ${a.tool} ${JSON.stringify(a.arguments)}`;
}

/** Every action listed in a message with `describeAction` whose tool is one of `tools`. */
export function parseActions(text: string, tools: readonly string[]): Action[] {
  const out: Action[] = [];
  const re = /\b([a-z_]+) (\{.*\})\s*$/gm;
  for (const m of text.matchAll(re)) {
    const tool = m[1] as string;
    if (!tools.includes(tool)) continue;
    try {
      const args = JSON.parse(m[2] as string) as unknown;
      if (args !== null && typeof args === "object" && !Array.isArray(args)) out.push({ tool, arguments: args as Record<string, unknown> });
    } catch {
      // not an action line
    }
  }
  return out;
}

/**
 * Candidate actions a prose message names by all their identifying values (ids, flight numbers,
 * dates, cabins, amounts, bag counts) — for real models that do not list exact arguments.
 */
export function mentionedActions(text: string, candidates: readonly Action[]): Action[] {
  return candidates.filter((g) => {
    const values = identifyingValues(g.arguments);
    return values.length > 0 && values.every((v) => text.includes(v));
  });
}

function identifyingValues(args: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string): void => {
    if (typeof v === "string" && /(_id|flight_number|date|cabin)$/.test(key)) out.push(v);
    else if (typeof v === "number" && /amount|baggages/.test(key)) out.push(String(v));
    else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(args, "");
  return out;
}
