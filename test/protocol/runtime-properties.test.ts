import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { arbCall, arbProtocol } from "./random-protocols.js";

describe("runtime properties (fast-check)", () => {
  it("executed calls always form a path of the protocol; rejected calls never run and never move the state", async () => {
    await fc.assert(
      fc.asyncProperty(arbProtocol, fc.array(arbCall, { maxLength: 25 }), async (protocol, calls) => {
        const session = new Session(protocol);
        for (const c of calls) {
          const before = session.state;
          const traceBefore = session.trace.length;
          let ran = false;
          const args = c.validArgs ? (c.tool === "end" ? {} : { n: c.n }) : { n: "not a number" };
          const expectedOk = (() => {
            try {
              protocol.validateCall(before, { name: c.tool, arguments: args });
              return true;
            } catch {
              return false;
            }
          })();
          try {
            await session.execute({ name: c.tool, arguments: args }, () => {
              ran = true;
              return c.produce;
            });
            expect(expectedOk).toBe(true);
            expect(ran).toBe(true);
          } catch (e) {
            expect(e).toBeInstanceOf(ProtocolViolation);
            expect(expectedOk).toBe(false);
            expect(ran).toBe(false);
            expect(session.state).toBe(before);
            expect(session.trace.length).toBe(traceBefore);
          }
        }
        // replay the trace on the protocol's graph from the initial state
        let state = protocol.initial;
        for (const step of session.trace) {
          expect(step.from).toBe(state);
          expect(protocol.graph.states[state]!.on[step.tool]![step.outcome]).toBe(step.to);
          state = step.to;
        }
        expect(session.state).toBe(state);
      }),
      { numRuns: 300 },
    );
  });

  it("check() agrees with execute() on whether a call is allowed, and never runs anything", async () => {
    await fc.assert(
      fc.asyncProperty(arbProtocol, fc.array(arbCall, { maxLength: 15 }), async (protocol, calls) => {
        const session = new Session(protocol);
        for (const c of calls) {
          const args = c.validArgs ? (c.tool === "end" ? {} : { n: c.n }) : {};
          const checked = session.check({ name: c.tool, arguments: args });
          const state = session.state;
          expect(session.state).toBe(state);
          const executed = await session
            .execute({ name: c.tool, arguments: args }, () => c.produce)
            .then(
              () => true,
              () => false,
            );
          expect(executed).toBe(checked.ok);
        }
      }),
      { numRuns: 200 },
    );
  });
});
