import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMachine, transition, type AnyStateMachine } from "xstate";
import { refundProtocol } from "../../examples/refund/refund-protocol.js";
import { airlineProtocol } from "../../src/domains/airline/protocol.js";
import { fromXState } from "../../src/graph/from-xstate.js";
import { toXState } from "../../src/graph/to-xstate.js";
import { xstateEventType } from "../../src/graph/xstate-config.js";
import { XStateExportError, XStateMappingError } from "../../src/graph/xstate-mapping-error.js";
import { checkRefinement } from "../../src/protocol/refinement.js";
import type { ProtocolGraph } from "../../src/protocol/types.js";
import { validateDefinition } from "../../src/protocol/validate-definition.js";
import { z } from "zod";

/** Every (tool, outcome) event of a graph, with its XState event type. */
function events(g: ProtocolGraph): { tool: string; outcome: string; type: string }[] {
  return Object.entries(g.tools).flatMap(([tool, t]) => t.outcomes.map((outcome) => ({ tool, outcome, type: xstateEventType(tool, outcome, t.outcomes) })));
}

/** Where XState goes from `state` on `type`, or the state itself when the event does not fire. */
function xstateNext(machine: AnyStateMachine, state: string, type: string): string {
  const [next] = transition(machine, machine.resolveState({ value: state } as never), { type } as never);
  return next.value as string;
}

/** Where the protocol goes: the outcome's target when the tool is allowed (and its guard holds), else it stays (the call is refused). */
function protocolNext(g: ProtocolGraph, state: string, tool: string, outcome: string, guardHolds: (name: string) => boolean): string {
  const target = g.states[state]?.on[tool]?.[outcome];
  if (target === undefined) return state;
  return (g.states[state]?.guards?.[tool] ?? []).every(guardHolds) ? target : state;
}

/** Loads the exported config with guards implemented by `holds`, and compares every state × event with the protocol. */
function expectSameTransitions(g: ProtocolGraph, holds: (name: string) => boolean = () => true): number {
  const names = new Set(Object.values(g.states).flatMap((s) => Object.values(s.guards ?? {}).flat()));
  const guards = Object.fromEntries([...names].map((n) => [n, () => holds(n)]));
  const machine = createMachine(JSON.parse(JSON.stringify(toXState(g)))).provide({
    guards: { ...guards, allOf: (_: unknown, params: { guards: string[] }) => params.guards.every(holds) } as never,
  });
  let compared = 0;
  for (const state of Object.keys(g.states)) {
    if (g.terminal.includes(state)) continue; // a final state takes no events
    for (const e of events(g)) {
      expect([state, e.type, xstateNext(machine, state, e.type)]).toEqual([state, e.type, protocolNext(g, state, e.tool, e.outcome, holds)]);
      compared++;
    }
  }
  return compared;
}

// a protocol's graph as an exported machine carries it: terminal states in any order, and no
// inputId (the identity of a zod schema object in this process; the schema itself is exported)
const sortedTerminal = (g: ProtocolGraph) => ({
  ...g,
  terminal: [...g.terminal].sort(),
  tools: Object.fromEntries(
    Object.entries(g.tools).map(([n, { inputId: _id, ...t }]) => [n, Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined))]),
  ),
});

