/**
 * The OpenAI Agents adapter under the ordinary mistakes and flows of issue 20, written the way
 * the Agents SDK docs show human-in-the-loop approval (`needsApproval`, `result.interruptions`,
 * `state.approve` / `state.reject`, resuming with `run(agent, state)`), with a custom `Model`,
 * in streamed and non-streamed runs alike.
 */
import { Agent, setTracingDisabled, tool } from "@openai/agents";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AdapterSetupError, guardOpenAIAgents } from "../../src/adapters/openai-agents.js";
import { Session } from "../../src/runtime/session.js";
import { AGENTS_MODES, assistantSays, functionCall, runTurn, ScriptModel } from "./fixtures/agents-script.js";
import { grantCheckedWrite } from "./fixtures/granted-write.js";
import { refundLoopProtocol } from "./fixtures/refund-loop-protocol.js";

beforeAll(() => setTracingDisabled(true));

/** Every refund body that ran in a test ran with a grant consumed for exactly it. */
const checks: (() => void)[] = [];
afterEach(() => {
  while (checks.length > 0) checks.pop()!();
});

type Refund = { bookingId: string; amount: number };

function setup() {
  const session = new Session(refundLoopProtocol);
  const refunds: Refund[] = [];
  const contexts: unknown[] = [];
  const write = grantCheckedWrite(
    "issue_refund",
    () => session,
    (args: Refund) => {
      refunds.push(args);
      return { refunded: args.amount, bookingId: args.bookingId };
    },
  );
  checks.push(write.assertAllGranted);
  const guard = guardOpenAIAgents(session, {
    tools: {
      lookup_booking: async ({ bookingId }) => ({ bookingId, paid: 100 }),
      issue_refund: async (args, runContext) => {
        contexts.push(runContext?.context);
        return write.run(args);
      },
      end_conversation: async () => "bye",
    },
    onToolError: () => undefined,
  });
  return { session, guard, refunds, contexts };
}

/** The user's raw tool, as the Agents SDK docs write one: it refunds whenever it is called. */
const rawRefundTool = (refunds: Refund[]) =>
  tool({
    name: "issue_refund",
    description: "Refund a booking.",
    parameters: z.object({ bookingId: z.string(), amount: z.number() }),
    execute: async (args) => {
      refunds.push(args);
      return "refunded";
    },
  });

const agentWith = (model: ScriptModel, tools: Agent["tools"]) => new Agent({ name: "refunds", instructions: "Help with refunds.", model, tools });

