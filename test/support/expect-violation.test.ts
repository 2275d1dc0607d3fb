import { describe, it, expect } from "vitest";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { rejectedWith, violationOf } from "./expect-violation.js";

const violation = () => new ProtocolViolation({ code: "budget_exceeded", message: "no tokens left" });

describe("expect-violation test helpers", () => {
  it("return the ProtocolViolation thrown or rejected with", async () => {
    const v = violation();
    expect(violationOf(() => { throw v; })).toBe(v);
    expect(await rejectedWith(Promise.reject(v))).toBe(v);
  });

  it("fail when nothing was thrown", async () => {
    expect(() => violationOf(() => 1)).toThrow("expected a ProtocolViolation, but the call returned normally");
    await expect(rejectedWith(Promise.resolve(1))).rejects.toThrow("expected a ProtocolViolation, but the call went through");
  });

  it("fail naming the other error when something else was thrown", async () => {
    expect(() => violationOf(() => { throw new TypeError("boom"); })).toThrow("expected a ProtocolViolation, but it threw TypeError: boom");
    await expect(rejectedWith(Promise.reject(new RangeError("far")))).rejects.toThrow("expected a ProtocolViolation, but it threw RangeError: far");
  });
});
