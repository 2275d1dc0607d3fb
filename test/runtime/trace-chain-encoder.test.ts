import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TRACE_BLOCK, type TraceEntry } from "../../src/runtime/session-trace.js";
import { foldBlock } from "../../src/runtime/trace-chain.js";

/**
 * Chains 2 and 3 write a block's bytes straight into a buffer (no intermediate strings); this
 * holds those bytes to an independent string-based reference of the documented encodings
 * (docs/sessions.md), over generated entries with every kind of value JSON knows and some it
 * does not. The reference reads only the stored (JSON) form of the arguments.
 */
function reference(digest: string, block: readonly TraceEntry[], chain: 2 | 3 = 2): string {
  const q = (x: unknown) => String(JSON.stringify(x));
  const nums: number[] = [];
  const value = (v: unknown, depth: number): string | undefined => {
    if (typeof v === "string") return q(v);
    if (typeof v === "number") return Number.isFinite(v) ? (nums.push(v + 0), "#") : "n";
    if (typeof v === "boolean") return v ? "t" : "f";
    if (v === null) return "n";
    if (depth > 48) return undefined;
    if (Array.isArray(v)) {
      let s = "[";
      for (const x of v) {
        const t = value(x, depth + 1);
        if (t === undefined) return undefined;
        s += t;
      }
      return s + "]";
    }
    let s = "{";
    for (const [k, x] of Object.entries(v as object)) {
      const t = value(x, depth + 1);
      if (t === undefined) return undefined;
      s += q(k) + t;
    }
    return s + "}";
  };
  /** (chain 3) the key list of the previous line's arguments when they were a plain object */
  let prevKeys: string | undefined;
  const args = (a: unknown): string => {
    let stored: unknown;
    const keysBefore = prevKeys;
    prevKeys = undefined;
    try {
      stored = (JSON.parse(JSON.stringify({ arguments: a })) as { arguments?: unknown }).arguments;
    } catch {
      return "x";
    }
    if (stored === undefined) return "u";
    const mark = nums.length;
    const t = value(stored, 0);
    if (t === undefined) {
      nums.length = mark;
      return `J${JSON.stringify(JSON.stringify(stored))}`;
    }
    if (chain === 2 || typeof stored !== "object" || stored === null || Array.isArray(stored)) return t;
    prevKeys = JSON.stringify(Object.keys(stored));
    if (prevKeys !== keysBefore) return t;
    nums.length = mark;
    return `~${Object.values(stored)
      .map((x) => value(x, 1))
      .join("")}`;
  };
  let text = "";
  let prev: TraceEntry | undefined;
  for (const e of block) {
    nums.push(Number.isFinite(e.at) ? e.at + 0 : Number.NaN);
    const same = (k: "tool" | "outcome" | "from" | "to") => prev !== undefined && prev[k] === e[k];
    const name = (k: "tool" | "outcome" | "from" | "to") => (same(k) ? "=" : q(e[k]));
    const start =
      chain === 3 && e.callId === undefined && same("tool") && same("outcome") && same("from") && same("to")
        ? "="
        : `${e.callId === undefined ? "-" : q(String(e.callId))}${name("tool")}${name("outcome")}${name("from")}${name("to")}`;
    text += `${start}${args(e.arguments)}\n`;
    prev = e;
  }
  const bytes = Buffer.alloc(nums.length * 8);
  nums.forEach((x, i) => bytes.writeDoubleLE(x, i * 8));
  return createHash("sha256").update(digest, "latin1").update(text, "utf8").update(bytes).digest("hex");
}

