import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { enforce, tool, toolFor, type CheckToolMethod } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import type { EnforceDecorator } from "../../src/protocol/enforce-hook.js";

const shop = defineProtocol({
  name: "shop",
  initial: "browsing",
  terminal: ["done"],
  tools: {
    find_item: { input: z.object({ sku: z.string() }), effect: "read", outcomes: ["found", "missing"] },
    buy: { input: z.object({ sku: z.string(), quantity: z.number().int() }), effect: "write" },
  },
  states: {
    browsing: { on: { find_item: { found: "chosen", missing: "browsing" } } },
    chosen: { on: { buy: { ok: "done" } } },
    done: {},
  },
});
type Shop = typeof shop;
const shopTool = toolFor(shop);

describe("@tool typing (TC39 decorators)", () => {
  it("accepts methods named like tools whose parameter accepts the tool's arguments", () => {
    @enforce(shop)
    class Good {
      @tool<Shop>() async find_item(args: { sku: string }) {
        return args.sku;
      }
      @tool<Shop>() async buy(args: { sku: string; quantity: number }) {
        return args.quantity;
      }
    }
    expectTypeOf<Good["buy"]>().parameter(0).toEqualTypeOf<{ sku: string; quantity: number }>();
  });

  it("a method name that is not a tool of the protocol is a compile error", () => {
    class Bad {
      // @ts-expect-error -- "refund" is not a tool of the shop protocol
      @tool<Shop>() async refund(_args: { sku: string }) {}
    }
    void Bad;
  });

  it("a parameter type that does not accept the tool's arguments is a compile error", () => {
    class Bad {
      // @ts-expect-error -- quantity is a number in the schema
      @tool<Shop>() async buy(_args: { sku: string; quantity: string }) {}
    }
    void Bad;
  });

  it("a parameter that asks for a field the schema does not have is a compile error", () => {
    class Bad {
      // @ts-expect-error -- the schema has no `coupon`
      @tool<Shop>() async buy(_args: { sku: string; quantity: number; coupon: string }) {}
    }
    void Bad;
  });

  it("a parameter that reads fewer fields is fine (it accepts the arguments)", () => {
    class Fine {
      @tool<Shop>() async buy(_args: { sku: string }) {}
    }
    void Fine;
  });

  it("an explicit tool name is checked with toolFor(protocol) and with { name, protocol }", () => {
    class Named {
      @shopTool("buy") async purchase(_args: { sku: string; quantity: number }) {}
      @tool({ name: "find_item", protocol: shop }) async lookup(_args: { sku: string }) {}
    }
    void Named;
    class BadName {
      // @ts-expect-error -- no tool "purchase"
      @shopTool("purchase") async purchase() {}
    }
    void BadName;
    class BadParam {
      // @ts-expect-error -- find_item takes { sku: string }
      @tool({ name: "find_item", protocol: shop }) async lookup(_args: { sku: number }) {}
    }
    void BadParam;
  });

  it("a tool method must return a promise (it runs through the session)", () => {
    class Sync {
      // @ts-expect-error -- not async
      @tool() find_item(_args: { sku: string }) {
        return 1;
      }
    }
    void Sync;
  });

  it("@tool() decorates methods only", () => {
    class OnField {
      // @ts-expect-error -- a field
      @tool() buy = async () => {};
    }
    void OnField;
  });

  it("without a protocol, @tool() checks only the promise", () => {
    class Loose {
      @tool() async anything(_args: { whatever: boolean }) {}
      @tool("named") async other() {}
    }
    void Loose;
    expectTypeOf<CheckToolMethod<undefined, "x", (a: { y: number }) => Promise<void>>>().toEqualTypeOf<unknown>();
    expectTypeOf<CheckToolMethod<Shop, "nope", (a: { y: number }) => Promise<void>>>().not.toEqualTypeOf<unknown>();
  });

  it("@protocol.enforce and @enforce(protocol) are class decorators", () => {
    expectTypeOf(shop.enforce).toEqualTypeOf<EnforceDecorator<Shop>>();
    expectTypeOf(enforce(shop)).toEqualTypeOf<EnforceDecorator<Shop>>();
    @shop.enforce
    class A {}
    void A;
  });

  it("under @enforce, a method named like a tool must accept the tool's arguments (no @tool needed)", () => {
    @enforce(shop)
    class Fine {
      async find_item(args: { sku: string }) {
        return args.sku;
      }
      async buy() {}
      async unrelated(x: number) {
        return x;
      }
    }
    void Fine;
    // @ts-expect-error -- buy takes { sku: string; quantity: number }
    @shop.enforce
    class Bad {
      async buy(_args: { sku: number }) {}
    }
    void Bad;
  });
});
