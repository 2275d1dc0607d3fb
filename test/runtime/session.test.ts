import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { guard } from "../../src/protocol/guard.js";
import { Session } from "../../src/runtime/session.js";
import { SessionStateError } from "../../src/runtime/session-snapshot.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { rejectedWith } from "../support/expect-violation.js";
import { JsonLinesViolationSink, MemoryViolationSink, ViolationLog } from "../../src/violation/violation-log.js";

const shop = defineProtocol({
  name: "shop",
  initial: "browsing",
  terminal: ["closed"],
  context: z.object({ stock: z.number() }),
  initialContext: { stock: 0 },
  tools: {
    find: {
      input: z.object({ sku: z.string() }),
      effect: "read",
      outcomes: ["found", "missing"],
      outcome: (r) => (r.ok && r.value ? "found" : "missing"),
      reduce: (ctx: { stock: number }, _args, r) => ({ stock: r.ok && typeof r.value === "number" ? r.value : ctx.stock }),
    },
    buy: {
      input: z.object({ sku: z.string(), qty: z.number().int().positive() }),
      effect: "write",
      outcomes: ["ok", "error"],
    },
    close: { input: z.object({}), effect: "read" },
  },
  states: {
    browsing: { on: { find: { found: "chosen", missing: "browsing" }, close: { ok: "closed" } } },
    chosen: {
      on: { buy: { ok: "bought", error: "chosen" }, close: { ok: "closed" } },
      guards: { buy: guard("in_stock", (c: { stock: number }) => c.stock > 0, "the item must be in stock") },
    },
    bought: { on: { close: { ok: "closed" } } },
    closed: {},
  },
});

describe("Protocol.validateCall", () => {
  it("refuses an unknown tool, a tool not allowed here, bad arguments, and any call after the end", () => {
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as ProtocolViolation).code;
      }
      return "accepted";
    };
    expect(codeOf(() => shop.validateCall("browsing", { name: "steal", arguments: {} }))).toBe("unknown_tool");
    expect(codeOf(() => shop.validateCall("browsing", { name: "buy", arguments: { sku: "a", qty: 1 } }))).toBe("tool_not_allowed");
    expect(codeOf(() => shop.validateCall("browsing", { name: "find", arguments: { sku: 7 } }))).toBe("invalid_arguments");
    expect(codeOf(() => shop.validateCall("closed", { name: "find", arguments: { sku: "a" } }))).toBe("session_ended");
    expect(codeOf(() => shop.validateCall("browsing", { name: "toString", arguments: {} }))).toBe("unknown_tool");
    expect(codeOf(() => shop.validateCall("browsing", { name: "find", arguments: { sku: "a" } }))).toBe("accepted");
  });

  it("tells the model what it may do instead", () => {
    try {
      shop.validateCall("browsing", { name: "buy", arguments: { sku: "a", qty: 1 } });
    } catch (e) {
      expect((e as ProtocolViolation).toModelMessage()).toMatchInlineSnapshot(`
        "Tool call refused (tool_not_allowed): "buy" is not allowed in state "browsing" of protocol "shop".
        "buy" is allowed only in state "chosen"; you are in "browsing".
        Tools you may call now: find, close."
      `);
      return;
    }
    throw new Error("expected a refusal");
  });

  it("lists schema issues with paths", () => {
    try {
      shop.validateCall("chosen", { name: "buy", arguments: { sku: "a", qty: -1 } });
    } catch (e) {
      const v = e as ProtocolViolation<"invalid_arguments">;
      expect(v.code).toBe("invalid_arguments");
      expect(v.data.issues).toEqual([expect.objectContaining({ path: ["qty"], code: "too_small" })]);
      return;
    }
    throw new Error("expected a refusal");
  });

  it("gives JSON Schema tool definitions for the state", () => {
    expect(shop.toolsForState("chosen").map((t) => [t.name, t.effect])).toEqual([
      ["buy", "write"],
      ["close", "read"],
    ]);
    expect(shop.toolDefinition("buy").parameters).toMatchObject({ type: "object", required: ["sku", "qty"] });
  });

  it("nextState follows the outcome function; an error maps to 'error' when declared", () => {
    expect(shop.nextState("browsing", { name: "find", arguments: { sku: "a" } }, { ok: true, value: 3 })).toBe("chosen");
    expect(shop.nextState("browsing", { name: "find", arguments: { sku: "a" } }, { ok: true, value: 0 })).toBe("browsing");
    expect(shop.nextState("chosen", { name: "buy", arguments: {} }, { ok: false, error: new Error("x") })).toBe("chosen");
  });

  it("ProtocolViolation instanceof works for a copy branded by another package instance", () => {
    const foreign = Object.assign(new Error("x"), { [Symbol.for("concordat.ProtocolViolation")]: true });
    expect(foreign instanceof ProtocolViolation).toBe(true);
    expect(new Error("y") instanceof ProtocolViolation).toBe(false);
  });
});