/** A small deterministic generator (the same cases on every run). */
function generator(seed: number) {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const strings = [
    "",
    "a",
    "acct-1",
    'q"x',
    "b\\s",
    "nl\n",
    "tab\t",
    "\u0000",
    "é",
    "😀",
    "\ud800",
    "\udc00x",
    "x".repeat(100),
    "ü".repeat(70),
    "\u2028",
    "\u007f",
    "\u0080",
  ];
  class Point {
    x = 1;
  }
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic["self"] = cyclic;
  const value = (depth: number): unknown => {
    switch (Math.floor(rnd() * (depth > 3 ? 6 : 13))) {
      case 0:
        return pick(strings);
      case 1:
        return pick([0, -0, 1.5, Number.NaN, Infinity, -Infinity, 1e21, 5e-324, -7, 2 ** 53]);
      case 2:
        return rnd() < 0.5;
      case 3:
        return null;
      case 4:
        return undefined;
      case 5:
        return pick(strings) + pick(strings);
      case 6:
      case 7: {
        const o: Record<string, unknown> = rnd() < 0.1 ? (Object.create(null) as Record<string, unknown>) : {};
        const n = Math.floor(rnd() * 4);
        for (let i = 0; i < n; i++) o[pick(["a", "b", "10", "2", 'k"', "é", "__x", "\n"])] = value(depth + 1);
        return o;
      }
      case 8:
      case 9:
        return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1));
      case 10:
        return pick<unknown>([new Point(), new Date(0), { toJSON: () => "tj" }, () => 1, Symbol("s"), new Uint8Array([1]), 10n, cyclic, new Number(3)]);
      case 11: {
        let x: unknown = { leaf: [1, "two"] };
        for (let i = 0; i < 45 + Math.floor(rnd() * 10); i++) x = rnd() < 0.5 ? { d: x } : [x];
        return x;
      }
      default:
        return { account: pick(strings), page: Math.floor(rnd() * 1000) };
    }
  };
  const entry = (seq: number): TraceEntry => {
    const e: Record<string, unknown> = {
      seq,
      tool: pick(["lookup", "cancel", 'q"']),
      arguments: value(0),
      outcome: pick(["ok", "é"]),
      from: pick(["open", "away"]),
      to: pick(["open", "away"]),
      at: pick([1, 1.5, 1.7e12 + seq, Number.NaN]),
    };
    if (rnd() < 0.5) e["callId"] = pick(strings);
    return e as unknown as TraceEntry;
  };
  return { entry };
}

describe.each([2, 3] as const)("chain %i encoder", (chain) => {
  it("writes the documented bytes for generated entries (300 blocks)", () => {
    const g = generator(12345);
    let digest = createHash("sha256").update("seed").digest("hex");
    for (let b = 0; b < 300; b++) {
      const block = Array.from({ length: TRACE_BLOCK }, (_, i) => g.entry(b * TRACE_BLOCK + i));
      const expected = reference(digest, block, chain);
      expect(foldBlock(chain, digest, block, 0, TRACE_BLOCK), `block ${b}`).toBe(expected);
      digest = expected;
    }
  });

  it("folds a block at an offset of a larger array the same as the block alone, and a grown buffer changes nothing", () => {
    const g = generator(7);
    const seed = createHash("sha256").update("seed").digest("hex");
    const entries = Array.from({ length: TRACE_BLOCK * 2 }, (_, i) => g.entry(i));
    const second = entries.slice(TRACE_BLOCK);
    expect(foldBlock(chain, seed, entries, TRACE_BLOCK, TRACE_BLOCK)).toBe(foldBlock(chain, seed, second, 0, TRACE_BLOCK));
    // a block far larger than the initial buffer (16 KiB) and with more numbers than the initial list (256)
    const big = Array.from({ length: TRACE_BLOCK }, (_, i) => ({
      ...g.entry(i),
      arguments: { text: "é😀".repeat(200 + i), list: Array.from({ length: 20 }, (_, j) => j + i / 3) },
    })) as unknown as TraceEntry[];
    expect(foldBlock(chain, seed, big, 0, TRACE_BLOCK)).toBe(reference(seed, big, chain));
    // and the buffer it grew to still gives the small block's bytes
    expect(foldBlock(chain, seed, entries, TRACE_BLOCK, TRACE_BLOCK)).toBe(reference(seed, second, chain));
  });
});

