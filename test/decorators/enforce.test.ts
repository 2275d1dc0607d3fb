import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  Agent,
  attachSession,
  availableTools,
  configureSession,
  enforce,
  isGuardedWrapper,
  protocolOf,
  REFLECT_PROTOCOL_KEY,
  REFLECT_TOOL_KEY,
  REFLECT_TOOLS_KEY,
  sessionOf,
  tool,
} from "../../decorators/index.js";
import { RefundAgent } from "../../examples/refund/refund-agent.js";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { rejectedWith } from "../support/expect-violation.js";
import { MemoryViolationSink, ViolationLog } from "../../src/violation/violation-log.js";

const booking = { id: "B1", amount: 50 };

/** Drives a refund agent to "confirmed" through its own guarded methods and the user's yes. */
async function confirmRefund(agent: RefundAgent): Promise<void> {
  await agent.lookup_booking({ bookingId: "B1" });
  await agent.request_confirmation({ bookingId: "B1", amount: 50 });
  const reply = await agent.session.receiveUserReply("yes");
  expect(reply.decision).toBe("confirmed");
  // receive_message reads the user's message from the loop; outside a loop, feed the decision
  const s = agent.session;
  await s.execute({ name: "receive_message", arguments: { text: "yes" } }, () => "confirmed");
}

describe("acceptance: the RefundAgent / FastRefundAgent pair", () => {
  it("importing the module that defines FastRefundAgent rejects with protocol_weakened and the counterexample", async () => {
    const err = await import("../fixtures/decorators/fast-refund-agent.js").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProtocolViolation);
    const v = err as ProtocolViolation;
    expect(v.code).toBe("protocol_weakened");
    expect(v.message).toBe(
      "FastRefundAgent allows lookup_booking[found] → issue_refund, but RefundAgent requires request_confirmation → receive_message[confirmed] before issue_refund",
    );
    expect(v.data).toMatchObject({
      child: "FastRefundAgent",
      parent: "RefundAgent",
      kind: "trace",
      trace: ["lookup_booking[found]", "issue_refund[ok]"],
      parentProtocol: "refund",
      childProtocol: "fast-refund",
    });
  });

  it("accepts a stricter subclass, which then runs its own protocol", async () => {
    const { StrictRefundAgent, strictRefundProtocol } = await import("../fixtures/decorators/strict-refund-agent.js");
    const agent = new StrictRefundAgent({ bookings: [booking] });
    expect(protocolOf(StrictRefundAgent)).toBe(strictRefundProtocol);
    expect(agent.session.protocol).toBe(strictRefundProtocol);
    await agent.lookup_booking({ bookingId: "B1" });
    // the strict protocol dropped end_conversation from "booked"
    expect(agent.availableTools().map((t) => t.name)).toEqual(["request_confirmation"]);
    expect((await rejectedWith(agent.end_conversation())).code).toBe("tool_not_allowed");
  });

  it("accepts a subclass with an added inert read tool, which it can call", async () => {
    const { AuditedRefundAgent } = await import("../fixtures/decorators/inert-read-agent.js");
    const agent = new AuditedRefundAgent({ bookings: [booking] });
    expect((await rejectedWith(agent.check_refund_status({ bookingId: "B1" }))).code).toBe("tool_not_allowed");
    await confirmRefund(agent);
    await agent.issueRefund({ bookingId: "B1", amount: 50 });
    expect(await agent.check_refund_status({ bookingId: "B1" })).toBe("refunded");
  });

  it("rejects a subclass whose protocol adds a write tool", async () => {
    const err = await import("../fixtures/decorators/write-tool-agent.js").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProtocolViolation);
    expect((err as ProtocolViolation).code).toBe("protocol_weakened");
    expect((err as ProtocolViolation<"protocol_weakened">).data.kind).toBe("new_tool");
    expect((err as ProtocolViolation).message).toContain("CancellingRefundAgent adds the write tool cancel_booking");
  });

  it("rejects an undecorated subclass adding a @tool method the protocol does not know, when its module is imported", async () => {
    const err = await import("../fixtures/decorators/undecorated-write-tool-agent.js").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProtocolViolation);
    expect((err as ProtocolViolation).code).toBe("protocol_weakened");
    expect((err as ProtocolViolation).message).toContain("deleteBooking of a subclass of RefundAgent implements tool delete_booking");
  });

  it("blocks issueRefundWithoutConfirmation() at runtime before the refund body runs", async () => {
    const agent = new RefundAgent({ bookings: [booking] });
    const v = await rejectedWith(agent.issueRefundWithoutConfirmation("B1", 50));
    expect(v.code).toBe("tool_not_allowed");
    expect(v.tool).toBe("issue_refund");
    expect(agent.refunds).toEqual([]);
    await agent.lookup_booking({ bookingId: "B1" });
    expect((await rejectedWith(agent.issueRefundWithoutConfirmation("B1", 50))).code).toBe("tool_not_allowed");
    expect(agent.refunds).toEqual([]);
    expect(agent.session.state).toBe("booked");
  });

  it("runs the refund once the protocol (and the user's confirmation) allow it", async () => {
    const agent = new RefundAgent({ bookings: [booking] });
    await confirmRefund(agent);
    expect(await agent.issueRefund({ bookingId: "B1", amount: 50 })).toEqual({ refunded: 50 });
    expect(agent.refunds).toEqual([{ bookingId: "B1", amount: 50 }]);
    expect(agent.session.state).toBe("refunded");
    // a second refund is out of protocol again
    expect((await rejectedWith(agent.issueRefund({ bookingId: "B1", amount: 50 }))).code).toBe("tool_not_allowed");
    expect(agent.refunds).toHaveLength(1);
  });
});

