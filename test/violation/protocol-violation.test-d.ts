import { describe, expectTypeOf, it } from "vitest";
import { ConcordatError } from "../../src/errors/concordat-error.js";
import { isProtocolViolation, ProtocolViolation, type AnyProtocolViolation } from "../../src/violation/protocol-violation.js";
import type { ViolationCode } from "../../src/violation/violation-codes.js";
import type { ArgumentIssue, BudgetExceededData, ViolationData } from "../../src/violation/violation-data.js";

declare const caught: unknown;
const budget = { dimension: "totalTokens", limit: 500, used: 400, requested: 120, scope: "run" } as const;

describe("ProtocolViolation's data is typed by its code", () => {
  it("a literal code types data by that code", () => {
    const v = new ProtocolViolation({ code: "budget_exceeded", message: "over", data: budget });
    expectTypeOf(v).toEqualTypeOf<ProtocolViolation<"budget_exceeded">>();
    expectTypeOf(v.code).toEqualTypeOf<"budget_exceeded">();
    expectTypeOf(v.data).toEqualTypeOf<BudgetExceededData>();
    expectTypeOf(v.data.limit).toEqualTypeOf<number>();
  });

  it("checking the code narrows data, without casts", () => {
    const handle = (v: AnyProtocolViolation): number | string | readonly ArgumentIssue[] | undefined => {
      if (v.code === "budget_exceeded") return v.data.limit;
      if (v.code === "guard_failed") return v.data.guard;
      if (v.code === "invalid_arguments") return v.data.issues;
      // @ts-expect-error data of other codes has no limit
      return v.data.limit;
    };
    expectTypeOf(handle).returns.toEqualTypeOf<number | string | readonly ArgumentIssue[] | undefined>();
  });

  it("a switch over the code is exhaustive", () => {
    const describeIt = (v: AnyProtocolViolation): string => {
      switch (v.code) {
        case "confirmation_args_mismatch":
          return v.data.diff.map((d) => d.path).join(", ");
        case "confirmation_expired":
          return v.data.expiresAt;
        default:
          return v.code;
      }
    };
    expectTypeOf(describeIt).returns.toEqualTypeOf<string>();
  });

  it("isProtocolViolation and instanceof narrow to the union; codes narrow further", () => {
    if (isProtocolViolation(caught)) {
      expectTypeOf(caught).toEqualTypeOf<AnyProtocolViolation>();
      if (caught.code === "retries_exhausted") expectTypeOf(caught.data.lastCode).toEqualTypeOf<ViolationCode>();
    }
    if (isProtocolViolation(caught, "budget_exceeded")) expectTypeOf(caught.data.used).toEqualTypeOf<number>();
    if (isProtocolViolation(caught, "guard_failed", "duplicate_call")) {
      expectTypeOf(caught).toEqualTypeOf<ProtocolViolation<"guard_failed"> | ProtocolViolation<"duplicate_call">>();
      if (caught.code === "duplicate_call") expectTypeOf(caught.data.callId).toEqualTypeOf<string>();
    }
    if (caught instanceof ProtocolViolation) {
      expectTypeOf(caught).toEqualTypeOf<AnyProtocolViolation>();
      if (caught.code === "confirmation_denied") expectTypeOf(caught.data.actionId).toEqualTypeOf<string>();
    }
  });

  it("every violation is a ConcordatError with its code", () => {
    const v = new ProtocolViolation({ code: "session_ended", message: "ended" });
    expectTypeOf(v).toExtend<ConcordatError<"session_ended">>();
    expectTypeOf<AnyProtocolViolation>().toExtend<ConcordatError<ViolationCode>>();
    expectTypeOf<AnyProtocolViolation>().toExtend<ProtocolViolation>();
    expectTypeOf<ProtocolViolation["data"]>().toEqualTypeOf<ViolationData[ViolationCode]>();
  });
});

describe("construction sites are checked against the code's facts", () => {
  it("accepts the facts of the code, and no data for a code whose facts are all optional", () => {
    new ProtocolViolation({ code: "guard_failed", message: "m", data: { guard: "in_stock" } });
    new ProtocolViolation({ code: "tool_not_allowed", message: "m" });
    new ProtocolViolation({ code: "state_tampered", message: "m", data: { storedVersion: 3, seenVersion: 5 } });
  });

  it("refuses a misspelled field", () => {
    // @ts-expect-error `guards` is not a fact of guard_failed
    new ProtocolViolation({ code: "guard_failed", message: "m", data: { guards: "in_stock" } });
    // @ts-expect-error `limits` is not a fact of budget_exceeded
    new ProtocolViolation({ code: "budget_exceeded", message: "m", data: { ...budget, limits: 5 } });
    // @ts-expect-error a code without facts takes none
    new ProtocolViolation({ code: "session_ended", message: "m", data: { state: "done" } });
  });

  it("refuses a missing required field, or missing data", () => {
    // @ts-expect-error `requested` is missing
    new ProtocolViolation({ code: "budget_exceeded", message: "m", data: { dimension: "toolCalls", limit: 1, used: 1, scope: "run" } });
    // @ts-expect-error budget_exceeded has required facts
    new ProtocolViolation({ code: "budget_exceeded", message: "m" });
  });

  it("refuses a fact of the wrong type", () => {
    // @ts-expect-error `limit` is a number
    new ProtocolViolation({ code: "budget_exceeded", message: "m", data: { ...budget, limit: "500" } });
    // @ts-expect-error `dimension` is a BudgetDimension
    new ProtocolViolation({ code: "budget_exceeded", message: "m", data: { ...budget, dimension: "dollars" } });
    // @ts-expect-error not a violation code
    new ProtocolViolation({ code: "tool_not_alowed", message: "m" });
  });
});
