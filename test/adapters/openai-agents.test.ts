import { Agent, run, RunState, setTracingDisabled } from "@openai/agents";
import { ScriptedModel, assistantMessage, functionCall, modelResponder, type RecordedModelCall } from "@openai/agents/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { guardOpenAIAgents, sessionIdOfRunState, SESSION_ID_KEY } from "../../src/adapters/openai-agents.js";
import { Session } from "../../src/runtime/session.js";
import { MemoryViolationSink, ViolationLog } from "../../src/violation/violation-log.js";
import { refundGrantsProtocol } from "./fixtures/refund-grants-protocol.js";

beforeAll(() => setTracingDisabled(true));

type Out = ReturnType<typeof functionCall> | ReturnType<typeof assistantMessage>;

/** The Agents SDK's own ScriptedModel; each step sees the recorded request. */
function scripted(steps: ((call: RecordedModelCall) => Out[])[]) {
  const seen: { tools: string[]; outputs: string[] }[] = [];
  const model = new ScriptedModel(
    steps.map((step) =>
      modelResponder((c) => {
        const input = Array.isArray(c.request.input) ? c.request.input : [];
        seen.push({
          tools: c.request.tools.map((t) => (t as { name: string }).name).sort(),
          outputs: input.filter((i) => (i as { type?: string }).type === "function_call_result").map((i) => textOf((i as { output: unknown }).output)),
        });
        return step(c);
      }),
    ),
  );
  return { model, seen };
}

function textOf(output: unknown): string {
  if (typeof output === "string") return output;
  const o = output as { type?: string; text?: string };
  return o?.type === "text" && typeof o.text === "string" ? o.text : JSON.stringify(output);
}

function setup(session = new Session(refundGrantsProtocol, { log: new ViolationLog([new MemoryViolationSink()]) })) {
  const refunds: { bookingId: string; amount: number }[] = [];
  const guard = guardOpenAIAgents(session, {
    tools: {
      lookup_booking: async ({ bookingId }) => (bookingId === "B1" ? { bookingId, paid: 50 } : null),
      issue_refund: async (args) => {
        refunds.push(args);
        return { refunded: args.amount };
      },
      end_conversation: async () => "bye",
    },
  });
  return { session, guard, refunds };
}

const fc = (name: string, args: Record<string, unknown> | string, callId: string) => functionCall(name, args, { callId });

