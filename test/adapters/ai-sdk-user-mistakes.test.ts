/**
 * The AI SDK adapter under the ordinary mistakes and flows of issue 20, written the way the AI
 * SDK's docs show tool approval (`tool-approval-request` parts answered by
 * `tool-approval-response` parts in a tool message), with the SDK's own mock model, in
 * `generateText` and `streamText` alike.
 */
import { stepCountIs, tool, type ModelMessage, type ToolApprovalResponse } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AdapterSetupError, guardAiSdk, ToolExecutionError } from "../../src/adapters/ai-sdk.js";
import { Session } from "../../src/runtime/session.js";
import { MemoryViolationSink, ViolationLog } from "../../src/violation/violation-log.js";
import { call, MODES, say, scriptedModel, toolResultTexts, turn } from "./fixtures/ai-sdk-script.js";
import { grantCheckedWrite } from "./fixtures/granted-write.js";
import { refundLoopProtocol } from "./fixtures/refund-loop-protocol.js";

type Refund = { bookingId: string; amount: number };

/** Every refund body that ran in a test ran with a grant consumed for exactly it. */
const checks: (() => void)[] = [];
afterEach(() => {
  while (checks.length > 0) checks.pop()!();
});

function setup() {
  const sink = new MemoryViolationSink();
  const session = new Session(refundLoopProtocol, { log: new ViolationLog([sink]) });
  const refunds: Refund[] = [];
  const errors: unknown[] = [];
  const write = grantCheckedWrite(
    "issue_refund",
    () => session,
    (args: Refund) => {
      refunds.push(args);
      return { refunded: args.amount, bookingId: args.bookingId };
    },
  );
  checks.push(write.assertAllGranted);
  const guard = guardAiSdk(session, {
    tools: {
      lookup_booking: async ({ bookingId }) => ({ bookingId, paid: 100 }),
      issue_refund: write.run,
      end_conversation: async () => "bye",
    },
    onToolError: (e) => void errors.push(e),
  });
  return { session, guard, refunds, sink, errors };
}

/** The user's raw tool, as the AI SDK docs write one: it refunds whenever it is called. */
function rawRefundTool(refunds: Refund[]) {
  return tool({
    description: "Refund a booking.",
    inputSchema: z.object({ bookingId: z.string(), amount: z.number() }),
    execute: async (args) => {
      refunds.push(args);
      return { refunded: args.amount };
    },
  });
}

const approvalParts = (content: readonly unknown[]) =>
  content.filter(
    (p): p is { type: "tool-approval-request"; approvalId: string; toolCall: { toolCallId: string } } =>
      (p as { type?: string }).type === "tool-approval-request",
  );

