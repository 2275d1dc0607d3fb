import { describe, expect, it } from "vitest";
import { z } from "zod";
import { enforce, tool } from "../../decorators/index.js";
import { Agent } from "../../decorators/agent.js";
import { ScriptedModelClient, call, say, toolCalls } from "../../src/agent/scripted-model-client.js";
import { RefundAgent } from "../../examples/refund/refund-agent.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

const booking = { id: "B1", amount: 50 };

describe("Agent.step: the agent loop over a decorated class", () => {
  it("runs the refund flow: the premature refund is refused and retried, the refund runs after the user's yes", async () => {
    const model = new ScriptedModelClient([
      toolCalls(call("lookup_booking", { bookingId: "B1" })),
      toolCalls(call("issue_refund", { bookingId: "B1", amount: 50 })),
      toolCalls(call("request_confirmation", { bookingId: "B1", amount: 50 })),
      say("Shall I refund 50 USD for booking B1?"),
      toolCalls(call("receive_message", { text: "the model may not put words in the user's mouth" })),
      toolCalls(call("issue_refund", { bookingId: "B1", amount: 50 })),
      toolCalls(call("end_conversation", {})),
      say("Refunded, goodbye."),
    ]);
    const agent = new RefundAgent({ bookings: [booking], model, system: "You are a refund agent." });
    const first = await agent.step("Please refund my booking B1.");
    expect(first.text).toBe("Shall I refund 50 USD for booking B1?");
    expect(first.rejections.map((v) => [v.code, v.tool])).toEqual([["tool_not_allowed", "issue_refund"]]);
    expect(agent.refunds).toEqual([]);
    expect(agent.session.state).toBe("awaiting");
    // the model saw only the tools of each state
    expect(model.offeredTools().slice(0, 4)).toEqual([
      ["lookup_booking", "end_conversation"],
      ["request_confirmation", "end_conversation"],
      ["request_confirmation", "end_conversation"],
      ["receive_message"],
    ]);
    const second = await agent.step("yes");
    expect(second.rejections).toEqual([]);
    expect(second.executed.map((e) => `${e.call.name}:${e.from}->${e.to}`)).toEqual([
      "receive_message:awaiting->confirmed",
      "issue_refund:confirmed->refunded",
      "end_conversation:refunded->done",
    ]);
    expect(agent.refunds).toEqual([{ bookingId: "B1", amount: 50 }]);
    expect(agent.session.status).toBe("ended");
    expect(agent.messages[0]).toEqual({ role: "user", content: "Please refund my booking B1." });
  });

  it("judges the user's own words, not the model's: an unclear reply does not unlock the refund", async () => {
    const model = new ScriptedModelClient([
      toolCalls(call("lookup_booking", { bookingId: "B1" }), call("request_confirmation", { bookingId: "B1", amount: 50 })),
      say("Confirm?"),
      toolCalls(call("receive_message", { text: "yes" })),
      toolCalls(call("issue_refund", { bookingId: "B1", amount: 50 })),
      toolCalls(call("issue_refund", { bookingId: "B1", amount: 50 })),
      toolCalls(call("issue_refund", { bookingId: "B1", amount: 50 })),
    ]);
    const agent = new RefundAgent({ bookings: [booking], model, maxRetries: 2 });
    await agent.step("refund B1");
    const err = await agent.step("hmm, maybe later").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProtocolViolation);
    expect((err as ProtocolViolation).code).toBe("retries_exhausted");
    expect(agent.session.state).toBe("awaiting");
    expect(agent.refunds).toEqual([]);
  });

  it("needs a model", async () => {
    await expect(new RefundAgent().step("hi")).rejects.toThrow(/needs a model: pass \{ model \}/);
  });

  it("offers only implemented tools, and implementations run the most derived method body", async () => {
    const p = defineProtocol({
      name: "greeter",
      initial: "a",
      terminal: ["z"],
      tools: {
        greet: { input: z.object({ who: z.string() }), effect: "read" },
        shout: { input: z.object({}), effect: "read" },
        bye: { input: z.object({}), effect: "read" },
      },
      states: { a: { on: { greet: { ok: "b" }, shout: { ok: "a" } } }, b: { on: { bye: { ok: "z" } } }, z: {} },
    });
    @enforce(p)
    class Greeter extends Agent {
      said: string[] = [];
      @tool() async greet(args: { who: string }) {
        this.said.push(`hello ${args.who}`);
        return "greeted";
      }
      @tool() async bye() {
        this.said.push("bye");
      }
    }
    class Polite extends Greeter {
      override async greet(args: { who: string }) {
        this.said.push("ahem");
        return super.greet(args);
      }
    }
    const model = new ScriptedModelClient([toolCalls(call("greet", { who: "Ada" })), toolCalls(call("bye")), say("done")]);
    const agent = new Polite({ model });
    const r = await agent.step("go");
    expect(model.offeredTools()[0]).toEqual(["greet"]); // shout is allowed, but the class has no method for it
    expect(agent.said).toEqual(["ahem", "hello Ada", "bye"]);
    expect(r.executed.map((e) => e.to)).toEqual(["b", "z"]);
  });
});