describe("toXState", () => {
  it("exports the refund protocol as a machine whose transitions are the protocol's", () => {
    const config = toXState(refundProtocol);
    expect(config.id).toBe("refund");
    expect(config.initial).toBe("start");
    expect(config.states["done"]).toEqual({ type: "final" });
    expect(config.states["start"]?.on?.["lookup_booking[found]"]).toMatchObject({ target: "booked" });
    expect(config.states["start"]?.on?.["end_conversation"]).toMatchObject({ target: "done" }); // only outcome ok: the bare tool name
    expect(config.states["confirmed"]?.on?.["issue_refund"]).toMatchObject({ target: "refunded", description: "write, requires confirmation" });
    expect(expectSameTransitions(refundProtocol.graph)).toBe(5 * 8); // 5 non-final states x 8 (tool, outcome) events
  });

  it("a machine run through the refund flow ends in its final state", () => {
    const machine = createMachine(toXState(refundProtocol) as never);
    let s = machine.resolveState({ value: "start" } as never);
    for (const type of [
      "lookup_booking[found]",
      "request_confirmation[sent]",
      "receive_message[denied]",
      "request_confirmation[sent]",
      "receive_message[confirmed]",
      "issue_refund",
      "end_conversation",
    ]) {
      [s] = transition(machine, s, { type } as never);
    }
    expect(s.value).toBe("done");
    expect(s.status).toBe("done");
  });

  it("exports guards by name (several conjuncts as allOf); a guarded transition fires only when its guards hold", () => {
    const g = airlineProtocol.graph;
    const open = toXState(g).states["reservation_open"]!.on!;
    const multi = Object.values(open).find((t) => typeof t.guard === "object");
    expect(multi?.guard).toMatchObject({ type: "allOf", params: { guards: expect.arrayContaining([expect.any(String), expect.any(String)]) } });
    expect(expectSameTransitions(g, () => true)).toBeGreaterThan(100);
    // one conjunct failing blocks every permission it is part of, in XState as in the protocol
    const someConjunct = Object.values(g.states).flatMap((s) => Object.values(s.guards ?? {}).flat())[0]!;
    expect(expectSameTransitions(g, (name) => name !== someConjunct)).toBeGreaterThan(100);
  });

  it("escapes state names XState would read as paths, and refuses names it would read as ids", () => {
    const g: ProtocolGraph = {
      name: "odd.names",
      initial: "a.b",
      terminal: ["xstate.end"],
      tools: { go: { effect: "read", outcomes: ["ok"] }, "b.*": { effect: "write", outcomes: ["x.*", "y"] } },
      states: {
        "a.b": { on: { go: { ok: "c\\d" } } },
        "c\\d": { on: { go: { ok: ".e" }, "b.*": { "x.*": "a.b", y: "xstate.end" } } },
        ".e": { on: { go: { ok: "xstate.end" } } },
        "xstate.end": { on: {} },
      },
    };
    expect(expectSameTransitions(g)).toBe(3 * 3);
    expect(sortedTerminal(fromXState(toXState(g)))).toEqual(sortedTerminal(g));
    expect(() => toXState({ ...g, initial: "#s", states: { ...g.states, "#s": { on: { go: { ok: "a.b" } } } } })).toThrow(
      /state "#s" starts with "#".*Fix: rename the state/,
    );
    // a tool named like XState's own events would be swallowed (xstate.init) or stop the actor (xstate.stop)
    expect(() => toXState({ ...g, tools: { ...g.tools, "xstate.stop": { effect: "read", outcomes: ["ok"] } } })).toThrow(
      /tool "xstate.stop" starts with "xstate.".*Fix: rename the tool \(e.g. "stop"\)/,
    );
    expect(() => toXState({ ...g, tools: { ...g.tools, "xstate.stop": { effect: "read", outcomes: ["ok"] } } })).toThrow(
      expect.objectContaining({ name: "XStateExportError", code: "xstate_export_unsupported", protocol: g.name, names: ["xstate.stop"] }),
    );
    expect(() => toXState({ ...g, initial: "#s", states: { ...g.states, "#s": { on: {} } } })).toThrow(XStateExportError);
  });
});

