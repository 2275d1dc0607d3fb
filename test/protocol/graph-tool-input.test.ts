import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { enforce, tool } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";

/*
 * A graph tool's `input` (the argument schema the refinement check compares) is an own,
 * enumerable accessor computed on first read. Every graph tool shares one getter (so that V8
 * gives graph tools of one shape one hidden class); these tests pin that sharing the getter
 * shares nothing else.
 */

const make = (input: z.ZodType) =>
  defineProtocol({
    name: "one-tool",
    initial: "start",
    terminal: ["done"],
    tools: { lookup: { input: input as z.ZodObject<{ id: z.ZodString }>, effect: "read" } },
    states: { start: { on: { lookup: { ok: "done" } } }, done: {} },
  });

describe("graph tool input", () => {
  it("is computed on first read, once, not when the protocol is defined", () => {
    const schema = z.object({ id: z.string() });
    const spy = vi.spyOn(schema as unknown as { toJSONSchema: () => unknown }, "toJSONSchema");
    const p = make(schema);
    expect(spy).not.toHaveBeenCalled();
    const first = p.graph.tools["lookup"]!.input;
    const second = p.graph.tools["lookup"]!.input;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(first).toMatchObject({ type: "object", properties: { id: { type: "string" } }, required: ["id"] });
    expect(p.graph.tools["lookup"]!.inputUnknown).toBeUndefined();
  });

  it("is an own enumerable property, so JSON and spreads of the graph carry it", () => {
    const p = make(z.object({ id: z.string().min(3) }));
    const t = p.graph.tools["lookup"]!;
    expect(Object.keys(t)).toEqual(expect.arrayContaining(["effect", "outcomes", "input", "inputUnknown"]));
    expect(JSON.parse(JSON.stringify(p.graph)).tools.lookup.input.properties.id).toEqual({ type: "string", minLength: 3 });
    expect({ ...t }.input).toEqual(t.input);
  });

  it("keeps each tool's own schema although the getter is shared", () => {
    const a = make(z.object({ id: z.string() }));
    const b = make(z.object({ id: z.string().max(5) }));
    // read b first, then a: neither answer may leak into the other
    expect(b.graph.tools["lookup"]!.input).toMatchObject({ properties: { id: { maxLength: 5 } } });
    expect(a.graph.tools["lookup"]!.input).not.toHaveProperty(["properties", "id", "maxLength"]);
    expect(b.graph.tools["lookup"]!.input).toMatchObject({ properties: { id: { maxLength: 5 } } });
  });

  it("gives nothing to an object that borrows the getter", () => {
    const p = make(z.object({ id: z.string() }));
    const getter = Object.getOwnPropertyDescriptor(p.graph.tools["lookup"]!, "input")!.get!;
    expect(getter.call({})).toBeUndefined();
    expect(getter.call(make(z.object({ other: z.number() })).graph.tools["lookup"])).toMatchObject({ properties: { other: { type: "number" } } });
  });

  it("cannot be replaced: the graph tool is frozen", () => {
    const p = make(z.object({ id: z.string() }));
    const t = p.graph.tools["lookup"]!;
    expect(Object.isFrozen(t)).toBe(true);
    expect(() => Object.defineProperty(t, "input", { value: {} })).toThrow(TypeError);
    expect(() => {
      (t as { effect: string }).effect = "write";
    }).toThrow(TypeError);
    expect(t.effect).toBe("read");
  });
});

describe("pending class decorators", () => {
  const parentProtocol = make(z.object({ id: z.string() }));

  it("a class decorator evaluated but never applied defers member checks only until the next microtask", async () => {
    @enforce(parentProtocol)
    class Parent {}
    // TC39 evaluates class decorators before applying member decorators: while one is pending, a
    // @tool naming an unknown tool is left to the class decorator (here: to the first instantiation)
    enforce(parentProtocol);
    const defineSub = () => {
      class Sub extends Parent {
        @tool("no_such_tool") async x() {
          return 1;
        }
      }
      return Sub;
    };
    const Deferred = defineSub();
    expect(() => new Deferred()).toThrow(expect.objectContaining({ code: "protocol_weakened" }));
    await Promise.resolve();
    // the unapplied decorator no longer defers anything: the check runs when the method is decorated
    expect(defineSub).toThrow(expect.objectContaining({ code: "protocol_weakened" }));
  });
});