describe("overrides and subclasses", () => {
  it("an override of a guarded method in an undecorated subclass stays guarded", async () => {
    const bodies: string[] = [];
    class LoggingRefundAgent extends RefundAgent {
      override async issueRefund(args: { bookingId: string; amount: number }): Promise<{ refunded: number }> {
        bodies.push(`override ${args.bookingId}`);
        return super.issueRefund(args);
      }
    }
    const agent = new LoggingRefundAgent({ bookings: [booking] });
    expect((await rejectedWith(agent.issueRefund({ bookingId: "B1", amount: 50 }))).code).toBe("tool_not_allowed");
    expect((await rejectedWith(agent.issueRefundWithoutConfirmation("B1", 50))).code).toBe("tool_not_allowed");
    expect(bodies).toEqual([]);
    expect(agent.refunds).toEqual([]);
    // allowed: the override runs once, its super call is part of the same validated call
    await confirmRefund(agent);
    await agent.issueRefund({ bookingId: "B1", amount: 50 });
    expect(bodies).toEqual(["override B1"]);
    expect(agent.refunds).toHaveLength(1);
    expect(agent.session.trace.filter((t) => t.tool === "issue_refund")).toHaveLength(1);
    expect(isGuardedWrapper(LoggingRefundAgent.prototype.issueRefund)).toBe(true);
  });

  it("an override two levels down, called through the prototype from outside, is guarded too", async () => {
    let ran = 0;
    class A extends RefundAgent {
      override async lookup_booking(args: { bookingId: string }) {
        ran++;
        return super.lookup_booking(args);
      }
    }
    class B extends A {
      override async issueRefund(_args: { bookingId: string; amount: number }): Promise<{ refunded: number }> {
        ran += 100;
        return { refunded: 0 };
      }
    }
    const b = new B({ bookings: [booking] });
    expect((await rejectedWith(B.prototype.issueRefund.call(b, { bookingId: "B1", amount: 5 }))).code).toBe("tool_not_allowed");
    expect(ran).toBe(0);
    expect(await b.lookup_booking({ bookingId: "B1" })).toEqual(booking);
    expect(ran).toBe(1);
    expect(b.session.state).toBe("booked");
  });

  it("a subclass without a decorator inherits its parent's protocol and a session of its own per instance", async () => {
    class Quiet extends RefundAgent {}
    const q1 = new Quiet();
    const q2 = new Quiet();
    expect(protocolOf(Quiet)).toBe(refundProtocol);
    expect(q1.session).not.toBe(q2.session);
    await q1.lookup_booking({ bookingId: "none" });
    expect(q1.session.trace).toHaveLength(1);
    expect(q2.session.trace).toHaveLength(0);
  });

  it("a tool method inherited from an undecorated base class is guarded on decorated instances only", async () => {
    const p = defineProtocol({
      name: "base-methods",
      initial: "a",
      terminal: ["z"],
      tools: { go: { input: z.object({}), effect: "write" }, stop: { input: z.object({}), effect: "read" } },
      states: { a: { on: { stop: { ok: "b" } } }, b: { on: { go: { ok: "z" } } }, z: {} },
    });
    let goes = 0;
    class Base {
      async go() {
        goes++;
        return "went";
      }
      async stop() {
        return "stopped";
      }
    }
    @enforce(p)
    class Guarded extends Base {}
    const plain = new Base();
    expect(await plain.go()).toBe("went");
    const g = new Guarded();
    expect((await rejectedWith(g.go())).code).toBe("tool_not_allowed");
    expect(goes).toBe(1);
    await g.stop();
    expect(await g.go()).toBe("went");
    expect(goes).toBe(2);
    expect(sessionOf(g).status).toBe("ended");
  });

  it("a method named like a tool is guarded without @tool", async () => {
    const p = defineProtocol({
      name: "by-name",
      initial: "a",
      terminal: ["z"],
      tools: { open_door: { input: z.object({}), effect: "write" }, knock: { input: z.object({}), effect: "read" } },
      states: { a: { on: { knock: { ok: "b" } } }, b: { on: { open_door: { ok: "z" } } }, z: {} },
    });
    let opened = 0;
    @enforce(p)
    class Door {
      async knock() {
        return "knock";
      }
      async open_door() {
        opened++;
      }
    }
    const d = new Door();
    expect((await rejectedWith(d.open_door())).code).toBe("tool_not_allowed");
    expect(opened).toBe(0);
    await d.knock();
    await d.open_door();
    expect(opened).toBe(1);
  });

  it("a tool calling another tool of its session from inside its body is refused, not deadlocked", async () => {
    const p = defineProtocol({
      name: "nested",
      initial: "a",
      terminal: ["z"],
      tools: { outer: { input: z.object({}), effect: "read" }, inner: { input: z.object({}), effect: "write" } },
      states: { a: { on: { outer: { ok: "b" }, inner: { ok: "a" } } }, b: { on: { inner: { ok: "z" } } }, z: {} },
    });
    let inner = 0;
    @enforce(p)
    class Nested {
      @tool() async outer() {
        await this.inner();
      }
      @tool() async inner() {
        inner++;
      }
    }
    const n = new Nested();
    const v = await rejectedWith(n.outer());
    expect(v.code).toBe("tool_not_allowed");
    expect(v.message).toContain('"inner" was called from inside the body of "outer"');
    expect(inner).toBe(0);
  });
});

