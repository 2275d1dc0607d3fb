/**
 * The ESLint plugin's rules under typescript-eslint's RuleTester, with typed linting (the
 * project service) over test/fixtures/eslint-plugin: each case is the text of file.ts, whose
 * agent classes extend RefundAgent from refund-agent.ts, another file of the same program.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { RuleTester } from "@typescript-eslint/rule-tester";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";
import plugin from "../../analyzer/eslint-plugin/index.js";

// the first case builds the typed program (the fixture imports the library's sources): ~10 s, more on a busy machine
const TIMEOUT_MS = 120_000;
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = (name, fn) => it(name, fn, TIMEOUT_MS);

const fixtures = join(fileURLToPath(new URL(".", import.meta.url)), "../fixtures/eslint-plugin");
const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: fixtures } },
});
const filename = join(fixtures, "file.ts");
const rule = (id: string) => plugin.rules[id] as never;

const imports = `import { defineProtocol } from "../../../src/index.js";
import { enforce, tool } from "../../../decorators/index.js";
import { RefundAgent } from "./refund-agent.js";
import { refundProtocol } from "./refund-protocol.js";
`;
/** issue_refund right after lookup_booking: skips the confirmation RefundAgent's protocol requires. */
const fastProtocol = `
const fastProtocol = defineProtocol({
  ...refundProtocol.config,
  name: "fast-refund",
  states: { ...refundProtocol.config.states, booked: { on: { issue_refund: { ok: "refunded" }, end_conversation: { ok: "done" } } } },
});
`;
/** No early exit: refines the parent. */
const strictProtocol = `
const strictProtocol = defineProtocol({
  ...refundProtocol.config,
  name: "strict-refund",
  states: { ...refundProtocol.config.states, booked: { on: { request_confirmation: { sent: "awaiting" } } } },
});
`;

describe("concordat/protocol-weakening", () => {
  ruleTester.run("protocol-weakening", rule("protocol-weakening"), {
    valid: [
      {
        name: "a subclass enforcing a stricter protocol",
        filename,
        code: `${imports}${strictProtocol}\n@enforce(strictProtocol)\nexport class StrictAgent extends RefundAgent {}\n`,
      },
      {
        name: "a subclass inheriting the protocol",
        filename,
        code: `${imports}\nexport class PoliteAgent extends RefundAgent {\n  greet() {\n    return "hello";\n  }\n}\n`,
      },
      {
        name: "suppressed with a reason",
        filename,
        code: `${imports}${fastProtocol}\n// concordat-disable-next-line protocol-weakening -- demo of the shortcut, never deployed\n@enforce(fastProtocol)\nexport class FastRefundAgent extends RefundAgent {}\n`,
      },
    ],
    invalid: [
      {
        name: "a weakened subclass whose parent is in another file",
        filename,
        code: `${imports}${fastProtocol}\n@enforce(fastProtocol)\nexport class FastRefundAgent extends RefundAgent {}\n`,
        errors: [{ messageId: "protocolWeakening", line: 12, column: 2, endLine: 12, endColumn: 23 }],
      },
      {
        name: "a suppression without a reason suppresses nothing",
        filename,
        code: `${imports}${fastProtocol}\n// concordat-disable-next-line protocol-weakening\n@enforce(fastProtocol)\nexport class FastRefundAgent extends RefundAgent {}\n`,
        errors: [{ messageId: "protocolWeakening", line: 13, column: 2 }],
      },
    ],
  });
});

describe("concordat/bypass-call", () => {
  ruleTester.run("bypass-call", rule("bypass-call"), {
    valid: [
      {
        name: "refunding through the tool",
        filename,
        code: `${imports}\nexport class GoodwillAgent extends RefundAgent {\n  async apologize(id: string) {\n    return this.issueRefund({ id, amount: 5 });\n  }\n}\n`,
      },
      {
        name: "an unrelated payment gateway call outside agents",
        filename,
        code: `import { PaymentGateway } from "./payments.js";\n\nexport const settle = (g: PaymentGateway) => g.refunded.length;\n`,
      },
    ],
    invalid: [
      {
        name: "a subclass method reaching the refund effect around the tool",
        filename,
        code: `${imports}\nexport class GoodwillAgent extends RefundAgent {\n  async apologize(id: string) {\n    await this.payments.refund(id, 5);\n  }\n}\n`,
        errors: [{ messageId: "bypassCall", line: 8, column: 11 }],
      },
      {
        name: "through a helper, reported where the helper reaches the effect",
        filename,
        code: `${imports}\nexport class GoodwillAgent extends RefundAgent {\n  async apologize(id: string) {\n    await this.compensate(id);\n  }\n\n  private async compensate(id: string) {\n    await this.payments.refund(id, 5);\n  }\n}\n`,
        errors: [{ messageId: "bypassCall", line: 12, column: 11 }],
      },
    ],
  });
});

