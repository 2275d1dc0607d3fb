import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineProtocol } from "../../src/protocol/define-protocol.js";
import { DEFINITION_ISSUE_CODES, ProtocolDefinitionError, type DefinitionIssue } from "../../src/protocol/definition-error.js";

/** Every issue code the tests below produced. */
const produced = new Set<string>();

/** Defines a protocol from untyped input (as a JavaScript caller would) and returns its issues. */
function issuesOf(def: unknown): readonly DefinitionIssue[] {
  try {
    defineProtocol(def as never);
  } catch (e) {
    if (e instanceof ProtocolDefinitionError) {
      for (const i of e.issues) produced.add(i.code);
      return e.issues;
    }
    throw e;
  }
  throw new Error("expected a ProtocolDefinitionError");
}

const read = (outcomes?: string[]) => ({ input: z.object({}), effect: "read", ...(outcomes ? { outcomes } : {}) });
const base = {
  name: "p",
  initial: "a",
  terminal: ["done"],
  tools: { go: read(), end: read() },
  states: { a: { on: { go: { ok: "b" } } }, b: { on: { end: { ok: "done" } } }, done: {} },
};

describe("definition-time validation", () => {
  it("accepts a well-formed protocol", () => {
    expect(() => defineProtocol(base as never)).not.toThrow();
  });

  it("invalid_name", () => {
    expect(issuesOf({ ...base, name: "" })).toMatchInlineSnapshot(`
      [
        {
          "code": "invalid_name",
          "message": "Protocol name "" is not a non-empty string. Fix: give the protocol a name, e.g. name: "refund".",
          "path": [
            "name",
          ],
        },
      ]
    `);
  });

  it("unknown_initial_state", () => {
    expect(issuesOf({ ...base, initial: "A" })).toMatchInlineSnapshot(`
      [
        {
          "code": "unknown_initial_state",
          "message": "Protocol "p": initial state "A" is not declared in states. Did you mean "a"? Fix: declare it under states or pick one of: a, b, done.",
          "path": [
            "initial",
          ],
        },
      ]
    `);
  });

  it("unknown_terminal_state", () => {
    expect(issuesOf({ ...base, terminal: ["done", "finished"] })).toMatchInlineSnapshot(`
      [
        {
          "code": "unknown_terminal_state",
          "message": "Protocol "p": terminal state "finished" is not declared in states. Fix: declare states.finished = {} or remove it from terminal.",
          "path": [
            "terminal",
            1,
          ],
        },
      ]
    `);
  });

  it("unknown_target_state", () => {
    const def = { ...base, states: { ...base.states, a: { on: { go: { ok: "bb" } } }, b: { on: { end: { ok: "done" } } } } };
    const issues = issuesOf(def);
    // the broken edge also cuts b and done off from a
    expect(issues.map((i) => i.code)).toEqual(["unknown_target_state", "unreachable_state", "unreachable_state", "no_path_to_terminal"]);
    expect(issues[0]).toMatchInlineSnapshot(`
      {
        "code": "unknown_target_state",
        "message": "Protocol "p": state "a", tool "go", outcome "ok" goes to "bb", which is not a declared state. Fix: declare it under states or target one of: a, b, done.",
        "path": [
          "states",
          "a",
          "on",
          "go",
          "ok",
        ],
      }
    `);
  });

  it("unknown_tool", () => {
    const issues = issuesOf({ ...base, states: { ...base.states, b: { on: { end: { ok: "done" }, refund: { ok: "done" } } } } });
    expect(issues).toMatchInlineSnapshot(`
      [
        {
          "code": "unknown_tool",
          "message": "Protocol "p": state "b" allows tool "refund", which is not declared in tools. Fix: declare tools.refund or remove it from this state.",
          "path": [
            "states",
            "b",
            "on",
            "refund",
          ],
        },
      ]
    `);
  });

  it("unknown_outcome", () => {
    const issues = issuesOf({ ...base, states: { ...base.states, a: { on: { go: { ok: "b", failed: "a" } } } } });
    expect(issues).toMatchInlineSnapshot(`
      [
        {
          "code": "unknown_outcome",
          "message": "Protocol "p": state "a" has a transition for outcome "failed" of "go", which "go" does not declare (it declares "ok"). Fix: add "failed" to tools.go.outcomes or remove the transition.",
          "path": [
            "states",
            "a",
            "on",
            "go",
            "failed",
          ],
        },
      ]
    `);
  });

  it("missing_outcome_transition", () => {
    const issues = issuesOf({
      ...base,
      tools: { ...base.tools, go: read(["found", "not_found"]) },
      states: { ...base.states, a: { on: { go: { found: "b" } } } },
    });
    expect(issues).toMatchInlineSnapshot(`
      [
        {
          "code": "missing_outcome_transition",
          "message": "Protocol "p": state "a" allows "go" but says nothing for its outcome "not_found". Fix: add not_found: "<next state>" under states.a.on.go.",
          "path": [
            "states",
            "a",
            "on",
            "go",
            "not_found",
          ],
        },
      ]
    `);
  });

  it("unreachable_state", () => {
    const issues = issuesOf({ ...base, states: { ...base.states, orphan: { on: { end: { ok: "done" } } } } });
    expect(issues).toMatchInlineSnapshot(`
      [
        {
          "code": "unreachable_state",
          "message": "Protocol "p": state "orphan" cannot be reached from the initial state "a". Fix: add a transition into it or remove it.",
          "path": [
            "states",
            "orphan",
          ],
        },
      ]
    `);
  });

  it("no_path_to_terminal", () => {
    const issues = issuesOf({ ...base, states: { ...base.states, b: { on: { end: { ok: "b" } } }, a: { on: { go: { ok: "b" }, end: { ok: "done" } } } } });
    expect(issues).toMatchInlineSnapshot(`
      [
        {
          "code": "no_path_to_terminal",
          "message": "Protocol "p": no terminal state (done) can be reached from state "b", so a session there can never end. Fix: add a transition from "b" toward a terminal state.",
          "path": [
            "states",
            "b",
          ],
        },
      ]
    `);
  });

  it("terminal_state_has_tools", () => {
    const issues = issuesOf({ ...base, states: { ...base.states, done: { on: { go: { ok: "done" } } } } });
    expect(issues).toMatchInlineSnapshot(`
      [
        {
          "code": "terminal_state_has_tools",
          "message": "Protocol "p": terminal state "done" allows tools "go". Fix: remove them, or remove "done" from terminal.",
          "path": [
            "states",
            "done",
            "on",
          ],
        },
      ]
    `);
  });

  it("state_without_tools", () => {
    const issues = issuesOf({ ...base, states: { ...base.states, b: {} } });
    // b is a dead end, so done is unreachable and neither a nor b can finish
    expect(issues.map((i) => i.code)).toEqual(["state_without_tools", "unreachable_state", "no_path_to_terminal", "no_path_to_terminal"]);
    expect(issues[0]).toMatchInlineSnapshot(`
      {
        "code": "state_without_tools",
        "message": "Protocol "p": state "b" is not terminal and allows no tools, so a session there is stuck. Fix: allow a tool in it (e.g. one that ends the conversation) or add "b" to terminal.",
        "path": [
          "states",
          "b",
        ],
      }
    `);
  });

  it("duplicate_name", () => {
    const issues = issuesOf({ ...base, terminal: ["done", "done"] });
    expect(issues).toMatchInlineSnapshot(`
      [
        {
          "code": "duplicate_name",
          "message": "Protocol "p": terminal state "done" is listed twice. Fix: remove the duplicate.",
          "path": [
            "terminal",
            1,
          ],
        },
      ]
    `);
    expect(issuesOf({ ...base, tools: { ...base.tools, go: read(["ok", "ok"]) } }).map((i) => i.code)).toEqual(["duplicate_name"]);
  });

  it("invalid_tool", () => {
    const issues = issuesOf({ ...base, tools: { ...base.tools, go: { effect: "delete" } } });
    expect(issues).toMatchInlineSnapshot(`
      [
        {
          "code": "invalid_tool",
          "message": "Protocol "p": tool "go" has no zod input schema. Fix: set input: z.object({...}) (z.object({}) for no arguments).",
          "path": [
            "tools",
            "go",
            "input",
          ],
        },
        {
          "code": "invalid_tool",
          "message": "Protocol "p": tool "go" has effect "delete". Fix: use "read" or "write".",
          "path": [
            "tools",
            "go",
            "effect",
          ],
        },
      ]
    `);
  });

  it("invalid_tool: subjects, confirmationTtlMs and assumeRefinement that cannot mean anything", () => {
    const write = (extra: object) => ({ input: z.object({}), effect: "write", ...extra });
    const issues = issuesOf({
      ...base,
      tools: {
        ...base.tools,
        go: write({ requiresConfirmation: true, subjects: "id", confirmationTtlMs: -5, assumeRefinement: " " }),
        end: write({ confirmationTtlMs: 1000 }),
      },
    });
    expect(issues.map((i) => [i.code, i.path.join(".")])).toEqual([
      ["invalid_tool", "tools.go.subjects"],
      ["invalid_tool", "tools.go.confirmationTtlMs"],
      ["invalid_tool", "tools.go.assumeRefinement"],
      ["invalid_tool", "tools.end.confirmationTtlMs"],
    ]);
    expect(issues[1]!.message).toBe(
      'Protocol "p": tool "go" has confirmationTtlMs -5. Fix: a positive number of milliseconds, e.g. confirmationTtlMs: 5 * 60_000.',
    );
    expect(issues[3]!.message).toContain("sets confirmationTtlMs but does not require confirmation");
  });

  it("reports every problem at once, and the error message lists them", () => {
    let err: unknown;
    try {
      defineProtocol({ name: "many", initial: "x", terminal: ["y"], tools: {}, states: { a: {} } } as never);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ProtocolDefinitionError);
    const e = err as ProtocolDefinitionError;
    expect(e.issues.map((i) => i.code)).toEqual(["unknown_initial_state", "unknown_terminal_state", "state_without_tools"]);
    expect(e.message).toContain('Protocol "many" has 3 problems');
  });

  it("the tests above produced every issue code", () => {
    // keeps this file honest when a code is added
    expect([...DEFINITION_ISSUE_CODES].filter((c) => !produced.has(c))).toEqual([]);
  });
});
