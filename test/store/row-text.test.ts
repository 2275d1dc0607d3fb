import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hmacHex, hmacPads } from "../../src/store/hmac-chain.js";
import { entryText, sessionText } from "../../src/store/row-text.js";
import type { TraceEntry } from "../../src/runtime/session-snapshot.js";
import type { StoredState } from "../../src/store/session-store.js";

// A verifier re-derives every record with JSON.stringify: the hand-written encoder must give the same bytes.
const json = fc.jsonValue();
const str = fc.string({ unit: "binary" });

describe("row text written member by member", () => {
  it("a trace entry's text is JSON.stringify's, byte for byte, for canonical entries with and without a call id", () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.option(str, { nil: undefined }),
        str,
        json,
        str,
        str,
        str,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (seq, callId, tool, args, outcome, from, to, at) => {
          const e = (
            callId !== undefined ? { seq, callId, tool, arguments: args, outcome, from, to, at } : { seq, tool, arguments: args, outcome, from, to, at }
          ) as TraceEntry;
          expect(entryText(e)).toBe(JSON.stringify(e));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("falls back to JSON.stringify for entries of another shape: other key order, extra or missing keys, non-finite numbers, undefined arguments", () => {
    const base = { seq: 1, callId: "c1", tool: "t", arguments: { a: 1 }, outcome: "ok", from: "s", to: "s", at: 5 };
    const odd: unknown[] = [
      { callId: "c1", seq: 1, tool: "t", arguments: { a: 1 }, outcome: "ok", from: "s", to: "s", at: 5 },
      { ...base, extra: true },
      { seq: 1, tool: "t", outcome: "ok", from: "s", to: "s", at: 5 },
      { ...base, at: Number.NaN },
      { ...base, seq: Number.POSITIVE_INFINITY },
      { ...base, arguments: undefined },
      { ...base, tool: 7 },
      { ...base, callId: 12 },
      { ...base, from: '\u2028"\\</script>' },
      { ...base, at: -0, seq: 1e21 },
    ];
    for (const e of odd) expect(entryText(e as TraceEntry)).toBe(JSON.stringify(e));
  });

  it("a session snapshot's text parses back to the snapshot without its trace, whatever its members", () => {
    fc.assert(
      fc.property(
        str,
        str,
        str,
        fc.constantFrom("active", "ended", "needs_reconciliation"),
        fc.option(json, { nil: undefined }),
        fc.nat(),
        fc.dictionary(str, json),
        fc.option(fc.record({ count: fc.nat(), digest: str, chain: fc.constantFrom(1, 2, 3), lastTo: str }), { nil: undefined }),
        (id, protocol, state, status, context, version, extensions, dropped) => {
          const s = {
            format: "concordat.session",
            formatVersion: 4,
            id,
            protocol,
            state,
            status,
            context,
            trace: [{ seq: 0, tool: "t", arguments: {}, outcome: "ok", from: "a", to: "b", at: 1 }],
            ...(dropped ? { dropped } : {}),
            version,
            extensions,
          } as unknown as StoredState["session"];
          const expected = JSON.parse(JSON.stringify({ ...s, trace: undefined })) as unknown;
          expect(JSON.parse(sessionText(s))).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("keeps members it does not know (a later snapshot format) and a context that is not JSON is left out as JSON.stringify leaves it", () => {
    const s = { format: "concordat.session", formatVersion: 4, id: "x", protocol: "p", state: "s", status: "active", trace: [], version: 2, extensions: {} };
    const later = { ...s, budgetLedger: { used: 3 } } as unknown as StoredState["session"];
    expect(JSON.parse(sessionText(later))).toEqual({ ...s, trace: undefined, budgetLedger: { used: 3 } });
    const fnContext = { ...s, context: () => 1 } as unknown as StoredState["session"];
    expect(JSON.parse(sessionText(fnContext))).toEqual(JSON.parse(JSON.stringify({ ...fnContext, trace: undefined })));
    const v5 = { ...s, formatVersion: 5 } as unknown as StoredState["session"];
    expect(sessionText(v5)).toBe(JSON.stringify({ ...v5, trace: undefined }));
  });
});

describe("HMAC from the key blocks", () => {
  it("hmacHex is HMAC-SHA256 of prefix and text, for keys shorter and longer than the block and any text", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 150 }), str, str, (key, prefix, text) => {
        const k = Buffer.from(key);
        expect(hmacHex(hmacPads(k), prefix, text)).toBe(createHmac("sha256", k).update(prefix, "utf8").update(text, "utf8").digest("hex"));
      }),
      { numRuns: 500 },
    );
  });
});
