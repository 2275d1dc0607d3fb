import { describe, it, expect } from "vitest";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";
import { rejectedWith, violationOf } from "./expect-violation.js";

const violation = () =>
  new ProtocolViolation({
    code: "budget_exceeded",
    message: "no tokens left",
    data: { dimension: "totalTokens", limit: 10, used: 10, requested: 1, scope: "run" },
  });

describe("expect-violation test helpers", () => {
  it("return the ProtocolViolation thrown or rejected with", async () => {
    const v = violation();
    expect(
      violationOf(() => {
        throw v;
      }),
    ).toBe(v);
    expect(await rejectedWith(Promise.reject(v))).toBe(v);
  });

  it("with codes, return a violation of one of them and fail naming any other code", async () => {
    const v = violation();
    expect(
      violationOf(() => {
        throw v;
      }, "budget_exceeded").data.limit,
    ).toBe(10);
    expect(await rejectedWith(Promise.reject(v), "guard_failed", "budget_exceeded")).toBe(v);
    expect(() =>
      violationOf(() => {
        throw v;
      }, "guard_failed"),
    ).toThrow("expected a ProtocolViolation with code guard_failed, but it threw one with code budget_exceeded: no tokens left");
    await expect(rejectedWith(Promise.reject(v), "unknown_tool", "tool_not_allowed")).rejects.toThrow(
      "with code unknown_tool or tool_not_allowed, but it threw one with code budget_exceeded",
    );
  });

  it("fail when nothing was thrown", async () => {
    expect(() => violationOf(() => 1)).toThrow("expected a ProtocolViolation, but the call returned normally");
    await expect(rejectedWith(Promise.resolve(1))).rejects.toThrow("expected a ProtocolViolation, but the call went through");
  });

  it("fail naming the other error when something else was thrown", async () => {
    expect(() =>
      violationOf(() => {
        throw new TypeError("boom");
      }),
    ).toThrow("expected a ProtocolViolation, but it threw TypeError: boom");
    await expect(rejectedWith(Promise.reject(new RangeError("far")))).rejects.toThrow("expected a ProtocolViolation, but it threw RangeError: far");
  });
});