describe("Session", () => {
  it("executes in order, advances, updates context through reducers, and ends", async () => {
    const s = new Session(shop);
    expect(s.allowedTools()).toEqual(["find", "close"]);
    expect(await s.execute({ name: "find", arguments: { sku: "a" } }, () => 5)).toBe(5);
    expect(s.state).toBe("chosen");
    expect(s.context).toEqual({ stock: 5 });
    await s.execute({ name: "buy", arguments: { sku: "a", qty: 1 } }, () => "receipt");
    await s.execute({ name: "close", arguments: {} }, () => undefined);
    expect(s.status).toBe("ended");
    expect(s.allowedTools()).toEqual([]);
    expect(s.trace.map((t) => `${t.from}-${t.tool}[${t.outcome}]->${t.to}`)).toEqual([
      "browsing-find[found]->chosen",
      "chosen-buy[ok]->bought",
      "bought-close[ok]->closed",
    ]);
  });

  it("a guard that fails refuses the write before its body runs", async () => {
    const s = new Session(shop);
    await s.execute({ name: "find", arguments: { sku: "a" } }, () => true); // found, but stock stays 0
    expect(s.allowedTools()).toEqual(["close"]);
    let ran = false;
    const v = await rejectedWith(
      s.execute({ name: "buy", arguments: { sku: "a", qty: 1 } }, () => (ran = true)),
      "guard_failed",
    );
    expect(v.code).toBe("guard_failed");
    expect(v.data.guard).toBe("in_stock");
    expect(ran).toBe(false);
    expect(s.state).toBe("chosen");
  });

  it("processes several calls of one model turn one at a time, each against the state the previous left", async () => {
    const s = new Session(shop);
    const order: string[] = [];
    const slow = (v: unknown, label: string) => async () => {
      order.push(`start ${label}`);
      await new Promise((r) => setTimeout(r, 5));
      order.push(`end ${label}`);
      return v;
    };
    const results = await Promise.allSettled([
      s.execute({ name: "find", arguments: { sku: "a" } }, slow(2, "find")),
      s.execute({ name: "buy", arguments: { sku: "a", qty: 1 } }, slow("r", "buy")),
      s.execute({ name: "buy", arguments: { sku: "a", qty: 1 } }, slow("r2", "buy2")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect(order).toEqual(["start find", "end find", "start buy", "end buy"]);
    expect(s.state).toBe("bought");
  });

  it("queued execute and run calls each settle with their own value, record or error, and the trace keeps each call's arguments", async () => {
    const s = new Session(shop);
    const later =
      (v: unknown, ms: number, fail = false) =>
      () =>
        new Promise((resolve, reject) => setTimeout(() => (fail ? reject(v) : resolve(v)), ms));
    // (the first body settles last of the timers: the others wait for it, then run one at a time)
    const [a, b, c, d] = await Promise.allSettled([
      s.execute({ name: "find", arguments: { sku: "a" } }, later(0, 8)),
      s.run({ name: "find", arguments: { sku: "b" } }, later(0, 1)),
      s.execute({ name: "find", arguments: { sku: "c" } }, later(new Error("down"), 4, true)),
      s.execute({ name: "find", arguments: { sku: "d" } }, later(7, 2)),
    ]);
    expect(a).toEqual({ status: "fulfilled", value: 0 });
    expect(b).toMatchObject({ status: "fulfilled", value: { outcome: "missing", from: "browsing", to: "browsing", result: { ok: true, value: 0 } } });
    expect((b as PromiseFulfilledResult<{ call: { arguments: unknown } }>).value.call.arguments).toEqual({ sku: "b" });
    expect(c).toMatchObject({ status: "rejected", reason: new Error("down") });
    expect(d).toEqual({ status: "fulfilled", value: 7 });
    expect(s.trace.map((e) => [e.arguments, e.outcome])).toEqual([
      [{ sku: "a" }, "missing"],
      [{ sku: "b" }, "missing"],
      [{ sku: "c" }, "missing"],
      [{ sku: "d" }, "found"],
    ]);
    expect(s.state).toBe("chosen");
    expect(s.activeCall).toBeUndefined();
  });

  it("a thrown error with an 'error' outcome advances and is rethrown; without one, the state stays", async () => {
    const s = new Session(shop);
    await s.execute({ name: "find", arguments: { sku: "a" } }, () => 1);
    await expect(s.execute({ name: "buy", arguments: { sku: "a", qty: 1 } }, () => Promise.reject(new Error("card declined")))).rejects.toThrow(
      "card declined",
    );
    expect(s.state).toBe("chosen");
    expect(s.trace.at(-1)?.outcome).toBe("error");
  });

  it("a write whose outcome cannot be determined marks the session for reconciliation", async () => {
    const p = defineProtocol({
      name: "w",
      initial: "a",
      terminal: ["z"],
      tools: {
        write: { input: z.object({}), effect: "write", outcomes: ["ok"], outcome: () => "bogus" as "ok" },
        end: { input: z.object({}), effect: "read" },
      },
      states: { a: { on: { write: { ok: "a" }, end: { ok: "z" } } }, z: {} },
    });
    const s = new Session(p);
    const v = await rejectedWith(s.execute({ name: "write", arguments: {} }, () => 1));
    expect(v.code).toBe("invalid_outcome");
    expect(s.status).toBe("needs_reconciliation");
    let ran = false;
    expect((await rejectedWith(s.execute({ name: "end", arguments: {} }, () => (ran = true)))).code).toBe("needs_reconciliation");
    expect(ran).toBe(false);
    s.reconciled();
    await s.execute({ name: "end", arguments: {} }, () => 1);
    expect(s.status).toBe("ended");
  });

  it("a repeated transition and one that differs only in its outcome, tool or state each go where the protocol says", () => {
    // (the session remembers its last transition; each part of it must count)
    const s = new Session(shop);
    const find = (stock: number) => s.advance(s.validate({ name: "find", arguments: { sku: "a" } }, true), { ok: true, value: stock });
    find(0);
    find(0); // missing, missing: the remembered transition
    expect(s.state).toBe("browsing");
    find(3); // same tool, same state, another outcome
    expect(s.state).toBe("chosen");
    s.advance(s.validate({ name: "buy", arguments: { sku: "a", qty: 1 } }, true), { ok: false, error: new Error("declined") });
    expect(s.state).toBe("chosen"); // error: stays
    s.advance(s.validate({ name: "buy", arguments: { sku: "a", qty: 1 } }, true), { ok: true, value: 1 });
    expect(s.state).toBe("bought"); // same tool and state, another outcome
    expect(s.status).toBe("active");
    s.advance(s.validate({ name: "close", arguments: {} }, true), { ok: true, value: 1 });
    expect(s.state).toBe("closed");
    expect(s.status).toBe("ended");
    expect(s.trace.map((e) => `${e.from}>${e.to}`)).toEqual([
      "browsing>browsing",
      "browsing>browsing",
      "browsing>chosen",
      "chosen>chosen",
      "chosen>bought",
      "bought>closed",
    ]);
    // a second session going the same way ends too (nothing carried over between sessions)
    const t = new Session(shop);
    t.advance(t.validate({ name: "close", arguments: {} }, true), { ok: true, value: 1 });
    expect(t.status).toBe("ended");
  });

  it("serializes to versioned JSON and back", async () => {
    const s = new Session(shop, { id: "sess-1" });
    await s.execute({ name: "find", arguments: { sku: "a" } }, () => 4);
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    expect(json).toMatchObject({ format: "concordat.session", formatVersion: 4, id: "sess-1", state: "chosen", version: 1 });
    const r = Session.fromJSON(shop, json);
    expect(r.state).toBe("chosen");
    expect(r.context).toEqual({ stock: 4 });
    expect(r.trace).toEqual(s.trace);
    await r.execute({ name: "buy", arguments: { sku: "a", qty: 2 } }, () => 1);
    expect(r.state).toBe("bought");
  });

  it("trace entries are immutable, so a snapshot shares them and editing a snapshot cannot change the session", async () => {
    const s = new Session(shop, { id: "sess-2" });
    await s.execute({ id: "c1", name: "find", arguments: { sku: "a" } }, () => 0);
    const snap = s.toJSON();
    expect(Object.isFrozen(s.trace[0])).toBe(true);
    expect(() => {
      (snap.trace[0] as { tool: string }).tool = "buy";
    }).toThrow(TypeError);
    snap.trace.push({ ...snap.trace[0]!, seq: 1 });
    expect(s.trace).toHaveLength(1);
    expect(s.trace[0]).toMatchObject({ seq: 0, callId: "c1", tool: "find", outcome: "missing" });
    // restored entries are frozen copies, not the caller's objects
    const data = JSON.parse(JSON.stringify(s.toJSON()));
    const r = Session.fromJSON(shop, data);
    data.trace[0].tool = "close";
    expect(r.trace[0]!.tool).toBe("find");
    expect(Object.isFrozen(r.trace[0])).toBe(true);
  });

  it("round-trips through JSON text when the protocol has no context", async () => {
    const p = defineProtocol({
      name: "plain",
      initial: "a",
      terminal: ["z"],
      tools: { go: { input: z.object({}), effect: "read" } },
      states: { a: { on: { go: { ok: "z" } } }, z: {} },
    });
    const s = new Session(p);
    const r = Session.fromJSON(p, JSON.stringify(s.toJSON()));
    await r.execute({ name: "go", arguments: {} }, () => 1);
    expect(r.status).toBe("ended");
  });

  it("refuses corrupted stored state with an error naming the problem", () => {
    const good = new Session(shop, { id: "s" }).toJSON();
    expect(() => Session.fromJSON(shop, "{not json")).toThrow(SessionStateError);
    expect(() => Session.fromJSON(shop, { ...good, state: "nowhere" })).toThrow(/state "nowhere", which protocol "shop" does not declare/);
    expect(() => Session.fromJSON(shop, { ...good, protocol: "other" })).toThrow(/belongs to protocol "other"/);
    expect(() => Session.fromJSON(shop, { ...good, trace: [{ seq: -1 }] })).toThrow(/malformed: trace\.0\.seq/);
    expect(() => Session.fromJSON(shop, { ...good, context: { stock: "many" } })).toThrow(/context schema: stock/);
  });
});

describe("violation log", () => {
  it("delivers one structured record per rejection to every sink, with the last messages", async () => {
    const mem = new MemoryViolationSink();
    const file = join(mkdtempSync(join(tmpdir(), "concordat-")), "violations.jsonl");
    const broken = {
      write: () => {
        throw new Error("sink down");
      },
    };
    const log = new ViolationLog([broken, mem, new JsonLinesViolationSink(file)]);
    const s = new Session(shop, { id: "logged", log, lastMessages: () => [{ role: "user", content: "refund now" }] });
    await rejectedWith(s.execute({ name: "buy", arguments: { sku: "x", qty: 1 } }, () => 1));
    expect(mem.records).toHaveLength(1);
    expect(mem.records[0]).toMatchObject({
      sessionId: "logged",
      protocol: "shop",
      state: "browsing",
      code: "tool_not_allowed",
      attempted: { tool: "buy", arguments: { sku: "x", qty: 1 } },
      allowedTools: ["find", "close"],
      lastMessages: [{ role: "user", content: "refund now" }],
    });
    const lines = readFileSync(file, "utf8").trim().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ code: "tool_not_allowed", sessionId: "logged" });
  });
});
