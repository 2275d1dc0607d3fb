import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { enforce, sessionOf, tool } from "../../decorators/index.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { rejectedWith } from "../support/expect-violation.js";

/*
 * How a guarded call tells a call made from inside a running body of its session (nested:
 * refused, or a super call run as part of the validated call) from a call made by another async
 * chain while the body runs (concurrent: queued, then validated and run after it). The async
 * context carries the body's frame; these pin what it must carry and what it must not.
 */

const protocol = defineProtocol({
  name: "nested-vs-concurrent",
  initial: "open",
  terminal: ["closed"],
  tools: {
    work: { input: z.object({ n: z.number() }), effect: "read" },
    note: { input: z.object({ text: z.string() }), effect: "read" },
    close: { input: z.object({}), effect: "read" },
  },
  states: { open: { on: { work: { ok: "open" }, note: { ok: "open" }, close: { ok: "closed" } } }, closed: {} },
});

@enforce(protocol)
class Worker {
  log: string[] = [];
  /** What the body of `work` does while it runs (set per test). */
  during: ((self: Worker) => Promise<unknown> | void) | undefined;
  @tool() async work(args: { n: number }) {
    this.log.push(`work ${args.n} start`);
    await this.during?.(this);
    this.log.push(`work ${args.n} end`);
    return args.n;
  }
  @tool() async note(args: { text: string }) {
    this.log.push(`note ${args.text}`);
    return args.text;
  }
}

describe("nested calls are detected wherever the body's own async chain makes them", () => {
  it("after an await inside the body: refused at once (not queued behind the body, which would deadlock)", async () => {
    const w = new Worker();
    let nested: unknown;
    w.during = async (self) => {
      await sleep(1);
      nested = await self.note({ text: "inside" }).catch((e: unknown) => e);
    };
    expect(await w.work({ n: 1 })).toBe(1);
    expect(nested).toBeInstanceOf(ProtocolViolation);
    expect((nested as ProtocolViolation).code).toBe("tool_not_allowed");
    expect(w.log).toEqual(["work 1 start", "work 1 end"]);
  });

  it("from a setTimeout callback the body scheduled, firing while the body still runs", async () => {
    const w = new Worker();
    const errors: unknown[] = [];
    w.during = async (self) => {
      setTimeout(() => void self.note({ text: "timer" }).catch((e: unknown) => errors.push(e)), 1);
      await sleep(20);
    };
    await w.work({ n: 2 });
    await sleep(5);
    expect(errors).toHaveLength(1);
    expect((errors[0] as ProtocolViolation).code).toBe("tool_not_allowed");
    expect(w.log).toEqual(["work 2 start", "work 2 end"]);
  });

  it("from an event listener the body triggers, and from a then-callback, while it runs", async () => {
    const w = new Worker();
    const errors: unknown[] = [];
    const emitter = new EventEmitter();
    emitter.on("go", () => void w.note({ text: "event" }).catch((e: unknown) => errors.push(e)));
    w.during = async (self) => {
      emitter.emit("go");
      await Promise.resolve().then(() => self.note({ text: "then" }).catch((e: unknown) => errors.push(e)));
      await sleep(5);
    };
    await w.work({ n: 3 });
    expect(errors.map((e) => (e as ProtocolViolation).code)).toEqual(["tool_not_allowed", "tool_not_allowed"]);
    expect(w.log).toEqual(["work 3 start", "work 3 end"]);
  });

  it("a super call after an await inside an override runs the parent's body once, as part of the validated call", async () => {
    class Sub extends Worker {
      override async work(args: { n: number }) {
        await sleep(1);
        const r = await super.work(args);
        return r * 10;
      }
    }
    const s = new Sub();
    expect(await s.work({ n: 4 })).toBe(40);
    expect(s.log).toEqual(["work 4 start", "work 4 end"]);
    expect(sessionOf(s).trace).toHaveLength(1);
  });
});

describe("concurrent calls from other async chains are serialized, not refused", () => {
  it("two chains calling while a body is suspended at an await: each runs after the one before, validated", async () => {
    const w = new Worker();
    w.during = () => sleep(10);
    const chainA = (async () => {
      await Promise.resolve();
      return w.work({ n: 1 });
    })();
    const chainB = (async () => {
      await sleep(2); // arrives while work 1 is suspended inside its body
      return w.note({ text: "b" });
    })();
    const chainC = (async () => {
      await sleep(3);
      return w.work({ n: 2 });
    })();
    expect(await Promise.all([chainA, chainB, chainC])).toEqual([1, "b", 2]);
    expect(w.log).toEqual(["work 1 start", "work 1 end", "note b", "work 2 start", "work 2 end"]);
    expect(sessionOf(w).trace.map((t) => t.tool)).toEqual(["work", "note", "work"]);
  });

  it("a concurrent call that fails validation is refused on its own, without touching the running body", async () => {
    const w = new Worker();
    w.during = () => sleep(10);
    const running = w.work({ n: 1 });
    await sleep(2);
    const v = await rejectedWith(w.note({ text: 5 as unknown as string }));
    expect(v.code).toBe("invalid_arguments");
    expect(await running).toBe(1);
    expect(w.log).toEqual(["work 1 start", "work 1 end"]);
  });
});

