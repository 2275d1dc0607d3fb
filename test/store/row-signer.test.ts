import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemorySessionStore } from "../../src/store/memory-store.js";
import { recordedCall, type StoredState } from "../../src/store/session-store.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

/** A row MAC as documented, computed here from scratch with createHash / createHmac. */
function referenceMac(format: "v2" | "v3", key: Buffer, id: string, version: number, entries: readonly string[], tail: string): string {
  const seed = format === "v3" ? 'concordat.calls.v3\u0000{"calls":[' : 'concordat.trace.v2\u0000{"session":{"trace":[';
  let d = createHash("sha256").update(seed, "utf8").digest();
  for (const e of entries) d = createHash("sha256").update(d).update(e, "utf8").digest();
  return createHmac("sha256", key)
    .update(`concordat.store.${format}\u0000${id.length}:${id}\u0000`, "utf8")
    .update(d)
    .update(tail, "utf8")
    .update(`\u0000${version}`, "utf8")
    .digest("hex");
}

const HEAD = '{"calls":[';

function state(id: string, note: string): StoredState {
  return {
    session: {
      format: "concordat.session",
      formatVersion: 4,
      id,
      protocol: "p",
      state: "s",
      status: "active",
      context: { note },
      trace: [],
      version: 0,
      extensions: {},
    },
    ledger: {},
  };
}

const TRACE = [
  { seq: 0, callId: "c0", tool: "t", arguments: { a: "ü" }, outcome: "ok", from: "s", to: "s", at: 1893456000000 },
  { seq: 1, tool: "t", arguments: {}, outcome: "ok", from: "s", to: "s", at: 1893456001000 },
];

