import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RefundAgent } from "../../examples/refund/refund-agent.js";
import { configureSession, sessionOf, tool } from "../../decorators/index.js";
import { claimRegistryWriter } from "../../decorators/registry.js";
import { errorClasses } from "../../scripts/errors-doc.js";
import { confirmationApi } from "../../src/adapters/confirmation-access.js";
import { ConcordatError } from "../../src/errors/concordat-error.js";
import { ConfigurationError } from "../../src/errors/configuration-error.js";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { registerEnforceHook } from "../../src/protocol/enforce-hook.js";
import { Session } from "../../src/runtime/session.js";

const chat = defineProtocol({
  name: "chat",
  initial: "open",
  terminal: ["closed"],
  tools: { close: { input: z.object({}), effect: "read" } },
  states: { open: { on: { close: { ok: "closed" } } }, closed: {} },
});

/** Runs `f` and returns what it throws. */
function thrownBy(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected the call to throw, but it returned");
}

describe("every library error class shares the ConcordatError base", () => {
  const classes = errorClasses();

  it("finds the error classes of src/, decorators/ and analyzer/ (the scan itself works)", () => {
    const names = classes.map((c) => c.name);
    for (const known of ["ConcordatError", "ProtocolViolation", "SessionNotFoundError", "AdapterSetupError", "CheckConfigError", "CanonicalJsonError"])
      expect(names).toContain(known);
    expect(classes.length).toBeGreaterThanOrEqual(25);
  });

  it("each extends ConcordatError (directly or through another library error) and has a code; CanonicalJsonError is the one TypeError", () => {
    const problems: string[] = [];
    for (const c of classes) {
      if (c.name === "ConcordatError") continue;
      if (c.name === "CanonicalJsonError") {
        // an invalid argument: a TypeError by the rule in docs/api.md, with a code like the others
        if (c.base !== "TypeError" || JSON.stringify(c.codes) !== '["not_canonical_json"]')
          problems.push(`${c.name}: expected a TypeError with code not_canonical_json, got ${c.base} with ${JSON.stringify(c.codes)}`);
        continue;
      }
      if (["Error", "TypeError", "RangeError"].includes(c.base))
        problems.push(`${c.name} (${c.file}) extends ${c.base}: extend ConcordatError with a stable code`);
      if (c.codes === "none" || (Array.isArray(c.codes) && c.codes.length === 0)) problems.push(`${c.name} (${c.file}) has no code`);
    }
    expect(problems).toEqual([]);
  });

  it("codes are snake_case", () => {
    const bad = classes.flatMap((c) =>
      Array.isArray(c.codes) ? c.codes.filter((code) => !/^[a-z]+(_[a-z]+)*$/.test(code)).map((code) => `${c.name}: ${code}`) : [],
    );
    expect(bad).toEqual([]);
  });
});

describe("setup mistakes throw ConfigurationError with a code naming them", () => {
  it("policy_conflict: two policies under one key", () => {
    const s = new Session(chat);
    s.use({ key: "audit" });
    const e = thrownBy(() => s.use({ key: "audit" }));
    expect(e).toBeInstanceOf(ConfigurationError);
    expect(e).toBeInstanceOf(ConcordatError);
    expect(e).toMatchObject({ code: "policy_conflict", message: expect.stringMatching(/already has a policy "audit".*Fix:/) });
  });

  it("confirmation_not_configured: confirmation asked of a session without a confirmation policy (session and adapters)", () => {
    const s = new Session(chat);
    expect(thrownBy(() => s.confirmationPolicy())).toMatchObject({
      name: "ConfigurationError",
      code: "confirmation_not_configured",
      message: expect.stringMatching(/has no confirmation policy.*Fix:/),
    });
    const bare = { id: "s1", protocol: { name: "chat" } } as unknown as Session<any>;
    expect(thrownBy(() => confirmationApi(bare))).toMatchObject({
      name: "ConfigurationError",
      code: "confirmation_not_configured",
      message: expect.stringMatching(/has no confirmation API.*Fix:/),
    });
  });

  it("model_missing: an Agent asked to step without a model", async () => {
    const error = await new RefundAgent().step("hi").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: "model_missing" });
  });

  it("session_already_set: configureSession after the instance got its session", () => {
    const agent = new RefundAgent();
    sessionOf(agent);
    expect(thrownBy(() => configureSession(agent, {}))).toMatchObject({
      name: "ConfigurationError",
      code: "session_already_set",
      message: expect.stringMatching(/already has a session\. Fix:/),
    });
  });

  it("decorators_tampered: a second claim on the decorators' registry writer, or a second enforce hook", () => {
    expect(thrownBy(() => claimRegistryWriter())).toMatchObject({ name: "ConfigurationError", code: "decorators_tampered" });
    expect(thrownBy(() => registerEnforceHook(() => () => undefined))).toMatchObject({ name: "ConfigurationError", code: "decorators_tampered" });
  });

  it("decorators_not_loaded: @protocol.enforce before concordat/decorators was imported, or @tool without Symbol.metadata", async () => {
    // a fresh copy of the hook module, as in a program that never imported concordat/decorators
    const fresh: string = "../../src/protocol/enforce-hook.js?never-loaded";
    const hook = (await import(fresh)) as typeof import("../../src/protocol/enforce-hook.js");
    expect(thrownBy(() => hook.enforceDecoratorFor(chat))).toMatchObject({
      name: "ConfigurationError",
      code: "decorators_not_loaded",
      message: expect.stringContaining('import "concordat/decorators"'),
    });
    const context = {
      kind: "method",
      name: "close",
      static: false,
      private: false,
      metadata: undefined,
      addInitializer: () => undefined,
      access: { has: () => true, get: () => undefined },
    };
    expect(thrownBy(() => (tool() as (value: unknown, context: unknown) => unknown)(function close() {}, context))).toMatchObject({
      name: "ConfigurationError",
      code: "decorators_not_loaded",
    });
  });
});