describe("concordat/unguarded-override", () => {
  ruleTester.run("unguarded-override", rule("unguarded-override"), {
    valid: [
      {
        name: "an override that calls super",
        filename,
        code: `${imports}\nexport class LoudAgent extends RefundAgent {\n  override async issueRefund(args: { id: string; amount: number }) {\n    console.log("refunding");\n    return super.issueRefund(args);\n  }\n}\n`,
      },
    ],
    invalid: [
      {
        name: "an arrow-function property replacing the guarded method",
        filename,
        code: `${imports}\nexport class SneakyAgent extends RefundAgent {\n  // @ts-ignore\n  override issueRefund = async (args: { id: string; amount: number }) => {\n    await this.payments.refund(args.id, args.amount);\n  };\n}\n`,
        errors: [{ messageId: "unguardedOverride", line: 8, column: 12 }],
      },
    ],
  });
});

describe("concordat/dynamic-dispatch", () => {
  ruleTester.run("dynamic-dispatch", rule("dynamic-dispatch"), {
    valid: [
      {
        name: "a literal element access",
        filename,
        code: `${imports}\nexport class DirectAgent extends RefundAgent {\n  async go() {\n    return this["issueRefund"]({ id: "x", amount: 1 });\n  }\n}\n`,
      },
    ],
    invalid: [
      {
        name: "a guarded tool reached through a computed name",
        filename,
        code: `${imports}\nexport class RouterAgent extends RefundAgent {\n  async dispatch(name: string, args: unknown) {\n    return (this as any)[name](args);\n  }\n}\n`,
        errors: [{ messageId: "dynamicDispatch", line: 8, column: 12 }],
      },
    ],
  });
});

describe("concordat/unknown-tool", () => {
  ruleTester.run("unknown-tool", rule("unknown-tool"), {
    valid: [
      {
        name: "a plain helper method",
        filename,
        code: `${imports}\nexport class HelperAgent extends RefundAgent {\n  describe() {\n    return "refunds";\n  }\n}\n`,
      },
    ],
    invalid: [
      {
        name: "a @tool method the protocol does not declare",
        filename,
        code: `${imports}\nexport class VoucherAgent extends RefundAgent {\n  @tool()\n  async send_voucher() {\n    return "sent";\n  }\n}\n`,
        errors: [{ messageId: "unknownTool", line: 7, column: 4 }],
      },
    ],
  });
});

describe("concordat/invalid-suppression", () => {
  ruleTester.run("invalid-suppression", rule("invalid-suppression"), {
    valid: [
      {
        name: "a suppression with a known rule and a reason",
        filename,
        code: `${imports}${fastProtocol}\n// concordat-disable-next-line protocol-weakening -- demo only\n@enforce(fastProtocol)\nexport class FastRefundAgent extends RefundAgent {}\n`,
      },
    ],
    invalid: [
      {
        name: "no reason, and an unknown rule",
        filename,
        code: `${imports}\n// concordat-disable-next-line protocol-weakening\nexport class A extends RefundAgent {}\n// concordat-disable-next-line no-such-rule -- typo\nexport class B extends RefundAgent {}\n`,
        errors: [
          { messageId: "invalidSuppression", line: 6, column: 1 },
          { messageId: "invalidSuppression", line: 8, column: 1 },
        ],
      },
    ],
  });
});

describe("without type information", () => {
  it("fails with the fix, instead of reporting nothing", async () => {
    const { Linter } = await import("eslint");
    const linter = new Linter({ configType: "flat" });
    const config = [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { concordat: plugin },
        rules: { "concordat/protocol-weakening": "error" as const },
      },
    ];
    expect(() => linter.verify("export class A {}\n", config, filename)).toThrow(
      /concordat\/protocol-weakening needs type information.*Fix: lint TypeScript files with typescript-eslint's parser and languageOptions\.parserOptions\.projectService: true/s,
    );
  });

  it("the recommended config turns every analyzer rule on as an error, with the same docs page as SARIF's helpUri", async () => {
    const { ruleMetas } = await import("../../analyzer/rules/index.js");
    const { format } = await import("../../analyzer/formatters/index.js");
    expect(plugin.configs.recommended.rules).toEqual(Object.fromEntries(ruleMetas.map((m) => [`concordat/${m.id}`, "error"])));
    const sarif = JSON.parse(
      format({ diagnostics: [], summary: { files: 0, classes: 0, protocols: 0, errors: 0, warnings: 0, durationMs: 0 }, cwd: "/" }, "sarif"),
    ) as { runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[] };
    for (const r of sarif.runs[0]!.tool.driver.rules) expect(plugin.rules[r.id]!.meta!.docs!.url).toBe(r.helpUri);
  });

  it("every rule's docs link names a page in docs/rules/ that opens with the rule's description", async () => {
    const { readFileSync } = await import("node:fs");
    const { ruleMetas } = await import("../../analyzer/rules/index.js");
    const { RULE_DOCS_BASE } = await import("../../analyzer/rules/rule-docs.js");
    const flat = (s: string) => s.replace(/`/g, "").replace(/\s+/g, " ").trim();
    for (const m of ruleMetas) {
      const url = plugin.rules[m.id]!.meta!.docs!.url!;
      expect(url.startsWith(RULE_DOCS_BASE)).toBe(true);
      const page = readFileSync(join(fixtures, "../../../docs/rules", url.slice(RULE_DOCS_BASE.length)), "utf8");
      expect(page.startsWith(`# \`${m.id}\``)).toBe(true);
      expect(flat(page)).toContain(flat(m.description));
    }
  });
});