describe("concordat/openai-agents", () => {
  it("enables only the tools the session's state allows (isEnabled), turn by turn", async () => {
    const { guard, session } = setup();
    const { model, seen } = scripted([
      () => [fc("lookup_booking", { bookingId: "B1" }, "c1")],
      () => [fc("end_conversation", {}, "c2")],
      () => [assistantMessage("Bye.")],
    ]);
    const agent = new Agent({ name: "refunds", instructions: "Help.", model, tools: guard.tools });
    const result = await run(agent, "Refund B1", guard.runOptions);
    expect(seen.map((s) => s.tools)).toEqual([["end_conversation", "lookup_booking"], ["end_conversation", "issue_refund"], []]);
    expect(result.finalOutput).toBe("Bye.");
    expect(session.state).toBe("done");
  });

  it("the input guardrail refuses invalid arguments before the tool runs; the model reads why", async () => {
    const { guard, session } = setup();
    // unparsable JSON is answered by the SDK itself (fixed feedback) before any guardrail or tool
    const { model, seen } = scripted([
      () => [fc("lookup_booking", { bookingId: 7 }, "c1")],
      () => [fc("lookup_booking", '{"bookingId":', "c2")],
      () => [assistantMessage("Sorry.")],
    ]);
    const agent = new Agent({ name: "refunds", instructions: "Help.", model, tools: guard.tools });
    const result = await run(agent, "Look up 7", guard.runOptions);
    expect(result.finalOutput).toBe("Sorry.");
    expect(seen[1]!.outputs[0]).toMatch(/^Tool call refused \(invalid_arguments\).*bookingId/);
    expect(seen[2]!.outputs[1]).toMatch(/valid JSON/);
    expect(session.state).toBe("start");
    expect(session.trace).toEqual([]);
  });

  it("an unparsable call of a confirmation tool interrupts (SDK); it is reported with its violation and reject() ends it unrun", async () => {
    const { guard, session, refunds } = setup();
    await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model, seen } = scripted([() => [fc("issue_refund", '{"bookingId":"B1",', "c1")], () => [assistantMessage("Sorry.")]]);
    const agent = new Agent({ name: "refunds", instructions: "Help.", model, tools: guard.tools });
    const first = await run(agent, "Refund", guard.runOptions);
    const pending = await guard.pendingApprovals(first.interruptions);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.action).toBeUndefined();
    expect(pending[0]!.violation?.code).toBe("invalid_arguments");
    await guard.reject(first.state, pending[0]!.item);
    await run(agent, first.state, guard.runOptions);
    // the SDK redacts rejection messages of unparsable calls to its fixed text
    expect(seen[1]!.outputs.at(-1)).toBe("Tool execution was not approved.");
    expect(refunds).toEqual([]);
    expect(session.state).toBe("booked");
  });

  it("acceptance: premature write blocked, rejection read, approval asked, one execution after a structured confirmation; run state carries the session id", async () => {
    const { guard, session, refunds } = setup();
    const { model, seen } = scripted([
      // premature: issue_refund is not even enabled before the booking was found
      () => [fc("issue_refund", { bookingId: "B1", amount: 50 }, "c1")],
      (c) => {
        expect(seen.at(-1)!.outputs.at(-1)).toContain("Tool call refused (tool_not_allowed)");
        expect(c.request.tools.map((t) => (t as { name: string }).name)).not.toContain("issue_refund");
        return [fc("lookup_booking", { bookingId: "B1" }, "c2")];
      },
      // allowed by the state now, but unconfirmed: needsApproval interrupts the run
      () => [fc("issue_refund", { bookingId: "B1", amount: 50 }, "c3")],
      // after the approval: the refund ran once; trying it again is refused
      () => {
        expect(seen.at(-1)!.outputs.at(-1)).toBe('{"refunded":50}');
        return [fc("issue_refund", { bookingId: "B1", amount: 50 }, "c4")];
      },
      () => {
        expect(seen.at(-1)!.outputs.at(-1)).toContain("(tool_not_allowed)");
        return [fc("end_conversation", {}, "c5")];
      },
      () => [assistantMessage("Refunded 50.")],
    ]);
    const agent = new Agent({ name: "refunds", instructions: "Help.", model, tools: guard.tools });
    const first = await run(agent, "Refund booking B1", guard.runOptions);
    expect(refunds).toEqual([]);
    expect(first.interruptions).toHaveLength(1);
    expect(session.state).toBe("booked");

    // the run is stored while the user decides; the stored state names its Concordat session
    const saved = guard.serialize(first.state);
    expect(sessionIdOfRunState(saved)).toBe(session.id);
    const restored = await RunState.fromString(agent, saved);
    expect(sessionIdOfRunState(restored)).toBe(session.id);

    const pending = await guard.pendingApprovals(restored.getInterruptions());
    expect(pending).toHaveLength(1);
    expect(pending[0]!.action).toMatchObject({ tool: "issue_refund", arguments: { bookingId: "B1", amount: 50 } });
    await guard.approve(restored, pending[0]!.item);

    const second = await run(agent, restored, guard.runOptions);
    expect(second.finalOutput).toBe("Refunded 50.");
    expect(refunds).toEqual([{ bookingId: "B1", amount: 50 }]);
    expect(session.state).toBe("done");
    expect(session.trace.map((t) => t.tool)).toEqual(["lookup_booking", "issue_refund", "end_conversation"]);
    expect(model.remainingSteps).toBe(0);
  });

  it("acceptance: an argument changed after the confirmation is blocked (new call, and an edited stored run)", async () => {
    const sink = new MemoryViolationSink();
    const { guard, session, refunds } = setup(new Session(refundGrantsProtocol, { log: new ViolationLog([sink]) }));
    await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    // the UI confirmed "refund 50" (structured path)
    session.confirm(session.requestConfirmation({ name: "issue_refund", arguments: { bookingId: "B1", amount: 50 } }).id);
    const { model, seen } = scripted([
      () => [fc("issue_refund", { bookingId: "B1", amount: 500 }, "c1")],
      () => {
        expect(seen.at(-1)!.outputs.at(-1)).toMatch(/^Tool call refused \(confirmation_args_mismatch\)/);
        expect(seen.at(-1)!.outputs.at(-1)).toContain("500");
        return [fc("issue_refund", { bookingId: "B1", amount: 50 }, "c2")];
      },
      () => [assistantMessage("Done.")],
    ]);
    const agent = new Agent({ name: "refunds", instructions: "Help.", model, tools: guard.tools });
    await run(agent, "Refund B1", guard.runOptions);
    expect(refunds).toEqual([{ bookingId: "B1", amount: 50 }]);
    expect(session.state).toBe("refunded");
    // recorded once, although both needsApproval and the guardrail looked at the call
    expect(sink.records.map((r) => r.code)).toEqual(["confirmation_args_mismatch"]);
  });

  it("a stored run whose approved call was edited does not run the edited call", async () => {
    const { guard, session, refunds } = setup();
    await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model, seen } = scripted([() => [fc("issue_refund", { bookingId: "B1", amount: 50 }, "c1")], () => [assistantMessage("ok")]]);
    const agent = new Agent({ name: "refunds", instructions: "Help.", model, tools: guard.tools });
    const first = await run(agent, "Refund B1", guard.runOptions);
    const item = first.interruptions[0]!;
    await guard.approve(first.state, item);
    const saved = guard.serialize(first.state);
    const edited = saved.split('\\"amount\\":50').join('\\"amount\\":500');
    expect(edited).not.toBe(saved);
    let error: unknown;
    try {
      await run(agent, await RunState.fromString(agent, edited), guard.runOptions);
    } catch (e) {
      error = e; // the SDK itself may refuse the edited state
    }
    expect(refunds).toEqual([]);
    expect(session.state).toBe("booked");
    if (error === undefined) expect(seen.at(-1)!.outputs.at(-1)).toContain("(confirmation_args_mismatch)");
  });

  it("an SDK approval without a Concordat grant cannot run the write", async () => {
    const { guard, session, refunds } = setup();
    await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model, seen } = scripted([() => [fc("issue_refund", { bookingId: "B1", amount: 50 }, "c1")], () => [assistantMessage("ok")]]);
    const agent = new Agent({ name: "refunds", instructions: "Help.", model, tools: guard.tools });
    const first = await run(agent, "Refund B1", guard.runOptions);
    first.state.approve(first.interruptions[0]!); // the SDK's own approval, no Concordat confirmation
    await run(agent, first.state, guard.runOptions);
    expect(refunds).toEqual([]);
    expect(seen.at(-1)!.outputs.at(-1)).toContain("(confirmation_missing)");
  });

  it("a rejection is relayed to the model and denies the pending action", async () => {
    const { guard, session, refunds } = setup();
    await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model, seen } = scripted([
      () => [fc("issue_refund", { bookingId: "B1", amount: 50 }, "c1")],
      () => [fc("issue_refund", { bookingId: "B1", amount: 50 }, "c2")],
      () => [assistantMessage("Understood.")],
    ]);
    const agent = new Agent({ name: "refunds", instructions: "Help.", model, tools: guard.tools });
    const first = await run(agent, "Refund B1", guard.runOptions);
    await guard.reject(first.state, first.interruptions[0]!);
    await run(agent, first.state, guard.runOptions);
    expect(seen[1]!.outputs.at(-1)).toContain("declined");
    expect(seen[2]!.outputs.at(-1)).toContain("(confirmation_denied)");
    expect(refunds).toEqual([]);
  });

  it("a run restored against another session's tools is refused before anything runs", async () => {
    const a = setup();
    await a.session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model } = scripted([() => [fc("issue_refund", { bookingId: "B1", amount: 50 }, "c1")]]);
    const agentA = new Agent({ name: "refunds", instructions: "Help.", model, tools: a.guard.tools });
    const first = await run(agentA, "Refund B1", a.guard.runOptions);
    await a.guard.approve(first.state, first.interruptions[0]!);
    const saved = a.guard.serialize(first.state);

    const b = setup();
    await b.session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
    const { model: modelB } = scripted([() => [assistantMessage("ok")]]);
    const agentB = new Agent({ name: "refunds", instructions: "Help.", model: modelB, tools: b.guard.tools });
    // B's tools refuse a run that names A's session: restoring it says so (not the SDK's "Tool issue_refund not found")
    await expect(RunState.fromString(agentB, saved)).rejects.toThrow(
      new RegExp(
        `this run belongs to Concordat session ${a.session.id}, but the agent's tools are bound to session ${b.session.id}.*Fix: restore the run with the agent whose tools come from the guard of session ${a.session.id}`,
      ),
    );
    await expect(b.guard.restore(agentB, saved)).rejects.toMatchObject({ name: "AdapterSetupError", problem: "other_session" });
    // with its own guard it restores (and the approved refund runs)
    const { model: modelA2 } = scripted([() => [assistantMessage("Refunded.")]]);
    const restored = await a.guard.restore(new Agent({ name: "refunds", instructions: "Help.", model: modelA2, tools: a.guard.tools }), saved);
    expect(sessionIdOfRunState(restored)).toBe(a.session.id);
    expect(a.refunds).toEqual([]);
    expect(b.refunds).toEqual([]);
    expect(() => b.guard.serialize(first.state)).toThrow(/carries session id/);
    // and a tool invoked directly with A's context is refused as state_tampered
    const invoke = b.guard.tools.find((t) => t.name === "lookup_booking")!.invoke;
    const out = await invoke(first.state._context, '{"bookingId":"B1"}');
    expect(String(out)).toContain("(state_tampered)");
    expect(String(out)).toContain(a.session.id);
  });

  it("an implementation that throws: the session records its outcome, the model reads a generic error", async () => {
    const session = new Session(refundGrantsProtocol);
    const logged: unknown[] = [];
    const guard = guardOpenAIAgents(session, {
      tools: {
        lookup_booking: async () => {
          throw new Error("db down: secret connection string");
        },
      },
      onToolError: (e, info) => void logged.push([(e as Error).message, info]),
    });
    const { model, seen } = scripted([() => [fc("lookup_booking", { bookingId: "B1" }, "c1")], () => [assistantMessage("Try later.")]]);
    const agent = new Agent({ name: "refunds", instructions: "Help.", model, tools: guard.tools });
    await run(agent, "B1?", guard.runOptions);
    expect(seen[1]!.outputs[0]).toBe('Tool "lookup_booking" failed. The details were logged for the developers and are not shown here.');
    expect(logged).toEqual([["db down: secret connection string", { tool: "lookup_booking", sessionId: session.id }]]);
    // lookup_booking maps a thrown error to not_found: the trace has it, the state stays
    expect(session.trace.map((t) => [t.tool, t.outcome])).toEqual([["lookup_booking", "not_found"]]);
    expect(session.state).toBe("start");
  });

  it("exposes the session id key and refuses unknown tool implementations", () => {
    const { guard, session } = setup();
    expect(guard.context).toEqual({ [SESSION_ID_KEY]: session.id });
    expect(() => guardOpenAIAgents(session, { tools: { wire_money: async () => 1 } as never })).toThrow(
      /"wire_money" is not a tool of protocol "refund-grants"/,
    );
  });
});