describe.each(MODES)("concordat/ai-sdk with %s", (mode) => {
  describe("a raw tool with a protocol tool's name never runs", () => {
    it("spread next to the guarded tools: refused with an AdapterSetupError naming the tool and the fix, before its execute runs", async () => {
      const { guard, session, refunds } = setup();
      const raw: Refund[] = [];
      const { model } = scriptedModel([
        () => [call("c1", "lookup_booking", { bookingId: "B1" })],
        () => [call("c2", "issue_refund", { bookingId: "B1", amount: 50 })],
        () => [say("done")],
      ]);
      const error = await turn(mode, {
        model,
        ...guard.settings,
        tools: { ...guard.settings.tools, issue_refund: rawRefundTool(raw) },
        stopWhen: stepCountIs(5),
        prompt: "Refund B1",
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdapterSetupError);
      expect((error as AdapterSetupError).problem).toBe("foreign_tool");
      expect((error as Error).message).toMatch(
        /the tool "issue_refund" passed to the AI SDK is not the one guardAiSdk made.*Nothing ran\. Fix: give your tool to guardAiSdk/,
      );
      expect(raw).toEqual([]);
      expect(refunds).toEqual([]);
      expect(session.state).toBe("booked");
    });

    it("instead of the guarded tool (only the other tools spread), and a tool of another session's guard: refused the same way", async () => {
      const { guard, refunds } = setup();
      const raw: Refund[] = [];
      const { issue_refund: _dropped, ...rest } = guard.settings.tools;
      const { model } = scriptedModel([
        () => [call("c1", "lookup_booking", { bookingId: "B1" })],
        () => [call("c2", "issue_refund", { bookingId: "B1", amount: 50 })],
      ]);
      await expect(
        turn(mode, { model, ...guard.settings, tools: { ...rest, issue_refund: rawRefundTool(raw) }, stopWhen: stepCountIs(5), prompt: "Refund B1" }),
      ).rejects.toThrow(/"issue_refund".*not the one guardAiSdk made/);

      const other = setup();
      const { model: model2 } = scriptedModel([() => [call("c1", "lookup_booking", { bookingId: "B1" })]]);
      await expect(
        turn(mode, {
          model: model2,
          ...guard.settings,
          tools: { ...guard.settings.tools, lookup_booking: other.guard.settings.tools.lookup_booking },
          stopWhen: stepCountIs(3),
          prompt: "B1?",
        }),
      ).rejects.toBeInstanceOf(AdapterSetupError);
      expect(other.session.trace).toEqual([]);
      expect(raw).toEqual([]);
      expect(refunds).toEqual([]);
    });

    it("a copy of the guarded tool (another description, same execute) still runs through the guard", async () => {
      const { guard, session } = setup();
      const lookup = {
        ...guard.settings.tools.lookup_booking,
        description: "Look a booking up by its reference.",
      } as typeof guard.settings.tools.lookup_booking;
      const { model } = scriptedModel([() => [call("c1", "lookup_booking", { bookingId: "B1" })], () => [say("found")]]);
      const result = await turn(mode, {
        model,
        ...guard.settings,
        tools: { ...guard.settings.tools, lookup_booking: lookup },
        stopWhen: stepCountIs(3),
        prompt: "B1?",
      });
      expect(result.text).toBe("found");
      expect(session.trace.map((t) => [t.tool, t.callId])).toEqual([["lookup_booking", "c1"]]);
    });

    it("extra tools outside the protocol are not offered to the model (the state decides what it sees)", async () => {
      const { guard } = setup();
      const weather = tool({ description: "Weather", inputSchema: z.object({}), execute: async () => "sunny" });
      const { model, seen } = scriptedModel([() => [say("hello")]]);
      await turn(mode, { model, ...guard.settings, tools: { ...guard.settings.tools, weather }, stopWhen: stepCountIs(2), prompt: "hi" });
      expect(seen[0]!.tools.sort()).toEqual(["end_conversation", "lookup_booking"]);
      expect([model.doGenerateCalls.length, model.doStreamCalls.length]).toEqual(mode === "generateText" ? [1, 0] : [0, 1]);
    });
  });

  describe("your own toolApproval", () => {
    it("delegating to guard.toolApproval first keeps the approvals and the foreign-tool check", async () => {
      const { guard, session, refunds } = setup();
      await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
      const weather = tool({ description: "Weather", inputSchema: z.object({}), execute: async () => "sunny" });
      const mine = async () => ({ type: "user-approval" as const, reason: "weather costs money" });
      const toolApproval: typeof guard.toolApproval = async (o) => (await guard.toolApproval(o)) ?? mine();
      const { model } = scriptedModel([() => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })]]);
      const messages: ModelMessage[] = [{ role: "user", content: "Refund B1" }];
      const first = await turn(mode, {
        model,
        ...guard.settings,
        tools: { ...guard.settings.tools, weather },
        toolApproval,
        stopWhen: stepCountIs(3),
        messages,
      });
      const pending = guard.pendingApprovals(first.content);
      expect(pending.map((p) => p.toolCallId)).toEqual(["c1"]);
      messages.push(...first.responseMessages, { role: "tool", content: [await guard.approve(pending[0]!)] });
      const { model: m2 } = scriptedModel([() => [say("ok")]]);
      await turn(mode, { model: m2, ...guard.settings, tools: { ...guard.settings.tools, weather }, toolApproval, stopWhen: stepCountIs(2), messages });
      expect(refunds).toEqual([{ bookingId: "B1", amount: 50 }]);

      const raw: Refund[] = [];
      const { model: m3 } = scriptedModel([() => [call("c2", "issue_refund", { bookingId: "B1", amount: 50 })]]);
      await expect(
        turn(mode, {
          model: m3,
          ...guard.settings,
          tools: { ...guard.settings.tools, issue_refund: rawRefundTool(raw) },
          toolApproval,
          stopWhen: stepCountIs(2),
          prompt: "again",
        }),
      ).rejects.toBeInstanceOf(AdapterSetupError);
      expect(raw).toEqual([]);
    });
  });

  describe("two write calls in one step", () => {
    async function twoRefundsPending() {
      const t = setup();
      await t.session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
      const { model } = scriptedModel([
        () => [call("r1", "issue_refund", { bookingId: "B1", amount: 20 }), call("r2", "issue_refund", { bookingId: "B2", amount: 30 })],
      ]);
      const messages: ModelMessage[] = [{ role: "user", content: "Refund 20 on B1 and 30 on B2" }];
      const first = await turn(mode, { model, ...t.guard.settings, stopWhen: stepCountIs(4), messages });
      messages.push(...first.responseMessages);
      return { ...t, first, messages };
    }

    for (const order of [
      [0, 1],
      [1, 0],
    ] as const) {
      it(`both approvals are listed; approving them in order ${order.join(", ")} runs each once with its own arguments`, async () => {
        const { guard, session, refunds, first, messages } = await twoRefundsPending();
        const pending = guard.pendingApprovals(first.content);
        expect(pending.map((p) => [p.toolCallId, p.toolName, p.action.arguments])).toEqual([
          ["r1", "issue_refund", { bookingId: "B1", amount: 20 }],
          ["r2", "issue_refund", { bookingId: "B2", amount: 30 }],
        ]);
        const responses: ToolApprovalResponse[] = [];
        for (const i of order) responses.push(await guard.approve(pending[i]!));
        expect(refunds).toEqual([]);
        messages.push({ role: "tool", content: responses });
        const { model, seen } = scriptedModel([
          (s) => {
            expect(toolResultTexts(s).slice(-2).sort()).toEqual(['{"refunded":20,"bookingId":"B1"}', '{"refunded":30,"bookingId":"B2"}']);
            return [say("Both refunds are done.")];
          },
        ]);
        const second = await turn(mode, { model, ...guard.settings, stopWhen: stepCountIs(3), messages });
        expect(second.text).toBe("Both refunds are done.");
        expect(seen).toHaveLength(1);
        expect([...refunds].sort((a, b) => a.amount - b.amount)).toEqual([
          { bookingId: "B1", amount: 20 },
          { bookingId: "B2", amount: 30 },
        ]);
        expect(
          session.trace
            .filter((t) => t.tool === "issue_refund")
            .map((t) => t.callId)
            .sort(),
        ).toEqual(["r1", "r2"]);
      });
    }

    it("approve one, deny the other (either order): exactly the approved one runs; the model reads the denial", async () => {
      for (const denyFirst of [true, false]) {
        const { guard, refunds, first, messages } = await twoRefundsPending();
        const [a, b] = approvalParts(first.content);
        const responses = denyFirst ? [await guard.deny(b!), await guard.approve(a!)] : [await guard.approve(a!), await guard.deny(b!)];
        messages.push({ role: "tool", content: responses });
        const { model, seen } = scriptedModel([() => [say("Refunded B1 only.")]]);
        await turn(mode, { model, ...guard.settings, stopWhen: stepCountIs(3), messages });
        expect(refunds).toEqual([{ bookingId: "B1", amount: 20 }]);
        expect(toolResultTexts(seen[0]!).some((t) => t.startsWith("denied: The user declined issue_refund"))).toBe(true);
      }
    });
  });

  describe("re-confirmation", () => {
    it("a new identical refund after the first one ran is asked of the user again, and runs once more when approved", async () => {
      const { guard, session, refunds } = setup();
      await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
      const refund = { bookingId: "B1", amount: 50 };
      const actions: string[] = [];
      const messages: ModelMessage[] = [{ role: "user", content: "Refund 50 on B1" }];
      for (const [i, id] of ["c1", "c2"].entries()) {
        const { model } = scriptedModel([() => [call(id, "issue_refund", refund)]]);
        const asked = await turn(mode, { model, ...guard.settings, stopWhen: stepCountIs(3), messages });
        // asked every time (not auto-denied as "already used")
        const pending = guard.pendingApprovals(asked.content);
        expect(pending.map((p) => p.toolCallId)).toEqual([id]);
        actions.push(pending[0]!.action.id);
        messages.push(...asked.responseMessages, { role: "tool", content: [await guard.approve(pending[0]!)] });
        const { model: m2 } = scriptedModel([() => [say(`Refund ${i + 1} done.`)]]);
        const done = await turn(mode, { model: m2, ...guard.settings, stopWhen: stepCountIs(3), messages });
        messages.push(...done.responseMessages, { role: "user", content: "Please refund another 50 on B1." });
      }
      expect(refunds).toEqual([refund, refund]);
      // two questions, two grants: the second refund did not reuse the first confirmation
      expect(new Set(actions).size).toBe(2);
      expect(
        session
          .confirmationPolicy()
          .actions()
          .map((a) => a.status),
      ).toEqual(["confirmed", "confirmed"]);
    });

    it("an approval replayed for a call that already ran does not run it again", async () => {
      const { guard, session, refunds } = setup();
      await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
      const { model } = scriptedModel([() => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })]]);
      const messages: ModelMessage[] = [{ role: "user", content: "Refund" }];
      const asked = await turn(mode, { model, ...guard.settings, stopWhen: stepCountIs(3), messages });
      const approval: ModelMessage = { role: "tool", content: [await guard.approve(approvalParts(asked.content)[0]!)] };
      const replay = [...messages, ...asked.responseMessages, approval];
      const { model: m2 } = scriptedModel([() => [say("done")]]);
      await turn(mode, { model: m2, ...guard.settings, stopWhen: stepCountIs(2), messages: replay });
      // the client sends the same history (approval included) again
      const { model: m3, seen } = scriptedModel([() => [say("done again")]]);
      await turn(mode, { model: m3, ...guard.settings, stopWhen: stepCountIs(2), messages: replay });
      expect(refunds).toHaveLength(1);
      expect(toolResultTexts(seen[0]!).at(-1)).toMatch(/denied: Tool call refused \((duplicate_call|confirmation_reused)\)/);
    });
  });

  describe("approvals given only through the SDK never run a write", () => {
    it("with no Concordat confirmation at all", async () => {
      const { guard, session, refunds } = setup();
      await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
      const { model } = scriptedModel([() => [call("c1", "issue_refund", { bookingId: "B1", amount: 50 })]]);
      const messages: ModelMessage[] = [{ role: "user", content: "Refund B1" }];
      const first = await turn(mode, { model, ...guard.settings, stopWhen: stepCountIs(3), messages });
      const [request] = approvalParts(first.content);
      messages.push(...first.responseMessages, {
        role: "tool",
        content: [{ type: "tool-approval-response", approvalId: request!.approvalId, approved: true }],
      });
      const { model: m2, seen } = scriptedModel([() => [say("ok")]]);
      await turn(mode, { model: m2, ...guard.settings, stopWhen: stepCountIs(2), messages });
      expect(refunds).toEqual([]);
      expect(toolResultTexts(seen[0]!)[0]).toMatch(/^denied: Tool call refused \(confirmation_missing\)[\s\S]*not recorded with Concordat/);
    });

    for (const sdkOnlyFirst of [true, false]) {
      it(`while another call with the same arguments holds a Concordat grant (SDK-only approval ${sdkOnlyFirst ? "first" : "second"} in the step)`, async () => {
        const { guard, session, refunds } = setup();
        await session.execute({ name: "lookup_booking", arguments: { bookingId: "B1" } }, () => ({ bookingId: "B1" }));
        const same = { bookingId: "B1", amount: 50 };
        const { model } = scriptedModel([() => [call("c1", "issue_refund", same), call("c2", "issue_refund", same)]]);
        const messages: ModelMessage[] = [{ role: "user", content: "Refund B1" }];
        const first = await turn(mode, { model, ...guard.settings, stopWhen: stepCountIs(3), messages });
        const [p1, p2] = approvalParts(first.content);
        const sdkOnly = sdkOnlyFirst ? p1! : p2!;
        const confirmed = sdkOnlyFirst ? p2! : p1!;
        const responses = [await guard.approve(confirmed), { type: "tool-approval-response" as const, approvalId: sdkOnly.approvalId, approved: true }];
        messages.push(...first.responseMessages, { role: "tool", content: responses });
        const { model: m2 } = scriptedModel([() => [say("ok")]]);
        await turn(mode, { model: m2, ...guard.settings, stopWhen: stepCountIs(2), messages });
        expect(refunds).toEqual([same]);
        expect(session.trace.filter((t) => t.tool === "issue_refund").map((t) => t.callId)).toEqual([confirmed.toolCall.toolCallId]);
      });
    }
  });

  describe("errors thrown by tool code", () => {
    const leaky = () => {
      throw new Error("connect ECONNREFUSED db password=hunter2 at 10.0.0.5");
    };

    it("reach the model redacted by default; the full error goes to onToolError and stays the cause", async () => {
      const errors: unknown[] = [];
      const session = new Session(refundLoopProtocol);
      const guard = guardAiSdk(session, { tools: { lookup_booking: leaky }, onToolError: (e, info) => void errors.push([e, info]) });
      const { model, seen } = scriptedModel([() => [call("c1", "lookup_booking", { bookingId: "B1" })], () => [say("sorry")]]);
      const result = await turn(mode, { model, ...guard.settings, stopWhen: stepCountIs(3), prompt: "B1?" });
      const text = toolResultTexts(seen[1]!)[0]!;
      expect(text).toBe('Tool "lookup_booking" failed. The details were logged for the developers and are not shown here.');
      expect(JSON.stringify(seen[1]!.prompt)).not.toContain("hunter2");
      expect(errors).toHaveLength(1);
      expect(String((errors[0] as [Error])[0].message)).toContain("hunter2");
      expect((errors[0] as [unknown, unknown])[1]).toEqual({ tool: "lookup_booking", sessionId: session.id, callId: "c1" });
      const toolError = result.content.find((p) => (p as { type?: string }).type === "tool-error") as { error: unknown } | undefined;
      expect(toolError?.error).toBeInstanceOf(ToolExecutionError);
      expect(((toolError?.error as Error).cause as Error).message).toContain("hunter2");
    });

    it('pass through with toolErrors: "expose"', async () => {
      const guard = guardAiSdk(new Session(refundLoopProtocol), { tools: { lookup_booking: leaky }, toolErrors: "expose", onToolError: () => undefined });
      const { model, seen } = scriptedModel([() => [call("c1", "lookup_booking", { bookingId: "B1" })], () => [say("sorry")]]);
      await turn(mode, { model, ...guard.settings, stopWhen: stepCountIs(3), prompt: "B1?" });
      expect(toolResultTexts(seen[1]!)[0]).toContain("password=hunter2");
    });
  });
});