describe("incremental row signer", () => {
  it("gives HMAC-SHA256 over the chained records and the tail, whatever the key length and record form", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 150 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.string({ unit: "grapheme", maxLength: 300 }), fc.boolean()), { maxLength: 6 }),
        fc.string({ unit: "grapheme", maxLength: 2000 }),
        fc.nat(),
        (keyBytes, id, entries, tail, version) => {
          const key = Buffer.from(keyBytes);
          const store = new MemorySessionStore({ secret: key });
          const signer = store.rowSigner(id);
          for (const [e, asBytes] of entries) signer.append(asBytes ? Buffer.from(e, "utf8") : e);
          const texts = entries.map(([e]) => e);
          expect(signer.sign(tail, version)).toBe(referenceMac("v3", key, id, version, texts, tail));
          // signing does not consume anything: the next save extends the same chain
          signer.append(",more");
          expect(signer.sign(Buffer.from(tail, "utf8"), version + 1)).toBe(referenceMac("v3", key, id, version + 1, [...texts, ",more"], tail));
          // after a seal the chain starts again
          signer.reset();
          expect(signer.sign(tail, version)).toBe(referenceMac("v3", key, id, version, [], tail));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("rows the store writes itself are laid out calls first, with each call's recorded result, and carry the same MAC", async () => {
    const secret = "0123456789abcdef-secret";
    const store = new MemorySessionStore({ secret });
    const s = state("n1", "x");
    const withTrace: StoredState = {
      ...s,
      session: { ...s.session, trace: TRACE },
      results: { callId: "c0", version: 2, result: { ok: true, value: { n: "ü" } }, prev: undefined },
    };
    const created = await store.create("n1", withTrace);
    const row = store.rows.get("n1")!;
    const records = [`{"e":${JSON.stringify(TRACE[0])},"r":{"ok":true,"value":{"n":"ü"}},"v":2}`, `,{"e":${JSON.stringify(TRACE[1])}}`];
    expect(row.data.startsWith(HEAD + records.join("") + '],"session":{')).toBe(true);
    expect(row.mac).toBe(referenceMac("v3", Buffer.from(secret), "n1", 1, records, row.data.slice(HEAD.length + records.join("").length)));
    expect((await store.load("n1"))?.state).toEqual(created.state);
    expect(created.state.results).toEqual(withTrace.results);
  });

  it("records a result that is not JSON, or too long, as omitted (and the row still verifies)", async () => {
    const store = new MemorySessionStore({ secret: "0123456789abcdef-secret" });
    const s = state("big", "x");
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    const trace = [TRACE[0]!, { ...TRACE[1]!, callId: "c1" }];
    await store.create("big", {
      ...s,
      session: { ...s.session, trace },
      results: {
        callId: "c1",
        version: 3,
        result: { ok: true, value: cyclic },
        prev: { callId: "c0", version: 2, result: { ok: true, value: "x".repeat(70_000) }, prev: undefined },
      },
    });
    const loaded = (await store.load("big"))!;
    expect(recordedCall(loaded.state.results, "c0")?.result).toEqual({
      ok: true,
      omitted: expect.stringMatching(/^70002 characters of JSON, more than the 65536 kept$/),
    });
    expect(recordedCall(loaded.state.results, "c1")?.result.omitted).toMatch(/^not JSON-serializable/);
  });

  it("a row re-serialized with the same content in another layout is refused (the MAC covers the exact text)", async () => {
    const store = new MemorySessionStore({ secret: "0123456789abcdef-secret" });
    await store.create("r1", { ...state("r1", "x"), session: { ...state("r1", "x").session, trace: TRACE } });
    const row = store.rows.get("r1")!;
    const parsed = JSON.parse(row.data) as Record<string, unknown>;
    store.rows.set("r1", {
      ...row,
      data: JSON.stringify({ session: parsed["session"], calls: parsed["calls"], ledger: parsed["ledger"], log: parsed["log"], creation: parsed["creation"] }),
    });
    await expect(store.load("r1")).rejects.toMatchObject({ code: "state_tampered" });
    store.rows.set("r1", { ...row, data: row.data.replace('{"e":{"seq":0', '{"e": {"seq":0') });
    await expect(store.load("r1")).rejects.toMatchObject({ code: "state_tampered" });
  });

  it("a row whose caller-supplied MAC does not match its text is refused on load", async () => {
    const store = new MemorySessionStore({ secret: "0123456789abcdef-secret" });
    await store.create("s1", state("s1", "a"));
    const wrong = store.rowSigner("s1");
    wrong.append("not the text that is stored");
    const next = state("s1", "b");
    const saved = await store.compareAndSet("s1", 1, next, {
      encoded: { bytes: Buffer.from(JSON.stringify(next)), stored: next, mac: (v) => wrong.sign("", v) },
    });
    expect(saved?.version).toBe(2);
    await expect(store.load("s1")).rejects.toMatchObject({ code: "state_tampered" });
  });

  it("still verifies rows written in the v2 and v1 formats (rewritten as v3 by the next save), and refuses modified ones", async () => {
    const secret = "0123456789abcdef-secret";
    const key = Buffer.from(secret);
    const store = new MemorySessionStore({ secret });
    // v2: the state's JSON with the trace first, entries chained
    const entries = TRACE.map((t, i) => (i === 0 ? "" : ",") + JSON.stringify(t));
    const v2State = { ...state("two", "written by 0.2"), session: { ...state("two", "written by 0.2").session, trace: TRACE } };
    const rest = JSON.stringify({ ...v2State.session, trace: undefined });
    const tail = `]${"," + rest.slice(1)},"ledger":{}}`;
    const v2Text = '{"session":{"trace":[' + entries.join("") + tail;
    expect(JSON.parse(v2Text)).toEqual(v2State);
    store.rows.set("two", { version: 4, data: v2Text, mac: referenceMac("v2", key, "two", 4, entries, tail) });
    const two = (await store.load("two"))!;
    expect(two.state.session.trace).toEqual(TRACE);
    expect(two.state.log).toMatchObject({ sealed: 0, chunks: 0 });
    expect((await store.compareAndSet("two", 4, two.state))?.version).toBe(5);
    expect(store.rows.get("two")!.data.startsWith(HEAD)).toBe(true);
    expect((await store.load("two"))!.state.session.trace).toEqual(TRACE);

    const text = JSON.stringify(state("old", "written by 0.1"));
    const digest = createHash("sha256").update(text, "utf8").digest();
    const v1 = createHmac("sha256", key).update("concordat.store.v1\u0000old\u00003\u0000").update(digest).digest("hex");
    store.rows.set("old", { version: 3, data: text, mac: v1 });
    const loaded = await store.load("old");
    expect(loaded?.version).toBe(3);
    expect((loaded?.state.session.context as { note: string }).note).toBe("written by 0.1");

    store.rows.set("old", { version: 3, data: text.replace("written by 0.1", "written by someone"), mac: v1 });
    const err = await store.load("old").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProtocolViolation);
    expect((err as ProtocolViolation).code).toBe("state_tampered");
  });
});
