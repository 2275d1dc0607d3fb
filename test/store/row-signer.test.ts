import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemorySessionStore } from "../../src/store/memory-store.js";
import type { StoredState } from "../../src/store/session-store.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

/** The row MAC as documented, computed here from scratch with createHmac over the whole row. */
function referenceMac(key: Buffer, id: string, version: number, text: string): string {
  return createHmac("sha256", key).update(`concordat.store.v2\u0000${id.length}:${id}\u0000${text}\u0000${version}`, "utf8").digest("hex");
}

function state(id: string, note: string): StoredState {
  return {
    session: { format: "concordat.session", formatVersion: 1, id, protocol: "p", state: "s", status: "active", context: { note }, trace: [], version: 0, extensions: {} },
    ledger: {},
  };
}

describe("incremental row signer", () => {
  it("gives the HMAC of the whole row, whatever the key length and however the prefix was appended", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 150 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.array(fc.string({ unit: "binary", maxLength: 60 }), { maxLength: 6 }),
        fc.string({ unit: "binary", maxLength: 80 }),
        fc.nat(),
        (keyBytes, id, chunks, tail, version) => {
          const key = Buffer.from(keyBytes);
          const store = new MemorySessionStore({ secret: key });
          const signer = store.rowSigner(id);
          for (const c of chunks) signer.append(c);
          expect(signer.sign(tail, version)).toBe(referenceMac(key, id, version, chunks.join("") + tail));
          // signing does not consume the prefix: the next save extends the same one
          signer.append("more");
          expect(signer.sign(tail, version + 1)).toBe(referenceMac(key, id, version + 1, chunks.join("") + "more" + tail));
        },
      ),
      { numRuns: 200 },
    );
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

  it("rows the store signs itself use the v2 format", async () => {
    const secret = "0123456789abcdef-secret";
    const store = new MemorySessionStore({ secret });
    await store.create("n1", state("n1", "x"));
    const row = store.rows.get("n1")!;
    expect(row.mac).toBe(referenceMac(Buffer.from(secret), "n1", 1, row.data));
  });
});