describe("a frame ends with its call", () => {
  it("after a rejected body the next call from the same chain is validated and runs (no stale nesting)", async () => {
    const w = new Worker();
    w.during = async () => {
      await sleep(1);
      throw new Error("tool failed");
    };
    await expect(w.work({ n: 1 })).rejects.toThrow("tool failed");
    w.during = undefined;
    expect(await w.note({ text: "after" })).toBe("after");
    expect(await w.work({ n: 2 })).toBe(2);
    expect(w.log).toEqual(["work 1 start", "note after", "work 2 start", "work 2 end"]);
  });

  it("a body that throws synchronously (before its first await) leaves no frame either", async () => {
    const w = new Worker();
    w.during = () => {
      throw new Error("at once");
    };
    await expect(w.work({ n: 1 })).rejects.toThrow("at once");
    w.during = undefined;
    expect(await w.note({ text: "next" })).toBe("next");
  });

  it("a call the body's chain makes after the body settled is validated like any other and runs", async () => {
    const w = new Worker();
    const results: unknown[] = [];
    w.during = (self) => {
      setTimeout(() => void self.note({ text: "later" }).then((r) => results.push(r)), 5);
    };
    await w.work({ n: 1 });
    w.during = undefined;
    await sleep(20);
    expect(results).toEqual(["later"]);
    expect(w.log).toEqual(["work 1 start", "work 1 end", "note later"]);
  });
});

describe("the idle fast path (no frame looked up while the session runs nothing)", () => {
  it("a call that starts on an idle session and makes a nested call before its first await: the nested call is refused", async () => {
    const w = new Worker();
    let nested: unknown;
    w.during = (self) => {
      nested = self.note({ text: "sync" }); // still inside the body's synchronous part
    };
    expect(await w.work({ n: 1 })).toBe(1);
    const v = await rejectedWith(nested as Promise<unknown>, "tool_not_allowed");
    expect(v.message).toContain('inside the body of "work"');
    expect(w.log).toEqual(["work 1 start", "work 1 end"]);
    expect(sessionOf(w).trace.map((t) => t.tool)).toEqual(["work"]);
  });

  it("a body calling a tool of another (idle) instance runs it; afterwards its own frame is back (its nested call still refused)", async () => {
    const outer = new Worker();
    const other = new Worker();
    const seen: unknown[] = [];
    outer.during = async (self) => {
      seen.push(await other.note({ text: "other" })); // another session: a call like any other
      seen.push(await self.note({ text: "own" }).catch((e: unknown) => (e as ProtocolViolation).code));
    };
    expect(await outer.work({ n: 1 })).toBe(1);
    expect(seen).toEqual(["other", "tool_not_allowed"]);
    expect(sessionOf(other).trace.map((t) => t.tool)).toEqual(["note"]);
    expect(sessionOf(outer).trace.map((t) => t.tool)).toEqual(["work"]);
  });

  it("a body of another instance running inside a body restores the outer frame even when it throws synchronously", async () => {
    const outer = new Worker();
    const other = new Worker();
    other.during = () => {
      throw new Error("inner failed");
    };
    let after: unknown;
    outer.during = async (self) => {
      await expect(other.work({ n: 9 })).rejects.toThrow("inner failed");
      after = await self.note({ text: "own" }).catch((e: unknown) => (e as ProtocolViolation).code);
    };
    expect(await outer.work({ n: 1 })).toBe(1);
    expect(after).toBe("tool_not_allowed");
    expect(await other.note({ text: "next" })).toBe("next"); // the failed body left no frame on its session
  });

  it("a body that returns a value, not a promise (a plain method made a tool): the call resolves to it and the session advances", async () => {
    @enforce(protocol)
    class Sync {
      @tool() work(args: { n: number }) {
        return (args.n * 2) as unknown as Promise<number>;
      }
      @tool() note(_args: { text: string }): Promise<string> {
        throw new Error("sync throw");
      }
    }
    const s = new Sync();
    const r = s.work({ n: 4 });
    expect(r).toBeInstanceOf(Promise);
    expect(await r).toBe(8);
    const failed = s.note({ text: "x" });
    expect(failed).toBeInstanceOf(Promise); // a synchronous throw becomes a rejection, not an exception at the call
    await expect(failed).rejects.toThrow("sync throw");
    expect(sessionOf(s).trace.map((t) => t.tool)).toEqual(["work"]);
    expect(sessionOf(s).activeCall).toBeUndefined();
    expect(await s.work({ n: 1 })).toBe(2); // nothing was left in flight
  });

  it("a call refused by validation leaves the session as it was, and the next valid call runs", async () => {
    const w = new Worker();
    await w.work({ n: 1 });
    const s = sessionOf(w);
    const before = { state: s.state, version: s.version, length: s.traceLength };
    await rejectedWith(w.work({ n: "one" as unknown as number }), "invalid_arguments");
    expect({ state: s.state, version: s.version, length: s.traceLength, active: s.activeCall }).toEqual({ ...before, active: undefined });
    expect(await w.work({ n: 2 })).toBe(2);
    expect(w.log).toEqual(["work 1 start", "work 1 end", "work 2 start", "work 2 end"]);
  });
});
