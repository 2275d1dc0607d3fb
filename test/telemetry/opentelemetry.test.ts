/**
 * Session tracing under OpenTelemetry's SDK with an in-memory exporter: the refund example's
 * calls (a refused premature refund, allowed reads, the confirmed refund) become execute_tool
 * spans nested under the caller's span, with Concordat's decision on each.
 */
import { context, SpanStatusCode, trace, type Tracer } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { Session } from "../../src/runtime/session.js";
import { setDefaultSessionObserver } from "../../src/runtime/session-observer.js";
import { instrumentSessions, openTelemetryObserver } from "../../src/telemetry/index.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer: Tracer = provider.getTracer("test");
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
});
afterAll(async () => {
  contextManager.disable();
  context.disable();
  await provider.shutdown();
});
afterEach(() => {
  exporter.reset();
  setDefaultSessionObserver(undefined);
});

const spans = () => exporter.getFinishedSpans();
const toolSpans = () => spans().filter((s) => s.name.startsWith("execute_tool "));
const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;
const refusalOf = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ProtocolViolation);
  return e as ProtocolViolation;
};

/** The refund example (examples/refund/run.ts), run inside an outer span. */
async function refundRun(session: Session<typeof refundProtocol>) {
  const refunds: string[] = [];
  const tools = {
    lookup_booking: ({ bookingId }: { bookingId: string }) => {
      // the tool's own span nests under Concordat's execute_tool span
      tracer.startSpan("db.lookup").end();
      return bookingId === "B-1001" ? { id: "B-1001", amount: 120 } : null;
    },
    request_confirmation: ({ bookingId, amount }: { bookingId: string; amount: number }) =>
      `Refund ${amount} USD for booking ${bookingId}? Please answer yes or no.`,
    issue_refund: ({ bookingId, amount }: { bookingId: string; amount: number }) => {
      refunds.push(`${bookingId}:${amount}`);
      return { refunded: amount };
    },
    end_conversation: () => "bye",
  };
  return tracer.startActiveSpan("agent turn", async (outer) => {
    const premature = await refusalOf(
      session.execute({ id: "call_1", name: "issue_refund", arguments: { bookingId: "B-1001", amount: 120 } }, tools.issue_refund),
    );
    await session.execute({ id: "call_2", name: "lookup_booking", arguments: { bookingId: "B-1001" } }, tools.lookup_booking);
    await session.execute({ id: "call_3", name: "request_confirmation", arguments: { bookingId: "B-1001", amount: 120 } }, tools.request_confirmation);
    const reply = await session.receiveUserReply("Yes, please refund the 120 USD for B-1001.");
    await session.execute({ id: "call_4", name: "receive_message", arguments: { text: "Yes, please refund the 120 USD for B-1001." } }, () => reply.decision);
    await session.execute({ id: "call_5", name: "issue_refund", arguments: { bookingId: "B-1001", amount: 120 } }, tools.issue_refund);
    await session.execute({ id: "call_6", name: "end_conversation", arguments: {} }, tools.end_conversation);
    outer.end();
    return { outer, premature, reply, refunds };
  });
}

const refundSession = (observer = openTelemetryObserver({ tracer })) =>
  new Session(refundProtocol, { id: "conv-1", observer, confirmation: { requestTools: { request_confirmation: "issue_refund" } } });

