// Red team 16: the next attacks on the runtime's promise that a write runs only with a grant for
// exactly the arguments the body then reads. Each test asserts what the body received (or that it
// did not run). docs/security.md ("Sessions and consent") lists the defences these tests guard.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, enforce, sessionOf, tool } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { guard } from "../../src/protocol/guard.js";
import { Session as RuntimeSession } from "../../src/runtime/session.js";
import type { Session } from "../../src/runtime/session.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { parseArguments } from "../../src/adapters/parse-arguments.js";

/** A write whose payload is free-form (`z.unknown()`), and one whose lines become a Map. */
const tools = {
  send: {
    input: z.object({ to: z.string(), payload: z.unknown() }),
    effect: "write" as const,
    requiresConfirmation: true,
  },
  order: {
    input: z.object({ lines: z.array(z.tuple([z.string(), z.number()])).transform((entries) => new Map(entries)) }),
    effect: "write" as const,
    requiresConfirmation: true,
  },
  pay: { input: z.object({ account: z.string(), amount: z.number() }), effect: "write" as const, requiresConfirmation: true },
  close: { input: z.object({}), effect: "read" as const },
};
const protocol = defineProtocol({
  name: "red-team-16",
  initial: "open",
  terminal: ["closed"],
  tools,
  states: { open: { on: { send: { ok: "open" }, order: { ok: "open" }, pay: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
});

/** What each body read, in order. */
const seen: unknown[] = [];

@enforce(protocol)
class Writer extends Agent {
  @tool() async send(args: { to: string; payload: unknown }) {
    await Promise.resolve();
    seen.push(JSON.parse(JSON.stringify(args.payload ?? null)));
    return "sent";
  }
  @tool() async order(args: { lines: Map<string, number> }) {
    seen.push(Object.fromEntries(args.lines));
    return "ordered";
  }
  @tool() async pay(args: { account: string; amount: number }) {
    seen.push(Object.is(args.amount, -0) ? "-0" : args.amount);
    return "paid";
  }
}

function granted(agent: Writer, name: string, args: unknown): Session<any> {
  const s = sessionOf(agent) as Session<any>;
  s.confirm(s.requestConfirmation({ name, arguments: args }).id);
  return s;
}

/** Runs the call; answers what the body read (undefined when it did not run) and what was thrown. */
async function attempt(run: () => Promise<unknown>): Promise<{ read: unknown; thrown: unknown }> {
  const before = seen.length;
  let thrown: unknown;
  try {
    await run();
  } catch (e) {
    thrown = e;
  }
  expect(seen.length - before).toBeLessThanOrEqual(1);
  return { read: seen.length > before ? seen[before] : undefined, thrown };
}

describe("red team 16: arguments that hash like the confirmed ones but read differently", () => {
  it("a payload whose toJSON answers the confirmed value does not run the write with its real content", async () => {
    const agent = new Writer();
    granted(agent, "send", { to: "bob", payload: { amount: 5 } });
    const forged = { amount: 9999, toJSON: () => ({ amount: 5 }) };
    const { read, thrown } = await attempt(() => agent.send({ to: "bob", payload: forged }));
    expect(read).toBeUndefined();
    expect((thrown as ProtocolViolation).code).toBe("invalid_arguments");
    expect(String((thrown as Error).message)).toContain("payload");
  });

  it("a getter read once for the grant and again by the body gives the body the value that was checked", async () => {
    const agent = new Writer();
    granted(agent, "send", { to: "bob", payload: { amount: 5 } });
    let reads = 0;
    const shifty = {
      get amount() {
        return reads++ === 0 ? 5 : 9999;
      },
    };
    Object.defineProperty(shifty, "amount", { enumerable: true });
    const { read } = await attempt(() => agent.send({ to: "bob", payload: shifty }));
    expect(read === undefined || (read as { amount: number }).amount === 5).toBe(true);
  });

  it("a Proxy payload that answers the confirmed value first and another later gives the body the checked value", async () => {
    const agent = new Writer();
    granted(agent, "send", { to: "bob", payload: { amount: 5 } });
    let reads = 0;
    const target = { amount: 5 };
    const proxy = new Proxy(target, {
      get: (t, k) => (k === "amount" ? (reads++ < 1 ? 5 : 9999) : Reflect.get(t, k)),
      getOwnPropertyDescriptor: (t, k) => {
        const d = Reflect.getOwnPropertyDescriptor(t, k);
        return d && k === "amount" ? { ...d, value: reads++ < 1 ? 5 : 9999 } : d;
      },
    });
    const { read } = await attempt(() => agent.send({ to: "bob", payload: proxy }));
    expect(read === undefined || (read as { amount: number }).amount === 5).toBe(true);
  });

  it("a payload the caller edits after the call was validated (before the body reads it) runs with the checked value", async () => {
    const agent = new Writer();
    granted(agent, "send", { to: "bob", payload: { amount: 5 } });
    const payload = { amount: 5 };
    const running = agent.send({ to: "bob", payload });
    payload.amount = 9999; // the body awaits before reading its arguments
    const { read } = await attempt(() => running);
    expect(read).toEqual({ amount: 5 });
  });

  it("a transform to a Map (whose entries canonical JSON cannot see) cannot carry other entries under the grant", async () => {
    const agent = new Writer();
    const s = sessionOf(agent) as Session<any>;
    let asked: unknown;
    try {
      s.confirm(s.requestConfirmation({ name: "order", arguments: { lines: [["tea", 1]] } }).id);
    } catch (e) {
      asked = e;
    }
    // through the model channel: plain JSON, made a Map by the tool's own schema
    const { read, thrown } = await attempt(() => agent.order(JSON.parse('{"lines":[["tea",500]]}') as never));
    expect(read).toBeUndefined();
    expect(thrown).toBeInstanceOf(ProtocolViolation);
    expect(asked === undefined || (asked as ProtocolViolation).code === "invalid_arguments").toBe(true);
  });

  it("-0 confirmed as 0 reaches the body as the 0 that was confirmed", async () => {
    const agent = new Writer();
    granted(agent, "pay", { account: "A1", amount: 0 });
    const { read } = await attempt(() => agent.pay({ account: "A1", amount: -0 }));
    expect(read).toBe(0);
  });
});

/** A refund with no confirmation, limited by a guard on its arguments; the schema trims a reason and parses "1,200"-style amounts. */
const guarded = defineProtocol({
  name: "red-team-16-guarded",
  initial: "open",
  terminal: ["closed"],
  initialContext: { refundable: 100 },
  tools: {
    refund: {
      input: z.object({ amount: z.union([z.number(), z.string().transform((s) => Number(s.replace(/,/g, "")))]), reason: z.string() }),
      effect: "write" as const,
    },
    close: { input: z.object({}), effect: "read" as const },
  },
  states: {
    open: {
      on: { refund: { ok: "open" }, close: { ok: "closed" } },
      guards: {
        refund: guard(
          "within_refundable",
          (c: { refundable: number }, a?: { amount: unknown }) => !(Number(a?.amount) > c.refundable) && String(a?.amount) !== "",
        ),
      },
    },
    closed: {},
  },
});

describe("red team 16: a guard holds for the arguments the body runs with", () => {
  it("a getter that shows the guard 50 and the schema 5000 is refused, not run with 5000", () => {
    const s = new RuntimeSession(guarded);
    let reads = 0;
    const args = {
      reason: "late",
      get amount() {
        return reads++ === 0 ? 50 : 5000;
      },
    };
    Object.defineProperty(args, "amount", { enumerable: true });
    let validated: { arguments: { amount: number } } | undefined;
    let thrown: unknown;
    try {
      validated = s.validate({ name: "refund", arguments: args }, true) as never;
    } catch (e) {
      thrown = e;
    }
    expect(validated?.arguments.amount === undefined || validated.arguments.amount <= 100).toBe(true);
    if (validated === undefined) expect((thrown as ProtocolViolation).code).toBe("guard_failed");
  });

  it('an amount written "1,200" (NaN to the raw guard\'s Number(), 1200 after the schema) is refused by the guard', () => {
    const s = new RuntimeSession(guarded);
    let thrown: unknown;
    try {
      s.validate({ name: "refund", arguments: JSON.parse('{"amount":"1,200","reason":"late"}') as unknown }, true);
    } catch (e) {
      thrown = e;
    }
    expect((thrown as ProtocolViolation | undefined)?.code).toBe("guard_failed");
    // and within the limit it passes, as the parsed number
    expect((s.validate({ name: "refund", arguments: { amount: "1,00", reason: "late" } }, true).arguments as { amount: number }).amount).toBe(100);
  });

  it("arguments that fail the schema and the guard are still refused for the guard first (the order callers rely on)", () => {
    const s = new RuntimeSession(guarded);
    let thrown: unknown;
    try {
      s.validate({ name: "refund", arguments: { amount: 500 } }, true);
    } catch (e) {
      thrown = e;
    }
    expect((thrown as ProtocolViolation).code).toBe("guard_failed");
  });
});

describe("red team 16: the model channel and budgets (guards of defences that held)", () => {
  it("tool names that differ by case, a Unicode confusable, whitespace or normalization are unknown tools, and run nothing", () => {
    const s = new RuntimeSession(protocol);
    for (const name of ["Pay", "PAY", "pay ", " pay", "pay\u200b", "р\u0430y" /* Cyrillic р, а */, "pa\u0443", "ｐａｙ", "pay\n"]) {
      let thrown: unknown;
      try {
        s.validate({ name, arguments: { account: "A1", amount: 5 } }, true);
      } catch (e) {
        thrown = e;
      }
      expect((thrown as ProtocolViolation).code, JSON.stringify(name)).toBe("unknown_tool");
    }
  });

  it("a grant for an NFC name does not cover its NFD twin or a confusable, and one for 1e2 covers 100 (the same number)", () => {
    const s = new RuntimeSession(protocol);
    const nfc = "Jos\u00e9";
    s.confirm(s.requestConfirmation({ name: "send", arguments: { to: nfc, payload: { amount: 1e2 } } }).id);
    for (const to of [nfc.normalize("NFD"), "J\u043es\u00e9" /* Cyrillic о */]) {
      let thrown: unknown;
      try {
        s.validate({ name: "send", arguments: { to, payload: { amount: 100 } } }, true);
      } catch (e) {
        thrown = e;
      }
      expect((thrown as ProtocolViolation).code, JSON.stringify(to)).toMatch(/^confirmation_/);
    }
    const ok = s.validate({ name: "send", arguments: JSON.parse('{"to":"Jos\\u00e9","payload":{"amount":100.0}}') as unknown }, true);
    expect((ok.arguments as { payload: { amount: number } }).payload.amount).toBe(100);
  });

  it("a grant confirmed for 5 does not cover the 9999 that JSON with a duplicate key parses to", () => {
    const s = new RuntimeSession(protocol);
    s.confirm(s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 5 } }).id);
    let thrown: unknown;
    try {
      s.validate({ name: "pay", arguments: JSON.parse('{"account":"A1","amount":5,"amount":9999}') as unknown }, true);
    } catch (e) {
      thrown = e;
    }
    expect((thrown as ProtocolViolation).code).toMatch(/^confirmation_/);
  });

  it("Number.MAX_VALUE charged twice, 0.1 + 0.2 against a limit of 0.3 and -0 never spend past the limit nor turn Infinity or NaN", async () => {
    const { BudgetAccount } = await import("../../src/budget/budget-account.js");
    const capped = new BudgetAccount({ limits: { totalTokens: 1000 } });
    capped.charge({ totalTokens: Number.MAX_VALUE });
    capped.charge({ totalTokens: Number.MAX_VALUE });
    expect(capped.used("totalTokens")).toBeLessThanOrEqual(1000);
    expect(capped.shortfall({ totalTokens: 1 }, false)).toBeDefined();
    const open = new BudgetAccount({});
    open.charge({ totalTokens: Number.MAX_VALUE });
    open.charge({ totalTokens: Number.MAX_VALUE });
    expect(Number.isFinite(open.used("totalTokens"))).toBe(true);
    const tenths = new BudgetAccount({ limits: { totalTokens: 0.3 } });
    tenths.charge({ totalTokens: 0.1 });
    tenths.charge({ totalTokens: 0.2 });
    tenths.charge({ totalTokens: -0 });
    expect(tenths.used("totalTokens")).toBeLessThanOrEqual(0.3);
    expect(tenths.shortfall({ totalTokens: Number.MIN_VALUE }, false)).toBeDefined();
    expect(() => tenths.charge({ totalTokens: "0,1" as unknown as number })).toThrow(TypeError);
  });
});