describe("sessions", () => {
  it("validates arguments with the tool's schema before the body runs, and passes the parsed arguments", async () => {
    const agent = new RefundAgent({ bookings: [booking] });
    const v = await rejectedWith(agent.lookup_booking({ bookingId: "" }));
    expect(v.code).toBe("invalid_arguments");
    expect(agent.session.trace).toHaveLength(0);
  });

  it("attachSession makes an instance run on an existing session, and checks its protocol", async () => {
    const sink = new MemoryViolationSink();
    const session = new Session(refundProtocol, { log: new ViolationLog([sink]) });
    const agent = attachSession(new RefundAgent({ bookings: [booking] }), session);
    expect(sessionOf(agent)).toBe(session);
    await agent.lookup_booking({ bookingId: "B1" });
    expect(session.state).toBe("booked");
    await rejectedWith(agent.issueRefund({ bookingId: "B1", amount: 50 }));
    expect(sink.records.map((r) => r.code)).toEqual(["tool_not_allowed"]);
    const other = defineProtocol({
      name: "other",
      initial: "a",
      terminal: ["z"],
      tools: { t: { input: z.object({}), effect: "read" } },
      states: { a: { on: { t: { ok: "z" } } }, z: {} },
    });
    expect(() => attachSession(agent, new Session(other))).toThrow(/runs protocol "other", but RefundAgent enforces protocol "refund"/);
    expect(() => attachSession({}, session)).toThrow(/not an instance of a class decorated with @enforce/);
  });

  it("the Agent constructor takes a session or session options", async () => {
    const session = new Session(refundProtocol, { id: "s-1" });
    expect(new RefundAgent({ session }).session).toBe(session);
    expect(new RefundAgent({ sessionOptions: { id: "s-2" } }).session.id).toBe("s-2");
    const plain = configureSession(new RefundAgent(), { id: "s-3" });
    expect(plain.session.id).toBe("s-3");
    expect(() => configureSession(plain, { id: "late" })).toThrow(/already has a session/);
  });

  it("availableTools() lists the tool definitions of the current state", async () => {
    const agent = new RefundAgent({ bookings: [booking] });
    const defs = agent.availableTools();
    expect(defs.map((d) => d.name)).toEqual(["lookup_booking", "end_conversation"]);
    expect(defs[0]!.parameters).toMatchObject({ type: "object", properties: { bookingId: { type: "string" } } });
    await agent.lookup_booking({ bookingId: "B1" });
    expect(availableTools(agent).map((d) => d.name)).toEqual(["request_confirmation", "end_conversation"]);
  });

  it("decorated classes that do not extend Agent get availableTools() too", () => {
    const p = defineProtocol({
      name: "plain",
      initial: "a",
      terminal: ["z"],
      tools: { t: { input: z.object({}), effect: "read" } },
      states: { a: { on: { t: { ok: "z" } } }, z: {} },
    });
    @enforce(p)
    class Plain {
      @tool() async t() {}
    }
    expect((new Plain() as unknown as { availableTools(): { name: string }[] }).availableTools().map((d) => d.name)).toEqual(["t"]);
  });

  it("a guarded method called on something that is not a decorated instance does not run", async () => {
    let ran = false;
    const p = defineProtocol({
      name: "foreign",
      initial: "a",
      terminal: ["z"],
      tools: { t: { input: z.object({}), effect: "write" } },
      states: { a: { on: { t: { ok: "z" } } }, z: {} },
    });
    @enforce(p)
    class F {
      @tool() async t() {
        ran = true;
      }
    }
    await expect(F.prototype.t.call({})).rejects.toThrow(/not an instance of a class decorated with @enforce/);
    expect(ran).toBe(false);
  });
});