describe("fromXState", () => {
  it("round-trips the refund and airline protocols (as JSON and as a loaded machine)", () => {
    for (const p of [refundProtocol, airlineProtocol]) {
      const json = JSON.parse(JSON.stringify(toXState(p)));
      expect(sortedTerminal(fromXState(json))).toEqual(sortedTerminal(p.graph));
      expect(sortedTerminal(fromXState(createMachine(json)))).toEqual(sortedTerminal(p.graph));
    }
  });

  it("round-trips generated protocols, whose exported machines transition as the protocol does", () => {
    const names = fc.constantFrom("start", "a.b", "c\\d", ".dot", "xstate.s", "s[1]", "with space", "é", "done", "x");
    const arb = fc
      .record({
        states: fc.uniqueArray(names, { minLength: 2, maxLength: 6 }),
        tools: fc.uniqueArray(fc.constantFrom("lookup", "pay.now", "ask[x]", "end", "t*", "xstate", "init"), { minLength: 1, maxLength: 4 }),
        outcomes: fc.array(fc.uniqueArray(fc.constantFrom("ok", "found", "no.pe", "*", "[b]"), { minLength: 1, maxLength: 3 }), { minLength: 4, maxLength: 4 }),
        extra: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 12 }),
        guards: fc.array(fc.uniqueArray(fc.constantFrom("owner", "within.limit", "allOf", "g h"), { maxLength: 2 }), { minLength: 6, maxLength: 6 }),
        budget: fc.option(fc.record({ toolCalls: fc.nat(50) }), { nil: undefined }),
      })
      .map(({ states, tools, outcomes, extra, guards, budget }): ProtocolGraph => {
        const n = states.length;
        const gTools = Object.fromEntries(
          tools.map((t, i) => [
            t,
            { effect: i % 2 === 0 ? ("read" as const) : ("write" as const), outcomes: outcomes[i]!, ...(i === 1 ? { requiresConfirmation: true } : {}) },
          ]),
        );
        const on: Record<string, Record<string, string>>[] = states.map(() => ({}));
        // a chain through every state to the terminal last one keeps the protocol valid
        for (let i = 0; i < n - 1; i++) on[i]![tools[0]!] = Object.fromEntries(outcomes[0]!.map((o) => [o, states[i + 1]!]));
        for (const [s, t, target] of extra) {
          const si = s % (n - 1);
          const tool = tools[t % tools.length]!;
          on[si]![tool] = Object.fromEntries(gTools[tool]!.outcomes.map((o, k) => [o, states[(target + k) % n]!]));
        }
        const gStates = Object.fromEntries(
          states.map((s, i) => {
            const conj = Object.fromEntries(
              Object.keys(on[i]!).flatMap((tool, k) => ((guards[(i + k) % 6]?.length ?? 0) > 0 ? [[tool, guards[(i + k) % 6]!]] : [])),
            );
            return [s, { on: on[i]!, ...(Object.keys(conj).length > 0 ? { guards: conj } : {}), ...(i === 0 && budget ? { budget } : {}) }];
          }),
        );
        return {
          name: "gen",
          initial: states[0]!,
          terminal: [states[n - 1]!],
          tools: gTools,
          states: gStates,
          ...(budget ? { budget: { ...budget, reserve: { toolCalls: 1 } } } : {}),
        };
      })
      .filter(
        (g) =>
          validateDefinition({ ...g, tools: Object.fromEntries(Object.entries(g.tools).map(([k, t]) => [k, { ...t, input: z.object({}) }])) }).length === 0,
      );
    fc.assert(
      fc.property(arb, (g) => {
        expect(sortedTerminal(fromXState(JSON.parse(JSON.stringify(toXState(g)))))).toEqual(sortedTerminal(g));
        expectSameTransitions(g);
        expectSameTransitions(g, (name) => name !== "owner");
      }),
      { numRuns: 100 },
    );
  });

  it("maps a machine drawn by hand (events named by tool, effects given as options), so refinement can check it", () => {
    const drawn = {
      id: "drawnRefund",
      initial: "start",
      context: {},
      states: {
        start: { on: { "lookup_booking[found]": "booked", "lookup_booking[not_found]": { target: "start" }, end_conversation: "#drawnRefund.done" } },
        booked: { description: "Booking found", on: { "request_confirmation[sent]": { target: "awaiting" }, end_conversation: "done" } },
        awaiting: { on: { "receive_message[confirmed]": "refunding", "receive_message[denied]": "booked", "receive_message[unclear]": {} } },
        refunding: { on: { issue_refund: { target: "refunded", guard: "withinLimit" } } },
        refunded: { on: { end_conversation: "done" } },
        done: { type: "final" },
      },
    };
    // (argument schemas and subjects are facts XState has no field for: a drawing gives them with the effects)
    const schemas = (name: string) => {
      const t = refundProtocol.graph.tools[name]!;
      return { input: t.input!, ...(t.subjects ? { subjects: t.subjects } : {}) };
    };
    const graph = fromXState(drawn, {
      tools: {
        issue_refund: { effect: "write", requiresConfirmation: true, ...schemas("issue_refund") },
        lookup_booking: { effect: "read", ...schemas("lookup_booking") },
        request_confirmation: { effect: "read", ...schemas("request_confirmation") },
        receive_message: { effect: "read", ...schemas("receive_message") },
        end_conversation: { effect: "read", exit: true, ...schemas("end_conversation") },
      },
    });
    expect(graph.states["awaiting"]!.on["receive_message"]).toEqual({ confirmed: "refunding", denied: "booked", unclear: "awaiting" });
    expect(graph.states["start"]!.on["end_conversation"]).toEqual({ ok: "done" });
    expect(graph.states["refunding"]!.guards).toEqual({ issue_refund: ["withinLimit"] });
    expect(graph.tools["lookup_booking"]!.outcomes).toEqual(["found", "not_found"]);
    // the drawn machine refines the protocol (it only adds a guard), and the protocol does not refine it (it lacks the guard)
    expect(checkRefinement(graph, refundProtocol.graph)).toEqual({ ok: true });
    expect(checkRefinement(refundProtocol.graph, graph)).toMatchObject({ ok: false, kind: "guard" });
    // a drawing that skips the confirmation does not refine the protocol
    const skipping = structuredClone(drawn) as typeof drawn & { states: { booked: { on: Record<string, unknown> } } };
    skipping.states.booked.on["issue_refund"] = "refunded";
    const bad = fromXState(skipping, {
      tools: {
        issue_refund: { effect: "write", requiresConfirmation: true, ...schemas("issue_refund") },
        lookup_booking: { effect: "read", ...schemas("lookup_booking") },
        request_confirmation: { effect: "read", ...schemas("request_confirmation") },
        receive_message: { effect: "read", ...schemas("receive_message") },
        end_conversation: { effect: "read", ...schemas("end_conversation") },
      },
    });
    expect(checkRefinement(bad, refundProtocol.graph)).toMatchObject({ ok: false, kind: "trace", trace: ["lookup_booking[found]", "issue_refund[ok]"] });
  });

  it("reports every construct that does not map at once, with paths and fixes, and drops nothing silently", () => {
    const machine = {
      id: "m",
      initial: "a",
      entry: ["log"],
      states: {
        a: {
          entry: "greet",
          after: { 1000: "b" },
          always: { target: "b" },
          invoke: { src: "fetchUser" },
          on: {
            "*": "b",
            "go.*": "b",
            "xstate.done.actor.fetchUser": "b",
            go: [{ target: "b", guard: "x" }, { target: "c" }],
            fly: { target: ["b", "c"] },
            "walk[ok]": { target: ".child" },
            run: { target: "nowhere" },
            swim: { target: "b", actions: ["splash"] },
            hop: { target: "b", guard: () => true },
            skip: { target: "b", guard: { type: "isBelow", params: { max: 3 } } },
          },
        },
        b: { type: "parallel", states: { x: {}, y: {} } },
        c: { type: "history" },
      },
    };
    let error: unknown;
    try {
      fromXState(machine);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(XStateMappingError);
    const issues = (error as XStateMappingError).issues.map((i) => `${i.code} ${i.path.join("/")}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        "unsupported entry",
        "unsupported states/a/after",
        "unsupported states/a/always",
        "unsupported states/a/invoke",
        "unsupported states/a/entry",
        "unsupported states/a/on/*",
        "unsupported states/a/on/go.*",
        "unsupported states/a/on/xstate.done.actor.fetchUser",
        "unsupported states/a/on/go",
        "unsupported states/a/on/fly/target",
        "unsupported states/a/on/walk[ok]/target",
        "invalid_target states/a/on/run/target",
        "unsupported states/a/on/swim/actions",
        "unsupported states/a/on/hop/guard",
        "unsupported states/a/on/skip/guard/params",
        "unsupported states/b/type",
        "unsupported states/b/states",
        "unsupported states/c/type",
      ]),
    );
    expect((error as Error).message).toContain('Target "nowhere" of a transition in state "a" is not a top-level state. Fix: target one of: a, b, c.');
  });

  it("names tools with no effect, inconsistent guards, duplicate events, bad budgets and protocol problems", () => {
    const codes = (m: unknown, o = {}) => {
      try {
        fromXState(m, o);
      } catch (e) {
        return (e as XStateMappingError).issues.map((i) => `${i.code} ${i.path.join("/")}`);
      }
      throw new Error("expected an XStateMappingError");
    };
    expect(codes({ id: "m", initial: "a", states: { a: { on: { pay: "z" } }, z: { type: "final" } } })).toEqual([
      "unknown_effect meta/concordat/tools/pay/effect",
    ]);
    expect(
      codes(
        { id: "m", initial: "a", states: { a: { on: { "pay[ok]": { target: "z", guard: "g" }, "pay[no]": "a" } }, z: { type: "final" } } },
        { tools: { pay: { effect: "write" } } },
      ),
    ).toEqual(["inconsistent_guard states/a/on/pay[no]/guard"]);
    expect(
      codes({ id: "m", initial: "a", states: { a: { on: { pay: "z", "pay[ok]": "a" } }, z: { type: "final" } } }, { tools: { pay: { effect: "write" } } }),
    ).toEqual(["duplicate_transition states/a/on/pay[ok]"]);
    expect(
      codes(
        {
          id: "m",
          initial: "a",
          meta: { concordat: { version: 1, tools: {}, budget: { toolCalls: Number.NaN, reserve: { totalTokens: -1 }, speed: 3 } } },
          states: { a: { on: { pay: "z" } }, z: { type: "final" } },
        },
        { tools: { pay: { effect: "read" } } },
      ),
    ).toEqual([
      "invalid_meta meta/concordat/budget/toolCalls",
      "invalid_meta meta/concordat/budget/reserve/totalTokens",
      "invalid_meta meta/concordat/budget/speed",
    ]);
    // the protocol's own rules run on the result: a missing outcome, an unreachable state, a stuck state
    expect(
      codes(
        {
          id: "m",
          initial: "a",
          states: { a: { on: { "look[found]": "z" } }, lost: { on: { "look[found]": "z", "look[missing]": "z" } }, stuck: {}, z: { type: "final" } },
        },
        { tools: { look: { effect: "read" } } },
      ),
    ).toEqual(
      expect.arrayContaining(["missing_outcome_transition states/a/on/look/missing", "unreachable_state states/lost", "state_without_tools states/stuck"]),
    );
    expect(codes({ initial: "a", states: { a: { type: "final" } } })).toEqual(["invalid_machine id"]);
    expect(codes("not a machine")).toEqual(["invalid_machine "]);
  });

  it("reads the event type over stale meta, so a transition renamed in Stately's editor maps to its new tool", () => {
    const config = JSON.parse(JSON.stringify(toXState(refundProtocol)));
    const start = config.states.start.on;
    start["lookup_booking[not_found]"] = start["end_conversation"]; // meta still says end_conversation[ok]
    delete start["end_conversation"];
    const g = fromXState(config);
    expect(g.states["start"]!.on).toEqual({ lookup_booking: { found: "booked", not_found: "done" } });
  });
});