describe("red team 16: model arguments that two readers read differently", () => {
  it("a JSON text with a key twice in one object is refused naming the key (JSON.parse would run the last value, a UI may show the first)", () => {
    const s = new RuntimeSession(guarded);
    for (const [text, key] of [
      ['{"amount":5,"reason":"late","amount":9999}', "amount"],
      ['{"amount":5,"reason":"late","\\u0061mount":9999}', "amount"],
      ['{"amount":5,"reason":"late","extra":{"x":1,"x":2}}', "x"],
    ] as const) {
      const args = parseArguments(text);
      expect(args, text).toBe(text);
      let thrown: unknown;
      try {
        s.validate({ name: "refund", arguments: args }, true);
      } catch (e) {
        thrown = e;
      }
      expect((thrown as ProtocolViolation).code, text).toBe("invalid_arguments");
      expect((thrown as ProtocolViolation).toModelMessage(), text).toContain(`${JSON.stringify(key)} twice`);
    }
  });

  it("the same key in sibling objects, in an array of objects, or as a string value is not a duplicate", () => {
    for (const text of ['{"a":{"k":1},"b":{"k":2}}', '{"items":[{"k":1},{"k":2}],"k":3}', '{"k":"k","v":["k","k"],"w":{"k":"\\"k\\""}}', "{}", "[]"]) {
      expect(parseArguments(text), text).toEqual(JSON.parse(text));
    }
  });
});

