import { measure } from "mitata";
import { createActor, createMachine } from "xstate";
import { z } from "zod";
import { refundProtocol } from "../examples/refund/refund-protocol.js";
import { defineProtocol } from "../src/protocol/define-protocol.js";
import type { Protocol } from "../src/protocol/protocol.js";
import type { ToolResult } from "../src/protocol/types.js";

type Step = { state: string; call: { name: string; arguments: unknown }; result: ToolResult; event: string };

/** The same protocol as an XState v5 machine: one event per (tool, outcome). */
function toXState(p: Protocol) {
  const states: Record<string, { on?: Record<string, string>; type?: "final" }> = {};
  for (const [s, st] of Object.entries(p.graph.states)) {
    const on: Record<string, string> = {};
    for (const [t, outs] of Object.entries(st.on)) for (const [o, to] of Object.entries(outs)) on[`${t}.${o}`] = to;
    states[s] = p.isTerminal(s) ? { type: "final" } : { on };
  }
  return createMachine({ id: p.name, initial: p.initial, states: states as never });
}

const refundPath: Step[] = [
  {
    state: "start",
    call: { name: "lookup_booking", arguments: { bookingId: "B1" } },
    result: { ok: true, value: { id: "B1" } },
    event: "lookup_booking.found",
  },
  {
    state: "booked",
    call: { name: "request_confirmation", arguments: { bookingId: "B1", amount: 120 } },
    result: { ok: true, value: "sent" },
    event: "request_confirmation.sent",
  },
  {
    state: "awaiting",
    call: { name: "receive_message", arguments: { text: "yes" } },
    result: { ok: true, value: "confirmed" },
    event: "receive_message.confirmed",
  },
  {
    state: "confirmed",
    call: { name: "issue_refund", arguments: { bookingId: "B1", amount: 120 } },
    result: { ok: true, value: "r" },
    event: "issue_refund.ok",
  },
  { state: "refunded", call: { name: "end_conversation", arguments: {} }, result: { ok: true, value: null }, event: "end_conversation.ok" },
];

/** A 1,000-state protocol: a ring (next_k) plus random jumps; the walk goes once round the ring. */
export function largeProtocol(n = 1000): { protocol: Protocol; walk: Step[] } {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed);
  const tools: Record<string, unknown> = { end: { input: z.object({}), effect: "read" } };
  for (let k = 0; k < 7; k++) tools[`next_${k}`] = { input: z.object({ n: z.number().int() }), effect: "read" };
  for (let k = 0; k < 5; k++) tools[`jump_${k}`] = { input: z.object({ n: z.number().int() }), effect: k === 0 ? "write" : "read" };
  const states: Record<string, { on: Record<string, Record<string, string>> }> = {};
  for (let i = 0; i < n; i++) {
    states[`s${i}`] = {
      on: { [`next_${i % 7}`]: { ok: `s${(i + 1) % n}` }, [`jump_${i % 5}`]: { ok: `s${rnd() % n}` }, end: { ok: "done" } },
    };
  }
  const protocol = defineProtocol({ name: "large", initial: "s0", terminal: ["done"], tools, states: { ...states, done: {} } } as never) as Protocol;
  const walk: Step[] = [];
  for (let i = 0; i < n; i++)
    walk.push({ state: `s${i}`, call: { name: `next_${i % 7}`, arguments: { n: i } }, result: { ok: true, value: i }, event: `next_${i % 7}.ok` });
  return { protocol, walk };
}

function concordatPerCall(p: Protocol, path: Step[]) {
  return () => {
    let s = "";
    for (const step of path) {
      const v = p.validateCall(step.state, step.call);
      s = p.nextState(step.state, v, step.result);
    }
    return s;
  };
}

export interface RuntimeBench {
  concordatNs: number;
  xstateNs: number;
  ratio: number;
  large: { concordatNs: number; xstateNs: number; ratio: number };
}

/** Median ns per call of validateCall + nextState, and of XState's actor.send on an equivalent machine. */
export async function benchRuntime(): Promise<RuntimeBench> {
  const refund = refundProtocol as unknown as Protocol;
  const machine = toXState(refund);
  const c = await measure(concordatPerCall(refund, refundPath));
  const create = await measure(() => createActor(machine).start());
  const full = await measure(() => {
    const a = createActor(machine).start();
    for (const step of refundPath) a.send({ type: step.event });
    return a;
  });
  const concordatNs = c.p50 / refundPath.length;
  const xstateNs = Math.max(full.p50 - create.p50, 1) / refundPath.length;

  const { protocol: large, walk } = largeProtocol();
  const lm = toXState(large);
  const lc = await measure(concordatPerCall(large, walk));
  const actor = createActor(lm).start();
  const lx = await measure(() => {
    for (const step of walk) actor.send({ type: step.event }); // the walk returns to s0
  });
  if (actor.getSnapshot().value !== "s0") throw new Error(`XState walk did not return to s0: ${String(actor.getSnapshot().value)}`);
  const large_ = { concordatNs: lc.p50 / walk.length, xstateNs: lx.p50 / walk.length, ratio: 0 };
  large_.ratio = large_.concordatNs / large_.xstateNs;
  return { concordatNs, xstateNs, ratio: concordatNs / xstateNs, large: large_ };
}