describe.each(AGENTS_MODES)("concordat/openai-agents with %s", (mode) => {
  describe("a raw tool with a protocol tool's name never runs", () => {
    it("next to the guarded tools: the run stops with an AdapterSetupError naming the tool and the fix before the model is called", async () => {
      const { guard, session, refunds } = setup();
      const raw: Refund[] = [];
      const model = new ScriptModel([() => [functionCall("c1", "issue_refund", { bookingId: "B1", amount: 50 })], () => [assistantSays("done")]]);
      const error = await runTurn(mode, agentWith(model, [...guard.tools, rawRefundTool(raw)]), "Refund B1", guard.runOptions).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdapterSetupError);
      expect((error as AdapterSetupError).problem).toBe("foreign_tool");
      expect((error as Error).message).toMatch(
        /agent "refunds" has a tool "issue_refund" that is not the one guardOpenAIAgents made.*Nothing ran\. Fix: pass your implementation to guardOpenAIAgents/,
      );
      expect(model.seen).toHaveLength(0);
      expect(raw).toEqual([]);
      expect(refunds).toEqual([]);
      expect(session.trace).toEqual([]);
    });

    it("instead of the guarded tool (the other guarded tools kept): stopped the same way", async () => {
      const { guard } = setup();
      const raw: Refund[] = [];
      const model = new ScriptModel([() => [functionCall("c1", "issue_refund", { bookingId: "B1", amount: 50 })]]);
      const tools = [...guard.tools.filter((t) => t.name !== "issue_refund"), rawRefundTool(raw)];
      await expect(runTurn(mode, agentWith(model, tools), "Refund B1", guard.runOptions)).rejects.toMatchObject({
        problem: "foreign_tool",
        tool: "issue_refund",
      });
      expect(raw).toEqual([]);
    });

    it("a copy of a guarded tool (same invoke) still runs through the guard", async () => {
      const { guard, session } = setup();
      const model = new ScriptModel([() => [functionCall("c1", "lookup_booking", { bookingId: "B1" })], () => [assistantSays("found")]]);
      const tools = guard.tools.map((t) => (t.name === "lookup_booking" ? { ...t, description: "Look a booking up by its reference." } : t));
      const result = await runTurn(mode, agentWith(model, tools), "B1?", guard.runOptions);
      expect(result.finalOutput).toBe("found");
      expect(session.trace.map((e) => [e.tool, e.callId])).toEqual([["lookup_booking", "c1"]]);
    });

    it("tools outside the protocol may sit next to the guarded ones", async () => {
      const { guard } = setup();
      const weather = tool({ name: "weather", description: "Weather", parameters: z.object({}), execute: async () => "sunny" });
      const model = new ScriptModel([() => [assistantSays("hello")]]);
      const result = await runTurn(mode, agentWith(model, [...guard.tools, weather]), "hi", guard.runOptions);
      expect(result.finalOutput).toBe("hello");
      expect(model.streamedCalls).toBe(mode === "run" ? 0 : 1);
      expect(model.seen[0]!.tools).toEqual(["end_conversation", "lookup_booking", "weather"]);
    });
  });

  describe("a run without guard.runOptions", () => {
    it("stops before the model is called with an error naming Concordat's cause and the fix (not the SDK's 'Tool … not found')", async () => {
      for (const options of [{}, { context: { userId: "u1" } }]) {
        const { guard, refunds } = setup();
        const model = new ScriptModel([() => [functionCall("c1", "issue_refund", { bookingId: "B1", amount: 50 })]]);
        const error = await runTurn(mode, agentWith(model, guard.tools), "Refund B1 now", options).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AdapterSetupError);
        expect((error as AdapterSetupError).problem).toBe("missing_run_context");
        expect((error as Error).message).toMatch(/started without guard\.runOptions.*Fix: run\(agent, input, guard\.runOptions\)/);
        expect(model.seen).toHaveLength(0);
        expect(refunds).toEqual([]);
      }
    });

    it("runOptionsWith(yourContext) keeps your context and the premature call is answered, not fatal", async () => {
      const { guard, session } = setup();
      const model = new ScriptModel([
        () => [functionCall("c1", "issue_refund", { bookingId: "B1", amount: 50 })],
        (seen) => {
          expect(seen.outputs.at(-1)).toContain("Tool call refused (tool_not_allowed)");
          return [functionCall("c2", "lookup_booking", { bookingId: "B1" })];
        },
        () => [assistantSays("Found it.")],
      ]);
      const result = await runTurn(mode, agentWith(model, guard.tools), "Refund B1 now", guard.runOptionsWith({ userId: "u1" }));
      expect(result.finalOutput).toBe("Found it.");
      expect(result.state._context.context).toMatchObject({ userId: "u1", concordatSessionId: session.id });
      expect(session.state).toBe("booked");
    });
  });

  describe("two write calls in one turn", () => {
    for (const order of [
      [0, 1],
      [1, 0],
    ] as const) {
      it(`both interruptions are listed; approving them in order ${order.join(", ")} runs each once with its own arguments`, async () => {
        const t = { afterResume: [] as string[][] };
        const { guard, session, refunds, agent, first } = await twoRefundsPendingWith(t);
        const pending = await guard.pendingApprovals(first.interruptions);
        expect(pending.map((p) => [p.item.name, p.action?.arguments])).toEqual([
          ["issue_refund", { bookingId: "B1", amount: 20 }],
          ["issue_refund", { bookingId: "B2", amount: 30 }],
        ]);
        for (const i of order) await guard.approve(first.state, pending[i]!.item);
        expect(refunds).toEqual([]);
        const resumed = await runTurn(mode, agent, first.state, guard.runOptions);
        expect(resumed.finalOutput).toBe("Done.");
        expect([...refunds].sort((a, b) => a.amount - b.amount)).toEqual([
          { bookingId: "B1", amount: 20 },
          { bookingId: "B2", amount: 30 },
        ]);
        expect(
          session.trace
            .filter((e) => e.tool === "issue_refund")
            .map((e) => e.callId)
            .sort(),
        ).toEqual(["r1", "r2"]);
      });
    }

    it("approve one, reject the other (either order): exactly the approved one runs", async () => {
      for (const rejectFirst of [true, false]) {
        const t = { afterResume: [] as string[][] };
        const { guard, refunds, agent, first } = await twoRefundsPendingWith(t);
        const [a, b] = first.interruptions;
        if (rejectFirst) {
          await guard.reject(first.state, b!);
          await guard.approve(first.state, a!);
        } else {
          await guard.approve(first.state, a!);
          await guard.reject(first.state, b!);
        }
        await runTurn(mode, agent, first.state, guard.runOptions);
        expect(refunds).toEqual([{ bookingId: "B1", amount: 20 }]);
        expect(t.afterResume[0]!.some((o) => o.includes("The user declined issue_refund"))).toBe(true);
      }
    });

    async function twoRefundsPendingWith(t: { afterResume: string[][] }) {
      const base = setup();
      await base.session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
      const model = new ScriptModel([
        () => [functionCall("r1", "issue_refund", { bookingId: "B1", amount: 20 }), functionCall("r2", "issue_refund", { bookingId: "B2", amount: 30 })],
        (seen) => {
          t.afterResume.push(seen.outputs);
          return [assistantSays("Done.")];
        },
      ]);
      const agent = agentWith(model, base.guard.tools);
      const first = await runTurn(mode, agent, "Refund 20 on B1 and 30 on B2", base.guard.runOptions);
      expect(first.interruptions).toHaveLength(2);
      return { ...base, model, agent, first };
    }
  });

  describe("re-confirmation", () => {
    it("a new identical refund after the first one ran is an interruption again (not auto-refused), and runs once more when approved", async () => {
      const { guard, session, refunds } = setup();
      await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
      const refund = { bookingId: "B1", amount: 50 };
      for (const id of ["c1", "c2"]) {
        const model = new ScriptModel([() => [functionCall(id, "issue_refund", refund)], () => [assistantSays("Refunded.")]]);
        const agent = agentWith(model, guard.tools);
        const asked = await runTurn(mode, agent, "Please refund 50 on B1.", guard.runOptions);
        expect(asked.interruptions.map((i) => (i.rawItem as { callId: string }).callId)).toEqual([id]);
        await guard.approve(asked.state, asked.interruptions[0]!);
        await runTurn(mode, agent, asked.state, guard.runOptions);
      }
      expect(refunds).toEqual([refund, refund]);
    });
  });

  describe("approvals given only through the SDK never run a write", () => {
    it("with no Concordat confirmation at all: the model reads the refusal", async () => {
      const { guard, session, refunds } = setup();
      await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
      const model = new ScriptModel([() => [functionCall("c1", "issue_refund", { bookingId: "B1", amount: 50 })], () => [assistantSays("ok")]]);
      const agent = agentWith(model, guard.tools);
      const first = await runTurn(mode, agent, "Refund B1", guard.runOptions);
      first.state.approve(first.interruptions[0]!);
      await runTurn(mode, agent, first.state, guard.runOptions);
      expect(refunds).toEqual([]);
      expect(model.seen.at(-1)!.outputs.at(-1)).toContain("(confirmation_missing)");
    });

    for (const sdkOnlyFirst of [true, false]) {
      it(`while another call with the same arguments holds a Concordat grant (SDK-only approval on the ${sdkOnlyFirst ? "first" : "second"} call)`, async () => {
        const { guard, session, refunds } = setup();
        await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
        const same = { bookingId: "B1", amount: 50 };
        const model = new ScriptModel([
          () => [functionCall("c1", "issue_refund", same), functionCall("c2", "issue_refund", same)],
          () => [assistantSays("ok")],
        ]);
        const agent = agentWith(model, guard.tools);
        const first = await runTurn(mode, agent, "Refund B1", guard.runOptions);
        const [i1, i2] = first.interruptions;
        const sdkOnly = sdkOnlyFirst ? i1! : i2!;
        const confirmed = sdkOnlyFirst ? i2! : i1!;
        await guard.approve(first.state, confirmed);
        first.state.approve(sdkOnly);
        await runTurn(mode, agent, first.state, guard.runOptions);
        expect(refunds).toEqual([same]);
        expect(session.trace.filter((e) => e.tool === "issue_refund").map((e) => e.callId)).toEqual([(confirmed.rawItem as { callId: string }).callId]);
      });
    }
  });

  describe("errors thrown by tool code", () => {
    const leaky = async () => {
      throw new Error("connect ECONNREFUSED db password=hunter2 at 10.0.0.5");
    };
    it('reach the model redacted by default (the full error goes to onToolError), passed through with toolErrors: "expose"', async () => {
      for (const toolErrors of [undefined, "expose"] as const) {
        const logged: unknown[] = [];
        const guard = guardOpenAIAgents(new Session(refundLoopProtocol), {
          tools: { lookup_booking: leaky },
          ...(toolErrors ? { toolErrors } : {}),
          onToolError: (e) => void logged.push(e),
        });
        const model = new ScriptModel([() => [functionCall("c1", "lookup_booking", { bookingId: "B1" })], () => [assistantSays("sorry")]]);
        await runTurn(mode, agentWith(model, guard.tools), "B1?", guard.runOptions);
        const text = model.seen[1]!.outputs[0]!;
        if (toolErrors === "expose") expect(text).toContain("password=hunter2");
        else expect(text).toBe('Tool "lookup_booking" failed. The details were logged for the developers and are not shown here.');
        expect(logged).toHaveLength(1);
      }
    });
  });
});
