import type { Protocol } from "../protocol/protocol.js";
import type { ToolResult } from "../protocol/types.js";
import { ProtocolViolation } from "../violation/protocol-violation.js";
import type { RecordedRun, RecordedToolCall } from "./recorded-run.js";

/** What the domain's protocol says about one recorded call, confirmation aside. */
export interface ProtocolFinding {
  /** The protocol state before the call. */
  readonly state: string;
  /** The violation the protocol would have raised (state, guard, schema), or null when it allowed the call. */
  readonly violation: { readonly code: string; readonly message: string } | null;
}

function recordedResult(call: RecordedToolCall, adapt: ((call: RecordedToolCall, value: unknown) => unknown) | undefined): ToolResult | undefined {
  if (!call.result) return undefined;
  if (call.result.error) return { ok: false, error: new Error(call.result.content) };
  let value: unknown;
  try {
    value = JSON.parse(call.result.content) as unknown;
  } catch {
    value = call.result.content;
  }
  return { ok: true, value: adapt ? adapt(call, value) : value };
}

/**
 * Replays a run's tool calls, in order, through a protocol: each call is validated in the current
 * state against the context built so far (state permissions, guards, argument schemas), then the
 * recorded result moves the state and feeds the context reducers, as a live session would. A call
 * the protocol would have refused is recorded; the run goes on as it happened (the state stays).
 * Confirmation is not judged here (that is the replay of user replies).
 */
export function replayThroughProtocol(
  run: RecordedRun,
  protocol: Protocol<any, any, any>,
  adaptResult?: (call: RecordedToolCall, value: unknown) => unknown,
): Map<number, ProtocolFinding> {
  const out = new Map<number, ProtocolFinding>();
  let state: string = protocol.initial;
  let context: unknown = protocol.config.initialContext;
  for (const m of run.messages) {
    if (m.role !== "assistant") continue;
    for (const call of m.toolCalls) {
      let violation: ProtocolFinding["violation"] = null;
      let args: unknown = call.arguments;
      try {
        const validated = protocol.validateCall(state, { name: call.name, arguments: call.arguments }, context);
        args = validated.arguments;
      } catch (e) {
        if (!(e instanceof ProtocolViolation)) throw e;
        violation = { code: e.code, message: e.message };
      }
      out.set(call.index, { state, violation });
      const result = recordedResult(call, adaptResult);
      if (!result || protocol.tools[call.name] === undefined) continue;
      const spec = protocol.tools[call.name];
      let outcome: string | undefined;
      try {
        outcome = protocol.outcomeOf(call.name, args, result);
        if (spec.reduce && outcome !== undefined) context = spec.reduce(context, args, result, outcome);
      } catch {
        // a reducer that cannot read this recorded result leaves the context as it was
      }
      if (violation === null) {
        try {
          state = protocol.targetOf(state, call.name, outcome);
        } catch {
          // no transition for this outcome: stay
        }
      }
    }
  }
  return out;
}