describe.each([2, 3] as const)("chain %i encoder: learned argument shapes", (chain) => {
  /**
   * The fold compiles an encoder for the key list a tool's arguments had last and tries it
   * first; it must write exactly what the walk writes, or decline. These blocks repeat a few
   * tools with arguments that mostly keep one shape and often break it in the ways a compiled
   * shape could get wrong.
   */
  function shapeCases(seed: number) {
    let s = seed;
    const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const str = () => pick(["acct-1", "", 'q"x', "é", "😀", "\ud800", "\n", "x".repeat(40)]);
    const inherited = Object.create({ page: 99 }) as Record<string, unknown>;
    inherited["account"] = "inh";
    const enumerableOnProto = Object.create(Object.create(null, { page: { value: 5, enumerable: true } })) as Record<string, unknown>;
    enumerableOnProto["account"] = "x";
    const variants: (() => unknown)[] = [
      () => ({ account: str(), page: Math.floor(rnd() * 1e6) }),
      () => ({ account: str(), page: Math.floor(rnd() * 1e6) }),
      () => ({ account: str(), page: Math.floor(rnd() * 1e6) }),
      () => ({ page: 1, account: str() }), // the same keys, another order
      () => ({ account: str(), page: 2, extra: true }), // a key more
      () => ({ account: str() }), // a key less
      () => ({ account: str(), page: undefined }), // JSON leaves the key out
      () => ({ account: str(), page: () => 1 }),
      () => ({ account: str(), page: Symbol("p") }),
      () => ({ account: 7, page: "seven" }), // other value types
      () => ({ account: null, page: Number.NaN }),
      () => ({ account: -0, page: Infinity }),
      () => ({ account: { nested: [1, str(), { deep: null }] }, page: [true, false] }),
      () => ({ account: str(), page: 10n }), // not JSON: x
      () => ({ account: str(), page: new Date(0) }), // toJSON inside
      () => ({ account: str(), page: 3, toJSON: () => "whole" }),
      () => Object.assign(Object.create(null) as object, { account: str(), page: 4 }),
      () => inherited,
      () => enumerableOnProto,
      () => JSON.parse('{"account":"p","__proto__":{"page":1}}') as unknown,
      () => ({ 10: "a", 2: "b", account: str() }),
      () => ({ 2: "b", 10: "a", account: str() }),
      () => {
        let x: unknown = 1;
        for (let i = 0; i < 60; i++) x = { account: x, page: i };
        return x; // deeper than the walk goes: J
      },
      () => {
        const o = { account: str(), page: 5 };
        Object.defineProperty(o, "page", { get: () => 6, enumerable: true });
        return o;
      },
      () => {
        const o = { account: str(), page: 5 };
        Object.defineProperty(o, "page", { value: 6, enumerable: false });
        return o;
      },
      () => [str(), 1],
      () => ({}),
      () => str(),
    ];
    const entry = (seq: number): TraceEntry =>
      ({
        seq,
        tool: pick(["lookup", "lookup", "lookup", "other"]),
        arguments: pick(variants)(),
        outcome: "ok",
        from: "open",
        to: "open",
        at: 1.7e12 + seq,
      }) as unknown as TraceEntry;
    return { entry };
  }

  it("writes the documented bytes whatever shape was learned before (400 blocks)", () => {
    const g = shapeCases(99);
    let digest = createHash("sha256").update("shapes").digest("hex");
    for (let b = 0; b < 400; b++) {
      const block = Array.from({ length: TRACE_BLOCK }, (_, i) => g.entry(b * TRACE_BLOCK + i));
      const expected = reference(digest, block, chain);
      expect(foldBlock(chain, digest, block, 0, TRACE_BLOCK), `block ${b}`).toBe(expected);
      digest = expected;
    }
  });

  it("a polluted Object.prototype (an enumerable key) changes nothing", () => {
    const g = shapeCases(5);
    const seed = createHash("sha256").update("polluted").digest("hex");
    const block = Array.from({ length: TRACE_BLOCK }, (_, i) => g.entry(i));
    foldBlock(chain, seed, block, 0, TRACE_BLOCK); // shapes learned
    const proto = Object.prototype as Record<string, unknown>;
    proto["page"] = 123;
    try {
      const only = block.map((e, i) => ({ ...e, tool: "lookup", arguments: i % 2 ? { account: "a" } : { account: "a", page: i } })) as TraceEntry[];
      expect(foldBlock(chain, seed, only, 0, TRACE_BLOCK)).toBe(reference(seed, only, chain));
    } finally {
      delete proto["page"];
    }
  });
});
