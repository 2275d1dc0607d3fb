import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemorySessionStore } from "../../src/store/memory-store.js";
import type { StoredState } from "../../src/store/session-store.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

/** The row MAC as documented (format v2), computed here from scratch with createHash / createHmac. */
function referenceMac(key: Buffer, id: string, version: number, entries: readonly string[], tail: string): string {
  let d = createHash("sha256").update('concordat.trace.v2\u0000{"session":{"trace":[', "utf8").digest();
  for (const e of entries) d = createHash("sha256").update(d).update(e, "utf8").digest();
  return createHmac("sha256", key).update(`concordat.store.v2\u0000${id.length}:${id}\u0000`, "utf8").update(d).update(tail, "utf8").update(`\u0000${version}`, "utf8").digest("hex");
}

const HEAD = '{"session":{"trace":[';

function state(id: string, note: string): StoredState {
  return {
    session: { format: "concordat.session", formatVersion: 2, id, protocol: "p", state: "s", status: "active", context: { note }, trace: [], version: 0, extensions: {} },
    ledger: {},
  };
}

describe("incremental row signer", () => {
  it("gives HMAC-SHA256 over the chained entries and the tail, whatever the key length and entry form", () => {
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
          expect(signer.sign(tail, version)).toBe(referenceMac(key, id, version, texts, tail));
          // signing does not consume anything: the next save extends the same chain
          signer.append(",more");
          expect(signer.sign(Buffer.from(tail, "utf8"), version + 1)).toBe(referenceMac(key, id, version + 1, [...texts, ",more"], tail));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("rows the store writes itself are laid out trace first and carry the same MAC", async () => {
    const secret = "0123456789abcdef-secret";
    const store = new MemorySessionStore({ secret });
    const s = state("n1", "x");
    const withTrace: StoredState = {
      ...s,
      session: { ...s.session, trace: [{ seq: 0, callId: "c0", tool: "t", arguments: { a: "ü" }, outcome: "ok", from: "s", to: "s", at: 1893456000000 }, { seq: 1, tool: "t", arguments: {}, outcome: "ok", from: "s", to: "s", at: 1893456001000 }] },
    };
    await store.create("n1", withTrace);
    const row = store.rows.get("n1")!;
    const entries = withTrace.session.trace.map((t, i) => (i === 0 ? "" : ",") + JSON.stringify(t));
    expect(row.data.startsWith(HEAD + entries.join("") + "]")).toBe(true);
    expect(row.mac).toBe(referenceMac(Buffer.from(secret), "n1", 1, entries, row.data.slice(HEAD.length + entries.join("").length)));
    expect((await store.load("n1"))?.state).toEqual(withTrace);
  });

  it("a row re-serialized with the same content in another layout is refused (the MAC covers the exact text)", async () => {
    const store = new MemorySessionStore({ secret: "0123456789abcdef-secret" });
    await store.create("r1", state("r1", "x"));
    const row = store.rows.get("r1")!;
    const parsed = JSON.parse(row.data) as StoredState;
    store.rows.set("r1", { ...row, data: JSON.stringify({ ledger: parsed.ledger, session: parsed.session }) });
    await expect(store.load("r1")).rejects.toMatchObject({ code: "state_tampered" });
  });

  it("a row whose caller-supplied MAC does not match its text is refused on load", async () => {
    const store = new MemorySessionStore({ secret: "0123456789abcdef-secret" });
    await store.create("s1", state("s1", "a"));
    const wrong = store.rowSigner("s1");
    wrong.append("not the text that is stored");
    const saved = await store.compareAndSet("s1", 1, state("s1", "b"), { bytes: Buffer.from(JSON.stringify(state("s1", "b"))), mac: (v) => wrong.sign("", v) });
    expect(saved?.version).toBe(2);
    await expect(store.load("s1")).rejects.toMatchObject({ code: "state_tampered" });
  });

  it("still verifies rows written in the v1 format, and refuses a modified v1 row", async () => {
    const secret = "0123456789abcdef-secret";
    const store = new MemorySessionStore({ secret });
    const text = JSON.stringify(state("old", "written by 0.1"));
    const digest = createHash("sha256").update(text, "utf8").digest();
    const v1 = createHmac("sha256", Buffer.from(secret)).update("concordat.store.v1\u0000old\u00003\u0000").update(digest).digest("hex");
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
