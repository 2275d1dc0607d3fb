import { base } from "./fixtures.js";
import { errorAt, ruleTable, type Files } from "./harness.js";

const extraTool: Files = {
  ...base,
  "refund-agent.ts": base["refund-agent.ts"].replace(
    "  @tool()\n  async end_conversation",
    `  @tool()\n  async wire_money() {}\n\n  @tool()\n  async end_conversation`,
  ),
};
const typo: Files = { ...base, "refund-agent.ts": base["refund-agent.ts"].replace(`@tool("issue_refund")`, `@tool("issue_refnud")`) };
const missing: Files = { ...base, "refund-agent.ts": base["refund-agent.ts"].replace(`  @tool()\n  async end_conversation() {\n    return "bye";\n  }\n`, "") };
const noProtocol: Files = { "plain.ts": `import { tool } from "concordat/decorators";\n\nexport class Plain {\n  @tool()\n  async ping() {}\n}\n` };

const namedForms: Files = {
  ...base,
  "refund-agent.ts": base["refund-agent.ts"]
    .replace(
      `import { Agent, enforce, tool } from "concordat/decorators";`,
      `import { Agent, enforce, tool, toolFor } from "concordat/decorators";\nconst refundTool = toolFor(refundProtocol);`,
    )
    .replace(`@tool("issue_refund")`, `@refundTool("issue_refund")`)
    .replace(`  @tool()\n  async receive_message`, `  @tool({ name: "receive_message" })\n  async receiveMessage`),
};
const abstractBase: Files = {
  ...base,
  "refund-agent.ts": base["refund-agent.ts"].replace(`  @tool()\n  async end_conversation() {\n    return "bye";\n  }\n`, ""),
  "concrete.ts": `import { tool } from "concordat/decorators";\nimport { RefundAgent } from "./refund-agent.js";\n\nexport class ConcreteAgent extends RefundAgent {\n  @tool()\n  async end_conversation() {\n    return "bye";\n  }\n}\n`,
};

ruleTable("unknown-tool", {
  valid: [
    { name: '@tool("name"), @tool({ name }) and toolFor(protocol)("name")', files: namedForms },
    { name: "a tool implemented by a subclass of the decorated class", files: abstractBase },
  ],
  invalid: [
    {
      name: "a @tool method the protocol does not declare",
      files: extraTool,
      errors: [errorAt(extraTool, "refund-agent.ts", "tool()\n  async wire_money", { message: /wire_money/ })],
    },
    {
      name: "a misspelled tool name (and the real tool is then missing)",
      files: typo,
      errors: [
        errorAt(typo, "refund-agent.ts", "enforce(refundProtocol)", { message: /declares tool "issue_refund"/ }),
        errorAt(typo, "refund-agent.ts", `tool("issue_refnud")`, { message: /issue_refnud/ }),
      ],
    },
    {
      name: "a protocol tool nobody implements",
      files: missing,
      errors: [errorAt(missing, "refund-agent.ts", "enforce(refundProtocol)", { message: /end_conversation/ })],
    },
    { name: "@tool in a class without a protocol", files: noProtocol, errors: [errorAt(noProtocol, "plain.ts", "tool()")] },
  ],
});
