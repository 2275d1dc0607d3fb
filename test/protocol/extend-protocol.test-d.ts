import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { enforce, tool } from "../../decorators/index.js";
import { defineProtocol, extendProtocol } from "../../src/protocol/define-protocol.js";
import { guard } from "../../src/protocol/guard.js";
import type { StateNameOf, ToolArgs, ToolNameOf } from "../../src/protocol/protocol.js";

const refund = defineProtocol({
  name: "refund",
  initial: "start",
  terminal: ["done"],
  tools: {
    lookup: { input: z.object({ id: z.string() }), effect: "read", outcomes: ["found", "missing"] },
    refund: { input: z.object({ id: z.string(), amount: z.number().max(500) }), effect: "write", requiresConfirmation: true, outcomes: ["ok"] },
    bye: { input: z.object({}), effect: "read", outcomes: ["ok"], exit: true },
  },
  states: {
    start: { on: { lookup: { found: "found", missing: "start" }, bye: { ok: "done" } } },
    found: { on: { refund: { ok: "done" }, bye: { ok: "done" } } },
    done: {},
  },
});

describe("deriving a protocol (strict TypeScript)", () => {
  it("parent.extend keeps the parent's tools and states as literal types and adds new ones", () => {
    const strict = refund.extend({
      name: "strict",
      tools: { audit: { input: z.object({ id: z.string() }), effect: "read", inert: true, outcomes: ["seen"] } },
      states: {
        found: { on: { audit: { seen: "checked" }, bye: { ok: "done" } } },
        checked: { on: { refund: { ok: "done" } }, guards: { refund: guard("small", () => true) } },
      },
      budget: { toolCalls: 10 },
    });
    expectTypeOf<ToolNameOf<typeof strict>>().toEqualTypeOf<"lookup" | "refund" | "bye" | "audit">();
    expectTypeOf<StateNameOf<typeof strict>>().toEqualTypeOf<"start" | "found" | "done" | "checked">();
    expectTypeOf<ToolArgs<typeof strict, "refund">>().toEqualTypeOf<{ id: string; amount: number }>();
    expectTypeOf<ToolArgs<typeof strict, "audit">>().toEqualTypeOf<{ id: string }>();
    // the derived protocol decorates a subclass like any other
    @enforce(refund)
    class RefundAgent {
      @tool() async lookup(args: { id: string }) {
        return args.id;
      }
      @tool() async refund(args: { id: string; amount: number }) {
        return args.amount;
      }
      @tool() async bye() {
        return "bye";
      }
    }
    @enforce(strict)
    class StrictAgent extends RefundAgent {
      @tool() async audit(args: { id: string }) {
        return args.id;
      }
    }
    expectTypeOf<StrictAgent["audit"]>().parameter(0).toEqualTypeOf<{ id: string }>();
  });

  it("extendProtocol(parent, changes) is the same as parent.extend(changes)", () => {
    const a = extendProtocol(refund, { name: "a", states: { found: { on: { refund: { ok: "done" } } } } });
    expectTypeOf(a).toEqualTypeOf(refund.extend({ name: "a", states: { found: { on: { refund: { ok: "done" } } } } }));
  });

  it("rejects unknown target states, outcomes and tools at compile time", () => {
    // @ts-expect-error -- "nowhere" is not a state of the parent or the extension
    refund.extend({ name: "x", states: { found: { on: { refund: { ok: "nowhere" } } } } });
    // @ts-expect-error -- lookup has no outcome "maybe"
    refund.extend({ name: "x", states: { start: { on: { lookup: { maybe: "start" } } } } });
    // @ts-expect-error -- no tool "cancel"
    refund.extend({ name: "x", states: { start: { on: { cancel: { ok: "done" } } } } });
    // @ts-expect-error -- a derived protocol needs its own name
    refund.extend({ states: {} });
  });

  it("the spread form defineProtocol({ ...parent.config, ... }) type-checks with the parent's literal types", () => {
    const spread = defineProtocol({
      ...refund.config,
      name: "spread",
      states: { ...refund.config.states, found: { on: { bye: { ok: "done" } } } },
    });
    expectTypeOf<StateNameOf<typeof spread>>().toEqualTypeOf<"start" | "found" | "done">();
    defineProtocol({
      ...refund.config,
      name: "spread-bad",
      // @ts-expect-error -- "nowhere" is not a state
      states: { ...refund.config.states, found: { on: { bye: { ok: "nowhere" } } } },
    });
  });
});