describe("OpenTelemetry session tracing: the refund example", () => {
  it("reports the refused call with its code, the allowed calls and the confirmed write, nested under the caller's span", async () => {
    const session = refundSession();
    const { outer, premature, reply, refunds } = await refundRun(session);
    expect(refunds).toEqual(["B-1001:120"]);
    const tools = toolSpans();
    expect(tools.map((s) => `${s.name} ${String(s.attributes["concordat.call.status"])}`)).toEqual([
      "execute_tool issue_refund refused",
      "execute_tool lookup_booking executed",
      "execute_tool request_confirmation executed",
      "execute_tool receive_message executed",
      "execute_tool issue_refund executed",
      "execute_tool end_conversation executed",
    ]);
    for (const s of tools) {
      expect(s.spanContext().traceId).toBe(outer.spanContext().traceId);
      expect(parentOf(s)).toBe(outer.spanContext().spanId);
      expect(s.attributes).toMatchObject({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.type": "function",
        "gen_ai.conversation.id": "conv-1",
        "concordat.protocol": "refund",
      });
    }

    const [refused, lookup, , , write] = tools as [ReadableSpan, ReadableSpan, ReadableSpan, ReadableSpan, ReadableSpan];
    expect(premature.code).toBe("tool_not_allowed");
    expect(refused.status).toEqual({ code: SpanStatusCode.ERROR, message: 'tool_not_allowed: refused by protocol "refund" in state "start"' });
    expect(refused.attributes).toMatchObject({
      "gen_ai.tool.name": "issue_refund",
      "error.type": "tool_not_allowed",
      "concordat.violation.code": "tool_not_allowed",
      "concordat.state.before": "start",
      "concordat.state.after": "start",
      "concordat.tool.effect": "write",
      "concordat.allowed_tools": ["lookup_booking", "end_conversation"],
    });
    expect(refused.events.map((e) => e.name)).toEqual(["concordat.refused"]);

    expect(lookup.status.code).toBe(SpanStatusCode.UNSET);
    expect(lookup.attributes).toMatchObject({
      "gen_ai.tool.name": "lookup_booking",
      "gen_ai.tool.call.id": "call_2",
      "gen_ai.tool.description": "Find a booking by its id.",
      "concordat.tool.effect": "read",
      "concordat.state.before": "start",
      "concordat.state.after": "booked",
      "concordat.tool.outcome": "found",
    });
    const db = spans().find((s) => s.name === "db.lookup")!;
    expect(parentOf(db)).toBe(lookup.spanContext().spanId);

    const grant = reply.grants[0]!;
    expect(write.attributes).toMatchObject({
      "gen_ai.tool.name": "issue_refund",
      "gen_ai.tool.call.id": "call_5",
      "concordat.tool.effect": "write",
      "concordat.state.before": "confirmed",
      "concordat.state.after": "refunded",
      "concordat.grant.id": grant.nonce,
      "concordat.grant.action_id": grant.actionId,
    });
    // arguments and results are sensitive: not recorded unless asked for
    for (const s of tools) {
      expect(s.attributes["gen_ai.tool.call.arguments"]).toBeUndefined();
      expect(s.attributes["gen_ai.tool.call.result"]).toBeUndefined();
    }
  });

  it("records arguments, results and refusal messages only with captureContent", async () => {
    await refundRun(refundSession(openTelemetryObserver({ tracer, captureContent: true })));
    const [refused, lookup] = toolSpans() as [ReadableSpan, ReadableSpan];
    expect(refused.attributes["gen_ai.tool.call.arguments"]).toBe('{"bookingId":"B-1001","amount":120}');
    expect(refused.attributes["concordat.violation.message"]).toBe('"issue_refund" is not allowed in state "start" of protocol "refund".');
    expect(lookup.attributes["gen_ai.tool.call.arguments"]).toBe('{"bookingId":"B-1001"}');
    expect(lookup.attributes["gen_ai.tool.call.result"]).toBe('{"id":"B-1001","amount":120}');
  });

  it("a checked call is an event on the active span; a refused check is a refusal span, as in the violation log", async () => {
    const session = refundSession();
    await tracer.startActiveSpan("model step", async (step) => {
      expect(session.check({ id: "c1", name: "lookup_booking", arguments: { bookingId: "B-1" } }).ok).toBe(true);
      expect(session.check({ id: "c2", name: "issue_refund", arguments: { bookingId: "B-1", amount: 5 } }).ok).toBe(false);
      step.end();
    });
    const step = spans().find((s) => s.name === "model step")!;
    expect(step.events.map((e) => [e.name, e.attributes?.["gen_ai.tool.name"], e.attributes?.["concordat.call.status"]])).toEqual([
      ["concordat.tool_call.checked", "lookup_booking", "allowed"],
    ]);
    expect(toolSpans().map((s) => [s.name, s.attributes["concordat.violation.code"], parentOf(s)])).toEqual([
      ["execute_tool issue_refund", "tool_not_allowed", step.spanContext().spanId],
    ]);
  });

  it("calls queued on one session keep their own caller's span as parent", async () => {
    const session = refundSession();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = tracer.startActiveSpan("caller A", (a) =>
      session.execute({ name: "lookup_booking", arguments: { bookingId: "B-1" } }, async () => (await gate, { id: "B-1" })).finally(() => a.end()),
    );
    const second = tracer.startActiveSpan("caller B", (b) =>
      session.execute({ name: "request_confirmation", arguments: { bookingId: "B-1", amount: 5 } }, () => "ok?").finally(() => b.end()),
    );
    release();
    await Promise.all([first, second]);
    const byName = (n: string) => spans().find((s) => s.name === n)!;
    expect(parentOf(byName("execute_tool lookup_booking"))).toBe(byName("caller A").spanContext().spanId);
    expect(parentOf(byName("execute_tool request_confirmation"))).toBe(byName("caller B").spanContext().spanId);
  });
});

