import { describe, it, expectTypeOf } from "vitest";
import type { ConfirmationRequest, RequestOptions } from "../../src/confirmation/confirmation-policy.js";
import { Session } from "../../src/runtime/session.js";
import { paymentsProtocol } from "./fixtures.js";

describe("request rounds: types", () => {
  it("requestConfirmations returns one request per call, each with its round", () => {
    const s = new Session(paymentsProtocol);
    expectTypeOf(s.requestConfirmations([{ name: "pay", arguments: { account: "A1", amount: 5 } }])).toEqualTypeOf<ConfirmationRequest[]>();
    expectTypeOf<ConfirmationRequest["round"]>().toEqualTypeOf<number>();
  });
  it("requestConfirmation takes the round options", () => {
    expectTypeOf<RequestOptions>().toHaveProperty("together").toEqualTypeOf<boolean | undefined>();
    expectTypeOf<RequestOptions>().toHaveProperty("newRound").toEqualTypeOf<boolean | undefined>();
    const s = new Session(paymentsProtocol);
    // @ts-expect-error round options are booleans
    s.requestConfirmation({ name: "pay", arguments: {} }, { together: "yes" });
  });
});