describe("decorator forms and registry", () => {
  const p = defineProtocol({
    name: "forms",
    initial: "a",
    terminal: ["z"],
    tools: { first: { input: z.object({ n: z.number() }), effect: "read" }, second: { input: z.object({}), effect: "write" } },
    states: { a: { on: { first: { ok: "b" } } }, b: { on: { second: { ok: "z" } } }, z: {} },
  });

  it("@protocol.enforce, @tool(), @tool(name) and @tool({ name }) all work", async () => {
    const calls: string[] = [];
    @p.enforce
    class Forms {
      @tool("first") async one(args: { n: number }) {
        calls.push(`one ${args.n}`);
      }
      @tool({ name: "second" }) async two() {
        calls.push("two");
      }
    }
    const f = new Forms();
    expect((await rejectedWith(f.two())).code).toBe("tool_not_allowed");
    await f.one({ n: 1 });
    await f.two();
    expect(calls).toEqual(["one 1", "two"]);
  });

  it("records metadata in a module-private registry (nothing on globalThis) and mirrors it through reflect-metadata", () => {
    @enforce(p)
    class Recorded {
      @tool("first") async one(_args: { n: number }) {}
      @tool() async second() {}
    }
    expect(protocolOf(Recorded)).toBe(p);
    expect(Object.getOwnPropertySymbols(globalThis).map((s) => s.description)).not.toContain("concordat.registry");
    const r = Reflect as unknown as { getMetadata(key: string, target: object): unknown };
    expect(r.getMetadata(REFLECT_PROTOCOL_KEY, Recorded)).toBe(p);
    expect(r.getMetadata(REFLECT_TOOLS_KEY, Recorded)).toEqual({ one: "first", second: "second" });
    expect(
      (Reflect as unknown as { getMetadata(key: string, target: object, property: string): unknown }).getMetadata(REFLECT_TOOL_KEY, Recorded.prototype, "one"),
    ).toBe("first");
    expect(Recorded.name).toBe("Recorded");
  });

  it("reports misuse clearly", () => {
    expect(() => {
      @enforce(p)
      class Unknown {
        @tool("third") async three() {}
      }
      return Unknown;
    }).toThrow(/Unknown\.three implements tool third, but protocol "forms" has no tool third/);
    expect(() => {
      class Field {
        // @ts-expect-error -- @tool() on a field is a type error as well
        @tool() first = async () => {};
      }
      return Field;
    }).toThrow(/can only decorate methods; first is a field/);
    expect(() => {
      class Static {
        @tool() static async first() {}
      }
      return Static;
    }).toThrow(/cannot decorate the static method first/);
    expect(() => enforce({} as never)).toThrow(/expected a protocol made by defineProtocol/);
    expect(() => {
      @enforce(p)
      @enforce(p)
      class Twice {}
      return Twice;
    }).toThrow(/decorated with @enforce twice/);
  });

  it("a decorated subclass may implement its protocol's new inert tool with @tool", async () => {
    const child = defineProtocol({
      name: "forms-child",
      initial: "a",
      terminal: ["z"],
      tools: { ...p.tools, peek: { input: z.object({}), effect: "read", inert: true } },
      states: { a: { on: { first: { ok: "b" }, peek: { ok: "a" } } }, b: { on: { second: { ok: "z" } } }, z: {} },
    });
    @enforce(p)
    class Parent {
      @tool("first") async one(_args: { n: number }) {}
    }
    @enforce(child)
    class Child extends Parent {
      @tool() async peek() {
        return "peeked";
      }
    }
    expect(await new Child().peek()).toBe("peeked");
  });

  it("checks the protocol against every decorated ancestor", () => {
    const loose = defineProtocol({
      name: "forms-loose",
      initial: "a",
      terminal: ["z"],
      tools: { ...p.tools },
      states: { a: { on: { first: { ok: "b" }, second: { ok: "z" } } }, b: { on: { second: { ok: "z" } } }, z: {} },
    });
    @enforce(p)
    class Root {}
    class Middle extends Root {}
    expect(() => {
      @enforce(loose)
      class Leaf extends Middle {}
      return Leaf;
    }).toThrow(ProtocolViolation);
    try {
      @enforce(loose)
      class Leaf extends Middle {}
      void Leaf;
    } catch (e) {
      expect((e as ProtocolViolation).message).toBe("Leaf allows second first, but Root requires first before second");
    }
  });

  it("accepts a chain of refining tools across three generations (refinement composes)", async () => {
    const g = defineProtocol({
      name: "gen-1",
      initial: "a",
      terminal: ["z"],
      tools: { pay: { input: z.object({}), effect: "write" } },
      states: { a: { on: { pay: { ok: "z" } } }, z: {} },
    });
    const p2 = defineProtocol({
      name: "gen-2",
      initial: "a",
      terminal: ["z"],
      tools: { pay_card: { input: z.object({}), effect: "write", refines: "pay" } },
      states: { a: { on: { pay_card: { ok: "z" } } }, z: {} },
    });
    const p3 = defineProtocol({
      name: "gen-3",
      initial: "a",
      terminal: ["z"],
      tools: { pay_visa: { input: z.object({}), effect: "write", refines: "pay_card" }, peek: { input: z.object({}), effect: "read", inert: true } },
      states: { a: { on: { peek: { ok: "a" }, pay_visa: { ok: "z" } } }, z: {} },
    });
    @enforce(g)
    class G {}
    @enforce(p2)
    class P extends G {}
    @enforce(p3)
    class C extends P {
      @tool() async pay_visa() {
        return "paid";
      }
    }
    expect(await new C().pay_visa()).toBe("paid");
  });

  it("Agent is not usable without a protocol", () => {
    const a = new Agent();
    expect(() => a.availableTools()).toThrow(/not an instance of a class decorated with @enforce/);
  });
});
