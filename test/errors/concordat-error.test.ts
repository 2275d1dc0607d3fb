import { describe, expect, it } from "vitest";
import { ConcordatError } from "../../src/errors/concordat-error.js";
import { ProtocolViolation } from "../../src/violation/protocol-violation.js";

class ThingMissing extends ConcordatError<"thing_missing"> {
  constructor(readonly thing: string) {
    super("thing_missing", `No thing "${thing}". Fix: create it first.`);
    this.name = "ThingMissing";
  }
}

describe("ConcordatError", () => {
  it("carries its code, message and name, and a cause only when given one", () => {
    const plain = new ConcordatError("some_code", "what went wrong");
    expect(plain).toBeInstanceOf(Error);
    expect([plain.code, plain.message, plain.name]).toEqual(["some_code", "what went wrong", "ConcordatError"]);
    expect("cause" in plain).toBe(false);
    const root = new Error("disk full");
    expect(new ConcordatError("some_code", "m", { cause: root }).cause).toBe(root);
    expect("cause" in new ConcordatError("some_code", "m", { cause: undefined })).toBe(true);
  });

  it("subclasses are ConcordatErrors; instanceof a subclass is the prototype check", () => {
    const e = new ThingMissing("x");
    expect(e).toBeInstanceOf(ConcordatError);
    expect(e).toBeInstanceOf(ThingMissing);
    expect(e.code).toBe("thing_missing");
    expect(new ConcordatError("thing_missing", "m")).not.toBeInstanceOf(ThingMissing);
    expect(new Error("m")).not.toBeInstanceOf(ConcordatError);
    expect(Object.assign(new Error("m"), { code: "thing_missing" })).not.toBeInstanceOf(ConcordatError);
    expect(null).not.toBeInstanceOf(ConcordatError);
  });

  it("instanceof ConcordatError holds for an error from another copy of the package", async () => {
    // the same file under another module id: a second module instance, as a duplicate install would load
    const secondCopy: string = "../../src/errors/concordat-error.js?second-copy";
    const copy = (await import(secondCopy)) as typeof import("../../src/errors/concordat-error.js");
    expect(copy.ConcordatError).not.toBe(ConcordatError);
    const foreign = new copy.ConcordatError("some_code", "m");
    expect(Object.getPrototypeOf(foreign)).not.toBe(ConcordatError.prototype);
    expect(foreign).toBeInstanceOf(ConcordatError);
    expect(new ConcordatError("c", "m")).toBeInstanceOf(copy.ConcordatError);
  });

  it("ProtocolViolation is a ConcordatError whose code is the violation code; its JSON and model text are unchanged", () => {
    const v = new ProtocolViolation({
      code: "guard_failed",
      message: "not in stock",
      protocol: "shop",
      state: "chosen",
      tool: "buy",
      arguments: { sku: "a" },
      allowedTools: ["close"],
      data: { guard: "in_stock" },
    });
    expect(v).toBeInstanceOf(ConcordatError);
    expect(v.code).toBe("guard_failed");
    expect(v.name).toBe("ProtocolViolation");
    expect(v.toJSON()).toEqual({
      name: "ProtocolViolation",
      code: "guard_failed",
      message: "not in stock",
      protocol: "shop",
      state: "chosen",
      sessionId: undefined,
      tool: "buy",
      arguments: { sku: "a" },
      allowedTools: ["close"],
      data: { guard: "in_stock" },
      hint: undefined,
    });
    expect(Object.keys(v.toJSON())).toEqual(["name", "code", "message", "protocol", "state", "sessionId", "tool", "arguments", "allowedTools", "data", "hint"]);
    expect(v.toModelMessage()).toBe("Tool call refused (guard_failed): not in stock\nTools you may call now: close.");
    expect(new ProtocolViolation({ code: "session_ended", message: "ended" }).data).toEqual({});
  });
});