describe("red team 16: time", () => {
  it("a clock moved backwards does not bring an expired grant back", () => {
    let at = Date.parse("2026-12-02T12:00:00.000Z");
    const s = new RuntimeSession(protocol, { now: () => new Date(at), confirmation: { ttlMs: 60_000 } });
    s.confirm(s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 5 } }).id);
    at += 10 * 60_000; // ten minutes later the grant has expired
    expect(s.check({ name: "pay", arguments: { account: "A1", amount: 5 } }).ok).toBe(false);
    at -= 9.5 * 60_000; // the host clock is set back (an NTP step, a VM restored from a snapshot)
    let thrown: unknown;
    try {
      s.validate({ name: "pay", arguments: { account: "A1", amount: 5 } }, true);
    } catch (e) {
      thrown = e;
    }
    expect((thrown as ProtocolViolation | undefined)?.code).toBe("confirmation_expired");
  });

  it("nor does restoring the session into a process whose clock is behind the snapshot's times", () => {
    let at = Date.parse("2026-12-02T12:00:00.000Z");
    const s = new RuntimeSession(protocol, { now: () => new Date(at), confirmation: { ttlMs: 60_000 } });
    s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 1 } });
    s.confirm(s.requestConfirmation({ name: "pay", arguments: { account: "A1", amount: 5 } }).id);
    at += 10 * 60_000;
    // a later action asked (ten minutes on) records the time reached in the snapshot
    s.requestConfirmation({ name: "send", arguments: { to: "bob", payload: null } });
    const snapshot = JSON.parse(JSON.stringify(s.toJSON())) as unknown;
    const behind = Date.parse("2026-12-02T12:00:30.000Z");
    const restored = RuntimeSession.fromJSON(protocol, snapshot as never, { now: () => new Date(behind), confirmation: { ttlMs: 60_000 } });
    let thrown: unknown;
    try {
      restored.validate({ name: "pay", arguments: { account: "A1", amount: 5 } }, true);
    } catch (e) {
      thrown = e;
    }
    expect((thrown as ProtocolViolation | undefined)?.code).toBe("confirmation_expired");
  });
});
