import type { Protocol } from "../protocol/protocol.js";
import type { GraphTool, ProtocolGraph } from "../protocol/types.js";
import {
  ALL_OF_GUARD,
  RESERVED_EVENT_PREFIX,
  XSTATE_META_VERSION,
  xstateEventType,
  xstateTarget,
  type XStateMachineConfig,
  type XStateStateConfig,
  type XStateTransitionConfig,
} from "./xstate-config.js";
import { XStateExportError } from "./xstate-mapping-error.js";

/**
 * A protocol as an XState v5 machine config, so Stately's editor, visualizer and inspector can
 * show it. Each state of the protocol is an atomic state (terminal states are `type: "final"`);
 * each (tool, outcome) a state allows is an event (`tool[outcome]`, or just `tool` for a tool
 * whose only outcome is `ok`) whose transition targets the next state. A guarded permission
 * becomes a named guard (several conjuncts, or one named `allOf`: `{ type: "allOf", params: { guards } }`); the
 * tools' effects and outcomes, state budgets and the run budget go under `meta.concordat`, so
 * {@link fromXState} gets the protocol graph back exactly.
 *
 * The result is plain JSON: `createMachine(toXState(protocol))` loads it, and a guarded
 * transition fires only when the machine is given the guard (`machine.provide({ guards })`).
 *
 * @example
 * ```ts
 * import { createMachine } from "xstate";
 * import { toXState } from "concordat/xstate";
 * const machine = createMachine(toXState(refundProtocol));
 * // or: npx concordat graph ./protocols.ts#refundProtocol --format xstate > refund.machine.json
 * ```
 * @param protocol A protocol made by `defineProtocol`, or its plain `graph`.
 * @returns The machine config (JSON-serializable).
 * @throws XStateExportError when a state name starts with `#` (XState reads such a key as a state id) or a tool name
 *   with `xstate.` (XState reserves those event types).
 * @see fromXState for the reverse mapping.
 */
export function toXState(protocol: ProtocolGraph | Protocol<any, any, any>): XStateMachineConfig {
  const graph: ProtocolGraph = "graph" in protocol ? protocol.graph : protocol;
  const terminal = new Set(graph.terminal);
  const hashed = Object.keys(graph.states).filter((s) => s.startsWith("#"));
  if (hashed.length > 0) {
    throw new XStateExportError(
      graph.name,
      hashed,
      `Protocol "${graph.name}" cannot be exported to XState: state ${hashed.map((s) => `"${s}"`).join(", ")} starts with "#", which XState reads as a state id. Fix: rename the state (e.g. "${hashed[0]!.slice(1) || "state"}").`,
    );
  }
  const reserved = Object.keys(graph.tools).filter((t) => t.startsWith(RESERVED_EVENT_PREFIX));
  if (reserved.length > 0) {
    throw new XStateExportError(
      graph.name,
      reserved,
      `Protocol "${graph.name}" cannot be exported to XState: tool ${reserved.map((t) => `"${t}"`).join(", ")} starts with "${RESERVED_EVENT_PREFIX}", which XState reserves for its own events (xstate.init, xstate.stop, ...). Fix: rename the tool (e.g. "${reserved[0]!.slice(RESERVED_EVENT_PREFIX.length) || "tool"}").`,
    );
  }
  const states: Record<string, XStateStateConfig> = {};
  for (const [name, st] of Object.entries(graph.states)) {
    const on: Record<string, XStateTransitionConfig> = {};
    for (const [tool, outs] of Object.entries(st.on)) {
      const spec = graph.tools[tool];
      const declared = spec?.outcomes ?? Object.keys(outs);
      const guards = st.guards?.[tool];
      for (const [outcome, to] of Object.entries(outs)) {
        const notes = [spec?.effect === "write" ? "write" : undefined, spec?.requiresConfirmation ? "requires confirmation" : undefined].filter(Boolean);
        on[xstateEventType(tool, outcome, declared)] = {
          target: xstateTarget(to),
          ...(guards && guards.length > 0
            ? { guard: guards.length === 1 && guards[0] !== ALL_OF_GUARD ? guards[0]! : { type: ALL_OF_GUARD, params: { guards: [...guards] } } }
            : {}),
          ...(notes.length > 0 ? { description: notes.join(", ") } : {}),
          meta: { concordat: { tool, outcome } },
        };
      }
    }
    states[name] = {
      ...(terminal.has(name) ? { type: "final" as const } : {}),
      ...(Object.keys(on).length > 0 ? { on } : {}),
      ...(st.budget ? { meta: { concordat: { budget: { ...st.budget } } } } : {}),
    };
  }
  return {
    id: graph.name,
    initial: graph.initial,
    meta: {
      concordat: {
        version: XSTATE_META_VERSION,
        tools: exportedTools(graph.tools),
        ...(graph.budget ? { budget: structuredClone(graph.budget) } : {}),
      },
    },
    states,
  };
}

/**
 * The tools' facts for `meta.concordat.tools`: everything refinement reads (the input schema as
 * JSON Schema included), without `inputId` (the identity of a schema object in this process,
 * meaningless elsewhere) and without absent values.
 */
function exportedTools(tools: ProtocolGraph["tools"]): Record<string, GraphTool> {
  const out: Record<string, GraphTool> = {};
  for (const [name, t] of Object.entries(tools)) {
    const { inputId: _id, ...rest } = t;
    out[name] = structuredClone(Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))) as unknown as GraphTool;
  }
  return out;
}
