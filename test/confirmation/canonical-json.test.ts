import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { argumentDiff, canonicalHash, canonicalJson, canonicallyEqual, CanonicalJsonError, formatArgumentDiff } from "../../src/confirmation/canonical-json.js";

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops whitespace", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: "x" } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });
  it("normalizes numbers: 1.0 == 1, -0 == 0, exponent forms", () => {
    expect(canonicalJson(JSON.parse('{"amount": 1.0}'))).toBe('{"amount":1}');
    expect(canonicalJson({ a: -0 })).toBe('{"a":0}');
    expect(canonicalHash(JSON.parse('{"n": 2.50e2}'))).toBe(canonicalHash({ n: 250 }));
  });
  it("drops undefined members like JSON, writes undefined array items as null", () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
  });
  it("uses toJSON (dates)", () => {
    expect(canonicalJson({ at: new Date("2026-01-02T03:04:05.000Z") })).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
  });
  it("refuses values without a JSON form, naming the path", () => {
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow(CanonicalJsonError);
    // an invalid argument: a TypeError, with a code and the path
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow(TypeError);
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow(expect.objectContaining({ code: "not_canonical_json", path: "$.a[1]" }));
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow(/\$\.a\[1\]: NaN/);
    expect(() => canonicalJson({ big: 1n })).toThrow(/bigint/);
    const cyc: Record<string, unknown> = {};
    cyc["self"] = cyc;
    expect(() => canonicalJson(cyc)).toThrow(/cycle/);
  });
  it("hash is sha256 hex and differs when a value differs", () => {
    expect(canonicalHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
    expect(canonicalHash({ a: 1 })).not.toBe(canonicalHash({ a: 2 }));
    expect(canonicalHash({ a: "1" })).not.toBe(canonicalHash({ a: 1 }));
  });
  it("key order never matters (property)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        return canonicalHash(obj) === canonicalHash(reversed) && canonicallyEqual(JSON.parse(JSON.stringify(obj)), obj);
      }),
      { numRuns: 200 },
    );
  });
});

describe("argumentDiff", () => {
  it("is empty for canonically equal arguments", () => {
    expect(argumentDiff({ a: 1.0, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toEqual([]);
  });
  it("lists changed, added and removed paths with both values", () => {
    const d = argumentDiff(
      { bookingId: "B1", amount: 250, items: [{ id: "x" }], note: "n" },
      { bookingId: "B1", amount: 300, items: [{ id: "y" }, { id: "z" }], extra: true },
    );
    expect(d).toEqual([
      { path: "amount", kind: "changed", confirmed: 250, attempted: 300 },
      { path: "extra", kind: "added", attempted: true },
      { path: "items[0].id", kind: "changed", confirmed: "x", attempted: "y" },
      { path: "items[1]", kind: "added", attempted: { id: "z" } },
      { path: "note", kind: "removed", confirmed: "n" },
    ]);
    expect(formatArgumentDiff(d)).toBe('amount: 250 → 300; extra: added true; items[0].id: "x" → "y"; items[1]: added {"id":"z"}; note: removed (was "n")');
  });
  it("quotes keys that are not identifiers, and reports a type change at the root", () => {
    expect(argumentDiff({ "a-b": 1 }, { "a-b": 2 })).toEqual([{ path: '["a-b"]', kind: "changed", confirmed: 1, attempted: 2 }]);
    expect(argumentDiff({ a: 1 }, [1])).toEqual([{ path: "", kind: "changed", confirmed: { a: 1 }, attempted: [1] }]);
  });
});