describe("OpenTelemetry session tracing: failures, budgets, switching it on and off", () => {
  const p = defineProtocol({
    name: "budgeted",
    initial: "a",
    terminal: ["z"],
    budget: { toolCalls: 2 },
    tools: {
      look: { input: z.object({}), effect: "read" },
      odd: { input: z.object({}), effect: "read", outcomes: ["ok"], outcome: () => "weird" as "ok" },
      end: { input: z.object({}), effect: "read" },
    },
    states: { a: { on: { look: { ok: "a" }, odd: { ok: "a" }, end: { ok: "z" } } }, z: {} },
  });

  it("budget use after each call, the budget refusal, an outcome with no transition (one span), an error with no outcome", async () => {
    const session = new Session(p, { observer: openTelemetryObserver({ tracer }) });
    await session.execute({ name: "look", arguments: {} }, () => 1);
    await expect(
      session.execute({ name: "look", arguments: {} }, () => {
        throw new RangeError("db down");
      }),
    ).rejects.toThrow("db down");
    await session.execute({ name: "look", arguments: {} }, () => 2);
    await expect(session.execute({ name: "odd", arguments: {} }, () => 1)).rejects.toMatchObject({ code: "budget_exceeded" });
    const [ok, failed, ok2, overBudget] = toolSpans() as [ReadableSpan, ReadableSpan, ReadableSpan, ReadableSpan];
    expect(ok.attributes).toMatchObject({ "concordat.call.status": "executed", "concordat.budget.tool_calls.used": 1, "concordat.budget.tool_calls.limit": 2 });
    // a read whose error maps to no outcome did not happen as far as the protocol knows: not charged
    expect(failed.attributes).toMatchObject({
      "concordat.call.status": "failed",
      "error.type": "RangeError",
      "concordat.state.after": "a",
      "concordat.budget.tool_calls.used": 1,
    });
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(ok2.attributes).toMatchObject({ "concordat.budget.tool_calls.used": 2 });
    expect(failed.events.map((e) => e.name)).toEqual(["exception"]);
    expect(overBudget.attributes).toMatchObject({
      "concordat.call.status": "refused",
      "error.type": "budget_exceeded",
      "concordat.budget.tool_calls.used": 2,
      "concordat.budget.tool_calls.limit": 2,
    });

    exporter.reset();
    const unbudgeted = defineProtocol({ ...p.config, budget: undefined } as never) as typeof p;
    const s2 = new Session(unbudgeted, { observer: openTelemetryObserver({ tracer }) });
    await expect(s2.execute({ name: "odd", arguments: {} }, () => 1)).rejects.toMatchObject({ code: "invalid_outcome" });
    expect(toolSpans().map((s) => [s.name, s.attributes["concordat.call.status"], s.attributes["error.type"]])).toEqual([
      ["execute_tool odd", "refused", "invalid_outcome"],
    ]);
  });

  it("instrumentSessions reports sessions created after it, until uninstalled; observer: null opts out", async () => {
    const before = new Session(p);
    const uninstall = instrumentSessions({ tracer });
    const during = new Session(p);
    const optedOut = new Session(p, { observer: null });
    uninstall();
    const after = new Session(p);
    for (const s of [before, during, optedOut, after]) await s.execute({ id: s === during ? "traced" : "untraced", name: "look", arguments: {} }, () => 1);
    expect(toolSpans().map((s) => s.attributes["gen_ai.tool.call.id"])).toEqual(["traced"]);
  });

  it("a decorated agent's session, made inside the class, is traced once instrumentSessions is on", async () => {
    const { RefundAgent } = await import("../../examples/refund/refund-agent.js");
    const uninstall = instrumentSessions({ tracer });
    const agent = new RefundAgent({ bookings: [{ id: "B-7", amount: 30 }] });
    await tracer.startActiveSpan("agent turn", async (turn) => {
      await agent.lookup_booking({ bookingId: "B-7" }); // the agent's session is made here, on its first call
      await agent.issueRefundWithoutConfirmation("B-7", 30).catch(() => undefined);
      turn.end();
    });
    uninstall();
    const turn = spans().find((s) => s.name === "agent turn")!;
    expect(
      toolSpans().map((s) => [s.name, s.attributes["concordat.call.status"], s.attributes["error.type"], parentOf(s) === turn.spanContext().spanId]),
    ).toEqual([
      ["execute_tool lookup_booking", "executed", undefined, true],
      ["execute_tool issue_refund", "refused", "tool_not_allowed", true],
    ]);
    expect(agent.refunds).toEqual([]);
  });

  it("the server-side guard (GuardedExecutor: validate, run, advance on stored sessions) is traced too", async () => {
    const { GuardedExecutor } = await import("../../src/store/guarded-executor.js");
    const { MemorySessionStore } = await import("../../src/store/memory-store.js");
    const uninstall = instrumentSessions({ tracer });
    try {
      const executor = new GuardedExecutor({
        protocol: refundProtocol,
        store: new MemorySessionStore({ secret: "store-secret-0123456789abcdef" }),
        sessionOptions: { confirmation: { key: "grant-key-0123456789abcdef" } },
      });
      const { session } = await executor.create();
      await tracer.startActiveSpan("http request", async (req) => {
        await executor.execute(session.id, { id: "g1", name: "lookup_booking", arguments: { bookingId: "B-7" } }, () => ({ id: "B-7" }));
        await executor
          .execute(session.id, { id: "g2", name: "issue_refund", arguments: { bookingId: "B-7", amount: 30 } }, () => ({ ok: true }))
          .catch(() => undefined);
        req.end();
      });
      const req = spans().find((s) => s.name === "http request")!;
      const seen = toolSpans().map((s) =>
        JSON.stringify([
          s.name,
          s.attributes["concordat.call.status"],
          s.attributes["error.type"],
          s.attributes["gen_ai.conversation.id"] === session.id,
          parentOf(s) === req.spanContext().spanId,
        ]),
      );
      // (a refusal on the executor's cached copy is checked again on a fresh copy, which reports it again: distinct spans only)
      expect([...new Set(seen)].map((x) => JSON.parse(x))).toEqual([
        ["execute_tool lookup_booking", "executed", null, true, true],
        ["execute_tool issue_refund", "refused", "tool_not_allowed", true, true],
      ]);
      expect(seen[0]).toContain("executed");
    } finally {
      uninstall();
    }
  });

  it("a tracer that throws changes nothing the session decides", async () => {
    const broken = {
      startSpan: () => {
        throw new Error("exporter on fire");
      },
      startActiveSpan: () => {
        throw new Error("exporter on fire");
      },
    } as unknown as Tracer;
    const session = new Session(p, { observer: openTelemetryObserver({ tracer: broken }) });
    expect(await session.execute({ name: "look", arguments: {} }, () => 41)).toBe(41);
    await expect(session.execute({ name: "nope" as "look", arguments: {} }, () => 1)).rejects.toMatchObject({ code: "unknown_tool" });
    expect(session.state).toBe("a");
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});
