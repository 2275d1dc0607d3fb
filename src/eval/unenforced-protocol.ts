import { defineProtocol } from "../protocol/define-protocol.js";
import type { AnyToolSpec } from "../protocol/types.js";

/**
 * The UNENFORCED baseline: one open state that allows every airline tool at any time, with no
 * confirmation and no guards, so the same agent loop runs both modes and only the protocol
 * differs. Every tool's success and error both stay in `open`; transferring to a human ends it.
 */
export function unenforcedProtocol(
  tools: Readonly<Record<string, { readonly description: string; readonly input: AnyToolSpec["input"]; readonly effect: "read" | "write" }>>,
) {
  const specs: Record<string, AnyToolSpec> = {};
  const on: Record<string, Record<string, string>> = {};
  for (const [name, t] of Object.entries(tools)) {
    specs[name] = {
      description: t.description,
      input: t.input,
      effect: t.effect,
      outcomes: ["ok", "error"],
      outcome: (r) => (r.ok ? "ok" : "error"),
    };
    on[name] = { ok: name === "transfer_to_human_agents" ? "transferred" : "open", error: "open" };
  }
  return defineProtocol({
    name: "airline-unenforced",
    description: "Baseline without enforcement: every tool allowed at any time.",
    initial: "open",
    terminal: ["transferred"],
    tools: specs as never,
    states: { open: { on: on as never }, transferred: {} } as never,
  } as never);
}
